/** The start of a turn and the initiative (seed "Turn Sequence": per-phase by default, per-turn an option). */
import { rollInitiative } from "../../leaders.js";
import { Ctx, push } from "../ctx.js";
import { cincLp } from "../queries.js";
import { leaderRecord, unitRecord } from "../records.js";
import type { Task } from "../types.js";
import type { DecisionKind } from "../decision-kind.js";
import { other } from "../unit-facts.js";

/** Per-phase initiative (the default, seed "Turn Sequence"): the winner chooses who goes first in the next phase. */
export function initiativeChoiceTask(ctx: Ctx): void {
  const s = ctx.s;
  if (s.initiative) s.pending = { kind: "initiative", side: s.initiative };
}

/** A new turn: its phases in order (seed "Turn Sequence"). */
export function turnStart(ctx: Ctx): void {
  const s = ctx.s;
  s.turn += 1;
  s.phase = "initiative";
  ctx.touch();
  s.leaders = s.leaders.map((l) => (l.lpSpent === 0 ? l : leaderRecord({ ...l, lpSpent: 0 }))); // ruling SW-7
  s.units = s.units.map((u) => (u.charged || u.mustCharge ? unitRecord({ ...u, charged: false, mustCharge: false }, u.u) : u));
  ctx.ev("turn", `Turn ${s.turn} begins`, { number: s.turn });
  if (s.options.initiativeChoice === "per-phase") {
    // Seed "Turn Sequence": the winner decides whether to go first or second for each phase.
    const c: Task = { t: "initiative-choice" };
    push(ctx, { t: "initiative" }, c, { t: "gods" }, c, { t: "leadership" }, c, { t: "movement" }, c, { t: "missiles" }, c, { t: "combat" }, { t: "end-turn" });
  } else push(ctx, { t: "initiative" }, { t: "gods" }, { t: "leadership" }, { t: "movement" }, { t: "missiles" }, { t: "combat" }, { t: "end-turn" });
}

/** The initiative roll (seed "Turn Sequence"). */
export function initiativeTask(ctx: Ctx): void {
  const s = ctx.s;
  const r = rollInitiative(ctx.rng, {
    redCincLp: cincLp(ctx, "red"),
    blackCincLp: cincLp(ctx, "black"),
  });
  s.initiative = r.winner;
  ctx.notes("initiative", r.notes, { rolls: r.rolls, winner: r.winner });
  if (s.options.initiativeChoice !== "per-phase") s.pending = { kind: "initiative", side: r.winner };
}

/** The initiative winner chooses who acts first, this turn or (per-phase option) in the next phase (seed "Turn Sequence"). */
export const INITIATIVE_DECISION: DecisionKind<"initiative"> = {
  options: (_ctx, p) => [
    { type: "initiative", first: p.side },
    { type: "initiative", first: other(p.side) },
  ],
  apply(ctx, _p, d, side) {
    const s = ctx.s;
    s.first = d.first;
    const phase = s.options.initiativeChoice === "per-phase" ? s.queue[0]?.t : undefined;
    ctx.ev("initiative-choice", `${side} chooses that ${d.first} acts first ${phase ? `in the ${phase === "gods" ? "invoke the gods" : phase === "missiles" ? "missile exchange" : phase} phase` : "this turn"}`, { first: d.first, forPhase: phase ?? "turn" });
  },
  describe: (d) => `${d.first} acts first`,
};
