/** Moves following combat (seed "Moves Following Combat", rulings SW-2, SW-20): retire, rout, pursuit, free hacks. */
import { freeHackCasualties, resolveFreeHack } from "../../checks.js";
import { type UnitOutcome, unableToMove } from "../../combat.js";
import { planMove, unitFacing } from "../../geometry/movement.js";
import { unitDist, within } from "../../geometry/proximity.js";
import type { Stand } from "../../geometry/stand.js";
import { unitCentre } from "../../geometry/unit.js";
import { normaliseDegrees, vectorHeading } from "../../geometry/vec.js";
import type { MoveRoll } from "../../move-dice.js";
import { Ctx, push } from "../ctx.js";
import { throwMoveDice, thrown } from "../dice.js";
import { awayHeading, moveStraight, pursueToCampOrEdge, pursuitCharge, refreshInCombat, retireMove, standardFalls, unitGone } from "../effects.js";
import { findCombats, headingTo } from "../queries.js";
import type { Aftermath, BattleUnit, DiceRoll, Task } from "../types.js";
import { geomOf, onTable } from "../unit-facts.js";

/**
 * The moves following a combat (seed "Moves Following Combat"): losers first, then the winners,
 * then broken units leave play. A step whose dice a side may re-roll with a kept Seven (retire,
 * rout, pursuit, free hack; ruling SW-11) resumes the rest once the dice are final.
 */
export function movesAfterCombat(ctx: Ctx, outcomes: UnitOutcome[], positions: Map<string, Stand[]>, refresh = false, chain = 0): void {
  // A loop rather than Object.fromEntries, which took about 10 µs here.
  const where: Record<string, Stand[]> = {};
  for (const [id, stands] of positions) where[id] = stands;
  const after: Aftermath = { outcomes, positions: where, step: 0, fled: [], fellBack: {}, refresh };
  // Set afterwards rather than spread in from a conditional object (that takes V8's slow path).
  if (chain > 0) after.chain = chain;
  aftermathStep(ctx, after);
}

export function aftermathStep(ctx: Ctx, after: Aftermath): void {
  const { outcomes } = after;
  const n = outcomes.length;
  const positions = new Map(Object.entries(after.positions));
  const foesOf = (id: string) => {
    const side = ctx.unit(id).side;
    return outcomes.map((o) => ctx.unit(o.id)).filter((u) => u.side !== side);
  };
  // Units that lost move first.
  const losersFirst = [...outcomes].sort((a, b) => rank(a.move) - rank(b.move));
  let a = after;
  while (a.step < 2 * n) {
    const i = a.step;
    a = { ...a, step: i + 1 };
    if (i < n) {
      const o = losersFirst[i];
      const bu = ctx.unit(o.id);
      switch (o.move) {
        case "eliminated":
          if (bu.stands.length > 0 || positions.get(o.id)) unitGone(ctx, bu, "destroyed", positions.get(o.id) ?? bu.stands);
          break;
        case "fall-back": {
          if (!onTable(bu)) break;
          const heading = bu.u.formed ? normaliseDegrees(unitFacing(geomOf(bu)) + 180) : awayHeading(bu, foesOf(o.id), positions);
          const depth = bu.stands[0].depth;
          const c0 = unitCentre(geomOf(bu));
          const d = moveStraight(ctx, bu, heading, depth, "falls back, facing the enemy", { zone: 0 });
          if (d < depth - 0.05) {
            // Unable to fall back: remain in place and take 1 DP (put back where it stood).
            ctx.setUnit({ ...ctx.unit(o.id), stands: bu.stands });
            const r = unableToMove(ctx.unit(o.id).u, "fall-back", false);
            ctx.setU(r.unit);
            ctx.notes("unable-to-move", r.notes, { unit: o.id });
            if (r.unit.status !== "active") unitGone(ctx, bu, "destroyed");
          } else {
            const c1 = unitCentre(geomOf(ctx.unit(o.id)));
            a = { ...a, fellBack: { ...a.fellBack, [o.id]: { dx: c1.x - c0.x, dy: c1.y - c0.y } } };
          }
          break;
        }
        case "retire":
          if (!onTable(bu)) break;
          retireMove(
            ctx,
            bu,
            "retires from the combat",
            foesOf(o.id).map((f) => f.id),
            { k: "aftermath", after: a },
          );
          return;
        case "break": {
          if (!onTable(bu)) break;
          const dice = { kind: "rout" as const, extraD6: true, formed: false };
          throwMoveDice(ctx, bu.side, o.id, dice, { k: "rout", after: a });
          return;
        }
        case "separate": {
          if (!onTable(bu)) break;
          const heading = bu.u.formed ? normaliseDegrees(unitFacing(geomOf(bu)) + 180) : awayHeading(bu, foesOf(o.id), positions);
          moveStraight(ctx, bu, heading, 1, 'separates (moves back 1")', {
            zone: 0,
          });
          break;
        }
        default:
          break;
      }
      continue;
    }
    // Winners: pursue, follow up, remain.
    const o = outcomes[i - n];
    const bu = ctx.unit(o.id);
    if (!onTable(bu)) continue;
    if (o.move === "pursue") {
      // Nothing of this combat fled and an opponent that could not move remains in place: both
      // stay locked in combat (seed "Remain in place"); the winner does not pursue.
      const side = bu.side;
      if (!a.fled.some((f) => ctx.unit(f.id).side !== side) && foesOf(o.id).some(onTable)) {
        ctx.ev("no-pursuit", `${bu.u.name} has no one to pursue: its opponent could not move away and they remain locked in combat`, { unit: o.id });
        continue;
      }
      const dice = { kind: "pursuit" as const, extraD6: true, formed: false };
      throwMoveDice(ctx, bu.side, o.id, dice, { k: "pursue", after: a, engagedStands: o.engagedStands });
      return;
    } else if (o.move === "follow-up") {
      const foes = foesOf(o.id).filter((f) => a.fellBack[f.id] !== undefined);
      const v = foes.length > 0 ? (a.fellBack[foes[0].id] ?? null) : null;
      if (v) {
        const dist = Math.hypot(v.dx, v.dy);
        moveStraight(ctx, bu, vectorHeading({ x: v.dx, y: v.dy }), dist, "follows up", { zone: 0 });
        ctx.setUnit({ ...ctx.unit(o.id), followingUp: true, followedUp: foes.map((f) => f.id) });
      }
    }
  }
  // Broken units that were not destroyed by a free hack leave play now (ruling SW-20). "Broken
  // within 2"" is measured from where the unit broke (its place in the combat), not where its rout ended.
  for (const f of a.fled) {
    const bu = ctx.unit(f.id);
    if (f.how === "break" && bu.u.status === "active") {
      const at = a.positions[f.id] ?? bu.stands;
      ctx.setU({ ...bu.u, status: "broken" });
      unitGone(ctx, bu, "broken and dispersed", at);
    }
  }
  // Pursuers encountering new enemy charge them at once (the units of this combat are not new).
  const notNew: ReadonlySet<string> = new Set(outcomes.map((o) => o.id));
  const chargers = (a.pursuers ?? []).filter((id) => pursuitCharge(ctx, id, notNew) !== null);
  if (a.refresh) refreshInCombat(ctx);
  if (a.refresh && chargers.length > 0) pursuitCombats(ctx, chargers, (a.chain ?? 0) + 1);
}

