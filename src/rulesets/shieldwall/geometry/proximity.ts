/**
 * Fast paths for how near units' stands are: per stands array one `ObjectCache` slot (rectangles,
 * bounding box, reach box, prepared scene stands, distances by serial). Every answer is
 * bit-identical to the plain computation (test/shieldwall/geometry/fast-paths.test.ts).
 */
import { ObjectCache } from "../../../core/object-cache.js";
import type { SceneStand, SceneStandCache } from "./los.js";
import { bounds, boxesBounds } from "./polygon.js";
import { type Rect, type Stand, rectCorners, rectOf } from "./stand.js";
import { rectsDistance } from "./unit.js";

/** What the unit helpers here read of a unit (a battle unit is one): its stands on the table. */
export interface Placed {
  readonly stands: readonly Stand[];
}

export function rectsDistanceOne(a: Stand, b: Stand): number {
  return rectsDistance([rectOf(a)], [rectOf(b)]);
}

/**
 * What is worked out about a stands array, each part on first use. Stands arrays in a state are
 * replaced, never changed, so this is kept on the array (an ObjectCache); everything about an
 * array hangs off one slot, so an array takes one hidden property, not one per kind of answer.
 */
interface StandsFacts {
  /** Tells arrays apart as keys of other arrays' distance tables (a number keeps no array alive). */
  readonly serial: number;
  rects: Rect[] | null;
  /** The rectangles with their bounding boxes (deployment and form-up room). */
  boxed: readonly BoxedRect[] | null;
  box: Box | null;
  /** The stands as a scene prepares them (see `SCENE_STANDS`). */
  scene: SceneStand[] | undefined;
  /** Edge-to-edge distances to other stands arrays, by their serial. */
  distances: Map<number, number> | null;
}

const STANDS_FACTS = new ObjectCache<readonly Stand[], StandsFacts>("stands facts");

let standsSerial = 0;

function standsFacts(stands: readonly Stand[]): StandsFacts {
  let f = STANDS_FACTS.get(stands);
  if (!f) {
    f = { serial: ++standsSerial, rects: null, boxed: null, box: null, scene: undefined, distances: null };
    STANDS_FACTS.set(stands, f);
  }
  return f;
}

/** Prepared scene stands by stands array, kept with the array's other facts. */
export const SCENE_STANDS: SceneStandCache = {
  get: (stands) => STANDS_FACTS.get(stands)?.scene,
  set: (stands, prepared) => {
    standsFacts(stands).scene = prepared;
  },
};

/** Prepared rectangles of a stands array, worked out once. */
export function standRects(stands: readonly Stand[]): Rect[] {
  const f = standsFacts(stands);
  f.rects ??= stands.map(rectOf);
  return f.rects;
}

export function unitDist(a: Placed, b: Placed): number {
  return standsDistance(a.stands, b.stands);
}

/** Edge-to-edge distance between two stands arrays (infinite if either is empty), kept while `a` lives (units that have not moved keep theirs). */
export function standsDistance(a: readonly Stand[], b: readonly Stand[]): number {
  if (a.length === 0 || b.length === 0) return Number.POSITIVE_INFINITY;
  const fa = standsFacts(a);
  const fb = standsFacts(b);
  fa.distances ??= new Map();
  let d = fa.distances.get(fb.serial);
  if (d === undefined) {
    d = rectsDistance(standRects(a), standRects(b));
    fa.distances.set(fb.serial, d);
  }
  return d;
}

/** Bounding box of a stands array's rectangles, worked out once per array. */
export function standsBox(stands: readonly Stand[]): Box {
  const f = standsFacts(stands);
  f.box ??= boxesBounds(boxedRects(stands));
  return f.box;
}

/** Half a stand's diagonal: no point of the stand is further than this from its centre. */
function halfDiagonal(st: Stand): number {
  return Math.sqrt(st.width * st.width + st.depth * st.depth) / 2;
}

/**
 * Are two stands arrays further apart than `m` along x or y, judged by the boxes around their
 * stands' centres grown by the half diagonals? Worked out on the spot: cheaper than looking up
 * the exact boxes.
 */
function reachBoxesApart(as: readonly Stand[], bs: readonly Stand[], m: number): boolean {
  const a = reachBox(as);
  const b = reachBox(bs);
  return b.minX > a.maxX + m || b.maxX < a.minX - m || b.minY > a.maxY + m || b.maxY < a.minY - m;
}

