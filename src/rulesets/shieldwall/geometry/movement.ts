/**
 * Movement geometry (seed "Movement", "Manoeuvre", ruling SW-1): the 22½° arc of a formed
 * unit's move, straight moves that halt 2" from visible enemy and stop short of friends,
 * enemy stands and obstacles, about face, side-step / step back / step forward, and the terrain
 * a move passes through.
 */
import { type Scene, prepareScene, sceneUnit, sceneUnitIndex, sceneUnitStands, unitSees } from "./los.js";
import { bounds, boxesBounds, convexHull, polygonsOverlap, segmentLengthInside } from "./polygon.js";
import { type Rect, rectCorners, rectDistance, rectOf, segmentRect, separation, timeToOverlap, timeToWithin, translateRect } from "./stand.js";
import { type Table, type TerrainFeature, distanceToTableEdge } from "./table.js";
import { type UnitGeom, rectsDistance, rotateUnit, translateUnit, unitCentre } from "./unit.js";
import { type Point, angleBetweenDegrees, headingVector, MEASURE_EPS } from "./vec.js";

/** Most a formed unit's move may vary from its centre axis, degrees (ruling SW-1: 22½°). */
export const MOVE_ARC_DEGREES = 22.5;
/** Longest side-step / step back / step forward, inches (seed "Manoeuvre", ruling SW-1: 2"). */
export const STEP_MAX = 2;
/** Units halt this far from visible enemy (seed "Movement": 2"). */
export const HALT_ZONE = 2;

/** The facing of a formed unit: its stands' facing (the first stand's). */
export function unitFacing(u: UnitGeom): number {
  if (u.stands.length === 0) throw new RangeError(`unit "${u.id}" has no stands`);
  return u.stands[0].facing;
}

/**
 * Is a move in direction `heading` (degrees) within `arc` of `facing` (ruling SW-1: 22½° of
 * the centre axis)? Inclusive, with 1e-9° slack.
 */
export function headingWithinArc(facing: number, heading: number, arc = MOVE_ARC_DEGREES): boolean {
  return angleBetweenDegrees(facing, heading) <= arc + 1e-9;
}

/** Is a displacement (dx, dy) within the arc of `facing` (ruling SW-1)? A zero move is. */
export function displacementWithinArc(facing: number, dx: number, dy: number, arc = MOVE_ARC_DEGREES): boolean {
  if (Math.hypot(dx, dy) < 1e-12) return true;
  return headingWithinArc(facing, (Math.atan2(dy, dx) * 180) / Math.PI, arc);
}

/** Why a formed unit may not move on this heading, or null (ruling SW-1). */
export function arcProblem(u: UnitGeom, heading: number, arc = MOVE_ARC_DEGREES): string | null {
  if (!u.formed) return null;
  const off = angleBetweenDegrees(unitFacing(u), heading);
  return off <= arc + 1e-9 ? null : `a formed unit moves at most ${arc}° off its front (ruling SW-1); this move is ${off.toFixed(1)}° off`;
}

/** The unit moved `distance` inches on `heading` degrees (no rotation: stands keep facing). */
export function moveUnit(u: UnitGeom, heading: number, distance: number): UnitGeom {
  const d = headingVector(heading);
  return translateUnit(u, d.x * distance, d.y * distance);
}

/**
 * A formed unit moved forward `distance` inches, `offset` degrees off its centre axis
 * (positive = to the left, anticlockwise). Throws a RangeError outside the arc (ruling SW-1).
 */
export function advance(u: UnitGeom, distance: number, offset = 0): UnitGeom {
  const heading = unitFacing(u) + offset;
  const why = arcProblem(u, heading);
  if (why) throw new RangeError(why);
  return moveUnit(u, heading, distance);
}

/**
 * About face (seed "Manoeuvre": costs half a move, ruling SW-1): every stand turns 180° about
 * the unit's centre, so a line keeps its footprint (stand 0 is still the left end).
 */
export function aboutFace(u: UnitGeom): UnitGeom {
  // Turning the whole line 180° keeps the left-to-right order: the old left end is the new left end.
  return rotateUnit(u, unitCentre(u), 180);
}

export type StepDirection = "forward" | "back" | "left" | "right";
const STEP_OFFSET: Record<StepDirection, number> = { forward: 0, left: 90, back: 180, right: -90 };

