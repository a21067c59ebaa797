/**
 * Base-to-base contact (seed "Resolving combat": "a stand is engaged if it is in direct contact
 * with enemy") and which edge each stand touches: front, flank or rear (ruling SW-18 needs
 * "charged in the flank or rear").
 *
 * Two stands are in contact when their edge-to-edge distance is at most the contact tolerance
 * (default 0.05") and they do not overlap by more than it, and the touching stretch is longer
 * than the tolerance (two corners just meeting is not contact). The touched edge of B is the
 * edge of B along which A lies for the longest stretch (within the tolerance), and vice versa.
 */
import { type Aspect, type Edge, EDGES, type Rect, type Stand, aspectOf, edgeNormal, edgeSegment, rectCorners, rectDistance, rectOf, separation } from "./stand.js";
import type { UnitGeom } from "./unit.js";
import type { Point } from "./vec.js";
import { unitOutline, zoneAt } from "./zones.js";

/** Default base-to-base contact tolerance in inches. */
export const CONTACT_TOLERANCE = 0.05;

export interface Contact {
  /** In base-to-base contact (see module comment). */
  inContact: boolean;
  /** Overlapping by more than the tolerance: an illegal position, never contact. */
  overlapping: boolean;
  /** Edge-to-edge distance (0 when touching or overlapping). */
  distance: number;
  /** The edge of A that touches B, and of B that touches A (null when not in contact). */
  edgeOfA: Edge | null;
  edgeOfB: Edge | null;
  aspectOfA: Aspect | null;
  aspectOfB: Aspect | null;
  /** Length of the touching stretch along B's edge, inches. */
  length: number;
  /** Edge to edge and square: the two touching edges are parallel (within 0.5°). */
  flush: boolean;
}

/** Stands not in contact. Written out as one literal: a spread after other fields takes V8's slow path (docs/architecture.md). */
function noContact(overlapping: boolean, distance: number): Contact {
  return { inContact: false, overlapping, distance, edgeOfA: null, edgeOfB: null, aspectOfA: null, aspectOfB: null, length: 0, flush: false };
}

/** Contact between two stands (A's edge against B's edge), with tolerance `tol` inches. */
export function contactBetween(a: Stand, b: Stand, tol = CONTACT_TOLERANCE): Contact {
  return contactBetweenRects(rectOf(a), rectOf(b), tol);
}

export function contactBetweenRects(ra: Rect, rb: Rect, tol = CONTACT_TOLERANCE): Contact {
  const sep = separation(ra, rb);
  if (sep < -tol) return noContact(true, 0);
  const distance = rectDistance(ra, rb);
  if (distance > tol) return noContact(false, distance);
  const onB = touchedEdge(ra, rb, tol);
  const onA = touchedEdge(rb, ra, tol);
  if (!onB || !onA) return noContact(false, distance);
  const na = edgeNormal(ra, onA.edge);
  const nb = edgeNormal(rb, onB.edge);
  const flush = na.x * nb.x + na.y * nb.y < -Math.cos((0.5 * Math.PI) / 180);
  return {
    inContact: true,
    overlapping: false,
    distance,
    edgeOfA: onA.edge,
    edgeOfB: onB.edge,
    aspectOfA: aspectOf(onA.edge),
    aspectOfB: aspectOf(onB.edge),
    length: onB.length,
    flush,
  };
}

/**
 * The edge of `target` that `other` lies along for the longest stretch (longer than `tol`),
 * or null. Ties go to the edge `other`'s centre is furthest beyond.
 */
function touchedEdge(other: Rect, target: Rect, tol: number): { edge: Edge; length: number } | null {
  const poly = rectCorners(other);
  let best: { edge: Edge; length: number; out: number } | null = null;
  for (const edge of EDGES) {
    const [p0, p1] = edgeSegment(target, edge);
    const n = edgeNormal(target, edge);
    // Clip `other` to the strip |(p - p0)·n| ≤ tol.
    let clipped = clipHalfPlane(poly, n.x, n.y, p0.x * n.x + p0.y * n.y + tol);
    clipped = clipHalfPlane(clipped, -n.x, -n.y, -(p0.x * n.x + p0.y * n.y) + tol);
    if (clipped.length === 0) continue;
    const ex = p1.x - p0.x;
    const ey = p1.y - p0.y;
    const len = Math.hypot(ex, ey);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const p of clipped) {
      const s = ((p.x - p0.x) * ex + (p.y - p0.y) * ey) / len;
      if (s < lo) lo = s;
      if (s > hi) hi = s;
    }
    const length = Math.min(hi, len) - Math.max(lo, 0);
    if (length <= tol) continue;
    const out = (other.cx - p0.x) * n.x + (other.cy - p0.y) * n.y;
    if (!best || length > best.length + 1e-9 || (Math.abs(length - best.length) <= 1e-9 && out > best.out)) best = { edge, length, out };
  }
  return best ? { edge: best.edge, length: best.length } : null;
}