/**
 * The box around a stands array's stands' centres grown by their half diagonals (see
 * {@link reachBoxesApart}). Indexed loops over stands arrays here: arrays that carry cached facts
 * take other hidden classes than fresh ones, and `for...of` over the mix profiled slower in this
 * hot path (within about 5.5% of a battle with it, about 4% without).
 */
function reachBox(stands: readonly Stand[]): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  // Stands of a unit share their base: the half diagonal is worked out again only when it changes.
  let width = Number.NaN;
  let depth = Number.NaN;
  let h = 0;
  for (let i = 0; i < stands.length; i++) {
    const s = stands[i];
    if (s.width !== width || s.depth !== depth) {
      width = s.width;
      depth = s.depth;
      h = halfDiagonal(s);
    }
    if (s.x - h < minX) minX = s.x - h;
    if (s.y - h < minY) minY = s.y - h;
    if (s.x + h > maxX) maxX = s.x + h;
    if (s.y + h > maxY) maxY = s.y + h;
  }
  return { minX, minY, maxX, maxY };
}

/**
 * Is unit b within d" of unit a (edge to edge, ruling SW-3)? Far pairs are rejected cheaply from
 * the stands' centres (no point of a stand is further than its half diagonal from its centre):
 * first the boxes around the two units, then stand by stand; only near pairs are measured.
 */
export function within(a: Placed, b: Placed, d: number): boolean {
  if (a.stands.length === 0 || b.stands.length === 0) return false;
  if (reachBoxesApart(a.stands, b.stands, d + 1e-3)) return false;
  // Stand centres further apart than d plus both half diagonals: those stands are too.
  let near = false;
  const as = a.stands;
  const bs = b.stands;
  for (let i = 0; i < as.length; i++) {
    const x = as[i];
    const rx = halfDiagonal(x);
    for (let j = 0; j < bs.length; j++) {
      const y = bs[j];
      const reach = d + 1e-6 + rx + halfDiagonal(y);
      const dx = x.x - y.x;
      const dy = x.y - y.y;
      if (dx * dx + dy * dy <= reach * reach) {
        near = true;
        break;
      }
    }
    if (near) break;
  }
  return near && unitDist(a, b) <= d + 1e-6;
}

/** A bounding box. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Are two bounding boxes apart (by more than 1e-9)? Rectangles in boxes apart cannot overlap. */
export function boxesApart(a: Box, b: Box): boolean {
  return a.minX > b.maxX + 1e-9 || a.maxX < b.minX - 1e-9 || a.minY > b.maxY + 1e-9 || a.maxY < b.minY - 1e-9;
}

/** A stand's rectangle with its bounding box (rectangles whose boxes are apart cannot overlap). */
export interface BoxedRect extends Box {
  r: Rect;
}

function boxRect(r: Rect): BoxedRect {
  const b = bounds(rectCorners(r));
  return { r, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
}

export function boxedRect(st: Stand): BoxedRect {
  return boxRect(rectOf(st));
}

/** The boxed rectangles of a stands array, worked out once per array (kept with its other facts). */
export function boxedRects(stands: readonly Stand[]): readonly BoxedRect[] {
  const f = standsFacts(stands);
  f.boxed ??= standRects(stands).map(boxRect);
  return f.boxed;
}

/** A lower bound on the edge-to-edge distance between two units: stand centres less half diagonals. */
export function distanceLowerBound(a: Placed, b: Placed): number {
  let best = Number.POSITIVE_INFINITY;
  const as = a.stands;
  const bs = b.stands;
  for (let i = 0; i < as.length; i++) {
    const x = as[i];
    const rx = halfDiagonal(x);
    for (let j = 0; j < bs.length; j++) {
      const y = bs[j];
      const dx = x.x - y.x;
      const dy = x.y - y.y;
      const d = Math.sqrt(dx * dx + dy * dy) - rx - halfDiagonal(y);
      if (d < best) best = d;
    }
  }
  return Math.max(0, best);
}

/** The distance between two bounding boxes (0 if they meet): no point of one is nearer the other. */
export function boxDistance(a: Box, b: Box): number {
  const dx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
  const dy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
  return Math.sqrt(dx * dx + dy * dy);
}
