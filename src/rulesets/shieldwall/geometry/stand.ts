/**
 * Stands as oriented rectangles with a front edge (seed "Organising The Armies", ruling SW-3),
 * and the fast rectangle maths everything else is built on: closest-point distance, overlap by
 * the separating axis theorem, and time of first contact for a translating stand.
 */
import { EPS, type Point, headingVector, toRadians } from "./vec.js";

/** A stand on the table: centre (inches), facing (degrees, CCW from +x), frontage and depth. */
export interface Stand {
  x: number;
  y: number;
  facing: number;
  width: number;
  depth: number;
}

export type Scale = "15mm" | "28mm";
const MM = 1 / 25.4;
/**
 * Base sizes in inches (ruling SW-3): 15mm stands 80 × 40 mm (3.15" × 1.57"); 28mm stands
 * 120 × 50 mm (the seed allows 40–60 mm deep; 50 mm is the default).
 */
export const BASE_SIZES: Record<Scale, { width: number; depth: number }> = {
  "15mm": { width: 80 * MM, depth: 40 * MM },
  "28mm": { width: 120 * MM, depth: 50 * MM },
};

/** The edges of a stand, named from the stand's own point of view. */
export type Edge = "front" | "rear" | "left" | "right";
export const EDGES: readonly Edge[] = ["front", "right", "rear", "left"];
/** Which aspect of a stand an edge is: front, flank (left or right) or rear. */
export type Aspect = "front" | "flank" | "rear";
export function aspectOf(edge: Edge): Aspect {
  return edge === "front" ? "front" : edge === "rear" ? "rear" : "flank";
}

/**
 * A stand's rectangle prepared for fast queries: centre, forward unit vector f, right unit
 * vector r, half width and half depth. A zero half depth makes a segment (used for obstacles).
 */
export interface Rect {
  cx: number;
  cy: number;
  fx: number;
  fy: number;
  rx: number;
  ry: number;
  hw: number;
  hd: number;
}

/**
 * A rectangle from its parts. Every Rect is built here so that all share one object shape, which
 * keeps the hot geometry below monomorphic (a spread or a literal elsewhere can give another).
 */
export function makeRect(cx: number, cy: number, fx: number, fy: number, rx: number, ry: number, hw: number, hd: number): Rect {
  return { cx, cy, fx, fy, rx, ry, hw, hd };
}
// Built once with fractional values at load, so the shape's fields start out holding doubles: a
// first rectangle with whole-number centres would start them as small integers, and the change
// of shape when fractions arrive sends the optimised geometry code back to the interpreter.
makeRect(0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5);

/** The rectangle moved by (dx, dy). */
export function translateRect(r: Rect, dx: number, dy: number): Rect {
  return makeRect(r.cx + dx, r.cy + dy, r.fx, r.fy, r.rx, r.ry, r.hw, r.hd);
}

export function rectOf(s: Stand): Rect {
  const a = toRadians(s.facing);
  const fx = Math.cos(a);
  const fy = Math.sin(a);
  return makeRect(s.x, s.y, fx, fy, fy, -fx, s.width / 2, s.depth / 2);
}

/** A segment as a degenerate rectangle (zero depth) so the rectangle maths applies to it. */
export function segmentRect(a: Point, b: Point): Rect {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const rx = len > 0 ? dx / len : 1;
  const ry = len > 0 ? dy / len : 0;
  // f is r turned 90° anticlockwise, so that r = (fy, -fx) as in rectOf.
  return makeRect((a.x + b.x) / 2, (a.y + b.y) / 2, -ry, rx, rx, ry, len / 2, 0);
}

/** Corners in the order front-left, front-right, rear-right, rear-left. */
export function rectCorners(r: Rect): [Point, Point, Point, Point] {
  const fx = r.fx * r.hd;
  const fy = r.fy * r.hd;
  const wx = r.rx * r.hw;
  const wy = r.ry * r.hw;
  return [
    { x: r.cx + fx - wx, y: r.cy + fy - wy },
    { x: r.cx + fx + wx, y: r.cy + fy + wy },
    { x: r.cx - fx + wx, y: r.cy - fy + wy },
    { x: r.cx - fx - wx, y: r.cy - fy - wy },
  ];
}

export function standCorners(s: Stand): [Point, Point, Point, Point] {
  return rectCorners(rectOf(s));
}

