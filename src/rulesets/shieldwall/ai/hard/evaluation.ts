/**
 * The `hard` player's static evaluation of a battle state for one side: how far it is from winning
 * by the battle's own victory conditions (ruling SW-25, house rule: half the units lost, all leaders
 * lost, or, at the turn limit, fewer stands lost), plus the state of what is left (aggression
 * levels, DPs, leaders' LP values). Read off the state with the engine's own queries
 * (`lostStands`, `lostUnits`); a finished battle is worth ±`DECIDED` (0 for a draw). The weights
 * are playing choices (docs/shieldwall/ai.md, "The hard player"), not rules.
 */
import type { Side } from "../../army.js";
import { lostStands, lostUnits } from "../../battle/queries.js";
import type { BattleState } from "../../battle/types.js";
import { sideOfId } from "../../battle/unit-facts.js";
import { aggressionIndex, GRADE_RANK, totalDp } from "../../units.js";

/** The value of a decided battle (far above any material difference). */
export const DECIDED = 100;

/** The evaluation's weights (defaults set once from the rules; see docs/shieldwall/ai.md to re-tune). */
export interface EvaluationWeights {
  /** Each stand lost (the turn limit's tie-break, SW-25). */
  stand: number;
  /** Each unit lost (half of them lose the battle, SW-25). */
  unit: number;
  /** More for each lost unit once only one more loses the battle. */
  lastUnit: number;
  /** Per aggression level below Blood Lust of a unit on the table (Shaken = 3 levels). */
  level: number;
  /** Extra for a Shaken unit (a drop costs it a stand; it cannot charge). */
  shaken: number;
  /** Per DP on a unit on the table. */
  dp: number;
  /** A leader killed or captured (the commander-in-chief counts `chief` more). */
  leader: number;
  chief: number;
  /** Per point of a living leader's LP value. */
  lpValue: number;
}

export const DEFAULT_EVALUATION_WEIGHTS: EvaluationWeights = {
  stand: 1,
  unit: 3,
  lastUnit: 4,
  level: 0.25,
  shaken: 0.5,
  dp: 0.12,
  leader: 5,
  chief: 5,
  lpValue: 0.3,
};

/** How badly `side` stands (0: untouched; larger: nearer defeat). */
export function sideTrouble(s: BattleState, side: Side, w: EvaluationWeights = DEFAULT_EVALUATION_WEIGHTS): number {
  const units = s.units.filter((u) => u.side === side);
  const lost = lostUnits(s, side);
  const breakAt = Math.ceil(units.length / 2);
  let t = lostStands(s, side) * w.stand + lost * w.unit;
  if (lost >= breakAt - 1) t += w.lastUnit;
  for (const u of units) {
    if (u.u.status !== "active") continue;
    const grade = 0.5 + GRADE_RANK[u.u.grade] * 0.125;
    t += grade * ((3 - aggressionIndex(u.u.aggression)) * w.level + (u.u.aggression === "shaken" ? w.shaken : 0) + totalDp(u.u) * w.dp);
  }
  for (const l of s.leaders) {
    if (sideOfId(l.id) !== side) continue;
    if (l.status !== "alive") t += w.leader + (l.commanderInChief ? w.chief : 0);
    else t -= l.lpValue * w.lpValue;
  }
  return t;
}

/** The state's value for `side`: the enemy's trouble less its own, or ±DECIDED once the battle is over. */
export function positionValue(s: BattleState, side: Side, w: EvaluationWeights = DEFAULT_EVALUATION_WEIGHTS): number {
  if (s.result) return s.result.winner === null ? 0 : s.result.winner === side ? DECIDED : -DECIDED;
  const enemy: Side = side === "red" ? "black" : "red";
  return sideTrouble(s, enemy, w) - sideTrouble(s, side, w);
}
