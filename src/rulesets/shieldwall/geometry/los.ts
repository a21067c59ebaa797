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
import { bounds, convexHull, shapeClosest } from "./polygon.js";
import { makeRect, type Rect, rectClosestPoints, rectCorners, rectDistance, rectOf, separation } from "./stand.js";
import { type Table, type TerrainFeature, terrainBlocksSegment } from "./table.js";
import type { UnitGeom } from "./unit.js";
import { type Point, pointSegmentDistance } from "./vec.js";
import type { ObjectCache } from "../../../core/object-cache.js";

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
}

/**
 * Prepared stands of a unit by its stands array, for a caller whose stands arrays are never
 * changed once made (each scene then prepares only the units that moved). Entries are read-only.
 */
export type SceneStandCache = Pick<ObjectCache<readonly object[], SceneStand[]>, "get" | "set">;

/** Units and table prepared for repeated sight and distance queries (derived data, not state). */
export interface Scene {
  table: Table;
  units: readonly UnitGeom[];
  byId: Map<string, UnitGeom>;
  stands: SceneStand[];
  standIndex: Map<string, SceneStand[]>;
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
  const standIndex = new Map<string, SceneStand[]>();
  const byId = new Map<string, UnitGeom>();
  for (const u of units) {
    byId.set(u.id, u);
    const known = reuse?.get(u.stands);
    if (known && known.length === u.stands.length && (known.length === 0 || (known[0].unit === u.id && known[0].side === u.side))) {
      for (const e of known) stands.push(e);
      standIndex.set(u.id, known);
      continue;
    }
    const list: SceneStand[] = [];
    reuse?.set(u.stands, list);
    u.stands.forEach((s, i) => {
      const rect = rectOf(s);
      const corners = rectCorners(rect);
      const b = bounds(corners);
      const entry = { unit: u.id, stand: i, side: u.side, rect, corners, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
      stands.push(entry);
      list.push(entry);
    });
    standIndex.set(u.id, list);
  }
  let sightTerrain = reuse ? SIGHT_TERRAIN.get(table.terrain) : undefined;
  if (!sightTerrain) {
    sightTerrain = table.terrain.filter((f) => f.blocksSight).map((feature) => ({ feature, ...bounds(feature.points) }));
    if (reuse) SIGHT_TERRAIN.set(table.terrain, sightTerrain);
  }
  return { table, units, byId, stands, standIndex, sightTerrain, gaps: null, sightMemo: new Map() };
}

/** The scene's narrow gaps, worked out once on first use. */
export function sceneGaps(scene: Scene): SceneGap[] {
  if (scene.gaps) return scene.gaps;
  const { table, stands, sightTerrain } = scene;
  const minGap = table.options.minSightGap;
  const gaps: SceneGap[] = [];
  // Stands closer than twice the sight clearance need no bridge: their grown outlines meet.
  const sealed = 2 * table.options.sightClearance;
  for (let i = 0; i < stands.length; i++) {
    const a = stands[i];
    for (let j = i + 1; j < stands.length; j++) {
      const b = stands[j];
      if (b.minX > a.maxX + minGap || b.maxX < a.minX - minGap || b.minY > a.maxY + minGap || b.maxY < a.minY - minGap) continue;
      if (separation(a.rect, b.rect) >= minGap) continue;
      const c = rectClosestPoints(a.rect, b.rect);
      if (c.distance < minGap && c.distance >= sealed) gaps.push({ p: c.p, q: c.q, seg: [c.p, c.q], a: i, b: j });
    }
    for (const t of sightTerrain) {
      if (t.minX > a.maxX + minGap || t.maxX < a.minX - minGap || t.minY > a.maxY + minGap || t.maxY < a.minY - minGap) continue;
      const c = shapeClosest(a.corners, true, t.feature.points, t.feature.kind === "area");
      if (c.distance < minGap && c.distance > 1e-9) gaps.push({ p: c.p, q: c.q, seg: [c.p, c.q], a: i, b: -1 });
    }
  }
  const knownGaps = TERRAIN_GAPS.get(sightTerrain);
  let terrainGaps = knownGaps && knownGaps.minGap === minGap ? knownGaps.gaps : undefined;
  if (!terrainGaps) {
    terrainGaps = [];
    for (let i = 0; i < sightTerrain.length; i++) {
      for (let j = i + 1; j < sightTerrain.length; j++) {
        const f = sightTerrain[i].feature;
        const g = sightTerrain[j].feature;
        const c = shapeClosest(f.points, f.kind === "area", g.points, g.kind === "area");
        if (c.distance < minGap && c.distance > 1e-9) terrainGaps.push({ p: c.p, q: c.q, seg: [c.p, c.q], a: -1, b: -1 });
      }
    }
    TERRAIN_GAPS.set(sightTerrain, { minGap, gaps: terrainGaps });
  }
  for (const g of terrainGaps) gaps.push(g);
  scene.gaps = gaps;
  return gaps;
}

function sceneStand(scene: Scene, ref: StandRef): SceneStand {
  const s = scene.standIndex.get(ref.unit)?.[ref.stand];
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
  const front: Source = { p0: fl, p1: fr, nx: r.fx, ny: r.fy };
  const sources: Source[] = opts.allRound
    ? [front, { p0: fr, p1: rr, nx: r.rx, ny: r.ry }, { p0: rr, p1: rl, nx: -r.fx, ny: -r.fy }, { p0: rl, p1: fl, nx: -r.rx, ny: -r.ry }]
    : [front];
  const answer = sightClear(scene, a, b, sources);
  scene.sightMemo.set(key, answer);
  return answer;
}

/** Does any stand of unit `viewer` see any stand of unit `target`? Unformed units see all round. */
export function unitSees(scene: Scene, viewer: string, target: string): boolean {
  const v = scene.byId.get(viewer);
  const t = scene.byId.get(target);
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
  const v = scene.byId.get(viewer);
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
  const own = scene.standIndex.get(viewer) ?? [];
  const margin = range + 1e-3;
  for (let i = 0; i < own.length; i++) {
    const a = own[i];
    const from = { unit: viewer, stand: i };
    const seen = new Set<string>();
    for (const s of scene.stands) {
      if (s.side === a.side || seen.has(s.unit)) continue;
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
interface Source {
  p0: Point;
  p1: Point;
  nx: number;
  ny: number;
}

type Blocker = { kind: 0; rect: Rect } | { kind: 1; bridge: Bridge } | { kind: 2; feature: TerrainFeature; box: SightTerrain };

interface Bridge {
  p: Point;
  q: Point;
}

const INSIDE_EPS = 1e-7;
/** Default of the table option `sightClearance` (inches). */
export const SIGHT_CLEARANCE = 0.01;

function inflate(r: Rect, by: number): Rect {
  return makeRect(r.cx, r.cy, r.fx, r.fy, r.rx, r.ry, r.hw + by, r.hd + by);
}

function sightClear(scene: Scene, viewer: SceneStand, target: SceneStand, sources: Source[]): SightLine | null {
  const { sightDepth } = scene.table.options;
  const targetCorners = target.corners;
  const hullPts: Point[] = [...targetCorners];
  for (const src of sources) hullPts.push(src.p0, src.p1);
  // Every sight segment lies inside this hull: only what meets it can block.
  const hull = convexHull(hullPts);
  const axes = hullAxes(hull);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of hull) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  const viewerIndex = scene.stands.indexOf(viewer);
  const targetIndex = scene.stands.indexOf(target);
  // Stands (grown by the clearance) that reach into the corridor.
  const grown: Rect[] = [];
  const grownCorners: Point[][] = [];
  const c = scene.table.options.sightClearance;
  for (const s of scene.stands) {
    if (s === viewer || s === target) continue;
    if (s.maxX < minX - c || s.minX > maxX + c || s.maxY < minY - c || s.minY > maxY + c) continue;
    if (gapToHull(axes, s.corners, c + 1e-9) > c + 1e-9) continue;
    const r = inflate(s.rect, c);
    const cs = rectCorners(r);
    if (gapToHull(axes, cs) >= 0) continue;
    grown.push(r);
    grownCorners.push(cs);
  }
  // Narrow gaps whose bridge crosses the corridor (not gaps beside the viewer or the target).
  const bridges: Bridge[] = [];
  for (const g of sceneGaps(scene)) {
    if (g.a === viewerIndex || g.b === viewerIndex || g.a === targetIndex || g.b === targetIndex) continue;
    if (Math.max(g.p.x, g.q.x) < minX || Math.min(g.p.x, g.q.x) > maxX || Math.max(g.p.y, g.q.y) < minY || Math.min(g.p.y, g.q.y) > maxY) continue;
    if (gapToHull(axes, g.seg, 1e-9) <= 1e-9) bridges.push(g);
  }
  const terrain: TerrainFeature[] = [];
  const terrainBoxes: SightTerrain[] = [];
  for (const t of scene.sightTerrain) {
    if (t.maxX < minX || t.minX > maxX || t.maxY < minY || t.minY > maxY) continue;
    if (shapeClosest(t.feature.points, t.feature.kind === "area", hull, true).distance <= 1e-9) {
      terrain.push(t.feature);
      terrainBoxes.push(t);
    }
  }
  // Everything that can block, as one list; whichever blocks a line moves to the front, since
  // the same blocker usually blocks the next lines tried too.
  const blockers: Blocker[] = [{ kind: 0, rect: viewer.rect }];
  for (const r of grown) blockers.push({ kind: 0, rect: r });
  for (const b of bridges) blockers.push({ kind: 1, bridge: b });
  terrain.forEach((f, i) => {
    blockers.push({ kind: 2, feature: f, box: terrainBoxes[i] });
  });
  const free = (src: Source, px: number, py: number, qx: number, qy: number): boolean => {
    // Touching the target: nothing can come between.
    if (Math.abs(qx - px) + Math.abs(qy - py) < 1e-9) return true;
    // Sight leaves through the source edge: strictly outwards.
    if ((qx - px) * src.nx + (qy - py) * src.ny <= 1e-9) return false;
    for (let i = 0; i < blockers.length; i++) {
      const b = blockers[i];
      const blocked =
        b.kind === 0
          ? segmentPenetrates(b.rect, px, py, qx, qy)
          : b.kind === 1
            ? crossesBridge(px, py, qx, qy, b.bridge)
            : Math.max(px, qx) >= b.box.minX &&
              Math.min(px, qx) <= b.box.maxX &&
              Math.max(py, qy) >= b.box.minY &&
              Math.min(py, qy) <= b.box.maxY &&
              terrainBlocksSegment({ x: px, y: py }, { x: qx, y: qy }, b.feature, sightDepth);
      if (blocked) {
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
  const tryLine = (src: Source, px: number, py: number, dx: number, dy: number): boolean => {
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
  if (grown.length === 0 && terrain.length === 0 && bridges.length === 0) return null;
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

/** A convex polygon's edge normals with its extent along each, for repeated gap tests. */
interface HullAxes {
  nx: number[];
  ny: number[];
  lo: number[];
  hi: number[];
  pts: readonly Point[];
}

function hullAxes(hull: readonly Point[]): HullAxes {
  const out: HullAxes = { nx: [], ny: [], lo: [], hi: [], pts: hull };
  const n = hull.length;
  for (let i = 0; i < n; i++) {
    const p = hull[i];
    const q = hull[(i + 1) % n];
    let nx = q.y - p.y;
    let ny = p.x - q.x;
    const len = Math.hypot(nx, ny);
    if (len < 1e-12) continue;
    nx /= len;
    ny /= len;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const v of hull) {
      const d = v.x * nx + v.y * ny;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    out.nx.push(nx);
    out.ny.push(ny);
    out.lo.push(lo);
    out.hi.push(hi);
  }
  return out;
}

/**
 * Separating-axis gap between the hull and a convex point set (a segment or point counts):
 * positive = apart by at least that much (a lower bound on their distance), 0 touching,
 * negative overlapping. Stops early once the gap exceeds `enough`.
 */
function gapToHull(h: HullAxes, pts: readonly Point[], enough = Number.POSITIVE_INFINITY): number {
  let best = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < h.nx.length; k++) {
    const nx = h.nx[k];
    const ny = h.ny[k];
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pts.length; i++) {
      const d = pts[i].x * nx + pts[i].y * ny;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    const gap = Math.max(lo - h.hi[k], h.lo[k] - hi);
    if (gap > best) {
      best = gap;
      if (best > enough) return best;
    }
  }
  // The point set's own edge normals (a rectangle's two axes, a segment's normal).
  const m = pts.length;
  const edges = m === 2 ? 1 : m >= 3 ? Math.min(m, 2) : 0;
  for (let i = 0; i < edges; i++) {
    const p = pts[i];
    const q = pts[(i + 1) % m];
    let nx = q.y - p.y;
    let ny = p.x - q.x;
    const len = Math.hypot(nx, ny);
    if (len < 1e-12) continue;
    nx /= len;
    ny /= len;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < m; j++) {
      const d = pts[j].x * nx + pts[j].y * ny;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    let hlo = Number.POSITIVE_INFINITY;
    let hhi = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < h.pts.length; j++) {
      const v = h.pts[j];
      const d = v.x * nx + v.y * ny;
      if (d < hlo) hlo = d;
      if (d > hhi) hhi = d;
    }
    const gap = Math.max(lo - hhi, hlo - hi);
    if (gap > best) best = gap;
  }
  return best;
}

/** Is point v inside or on the convex polygon `hull` (anticlockwise, from convexHull)? */
function insideConvex(hull: readonly Point[], v: Point): boolean {
  const n = hull.length;
  if (n < 3) return true;
  for (let i = 0; i < n; i++) {
    const p = hull[i];
    const q = hull[(i + 1) % n];
    if ((q.x - p.x) * (v.y - p.y) - (q.y - p.y) * (v.x - p.x) < -1e-9) return false;
  }
  return true;
}

/** Where the line v + s·(dx, dy) meets segment s0s1 (within it): written to `out`; false if not. */
function lineMeetsSegment(v: Point, dx: number, dy: number, s0: Point, s1: Point, out: Point): boolean {
  const ex = s1.x - s0.x;
  const ey = s1.y - s0.y;
  const den = dx * ey - dy * ex;
  if (Math.abs(den) < 1e-14) return false;
  // Solve v + s d = s0 + u e.
  const qx = s0.x - v.x;
  const qy = s0.y - v.y;
  const u = (qx * dy - qy * dx) / den;
  if (u < -1e-9 || u > 1 + 1e-9) return false;
  const uc = Math.min(1, Math.max(0, u));
  out.x = s0.x + uc * ex;
  out.y = s0.y + uc * ey;
  return true;
}

/**
 * First point of rectangle r on the ray p + t·d (t ≥ 0), written to `out`: p itself if inside
 * or on it; false if the ray misses.
 */
function firstEntry(r: Rect, px: number, py: number, dx: number, dy: number, out: Point): boolean {
  const ox = px - r.cx;
  const oy = py - r.cy;
  const u = ox * r.rx + oy * r.ry;
  const v = ox * r.fx + oy * r.fy;
  const du = dx * r.rx + dy * r.ry;
  const dv = dx * r.fx + dy * r.fy;
  const hu = r.hw + 1e-9;
  const hv = r.hd + 1e-9;
  let t0 = 0;
  let t1 = Number.POSITIVE_INFINITY;
  if (Math.abs(du) < 1e-15) {
    if (Math.abs(u) > hu) return false;
  } else {
    let a = (-hu - u) / du;
    let b = (hu - u) / du;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (Math.abs(dv) < 1e-15) {
    if (Math.abs(v) > hv) return false;
  } else {
    let a = (-hv - v) / dv;
    let b = (hv - v) / dv;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (t0 > t1) return false;
  out.x = px + t0 * dx;
  out.y = py + t0 * dy;
  return true;
}

/** Does segment pq pass through the inside of rectangle r (more than a graze)? */
function segmentPenetrates(r: Rect, px: number, py: number, qx: number, qy: number): boolean {
  const ox = px - r.cx;
  const oy = py - r.cy;
  const u = ox * r.rx + oy * r.ry;
  const v = ox * r.fx + oy * r.fy;
  const dx = qx - px;
  const dy = qy - py;
  const du = dx * r.rx + dy * r.ry;
  const dv = dx * r.fx + dy * r.fy;
  const hu = r.hw - INSIDE_EPS;
  const hv = r.hd - INSIDE_EPS;
  let t0 = 0;
  let t1 = 1;
  if (Math.abs(du) < 1e-15) {
    if (Math.abs(u) >= hu) return false;
  } else {
    let a = (-hu - u) / du;
    let b = (hu - u) / du;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (Math.abs(dv) < 1e-15) {
    if (Math.abs(v) >= hv) return false;
  } else {
    let a = (-hv - v) / dv;
    let b = (hv - v) / dv;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  return t1 - t0 > 1e-12;
}

/** Does the sight segment pq (beyond its very start) cross or touch a gap's bridge? */
function crossesBridge(px: number, py: number, qx: number, qy: number, b: Bridge): boolean {
  const bx = b.q.x - b.p.x;
  const by = b.q.y - b.p.y;
  if (bx * bx + by * by < 1e-18) {
    // Blockers touching at a point: a line through that point passes a zero-width gap.
    if (pointSegmentDistance(b.p.x, b.p.y, px, py, qx, qy) > 1e-9) return false;
    return Math.hypot(b.p.x - px, b.p.y - py) > 1e-9;
  }
  // Segment intersection in parameters: t along the sight segment, u along the bridge.
  const rx = qx - px;
  const ry = qy - py;
  const den = rx * by - ry * bx;
  if (Math.abs(den) < 1e-15) {
    // Parallel; collinear with the bridge: passing along it is passing through the gap.
    const d0 = pointSegmentDistance(b.p.x, b.p.y, px, py, qx, qy);
    const d1 = pointSegmentDistance(b.q.x, b.q.y, px, py, qx, qy);
    return d0 < 1e-9 && d1 < 1e-9;
  }
  const wx = b.p.x - px;
  const wy = b.p.y - py;
  const t = (wx * by - wy * bx) / den;
  const u = (wx * ry - wy * rx) / den;
  const eps = 1e-9;
  return t > eps && t <= 1 + eps && u >= -eps && u <= 1 + eps;
}