/** The two ends of an edge, left to right as seen from outside looking at the edge... in corner order. */
export function edgeSegment(r: Rect, edge: Edge): [Point, Point] {
  const [fl, fr, rr, rl] = rectCorners(r);
  switch (edge) {
    case "front":
      return [fl, fr];
    case "right":
      return [fr, rr];
    case "rear":
      return [rr, rl];
    case "left":
      return [rl, fl];
  }
}

/** Outward unit normal of an edge. */
export function edgeNormal(r: Rect, edge: Edge): Point {
  switch (edge) {
    case "front":
      return { x: r.fx, y: r.fy };
    case "rear":
      return { x: -r.fx, y: -r.fy };
    case "right":
      return { x: r.rx, y: r.ry };
    case "left":
      return { x: -r.rx, y: -r.ry };
  }
}

/** Point expressed in a rectangle's frame: u along right, v along forward. */
export function toLocal(r: Rect, px: number, py: number): { u: number; v: number } {
  const dx = px - r.cx;
  const dy = py - r.cy;
  return { u: dx * r.rx + dy * r.ry, v: dx * r.fx + dy * r.fy };
}

/** Distance from a point to a rectangle (0 inside). */
export function pointRectDistance(r: Rect, px: number, py: number): number {
  const dx = px - r.cx;
  const dy = py - r.cy;
  let u = Math.abs(dx * r.rx + dy * r.ry) - r.hw;
  let v = Math.abs(dx * r.fx + dy * r.fy) - r.hd;
  if (u < 0) u = 0;
  if (v < 0) v = 0;
  return u === 0 ? v : v === 0 ? u : Math.sqrt(u * u + v * v);
}

/**
 * Separating-axis gap between two rectangles: the largest separation along any of the four
 * axes. Positive: apart by at least that much; 0: touching; negative: overlapping, and its
 * magnitude is the penetration depth along the best axis.
 */
export function separation(a: Rect, b: Rect): number {
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  // Absolute dot products between the axes.
  const rr = Math.abs(a.rx * b.rx + a.ry * b.ry);
  const rf = Math.abs(a.rx * b.fx + a.ry * b.fy);
  const fr = Math.abs(a.fx * b.rx + a.fy * b.ry);
  const ff = Math.abs(a.fx * b.fx + a.fy * b.fy);
  // Axis a.r
  let best = Math.abs(dx * a.rx + dy * a.ry) - (a.hw + b.hw * rr + b.hd * rf);
  // Axis a.f
  let s = Math.abs(dx * a.fx + dy * a.fy) - (a.hd + b.hw * fr + b.hd * ff);
  if (s > best) best = s;
  // Axis b.r
  s = Math.abs(dx * b.rx + dy * b.ry) - (b.hw + a.hw * rr + a.hd * fr);
  if (s > best) best = s;
  // Axis b.f
  s = Math.abs(dx * b.fx + dy * b.fy) - (b.hd + a.hw * rf + a.hd * ff);
  if (s > best) best = s;
  return best;
}

/**
 * Do two rectangles overlap by more than `tol` (separating axis theorem)? Touching edges, and
 * overlaps no deeper than `tol`, are not overlaps.
 */
export function rectsOverlap(a: Rect, b: Rect, tol = EPS): boolean {
  return separation(a, b) < -tol;
}

/** Sum of distances from the corners of `a` to rectangle `b`, minimised: helper for rectDistance. */
function cornersToRect(a: Rect, b: Rect, best: number): number {
  const fx = a.fx * a.hd;
  const fy = a.fy * a.hd;
  const wx = a.rx * a.hw;
  const wy = a.ry * a.hw;
  let d = pointRectDistance(b, a.cx + fx - wx, a.cy + fy - wy);
  if (d < best) best = d;
  d = pointRectDistance(b, a.cx + fx + wx, a.cy + fy + wy);
  if (d < best) best = d;
  d = pointRectDistance(b, a.cx - fx + wx, a.cy - fy + wy);
  if (d < best) best = d;
  d = pointRectDistance(b, a.cx - fx - wx, a.cy - fy - wy);
  if (d < best) best = d;
  return best;
}

/**
 * Closest-point (edge to edge) distance between two rectangles (ruling SW-3); 0 when they
 * touch or overlap. For disjoint convex polygons the closest pair always includes a corner, so
 * the distance is the least corner-to-rectangle distance either way.
 */