/** Why a step is not allowed, or null (seed "Manoeuvre", ruling SW-1: up to 2"). */
export function stepProblem(distance: number): string | null {
  if (!(distance >= 0)) return "a step must be a distance of 0 or more inches";
  if (distance > STEP_MAX + MEASURE_EPS) return `a side-step, step back or step forward is at most ${STEP_MAX}" (ruling SW-1); asked for ${distance}"`;
  return null;
}

/** Side-step / step back / step forward up to 2" (seed "Manoeuvre", ruling SW-1). */
export function step(u: UnitGeom, direction: StepDirection, distance: number): UnitGeom {
  const why = stepProblem(distance);
  if (why) throw new RangeError(why);
  return moveUnit(u, unitFacing(u) + STEP_OFFSET[direction], distance);
}

/** The heading of a step direction for a unit. */
export function stepHeading(u: UnitGeom, direction: StepDirection): number {
  return unitFacing(u) + STEP_OFFSET[direction];
}

// ---------------------------------------------------------------------------------------------
// Straight moves on the table

/**
 * How far a group of rectangles (a unit) can move along unit direction d before its distance to
 * the group `others` (an enemy unit) falls below `zone` (exact; the move is straight). A unit
 * already nearer than `zone` may not get any nearer: it stops at once if the move brings it
 * closer, and may otherwise slide along or move away. Reaching exactly `zone` and sliding along
 * at that distance is allowed. Pairs that cannot come within it before `far` are not worked out:
 * an answer of `far` or more only says that it is at least that.
 */
export function distanceBeforeZone(movers: readonly Rect[], d: Point, others: readonly Rect[], zone: number, far = Number.POSITIVE_INFINITY): number {
  const now = rectsDistance(movers, others);
  const limit = Math.min(zone, now);
  const h = 1e-6;
  let best = Number.POSITIVE_INFINITY;
  for (const a of movers) {
    for (const b of others) {
      const d0 = rectDistance(a, b);
      if (d0 <= limit + MEASURE_EPS) {
        // Distance along a straight move is convex: if it does not fall now, it never will.
        const moved = translateRect(a, d.x * h, d.y * h);
        if (rectDistance(moved, b) < d0 - 1e-12) return 0;
        continue;
      }
      // It cannot come within the limit sooner than it closes the distance beyond it (moving at
      // speed 1): a pair that far beyond the best so far, or beyond `far`, cannot matter.
      if (d0 - limit > Math.min(best, far) + 1e-9) continue;
      const t = timeToWithin(a, d.x, d.y, b, limit);
      if (!(t < best)) continue;
      // Only a pair that goes on inside the limit stops the move (not one that grazes it).
      const after = translateRect(a, d.x * (t + h), d.y * (t + h));
      if (rectDistance(after, b) < limit - 1e-12) best = t;
    }
  }
  return best;
}

/** How far rectangles can move along d before overlapping any of `others` (sliding past is fine). */
export function distanceBeforeOverlap(movers: readonly Rect[], d: Point, others: readonly Rect[], tol = 1e-6): { distance: number; index: number } {
  let best = Number.POSITIVE_INFINITY;
  let index = -1;
  for (const a of movers) {
    for (let j = 0; j < others.length; j++) {
      const t = timeToOverlap(a, d.x, d.y, others[j], tol);
      if (t < best) {
        best = t;
        index = j;
      }
    }
  }
  return { distance: best, index };
}

/** How far rectangles can move along d before overlapping rectangle `b` ({@link distanceBeforeOverlap} for one, without a list). */
function distanceBeforeOverlapOf(movers: readonly Rect[], d: Point, b: Rect, tol = 1e-6): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < movers.length; i++) {
    const t = timeToOverlap(movers[i], d.x, d.y, b, tol);
    if (t < best) best = t;
  }
  return best;
}

export type MoveStop =
  | { kind: "enemy-zone"; unit: string }
  | { kind: "stand"; unit: string; stand: number; friend: boolean }
  | { kind: "obstacle"; id: string }
  | { kind: "table-edge" };

const NO_UNITS: readonly string[] = [];

export interface MoveOptions {
  /** Halt this far from visible enemy (seed "Movement": 2"); set to 0 to move into contact. */
  zone?: number;
  /** Units ignored entirely (e.g. the unit being charged). */
  ignoreUnits?: readonly string[];
  /** Keep going over obstacles (the player chose to cross: the unit becomes unformed). */
  crossObstacles?: boolean;
  /** Stop at the table edge (default) or run off it (pursuers, ruling SW-21). */
  stopAtTableEdge?: boolean;
}

