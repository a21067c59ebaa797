/**
 * Read-only questions about a battle state that the phases, the game and the AI share: acting
 * order, leaders' reach, nearest enemies, charge plans and targets, shooting targets, combats,
 * losses and broken armies (seed "Turn Sequence", "Movement", "Charges and Combat", ruling SW-25).
 */
import type { Side } from "../army.js";
import type { ChargeInput, ControlInput } from "../checks.js";
import type { ChargeMove } from "../geometry/charge.js";
import { planAlignedCharge } from "../geometry/charge-align.js";
import { edgeFacing, unitContacts } from "../geometry/contact.js";
import { shootingTargetUnits, unitSees } from "../geometry/los.js";
import { unitFacing } from "../geometry/movement.js";
import { boxDistance, distanceLowerBound, standRects, standsBox, unitDist, within } from "../geometry/proximity.js";
import { type Edge, type Stand, makeRect, rectsOverlap } from "../geometry/stand.js";
import { standsOnOutlineEdge, unitOutline, zoneAt } from "../geometry/zones.js";
import { featuresUnder, standPolygon } from "../geometry/table.js";
import { formLine, unitCentre } from "../geometry/unit.js";
import { angleBetweenDegrees, headingVector, normaliseDegrees, vectorHeading } from "../geometry/vec.js";
import { holyCallRefusal } from "../gods.js";
import { type LeaderState, totalDp } from "../units.js";
import { Ctx, memoKind } from "./ctx.js";
import type { BattleState, BattleUnit } from "./types.js";
import { ruleOption } from "./types.js";
import { canAct, forwardHeading, geomOf, onTable, other, sideOfId } from "./unit-facts.js";

/** Order of action (seed "Deployment"): the side that goes first, then the other; within a side contingents right to left, retinue, then the right and left bands. */
export function sideOrder(s: BattleState): Side[] {
  return [s.first, other(s.first)];
}

const CONTINGENTS_RIGHT_TO_LEFT = memoKind<Side, readonly string[]>("contingentsRightToLeft", true);

/**
 * A side's contingents from right to left as the army faces (red faces north: right is east).
 * Depends only on where the units stand (contingents and their units never change), so it is
 * kept in the geometry memo; callers must not change the list.
 */
export function contingentsRightToLeft(ctx: Ctx, side: Side): readonly string[] {
  return ctx.cached(CONTINGENTS_RIGHT_TO_LEFT, side, () => {
    // Each contingent at the mean x of its units' centres (units on the table, in army order),
    // summed in one pass over the units; contingents with no unit on the table are left out.
    const contingents = ctx.s.sides[side].contingents;
    const sum = contingents.map(() => 0);
    const count = contingents.map(() => 0);
    const units = ctx.s.units;
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      if (u.side !== side || !onTable(u)) continue;
      const k = contingents.indexOf(u.u.contingent);
      if (k < 0) continue;
      sum[k] += unitCentre(geomOf(u)).x;
      count[k]++;
    }
    const placed: { c: string; x: number }[] = [];
    for (let k = 0; k < contingents.length; k++) if (count[k] > 0) placed.push({ c: contingents[k], x: sum[k] / count[k] });
    placed.sort((a, b) => (side === "red" ? b.x - a.x : a.x - b.x) || (a.c < b.c ? -1 : 1));
    return placed.map((e) => e.c);
  });
}


/** Units of a contingent in acting order: retinue, right band, left band. */
export function contingentUnits(ctx: Ctx, side: Side, c: string): string[] {
  const sd = ctx.s.sides[side];
  return [sd.retinues[c], ...sd.bands[c]];
}

const ACTING_ORDER = memoKind<Side, readonly string[]>("actingOrder", true);

/** A side's units in acting order (contingents right to left); kept in the geometry memo like {@link contingentsRightToLeft}, so callers must not change it. */
export function actingOrder(ctx: Ctx, side: Side): readonly string[] {
  return ctx.cached(ACTING_ORDER, side, () => {
    const sd = ctx.s.sides[side];
    const out: string[] = [];
    for (const c of contingentsRightToLeft(ctx, side)) {
      out.push(sd.retinues[c]);
      for (const b of sd.bands[c]) out.push(b);
    }
    return out;
  });
}



