/** The end of a turn: the turn's losses and victory (ruling SW-25, house rule). */
import type { Side } from "../../army.js";
import { Ctx, push } from "../ctx.js";
import { armyBroken, lostStands, lostUnits } from "../queries.js";

export function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "end";
  const finish = (winner: Side | null, reason: string) => {
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
  };
  ctx.ev(
    "turn-end",
    `End of turn ${s.turn}: red has lost ${lostUnits(s, "red")} units (${lostStands(s, "red")} stands), black ${lostUnits(s, "black")} units (${lostStands(s, "black")} stands)`,
    {
      lost: { red: lostUnits(s, "red"), black: lostUnits(s, "black") },
    },
  );
  // ruling SW-25 (house rule)
  const redOut = armyBroken(s, "red");
  const blackOut = armyBroken(s, "black");
  const anyoneLeft = s.units.some((u) => u.u.status === "active" && u.embarked === undefined);
  if (s.options.victory === "sw25" || !anyoneLeft) {
    if (redOut && blackOut) {
      finish(null, `both armies broke in the same turn (${redOut}; ${blackOut}) (ruling SW-25, house rule)`);
      return;
    }
    if (redOut) {
      finish("black", `${redOut} (ruling SW-25, house rule)`);
      return;
    }
    if (blackOut) {
      finish("red", `${blackOut} (ruling SW-25, house rule)`);
      return;
    }
  }
  if (s.turn >= s.options.turnLimit) {
    const r = lostStands(s, "red");
    const b = lostStands(s, "black");
    if (r === b) {
      finish(null, `turn limit ${s.options.turnLimit}: both lost ${r} stands (ruling SW-25, house rule)`);
      return;
    }
      finish(r < b ? "red" : "black", `turn limit ${s.options.turnLimit}: red lost ${r} stands, black ${b} (ruling SW-25, house rule)`);
      return;
  }
  push(ctx, { t: "turn-start" });
}
