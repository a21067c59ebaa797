/**
 * Manoeuvres the battle engine adds to a unit's move decision (docs/shieldwall/battle.md,
 * "Interpenetration" and "Boats"):
 *
 * - **Interpenetration** (seed "Movement": units "will not be forced to interpenetrate friends";
 *   seed "Manoeuvre": "Interpenetration: All units involved become unformed"): a voluntary move
 *   through friendly stands, declared with the move before the dice.
 * - **Embark / disembark** (seed "Manoeuvre": "Embark/Disembark: ½ move for all units and become
 *   unformed"; ruling SW-1: half a move) at a boats place of the table.
 * - **Unformed stands moving independently** (seed "Unformed Units"): a heading per stand.
 *
 * Shared by the move options (move-options.ts) and the movement phase (phases/movement.ts).
 */
import { mayAdvance } from "../leaders.js";
import { CONTACT_TOLERANCE } from "../geometry/contact.js";
import { friendInTheWay, HALT_ZONE, planInterpenetratingMove, planMove } from "../geometry/movement.js";
import { prepareScene } from "../geometry/los.js";
import { bounds, centroid, shapeClosest } from "../geometry/polygon.js";
import { type Stand, rectCorners, rectDistance, rectOf, rectsOverlap } from "../geometry/stand.js";
import { type BoatsPlace, boatsOf, standOnTable } from "../geometry/table.js";
import { formLine } from "../geometry/unit.js";
import { normaliseDegrees } from "../geometry/vec.js";
import type { Side } from "../army.js";
import { type Ctx } from "./ctx.js";
import { describeStop, moveStraight, sw15Check } from "./effects.js";
import { forwardHeading, isAdvancing, onTable } from "./unit-facts.js";
import type { BattleUnit, MoveChoice } from "./types.js";

/** Longest move of the AvD, inches (the reach checked for friends in the way). */
const MOVE_REACH = { avd: 5 };

/** Move kinds that may declare `interpenetrate` (a step is too short to clear a stand: see the docs). */
const INTERPENETRATING_KINDS: readonly string[] = ["advance", "toward", "change-direction", "unformed-move"];

// ---------------------------------------------------------------------------------------------
// Interpenetration

/** Friendly units on the table a unit may pass through: all but itself and units in combat (they are locked with the enemy). */
export function passableFriends(ctx: Ctx, bu: BattleUnit): string[] {
  const out: string[] = [];
  const units = ctx.s.units;
  for (let i = 0; i < units.length; i++) {
    const o = units[i];
    if (o.side === bu.side && o.id !== bu.id && onTable(o) && !o.u.inCombat) out.push(o.id);
  }
  return out;
}

/**
 * Moves a unit straight through friends in the way (a declared interpenetration): it still halts
 * 2" from visible enemy and stops at enemy stands, friends in combat, obstacles and the table
 * edge, and stops short of a friend it cannot clear. The mover and every friend it passed through
 * become unformed (seed "Manoeuvre"). Returns the distance moved.
 */
export function moveThroughFriends(ctx: Ctx, bu: BattleUnit, heading: number, distance: number, what: string): number {
  const plan = planInterpenetratingMove(ctx.scene(), bu.id, heading, distance, passableFriends(ctx, bu), { zone: 2 });
  const before = bu.stands;
  const unform = plan.passedThrough.length > 0 || plan.difficult.length > 0;
  const u = unform && bu.u.formed ? { ...bu.u, formed: false } : bu.u;
  ctx.setUnit({ ...bu, u, stands: plan.unit.stands });
  const stop = plan.stoppedBy ? ` (stopped by ${describeStop(ctx, plan.stoppedBy)})` : "";
  ctx.ev(
    "move",
    `${bu.u.name} ${what}, declared through friends: ${plan.distance.toFixed(2)}" of ${distance.toFixed(2)}" on heading ${Math.round(normaliseDegrees(heading))}°${stop}${plan.difficult.length > 0 && bu.u.formed && plan.passedThrough.length === 0 ? "; difficult terrain: it becomes unformed" : ""}`,
    { unit: bu.id, heading, asked: distance, distance: plan.distance, stoppedBy: plan.stoppedBy, interpenetrate: true },
  );
  if (plan.passedThrough.length > 0) {
    const names: string[] = [];
    for (const id of plan.passedThrough) {
      const f = ctx.unit(id);
      names.push(f.u.name);
      if (f.u.formed) ctx.setUnit({ ...f, u: { ...f.u, formed: false } });
    }
    ctx.ev(
      "interpenetration",
      `${bu.u.name} passes through ${names.join(", ")}: all units involved become unformed (seed "Manoeuvre": Interpenetration)`,
      { unit: bu.id, through: plan.passedThrough },
    );
  }
  if (plan.distance > 1e-6) sw15Check(ctx, ctx.unit(bu.id), before);
  return plan.distance;
}

