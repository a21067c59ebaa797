/**
 * The exact plane-geometry tests behind line of sight (los.ts): separating-axis gaps between a
 * convex hull and a polygon, where a line first enters a rectangle, whether a segment passes
 * through a rectangle's inside, and whether a sight line crosses a narrow gap's bridge. Pure
 * functions of points and rectangles, no scene.
 */
import type { Rect } from "./stand.js";
import { type Point, pointSegmentDistance } from "./vec.js";

export interface Bridge {
  p: Point;
  q: Point;
}

export const INSIDE_EPS = 1e-7;

/** A convex polygon's edge normals with its extent along each, for repeated gap tests. */
export interface HullAxes {
  nx: number[];
  ny: number[];
  lo: number[];
  hi: number[];
  pts: readonly Point[];
}

export function hullAxes(hull: readonly Point[]): HullAxes {
  const out: HullAxes = { nx: [], ny: [], lo: [], hi: [], pts: hull };
  for (let i = 0; i < hull.length; i++) pushEdgeAxis(out, hull, i);
  return out;
}

/** Adds the unit normal of edge i of `pts` (to the next point) with the points' extent along it; a zero-length edge adds nothing. */
function pushEdgeAxis(out: OwnAxes, pts: readonly Point[], i: number): void {
  const m = pts.length;
  const p = pts[i];
  const q = pts[(i + 1) % m];
  let nx = q.y - p.y;
  let ny = p.x - q.x;
  const len = Math.hypot(nx, ny);
  if (len < 1e-12) return;
  nx /= len;
  ny /= len;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < m; j++) {
    const d = pts[j].x * nx + pts[j].y * ny;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  out.nx.push(nx);
  out.ny.push(ny);
  out.lo.push(lo);
  out.hi.push(hi);
}

/**
 * A convex point set's own separating axes for {@link gapToHull}: the unit normals of its first
 * edges (a rectangle's two axes, a segment's normal), with the set's extent along each.
 */
export interface OwnAxes {
  nx: number[];
  ny: number[];
  lo: number[];
  hi: number[];
}

export function ownAxes(pts: readonly Point[]): OwnAxes {
  const out: OwnAxes = { nx: [], ny: [], lo: [], hi: [] };
  const m = pts.length;
  const edges = m === 2 ? 1 : m >= 3 ? Math.min(m, 2) : 0;
  for (let i = 0; i < edges; i++) pushEdgeAxis(out, pts, i);
  return out;
}

/**
 * Separating-axis gap between the hull and a convex point set (a segment or point counts) with
 * its own axes ({@link ownAxes}): positive = apart by at least that much (a lower bound on their
 * distance), 0 touching, negative overlapping. Stops early once the gap exceeds `enough`.
 */
export function gapToHull(h: HullAxes, pts: readonly Point[], own: OwnAxes, enough = Number.POSITIVE_INFINITY): number {
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
  for (let i = 0; i < own.nx.length; i++) {
    const nx = own.nx[i];
    const ny = own.ny[i];
    let hlo = Number.POSITIVE_INFINITY;
    let hhi = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < h.pts.length; j++) {
      const v = h.pts[j];
      const d = v.x * nx + v.y * ny;
      if (d < hlo) hlo = d;
      if (d > hhi) hhi = d;
    }
    const gap = Math.max(own.lo[i] - hhi, hlo - own.hi[i]);
    if (gap > best) best = gap;
  }
  return best;
}

/** Is point v inside or on the convex polygon `hull` (anticlockwise, from convexHull)? */
export function insideConvex(hull: readonly Point[], v: Point): boolean {
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
export function lineMeetsSegment(v: Point, dx: number, dy: number, s0: Point, s1: Point, out: Point): boolean {
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

/** The parameter interval a line's clipping narrows (one scratch: the callers are synchronous and never nest). */
const SPAN = { t0: 0, t1: 0 };

/**
 * Narrows {@link SPAN} to where u + t·du lies within [−h, h] (one slab of a rectangle, in its own
 * frame). False when the line runs parallel to the slab outside it (`edgeIsOutside`: on its edge too).
 */
function clipToSlab(u: number, du: number, h: number, edgeIsOutside: boolean): boolean {
  if (Math.abs(du) < 1e-15) return edgeIsOutside ? Math.abs(u) < h : Math.abs(u) <= h;
  let a = (-h - u) / du;
  let b = (h - u) / du;
  if (a > b) [a, b] = [b, a];
  SPAN.t0 = Math.max(SPAN.t0, a);
  SPAN.t1 = Math.min(SPAN.t1, b);
  return true;
}

/**
 * First point of rectangle r on the ray p + t·d (t ≥ 0), written to `out`: p itself if inside
 * or on it; false if the ray misses.
 */
export function firstEntry(r: Rect, px: number, py: number, dx: number, dy: number, out: Point): boolean {
  const ox = px - r.cx;
  const oy = py - r.cy;
  const u = ox * r.rx + oy * r.ry;
  const v = ox * r.fx + oy * r.fy;
  const du = dx * r.rx + dy * r.ry;
  const dv = dx * r.fx + dy * r.fy;
  const hu = r.hw + 1e-9;
  const hv = r.hd + 1e-9;
  SPAN.t0 = 0;
  SPAN.t1 = Number.POSITIVE_INFINITY;
  if (!clipToSlab(u, du, hu, false) || !clipToSlab(v, dv, hv, false) || SPAN.t0 > SPAN.t1) return false;
  out.x = px + SPAN.t0 * dx;
  out.y = py + SPAN.t0 * dy;
  return true;
}

/** Does segment pq pass through the inside of rectangle r (more than a graze)? */
export function segmentPenetrates(r: Rect, px: number, py: number, qx: number, qy: number): boolean {
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
  SPAN.t0 = 0;
  SPAN.t1 = 1;
  if (!clipToSlab(u, du, hu, true) || !clipToSlab(v, dv, hv, true)) return false;
  return SPAN.t1 - SPAN.t0 > 1e-12;
}

/** Does the sight segment pq (beyond its very start) cross or touch a gap's bridge? */
export function crossesBridge(px: number, py: number, qx: number, qy: number, b: Bridge): boolean {
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
