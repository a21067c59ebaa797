/**
 * Line of sight (seed "Missile Exchange": "a clear line of sight from the front of the
 * shooting stand to the target … A gap must be at least 2" wide to shoot through").
 *
 * Definition (docs/shieldwall/table.md): a stand sees a target stand when some straight
 * segment from a point of its front edge (any edge for an unformed stand, which faces all
 * round) to a point of the target
 * - does not pass through the inside of the viewing stand itself, nor within 0.01" of any
 *   other stand (SIGHT_CLEARANCE: a sliver view along lined-up edges is no view),
 * - does not cross a *gap* narrower than `minSightGap` (2"): the shortest segment joining two
 *   blockers (stands or sight-blocking terrain) that are closer than 2" to each other,
 * - does not run more than `sightDepth` (1") inside a sight-blocking area, nor cross a
 *   sight-blocking obstacle line.
 * Grazing a corner or an edge is not passing through. The test is exact for straight
 * segments: if any clear segment exists, one passes through two vertices of the scene, and those
 * are all tried (after a handful of quick candidates).
 */
import { convexHull, shapeClosest } from "./polygon.js";
import { type Rect, rectCorners, rectDistance, rectOf } from "./stand.js";
import { type Table, type TerrainFeature, terrainBlocksSegment } from "./table.js";
import type { UnitGeom } from "./unit.js";
import { type Point, pointSegmentDistance, segmentIntersection } from "./vec.js";

export interface StandRef {
  unit: string;
  stand: number;
}

