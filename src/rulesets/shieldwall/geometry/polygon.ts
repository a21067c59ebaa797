/**
 * Simple polygons (terrain areas, convex hulls) and polylines (obstacles). Polygons are
 * arrays of at least three points, either winding, not self-intersecting; they need not be
 * convex.
 */
import { EPS, type Point, cross, dist, pointSegmentDistance, segmentIntersection, segmentSegmentClosest } from "./vec.js";

export type Polygon = readonly Point[];

/** Even-odd test; points on the boundary may go either way (use distances for tolerance). */
export function pointInPolygon(p: Point, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance from a point to the boundary of a polygon (or to a polyline when `closed` is false). */
export function pointBoundaryDistance(p: Point, pts: readonly Point[], closed = true): number {
  let best = Number.POSITIVE_INFINITY;
  const n = pts.length;
  const edges = closed ? n : n - 1;
  for (let i = 0; i < edges; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % n];
    const d = pointSegmentDistance(p.x, p.y, a.x, a.y, b.x, b.y);
    if (d < best) best = d;
  }
  if (n === 1) best = dist(p, pts[0]);
  return best;
}

/** Distance from a point to a polygon's area: 0 inside. */
export function pointPolygonDistance(p: Point, poly: Polygon): number {
  return pointInPolygon(p, poly) ? 0 : pointBoundaryDistance(p, poly);
}

/** Area (absolute) of a polygon. */
export function polygonArea(poly: Polygon): number {
  let s = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) s += cross(poly[j].x, poly[j].y, poly[i].x, poly[i].y);
  return Math.abs(s) / 2;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, no collinear points. */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = sortedByXThenY(points);
  if (pts.length < 3) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2) {
      const a = lower[lower.length - 2];
      const b = lower[lower.length - 1];
      if (cross(b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y) <= 0) lower.pop();
      else break;
    }
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2) {
      const a = upper[upper.length - 2];
      const b = upper[upper.length - 1];
      if (cross(b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y) <= 0) upper.pop();
      else break;
    }
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Order of {@link sortedByXThenY}: by x, then y. */
function byXThenY(a: Point, b: Point): number {
  return a.x - b.x || a.y - b.y;
}

/**
 * A copy of the points sorted by x, then y, keeping the order of equal points (as the stable
 * Array.prototype.sort does). Short lists, the usual ones, by insertion here: a comparator
 * called from the built-in sort costs more than the sorting itself.
 */
export function sortedByXThenY(points: readonly Point[]): Point[] {
  if (points.length > 16) return [...points].sort(byXThenY);
  const out: Point[] = [];
  for (const p of points) {
    let i = out.length;
    out.push(p);
    while (i > 0 && byXThenY(out[i - 1], p) > 0) {
      out[i] = out[i - 1];
      i--;
    }
    out[i] = p;
  }
  return out;
}

/**
 * Closest distance between two point sets given as polygons (closed, area included) or
 * polylines (open), with a closest pair of points. 0 when they overlap or touch.
 */
export function shapeClosest(
  a: readonly Point[],
  aClosed: boolean,
  b: readonly Point[],
  bClosed: boolean,
): { distance: number; p: Point; q: Point } {
  if (aClosed && a.length >= 3 && b.length > 0 && pointInPolygon(b[0], a)) return { distance: 0, p: b[0], q: b[0] };
  if (bClosed && b.length >= 3 && a.length > 0 && pointInPolygon(a[0], b)) return { distance: 0, p: a[0], q: a[0] };
  let best = { distance: Number.POSITIVE_INFINITY, p: a[0], q: b[0] };
  const na = a.length;
  const nb = b.length;
  const ea = aClosed ? na : Math.max(na - 1, 1);
  const eb = bClosed ? nb : Math.max(nb - 1, 1);
  for (let i = 0; i < ea; i++) {
    const a0 = a[i];
    const a1 = a[(i + 1) % na];
    for (let j = 0; j < eb; j++) {
      const r = segmentSegmentClosest(a0, a1, b[j], b[(j + 1) % nb]);
      if (r.distance < best.distance) {
        best = r;
        if (r.distance === 0) return best;
      }
    }
  }
  return best;
}

/**
 * Do two polygons' interiors meet by more than `tol`? When either is convex (stands, swept
 * hulls) the overlap is measured exactly: the other is clipped to it and the overlap's area
 * divided by half its perimeter (about its thickness) must exceed `tol`. Two non-convex
 * polygons fall back to edge crossings and vertex containment.
 */
export function polygonsOverlap(a: Polygon, b: Polygon, tol = EPS): boolean {
  if (isConvex(a)) return overlapThickness(a, b) > tol;
  if (isConvex(b)) return overlapThickness(b, a) > tol;
  for (let i = 0; i < a.length; i++) {
    const a0 = a[i];
    const a1 = a[(i + 1) % a.length];
    for (let j = 0; j < b.length; j++) {
      if (segmentIntersection(a0, a1, b[j], b[(j + 1) % b.length], -tol)) return true;
    }
  }
  for (const p of a) if (pointInPolygon(p, b) && pointBoundaryDistance(p, b) > tol) return true;
  for (const p of b) if (pointInPolygon(p, a) && pointBoundaryDistance(p, a) > tol) return true;
  return false;
}