export interface PlannedMove {
  /** How far the unit actually goes (≤ the distance asked for). */
  distance: number;
  /** What stopped it short, if anything. */
  stoppedBy: MoveStop | null;
  /** The unit after the move. */
  unit: UnitGeom;
  /** Difficult terrain features any stand moves in (the unit becomes unformed, seed "Movement"). */
  difficult: string[];
  /** Obstacles crossed (crossing an obstacle is difficult terrain). */
  obstaclesCrossed: string[];
}

/**
 * A straight move of `distance` inches on `heading` (degrees) for unit `unitId` in the scene,
 * as the seed's "Movement" demands: the unit halts 2" from any enemy unit it can see (at the
 * start of the move), and is not forced to interpenetrate friends or cross an obstacle, so it
 * stops where it would first overlap another stand or meet an obstacle; it also stops at the
 * table edge. The arc of a formed unit is not checked here (see {@link arcProblem}).
 */
export function planMove(scene: Scene, unitId: string, heading: number, distance: number, opts: MoveOptions = {}): PlannedMove {
  const ui = sceneUnitIndex(scene, unitId);
  if (ui < 0) throw new RangeError(`unknown unit "${unitId}"`);
  const u = scene.units[ui];
  const zone = opts.zone ?? HALT_ZONE;
  const ignore = opts.ignoreUnits ?? NO_UNITS;
  const d = headingVector(heading);
  const own = scene.unitStands[ui];
  const movers = own.map((s) => s.rect);
  // Bounding box of the mover: a stand whose box is further than the move (plus the zone) cannot stop it.
  const { minX: bx0, minY: by0, maxX: bx1, maxY: by1 } = boxesBounds(own);
  const farther = (o: { minX: number; minY: number; maxX: number; maxY: number }, reach: number): boolean => {
    const m = reach + 1e-3;
    return o.minX > bx1 + m || o.maxX < bx0 - m || o.minY > by1 + m || o.maxY < by0 - m;
  };
  let limit = Math.max(0, distance);
  let stoppedBy: MoveStop | null = null;
  const consider = (t: number, why: MoveStop) => {
    if (t < limit - 1e-12) {
      limit = Math.max(0, t);
      stoppedBy = why;
    }
  };
  // The other units with a stand whose box is within the whole move (and the zone): the limit
  // only shrinks, so every unit the tests below look at is among them (in scene order).
  const nearUnits: number[] = [];
  for (let oi = 0; oi < scene.units.length; oi++) {
    const ss = scene.unitStands[oi];
    for (let i = 0; i < ss.length; i++) {
      if (!farther(ss[i], limit + Math.max(zone, 0))) {
        nearUnits.push(oi);
        break;
      }
    }
  }
  // Halt at 2" from visible enemy.
  if (zone > 0) {
    for (const ei of nearUnits) {
      const e = scene.units[ei];
      if (e.side === u.side || e.stands.length === 0 || ignore.includes(e.id)) continue;
      const es = scene.unitStands[ei];
      let near = false;
      for (let i = 0; i < es.length && !near; i++) near = !farther(es[i], limit + zone);
      if (!near) continue;
      const er = es.map((x) => x.rect);
      // Out of reach: even the whole move cannot bring it within the zone.
      if (lowerBoundDistance(movers, er) > limit + zone) continue;
      const t = distanceBeforeZone(movers, d, er, zone, limit);
      if (t >= limit) continue;
      if (!unitSees(scene, unitId, e.id)) continue;
      consider(t, { kind: "enemy-zone", unit: e.id });
    }
  }
  // Other stands: no moving through them.
  for (const oi of nearUnits) {
    const o = scene.units[oi];
    if (o.id === u.id || ignore.includes(o.id)) continue;
    const ss = scene.unitStands[oi];
    for (let i = 0; i < ss.length; i++) {
      if (farther(ss[i], limit)) continue;
      const r = ss[i].rect;
      if (lowerBoundDistanceTo(movers, r) > limit) continue;
      const t = distanceBeforeOverlapOf(movers, d, r);
      consider(t, { kind: "stand", unit: o.id, stand: i, friend: o.side === u.side });
    }
  }
  // Obstacles.
  if (!opts.crossObstacles) {
    for (const f of scene.table.terrain) {
      if (f.kind !== "obstacle") continue;
      for (let i = 0; i + 1 < f.points.length; i++) {
        const t = distanceBeforeOverlapOf(movers, d, segmentRect(f.points[i], f.points[i + 1]));
        consider(t, { kind: "obstacle", id: f.id });
      }
    }
  }
  if (opts.stopAtTableEdge ?? true) {
    for (const r of movers) consider(distanceToTableEdge(r, d.x, d.y, scene.table), { kind: "table-edge" });
  }
  // A move of no distance keeps the unit as it is (its stands array too, so what is derived from it stays valid).
  const moved = limit === 0 ? u : translateUnit(u, d.x * limit, d.y * limit);
  const swept = sweptTerrain(u, d, limit, scene.table, undefined, movers);
  // One literal, not a spread of `swept` after the other fields (V8's slow path, docs/architecture.md).
  return { distance: limit, stoppedBy, unit: moved, difficult: swept.difficult, obstaclesCrossed: swept.obstaclesCrossed };
}