/** Why the `interpenetrate` flag of a move is not acceptable, or null. */
export function interpenetrateProblem(m: MoveChoice): string | null {
  const flag = (m as { interpenetrate?: unknown }).interpenetrate;
  if (flag === undefined) return null;
  if (!INTERPENETRATING_KINDS.includes(m.kind))
    return `interpenetrate is declared only with an advance, toward, change-direction or unformed-move (seed "Manoeuvre": Interpenetration), not with ${m.kind}`;
  if (typeof flag !== "boolean") return "interpenetrate must be true or false (declared before the dice)";
  return null;
}

/**
 * The interpenetrating versions of a unit's enumerated moves, only where a friend is actually in
 * the way within the dice's reach, and only one per unit (few options: random battles stay fast
 * and random players do not pass through friends at every turn): a formed unit's straight
 * advance on AvD; an unformed unit's move towards the nearest enemy on AvD. Every other move
 * that takes the flag may be submitted with it. For a unit that is not retiring, whose
 * enumerated moves (`moveCandidates` in move-options.ts) always hold that advance, or that unformed move when
 * there is an enemy (`nearestEnemyHeading`, rounded, not null): it is built here, not looked up.
 */
export function interpenetrationOptions(ctx: Ctx, bu: BattleUnit, nearestEnemyHeading: number | null): MoveChoice[] {
  const formed = bu.u.formed;
  if (!formed && nearestEnemyHeading === null) return [];
  const heading = formed ? bu.stands[0].facing : (nearestEnemyHeading as number);
  const passable = passableFriends(ctx, bu);
  if (passable.length === 0 || !friendInTheWay(ctx.scene(), bu.id, heading, MOVE_REACH.avd, passable)) return [];
  return [formed ? { kind: "advance", offset: 0, extraD6: false, interpenetrate: true } : { kind: "unformed-move", heading, extraD6: false, interpenetrate: true }];
}

// ---------------------------------------------------------------------------------------------
// Boats: embark and disembark

/** Units of a side aboard ship, in army-file order. */
export function embarkedUnits(ctx: Ctx, side: Side): string[] {
  return ctx
    .sideUnits(side)
    .filter((u) => u.embarked !== undefined && u.u.status === "active")
    .map((u) => u.id);
}

/** Is any stand of the unit in or touching the boats place (within the contact tolerance)? */
export function touchesBoats(bu: BattleUnit, b: BoatsPlace): boolean {
  const bb = bounds(b.polygon);
  return bu.stands.some((st) => {
    const cs = rectCorners(rectOf(st));
    const sb = bounds(cs);
    const m = CONTACT_TOLERANCE + 1e-6;
    if (sb.minX > bb.maxX + m || sb.maxX < bb.minX - m || sb.minY > bb.maxY + m || sb.maxY < bb.minY - m) return false;
    return shapeClosest(cs, true, b.polygon, true).distance <= CONTACT_TOLERANCE;
  });
}

/** Boats places the unit touches (where it may embark). */
export function boatsTouched(ctx: Ctx, bu: BattleUnit): string[] {
  if (!onTable(bu)) return [];
  return (ctx.s.table.boats ?? []).filter((b) => touchesBoats(bu, b)).map((b) => b.id);
}

/**
 * Where an embarked unit lands (docs/shieldwall/battle.md, "Boats"): its stands side by side,
 * facing the enemy's half, their rear edges on the side of the boats' bounding box towards the
 * enemy, centred on the boats or as near as there is room (1" steps, up to 12" either way),
 * wholly on the table, overlapping no stand and not nearer than 2" to any enemy stand (the
 * 2" halt: it does not land into contact). Null when there is no room.
 */
export function landingStands(ctx: Ctx, bu: BattleUnit): Stand[] | null {
  const b = bu.embarked !== undefined ? boatsOf(ctx.s.table, bu.embarked) : undefined;
  if (!b) return null;
  const bb = bounds(b.polygon);
  const c = centroid(b.polygon);
  const facing = forwardHeading(bu.side);
  const base = { width: ctx.s.table.scale === "28mm" ? 120 / 25.4 : 80 / 25.4, depth: ctx.s.table.scale === "28mm" ? 50 / 25.4 : 40 / 25.4 };
  const frontY = bu.side === "red" ? bb.maxY + base.depth : bb.minY - base.depth;
  const others = ctx.scene().stands;
  for (let k = 0; k <= 24; k++) {
    const off = k % 2 === 1 ? (k + 1) / 2 : -k / 2;
    const stands = formLine({ x: c.x + off, y: frontY, facing }, bu.u.stands, base);
    const clear = (st: Stand) => {
      const r = rectOf(st);
      // No overlap with any stand, and not nearer than 2" to the enemy (no landing into contact).
      return others.every((o) => !rectsOverlap(r, o.rect, 1e-6) && (o.side === bu.side || rectDistance(r, o.rect) >= HALT_ZONE - 1e-6));
    };
    if (stands.every((st) => standOnTable(st, ctx.s.table) && clear(st))) return stands;
  }
  return null;
}