/** Is a polygon convex (either winding; collinear points allowed)? */
export function isConvex(poly: Polygon): boolean {
  let sign = 0;
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % n];
    const c = poly[(i + 2) % n];
    const z = cross(b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y);
    if (Math.abs(z) < 1e-12) continue;
    const s = z > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/**
 * The part of `subject` (any simple polygon) inside the convex polygon `clip`
 * (Sutherland–Hodgman; may contain zero-width slivers, which add no area).
 */
export function clipToConvex(subject: Polygon, clip: Polygon): Point[] {
  // Orientation of the clip polygon decides which side of each edge is inside.
  let area2 = 0;
  for (let i = 0, j = clip.length - 1; i < clip.length; j = i++) area2 += cross(clip[j].x, clip[j].y, clip[i].x, clip[i].y);
  const orient = area2 >= 0 ? 1 : -1;
  let out: Point[] = [...subject];
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const c0 = clip[i];
    const c1 = clip[(i + 1) % clip.length];
    const ex = c1.x - c0.x;
    const ey = c1.y - c0.y;
    const side = (p: Point) => orient * cross(ex, ey, p.x - c0.x, p.y - c0.y);
    const input = out;
    out = [];
    for (let k = 0; k < input.length; k++) {
      const p = input[k];
      const q = input[(k + 1) % input.length];
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if ((sp > 0 && sq < 0) || (sp < 0 && sq > 0)) {
        const t = sp / (sp - sq);
        out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
      }
    }
  }
  return out;
}

/** Area of the overlap of convex `clip` and `subject` divided by half its perimeter: ~ thickness. */
export function overlapThickness(clip: Polygon, subject: Polygon): number {
  const part = clipToConvex(subject, clip);
  if (part.length < 3) return 0;
  const area = polygonArea(part);
  if (area <= 0) return 0;
  let perim = 0;
  for (let i = 0; i < part.length; i++) perim += dist(part[i], part[(i + 1) % part.length]);
  return perim > 0 ? area / (perim / 2) : 0;
}

/** Vertex average (inside for convex polygons). */
export function centroid(poly: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return { x: x / poly.length, y: y / poly.length };
}

/**
 * Length of segment pq that lies strictly inside polygon `poly` (boundary excluded).
 * Works for non-convex polygons.
 */
export function segmentLengthInside(p: Point, q: Point, poly: Polygon): number {
  const rx = q.x - p.x;
  const ry = q.y - p.y;
  const n = poly.length;
  // Parameters along pq where it meets the outline, kept sorted (insertion: they are few).
  const ts: number[] = [0, 1];
  for (let i = 0; i < n; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % n];
    const sx = b.x - a.x;
    const sy = b.y - a.y;
    const den = rx * sy - ry * sx;
    if (Math.abs(den) < 1e-15) continue;
    const wx = a.x - p.x;
    const wy = a.y - p.y;
    const t = (wx * sy - wy * sx) / den;
    const u = (wx * ry - wy * rx) / den;
    if (t < -1e-12 || t > 1 + 1e-12 || u < -1e-12 || u > 1 + 1e-12) continue;
    const tc = Math.min(1, Math.max(0, t));
    let k = ts.length;
    ts.push(tc);
    while (k > 0 && ts[k - 1] > tc) {
      ts[k] = ts[k - 1];
      k--;
    }
    ts[k] = tc;
  }
  const len = Math.hypot(rx, ry);
  let inside = 0;
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i];
    const t1 = ts[i + 1];
    if (t1 - t0 <= 1e-12) continue;
    const tm = (t0 + t1) / 2;
    const mx = p.x + tm * rx;
    const my = p.y + tm * ry;
    if (insideXY(mx, my, poly) && pointBoundaryDistance({ x: mx, y: my }, poly) > 1e-9) inside += (t1 - t0) * len;
  }
  return inside;
}

/** Even-odd point-in-polygon on plain numbers. */
function insideXY(x: number, y: number, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Does segment pq cross or touch the polyline / polygon boundary `pts`? */
export function segmentTouchesPath(p: Point, q: Point, pts: readonly Point[], closed: boolean, eps = EPS): boolean {
  const n = pts.length;
  const edges = closed ? n : n - 1;
  for (let i = 0; i < edges; i++) if (segmentIntersection(p, q, pts[i], pts[(i + 1) % n], eps)) return true;
  return false;
}

/** Axis-aligned bounds of points. */
export function bounds(pts: readonly Point[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of pts) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

/** The bounding box of boxes (inside out, apart from every box, when there are none). */
export function boxesBounds(boxes: readonly { minX: number; minY: number; maxX: number; maxY: number }[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i];
    if (b.minX < minX) minX = b.minX;
    if (b.minY < minY) minY = b.minY;
    if (b.maxX > maxX) maxX = b.maxX;
    if (b.maxY > maxY) maxY = b.maxY;
  }
  return { minX, minY, maxX, maxY };
}

/** Is a simple polygon free of self-intersections (non-adjacent edges do not meet)? */
export function isSimplePolygon(poly: Polygon): boolean {
  const n = poly.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentIntersection(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n], 0)) return false;
    }
  }
  return polygonArea(poly) > EPS;
}
