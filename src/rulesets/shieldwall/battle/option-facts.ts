/**
 * What a decision costs and whom it touches, said before it is made (issue 25, "explain before
 * asking"): the LPs a leader's action spends (seed "Leaders"), the enemy leader a challenge goes
 * to (the closest, seed "Personal Combat"), and the effect of the gods' card a holy person may be
 * called to cancel (ruling SW-11). Read from the same tables and queries the engine applies.
 */
import { godEffect } from "../gods.js";
import { LP_COSTS } from "../leaders.js";
import { Ctx } from "./ctx.js";
import { closestEnemyLeader } from "./queries.js";
import type { BattleDecision, BattleState } from "./types.js";

export interface OptionFacts {
  /** LPs the option spends. */
  lpCost?: number;
  /** The leader a challenge is issued to (his id). */
  challenges?: string;
}

/** The facts of one legal option in this state (empty when there are none to tell). */
export function optionFacts(s: BattleState, d: BattleDecision): OptionFacts {
  const p = s.pending;
  switch (d.type) {
    case "lead": {
      if (d.action === "done") return {};
      if (d.action === "cohesion") return { lpCost: LP_COSTS.increaseCohesion };
      if (d.action === "raise" || d.action === "lower") return { lpCost: LP_COSTS.changeAggression };
      if (d.action === "signal") return { lpCost: LP_COSTS.signalAdvance };
      if (p?.kind !== "lead") return { lpCost: LP_COSTS.issueChallenge };
      const ctx = new Ctx(s, true);
      const target = closestEnemyLeader(ctx, ctx.leader(p.leader));
      return { lpCost: LP_COSTS.issueChallenge, ...(target ? { challenges: target.id } : {}) };
    }
    case "answer":
      return d.accept ? { lpCost: LP_COSTS.acceptChallenge } : {};
    case "holy-call":
      return d.call ? { lpCost: LP_COSTS.callHolyPerson } : {};
    default:
      return {};
  }
}

/** The effect of the gods' card drawn this turn, in the rules' words (ruling SW-11), or null before one is drawn. */
export function drawnCardEffect(s: BattleState): string | null {
  const d = s.god.draw;
  return d ? godEffect(d.card, d.jokerNumber).text : null;
}
