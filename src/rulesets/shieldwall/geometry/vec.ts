/**
 * Plane geometry primitives for the Shieldwall table (see docs/shieldwall/table.md).
 *
 * Units are inches. The table's origin is its south-west corner; x runs east along the long
 * edge, y runs north. Angles in data are degrees, counter-clockwise from the +x axis
 * (0° faces east, 90° faces north); the code works in radians internally.
 */

export interface Point {
  x: number;
  y: number;
}

/** Floating-point slack for comparisons that should be exact (1e-9 inch). */
export const EPS = 1e-9;
/** Slack for measured comparisons ("within 2\"", "halt at 2\""): one millionth of an inch. */
export const MEASURE_EPS = 1e-6;

export const DEG = Math.PI / 180;

export function toRadians(degrees: number): number {
  return degrees * DEG;
}

export function toDegrees(radians: number): number {
  return radians / DEG;
}

/** An angle in degrees brought into [0, 360). */
export function normaliseDegrees(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/** The smallest absolute difference between two directions, in degrees, 0..180. */
export function angleBetweenDegrees(a: number, b: number): number {
  const d = Math.abs(normaliseDegrees(a) - normaliseDegrees(b));
  return d > 180 ? 360 - d : d;
}

/** Unit vector of a heading in degrees. */
export function headingVector(deg: number): Point {
  const r = deg * DEG;
  return { x: Math.cos(r), y: Math.sin(r) };
}

/** Heading of a vector in degrees, [0, 360). */
export function vectorHeading(v: Point): number {
  return normaliseDegrees(toDegrees(Math.atan2(v.y, v.x)));
}

export function dist(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

/** Distance from point p to segment ab. */
export function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Closest point on segment ab to p. */
export function closestOnSegment(p: Point, a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  return { x: a.x + t * dx, y: a.y + t * dy };
}

/**
 * Intersection of segments p1p2 and p3p4 as parameters (t on the first, u on the second), or
 * null when they are parallel or do not meet (tolerance `eps` on the parameters).
 */
export function segmentIntersection(
  p1: Point,
  p2: Point,
  p3: Point,
  p4: Point,
  eps = EPS,
): { t: number; u: number } | null {
  const rx = p2.x - p1.x;
  const ry = p2.y - p1.y;
  const sx = p4.x - p3.x;
  const sy = p4.y - p3.y;
  const den = cross(rx, ry, sx, sy);
  if (Math.abs(den) < 1e-15) return null;
  const qx = p3.x - p1.x;
  const qy = p3.y - p1.y;
  const t = cross(qx, qy, sx, sy) / den;
  const u = cross(qx, qy, rx, ry) / den;
  if (t < -eps || t > 1 + eps || u < -eps || u > 1 + eps) return null;
  return { t, u };
}

/** Closest distance between segments ab and cd (0 if they cross), with the closest points. */
export function segmentSegmentClosest(a: Point, b: Point, c: Point, d: Point): { distance: number; p: Point; q: Point } {
  const hit = segmentIntersection(a, b, c, d, 0);
  if (hit) {
    const p = { x: a.x + hit.t * (b.x - a.x), y: a.y + hit.t * (b.y - a.y) };
    return { distance: 0, p, q: p };
  }
  let best = { distance: Number.POSITIVE_INFINITY, p: a, q: c };
  const consider = (p: Point, s0: Point, s1: Point, pFirst: boolean) => {
    const q = closestOnSegment(p, s0, s1);
    const dd = dist(p, q);
    if (dd < best.distance) best = pFirst ? { distance: dd, p, q } : { distance: dd, p: q, q: p };
  };
  consider(a, c, d, true);
  consider(b, c, d, true);
  consider(c, a, b, false);
  consider(d, a, b, false);
  return best;
}