/** Sutherland–Hodgman clip of a convex polygon to the half-plane n·p ≤ c. */
function clipHalfPlane(poly: readonly Point[], nx: number, ny: number, c: number): Point[] {
  const out: Point[] = [];
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % n];
    const dp = p.x * nx + p.y * ny - c;
    const dq = q.x * nx + q.y * ny - c;
    if (dp <= 0) out.push(p);
    if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
      const t = dp / (dp - dq);
      out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
    }
  }
  return out;
}

/** A stand-level contact between two units. */
export interface StandContact extends Contact {
  standOfA: number;
  standOfB: number;
}

/** Every pair of stands of units A and B in contact. */
export function unitContacts(a: UnitGeom, b: UnitGeom, tol = CONTACT_TOLERANCE): StandContact[] {
  const out: StandContact[] = [];
  const rb = b.stands.map(rectOf);
  a.stands.forEach((sa, i) => {
    const ra = rectOf(sa);
    rb.forEach((r, j) => {
      const c = contactBetweenRects(ra, r, tol);
      if (c.inContact)
        out.push({
          inContact: c.inContact,
          overlapping: c.overlapping,
          distance: c.distance,
          edgeOfA: c.edgeOfA,
          edgeOfB: c.edgeOfB,
          aspectOfA: c.aspectOfA,
          aspectOfB: c.aspectOfB,
          length: c.length,
          flush: c.flush,
          standOfA: i,
          standOfB: j,
        });
    });
  });
  return out;
}

/**
 * Is unit A engaged with unit B (seed: "if one stand of a unit is engaged the whole unit is
 * considered to be engaged")?
 */
export function unitsEngaged(a: UnitGeom, b: UnitGeom, tol = CONTACT_TOLERANCE): boolean {
  return unitContacts(a, b, tol).length > 0;
}

/**
 * Is unit B engaged only on its flank or rear by A (ruling SW-18)? True when A touches B and no
 * contact is on a front edge of B.
 */
export function engagedOnlyFlankOrRear(attacker: UnitGeom, target: UnitGeom, tol = CONTACT_TOLERANCE): boolean {
  const cs = unitContacts(attacker, target, tol);
  return cs.length > 0 && cs.every((c) => c.aspectOfB !== "front");
}

/**
 * Which edge of a lone stand `target` a stand at `from` comes at: its zone (geometry/zones.ts,
 * the sectors bounded by the lines out from its corners at 45°; ruling SW-18: flank or rear).
 */
export function edgeFacing(target: Stand, from: { x: number; y: number }): Edge {
  return zoneAt(unitOutline([target]), from);
}

/**
 * Stands of `others` touching the left or right edge of any stand of `unit`, with the edge:
 * flank support in combat ("+2 each otherwise unengaged friendly stand on the flank in base to
 * base contact") and outflanking stands for shooting.
 */
export function flankContacts(
  unit: UnitGeom,
  others: readonly UnitGeom[],
  tol = CONTACT_TOLERANCE,
): { unit: string; stand: number; ofStand: number; edge: Edge }[] {
  const out: { unit: string; stand: number; ofStand: number; edge: Edge }[] = [];
  for (const o of others) {
    if (o.id === unit.id) continue;
    for (const c of unitContacts(o, unit, tol)) {
      if (c.aspectOfB === "flank" && c.edgeOfB) out.push({ unit: o.id, stand: c.standOfA, ofStand: c.standOfB, edge: c.edgeOfB });
    }
  }
  return out;
}

/**
 * The units joined to `start` by chains of base-to-base contact (any edges), `start` included,
 * in the order found. Seed "Control Test": "a contingent with no breaks between it and the
 * retinue"; seed "Deployment": "all units in a contingent must initially be in base to base
 * contact with each other".
 */
export function contactChain(start: UnitGeom, units: readonly UnitGeom[], tol = CONTACT_TOLERANCE): string[] {
  const seen = new Set<string>([start.id]);
  const order = [start.id];
  const byId = new Map(units.map((u) => [u.id, u]));
  byId.set(start.id, start);
  for (let i = 0; i < order.length; i++) {
    const u = byId.get(order[i]);
    if (!u) continue;
    for (const o of units) {
      if (seen.has(o.id)) continue;
      if (unitsEngaged(u, o, tol)) {
        seen.add(o.id);
        order.push(o.id);
      }
    }
  }
  return order;
}

/** Are all these units joined by base-to-base contact (seed "Deployment")? */
export function allInContact(units: readonly UnitGeom[], tol = CONTACT_TOLERANCE): boolean {
  if (units.length <= 1) return true;
  return contactChain(units[0], units, tol).length === units.length;
}