/** The prepared rectangles of a unit's stands in a scene. */
function sceneRects(scene: Scene, unitId: string): Rect[] {
  return sceneUnitStands(scene, unitId).map((s) => s.rect);
}

/** A cheap lower bound on the distance between two groups of rectangles (separating axes). */
function lowerBoundDistance(a: readonly Rect[], b: readonly Rect[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let j = 0; j < b.length; j++) best = Math.min(best, lowerBoundDistanceTo(a, b[j]));
  return best;
}

/** {@link lowerBoundDistance} to one rectangle. */
function lowerBoundDistanceTo(a: readonly Rect[], y: Rect): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < a.length; i++) best = Math.min(best, Math.max(0, separation(a[i], y)));
  return best;
}

/** A terrain feature a move can be changed by (a difficult area, or an obstacle), with its bounding box. */
interface SweptFeature {
  feature: TerrainFeature;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
/** The features of each terrain list that a move can be changed by (checked against the list before use). */
const SWEPT_FEATURES = new WeakMap<readonly TerrainFeature[], { of: TerrainFeature[]; swept: SweptFeature[] }>();
function sweptFeatures(terrain: readonly TerrainFeature[]): SweptFeature[] {
  const known = SWEPT_FEATURES.get(terrain);
  if (known && known.of.length === terrain.length && known.of.every((f, i) => f === terrain[i])) return known.swept;
  const swept = terrain.filter((f) => f.kind !== "area" || f.difficult).map((feature) => ({ feature, ...bounds(feature.points) }));
  SWEPT_FEATURES.set(terrain, { of: [...terrain], swept });
  return swept;
}

/**
 * Is any of the features near the ground the rectangles sweep moving by (dx, dy)? Judged by
 * boxes from the rectangles' extents, with a margin far beyond rounding: a feature that is not
 * near cannot be entered or crossed.
 */
function featureNearMove(features: readonly SweptFeature[], rects: readonly Rect[], dx: number, dy: number): boolean {
  if (features.length === 0) return false;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const r of rects) {
    const ex = Math.abs(r.fx) * r.hd + Math.abs(r.rx) * r.hw;
    const ey = Math.abs(r.fy) * r.hd + Math.abs(r.ry) * r.hw;
    minX = Math.min(minX, r.cx - ex, r.cx + dx - ex);
    minY = Math.min(minY, r.cy - ey, r.cy + dy - ey);
    maxX = Math.max(maxX, r.cx + ex, r.cx + dx + ex);
    maxY = Math.max(maxY, r.cy + ey, r.cy + dy + ey);
  }
  const m = 1e-3;
  return features.some((f) => !(f.minX > maxX + m || f.maxX < minX - m || f.minY > maxY + m || f.maxY < minY - m));
}

/**
 * Terrain a unit passes over when it moves `distance` along unit direction d: difficult areas
 * any stand moves in (start, path or end overlap), and obstacles crossed (seed "Effect of
 * difficult terrain": the unit becomes unformed). Touching an edge is not entering. `rects`:
 * the stands' rectangles, if the caller has them already.
 */
