/**
 * Units on the table: a formed unit is a line of stands side by side, all facing the same way;
 * an unformed unit is a group of free stands, each with its own facing (seed "Unformed Units").
 * Stands of a formed unit are listed left to right as the unit sees it.
 */
import {
  BASE_SIZES,
  type Rect,
  type Scale,
  type Stand,
  makeStand,
  rectDistance,
  rectDistanceApart,
  rectOf,
  rectsOverlap,
  rotateStandAbout,
  separation,
  translateStand,
} from "./stand.js";
import { EPS, MEASURE_EPS, type Point, headingVector } from "./vec.js";

export interface UnitGeom {
  id: string;
  /** The side (army) the unit belongs to, e.g. "north" / "south". */
  side: string;
  formed: boolean;
  stands: Stand[];
}

/** Where a formed line is put: the centre of its front edge and its facing (degrees). */
export interface LinePlacement {
  x: number;
  y: number;
  facing: number;
}

/**
 * A formed unit's stands in a line side by side (seed "Organising The Armies"): `count` stands
 * of the given base (default 15mm, ruling SW-3), front edges on one line, centred on (x, y).
 */
export function formLine(at: LinePlacement, count: number, base: { width: number; depth: number } | Scale = "15mm"): Stand[] {
  const size = typeof base === "string" ? BASE_SIZES[base] : base;
  const f = headingVector(at.facing);
  const rx = f.y;
  const ry = -f.x;
  const stands: Stand[] = [];
  for (let i = 0; i < count; i++) {
    const off = (i - (count - 1) / 2) * size.width;
    stands.push(makeStand(at.x + rx * off - (f.x * size.depth) / 2, at.y + ry * off - (f.y * size.depth) / 2, at.facing, size.width, size.depth));
  }
  return stands;
}

/** The centre of a unit's front edge line (formed units) or the mean of stand centres. */
export function unitAnchor(u: UnitGeom): Point {
  if (u.formed && u.stands.length > 0) {
    let x = 0;
    let y = 0;
    for (let i = 0; i < u.stands.length; i++) {
      const s = u.stands[i];
      const f = headingVector(s.facing);
      x += s.x + (f.x * s.depth) / 2;
      y += s.y + (f.y * s.depth) / 2;
    }
    return { x: x / u.stands.length, y: y / u.stands.length };
  }
  return unitCentre(u);
}

/** Mean of the stand centres. */
export function unitCentre(u: UnitGeom): Point {
  let x = 0;
  let y = 0;
  // Indexed: stands arrays carrying cached facts take other hidden classes (see `reachBox` in geometry/proximity.ts).
  for (let i = 0; i < u.stands.length; i++) {
    x += u.stands[i].x;
    y += u.stands[i].y;
  }
  return { x: x / u.stands.length, y: y / u.stands.length };
}

/**
 * Why a set of stands is not a proper formed line, or null if it is: same facing, front edges
 * level, each stand touching the next on its right flank, no gaps or overlaps (within `tol`).
 */
export function lineProblem(stands: readonly Stand[], tol = 0.05): string | null {
  for (let i = 1; i < stands.length; i++) {
    const a = stands[i - 1];
    const b = stands[i];
    const turn = Math.abs((((b.facing - a.facing) % 360) + 540) % 360 - 180);
    if (turn > 0.5) return `stand ${i} faces ${b.facing}° but stand ${i - 1} faces ${a.facing}°`;
    const f = headingVector(a.facing);
    const rx = f.y;
    const ry = -f.x;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const along = dx * rx + dy * ry;
    const frontA = a.depth / 2;
    const frontB = dx * f.x + dy * f.y + b.depth / 2;
    if (Math.abs(frontA - frontB) > tol) return `stand ${i}'s front edge is not level with stand ${i - 1}'s`;
    if (Math.abs(along - (a.width + b.width) / 2) > tol) return `stand ${i} is not side by side on the right of stand ${i - 1}`;
  }
  return null;
}

/** Rectangles of a unit's stands. */
export function unitRects(u: UnitGeom): Rect[] {
  return u.stands.map(rectOf);
}

/** Edge-to-edge distance between two groups of rectangles (ruling SW-3): the least pair. */
export function rectsDistance(a: readonly Rect[], b: readonly Rect[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const ra of a) {
    for (const rb of b) {
      // The separating-axis gap is a lower bound on the distance: a pair clearly further than the best so far cannot be nearer.
      const apart = separation(ra, rb);
      if (apart > best + 1e-9) continue;
      const d = rectDistanceApart(ra, rb, apart);
      if (d < best) {
        best = d;
        if (d === 0) return 0;
      }
    }
  }
  return best;
}

