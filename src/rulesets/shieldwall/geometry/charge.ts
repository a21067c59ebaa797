/**
 * Charge moves into contact (seed "Charges and Combat", "Resolving combat": "Align stands to
 * fight without partial overlaps"). The charger's contacting stand ends with its front edge
 * flush against the chosen edge of the target stand:
 * - on a front or rear edge, centred on it (equal frontages: the edges coincide);
 * - on a flank edge, front corner to front corner: the charger's front edge runs along the
 *   flank from the target's front corner (option `align`).
 * A formed charger moves as a rigid line (every stand keeps its place in the line); an
 * unformed charger moves only the contacting stand.
 */
import { type Contact, contactBetween } from "./contact.js";
import { type Scene, type StandRef, sceneUnit } from "./los.js";
import { bounds, boxesBounds, convexHull, polygonsOverlap, segmentLengthInside } from "./polygon.js";
import { type Edge, type Stand, edgeNormal, edgeSegment, makeStand, rectCorners, rectOf, rectsOverlap } from "./stand.js";
import { overhang } from "./table.js";
import { type UnitGeom, rotateUnit, translateUnit } from "./unit.js";
import { type Point, vectorHeading } from "./vec.js";

export type ChargeAlign = "auto" | "centre" | "front-corner";

export interface ChargeOptions {
  /** Which stand of the charger makes contact (default: the one nearest the target edge). */
  chargerStand?: number;
  /** Alignment on the edge; "auto" = centre on front/rear, front corner on a flank. */
  align?: ChargeAlign;
}

/** The pose (centre and facing) that puts a stand's front edge flush against `edge` of `target`. */
export function contactPose(target: Stand, edge: Edge, charger: { width: number; depth: number }, align: ChargeAlign = "auto"): Stand {
  const tr = rectOf(target);
  const [e0, e1] = edgeSegment(tr, edge);
  const n = edgeNormal(tr, edge);
  const flank = edge === "left" || edge === "right";
  const mode = align === "auto" ? (flank ? "front-corner" : "centre") : align;
  let ex: number;
  let ey: number;
  if (mode === "front-corner" && flank) {
    // Left edge runs rear-left → front-left; right edge front-right → rear-right.
    const corner = edge === "left" ? e1 : e0;
    ex = corner.x - (tr.fx * charger.width) / 2;
    ey = corner.y - (tr.fy * charger.width) / 2;
  } else if (mode === "front-corner") {
    // Front or rear edge: line up with the target's left end as the charger sees it.
    const corner = e1;
    const along = { x: e0.x - e1.x, y: e0.y - e1.y };
    const len = Math.hypot(along.x, along.y);
    ex = corner.x + (along.x / len) * (charger.width / 2);
    ey = corner.y + (along.y / len) * (charger.width / 2);
  } else {
    ex = (e0.x + e1.x) / 2;
    ey = (e0.y + e1.y) / 2;
  }
  return makeStand(ex + (n.x * charger.depth) / 2, ey + (n.y * charger.depth) / 2, vectorHeading({ x: -n.x, y: -n.y }), charger.width, charger.depth);
}