export function sweptTerrain(
  u: UnitGeom,
  d: Point,
  distance: number,
  table: Table,
  tol = 1e-6,
  rects?: readonly Rect[],
): { difficult: string[]; obstaclesCrossed: string[] } {
  const features = sweptFeatures(table.terrain);
  const difficult = new Set<string>();
  const crossed = new Set<string>();
  const dx = d.x * distance;
  const dy = d.y * distance;
  const rs = rects ?? u.stands.map(rectOf);
  if (!featureNearMove(features, rs, dx, dy)) return { difficult: [], obstaclesCrossed: [] };
  for (const r of rs) {
    const start = rectCorners(r);
    const end = rectCorners(translateRect(r, dx, dy));
    // The hull's bounding box is the points' bounding box; the hull is built only when some feature is near.
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const corners of [start, end]) {
      for (const p of corners) {
        if (p.x < minX) minX = p.x;
        if (p.y < minY) minY = p.y;
        if (p.x > maxX) maxX = p.x;
        if (p.y > maxY) maxY = p.y;
      }
    }
    let hull: Point[] | null = null;
    for (const fb of features) {
      // Bounding boxes apart: the swept hull neither enters the area nor crosses the obstacle.
      if (fb.minX > maxX + 1e-3 || fb.maxX < minX - 1e-3 || fb.minY > maxY + 1e-3 || fb.maxY < minY - 1e-3) continue;
      const f = fb.feature;
      hull ??= convexHull([...start, ...end]);
      if (f.kind === "area") {
        if (polygonsOverlap(hull, f.points, tol)) difficult.add(f.id);
      } else {
        let inside = 0;
        for (let i = 0; i + 1 < f.points.length; i++) inside += segmentLengthInside(f.points[i], f.points[i + 1], hull);
        if (inside > tol) {
          crossed.add(f.id);
          if (f.difficult) difficult.add(f.id);
        }
      }
    }
  }
  return { difficult: [...difficult].sort(), obstaclesCrossed: [...crossed].sort() };
}

/**
 * The largest distance unit `unitId` can move straight on `heading` before entering the 2"
 * zone of a visible enemy (seed "Movement"); Infinity if no visible enemy is in the way.
 */