/** Why an embark or disembark (or any move of a unit aboard ship) is not allowed, or null. */
export function boatsMoveProblem(ctx: Ctx, bu: BattleUnit, m: MoveChoice): string | null {
  const signalled = ctx.signalled(bu.u.contingent);
  if (bu.embarked !== undefined) {
    if (m.kind === "hold") return null;
    if (m.kind !== "disembark") return `${bu.u.name} is aboard ship at ${bu.embarked}: it may disembark or hold`;
    if (m.heading !== undefined) {
      if (typeof m.heading !== "number" || !Number.isFinite(m.heading)) return "heading must be a number of degrees (the other half of the move after landing)";
      if (m.extraD6 !== undefined && typeof m.extraD6 !== "boolean") return "extraD6 must be true or false";
      if (isAdvancing(bu.side, m.heading)) {
        const r = mayAdvance(bu.u, signalled);
        if (!r.ok) return r.reason;
      }
    } else if (m.extraD6 !== undefined) return "extraD6 is declared only with a heading (the other half of the move after landing)";
    if (!landingStands(ctx, bu)) return `there is no room to land next to the boats ${bu.embarked}`;
    return null;
  }
  if (m.kind === "disembark") return `${bu.u.name} is not aboard ship: only an embarked unit disembarks`;
  if (m.kind !== "embark") return null;
  if (typeof m.boats !== "string") return "boats must be the id of a boats place on the table";
  if (!boatsOf(ctx.s.table, m.boats)) return `there is no boats place "${m.boats}" on the table`;
  if (bu.retiring) return `${bu.u.name} is retiring: it may retire a further move, form up or hold (seed "Moves Following Combat")`;
  if (bu.u.aggression === "bloodlust" && signalled) return `${bu.u.name} has Blood Lust after the signal: it must advance towards the enemy (seed "Aggression Levels")`;
  if (!touchesBoats(bu, boatsOf(ctx.s.table, m.boats) as BoatsPlace)) return `${bu.u.name} must touch the boats ${m.boats} to embark`;
  return null;
}

/** The move choices of a unit aboard ship: hold, land, land and move the other half towards the enemy (when it may advance). */
export function embarkedOptions(ctx: Ctx, bu: BattleUnit): MoveChoice[] {
  const out: MoveChoice[] = [{ kind: "hold" }, { kind: "disembark" }, { kind: "disembark", heading: forwardHeading(bu.side), extraD6: false }];
  return out.filter((m) => boatsMoveProblem(ctx, bu, m) === null);
}

/** Embark choices of a unit on the table (one per boats place it touches). */
export function embarkOptions(ctx: Ctx, bu: BattleUnit): MoveChoice[] {
  if (!ctx.s.table.boats || ctx.s.table.boats.length === 0) return [];
  return boatsTouched(ctx, bu).map((boats) => ({ kind: "embark", boats }) as MoveChoice);
}

/**
 * Lands a unit aboard ship (a validated disembark): unformed, next to its boats (half its move,
 * ruling SW-1). The engine then rolls the move dice for the other half if the choice has a
 * heading (a kept Seven may re-roll them, ruling SW-11) and calls {@link disembarkHalfMove}.
 */
export function landUnit(ctx: Ctx, bu: BattleUnit): void {
  const stands = landingStands(ctx, bu);
  if (!stands) throw new RangeError(`no room to land next to the boats ${bu.embarked}`);
  const boats = bu.embarked as string;
  const { embarked: _aboard, ...rest } = bu;
  ctx.setUnit({ ...rest, deployed: true, stands, u: { ...bu.u, formed: false } });
  const place = boatsOf(ctx.s.table, boats);
  ctx.ev("disembark", `${bu.u.name} disembarks from ${place?.name ?? boats} and becomes unformed (half its move: seed "Manoeuvre", ruling SW-1)`, { unit: bu.id, boats });
  sw15Check(ctx, ctx.unit(bu.id), []);
}

/** The other half of a disembarking unit's move: half the final move dice on the chosen heading. */
export function disembarkHalfMove(ctx: Ctx, id: string, heading: number, inches: number): void {
  moveStraight(ctx, ctx.unit(id), heading, inches / 2, `moves unformed, half of its ${inches}" after landing (ruling SW-1)`);
}