/** Distance between two units: closest points of any of their stands (ruling SW-3). */
export function unitDistance(a: UnitGeom, b: UnitGeom): number {
  return rectsDistance(unitRects(a), unitRects(b));
}

/**
 * Distance from a leader to a unit (ruling SW-4): measured from any point of the leader's
 * retinue, i.e. the least distance from any retinue stand to any stand of the unit.
 */
export function leaderDistance(retinue: UnitGeom, unit: UnitGeom): number {
  return unitDistance(retinue, unit);
}

/** "Within d\"" (inclusive, with a millionth of an inch slack): distance ≤ d. */
export function isWithin(distance: number, d: number): boolean {
  return distance <= d + MEASURE_EPS;
}

/** The short range of the rules: shooting, charging, leaders' reach, control (seed, ruling SW-1). */
export const CLOSE_RANGE = 2;
/** "Enemy advancing towards them within 8\"" and D grade rest (seed, ruling SW-15). */
export const FAR_RANGE = 8;

/** Is a unit within `d` inches of another (ruling SW-3)? */
export function unitWithin(a: UnitGeom, b: UnitGeom, d: number): boolean {
  // Quick reject on separation before exact distances.
  const ra = unitRects(a);
  const rb = unitRects(b);
  for (const x of ra) for (const y of rb) if (separation(x, y) <= d + MEASURE_EPS && isWithin(rectDistance(x, y), d)) return true;
  return false;
}

/** Units (other than `from`) within `d` inches of `from`, nearest first, with their distances. */
export function unitsWithin(
  from: UnitGeom,
  others: readonly UnitGeom[],
  d: number,
  filter: (u: UnitGeom) => boolean = () => true,
): { unit: UnitGeom; distance: number }[] {
  const ra = unitRects(from);
  const out: { unit: UnitGeom; distance: number }[] = [];
  for (const u of others) {
    if (u.id === from.id || !filter(u)) continue;
    const distance = rectsDistance(ra, unitRects(u));
    if (isWithin(distance, d)) out.push({ unit: u, distance });
  }
  return out.sort((x, y) => x.distance - y.distance || (x.unit.id < y.unit.id ? -1 : 1));
}

/** Enemy units within 2" of a unit (shooting, charges). */
export function enemiesWithinClose(from: UnitGeom, all: readonly UnitGeom[]): { unit: UnitGeom; distance: number }[] {
  return unitsWithin(from, all, CLOSE_RANGE, (u) => u.side !== from.side);
}

/** Enemy units within 8" of a unit (ruling SW-15). */
export function enemiesWithinFar(from: UnitGeom, all: readonly UnitGeom[]): { unit: UnitGeom; distance: number }[] {
  return unitsWithin(from, all, FAR_RANGE, (u) => u.side !== from.side);
}

/** Moves every stand of a unit by (dx, dy). */
export function translateUnit(u: UnitGeom, dx: number, dy: number): UnitGeom {
  return { ...u, stands: u.stands.map((s) => translateStand(s, dx, dy)) };
}

/** Rotates every stand of a unit by `deg` about point p. */
export function rotateUnit(u: UnitGeom, p: Point, deg: number): UnitGeom {
  return { ...u, stands: u.stands.map((s) => rotateStandAbout(s, p.x, p.y, deg)) };
}

/** Pairs of stands (anywhere among the units) that overlap by more than `tol`. */
export function overlappingStands(
  units: readonly UnitGeom[],
  tol = EPS,
): { a: { unit: string; stand: number }; b: { unit: string; stand: number } }[] {
  const flat: { unit: string; stand: number; rect: Rect }[] = [];
  for (const u of units) {
    u.stands.forEach((s, i) => {
      flat.push({ unit: u.id, stand: i, rect: rectOf(s) });
    });
  }
  const out: { a: { unit: string; stand: number }; b: { unit: string; stand: number } }[] = [];
  for (let i = 0; i < flat.length; i++) {
    for (let j = i + 1; j < flat.length; j++) {
      if (rectsOverlap(flat[i].rect, flat[j].rect, tol)) {
        out.push({ a: { unit: flat[i].unit, stand: flat[i].stand }, b: { unit: flat[j].unit, stand: flat[j].stand } });
      }
    }
  }
  return out;
}