interface SceneStand {
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

/** Units and table prepared for repeated sight and distance queries (derived data, not state). */
export interface Scene {
  table: Table;
  units: readonly UnitGeom[];
  byId: Map<string, UnitGeom>;
  stands: SceneStand[];
  standIndex: Map<string, SceneStand[]>;
  sightTerrain: TerrainFeature[];
}

export function prepareScene(table: Table, units: readonly UnitGeom[]): Scene {
  const stands: SceneStand[] = [];
  const standIndex = new Map<string, SceneStand[]>();
  const byId = new Map<string, UnitGeom>();
  for (const u of units) {
    byId.set(u.id, u);
    const list: SceneStand[] = [];
    u.stands.forEach((s, i) => {
      const rect = rectOf(s);
      const corners = rectCorners(rect);
      const xs = corners.map((c) => c.x);
      const ys = corners.map((c) => c.y);
      const entry = {
        unit: u.id,
        stand: i,
        side: u.side,
        rect,
        corners,
        minX: Math.min(...xs),
        minY: Math.min(...ys),
        maxX: Math.max(...xs),
        maxY: Math.max(...ys),
      };
      stands.push(entry);
      list.push(entry);
    });
    standIndex.set(u.id, list);
  }
  return { table, units, byId, stands, standIndex, sightTerrain: table.terrain.filter((f) => f.blocksSight) };
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

/** Does stand `from` see stand `to` (see module comment)? */
export function standSees(scene: Scene, from: StandRef, to: StandRef, opts: SightOptions = {}): boolean {
  const a = sceneStand(scene, from);
  const b = sceneStand(scene, to);
  if (a === b) return true;
  const [fl, fr, rr, rl] = a.corners;
  const r = a.rect;
  const front: Source = { p0: fl, p1: fr, nx: r.fx, ny: r.fy };
  const sources: Source[] = opts.allRound
    ? [front, { p0: fr, p1: rr, nx: r.rx, ny: r.ry }, { p0: rr, p1: rl, nx: -r.fx, ny: -r.fy }, { p0: rl, p1: fl, nx: -r.rx, ny: -r.ry }]
    : [front];
  return sightClear(scene, a, b, sources);
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

// ---------------------------------------------------------------------------------------------

/** An edge sight may start from, with its outward normal: sight must leave through it. */
interface Source {
  p0: Point;
  p1: Point;
  nx: number;
  ny: number;
}

interface Bridge {
  p: Point;
  q: Point;
}

const INSIDE_EPS = 1e-7;
/**
 * A line of sight must pass at least this far (inches) clear of every other stand, so that a
 * line running exactly along the edges of stands lined up one behind the other does not see
 * "between" them.
 */
export const SIGHT_CLEARANCE = 0.01;

function inflate(r: Rect, by: number): Rect {
  return { ...r, hw: r.hw + by, hd: r.hd + by };
}

function sightClear(scene: Scene, viewer: SceneStand, target: SceneStand, sources: Source[]): boolean {
  const { minSightGap, sightDepth } = scene.table.options;
  const targetCorners = target.corners;
  const hullPts: Point[] = [...targetCorners];
  for (const src of sources) hullPts.push(src.p0, src.p1);
  const hull = convexHull(hullPts);
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
  const reach = minSightGap;
  // Stands near enough to the sight corridor to block it or to form a narrow gap across it.
  const near: SceneStand[] = [];
  for (const s of scene.stands) {
    if (s === viewer || s === target) continue;
    if (s.maxX < minX - reach || s.minX > maxX + reach || s.maxY < minY - reach || s.minY > maxY + reach) continue;
    if (shapeClosest(s.corners, true, hull, true).distance >= reach) continue;
    near.push(s);
  }
  const terrain: TerrainFeature[] = [];
  for (const f of scene.sightTerrain) {
    if (shapeClosest(f.points, f.kind === "area", hull, true).distance < reach) terrain.push(f);
  }
  // Narrow gaps between blockers.
  const bridges: Bridge[] = [];
  const shapes: { pts: readonly Point[]; closed: boolean; rect?: Rect }[] = [
    ...near.map((s) => ({ pts: s.corners, closed: true, rect: s.rect })),
    ...terrain.map((f) => ({ pts: f.points, closed: f.kind === "area" })),
  ];
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const a = shapes[i];
      const b = shapes[j];
      if (a.rect && b.rect && rectDistance(a.rect, b.rect) >= minSightGap) continue;
      const c = shapeClosest(a.pts, a.closed, b.pts, b.closed);
      if (c.distance < minSightGap) bridges.push({ p: c.p, q: c.q });
    }
  }
  const grown = near.map((s) => inflate(s.rect, SIGHT_CLEARANCE));
  const solids: Rect[] = [viewer.rect, ...grown];
  const free = (src: Source, p: Point, q: Point): boolean => {
    // Touching the target: nothing can come between.
    if (Math.abs(q.x - p.x) + Math.abs(q.y - p.y) < 1e-9) return true;
    // Sight leaves through the source edge: strictly outwards.
    if ((q.x - p.x) * src.nx + (q.y - p.y) * src.ny <= 1e-9) return false;
    for (const r of solids) if (segmentPenetrates(r, p, q)) return false;
    for (const b of bridges) if (crossesBridge(p, q, b)) return false;
    for (const f of terrain) if (terrainBlocksSegment(p, q, f, sightDepth)) return false;
    return true;
  };
  const tr = target.rect;
  // Quick candidates: ends and middle of each source edge to the target's corners and centre.
  const aims: Point[] = [...targetCorners, { x: tr.cx, y: tr.cy }];
  for (const src of sources) {
    const s0 = src.p0;
    const s1 = src.p1;
    const starts = [s0, { x: (s0.x + s1.x) / 2, y: (s0.y + s1.y) / 2 }, s1];
    for (const p of starts) {
      for (const aim of aims) {
        const q = firstEntry(tr, p, aim.x - p.x, aim.y - p.y);
        if (q && free(src, p, q)) return true;
      }
    }
  }
  if (near.length === 0 && terrain.length === 0) return false;
  // Exhaustive: every line through two vertices of the scene.
  const verts: Point[] = [...targetCorners, ...viewer.corners];
  for (const src of sources) verts.push(src.p0, src.p1);
  for (const r of grown) verts.push(...rectCorners(r));
  for (const f of terrain) verts.push(...f.points);
  for (const b of bridges) verts.push(b.p, b.q);
  for (let i = 0; i < verts.length; i++) {
    for (let j = i + 1; j < verts.length; j++) {
      const v = verts[i];
      const w = verts[j];
      const dx = w.x - v.x;
      const dy = w.y - v.y;
      if (dx * dx + dy * dy < 1e-18) continue;
      for (const src of sources) {
        const p = lineMeetsSegment(v, dx, dy, src.p0, src.p1);
        if (!p) continue;
        const sign = dx * src.nx + dy * src.ny >= 0 ? 1 : -1;
        const q = firstEntry(tr, p, sign * dx, sign * dy);
        if (q && free(src, p, q)) return true;
      }
    }
  }
  return false;
}

/** Where the line v + s·(dx, dy) meets segment s0s1 (within it), or null. */
function lineMeetsSegment(v: Point, dx: number, dy: number, s0: Point, s1: Point): Point | null {
  const ex = s1.x - s0.x;
  const ey = s1.y - s0.y;
  const den = dx * ey - dy * ex;
  if (Math.abs(den) < 1e-14) return null;
  // Solve v + s d = s0 + u e.
  const qx = s0.x - v.x;
  const qy = s0.y - v.y;
  const u = (qx * dy - qy * dx) / den;
  if (u < -1e-9 || u > 1 + 1e-9) return null;
  const uc = Math.min(1, Math.max(0, u));
  return { x: s0.x + uc * ex, y: s0.y + uc * ey };
}

/**
 * First point of rectangle r on the ray p + t·d (t ≥ 0): p itself if inside or on it, null if
 * the ray misses.
 */
function firstEntry(r: Rect, p: Point, dx: number, dy: number): Point | null {
  const ox = p.x - r.cx;
  const oy = p.y - r.cy;
  const u = ox * r.rx + oy * r.ry;
  const v = ox * r.fx + oy * r.fy;
  const du = dx * r.rx + dy * r.ry;
  const dv = dx * r.fx + dy * r.fy;
  const hu = r.hw + 1e-9;
  const hv = r.hd + 1e-9;
  let t0 = 0;
  let t1 = Number.POSITIVE_INFINITY;
  if (Math.abs(du) < 1e-15) {
    if (Math.abs(u) > hu) return null;
  } else {
    let a = (-hu - u) / du;
    let b = (hu - u) / du;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (Math.abs(dv) < 1e-15) {
    if (Math.abs(v) > hv) return null;
  } else {
    let a = (-hv - v) / dv;
    let b = (hv - v) / dv;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (t0 > t1) return null;
  return { x: p.x + t0 * dx, y: p.y + t0 * dy };
}

/** Does segment pq pass through the inside of rectangle r (more than a graze)? */
function segmentPenetrates(r: Rect, p: Point, q: Point): boolean {
  const ox = p.x - r.cx;
  const oy = p.y - r.cy;
  const u = ox * r.rx + oy * r.ry;
  const v = ox * r.fx + oy * r.fy;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
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
function crossesBridge(p: Point, q: Point, b: Bridge): boolean {
  const bx = b.q.x - b.p.x;
  const by = b.q.y - b.p.y;
  if (bx * bx + by * by < 1e-18) {
    // Blockers touching at a point: a line through that point passes a zero-width gap.
    if (pointSegmentDistance(b.p.x, b.p.y, p.x, p.y, q.x, q.y) > 1e-9) return false;
    return Math.hypot(b.p.x - p.x, b.p.y - p.y) > 1e-9;
  }
  const hit = segmentIntersection(p, q, b.p, b.q, 1e-9);
  if (!hit) {
    // Collinear with the bridge: passing along it is passing through the gap.
    const d0 = pointSegmentDistance(b.p.x, b.p.y, p.x, p.y, q.x, q.y);
    const d1 = pointSegmentDistance(b.q.x, b.q.y, p.x, p.y, q.x, q.y);
    return d0 < 1e-9 && d1 < 1e-9;
  }
  return hit.t > 1e-9;
}