/** Most immediate pursuit combats fought in a chain from one combat; any further one waits for the next combat phase. */
export const MAX_PURSUIT_CHAIN = 8;

/**
 * Seed "Moves Following Combat", Pursue: a pursuit charge "is worked out immediately as a new
 * charge": the combat each pursuer charged into is fought at once, before the phase's other
 * combats still to fight (which it absorbs if the target was in one of them), as a charge combat;
 * its units may already have fought this phase.
 */
function pursuitCombats(ctx: Ctx, chargers: readonly string[], chain: number): void {
  if (chain > MAX_PURSUIT_CHAIN) return;
  const groups = findCombats(ctx).filter((g) => chargers.some((id) => g.red.has(id) || g.black.has(id)));
  if (groups.length === 0) return;
  const units = new Set(groups.flatMap((g) => [...g.red, ...g.black]));
  // A combat still to fight this phase that the new one took in is fought as part of it.
  const q = ctx.s.queue;
  for (let i = q.length - 1; i >= 0; i--) {
    const t = q[i];
    if (t.t === "melee" && [...t.red, ...t.black].some((id) => units.has(id))) q.splice(i, 1);
  }
  push(ctx, ...groups.map((g): Task => ({ t: "melee", red: [...g.red], black: [...g.black], chain })));
}

/** A breaking unit's rout move once its dice are final (seed "Moves Following Combat", SW-2, SW-20). */
export function afterRout(ctx: Ctx, id: string, after: Aftermath, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  const foes = after.outcomes.map((o) => ctx.unit(o.id)).filter((u) => u.side !== bu.side);
  const heading = awayHeading(bu, foes, new Map(Object.entries(after.positions)));
  const before = bu.stands;
  ctx.setUnit({ ...bu, u: { ...bu.u, formed: false } });
  const d = moveStraight(ctx, ctx.unit(id), heading, roll.inches, "routs", { zone: 0, offTable: true });
  standardFalls(ctx, bu);
  if (d < 0.25) {
    const enemyNear = foes.some((e) => onTable(e) && within(bu, e, 2));
    const r = unableToMove(ctx.unit(id).u, "break", enemyNear);
    ctx.notes("unable-to-move", r.notes, { unit: id });
    if (r.unit.status !== "active") {
      const at = ctx.unit(id).stands;
      ctx.setU(r.unit);
      unitGone(ctx, { ...bu, u: r.unit }, "surrendered", at.length > 0 ? at : before);
      aftermathStep(ctx, after);
      return;
    }
  }
  aftermathStep(ctx, { ...after, fled: [...after.fled, { id, how: "break" }] });
}

