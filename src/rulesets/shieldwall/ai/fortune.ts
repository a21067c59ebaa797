/**
 * When the commander plays a kept Seven (ruling SW-11: re-roll any one set of dice thrown by its
 * own side). Tokens are rare, so it keeps the Seven for a roll that really hurts:
 * - a failed charge test when the charge itself is worth making (exact combat odds);
 * - a control test that halts or retires the unit;
 * - a move that falls short of charge reach (2") when a re-roll could still bring the unit there,
 *   a retire or rout of 3" or less, a pursuit that fails to catch its quarry;
 * - shooting with 6 or more dice and no hit, a free hack that took no stand;
 * - a combat round its side loses (Set-Back or Defeat from its point of view).
 */
import type { Side } from "../army.js";
import { nearestEnemy } from "../battle/queries.js";
import { unitDist } from "../geometry/proximity.js";
import type { BattleDecision, DiceRoll, Pending } from "../battle/types.js";
import { mirrorResult } from "../combat.js";
import { topMoveDice } from "../move-dice.js";
import { appraiseCharge, type Ctx } from "./view.js";

/** Should the side re-roll this set of dice with its Seven? `chargeThreshold`: the commander's bar for a charge worth making. */
export function wantsReroll(ctx: Ctx, side: Side, roll: DiceRoll, chargeThreshold: number): boolean {
  switch (roll.what) {
    case "charge": {
      if (!ctx.hasUnit(roll.target)) return false;
      return appraiseCharge(ctx, ctx.unit(roll.unit), ctx.unit(roll.target)).combatValue >= chargeThreshold;
    }
    case "control":
      return roll.result.outcome === "halt" || roll.result.outcome === "retire";
    case "move": {
      const bu = ctx.unit(roll.unit);
      const inches = roll.result.inches;
      const f = roll.for;
      if (f.k === "retire" || f.k === "rout") return inches <= 3;
      if (f.k === "pursue") {
        const fled = f.after.fled.map((x) => ctx.unit(x.id)).filter((u) => u.side !== side && u.stands.length > 0);
        return fled.length > 0 && inches < Math.min(...fled.map((u) => unitDist(bu, u)));
      }
      if (f.k === "move" && f.move.kind !== "advance" && f.move.kind !== "toward") return false;
      const e = nearestEnemy(ctx, bu);
      if (!e) return false;
      const gap = unitDist(bu, e);
      const top = topMoveDice(roll.dice);
      return gap > 2 && gap - inches > 2 && gap - top <= 2;
    }
    case "shooting":
      return roll.result.hits === 0 && roll.result.dice >= 6;
    case "free-hack":
      return roll.result.casualties === 0;
    case "combat": {
      const last = roll.fight.rounds[roll.fight.rounds.length - 1];
      const mine = side === "red" ? last.result : mirrorResult(last.result);
      return mine === "setback" || mine === "defeat";
    }
  }
}

/** The commander's answer to a fortune offer, among the legal choices. */
export function fortuneChoice(ctx: Ctx, p: Extract<Pending, { kind: "fortune" }>, moves: BattleDecision[], chargeThreshold: number): BattleDecision {
  const reroll = wantsReroll(ctx, p.side, p.roll, chargeThreshold);
  return moves.find((m) => m.type === "fortune" && m.reroll === reroll) ?? moves[0];
}
