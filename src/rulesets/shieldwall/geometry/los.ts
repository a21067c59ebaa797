/**
 * Line of sight (seed "Missile Exchange": "a clear line of sight from the front of the
 * shooting stand to the target … A gap must be at least 2" wide to shoot through").
 *
 * Definition (docs/shieldwall/table.md): a stand sees a target stand when some straight
 * segment from a point of its front edge (any edge for an unformed stand, which faces all
 * round) to a point of the target
 * - does not pass through the inside of the viewing stand itself, nor within 0.01" of any
 *   other stand (option sightClearance: a sliver view along lined-up edges is no view),
 * - does not cross a *gap* narrower than `minSightGap` (2"): the shortest segment joining two
 *   blockers (stands or sight-blocking terrain) that are closer than 2" to each other,
 * - does not run more than `sightDepth` (1") inside a sight-blocking area, nor cross a
 *   sight-blocking obstacle line.
 * Touching the viewer, the target or a terrain outline is not passing through. The test is
 * exact for straight segments: if any clear segment exists, one passes through two vertices of
 * the scene (blockers grown by the clearance), and those are all tried after a handful of quick
 * candidates.
 */
import { bounds, boxesBounds, convexHull, shapeClosest } from "./polygon.js";
import { makeRect, type Rect, rectClosestPoints, type Stand, rectCorners, rectDistance, rectOf, separation } from "./stand.js";
import { type Table, type TerrainFeature, terrainBlocksSegment } from "./table.js";
import type { UnitGeom } from "./unit.js";
import type { Point } from "./vec.js";
import { type Bridge, crossesBridge, firstEntry, gapToHull, type HullAxes, hullAxes, insideConvex, lineMeetsSegment, type OwnAxes, ownAxes, segmentPenetrates } from "./sight-tests.js";

export interface StandRef {
  unit: string;
  stand: number;
}