export function rectDistance(a: Rect, b: Rect): number {
  return rectDistanceApart(a, b, separation(a, b));
}

/** {@link rectDistance} for a caller that has their separation (see {@link separation}) already. */
export function rectDistanceApart(a: Rect, b: Rect, apart: number): number {
  if (apart <= 0) return 0;
  return cornersToRect(b, a, cornersToRect(a, b, Number.POSITIVE_INFINITY));
}

/** Closest point of rectangle r to point (px, py), written to `out`. */
function closestInRect(r: Rect, px: number, py: number, out: Point): void {
  const dx = px - r.cx;
  const dy = py - r.cy;
  let u = dx * r.rx + dy * r.ry;
  let v = dx * r.fx + dy * r.fy;
  u = Math.max(-r.hw, Math.min(r.hw, u));
  v = Math.max(-r.hd, Math.min(r.hd, v));
  out.x = r.cx + u * r.rx + v * r.fx;
  out.y = r.cy + u * r.ry + v * r.fy;
}

/** Scratch for {@link rectClosestPoints}: per candidate, corner x, y and closest point x, y; squared distances. */
const CLOSEST_CANDIDATES = new Float64Array(32);
const CLOSEST_SQUARES = new Float64Array(8);

/**
 * Closest points of two rectangles that do not overlap (for touching or overlapping ones, some
 * pair of points at distance 0 where a corner meets the other, or the centres' midpoint when
 * they cross): distance, p on a, q on b.
 */
export function rectClosestPoints(a: Rect, b: Rect): { distance: number; p: Point; q: Point } {
  // The candidates: each corner of either rectangle with its closest point on the other.
  const cand = CLOSEST_CANDIDATES;
  const squares = CLOSEST_SQUARES;
  const tmp = { x: 0, y: 0 };
  let least = Number.POSITIVE_INFINITY;
  for (let side = 0; side < 2; side++) {
    const from = side === 0 ? a : b;
    const to = side === 0 ? b : a;
    const fx = from.fx * from.hd;
    const fy = from.fy * from.hd;
    const wx = from.rx * from.hw;
    const wy = from.ry * from.hw;
    for (let k = 0; k < 4; k++) {
      const sf = k < 2 ? 1 : -1;
      const sw = k === 0 || k === 3 ? -1 : 1;
      const cx = from.cx + sf * fx + sw * wx;
      const cy = from.cy + sf * fy + sw * wy;
      closestInRect(to, cx, cy, tmp);
      const i = side * 4 + k;
      cand[4 * i] = cx;
      cand[4 * i + 1] = cy;
      cand[4 * i + 2] = tmp.x;
      cand[4 * i + 3] = tmp.y;
      const dx = tmp.x - cx;
      const dy = tmp.y - cy;
      squares[i] = dx * dx + dy * dy;
      if (squares[i] < least) least = squares[i];
    }
  }
  // The nearest by Math.hypot (first of equals), which is slow: measured only for candidates
  // whose squared distance is within rounding of the least (the others are certainly further;
  // below 1e-280 the squares lose precision, so all are measured).
  const cut = least >= 1e-280 ? least * (1 + 1e-12) : Number.POSITIVE_INFINITY;
  let best = Number.POSITIVE_INFINITY;
  let pick = -1;
  for (let i = 0; i < 8; i++) {
    if (squares[i] > cut) continue;
    const d = Math.hypot(cand[4 * i + 2] - cand[4 * i], cand[4 * i + 3] - cand[4 * i + 1]);
    if (d < best) {
      best = d;
      pick = i;
    }
  }
  if (best > 0 && separation(a, b) <= 0) {
    const m = { x: (a.cx + b.cx) / 2, y: (a.cy + b.cy) / 2 };
    return { distance: 0, p: m, q: m };
  }
  if (pick < 0) return { distance: best, p: { x: a.cx, y: a.cy }, q: { x: b.cx, y: b.cy } };
  // A corner of a (first four) is p; a corner of b is q.
  const corner = { x: cand[4 * pick], y: cand[4 * pick + 1] };
  const closest = { x: cand[4 * pick + 2], y: cand[4 * pick + 3] };
  return pick < 4 ? { distance: best, p: corner, q: closest } : { distance: best, p: closest, q: corner };
}

/** Edge-to-edge distance between two stands (ruling SW-3). */
export function standDistance(a: Stand, b: Stand): number {
  return rectDistance(rectOf(a), rectOf(b));
}