/** The charger stand nearest (centre to edge midpoint) to a target edge. */
export function nearestStandToEdge(charger: UnitGeom, target: Stand, edge: Edge): number {
  const [e0, e1] = edgeSegment(rectOf(target), edge);
  const m = { x: (e0.x + e1.x) / 2, y: (e0.y + e1.y) / 2 };
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  charger.stands.forEach((s, i) => {
    const d = Math.hypot(s.x - m.x, s.y - m.y);
    if (d < bestD - 1e-12) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

/** The charger after its charge move into contact with `edge` of `target` (see module comment). */
export function chargeIntoContact(charger: UnitGeom, target: Stand, edge: Edge, opts: ChargeOptions = {}): UnitGeom {
  const k = opts.chargerStand ?? nearestStandToEdge(charger, target, edge);
  const old = charger.stands[k];
  if (!old) throw new RangeError(`charger "${charger.id}" has no stand ${k}`);
  return unitWithStandAt(charger, k, contactPose(target, edge, old, opts.align ?? "auto"));
}

/**
 * The charger with its stand `k` at `pose`: a formed charger turns and moves as a rigid line (the
 * other stands keep their places in it), an unformed one moves only that stand.
 */
export function unitWithStandAt(charger: UnitGeom, k: number, pose: Stand): UnitGeom {
  const old = charger.stands[k];
  if (!charger.formed) return { ...charger, stands: charger.stands.map((s, i) => (i === k ? pose : s)) };
  const turned = rotateUnit(charger, { x: old.x, y: old.y }, pose.facing - old.facing);
  const moved = translateUnit(turned, pose.x - old.x, pose.y - old.y);
  // Snap the contacting stand exactly (rotation round-off).
  return { ...moved, stands: moved.stands.map((s, i) => (i === k ? pose : s)) };
}

/** A charge move planned (see {@link planChargeMove}); {@link ChargePlan} adds the contact made. */
export interface ChargeMove {
  /** The charger in contact. */
  unit: UnitGeom;
  /** Index of the charger stand that makes contact. */
  chargerStand: number;
  /** Furthest any corner of any charger stand travels (straight line), inches. */
  distance: number;
  /** True when nothing is in the way and the end position is legal. */
  clear: boolean;
  /** What is in the way: other units' stands crossed or overlapped at the end, the table edge. */
  blockedBy: ({ kind: "stand"; unit: string; stand: number } | { kind: "table-edge" })[];
  /** Obstacles the charge crosses (crossing is difficult terrain: the charger becomes unformed). */
  obstaclesCrossed: string[];
}

export interface ChargePlan extends ChargeMove {
  /** The contact made (front of the charger on the chosen edge of the target). */
  contact: Contact;
}

/**
 * Plans a charge by unit `chargerId` onto `edge` of stand `target` in the scene. The ground
 * passed over by each moving stand is taken as the convex hull of its start and end positions
 * (exact for straight moves; for the small wheel of a charge a close, slightly generous
 * approximation). Stands of the target unit only block if the charger would end overlapping
 * them.
 */
export function planCharge(scene: Scene, chargerId: string, target: StandRef, edge: Edge, opts: ChargeOptions = {}): ChargePlan {
  const m = planChargeMove(scene, chargerId, target, edge, opts);
  const contact = contactBetween(m.unit.stands[m.chargerStand], targetStand(scene, target), scene.table.options.contactTolerance);
  return { unit: m.unit, chargerStand: m.chargerStand, contact, distance: m.distance, clear: m.clear, blockedBy: m.blockedBy, obstaclesCrossed: m.obstaclesCrossed };
}

/** The stand `target` refers to in the scene. */
function targetStand(scene: Scene, target: StandRef): Stand {
  const targetUnit = sceneUnit(scene, target.unit);
  if (!targetUnit) throw new RangeError(`unknown unit "${target.unit}"`);
  const tStand = targetUnit.stands[target.stand];
  if (!tStand) throw new RangeError(`no stand ${target.stand} in unit "${target.unit}"`);
  return tStand;
}

/** {@link planCharge} without working out the contact made (the battle engine needs only the move). */
export function planChargeMove(scene: Scene, chargerId: string, target: StandRef, edge: Edge, opts: ChargeOptions = {}): ChargeMove {
  const charger = sceneUnit(scene, chargerId);
  if (!charger) throw new RangeError(`unknown unit "${chargerId}"`);
  const tStand = targetStand(scene, target);
  const k = opts.chargerStand ?? nearestStandToEdge(charger, tStand, edge);
  const moved = chargeIntoContact(charger, tStand, edge, { chargerStand: k, align: opts.align });
  return sweptMove(scene, target.unit, [charger, moved], k);
}

/**
 * The charge move along a path of positions of the charger (its start, any halts, its end): the
 * ground each stand passes over on each leg is the convex hull of its two positions (exact for
 * straight moves; for the small wheel of a charge a close, slightly generous approximation).
 * Stands of the target unit only block if the charger would end overlapping them.
 */
export function sweptMove(scene: Scene, targetUnit: string, path: readonly UnitGeom[], chargerStand: number): ChargeMove {
  const charger = path[0];
  const moved = path[path.length - 1];
  const blockedBy: ChargePlan["blockedBy"] = [];
  const crossed = new Set<string>();
  let distance = 0;
  const ends = moved.stands.map(rectOf);
  // Bounding box of the ground swept: of every charger stand's corners on every leg (their convex
  // hulls, below, have the same extremes). Stands whose boxes lie clear of it can neither be
  // crossed nor overlapped.
  const corners: Point[][] = [];
  for (let i = 0; i < charger.stands.length; i++) {
    let travelled = [0, 0, 0, 0];
    for (let leg = 0; leg + 1 < path.length; leg++) {
      const a = rectCorners(rectOf(path[leg].stands[i]));
      const b = leg + 2 === path.length ? rectCorners(ends[i]) : rectCorners(rectOf(path[leg + 1].stands[i]));
      travelled = travelled.map((d, c) => d + Math.hypot(a[c].x - b[c].x, a[c].y - b[c].y));
      corners.push([...a, ...b]);
    }
    distance = Math.max(distance, ...travelled);
  }
  const { minX: bx0, minY: by0, maxX: bx1, maxY: by1 } = boxesBounds(corners.map(bounds));
  // The ground each stand passes over, worked out only when another unit's stand or an obstacle
  // lies near enough to need it (about half the charges in a battle).
  let hulls: Point[][] | null = null;
  const swept = (): Point[][] => (hulls ??= corners.map(convexHull));
  const m = 1e-3;
  for (let oi = 0; oi < scene.units.length; oi++) {
    const o = scene.units[oi];
    if (o.id === charger.id) continue;
    const stands = scene.unitStands[oi];
    for (let j = 0; j < stands.length; j++) {
      const ps = stands[j];
      if (ps.minX > bx1 + m || ps.maxX < bx0 - m || ps.minY > by1 + m || ps.maxY < by0 - m) continue;
      const r = ps.rect;
      const poly = ps.corners;
      const inTheWay =
        o.id === targetUnit
          ? ends.some((e) => rectsOverlap(e, r, 1e-6))
          : swept().some((h) => polygonsOverlap(h, poly, 1e-6)) || ends.some((e) => rectsOverlap(e, r, 1e-6));
      if (inTheWay) blockedBy.push({ kind: "stand", unit: o.id, stand: j });
    }
  }
  if (ends.some((e) => overhang(e, scene.table) > 1e-6)) blockedBy.push({ kind: "table-edge" });
  for (const f of scene.table.terrain) {
    if (f.kind !== "obstacle") continue;
    for (const h of swept()) {
      let inside = 0;
      for (let i = 0; i + 1 < f.points.length; i++) inside += segmentLengthInside(f.points[i], f.points[i + 1], h);
      if (inside > 1e-6) crossed.add(f.id);
    }
  }
  return { unit: moved, chargerStand, distance, clear: blockedBy.length === 0, blockedBy, obstaclesCrossed: [...crossed].sort() };
}