export function distanceToEnemyZone(scene: Scene, unitId: string, heading: number, zone = HALT_ZONE): { distance: number; enemy: string | null } {
  const u = sceneUnit(scene, unitId);
  if (!u) throw new RangeError(`unknown unit "${unitId}"`);
  const d = headingVector(heading);
  const movers = u.stands.map(rectOf);
  let best = { distance: Number.POSITIVE_INFINITY, enemy: null as string | null };
  for (const e of scene.units) {
    if (e.side === u.side || e.stands.length === 0) continue;
    const t = distanceBeforeZone(movers, d, e.stands.map(rectOf), zone);
    if (t < best.distance && unitSees(scene, unitId, e.id)) best = { distance: t, enemy: e.id };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Interpenetration (seed "Movement": units "will not be forced to interpenetrate friends";
// seed "Manoeuvre": "Interpenetration: All units involved become unformed")

export interface InterpenetratingMove extends PlannedMove {
  /** Units the mover actually passed through (overlapped at some point of the move), sorted. */
  passedThrough: string[];
}

/**
 * The distances along a straight move on unit direction d during which rectangle `a` overlaps
 * `b` by more than `tol`: one interval (the set is convex for a straight move), or null.
 */
export function overlapInterval(a: Rect, d: Point, b: Rect, far: number, tol = 1e-6): { enter: number; exit: number } | null {
  const enter = timeToOverlap(a, d.x, d.y, b, tol);
  if (!Number.isFinite(enter) || enter > far) return null;
  // The exit: the same test run backwards from beyond the far end of the move.
  const end = far + 2 * (a.hw + a.hd + b.hw + b.hd) + 1;
  const back = timeToOverlap(translateRect(a, d.x * end, d.y * end), -d.x, -d.y, b, tol);
  const exit = Number.isFinite(back) ? end - back : end;
  return exit > enter + tol ? { enter, exit } : null;
}

function withPassedThrough(plan: PlannedMove, passedThrough: string[]): InterpenetratingMove {
  return { distance: plan.distance, stoppedBy: plan.stoppedBy, unit: plan.unit, difficult: plan.difficult, obstaclesCrossed: plan.obstaclesCrossed, passedThrough };
}

/**
 * A straight move that may pass through the stands of the friendly units `passable` (a
 * voluntary interpenetration, declared before the dice): as {@link planMove} (the 2" halt from
 * visible enemy, enemy stands, other friends, obstacles and the table edge still stop it), but
 * the passable friends do not stop it, nor hide enemy beyond them (the halt applies to enemy
 * visible with them out of the way). It may not end overlapping any stand: where the full
 * move would end inside a friend it cannot clear, it stops short, touching the near side of the
 * first friend of that overlapping run (docs/shieldwall/battle.md, "Interpenetration").
 * `passedThrough` lists the friends it actually overlapped on the way.
 */
export function planInterpenetratingMove(scene: Scene, unitId: string, heading: number, distance: number, passable: readonly string[], opts: MoveOptions = {}): InterpenetratingMove {
  const u = sceneUnit(scene, unitId);
  if (!u) throw new RangeError(`unknown unit "${unitId}"`);
  const through = new Set(passable.filter((id) => id !== unitId && sceneUnit(scene, id)?.side === u.side));
  if (through.size === 0) return withPassedThrough(planMove(scene, unitId, heading, distance, opts), []);
  // The friends it may pass through are out of the way: they neither stop the move nor hide the
  // enemy it must halt 2" from (it sees what lies beyond them as it comes through).
  const open = prepareScene(scene.table, scene.units.filter((x) => !through.has(x.id)));
  const base = planMove(open, unitId, heading, distance, opts);
  const d = headingVector(heading);
  const movers = sceneRects(scene, unitId);
  const intervals: { unit: string; stand: number; enter: number; exit: number }[] = [];
  for (const id of through) {
    const ss = sceneUnitStands(scene, id);
    for (let i = 0; i < ss.length; i++) {
      if (lowerBoundDistanceTo(movers, ss[i].rect) > base.distance) continue;
      for (const m of movers) {
        const iv = overlapInterval(m, d, ss[i].rect, base.distance);
        if (iv) intervals.push({ unit: id, stand: i, enter: iv.enter, exit: iv.exit });
      }
    }
  }
  // Back off from the end of the move while it would end inside a friend.
  let t = base.distance;
  let stoppedBy: MoveStop | null = base.stoppedBy;
  for (let guard = 0; guard <= intervals.length; guard++) {
    const inside = intervals.filter((iv) => iv.enter < t - 1e-9 && iv.exit > t + 1e-9);
    if (inside.length === 0) break;
    const first = inside.reduce((a, b) => (b.enter < a.enter ? b : a));
    t = Math.max(0, first.enter);
    stoppedBy = { kind: "stand", unit: first.unit, stand: first.stand, friend: true };
  }
  const passed = [...new Set(intervals.filter((iv) => iv.enter < t - 1e-6).map((iv) => iv.unit))].sort();
  if (t === base.distance) return withPassedThrough(base, passed);
  const moved = translateUnit(u, d.x * t, d.y * t);
  const swept = sweptTerrain(u, d, t, scene.table, undefined, movers);
  return { distance: t, stoppedBy, unit: moved, difficult: swept.difficult, obstaclesCrossed: swept.obstaclesCrossed, passedThrough: passed };
}

/**
 * Is a stand of one of the `passable` friendly units in the way of a straight move of up to
 * `reach` inches (the mover would overlap it)? Cheap: bounding boxes first, no sight or terrain.
 */
export function friendInTheWay(scene: Scene, unitId: string, heading: number, reach: number, passable: readonly string[]): boolean {
  const d = headingVector(heading);
  const own = sceneUnitStands(scene, unitId);
  if (own.length === 0) return false;
  // The box swept by the mover's box: a stand whose box is outside it is not in the way.
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const m of own) {
    x0 = Math.min(x0, m.minX, m.minX + d.x * reach);
    y0 = Math.min(y0, m.minY, m.minY + d.y * reach);
    x1 = Math.max(x1, m.maxX, m.maxX + d.x * reach);
    y1 = Math.max(y1, m.maxY, m.maxY + d.y * reach);
  }
  let movers: Rect[] | null = null;
  for (const id of passable) {
    if (id === unitId) continue;
    for (const s of sceneUnitStands(scene, id)) {
      if (s.minX > x1 + 1e-6 || s.maxX < x0 - 1e-6 || s.minY > y1 + 1e-6 || s.maxY < y0 - 1e-6) continue;
      movers ??= own.map((m) => m.rect);
      if (distanceBeforeOverlapOf(movers, d, s.rect) < reach) return true;
    }
  }
  return false;
}