/** Does a stand overlap another by more than `tol`? Touching is not overlapping. */
export function standsOverlap(a: Stand, b: Stand, tol = EPS): boolean {
  return rectsOverlap(rectOf(a), rectOf(b), tol);
}

/**
 * Entry time of the ray p + t·d (t ≥ 0) into the rectangle `r` grown by radius `rad` (a
 * rounded rectangle: every point within `rad` of r). 0 if p already is within; Infinity if
 * never.
 */
export function rayRoundedRectEntry(r: Rect, px: number, py: number, dx: number, dy: number, rad: number): number {
  const ox = px - r.cx;
  const oy = py - r.cy;
  const u = ox * r.rx + oy * r.ry;
  const v = ox * r.fx + oy * r.fy;
  const du = dx * r.rx + dy * r.ry;
  const dv = dx * r.fx + dy * r.fy;
  // Already within?
  const eu = Math.max(Math.abs(u) - r.hw, 0);
  const ev = Math.max(Math.abs(v) - r.hd, 0);
  if (eu * eu + ev * ev <= rad * rad) return 0;
  let best = Number.POSITIVE_INFINITY;
  // Two boxes: widened across, and lengthened along.
  let t = slabEntry(u, v, du, dv, r.hw + rad, r.hd);
  if (t < best) best = t;
  t = slabEntry(u, v, du, dv, r.hw, r.hd + rad);
  if (t < best) best = t;
  if (rad > 0) {
    for (let i = 0; i < 4; i++) {
      const cu = i & 1 ? r.hw : -r.hw;
      const cv = i & 2 ? r.hd : -r.hd;
      t = circleEntry(u - cu, v - cv, du, dv, rad);
      if (t < best) best = t;
    }
  }
  return best;
}

/** Entry time of ray (u,v)+t(du,dv) into the box |u| ≤ hu, |v| ≤ hv; Infinity if never. */
function slabEntry(u: number, v: number, du: number, dv: number, hu: number, hv: number): number {
  let t0 = 0;
  let t1 = Number.POSITIVE_INFINITY;
  if (Math.abs(du) < 1e-15) {
    if (u < -hu || u > hu) return Number.POSITIVE_INFINITY;
  } else {
    let a = (-hu - u) / du;
    let b = (hu - u) / du;
    if (a > b) [a, b] = [b, a];
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
  }
  if (Math.abs(dv) < 1e-15) {
    if (v < -hv || v > hv) return Number.POSITIVE_INFINITY;
  } else {
    let a = (-hv - v) / dv;
    let b = (hv - v) / dv;
    if (a > b) [a, b] = [b, a];
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
  }
  return t0 <= t1 ? t0 : Number.POSITIVE_INFINITY;
}

/** Entry time of ray o + t·d into the disc of radius rad at the origin. */
function circleEntry(ou: number, ov: number, du: number, dv: number, rad: number): number {
  const a = du * du + dv * dv;
  if (a < 1e-30) return Number.POSITIVE_INFINITY;
  const b = ou * du + ov * dv;
  const c = ou * ou + ov * ov - rad * rad;
  if (c <= 0) return 0;
  if (b >= 0) return Number.POSITIVE_INFINITY;
  const disc = b * b - a * c;
  if (disc < 0) return Number.POSITIVE_INFINITY;
  return (-b - Math.sqrt(disc)) / a;
}

/**
 * The distance rectangle `a` can travel along unit direction (dx, dy) before its edge-to-edge
 * distance to `b` falls to `rad` (exact). 0 when it is already within `rad`; Infinity if it
 * never gets that close. The closest pair of two convex polygons always includes a corner,
 * so the first such moment is when a corner of one reaches the other grown by `rad`.
 */
export function timeToWithin(a: Rect, dx: number, dy: number, b: Rect, rad: number): number {
  const t = cornersEntry(a, dx, dy, b, rad, Number.POSITIVE_INFINITY);
  return cornersEntry(b, -dx, -dy, a, rad, t);
}

/**
 * The least of `best` and the entry times of the corners of `from`, moving along (dx, dy), into
 * `to` grown by `rad` (helper for {@link timeToWithin}).
 */