function rank(m: string): number {
  return ["eliminated", "fall-back", "retire", "break", "separate", "remain", "follow-up", "pursue"].indexOf(m);
}

/** The visible enemy unit (not one of `notNew`) whose 2" a straight move would first enter; null if none. */
function newEnemyOnPath(ctx: Ctx, bu: BattleUnit, heading: number, distance: number, notNew: ReadonlySet<string>): string | null {
  const plan = planMove(ctx.scene(), bu.id, heading, distance, { zone: 2, stopAtTableEdge: true });
  const stop = plan.stoppedBy;
  return stop && stop.kind === "enemy-zone" && !notNew.has(stop.unit) ? stop.unit : null;
}

/** A winner's pursuit once its dice are final: it catches the nearest fleeing enemy or is outdistanced. */
export function afterPursue(ctx: Ctx, id: string, before: Aftermath, engagedStands: number, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  const live = before.fled
    .map((f) => ctx.unit(f.id))
    .filter((u) => u.side !== bu.side)
    .filter(onTable);
  live.sort((a, b) => unitDist(bu, a) - unitDist(bu, b));
  // Its quarry, chased in later movement phases too (seed "Moves Following Combat", Pursue).
  ctx.setUnit({ ...bu, u: { ...bu.u, formed: false }, pursuing: true, quarry: live.length > 0 ? live[0].id : null });
  if (live.length === 0) {
    // No fled enemy left to pursue: towards the enemy camp, or the enemy's table edge (SW-21); new enemy met on the way is charged at the end.
    const went = pursueToCampOrEdge(ctx, ctx.unit(id), roll.inches);
    aftermathStep(ctx, went === "moved" ? { ...before, pursuers: [...(before.pursuers ?? []), id] } : before);
    return;
  }
  const t = live[0];
  const gap = unitDist(bu, t);
  const caught = roll.inches >= gap - 1e-6;
  const heading = headingTo(bu, t);
  const want = Math.min(roll.inches, gap + 0.01);
  // It makes a pursuit move: it may encounter new enemy (charged at the end of the moves after combat).
  const after: Aftermath = { ...before, pursuers: [...(before.pursuers ?? []), id] };
  // Coming within 2" of a visible enemy unit that was not in this combat, it halts there (and charges it).
  if (newEnemyOnPath(ctx, ctx.unit(bu.id), heading, want, new Set(after.outcomes.map((o) => o.id))) !== null) {
    moveStraight(ctx, ctx.unit(bu.id), heading, want, "pursues");
    aftermathStep(ctx, after);
    return;
  }
  moveStraight(ctx, ctx.unit(bu.id), heading, want, "pursues", { zone: 0 });
  if (!caught) {
    ctx.ev("outdistanced", `${t.u.name} outdistances ${bu.u.name}`, {
      unit: t.id,
      pursuer: bu.id,
    });
    aftermathStep(ctx, after);
    return;
  }
  const dice = Math.max(1, engagedStands);
  const hack: DiceRoll = { what: "free-hack", unit: id, target: t.id, dice, after, result: resolveFreeHack(ctx.rng, dice) };
  thrown(ctx, bu.side, hack);
}

/** The free hack's casualties once its dice are final (ruling SW-20). */
export function afterFreeHack(ctx: Ctx, targetId: string, after: Aftermath, casualties: number): void {
  const cur = ctx.unit(targetId);
  // The stands lost (ruling SW-20); a caught retirer's break is played out below, so not marked here.
  const hit = freeHackCasualties(cur.u, casualties, false).value;
  const at = cur.stands;
  if (hit.status === "destroyed") {
    ctx.setU(hit);
    // A router is measured from where it broke (as when it leaves play broken, above).
    const broke = after.fled.some((x) => x.id === targetId && x.how === "break") ? after.positions[targetId] : undefined;
    unitGone(ctx, cur, "cut down by its pursuers", broke ?? at);
    aftermathStep(ctx, after);
    return;
  }
  ctx.setU(hit);
  const f = after.fled.find((x) => x.id === targetId);
  if (f && f.how === "retire") {
    // Retiring units break if caught by pursuers.
    standardFalls(ctx, ctx.unit(targetId));
    ctx.ev("caught", `${cur.u.name} is caught while retiring and breaks`, {
      unit: targetId,
    });
    // It breaks where it was caught: "broken within 2"" is measured from there.
    const positions = { ...after.positions, [targetId]: ctx.unit(targetId).stands };
    aftermathStep(ctx, { ...after, positions, fled: after.fled.map((x) => (x.id === targetId ? { id: x.id, how: "break" as const } : x)) });
    return;
  }
  aftermathStep(ctx, after);
}
