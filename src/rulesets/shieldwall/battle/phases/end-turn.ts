/** The end of a turn: the turn's losses and victory (ruling SW-25, house rule). */
import type { Side } from "../../army.js";
import { Ctx, push } from "../ctx.js";
import { armyLoss, lostStands, lostUnits } from "../queries.js";
import type { BattleState } from "../types.js";

/** How a battle ends: a machine-readable category of `reason` (GameResult `code`). */
export type BattleEndCode = "half-units-lost" | "leaders-lost" | "no-units-left" | "both-broke" | "turn-limit-win" | "turn-limit-draw";

/** How the battle ends at the end of this turn, or null if it goes on. */
export interface BattleEnding {
  winner: Side | null;
  reason: string;
  code: BattleEndCode;
}

/**
 * Does the battle end at the end of the current turn (ruling SW-25, house rule), and how? Asked by
 * the end of turn, and again by the game's `result` to add the code to the stored result: the
 * stored result (part of the state, so of its hash) keeps only winner, rewards and reason.
 */
export function battleEnding(s: BattleState): BattleEnding | null {
  // ruling SW-25 (house rule)
  const red = armyLoss(s, "red");
  const black = armyLoss(s, "black");
  const anyoneLeft = s.units.some((u) => u.u.status === "active" && u.embarked === undefined);
  if (s.options.victory === "sw25" || !anyoneLeft) {
    if (red && black) return { winner: null, reason: `both armies broke in the same turn (${red.text}; ${black.text}) (ruling SW-25, house rule)`, code: "both-broke" };
    if (red) return { winner: "black", reason: `${red.text} (ruling SW-25, house rule)`, code: red.code };
    if (black) return { winner: "red", reason: `${black.text} (ruling SW-25, house rule)`, code: black.code };
  }
  if (s.turn >= s.options.turnLimit) {
    const r = lostStands(s, "red");
    const b = lostStands(s, "black");
    if (r === b) return { winner: null, reason: `turn limit ${s.options.turnLimit}: both lost ${r} stands (ruling SW-25, house rule)`, code: "turn-limit-draw" };
    return { winner: r < b ? "red" : "black", reason: `turn limit ${s.options.turnLimit}: red lost ${r} stands, black ${b} (ruling SW-25, house rule)`, code: "turn-limit-win" };
  }
  return null;
}

export function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "end";
  ctx.ev(
    "turn-end",
    `End of turn ${s.turn}: red has lost ${lostUnits(s, "red")} units (${lostStands(s, "red")} stands), black ${lostUnits(s, "black")} units (${lostStands(s, "black")} stands)`,
    {
      lost: { red: lostUnits(s, "red"), black: lostUnits(s, "black") },
    },
  );
  const end = battleEnding(s);
  if (end === null) {
    push(ctx, { t: "turn-start" });
    return;
  }
  const { winner, reason } = end;
  s.result = {
    winner,
    rewards: {
      red: winner === null ? 0.5 : winner === "red" ? 1 : 0,
      black: winner === null ? 0.5 : winner === "black" ? 1 : 0,
    },
    reason,
  };
  s.phase = "over";
  s.queue = [];
  ctx.ev("result", winner ? `${s.sides[winner].name} (${winner}) wins: ${reason}` : `The battle is a draw: ${reason}`, { winner, reason });
}