function cornersEntry(from: Rect, dx: number, dy: number, to: Rect, rad: number, best: number): number {
  const fx = from.fx * from.hd;
  const fy = from.fy * from.hd;
  const wx = from.rx * from.hw;
  const wy = from.ry * from.hw;
  let t = rayRoundedRectEntry(to, from.cx + (fx - wx), from.cy + (fy - wy), dx, dy, rad);
  if (t < best) best = t;
  t = rayRoundedRectEntry(to, from.cx + (fx + wx), from.cy + (fy + wy), dx, dy, rad);
  if (t < best) best = t;
  t = rayRoundedRectEntry(to, from.cx + (-fx + wx), from.cy + (-fy + wy), dx, dy, rad);
  if (t < best) best = t;
  t = rayRoundedRectEntry(to, from.cx + (-fx - wx), from.cy + (-fy - wy), dx, dy, rad);
  if (t < best) best = t;
  return best;
}

/**
 * The distance rectangle `a` can travel along unit direction (dx, dy) before it overlaps `b`
 * by more than `tol` (swept separating axis test, exact for straight moves), reported as the
 * distance at which they first touch. Sliding along a touching edge is not an overlap. 0 if it
 * overlaps already; Infinity if never.
 */
export function timeToOverlap(a: Rect, dx: number, dy: number, b: Rect, tol = EPS): number {
  let t0 = 0;
  let t1 = Number.POSITIVE_INFINITY;
  // Speed along the axis that sets the entry time: to report the moment of first touch
  // rather than of `tol` penetration.
  let entrySpeed = 0;
  const axes = [a.rx, a.ry, a.fx, a.fy, b.rx, b.ry, b.fx, b.fy];
  const ox = b.cx - a.cx;
  const oy = b.cy - a.cy;
  for (let k = 0; k < 8; k += 2) {
    const lx = axes[k];
    const ly = axes[k + 1];
    const ra = a.hw * Math.abs(a.rx * lx + a.ry * ly) + a.hd * Math.abs(a.fx * lx + a.fy * ly);
    const rb = b.hw * Math.abs(b.rx * lx + b.ry * ly) + b.hd * Math.abs(b.fx * lx + b.fy * ly);
    const reach = ra + rb - tol;
    // Projection of centre offset (b - a(t)) on the axis: c - t·s.
    const c = ox * lx + oy * ly;
    const s = dx * lx + dy * ly;
    if (Math.abs(s) < 1e-12) {
      if (Math.abs(c) >= reach) return Number.POSITIVE_INFINITY;
      continue;
    }
    // Overlap on this axis while |c - t s| < reach: t in ((c - reach)/s, (c + reach)/s).
    let lo = (c - reach) / s;
    let hi = (c + reach) / s;
    if (lo > hi) [lo, hi] = [hi, lo];
    if (lo > t0) {
      t0 = lo;
      entrySpeed = Math.abs(s);
    }
    if (hi < t1) t1 = hi;
    if (t0 >= t1) return Number.POSITIVE_INFINITY;
  }
  return entrySpeed > 0 ? Math.max(0, t0 - tol / entrySpeed) : t0;
}

/** A stand from its parts, one object shape for every stand (see {@link makeRect}). */
export function makeStand(x: number, y: number, facing: number, width: number, depth: number): Stand {
  return { x, y, facing, width, depth };
}
makeStand(0.5, 0.5, 0.5, 0.5, 0.5); // fields start out holding doubles (see makeRect)

/** The stand moved by (dx, dy). */
export function translateStand(s: Stand, dx: number, dy: number): Stand {
  return makeStand(s.x + dx, s.y + dy, s.facing, s.width, s.depth);
}

/** A stand rotated by `deg` degrees about point (px, py). */
export function rotateStandAbout(s: Stand, px: number, py: number, deg: number): Stand {
  const a = toRadians(deg);
  const c = Math.cos(a);
  const n = Math.sin(a);
  const ox = s.x - px;
  const oy = s.y - py;
  return makeStand(px + ox * c - oy * n, py + ox * n + oy * c, normaliseFacing(s.facing + deg), s.width, s.depth);
}

function normaliseFacing(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

/** The centre of a stand's front edge. */
export function frontCentre(s: Stand): Point {
  const f = headingVector(s.facing);
  return { x: s.x + (f.x * s.depth) / 2, y: s.y + (f.y * s.depth) / 2 };
}

/** Has a rectangle any width and depth? (Degenerate rectangles are segments.) */
export function isSegmentRect(r: Rect): boolean {
  return r.hd <= EPS;
}
