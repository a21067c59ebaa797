/**
 * The decisions the `hard` player searches, and the candidates it tries at each: the commander's
 * own choice first, then the alternatives worth a look, ordered and pruned by the commander's own
 * appraisals (the exact charge odds of `appraiseCharge`). Any other decision is left to the
 * commander (docs/shieldwall/ai.md, "The hard player").
 */
import type { Side } from "../../army.js";
import type { BattleDecision, BattleState } from "../../battle/types.js";
import { appraiseCharge, contextOf } from "../view.js";

/** Which kinds of decision are searched, and how widely. */
export interface CandidateOptions {
  /** Charges: at most this many targets (best appraised first), besides the commander's and "no charge". */
  chargeTargets: number;
  /** Search challenges (a leader's lead decision while a challenge is offered) and answers to them. */
  challenges: boolean;
  /** Search the holy person's call on the gods' card (SW-10). */
  holyCall: boolean;
}

export const DEFAULT_CANDIDATE_OPTIONS: CandidateOptions = { chargeTargets: 2, challenges: true, holyCall: true };

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
    case "answer":
      return o.challenges ? withBaseFirst(base, legal) : [base];
    case "lead": {
      if (!o.challenges) return [base];
      const challenges = legal.filter((d) => d.type === "lead" && d.action === "challenge");
      if (challenges.length === 0) return [base];
      // With a challenge on offer: the commander's choice, each fighter's challenge, and "done".
      return withBaseFirst(base, [...challenges, ...legal.filter((d) => d.type === "lead" && d.action === "done")]);
    }
    case "holy-call":
      return o.holyCall ? withBaseFirst(base, legal) : [base];
    default:
      return [base];
  }
}