/** Applies a validated embark: the unit goes aboard and leaves the table, neither lost nor on the table (house rule). */
export function applyEmbark(ctx: Ctx, bu: BattleUnit, m: Extract<MoveChoice, { kind: "embark" }>): void {
  const place = boatsOf(ctx.s.table, m.boats);
  ctx.setUnit({ ...bu, stands: [], u: { ...bu.u, formed: false }, embarked: m.boats });
  ctx.ev(
    "embark",
    `${bu.u.name} embarks at ${place?.name ?? m.boats}, unformed (half its move: seed "Manoeuvre", ruling SW-1), and leaves the table: aboard ship it is neither lost nor on the table (house rule)`,
    { unit: bu.id, boats: m.boats },
  );
}

// ---------------------------------------------------------------------------------------------
// Unformed stands moving independently (seed "Unformed Units": "act as individual stands rather
// than as a cohesive body. They move stands independently with no manoeuvre penalties"; seed
// "Manoeuvre", change direction: "Move stands independently in any direction")

/** Why a move's per-stand `headings` are not acceptable, or null. */
export function standHeadingsProblem(ctx: Ctx, bu: BattleUnit, m: MoveChoice): string | null {
  const headings = (m as { headings?: unknown }).headings;
  if (headings === undefined) return null;
  if (m.kind !== "unformed-move" && m.kind !== "change-direction")
    return `headings (one per stand) are given only with an unformed-move or change-direction (seed "Unformed Units"), not with ${m.kind}`;
  if (!Array.isArray(headings) || headings.length !== bu.stands.length)
    return `headings must list one heading per stand of ${bu.u.name} (${bu.stands.length}), in the order of its stands`;
  if (!headings.every((h) => typeof h === "number" && Number.isFinite(h))) return "headings must be numbers of degrees";
  if (m.interpenetrate) return "a move with a heading per stand does not pass through friends (interpenetrate is for a unit moving as one body)";
  const signalled = ctx.signalled(bu.u.contingent);
  for (const [i, h] of (headings as number[]).entries()) {
    if (bu.u.aggression === "bloodlust" && signalled && !isAdvancing(bu.side, h)) return `${bu.u.name} has Blood Lust: every stand must advance towards the enemy (headings.${i})`;
    if (isAdvancing(bu.side, h)) {
      const r = mayAdvance(bu.u, signalled);
      if (!r.ok) return `headings.${i}: ${r.reason}`;
    }
  }
  return null;
}

/**
 * Moves each stand of an unformed unit up to `distance` on its own heading, one after another in
 * stand order: each halts 2" from enemy it can see (all round: it is unformed) and stops short of
 * every other stand — its own unit's included, where they stand at that moment — obstacles and
 * the table edge. Returns the longest distance any stand moved.
 */
export function moveStandsIndependently(ctx: Ctx, bu: BattleUnit, headings: readonly number[], distance: number, what: string): number {
  const before = bu.stands;
  const stands = bu.stands.slice();
  const others = ctx.scene().units.filter((g) => g.id !== bu.id);
  const own = (id: string) => id.startsWith(`${bu.id}#`);
  let longest = 0;
  let difficult = false;
  for (let i = 0; i < stands.length; i++) {
    const me = { id: `${bu.id}#${i}`, side: bu.side, formed: false, stands: [stands[i]] };
    const mates = { id: `${bu.id}#others`, side: bu.side, formed: false, stands: stands.filter((_, j) => j !== i) };
    const scene = prepareScene(ctx.s.table, mates.stands.length > 0 ? [...others, me, mates] : [...others, me]);
    const plan = planMove(scene, me.id, headings[i], distance, { zone: 2 });
    stands[i] = plan.unit.stands[0];
    if (plan.difficult.length > 0) difficult = true;
    longest = Math.max(longest, plan.distance);
    const stop = plan.stoppedBy
      ? ` (stopped by ${plan.stoppedBy.kind === "stand" && own(plan.stoppedBy.unit) ? "another stand of its own unit" : describeStop(ctx, plan.stoppedBy)})`
      : "";
    ctx.ev(
      "move",
      `${bu.u.name} ${what}, stand ${i + 1} of ${stands.length} on its own: ${plan.distance.toFixed(2)}" of ${distance.toFixed(2)}" on heading ${Math.round(normaliseDegrees(headings[i]))}°${stop}`,
      { unit: bu.id, stand: i, heading: headings[i], asked: distance, distance: plan.distance, stoppedBy: plan.stoppedBy },
    );
  }
  const cur = ctx.unit(bu.id);
  ctx.setUnit({ ...cur, stands, u: difficult && cur.u.formed ? { ...cur.u, formed: false } : cur.u });
  if (longest > 1e-6) sw15Check(ctx, ctx.unit(bu.id), before);
  return longest;
}