export interface SceneStand {
  unit: string;
  stand: number;
  side: string;
  rect: Rect;
  corners: Point[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** What sight tests work out about the stand, on the first one (see {@link standSight}). */
  sight: StandSight | null;
  /** Tells prepared stands apart as keys of {@link GapMemo}s (a number keeps no stand alive). */
  serial: number;
  /** Narrow gaps from this stand found so far (see {@link gapMemo}). */
  gaps: GapMemo | null;
}

/**
 * The narrow gaps between a prepared stand and later stands of scenes (by their serial) and
 * sight-blocking terrain (by -1 - their place in the list), or null where there is none: the
 * answer depends only on the two blockers, and a prepared stand is shared by the scenes of
 * states where its unit has not moved. Valid for one least gap, clearance and terrain list.
 */
interface GapMemo {
  minGap: number;
  sealed: number;
  terrain: readonly SightTerrain[];
  found: Map<number, SceneGap | null>;
}
let sceneStandSerial = 0;

function gapMemo(s: SceneStand, minGap: number, sealed: number, terrain: readonly SightTerrain[]): Map<number, SceneGap | null> {
  const m = s.gaps;
  if (m && m.minGap === minGap && m.sealed === sealed && m.terrain === terrain) return m.found;
  s.gaps = { minGap, sealed, terrain, found: new Map() };
  return s.gaps.found;
}

/** A remembered gap for the blockers at stand indices a and b of this scene (the same bridge, re-filed if the indices differ). */
function gapAt(g: SceneGap, a: number, b: number): SceneGap {
  if (g.a === a && g.b === b) return g;
  return { p: g.p, q: g.q, seg: g.seg, a, b, axes: g.axes };
}

/**
 * Prepared stands of a unit by its stands array, for a caller whose stands arrays are never
 * changed once made (each scene then prepares only the units that moved). Entries are read-only.
 */
export interface SceneStandCache {
  get(stands: readonly Stand[]): SceneStand[] | undefined;
  set(stands: readonly Stand[], prepared: SceneStand[]): unknown;
}

/** Units and table prepared for repeated sight and distance queries (derived data, not state). */
export interface Scene {
  table: Table;
  units: readonly UnitGeom[];
  /** The prepared stands of each unit, in the order of `units` (see {@link sceneUnitIndex}). */
  unitStands: readonly SceneStand[][];
  stands: SceneStand[];
  sightTerrain: SightTerrain[];
  /**
   * Every gap narrower than `minSightGap` between two blockers (stands, sight-blocking
   * terrain); worked out on the first line-of-sight query (see {@link sceneGaps}).
   */
  gaps: SceneGap[] | null;
  /** Memo of sight answers for this scene (derived data; the scene never changes). */
  sightMemo: Map<string, SightLine | null>;
}

interface SightTerrain {
  feature: TerrainFeature;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A narrow gap: its bridge segment and the two blockers (stand index, or -1 for terrain). */
export interface SceneGap {
  p: Point;
  q: Point;
  seg: readonly Point[];
  a: number;
  b: number;
  /** The bridge's own separating axis, on the first sight test that needs it. */
  axes: OwnAxes | null;
}

function makeGap(p: Point, q: Point, a: number, b: number): SceneGap {
  return { p, q, seg: [p, q], a, b, axes: null };
}

/**
 * Prepares units and table for repeated queries: stand rectangles and bounds, and every gap
 * narrower than 2" between blockers. Build one per game state; it is never changed.
 */
/** Sight-blocking terrain prepared once per terrain list (for callers that pass a stand cache: their tables never change). */
const SIGHT_TERRAIN = new WeakMap<readonly TerrainFeature[], SightTerrain[]>();
/** Narrow gaps between two terrain features, by prepared terrain list (terrain never moves). */
const TERRAIN_GAPS = new WeakMap<readonly SightTerrain[], { minGap: number; gaps: SceneGap[] }>();

export function prepareScene(table: Table, units: readonly UnitGeom[], reuse?: SceneStandCache): Scene {
  const stands: SceneStand[] = [];
  const unitStands: SceneStand[][] = [];
  for (const u of units) {
    let list = reuse?.get(u.stands);
    if (!list || list.length !== u.stands.length || (list.length > 0 && (list[0].unit !== u.id || list[0].side !== u.side))) {
      const fresh: SceneStand[] = [];
      reuse?.set(u.stands, fresh);
      u.stands.forEach((s, i) => {
        const rect = rectOf(s);
        const corners = rectCorners(rect);
        const b = bounds(corners);
        fresh.push({ unit: u.id, stand: i, side: u.side, rect, corners, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, sight: null, serial: ++sceneStandSerial, gaps: null });
      });
      list = fresh;
    }
    unitStands.push(list);
    for (const e of list) stands.push(e);
  }
  let sightTerrain = reuse ? SIGHT_TERRAIN.get(table.terrain) : undefined;
  if (!sightTerrain) {
    sightTerrain = table.terrain.filter((f) => f.blocksSight).map((feature) => ({ feature, ...bounds(feature.points) }));
    if (reuse) SIGHT_TERRAIN.set(table.terrain, sightTerrain);
  }
  return { table, units, unitStands, stands, sightTerrain, gaps: null, sightMemo: new Map() };
}

/**
 * Where unit `id` is in the scene's `units` (the last if listed twice), or -1. A scan: scenes
 * hold a few dozen units and are asked about a few of them, so a map built for each scene
 * would cost more than it saves.
 */
export function sceneUnitIndex(scene: Scene, id: string): number {
  const { units } = scene;
  for (let i = units.length - 1; i >= 0; i--) if (units[i].id === id) return i;
  return -1;
}

/** Unit `id` of the scene, if it is in it. */
export function sceneUnit(scene: Scene, id: string): UnitGeom | undefined {
  const i = sceneUnitIndex(scene, id);
  return i < 0 ? undefined : scene.units[i];
}

/** The prepared stands of unit `id` of the scene (none if it is not in it). */
export function sceneUnitStands(scene: Scene, id: string): readonly SceneStand[] {
  const i = sceneUnitIndex(scene, id);
  return i < 0 ? NO_STANDS : scene.unitStands[i];
}
const NO_STANDS: readonly SceneStand[] = [];

/** The scene's narrow gaps, worked out once on first use. */
export function sceneGaps(scene: Scene): SceneGap[] {
  scene.gaps ??= narrowGaps(scene, null);
  return scene.gaps;
}

/**
 * The narrow gaps between the scene's stands listed in `among` (indices in `stands`, ascending;
 * null for all), then between those stands and terrain, then between terrain features: the
 * gaps of {@link sceneGaps} that involve no other stand, in its order.
 */
function narrowGaps(scene: Scene, among: readonly number[] | null): SceneGap[] {
  const { table, stands, sightTerrain } = scene;
  const minGap = table.options.minSightGap;
  const gaps: SceneGap[] = [];
  // Stands closer than twice the sight clearance need no bridge: their grown outlines meet.
  const sealed = 2 * table.options.sightClearance;
  const n = among ? among.length : stands.length;
  for (let x = 0; x < n; x++) {
    const i = among ? among[x] : x;
    const a = stands[i];
    const memo = gapMemo(a, minGap, sealed, sightTerrain);
    for (let y = x + 1; y < n; y++) {
      const j = among ? among[y] : y;
      const b = stands[j];
      if (b.minX > a.maxX + minGap || b.maxX < a.minX - minGap || b.minY > a.maxY + minGap || b.maxY < a.minY - minGap) continue;
      let g = memo.get(b.serial);
      if (g === undefined) {
        g = standsGap(a, b, i, j, minGap, sealed);
        memo.set(b.serial, g);
      }
      if (g) gaps.push(gapAt(g, i, j));
    }
    for (let k = 0; k < sightTerrain.length; k++) {
      const t = sightTerrain[k];
      if (t.minX > a.maxX + minGap || t.maxX < a.minX - minGap || t.minY > a.maxY + minGap || t.maxY < a.minY - minGap) continue;
      let g = memo.get(-1 - k);
      if (g === undefined) {
        const c = shapeClosest(a.corners, true, t.feature.points, t.feature.kind === "area");
        g = c.distance < minGap && c.distance > 1e-9 ? makeGap(c.p, c.q, i, -1) : null;
        memo.set(-1 - k, g);
      }
      if (g) gaps.push(gapAt(g, i, -1));
    }
  }
  for (const g of terrainGaps(sightTerrain, minGap)) gaps.push(g);
  return gaps;
}

/** The narrow gap between stands a and b (at indices i and j of the scene), or null. */
function standsGap(a: SceneStand, b: SceneStand, i: number, j: number, minGap: number, sealed: number): SceneGap | null {
  const apart = separation(a.rect, b.rect);
  if (apart >= minGap) return null;
  // Touching or overlapping: their distance is 0, sealed unless the clearance is 0.
  if (apart <= 0 && sealed > 0) return null;
  const c = rectClosestPoints(a.rect, b.rect);
  return c.distance < minGap && c.distance >= sealed ? makeGap(c.p, c.q, i, j) : null;
}

/** Narrow gaps between two sight-blocking terrain features, worked out once per prepared terrain list (terrain never moves). */
function terrainGaps(sightTerrain: readonly SightTerrain[], minGap: number): SceneGap[] {
  const known = TERRAIN_GAPS.get(sightTerrain);
  if (known && known.minGap === minGap) return known.gaps;
  const gaps: SceneGap[] = [];
  for (let i = 0; i < sightTerrain.length; i++) {
    for (let j = i + 1; j < sightTerrain.length; j++) {
      const f = sightTerrain[i].feature;
      const g = sightTerrain[j].feature;
      const c = shapeClosest(f.points, f.kind === "area", g.points, g.kind === "area");
      if (c.distance < minGap && c.distance > 1e-9) gaps.push(makeGap(c.p, c.q, -1, -1));
    }
  }
  TERRAIN_GAPS.set(sightTerrain, { minGap, gaps });
  return gaps;
}

/**
 * The narrow gaps that may bridge the box (minX, minY)–(maxX, maxY): those of {@link sceneGaps}
 * whose bridge meets the box, among others, in its order. A bridge is shorter than the least
 * gap and ends on its two blockers, so only stands that near the box have one into it.
 */
export function gapsNear(scene: Scene, minX: number, minY: number, maxX: number, maxY: number): SceneGap[] {
  if (scene.gaps) return scene.gaps;
  const reach = scene.table.options.minSightGap + 1e-6;
  const near: number[] = [];
  const { stands } = scene;
  for (let i = 0; i < stands.length; i++) {
    const s = stands[i];
    if (s.maxX < minX - reach || s.minX > maxX + reach || s.maxY < minY - reach || s.minY > maxY + reach) continue;
    near.push(i);
  }
  return narrowGaps(scene, near);
}

function sceneStand(scene: Scene, ref: StandRef): SceneStand {
  const s = sceneUnitStands(scene, ref.unit)[ref.stand];
  if (!s) throw new RangeError(`no stand ${ref.stand} in unit "${ref.unit}"`);
  return s;
}

export interface SightOptions {
  /** See from every edge (unformed stands face all round). Default: from the front edge only. */
  allRound?: boolean;
}

/** A clear line of sight: from a point of the viewer's edge to a point of the target. */
export interface SightLine {
  from: Point;
  to: Point;
}

/** Does stand `from` see stand `to` (see module comment)? */
export function standSees(scene: Scene, from: StandRef, to: StandRef, opts: SightOptions = {}): boolean {
  return sightLine(scene, from, to, opts) !== null;
}

/** A clear line of sight from stand `from` to stand `to` (the witness), or null if none. */
export function sightLine(scene: Scene, from: StandRef, to: StandRef, opts: SightOptions = {}): SightLine | null {
  const a = sceneStand(scene, from);
  const b = sceneStand(scene, to);
  if (a === b) return { from: { x: a.rect.cx, y: a.rect.cy }, to: { x: a.rect.cx, y: a.rect.cy } };
  const key = `${from.unit}\u0000${from.stand}\u0000${to.unit}\u0000${to.stand}\u0000${opts.allRound ? 1 : 0}`;
  const known = scene.sightMemo.get(key);
  if (known !== undefined) return known;
  const [fl, fr, rr, rl] = a.corners;
  const r = a.rect;
  const front: SightSource = { p0: fl, p1: fr, nx: r.fx, ny: r.fy };
  const sources: SightSource[] = opts.allRound
    ? [front, { p0: fr, p1: rr, nx: r.rx, ny: r.ry }, { p0: rr, p1: rl, nx: -r.fx, ny: -r.fy }, { p0: rl, p1: fl, nx: -r.rx, ny: -r.ry }]
    : [front];
  const answer = sightClear(scene, a, b, sources);
  scene.sightMemo.set(key, answer);
  return answer;
}

/** Does any stand of unit `viewer` see any stand of unit `target`? Unformed units see all round. */
export function unitSees(scene: Scene, viewer: string, target: string): boolean {
  const v = sceneUnit(scene, viewer);
  const t = sceneUnit(scene, target);
  if (!v || !t) throw new RangeError(`unknown unit "${!v ? viewer : target}"`);
  const allRound = !v.formed;
  for (let i = 0; i < v.stands.length; i++) {
    for (let j = 0; j < t.stands.length; j++) {
      if (standSees(scene, { unit: viewer, stand: i }, { unit: target, stand: j }, { allRound })) return true;
    }
  }
  return false;
}

/** Enemy units (other side) that unit `viewer` can see ("visible enemy", seed "Movement"). */
export function visibleEnemies(scene: Scene, viewer: string): string[] {
  const v = sceneUnit(scene, viewer);
  if (!v) throw new RangeError(`unknown unit "${viewer}"`);
  return scene.units.filter((u) => u.side !== v.side && u.stands.length > 0 && unitSees(scene, viewer, u.id)).map((u) => u.id);
}

/**
 * Enemy stands a stand may shoot at: within `range` (2", seed "Missile Exchange") and in its
 * line of sight. Whether a target is engaged with friends is for the caller to judge.
 */
export function shootingTargets(scene: Scene, from: StandRef, range = 2, opts: SightOptions = {}): { target: StandRef; distance: number }[] {
  const a = sceneStand(scene, from);
  const out: { target: StandRef; distance: number }[] = [];
  for (const s of scene.stands) {
    if (s.side === a.side) continue;
    const d = rectDistance(a.rect, s.rect);
    if (d > range + 1e-6) continue;
    const ref = { unit: s.unit, stand: s.stand };
    if (standSees(scene, from, ref, opts)) out.push({ target: ref, distance: d });
  }
  return out.sort((x, y) => x.distance - y.distance);
}

/**
 * For each enemy unit `eligible` accepts: how many stands of unit `viewer` have at least one of
 * its stands as a shooting target ({@link shootingTargets} from each stand, counted once per
 * unit). Same answer as filtering {@link shootingTargets}, without testing sight to units
 * already counted for a stand or not eligible.
 */
export function shootingTargetUnits(scene: Scene, viewer: string, range: number, opts: SightOptions, eligible: (unit: string, stand: number) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  const own = sceneUnitStands(scene, viewer);
  if (own.length === 0) return counts;
  const margin = range + 1e-3;
  // Enemy stands whose boxes come within the range of the box of all the viewer's stands, in
  // scene order: a stand outside it is out of range of each of them.
  const { minX, minY, maxX, maxY } = boxesBounds(own);
  const side = own[0].side;
  const near: SceneStand[] = [];
  for (let k = 0; k < scene.stands.length; k++) {
    const s = scene.stands[k];
    if (s.side === side || s.minX > maxX + margin || s.maxX < minX - margin || s.minY > maxY + margin || s.maxY < minY - margin) continue;
    near.push(s);
  }
  if (near.length === 0) return counts;
  for (let i = 0; i < own.length; i++) {
    const a = own[i];
    const from = { unit: viewer, stand: i };
    const seen = new Set<string>();
    for (let k = 0; k < near.length; k++) {
      const s = near[k];
      if (seen.has(s.unit)) continue;
      // Bounding boxes further apart than the range: the stands are too.
      if (s.minX > a.maxX + margin || s.maxX < a.minX - margin || s.minY > a.maxY + margin || s.maxY < a.minY - margin) continue;
      if (rectDistance(a.rect, s.rect) > range + 1e-6) continue;
      if (!eligible(s.unit, s.stand)) continue;
      if (!standSees(scene, from, { unit: s.unit, stand: s.stand }, opts)) continue;
      seen.add(s.unit);
      counts.set(s.unit, (counts.get(s.unit) ?? 0) + 1);
    }
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------

/** An edge sight may start from, with its outward normal: sight must leave through it. */
export interface SightSource {
  p0: Point;
  p1: Point;
  nx: number;
  ny: number;
}

/**
 * Something that may block sight (one object shape for all kinds): kind 0 a rectangle (the
 * viewer, or another stand grown by the clearance), 1 a narrow gap's bridge, 2 sight-blocking
 * terrain; and whether it reaches into the corridor of the sight test.
 */
interface Blocker {
  kind: 0 | 1 | 2;
  rect: Rect | null;
  stand: SceneStand | null;
  gap: SceneGap | null;
  terrain: SightTerrain | null;
  corridor: number;
  /** A box the blocker lies in (infinite if not known): a segment whose box is clear of it is not blocked by it. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
const UNKNOWN = 0;
const IN_CORRIDOR = 1;
const OUT_OF_CORRIDOR = -1;

/**
 * `around`: the prepared stand a rectangle blocker is made from, its outline grown by at most
 * `clearance` (the blocker's reach box is that stand's box grown by {@link grownReachMargin}); a
 * blocker without one reaches everywhere.
 */
function makeBlocker(
  kind: 0 | 1 | 2,
  rect: Rect | null,
  stand: SceneStand | null,
  gap: SceneGap | null,
  terrain: SightTerrain | null,
  corridor: number,
  around: SceneStand | null,
  clearance: number,
): Blocker {
  const m = grownReachMargin(clearance);
  return around
    ? { kind, rect, stand, gap, terrain, corridor, minX: around.minX - m, minY: around.minY - m, maxX: around.maxX + m, maxY: around.maxY + m }
    : { kind, rect, stand, gap, terrain, corridor, minX: Number.NEGATIVE_INFINITY, minY: Number.NEGATIVE_INFINITY, maxX: Number.POSITIVE_INFINITY, maxY: Number.POSITIVE_INFINITY };
}

/**
 * How far beyond a stand's box its outline grown by `clearance` can reach: each corner moves by
 * the clearance along both of the stand's axes, at most clearance·√2 in x or in y; the rest is
 * room for rounding. A segment whose box is further off cannot pass through the grown outline.
 */
export function grownReachMargin(clearance: number): number {
  return 2 * clearance + 1e-6;
}

/** Slack on the box of the sight test's points (the corridor's box): far beyond rounding, so the box holds the corridor. */
const BOX_SLACK = 1e-9;

/** The hull every sight segment of a test lies in, with its separating axes and its box. */
interface Corridor {
  hull: Point[];
  axes: HullAxes;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function makeCorridor(points: readonly Point[]): Corridor {
  const hull = convexHull(points);
  const b = bounds(hull);
  return { hull, axes: hullAxes(hull), minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
}

/**
 * Does a blocker (not the viewer) reach into the corridor: a stand grown by the clearance `c`
 * overlapping it, a bridge or a sight-blocking feature meeting it?
 */
function reachesCorridor(k: Corridor, b: Blocker, c: number): boolean {
  const { minX, minY, maxX, maxY, axes } = k;
  if (b.kind === 0) {
    const s = b.stand as SceneStand;
    if (s.maxX < minX - c || s.minX > maxX + c || s.maxY < minY - c || s.minY > maxY + c) return false;
    const prep = standSight(s, c);
    if (gapToHull(axes, s.corners, prep.axes, c + 1e-9) > c + 1e-9) return false;
    return !(gapToHull(axes, prep.grownCorners, prep.grownAxes) >= 0);
  }
  if (b.kind === 1) {
    const g = b.gap as SceneGap;
    if (Math.max(g.p.x, g.q.x) < minX || Math.min(g.p.x, g.q.x) > maxX || Math.max(g.p.y, g.q.y) < minY || Math.min(g.p.y, g.q.y) > maxY) return false;
    g.axes ??= ownAxes(g.seg);
    return gapToHull(axes, g.seg, g.axes, 1e-9) <= 1e-9;
  }
  const t = b.terrain as SightTerrain;
  if (t.maxX < minX || t.minX > maxX || t.maxY < minY || t.minY > maxY) return false;
  return shapeClosest(t.feature.points, t.feature.kind === "area", k.hull, true).distance <= 1e-9;
}

/** Does sight-blocking terrain block the sight segment pq (boxes first)? */
function terrainBlocksSight(t: SightTerrain, px: number, py: number, qx: number, qy: number, depth: number): boolean {
  return (
    Math.max(px, qx) >= t.minX &&
    Math.min(px, qx) <= t.maxX &&
    Math.max(py, qy) >= t.minY &&
    Math.min(py, qy) <= t.maxY &&
    terrainBlocksSegment({ x: px, y: py }, { x: qx, y: qy }, t.feature, depth)
  );
}

/** Default of the table option `sightClearance` (inches). */
export const SIGHT_CLEARANCE = 0.01;

function inflate(r: Rect, by: number): Rect {
  return makeRect(r.cx, r.cy, r.fx, r.fy, r.rx, r.ry, r.hw + by, r.hd + by);
}

/**
 * What sight tests work out about a stand, kept with it (a prepared stand never changes, and is
 * shared by the scenes of states where its unit has not moved): its outline's own separating
 * axes, and its outline grown by the sight clearance, with that outline's axes.
 */
interface StandSight {
  clearance: number;
  axes: OwnAxes;
  grown: Rect;
  grownCorners: Point[];
  grownAxes: OwnAxes;
}

function standSight(s: SceneStand, clearance: number): StandSight {
  if (s.sight?.clearance === clearance) return s.sight;
  const grown = inflate(s.rect, clearance);
  const grownCorners = rectCorners(grown);
  s.sight = { clearance, axes: ownAxes(s.corners), grown, grownCorners, grownAxes: ownAxes(grownCorners) };
  return s.sight;
}

/**
 * Is the target wholly behind the line of every source edge (by more than rounding)? Then no
 * sight segment leaves through a source edge outwards, nor touches the target, whatever lies
 * in the way: a formed stand does not see what is behind its front.
 */
export function behindEverySource(targetCorners: readonly Point[], sources: readonly SightSource[]): boolean {
  for (const src of sources) {
    for (const c of targetCorners) if ((c.x - src.p0.x) * src.nx + (c.y - src.p0.y) * src.ny >= -BEHIND_MARGIN) return false;
  }
  return true;
}
/** How far behind an edge's line a target must be for {@link behindEverySource}: far beyond the rounding of the sight tests. */
const BEHIND_MARGIN = 1e-6;

function sightClear(scene: Scene, viewer: SceneStand, target: SceneStand, sources: SightSource[]): SightLine | null {
  const targetCorners = target.corners;
  // The answer without looking for blockers: every segment tried would fail the outward test.
  if (behindEverySource(targetCorners, sources)) return null;
  const { sightDepth, sightClearance: c } = scene.table.options;
  const hullPts: Point[] = [...targetCorners];
  for (const src of sources) hullPts.push(src.p0, src.p1);
  // Every sight segment lies inside the hull of these points, the corridor: only what reaches
  // into it can block. The points' box (a hair larger) sorts out what is plainly elsewhere;
  // whether a blocker in the box reaches into the corridor is asked only once it blocks a line
  // tried, so a clear first line needs no corridor at all.
  const pb = bounds(hullPts);
  const x0 = pb.minX - BOX_SLACK;
  const y0 = pb.minY - BOX_SLACK;
  const x1 = pb.maxX + BOX_SLACK;
  const y1 = pb.maxY + BOX_SLACK;
  const viewerIndex = scene.stands.indexOf(viewer);
  const targetIndex = scene.stands.indexOf(target);
  // What may block, as one list: the viewer, other stands grown by the clearance, narrow gaps
  // (not those beside the viewer or the target), sight-blocking terrain.
  const listed: Blocker[] = [makeBlocker(0, viewer.rect, null, null, null, IN_CORRIDOR, viewer, 0)];
  for (const s of scene.stands) {
    if (s === viewer || s === target) continue;
    if (s.maxX < x0 - c || s.minX > x1 + c || s.maxY < y0 - c || s.minY > y1 + c) continue;
    listed.push(makeBlocker(0, standSight(s, c).grown, s, null, null, UNKNOWN, s, c));
  }
  for (const g of gapsNear(scene, x0, y0, x1, y1)) {
    if (g.a === viewerIndex || g.b === viewerIndex || g.a === targetIndex || g.b === targetIndex) continue;
    if (Math.max(g.p.x, g.q.x) < x0 || Math.min(g.p.x, g.q.x) > x1 || Math.max(g.p.y, g.q.y) < y0 || Math.min(g.p.y, g.q.y) > y1) continue;
    listed.push(makeBlocker(1, null, null, g, null, UNKNOWN, null, 0));
  }
  for (const t of scene.sightTerrain) {
    if (t.maxX < x0 || t.minX > x1 || t.maxY < y0 || t.minY > y1) continue;
    listed.push(makeBlocker(2, null, null, null, t, UNKNOWN, null, 0));
  }
  let corridor: Corridor | null = null;
  /** Does blocker b reach into the corridor (worked out once)? */
  const inCorridor = (b: Blocker): boolean => {
    if (b.corridor === UNKNOWN) {
      corridor ??= makeCorridor(hullPts);
      b.corridor = reachesCorridor(corridor, b, c) ? IN_CORRIDOR : OUT_OF_CORRIDOR;
    }
    return b.corridor === IN_CORRIDOR;
  };
  // Whichever blocks a line moves to the front: the same blocker usually blocks the next lines tried too.
  const blockers = listed.slice();
  const free = (src: SightSource, px: number, py: number, qx: number, qy: number): boolean => {
    // Touching the target: nothing can come between.
    if (Math.abs(qx - px) + Math.abs(qy - py) < 1e-9) return true;
    // Sight leaves through the source edge: strictly outwards.
    if ((qx - px) * src.nx + (qy - py) * src.ny <= 1e-9) return false;
    const sx0 = Math.min(px, qx);
    const sy0 = Math.min(py, qy);
    const sx1 = Math.max(px, qx);
    const sy1 = Math.max(py, qy);
    for (let i = 0; i < blockers.length; i++) {
      const b = blockers[i];
      // A stand's box clear of the segment's box: it cannot block (no need to clip the segment).
      if (b.minX > sx1 || b.maxX < sx0 || b.minY > sy1 || b.maxY < sy0) continue;
      const blocked =
        b.kind === 0
          ? segmentPenetrates(b.rect as Rect, px, py, qx, qy)
          : b.kind === 1
            ? crossesBridge(px, py, qx, qy, b.gap as SceneGap)
            : terrainBlocksSight(b.terrain as SightTerrain, px, py, qx, qy, sightDepth);
      if (blocked && inCorridor(b)) {
        if (i > 0) {
          blockers[i] = blockers[0];
          blockers[0] = b;
        }
        return false;
      }
    }
    return true;
  };
  const tr = target.rect;
  const hit = { x: 0, y: 0 };
  let witness: SightLine | null = null;
  const tryLine = (src: SightSource, px: number, py: number, dx: number, dy: number): boolean => {
    if (!firstEntry(tr, px, py, dx, dy, hit) || !free(src, px, py, hit.x, hit.y)) return false;
    witness = { from: { x: px, y: py }, to: { x: hit.x, y: hit.y } };
    return true;
  };
  // Quick candidates: points along each source edge to the target's corners, edge middles and centre.
  const aims: Point[] = [{ x: tr.cx, y: tr.cy }];
  for (let i = 0; i < 4; i++) {
    const a = targetCorners[i];
    const b = targetCorners[(i + 1) % 4];
    aims.push(a, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  }
  for (const src of sources) {
    for (const f of [0.5, 0, 1, 0.25, 0.75]) {
      const px = src.p0.x + f * (src.p1.x - src.p0.x);
      const py = src.p0.y + f * (src.p1.y - src.p0.y);
      for (const aim of aims) if (tryLine(src, px, py, aim.x - px, aim.y - py)) return witness;
    }
  }
  // What reaches into the corridor, in the order listed.
  const grownCorners: Point[][] = [];
  const bridges: Bridge[] = [];
  const terrain: TerrainFeature[] = [];
  for (const b of listed) {
    if (b === listed[0] || !inCorridor(b)) continue;
    if (b.kind === 0) grownCorners.push(standSight(b.stand as SceneStand, c).grownCorners);
    else if (b.kind === 1) bridges.push(b.gap as SceneGap);
    else terrain.push((b.terrain as SightTerrain).feature);
  }
  if (grownCorners.length === 0 && terrain.length === 0 && bridges.length === 0) return null;
  // Only those can block from here on.
  for (let i = blockers.length - 1; i >= 0; i--) if (!inCorridor(blockers[i])) blockers.splice(i, 1);
  const hull = (corridor ??= makeCorridor(hullPts)).hull;
  // Exhaustive: every line through two vertices that a sight segment could touch (those in the
  // corridor). If any clear segment exists, one of these lines carries one.
  const verts: Point[] = [...targetCorners];
  for (const src of sources) verts.push(src.p0, src.p1);
  // Candidate blocker vertices, with their neighbours on convex solids: a clear segment that
  // touches a solid's corner is tangent there, so lines cutting into the corner are skipped.
  const maybe: Point[] = [];
  const maybeNb: (readonly [Point, Point] | null)[] = [];
  const addSolid = (cs: readonly Point[]) => {
    for (let k = 0; k < cs.length; k++) {
      maybe.push(cs[k]);
      maybeNb.push([cs[(k + cs.length - 1) % cs.length], cs[(k + 1) % cs.length]]);
    }
  };
  addSolid(viewer.corners);
  for (const cs of grownCorners) addSolid(cs);
  for (const f of terrain) {
    for (const p of f.points) {
      maybe.push(p);
      maybeNb.push(null);
    }
  }
  for (const b of bridges) {
    maybe.push(b.p, b.q);
    maybeNb.push(null, null);
  }
  const anchors = verts.length;
  const nb: (readonly [Point, Point] | null)[] = verts.map(() => null);
  for (let k = 0; k < maybe.length; k++) {
    if (!insideConvex(hull, maybe[k])) continue;
    verts.push(maybe[k]);
    nb.push(maybeNb[k]);
  }
  const point = { x: 0, y: 0 };
  const n = verts.length;
  // Lines through an anchor (source end or target corner) and a blocker's vertex first: they
  // are the likeliest; then blocker to blocker; then anchor to anchor.
  for (let i = 0; i < anchors; i++) for (let j = anchors; j < n; j++) if (tryPair(i, j)) return witness;
  for (let i = anchors; i < n; i++) for (let j = i + 1; j < n; j++) if (tryPair(i, j)) return witness;
  for (let i = 0; i < anchors; i++) for (let j = i + 1; j < anchors; j++) if (tryPair(i, j)) return witness;
  return null;

  /** Does the line through verts[k] with direction (dx, dy) cut into the solid at that corner? */
  function cutsCorner(k: number, dx: number, dy: number): boolean {
    const pair = nb[k];
    if (!pair) return false;
    const v = verts[k];
    const ca = dx * (pair[0].y - v.y) - dy * (pair[0].x - v.x);
    const cb = dx * (pair[1].y - v.y) - dy * (pair[1].x - v.x);
    return (ca > 1e-12 && cb < -1e-12) || (ca < -1e-12 && cb > 1e-12);
  }

  function tryPair(i: number, j: number): boolean {
    const v = verts[i];
    const w = verts[j];
    const dx = w.x - v.x;
    const dy = w.y - v.y;
    if (dx * dx + dy * dy < 1e-18) return false;
    if (cutsCorner(i, dx, dy) || cutsCorner(j, dx, dy)) return false;
    for (const src of sources) {
      if (!lineMeetsSegment(v, dx, dy, src.p0, src.p1, point)) continue;
      const sign = dx * src.nx + dy * src.ny >= 0 ? 1 : -1;
      const ex = sign * dx;
      const ey = sign * dy;
      if (!firstEntry(tr, point.x, point.y, ex, ey, hit)) continue;
      // The blocker corners that pin this line must lie on the segment itself: otherwise it
      // is not the extreme line it stands for (that one is tried with other corners).
      if ((i >= anchors && !onSegment(v)) || (j >= anchors && !onSegment(w))) continue;
      if (free(src, point.x, point.y, hit.x, hit.y)) {
        witness = { from: { x: point.x, y: point.y }, to: { x: hit.x, y: hit.y } };
        return true;
      }
    }
    return false;
  }

  /** Does v lie between the sight segment's ends (point → hit)? */
  function onSegment(v: Point): boolean {
    const sx = hit.x - point.x;
    const sy = hit.y - point.y;
    const l2 = sx * sx + sy * sy;
    if (l2 < 1e-18) return false;
    const t = ((v.x - point.x) * sx + (v.y - point.y) * sy) / l2;
    return t >= -1e-9 && t <= 1 + 1e-9;
  }
}
