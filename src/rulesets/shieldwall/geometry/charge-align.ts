/**
 * The charge move of ruling SW-28: the charger closes straight in on the edge it meets, then
 * wheels or shifts along it to align its front with the target's stand ("align stands to fight
 * without partial overlaps", seed "Resolving combat") as far as other stands allow, never passing
 * through or overlapping any. Where friends (either side's) leave no room for full alignment it
 * takes as much of the target's edge as it can reach; only when no stand of the charger can reach
 * the edge at all is there no charge, and the stands in the way are named.
 */
import { type ChargeMove, contactPose, nearestStandToEdge, planChargeMove, sweptMove, unitWithStandAt } from "./charge.js";
import { type Scene, sceneUnit } from "./los.js";
import { type Edge, type Stand, edgeSegment, makeStand, rectOf } from "./stand.js";
import type { UnitGeom } from "./unit.js";

/** The least stretch of the target's edge a charger's front must cover to reach it, inches (well above the contact tolerance). */
export const MIN_CHARGE_CONTACT = 0.25;

/** Steps of the search for how far the shift along the edge can go (each halves the uncertainty). */
const SHIFT_SEARCH_STEPS = 5;

/** A charge move found (SW-28). */
export interface AlignedCharge {
  move: ChargeMove;
  /** The target stand met. */
  stand: number;
  /** How much of that stand's edge the charger's front covers, inches. */
  contact: number;
  /** Fully aligned: the contacting stand covers as much of the edge as its frontage allows. */
  aligned: boolean;
}

/** The result of {@link planAlignedCharge}: a move, or what stands in the way of the nearest straight approach. */
export interface ChargeSearch {
  found: AlignedCharge | null;
  /** When none is found: what blocks the nearest charger stand closing straight in on the nearest target stand. */
  blockedBy: ChargeMove["blockedBy"];
}

/** Where on the edge line a stand of the charger could stand, flush against it. */
interface EdgeLine {
  target: Stand;
  edge: Edge;
  /** Midpoint and unit direction of the edge; its length. */
  mx: number;
  my: number;
  dx: number;
  dy: number;
  length: number;
}

function edgeLine(target: Stand, edge: Edge): EdgeLine {
  const [e0, e1] = edgeSegment(rectOf(target), edge);
  const length = Math.hypot(e1.x - e0.x, e1.y - e0.y);
  return { target, edge, mx: (e0.x + e1.x) / 2, my: (e0.y + e1.y) / 2, dx: (e1.x - e0.x) / length, dy: (e1.y - e0.y) / length, length };
}

/** How much of the edge a front of `width` centred `s` inches along it from its midpoint covers. */
export function edgeCover(line: { length: number }, width: number, s: number): number {
  return Math.max(0, Math.min(s + width / 2, line.length / 2) - Math.max(s - width / 2, -line.length / 2));
}

/**
 * Plans the SW-28 charge of unit `chargerId` on the target unit's stand edges `edges` (for a
 * formed target the stand edges that make the unit's edge it meets, nearest first). First the plain aligned move of the
 * nearest charger stand straight to each target stand in turn (the move that is clear in open
 * ground); failing that, for each target stand and each charger stand, the straight approach to
 * the edge and then the shift along it towards alignment as far as it stays clear, keeping the
 * one that covers most of the edge.
 */
export function planAlignedCharge(scene: Scene, chargerId: string, targetUnit: string, edges: readonly { stand: number; edge: Edge }[]): ChargeSearch {
  const charger = sceneUnit(scene, chargerId);
  const target = sceneUnit(scene, targetUnit);
  if (!charger) throw new RangeError(`unknown unit "${chargerId}"`);
  if (!target) throw new RangeError(`unknown unit "${targetUnit}"`);
  for (const { stand: i, edge } of edges) {
    const move = planChargeMove(scene, chargerId, { unit: targetUnit, stand: i }, edge);
    if (move.clear) {
      const st = charger.stands[move.chargerStand];
      const line = edgeLine(target.stands[i], edge);
      return { found: { move, stand: i, contact: Math.min(st.width, line.length), aligned: true }, blockedBy: [] };
    }
  }
  let best: AlignedCharge | null = null;
  let blockedBy: ChargeMove["blockedBy"] | null = null;
  for (const { stand: i, edge } of edges) {
    const line = edgeLine(target.stands[i], edge);
    const near = nearestStandToEdge(charger, line.target, edge);
    const order = charger.stands.map((st, k) => ({ k, d: k === near ? -1 : Math.hypot(st.x - line.mx, st.y - line.my) })).sort((a, b) => a.d - b.d);
    for (const { k } of order) {
      const r = shiftIntoContact(scene, charger, targetUnit, k, line);
      if ("blockedBy" in r) {
        blockedBy ??= r.blockedBy;
        continue;
      }
      const found: AlignedCharge = { move: r.move, stand: i, contact: r.contact, aligned: r.aligned };
      if (!best || found.contact > best.contact + 1e-9) best = found;
      if (best.aligned) return { found: best, blockedBy: [] };
    }
  }
  if (!best) best = directToAnyPlace(scene, charger, targetUnit, edges);
  return { found: best, blockedBy: best ? [] : (blockedBy ?? []) };
}

