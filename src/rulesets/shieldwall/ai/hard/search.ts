/**
 * The `hard` player's search (issue 26): at a decision that matters it tries each candidate
 * (ai/hard/candidates.ts) in short determinized rollouts played by the commander for both sides,
 * scores where each ends with the static evaluation (ai/hard/evaluation.ts), and keeps the
 * commander's choice unless another candidate does clearly better on the same samples.
 *
 * - Hidden information: each rollout starts from `battleGame.determinize` (the god pile reshuffled,
 *   a fresh dice generator, an opponent's duel hand re-dealt), never from the true future.
 * - Common random numbers: in one round every candidate is played from the same determinized
 *   sample, so the comparison is paired and the noise of the dice largely cancels.
 * - Budget in work units: one unit per decision applied in a rollout. The budget is counted, never
 *   timed, so the same seed gives the same play on any machine (the engine never reads the clock).
 */
import { deriveSeed } from "../../../../core/records.js";
import { Random } from "../../../../core/random.js";
import type { Side } from "../../army.js";
import { battleGame } from "../../battle/game.js";
import type { BattleDecision, BattleState } from "../../battle/types.js";
import { commanderChoice, type CommanderOptions, DEFAULT_COMMANDER_OPTIONS } from "../commander.js";
import { candidatesFor, type CandidateOptions, DEFAULT_CANDIDATE_OPTIONS } from "./candidates.js";
import { DEFAULT_EVALUATION_WEIGHTS, type EvaluationWeights, positionValue } from "./evaluation.js";

export interface HardOptions extends CandidateOptions {
  /**
   * The commander's options on hard's own side: its choice at every decision it does not search,
   * candidate 0 where it does, and its own side in the rollouts (the enemy is modelled as the
   * default commander). Tuned on simulated battles against the default commander
   * (`npm run tune:commander`; docs/shieldwall/ai.md, "Tuning hard's commander").
   */
  commander: Partial<CommanderOptions>;
  /** Work units (rollout decisions) per searched decision. */
  budget: number;
  /** A rollout ends at the end of the current turn plus this many turns. */
  extraTurns: number;
  /** …or after this many decisions, whichever comes first. */
  rolloutCap: number;
  /**
   * Leave the commander's choice only for a candidate whose mean paired gain over it is at least
   * this many standard errors (the rollouts are few, so a small edge is mostly noise).
   */
  switchZ: number;
  /** …and only after at least this many rounds. */
  switchRounds: number;
  weights: EvaluationWeights;
}

/**
 * Hard's commander: let the enemy move first once the armies are close (the side moving second
 * chooses the engagements), spend no LPs guarding against challenges, rest every DP off before
 * advancing and prepare until turn 4 unless the enemy comes within 8" (signalling when ready).
 * Against the default commander these scored 66.9% over 480 battles (docs/shieldwall/ai.md).
 */
export const HARD_COMMANDER_OPTIONS: Partial<CommanderOptions> = {
  initiative: "second",
  guardChallenges: false,
  restAtDp: 0,
  advanceBy: 4,
  signal: "when-ready",
};

export const DEFAULT_HARD_OPTIONS: HardOptions = {
  ...DEFAULT_CANDIDATE_OPTIONS,
  commander: HARD_COMMANDER_OPTIONS,
  budget: 600,
  extraTurns: 0,
  rolloutCap: 150,
  switchZ: 1.5,
  switchRounds: 3,
  weights: DEFAULT_EVALUATION_WEIGHTS,
};

export interface CandidateStats {
  decision: BattleDecision;
  rollouts: number;
  /** Mean evaluation at the rollouts' ends, for the searching side. */
  mean: number;
  /** Mean paired gain over the commander's choice and its standard error. */
  gain: number;
  gainSe: number;
}

export interface HardSearch {
  best: BattleDecision;
  /** The commander's own choice (always candidate 0). */
  base: BattleDecision;
  candidates: CandidateStats[];
  /** Work units used (rollout decisions applied); never above the budget. */
  work: number;
  rounds: number;
}

/** Plays the commander for both sides from `state` to the horizon; returns the end state's value and the work done. */
function rollout(state: BattleState, side: Side, endTurn: number, cap: number, o: HardOptions, own: CommanderOptions): { value: number; work: number } {
  let s = state;
  let work = 0;
  for (let mover = battleGame.toMove(s); mover !== null && s.turn <= endTurn && work < cap; mover = battleGame.toMove(s)) {
    s = battleGame.apply(s, mover, commanderChoice(s, mover, mover === side ? own : DEFAULT_COMMANDER_OPTIONS, 0)).state;
    work++;
  }
  return { value: positionValue(s, side, o.weights), work };
}

/** Searches the pending decision of `side` (see the file comment). */
export function hardSearch(state: BattleState, side: Side, o: HardOptions = DEFAULT_HARD_OPTIONS, seed = 0): HardSearch {
  const legal = battleGame.legalMoves(state, side);
  if (legal.length === 0) throw new Error(`no legal decision for ${side}`);
  const own: CommanderOptions = { ...DEFAULT_COMMANDER_OPTIONS, ...o.commander };
  const base = commanderChoice(state, side, own, seed);
  const cands = candidatesFor(state, side, legal, base, o);
  const n = cands.length;
  const sums = new Array<number>(n).fill(0);
  const gainSums = new Array<number>(n).fill(0);
  const gainSquares = new Array<number>(n).fill(0);
  let work = 0;
  let rounds = 0;
  let roundCost = 0;
  const endTurn = state.turn + o.extraTurns;
  if (n > 1) {
    const rng = Random.fromSeed(deriveSeed(seed >>> 0, state.decisions), 3);
    for (;;) {
      // Stop before a round that would overrun the budget (a round costs about what the dearest one did).
      if (work + roundCost > o.budget || work + n > o.budget) break;
      const sample = battleGame.determinize!(state, side, rng);
      const before = work;
      const values: number[] = [];
      for (const d of cands) {
        const next = battleGame.apply(sample, side, d).state;
        work++;
        const r = rollout(next, side, endTurn, Math.max(0, Math.min(o.rolloutCap, o.budget - work - (n - values.length - 1))), o, own);
        work += r.work;
        values.push(r.value);
      }
      for (let i = 0; i < n; i++) {
        sums[i] += values[i];
        const g = values[i] - values[0];
        gainSums[i] += g;
        gainSquares[i] += g * g;
      }
      rounds++;
      roundCost = Math.max(roundCost, work - before);
    }
  }
  const candidates: CandidateStats[] = cands.map((d, i) => {
    const mean = rounds ? sums[i] / rounds : 0;
    const gain = rounds ? gainSums[i] / rounds : 0;
    const variance = rounds > 1 ? Math.max(0, (gainSquares[i] - rounds * gain * gain) / (rounds - 1)) : 0;
    return { decision: d, rollouts: rounds, mean, gain, gainSe: rounds ? Math.sqrt(variance / rounds) : 0 };
  });
  let best = base;
  let bestGain = 0;
  for (const c of candidates.slice(1)) {
    if (rounds >= Math.max(2, o.switchRounds) && c.gain > bestGain && c.gain >= o.switchZ * c.gainSe && c.gain > 1e-9) {
      best = c.decision;
      bestGain = c.gain;
    }
  }
  return { best, base, candidates, work, rounds };
}