/** Stands of a contingent deployed as one line: left band, retinue, right band (as the army faces). */
export function contingentLine(ctx: Ctx | BattleState, side: Side, contingent: string, x: number, distance: number): { unit: string; stands: Stand[] }[] {
  const s = ctx instanceof Ctx ? ctx.s : ctx;
  const sd = s.sides[side];
  const get = (id: string) => unitIn(s, id);
  const ids = [sd.bands[contingent][1], sd.retinues[contingent], sd.bands[contingent][0]].filter((x): x is string => x !== undefined);
  // Units aboard ship (scenario "embarked") are not in the line.
  const units = ids.map(get).filter((u) => u.embarked === undefined);
  const count = units.reduce((n, u) => n + u.u.stands, 0);
  const mid = s.table.height / 2;
  const facing = forwardHeading(side);
  const y = side === "red" ? mid - distance : mid + distance;
  const base = {
    width: s.table.scale === "28mm" ? 120 / 25.4 : 80 / 25.4,
    depth: s.table.scale === "28mm" ? 50 / 25.4 : 40 / 25.4,
  };
  const all = formLine({ x, y, facing }, count, base);
  // formLine lists stands left to right as the line faces; red's left is west, black's left is east.
  const out: { unit: string; stands: Stand[] }[] = [];
  let k = 0;
  for (const u of units) {
    out.push({ unit: u.id, stands: all.slice(k, k + u.u.stands) });
    k += u.u.stands;
  }
  return out;
}

export function unitIn(s: BattleState, id: string): BattleUnit {
  const u = s.units.find((x) => x.id === id);
  if (!u) throw new RangeError(`unknown unit "${id}"`);
  return u;
}

export function currentDraw(s: BattleState) {
  if (!s.god.draw) throw new Error("no god card has been drawn this turn");
  return s.god.draw;
}

export function undeployed(s: BattleState, side: Side): string[] {
  const sd = s.sides[side];
  return sd.contingents.filter((c) => !unitIn(s, sd.retinues[c]).deployed);
}

export function cincLp(ctx: Ctx, side: Side): number | null {
  const l = ctx.s.leaders.find((x) => x.id.startsWith(`${side}.`) && x.commanderInChief && x.status === "alive");
  return l ? l.lpValue : null;
}



export function holyLeader(ctx: Ctx, side: Side): LeaderState | null {
  for (const l of ctx.s.leaders) {
    if (sideOfId(l.id) !== side || l.status !== "alive") continue;
    if (!ctx.hasUnit(l.unit)) continue;
    const u = ctx.unit(l.unit);
    if (u.u.status !== "active") continue;
    if (holyCallRefusal(l, u.u) === null) return l;
  }
  return null;
}

export function leaderInCombat(ctx: Ctx, l: LeaderState): boolean {
  return ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.inCombat;
}

/** Friendly units within 2" of the leader's retinue (ruling SW-4), not in combat. */
export function leaderReach(ctx: Ctx, l: LeaderState): BattleUnit[] {
  const home = ctx.leaderUnit(l);
  if (!home) return [];
  return friendsWithin2(ctx, home)
    .map((id) => ctx.unit(id))
    .filter((u) => !u.u.inCombat);
}

const FRIENDS_WITHIN_2 = memoKind<string, readonly string[]>("friendsWithin2", true);

/** The unit and the friendly units on the table within 2" of it, in army order: kept in the geometry memo (a leader acts several times a turn). */
function friendsWithin2(ctx: Ctx, home: BattleUnit): readonly string[] {
  return ctx.cached(FRIENDS_WITHIN_2, home.id, () =>
    ctx
      .sideUnits(home.side)
      .filter((u) => onTable(u) && (u.id === home.id || within(home, u, 2)))
      .map((u) => u.id),
  );
}

/**
 * Has `l` an enemy leader to challenge: one alive whose unit is on the table? The same answer as
 * `closestEnemyLeader(ctx, l) !== null` (units on the table are a finite distance apart), without
 * measuring any distance.
 */
export function enemyLeaderOnTable(ctx: Ctx, l: LeaderState): boolean {
  if (!ctx.leaderUnit(l)) return false;
  const side = sideOfId(l.id);
  for (const e of ctx.s.leaders) if (sideOfId(e.id) !== side && e.status === "alive" && ctx.leaderUnit(e)) return true;
  return false;
}