/** Places along the edge tried when no straight approach is clear (each stand edge, each charger stand). */
const PLACES_ALONG_EDGE = 17;

/**
 * The last resort: where every straight approach is blocked (a stand across it, the table edge),
 * any place flush against one of the edges, reached by a clear direct move, covering most of it.
 */
function directToAnyPlace(scene: Scene, charger: UnitGeom, targetUnit: string, edges: readonly { stand: number; edge: Edge }[]): AlignedCharge | null {
  let best: AlignedCharge | null = null;
  const target = sceneUnit(scene, targetUnit);
  if (!target) return null;
  for (const { stand: i, edge } of edges) {
    const line = edgeLine(target.stands[i], edge);
    charger.stands.forEach((old, k) => {
      const aligned = contactPose(line.target, edge, old);
      const s1 = (aligned.x - line.mx) * line.dx + (aligned.y - line.my) * line.dy;
      const least = Math.min(MIN_CHARGE_CONTACT, old.width, line.length);
      const reach = line.length / 2 + old.width / 2 - least;
      const full = edgeCover(line, old.width, s1);
      for (let j = 0; j < PLACES_ALONG_EDGE; j++) {
        const s = -reach + (2 * reach * j) / (PLACES_ALONG_EDGE - 1);
        const contact = edgeCover(line, old.width, s);
        if (best && contact <= best.contact + 1e-9) continue;
        const end = unitWithStandAt(charger, k, makeStand(aligned.x + (s - s1) * line.dx, aligned.y + (s - s1) * line.dy, aligned.facing, aligned.width, aligned.depth));
        const move = sweptMove(scene, targetUnit, [charger, end], k);
        if (move.clear) best = { move, stand: i, contact, aligned: contact >= full - 1e-9 };
      }
    });
  }
  return best;
}

/**
 * Stand `k` of the charger closes straight in on the edge (turned to face it, its place along the
 * edge kept but covering at least {@link MIN_CHARGE_CONTACT} of it), then shifts along the edge
 * towards the aligned place as far as the way stays clear.
 */
function shiftIntoContact(scene: Scene, charger: UnitGeom, targetUnit: string, k: number, line: EdgeLine): { move: ChargeMove; contact: number; aligned: boolean } | { blockedBy: ChargeMove["blockedBy"] } {
  const old = charger.stands[k];
  const aligned = contactPose(line.target, line.edge, old);
  const along = (p: { x: number; y: number }) => (p.x - line.mx) * line.dx + (p.y - line.my) * line.dy;
  const s1 = along(aligned);
  const least = Math.min(MIN_CHARGE_CONTACT, old.width, line.length);
  const reach = line.length / 2 + old.width / 2 - least;
  const s0 = Math.max(-reach, Math.min(reach, along(old)));
  const at = (s: number): UnitGeom => unitWithStandAt(charger, k, makeStand(aligned.x + (s - s1) * line.dx, aligned.y + (s - s1) * line.dy, aligned.facing, aligned.width, aligned.depth));
  const straight = at(s0);
  const first = sweptMove(scene, targetUnit, [charger, straight], k);
  if (!first.clear) return { blockedBy: first.blockedBy };
  const full = edgeCover(line, old.width, s1);
  const tryShift = (t: number) => sweptMove(scene, targetUnit, [charger, straight, at(s0 + t * (s1 - s0))], k);
  if (Math.abs(s1 - s0) < 1e-9) return { move: first, contact: full, aligned: true };
  const whole = tryShift(1);
  if (whole.clear) return { move: whole, contact: full, aligned: true };
  // The ground swept only grows with the shift, so the clear shifts are those short of some limit: halve towards it.
  let lo = 0;
  let hi = 1;
  let move = first;
  for (let step = 0; step < SHIFT_SEARCH_STEPS; step++) {
    const t = (lo + hi) / 2;
    const m = tryShift(t);
    if (m.clear) {
      lo = t;
      move = m;
    } else hi = t;
  }
  const contact = edgeCover(line, old.width, s0 + lo * (s1 - s0));
  return { move, contact, aligned: contact >= full - 1e-9 };
}
