/**
 * A hint for a person (issue 26): the decision the strongest available level
 * (src/rulesets/shieldwall/ai/levels.ts) would take for the person's side now, with the engine's
 * own description of it and its odds where the engine has them. Worked out in the worker. The
 * computer sees only what the person's side sees: the state is determinized for that side first
 * (the god pile reshuffled, the other side's duel cards dealt afresh), seeded from public facts.
 */
import { Random } from "../../../src/core/random.js";
import { shieldwallPlayers, strongestShieldwallLevel } from "../../../src/rulesets/shieldwall/ai/index.js";
import { battleGame, type BattleDecision, type BattleState, decisionProblem, describeDecision, type Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { decisionOdds } from "../../../src/rulesets/shieldwall/battle/decision-odds.js";
import { type OddsView, oddsView } from "./odds-view.js";

export interface HintView {
  side: Side;
  /** The level that gave it and the player that plays that level. */
  level: string;
  player: string;
  decision: BattleDecision;
  /** The engine's description of the decision (the rules' words). */
  text: string;
  odds: OddsView | null;
  /** Thinking time, in milliseconds. */
  ms: number;
}

/** The hint for `side` in `state`, or the reason there is none. */
export function hintFor(state: BattleState, side: Side, seed: number, now: () => number = () => performance.now()): HintView | { problem: string } {
  if (state.result) return { problem: "the battle is over" };
  if (battleGame.toMove(state) !== side) return { problem: `it is not ${side}'s decision` };
  const level = strongestShieldwallLevel();
  const seen = battleGame.determinize ? battleGame.determinize(state, side, Random.fromSeed(seed, state.decisions)) : state;
  const t0 = now();
  const decision = shieldwallPlayers[level.player].make(seed).choose(seen, side);
  const ms = now() - t0;
  // A decision taken on the side's own view must be legal in the battle itself.
  const problem = decisionProblem(state, side, decision);
  if (problem !== null) return { problem: `the ${level.level} level's choice is not legal here: ${problem}` };
  let odds: OddsView | null = null;
  try {
    const o = decisionOdds(state, decision);
    odds = o ? oddsView(o) : null;
  } catch {
    odds = null;
  }
  return { side, level: level.level, player: level.player, decision, text: describeDecision(decision), odds, ms };
}
