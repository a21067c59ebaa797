/**
 * The decisions the `hard` player searches, and the candidates it tries at each: the commander's
 * own choice first, then the alternatives worth a look, ordered and pruned by the commander's own
 * appraisals (the exact charge odds of `appraiseCharge`). Any other decision is left to the
 * commander (docs/shieldwall/ai.md, "The hard player").
 */
import type { Side } from "../../army.js";
import { closestEnemyLeader } from "../../battle/queries.js";
import type { BattleDecision, BattleState, MoveChoice } from "../../battle/types.js";
import type { FighterKind } from "../../duel/rules.js";
import { bestChallenge } from "../challenge.js";
import { appraiseCharge, contextOf } from "../view.js";

/** Which kinds of decision are searched, and how widely. */
export interface CandidateOptions {
  /** Charges: at most this many targets (best appraised first), besides the commander's and "no charge". */
  chargeTargets: number;
  /** Search challenges (a leader's lead decision while a challenge is offered) and answers to them. */
  challenges: boolean;
  /**
   * A challenge is tried only when the commander's own value of the duel (ai/challenge.ts, before
   * the lead actions it displaces) is at least this: a hopeless duel is not worth the rollouts.
   */
  challengeFloor: number;
  /** Search the holy person's call on the gods' card (SW-10). */
  holyCall: boolean;
  /** Search who acts first in the movement and combat phases (the initiative winner's choice). */
  initiative: boolean;
  /**
   * In the battle's last turn (the turn limit, ruling SW-25), search each unit's move: the
   * commander's, holding, closing on the enemy and turning away (rollouts to the end of that turn
   * end the battle, so they score the exact result).
   */
  lastTurnMoves: boolean;
}

export const DEFAULT_CANDIDATE_OPTIONS: CandidateOptions = { chargeTargets: 2, challenges: true, challengeFloor: 0, holyCall: true, initiative: true, lastTurnMoves: true };

function sameDecision(a: BattleDecision, b: BattleDecision): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function withBaseFirst(base: BattleDecision, others: BattleDecision[]): BattleDecision[] {
  const out = [base];
  for (const d of others) if (!out.some((o) => sameDecision(o, d))) out.push(d);
  return out;
}

/**
 * The candidates for the pending decision, the commander's choice (`base`) first; a single
 * candidate means the decision is not searched. Every candidate is one of `legal`.
 */
export function candidatesFor(state: BattleState, side: Side, legal: BattleDecision[], base: BattleDecision, o: CandidateOptions): BattleDecision[] {
  const p = state.pending;
  if (!p || legal.length <= 1) return [base];
  switch (p.kind) {
    case "charge": {
      const ctx = contextOf(state);
      const charger = ctx.unit(p.unit);
      const targets = legal
        .filter((d): d is Extract<BattleDecision, { type: "charge" }> => d.type === "charge" && d.target !== null)
        .map((d) => ({ d, value: appraiseCharge(ctx, charger, ctx.unit(d.target!)).value }))
        .sort((a, b) => b.value - a.value)
        .slice(0, o.chargeTargets)
        .map((t) => t.d);
      const none = legal.filter((d) => d.type === "charge" && d.target === null);
      return withBaseFirst(base, [...none, ...targets]);
    }
    case "answer": {
      if (!o.challenges) return [base];
      // The commander-in-chief risks the whole army in person (his death shakes it): only if the commander would.
      const chief = contextOf(state).leader(p.leader).commanderInChief;
      return withBaseFirst(
        base,
        legal.filter((d) => d.type === "answer" && !(chief && d.accept && d.fighter === "leader")),
      );
    }
    case "lead": {
      if (!o.challenges) return [base];
      const challenges = legal.filter((d): d is Extract<BattleDecision, { type: "lead"; action: "challenge" }> => d.type === "lead" && d.action === "challenge");
      if (challenges.length === 0) return [base];
      // With a challenge on offer: the commander's choice, the challenge with the fighter the
      // commander values most (if the duel is worth anything at all), and "done".
      const ctx = contextOf(state);
      const l = ctx.leader(p.leader);
      const target = closestEnemyLeader(ctx, l);
      const pick = target ? bestChallenge(ctx, l, challenges.map((d) => d.fighter as FighterKind), target) : null;
      const tried = pick !== null && pick.value >= o.challengeFloor ? challenges.filter((d) => d.fighter === pick.kind) : [];
      return withBaseFirst(base, [...tried, ...legal.filter((d) => d.type === "lead" && d.action === "done")]);
    }
    case "initiative": {
      if (!o.initiative) return [base];
      // Asked before each phase (option initiativeChoice "per-phase"): the next phase is the queue's head.
      const next = state.queue[0]?.t;
      return next === "movement" || next === "combat" ? withBaseFirst(base, legal) : [base];
    }
    case "holy-call":
      return o.holyCall ? withBaseFirst(base, legal) : [base];
    case "move": {
      if (!o.lastTurnMoves || state.turn < state.options.turnLimit) return [base];
      const pick = (want: (m: MoveChoice) => boolean) => legal.filter((d) => d.type === "move" && want(d.move)).slice(0, 1);
      return withBaseFirst(base, [
        ...pick((m) => m.kind === "hold"),
        ...pick((m) => m.kind === "toward" && m.extraD6 && !m.stopAt),
        ...pick((m) => m.kind === "about-face" && m.halfMove !== undefined && !m.halfMove.extraD6),
      ]);
    }
    default:
      return [base];
  }
}