export function closestEnemyLeader(ctx: Ctx, l: LeaderState): LeaderState | null {
  const home = ctx.leaderUnit(l);
  if (!home) return null;
  let best: LeaderState | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const e of ctx.s.leaders) {
    if (sideOfId(e.id) === sideOfId(l.id) || e.status !== "alive") continue;
    const eu = ctx.leaderUnit(e);
    if (!eu) continue;
    const d = unitDist(home, eu);
    if (d < bestD - 1e-9) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

export function enemiesOnTable(ctx: Ctx, side: Side): BattleUnit[] {
  return ctx.s.units.filter((u) => u.side !== side && onTable(u));
}

const NEAREST_VISIBLE_ENEMY = memoKind<string, string | null>("nearestVisibleEnemy", true);

/** The nearest enemy unit the unit can see (seed "Movement": "visible enemy"), or null. */
export function nearestVisibleEnemy(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  const id = ctx.cached(NEAREST_VISIBLE_ENEMY, bu.id, (): string | null => {
    const scene = ctx.scene();
    const es = enemiesOnTable(ctx, bu.side)
      .map((e) => ({ e, d: unitDist(bu, e) }))
      .sort((a, b) => a.d - b.d || (a.e.id < b.e.id ? -1 : 1));
    for (const { e } of es) if (unitSees(scene, bu.id, e.id)) return e.id;
    return null;
  });
  return id === null ? null : ctx.unit(id);
}

const NEAREST_ENEMY = memoKind<string, string | null>("nearestEnemy", true);

export function nearestEnemy(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  const id = ctx.cached(NEAREST_ENEMY, bu.id, (): string | null => {
    // Enemies in order of the distance between bounding boxes (ties in army order), each only while
    // that bound could still beat the best so far: then the tighter bound of the stands, and the
    // exact distance only if that one could too. Picked one at a time: few are ever looked at.
    // The enemies on the table and their box distances gathered in one indexed pass (this runs for
    // every unit offered a move, each time on new positions).
    const box = standsBox(bu.stands);
    const enemies: BattleUnit[] = [];
    const lower: number[] = [];
    const done: boolean[] = [];
    const units = ctx.s.units;
    for (let i = 0; i < units.length; i++) {
      const e = units[i];
      if (e.side === bu.side || !onTable(e)) continue;
      enemies.push(e);
      lower.push(boxDistance(box, standsBox(e.stands)));
      done.push(false);
    }
    let best: BattleUnit | null = null;
    let bd = Number.POSITIVE_INFINITY;
    for (;;) {
      let k = -1;
      for (let i = 0; i < enemies.length; i++) if (!done[i] && (k < 0 || lower[i] < lower[k])) k = i;
      if (k < 0 || lower[k] > bd + 1e-9) break;
      done[k] = true;
      const e = enemies[k];
      if (distanceLowerBound(bu, e) > bd + 1e-9) continue;
      const d = unitDist(bu, e);
      // Ties go to the unit listed first, as a plain scan in army order would.
      if (d < bd - 1e-9 || (Math.abs(d - bd) <= 1e-9 && best !== null && ctx.s.units.indexOf(e) < ctx.s.units.indexOf(best))) {
        bd = d;
        best = e;
      }
    }
    return best === null ? null : best.id;
  });
  return id === null ? null : ctx.unit(id);
}

export function headingTo(from: BattleUnit, to: BattleUnit): number {
  const a = unitCentre(geomOf(from));
  const b = unitCentre(geomOf(to));
  return normaliseDegrees(vectorHeading({ x: b.x - a.x, y: b.y - a.y }));
}

/** The heading of a "toward" move: towards the nearest enemy (edge to edge, ruling SW-3), clamped to the 22½° arc for a formed unit. */
export function towardHeading(ctx: Ctx, bu: BattleUnit): number {
  const e = nearestEnemy(ctx, bu);
  return towardHeadingOf(bu, e ? headingTo(bu, e) : null);
}

/** {@link towardHeading} with the heading to the unit's nearest enemy `h` already known (null: there is none). */
export function towardHeadingOf(bu: BattleUnit, h: number | null): number {
  const facing = bu.u.formed ? unitFacing(geomOf(bu)) : forwardHeading(bu.side);
  if (h === null) return facing;
  if (!bu.u.formed) return h;
  let off = normaliseDegrees(h - facing);
  if (off > 180) off -= 360;
  off = Math.max(-22.5, Math.min(22.5, off));
  return normaliseDegrees(facing + off);
}

/** How far ahead a unit's move may reach (AvD+D6 at most 11", +1" for a retire move). */
export const MOVE_REACH = 12;

/**
 * The friendly unit (same side, yet to move this phase) whose stands lie in the path of unit
 * `bu`'s move: the corridor its stands sweep straight ahead for {@link MOVE_REACH} inches, ahead
 * as it faces (formed) or towards the enemy's half (unformed, facing all round; away from it when
 * retiring); the nearest such friend, or null if none.
 */
export function unitInFront(ctx: Ctx, bu: BattleUnit, candidates: readonly string[]): BattleUnit | null {
  if (bu.stands.length === 0) return null;
  const others: BattleUnit[] = [];
  for (const id of candidates) {
    const o = ctx.unit(id);
    if (o.id === bu.id || o.side !== bu.side || !canAct(o) || o.u.inCombat || o.moved) continue;
    if (mayMoveWithRetinue(bu, o)) continue; // they may move as one body (a group move moves its front unit first)
    others.push(o);
  }
  if (others.length === 0) return null;
  // A retiring unit's move goes away from the enemy.
  const heading = bu.u.formed ? unitFacing(geomOf(bu)) : bu.retiring ? normaliseDegrees(forwardHeading(bu.side) + 180) : forwardHeading(bu.side);
  const f = headingVector(heading);
  const r = { x: f.y, y: -f.x };
  let fMax = Number.NEGATIVE_INFINITY;
  let rMin = Number.POSITIVE_INFINITY;
  let rMax = Number.NEGATIVE_INFINITY;
  for (const st of standRects(bu.stands)) {
    // The stand's reach along f and its extent across r (projections of its corners).
    const a = st.cx * f.x + st.cy * f.y + st.hd * Math.abs(st.fx * f.x + st.fy * f.y) + st.hw * Math.abs(st.rx * f.x + st.ry * f.y);
    const b = st.cx * r.x + st.cy * r.y;
    const half = st.hd * Math.abs(st.fx * r.x + st.fy * r.y) + st.hw * Math.abs(st.rx * r.x + st.ry * r.y);
    if (a > fMax) fMax = a;
    if (b - half < rMin) rMin = b - half;
    if (b + half > rMax) rMax = b + half;
  }
  const fc = fMax + MOVE_REACH / 2;
  const rc = (rMin + rMax) / 2;
  // The corridor ahead, a hair narrower so units merely side by side are not in the way.
  const corridor = makeRect(f.x * fc + r.x * rc, f.y * fc + r.y * rc, f.x, f.y, r.x, r.y, (rMax - rMin) / 2 - 0.01, MOVE_REACH / 2);
  const ex = corridor.hd * Math.abs(f.x) + corridor.hw * Math.abs(r.x);
  const ey = corridor.hd * Math.abs(f.y) + corridor.hw * Math.abs(r.y);
  const minX = corridor.cx - ex;
  const maxX = corridor.cx + ex;
  const minY = corridor.cy - ey;
  const maxY = corridor.cy + ey;
  // The nearest friend in the corridor; distances are measured only once a second one is found
  // (usually none or one is in the way).
  let best: BattleUnit | null = null;
  let bestGap = Number.NaN;
  for (const o of others) {
    const box = standsBox(o.stands);
    if (box.minX > maxX || box.maxX < minX || box.minY > maxY || box.maxY < minY) continue;
    if (!standRects(o.stands).some((st) => rectsOverlap(corridor, st, 0.01))) continue;
    if (best === null) {
      best = o;
      continue;
    }
    if (Number.isNaN(bestGap)) bestGap = unitDist(bu, best);
    const gap = unitDist(bu, o);
    if (gap < bestGap) {
      bestGap = gap;
      best = o;
    }
  }
  return best;
}

/** Could `other` join a group move led by `bu` (seed "Movement": same contingent, within 2" of the retinue, formed, facing the same way)? */
function mayMoveWithRetinue(bu: BattleUnit, other: BattleUnit): boolean {
  if (bu.u.kind !== "retinue" || !bu.u.formed || other.u.contingent !== bu.u.contingent || !other.u.formed || other.pursuing || other.retiring) return false;
  return within(bu, other, 2) && angleBetweenDegrees(unitFacing(geomOf(other)), unitFacing(geomOf(bu))) <= 1;
}

const SHOOTING_OPTIONS = memoKind<string, { target: string; stands: number }[]>("shootingOptions", false);

/** Eligible targets and how many stands of the shooter can shoot each. */
export function shootingOptions(ctx: Ctx, bu: BattleUnit): { target: string; stands: number }[] {
  return ctx.cached(SHOOTING_OPTIONS, bu.id, () => {
    // Enemy engaged in combat with friends are not eligible targets, however, outflanking stands are (seed).
    const counts = shootingTargetUnits(ctx.scene(), bu.id, 2, { allRound: !bu.u.formed }, (id, stand) => !ctx.unit(id).u.inCombat || outflankingStands(ctx, id).includes(stand));
    return [...counts.entries()].map(([target, stands]) => ({ target, stands })).sort((a, b) => (a.target < b.target ? -1 : 1));
  });
}


const OUTFLANKING_STANDS = memoKind<string, number[]>("outflankingStands", false);

/**
 * Seed "Missile Exchange": "Enemy engaged in combat with friends are not eligible targets,
 * however, outflanking stands are." The stands of enemy unit `id` that outflank a friend (of the
 * shooters): each stand touching the flank or rear edge of a stand of a formed friendly unit.
 * Only these stands may be shot at (range and line of sight are taken to them); the unit's other
 * stands are not targets. An unformed friend faces all round and cannot be outflanked.
 */
export function outflankingStands(ctx: Ctx, id: string): number[] {
  return ctx.cached(OUTFLANKING_STANDS, id, () => {
    const e = ctx.unit(id);
    const tol = ctx.s.table.options.contactTolerance;
    const out = new Set<number>();
    for (const f of ctx.sideUnits(other(e.side))) {
      if (!onTable(f) || !f.u.formed || !within(f, e, tol)) continue;
      for (const c of unitContacts(geomOf(e), geomOf(f), tol)) if (c.aspectOfB === "flank" || c.aspectOfB === "rear") out.add(c.standOfA);
    }
    return [...out].sort((a, b) => a - b);
  });
}

/** A charge move found (ruling SW-28): the move, the target stand it contacts and on which edge. */
export interface ChargeFound {
  plan: ChargeMove;
  stand: number;
  edge: Edge;
  /** Inches of that stand's edge the charger's front covers, and whether that is all its frontage allows. */
  contact: number;
  aligned: boolean;
}

/** What is in the way of a charge that cannot reach its target (ruling SW-28). */
export type ChargeBlocker = { kind: "stand"; unit: string; stand: number } | { kind: "table-edge" };

interface ChargeAnswer {
  found: ChargeFound | null;
  blockedBy: ChargeBlocker[];
}

const CHARGE_PLANS = memoKind<string, Map<string, ChargeAnswer>>("chargePlans", true);

/**
 * The target's stand edges a charger comes at (issue 23 N1): for a formed target the edge of its
 * outline whose zone (geometry/zones.ts, the zones the table draws) holds the charger's centre,
 * made of the stands on that edge; an unformed target faces all round, so each stand's own zone.
 * Nearest stand first.
 */
export function chargeEdges(charger: BattleUnit, target: BattleUnit): { stand: number; edge: Edge }[] {
  const c = unitCentre(geomOf(charger));
  const dist = (i: number) => Math.hypot(target.stands[i].x - c.x, target.stands[i].y - c.y);
  const byDistance = (a: number, b: number) => dist(a) - dist(b) || a - b;
  if (!target.u.formed) return target.stands.map((_, i) => i).sort(byDistance).map((i) => ({ stand: i, edge: edgeFacing(target.stands[i], c) }));
  const outline = unitOutline(target.stands);
  const edge = zoneAt(outline, c);
  return standsOnOutlineEdge(outline, target.stands, edge).sort(byDistance).map((i) => ({ stand: i, edge }));
}

function chargeAnswer(ctx: Ctx, charger: BattleUnit, target: BattleUnit): ChargeAnswer {
  const plans = ctx.cached(CHARGE_PLANS, charger.id, () => new Map<string, ChargeAnswer>());
  let answer = plans.get(target.id);
  if (answer !== undefined) return answer;
  const edges = chargeEdges(charger, target);
  const r = planAlignedCharge(ctx.scene(), charger.id, target.id, edges);
  const edgeOf = (stand: number) => edges.find((e) => e.stand === stand)?.edge ?? "front";
  answer = {
    found: r.found ? { plan: r.found.move, stand: r.found.stand, edge: edgeOf(r.found.stand), contact: r.found.contact, aligned: r.found.aligned } : null,
    blockedBy: r.blockedBy,
  };
  plans.set(target.id, answer);
  return answer;
}

/**
 * The charge move onto the target (ruling SW-28: straight in, then wheeled or shifted into line
 * as far as other stands allow), or null when no stand of the charger can reach it. Kept while
 * nothing moves, so the charge move made after the charge test reuses the one found when the
 * charge was declared. The one move for the person's decision, the computer players, pursuit
 * contact and the odds shown before a charge.
 */
export function chargePlan(ctx: Ctx, charger: BattleUnit, target: BattleUnit): ChargeFound | null {
  return chargeAnswer(ctx, charger, target).found;
}

const CHARGE_TARGETS = memoKind<string, string[]>("chargeTargets", true);

/** Enemy units this unit may charge: within 2", visible, and reachable by a charge move (SW-28). */
export function chargeTargets(ctx: Ctx, bu: BattleUnit): string[] {
  return ctx.cached(CHARGE_TARGETS, bu.id, () => {
    const scene = ctx.scene();
    const out: string[] = [];
    for (const e of enemiesOnTable(ctx, bu.side)) {
      if (!within(bu, e, 2)) continue;
      // The charge move before the sight line: it is blocked far more often than sight is (same answer, fewer sight lines).
      if (!chargePlan(ctx, bu, e)) continue;
      if (!unitSees(scene, bu.id, e.id)) continue;
      out.push(e.id);
    }
    return out.sort((a, b) => unitDist(bu, ctx.unit(a)) - unitDist(bu, ctx.unit(b)) || (a < b ? -1 : 1));
  });
}

/** An enemy within 2" and in sight that no charge move reaches, and why (ruling SW-28). */
export interface ChargeRefusal {
  target: string;
  /** The stands in the way, by unit (named), and whether the table edge is. */
  inTheWay: { unit: string; name: string }[];
  tableEdge: boolean;
  /** "no room to reach Jostein's hirth: Fyrd of the hundreds is in the way". */
  text: string;
}

const CHARGE_REFUSALS = memoKind<string, ChargeRefusal[]>("chargeRefusals", true);

/** The words for a charge that cannot reach `targetName` past `names` (and the table edge). */
export function noRoomText(targetName: string, names: readonly string[], tableEdge: boolean): string {
  const all = [...names, ...(tableEdge ? ["the table edge"] : [])];
  if (all.length === 0) return `no room to reach ${targetName}`;
  const list = all.length === 1 ? all[0] : `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
  return `no room to reach ${targetName}: ${list} ${all.length === 1 ? "is" : "are"} in the way`;
}

/** Why `charger` cannot reach `target` (see {@link ChargeRefusal}), or null when a charge move reaches it. */
export function chargeRefusal(ctx: Ctx, charger: BattleUnit, target: BattleUnit): ChargeRefusal | null {
  const a = chargeAnswer(ctx, charger, target);
  if (a.found) return null;
  const units: string[] = [];
  for (const b of a.blockedBy) if (b.kind === "stand" && !units.includes(b.unit)) units.push(b.unit);
  const inTheWay = units.map((id) => ({ unit: id, name: ctx.unit(id).u.name }));
  const tableEdge = a.blockedBy.some((b) => b.kind === "table-edge");
  return { target: target.id, inTheWay, tableEdge, text: noRoomText(target.u.name, inTheWay.map((x) => x.name), tableEdge) };
}

/**
 * Enemy units within 2" and in sight of `bu` that it cannot charge because no stand of it can
 * reach them (ruling SW-28), nearest first, each with the stands in the way: what the charge
 * decision shows, and what a Blood Lust unit's narrative says.
 */
export function chargeRefusals(ctx: Ctx, bu: BattleUnit): ChargeRefusal[] {
  return ctx.cached(CHARGE_REFUSALS, bu.id, () => {
    const scene = ctx.scene();
    const out: { r: ChargeRefusal; d: number }[] = [];
    for (const e of enemiesOnTable(ctx, bu.side)) {
      if (!within(bu, e, 2)) continue;
      const r = chargeRefusal(ctx, bu, e);
      if (!r || !unitSees(scene, bu.id, e.id)) continue;
      out.push({ r, d: unitDist(bu, e) });
    }
    return out.sort((a, b) => a.d - b.d || (a.r.target < b.r.target ? -1 : 1)).map((x) => x.r);
  });
}

/**
 * For a pending charge decision: the enemies within 2" and in sight the unit cannot charge, each
 * with the reason (ruling SW-28); otherwise none. The screen shows them beside the options.
 */
export function pendingChargeRefusals(s: BattleState): ChargeRefusal[] {
  const p = s.pending;
  if (p?.kind !== "charge") return [];
  const ctx = new Ctx(s, true);
  return chargeRefusals(ctx, ctx.unit(p.unit));
}

/**
 * The charge test's inputs for unit `id` as the table stands now (seed "Charges and Combat"):
 * shared by the test itself and by computer players weighing a charge.
 */
/** A unit's control test input, with the A-grade ±1 (option `aGradeChoice`, A grade only; with "player" the one `declared`). */
export function controlInputFor(ctx: Ctx, bu: BattleUnit, declared?: "plus" | "minus" | "none"): ControlInput {
  const o = ruleOption(ctx.s.options, "aGradeChoice");
  const choice = bu.u.grade !== "A" ? "none" : o === "player" ? (declared ?? "none") : o;
  return { grade: bu.u.grade, aggression: bu.u.aggression, aGradeChoice: choice };
}

export function chargeInputFor(ctx: Ctx, id: string): ChargeInput {
  const bu = ctx.unit(id);
  const l = ctx.leaderOfUnit(id);
  const standard = ctx.sideUnits(bu.side).some((u) => onTable(u) && u.u.attachments.includes("battle-standard") && (u.id === id || within(u, bu, 2)));
  const friend = ctx.s.declarations.some((d) => d.unit !== id && sideOfId(d.unit) === bu.side && within(ctx.unit(d.unit), bu, 2));
  return {
    grade: bu.u.grade,
    aggression: bu.u.aggression,
    dp: totalDp(bu.u),
    unformed: !bu.u.formed,
    retinueWithLeader: bu.u.kind === "retinue" && l !== undefined,
    friendChargingWithin2: friend,
    battleStandardWithin2: standard,
  };
}

export interface Engagement {
  red: Set<string>;
  black: Set<string>;
}

const COMBATS = memoKind<null, readonly Engagement[]>("combats", true);

/** Red `r` and black `b` in contact (the test {@link findCombats} and {@link combatOf} share). */
function engagedPair(r: BattleUnit, b: BattleUnit, tol: number): boolean {
  return within(r, b, tol) && unitContacts(geomOf(r), geomOf(b), tol).length > 0;
}

/**
 * The one group of {@link findCombats} that unit `id` is in (the same units, in the same order), or
 * null: found by following contacts out from the unit alone, for a caller that asks about one unit
 * on a working copy where the whole table's groups are not kept (a charge's outlook, per target).
 */
export function combatOf(ctx: Ctx, id: string): Engagement | null {
  const tol = ctx.s.table.options.contactTolerance;
  const live = ctx.s.units.filter((u) => onTable(u));
  const start = live.find((u) => u.id === id);
  if (!start) return null;
  const members = new Set([id]);
  const frontier = [start];
  for (let u = frontier.pop(); u !== undefined; u = frontier.pop()) {
    for (const e of live) {
      if (e.side === u.side || members.has(e.id)) continue;
      if (!(u.side === "red" ? engagedPair(u, e, tol) : engagedPair(e, u, tol))) continue;
      members.add(e.id);
      frontier.push(e);
    }
  }
  if (members.size === 1) return null;
  const group: Engagement = { red: new Set(), black: new Set() };
  for (const u of live) if (members.has(u.id)) group[u.side].add(u.id);
  return group;
}

/** Groups of units in contact with enemy: each group is one combat (seed "Resolving combat"). */
export function findCombats(ctx: Ctx): readonly Engagement[] {
  // Contacts depend only on where units stand: kept in the geometry memo (the fight phase asks
  // again right after marking units in combat). Callers must not change the groups.
  return ctx.cached(COMBATS, null, () => {
    const tol = ctx.s.table.options.contactTolerance;
    const live = ctx.s.units.filter((u) => onTable(u));
    const red = live.filter((u) => u.side === "red");
    const black = live.filter((u) => u.side === "black");
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      let p = parent.get(x) ?? x;
      while (p !== (parent.get(p) ?? p)) p = parent.get(p) ?? p;
      return p;
    };
    const engaged = new Set<string>();
    for (const r of red) {
      for (const b of black) {
        if (!engagedPair(r, b, tol)) continue;
        engaged.add(r.id);
        engaged.add(b.id);
        const pr = find(r.id);
        const pb = find(b.id);
        if (pr !== pb) parent.set(pb, pr);
      }
    }
    const groups = new Map<string, Engagement>();
    for (const u of live) {
      if (!engaged.has(u.id)) continue;
      const root = find(u.id);
      let g = groups.get(root);
      if (!g) {
        g = { red: new Set(), black: new Set() };
        groups.set(root, g);
      }
      g[u.side].add(u.id);
    }
    return [...groups.values()];
  });
}


const ON_GROUND_OR_COVER = memoKind<string, boolean>("onGroundOrCover", true);

/**
 * Does a stand of the unit stand on high ground or in cover (its opponents' combat modifier)?
 * One look at the features under each stand for both flags, kept in the geometry memo: every
 * combatant of a combat asks it of each of its foes.
 */
export function onGroundOrCover(ctx: Ctx, bu: BattleUnit): boolean {
  return ctx.cached(ON_GROUND_OR_COVER, bu.id, () => bu.stands.some((st) => featuresUnder(standPolygon(st), ctx.s.table).some((f) => f.highGround || f.cover)));
}

export function lostUnits(s: BattleState, side: Side): number {
  return s.units.filter((u) => u.side === side && (u.u.status === "broken" || u.u.status === "destroyed" || u.u.status === "surrendered")).length;
}

export function lostStands(s: BattleState, side: Side): number {
  let n = 0;
  for (const u of s.units) {
    if (u.side !== side) continue;
    const kept = u.u.status === "active" || u.u.status === "left-table" ? u.u.stands : 0;
    n += u.initialStands - kept;
  }
  return n;
}

/** Why an army has lost (ruling SW-25, house rule): the category and the reason in words. */
export interface ArmyLoss {
  code: "half-units-lost" | "leaders-lost" | "no-units-left";
  text: string;
}

/** Has the side's army lost (ruling SW-25, house rule): half its units, all its leaders, or every unit off the table? */
export function armyLoss(s: BattleState, side: Side): ArmyLoss | null {
  const units = s.units.filter((u) => u.side === side).length;
  const lost = lostUnits(s, side);
  if (lost >= Math.ceil(units / 2)) return { code: "half-units-lost", text: `${side} has lost ${lost} of ${units} units` };
  if (s.leaders.filter((l) => sideOfId(l.id) === side).every((l) => l.status !== "alive")) return { code: "leaders-lost", text: `${side}'s leaders are all dead or captured` };
  // Units aboard ship are not on the table (house rule, docs: "Boats").
  if (!s.units.some((u) => u.side === side && u.u.status === "active" && u.embarked === undefined)) return { code: "no-units-left", text: `${side} has no units left on the table` };
  return null;
}

/** The reason in words why the side's army has lost (see {@link armyLoss}), or null. */
export function armyBroken(s: BattleState, side: Side): string | null {
  return armyLoss(s, side)?.text ?? null;
}

/**
 * The units of a contingent that may take the battle standard's extra inch on the initial move
 * (seed "Deployment": "A unit with less than Blood Lust aggression may choose to add 1" to their
 * initial move if battle standard is within 2""; ruling SW-1): on the table, not in combat, neither
 * Shaken (it does not move) nor at Blood Lust, with the side's battle standard within 2".
 */
export function standardInchUnits(ctx: Ctx, side: Side, contingent: string): string[] {
  const standard = ctx.sideUnits(side).filter((u) => onTable(u) && u.u.attachments.includes("battle-standard"));
  if (standard.length === 0) return [];
  return ctx
    .sideUnits(side)
    .filter((u) => u.u.contingent === contingent && onTable(u) && !u.u.inCombat && u.u.aggression !== "shaken" && u.u.aggression !== "bloodlust")
    .filter((u) => standard.some((b) => b.id === u.id || within(b, u, 2)))
    .map((u) => u.id);
}

/**
 * For a pending lead decision whose leader may signal the advance: the units of the contingent
 * that may take the battle standard's extra inch (see {@link standardInchUnits}); otherwise none.
 * The screen offers these as the signal's choices; the engine still checks the decision.
 */
export function signalStandardChoices(s: BattleState): string[] {
  const p = s.pending;
  if (p?.kind !== "lead") return [];
  const ctx = new Ctx(s, true);
  const l = ctx.leader(p.leader);
  if (l.signalled) return [];
  return standardInchUnits(ctx, sideOfId(l.id), l.contingent);
}
