/**
 * Fast paths in the geometry that must give exactly what the plain computation gives (the battle
 * engine's results, and so its state hashes, depend on them bit for bit).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BattleUnit } from "../../../src/rulesets/shieldwall/battle/types.js";
import { unitDist, within } from "../../../src/rulesets/shieldwall/geometry/proximity.js";
import {
  type Point,
  type Rect,
  type SceneGap,
  type SceneStand,
  type Stand,
  type UnitGeom,
  BASE_SIZES,
  MEASURE_EPS,
  behindEverySource,
  defaultTable,
  distanceBeforeZone,
  convexHull,
  gapsNear,
  grownReachMargin,
  makeRect,
  polygonsOverlap,
  segmentLengthInside,
  sweptTerrain,
  makeStand,
  prepareScene,
  rectClosestPoints,
  rectCorners,
  rectDistance,
  rectOf,
  rectsDistance,
  sceneGaps,
  segmentPenetrates,
  separation,
  sightLine,
  standSees,
  type TerrainFeature,
  timeToWithin,
  translateRect,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { sortedByXThenY } from "../../../src/rulesets/shieldwall/geometry/polygon.js";

const SEED = 20261122;
const { width: W, depth: D } = BASE_SIZES["15mm"];

/** Uniform reals in [lo, hi] on a grid of `steps` (coarse grids give exact ties and touching stands). */
const num = (lo: number, hi: number, steps = 1_000_000): fc.Arbitrary<number> => fc.noBias(fc.integer({ min: 0, max: steps })).map((i) => lo + ((hi - lo) * i) / steps);

/** Stands anywhere, or on a quarter-inch grid facing a compass point (lined up, touching, tied). */
const standArb = (spread = 6): fc.Arbitrary<Stand> =>
  fc.oneof(
    fc.record({ x: num(-spread, spread), y: num(-spread, spread), facing: num(0, 360) }),
    fc.record({ x: num(-spread, spread, 8 * spread), y: num(-spread, spread, 8 * spread), facing: fc.constantFrom(0, 90, 180, 270, 45) }),
  ).chain((p) => fc.constantFrom(W, BASE_SIZES["28mm"].width).map((width) => makeStand(p.x, p.y, p.facing, width, width === W ? D : BASE_SIZES["28mm"].depth)));

/** rectClosestPoints as first written: every corner's distance by Math.hypot, the first least kept. */
function closestPointsReference(a: Rect, b: Rect): { distance: number; p: Point; q: Point } {
  let best = Number.POSITIVE_INFINITY;
  let p = { x: a.cx, y: a.cy };
  let q = { x: b.cx, y: b.cy };
  for (let side = 0; side < 2; side++) {
    const from = side === 0 ? a : b;
    const to = side === 0 ? b : a;
    for (let k = 0; k < 4; k++) {
      const sf = k < 2 ? 1 : -1;
      const sw = k === 0 || k === 3 ? -1 : 1;
      const cx = from.cx + sf * from.fx * from.hd + sw * from.rx * from.hw;
      const cy = from.cy + sf * from.fy * from.hd + sw * from.ry * from.hw;
      const u = Math.max(-to.hw, Math.min(to.hw, (cx - to.cx) * to.rx + (cy - to.cy) * to.ry));
      const v = Math.max(-to.hd, Math.min(to.hd, (cx - to.cx) * to.fx + (cy - to.cy) * to.fy));
      const tx = to.cx + u * to.rx + v * to.fx;
      const ty = to.cy + u * to.ry + v * to.fy;
      const d = Math.hypot(tx - cx, ty - cy);
      if (d < best) {
        best = d;
        p = side === 0 ? { x: cx, y: cy } : { x: tx, y: ty };
        q = side === 0 ? { x: tx, y: ty } : { x: cx, y: cy };
      }
    }
  }
  if (best > 0 && separation(a, b) <= 0) {
    const m = { x: (a.cx + b.cx) / 2, y: (a.cy + b.cy) / 2 };
    return { distance: 0, p: m, q: m };
  }
  return { distance: best, p, q };
}

/** distanceBeforeZone as first written: every pair's first moment within the limit worked out. */
function distanceBeforeZoneReference(movers: readonly Rect[], d: Point, others: readonly Rect[], zone: number): number {
  const limit = Math.min(zone, rectsDistance(movers, others));
  const h = 1e-6;
  let best = Number.POSITIVE_INFINITY;
  for (const a of movers) {
    for (const b of others) {
      const d0 = rectDistance(a, b);
      if (d0 <= limit + MEASURE_EPS) {
        if (rectDistance(translateRect(a, d.x * h, d.y * h), b) < d0 - 1e-12) return 0;
        continue;
      }
      const t = timeToWithin(a, d.x, d.y, b, limit);
      if (!(t < best)) continue;
      if (rectDistance(translateRect(a, d.x * (t + h), d.y * (t + h)), b) < limit - 1e-12) best = t;
    }
  }
  return best;
}

/** Units of one to three stands crowded into a few inches, with a wood that blocks sight (often narrow gaps). */
const crowdArb: fc.Arbitrary<{ units: UnitGeom[]; wood: boolean }> = fc.record({
  stands: fc.array(fc.array(standArb(5), { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 7 }),
  formed: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  wood: fc.boolean(),
}).map(({ stands, formed, wood }) => ({
  units: stands.map((ss, i) => ({ id: `u${i}`, side: i % 2 === 0 ? "south" : "north", formed: formed[i], stands: ss.map((s) => ({ ...s, x: s.x + 20, y: s.y + 20 })) })),
  wood,
}));
const crowdTable = (wood: boolean) => {
  const table = defaultTable();
  if (!wood) return table;
  const points = [
    { x: 19, y: 19 },
    { x: 22, y: 19 },
    { x: 22, y: 21.5 },
    { x: 19, y: 22 },
  ];
  return { ...table, terrain: [{ id: "wood", name: "Wood", kind: "area" as const, points, difficult: true, cover: true, highGround: false, blocksSight: true }] };
};
/** A gap's bridge meets the box (the sight test's first sorting). */
const bridgeMeets = (g: SceneGap, x0: number, y0: number, x1: number, y1: number) =>
  !(Math.max(g.p.x, g.q.x) < x0 || Math.min(g.p.x, g.q.x) > x1 || Math.max(g.p.y, g.q.y) < y0 || Math.min(g.p.y, g.q.y) > y1);

describe("geometry fast paths agree exactly with the plain computation", () => {
  it("SW-3: rectClosestPoints measures with Math.hypot only the candidates that can be nearest, and picks the same points", () => {
    fc.assert(
      fc.property(standArb(), standArb(), (a, b) => {
        const ra = rectOf(a);
        const rb = rectOf(b);
        expect(rectClosestPoints(ra, rb)).toEqual(closestPointsReference(ra, rb));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
  it("SW-3: rectangles that touch or overlap (separation ≤ 0) have closest-point distance 0 (the scene's gap search skips them)", () => {
    fc.assert(
      fc.property(standArb(2), standArb(2), (a, b) => {
        const ra = rectOf(a);
        const rb = rectOf(b);
        fc.pre(separation(ra, rb) <= 0);
        expect(rectClosestPoints(ra, rb).distance).toBe(0);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
  it("convexHull's short-list sort orders points as the stable Array.prototype.sort does", () => {
    const pointArb = fc.record({ x: fc.integer({ min: -2, max: 2 }), y: fc.integer({ min: -2, max: 2 }) });
    fc.assert(
      fc.property(fc.array(pointArb, { maxLength: 20 }), (pts) => {
        const sorted = sortedByXThenY(pts);
        const reference = [...pts].sort((a, b) => a.x - b.x || a.y - b.y);
        expect(sorted.length).toBe(reference.length);
        sorted.forEach((p, i) => expect(p).toBe(reference[i]));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
  it("SW-3: within's quick rejections agree with the exact distance between units", () => {
    const unitArb = fc.array(standArb(10), { minLength: 1, maxLength: 4 }).map((stands) => ({ stands }) as unknown as BattleUnit);
    fc.assert(
      fc.property(unitArb, unitArb, fc.constantFrom(0.1, 1, 2, 8, 12), (a, b, d) => {
        expect(within(a, b, d)).toBe(unitDist(a, b) <= d + 1e-6);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
  it("Missile Exchange: a target wholly behind a formed stand's front edge line fails every sight segment's outward test (the sight test's shortcut)", () => {
    fc.assert(
      fc.property(standArb(), standArb(), fc.array(fc.tuple(num(0, 1), num(-1, 1), num(-1, 1)), { minLength: 10, maxLength: 10 }), (a, b, samples) => {
        const ra = rectOf(a);
        const [fl, fr] = rectCorners(ra);
        const front = { p0: fl, p1: fr, nx: ra.fx, ny: ra.fy };
        const rb = rectOf(b);
        fc.pre(behindEverySource(rectCorners(rb), [front]));
        // Points of the front edge to points of the target grown by the sight tests' slack (1e-9).
        let outwards = 0;
        for (const [f, u, v] of samples) {
          for (const g of [f, 0, 0.25, 0.5, 0.75, 1]) {
            const px = fl.x + g * (fr.x - fl.x);
            const py = fl.y + g * (fr.y - fl.y);
            const qx = rb.cx + u * (rb.hw + 1e-9) * rb.rx + v * (rb.hd + 1e-9) * rb.fx;
            const qy = rb.cy + u * (rb.hw + 1e-9) * rb.ry + v * (rb.hd + 1e-9) * rb.fy;
            if ((qx - px) * front.nx + (qy - py) * front.ny > 1e-9 || Math.abs(qx - px) + Math.abs(qy - py) < 1e-9) outwards++;
          }
        }
        expect(outwards).toBe(0);
        const scene = prepareScene(defaultTable(), [
          { id: "a", side: "south", formed: true, stands: [a] },
          { id: "b", side: "north", formed: true, stands: [b] },
        ]);
        expect(standSees(scene, { unit: "a", stand: 0 }, { unit: "b", stand: 0 })).toBe(false);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it("Missile Exchange: a stand whose box grown by its reach margin is clear of a sight segment's box is not passed through by it, grown by the clearance (the sight test's box rejection)", () => {
    let rejected = 0;
    fc.assert(
      fc.property(standArb(), fc.constantFrom(0, 0.01, 0.5), fc.array(fc.tuple(num(-1.5, 1.5), num(-1.5, 1.5), num(-1.5, 1.5), num(-1.5, 1.5)), { minLength: 20, maxLength: 20 }), (stand, c, ends) => {
        const scene = prepareScene(defaultTable(), [{ id: "a", side: "south", formed: true, stands: [stand] }]);
        const s = scene.stands[0];
        const r = s.rect;
        const grown = makeRect(r.cx, r.cy, r.fx, r.fy, r.rx, r.ry, r.hw + c, r.hd + c);
        const m = grownReachMargin(c);
        for (const [a, b, e, f] of ends) {
          // End points around the stand's box, scaled to its size so many segments pass near it.
          const px = r.cx + a * (s.maxX - s.minX);
          const py = r.cy + b * (s.maxY - s.minY);
          const qx = r.cx + e * (s.maxX - s.minX);
          const qy = r.cy + f * (s.maxY - s.minY);
          const clear = s.minX - m > Math.max(px, qx) || s.maxX + m < Math.min(px, qx) || s.minY - m > Math.max(py, qy) || s.maxY + m < Math.min(py, qy);
          if (!clear) continue;
          rejected++;
          expect(segmentPenetrates(grown, px, py, qx, qy)).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
    expect(rejected).toBeGreaterThan(1000);
  });
  it("Movement: distanceBeforeZone skips pairs too far to beat the best so far or to come within the zone before the end of the move, with the same answer", () => {
    const group = fc.array(standArb(8), { minLength: 1, maxLength: 4 }).map((ss) => ss.map(rectOf));
    fc.assert(
      fc.property(group, group, num(0, 360), fc.constantFrom(0.5, 2, 3), num(0, 12), (movers, others, heading, zone, far) => {
        const d = { x: Math.cos((heading * Math.PI) / 180), y: Math.sin((heading * Math.PI) / 180) };
        const exact = distanceBeforeZoneReference(movers, d, others, zone);
        expect(distanceBeforeZone(movers, d, others, zone)).toBe(exact);
        // Only worked out as far as asked: exact below it, at least it beyond.
        const near = distanceBeforeZone(movers, d, others, zone, far);
        if (exact < far) expect(near).toBe(exact);
        else expect(near).toBeGreaterThanOrEqual(far);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
  it("Missile Exchange: the narrow gaps near a box are those of the whole scene whose bridge meets the box, in the same order", () => {
    fc.assert(
      fc.property(crowdArb, num(14, 26), num(14, 26), num(0, 6), num(0, 6), ({ units, wood }, x0, y0, w, h) => {
        const table = crowdTable(wood);
        const near = gapsNear(prepareScene(table, units), x0, y0, x0 + w, y0 + h).filter((g) => bridgeMeets(g, x0, y0, x0 + w, y0 + h));
        const all = sceneGaps(prepareScene(table, units)).filter((g) => bridgeMeets(g, x0, y0, x0 + w, y0 + h));
        expect(near.map(({ p, q, a, b }) => ({ p, q, a, b }))).toEqual(all.map(({ p, q, a, b }) => ({ p, q, a, b })));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it("Missile Exchange: sight lines are the same whether the scene's gaps were all worked out first or only those near each test", () => {
    fc.assert(
      fc.property(crowdArb, fc.nat(), fc.nat(), fc.boolean(), ({ units, wood }, i, j, allRound) => {
        const table = crowdTable(wood);
        const from = units[i % units.length];
        const to = units[j % units.length];
        const whole = prepareScene(table, units);
        sceneGaps(whole);
        const lazy = prepareScene(table, units);
        for (let a = 0; a < from.stands.length; a++) {
          for (let b = 0; b < to.stands.length; b++) {
            const f = { unit: from.id, stand: a };
            const g = { unit: to.id, stand: b };
            expect(sightLine(lazy, f, g, { allRound })).toEqual(sightLine(whole, f, g, { allRound }));
          }
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it("Movement: sweptTerrain's quick look at the ground swept finds what stand-by-stand hulls find", () => {
    const featureArb: fc.Arbitrary<TerrainFeature> = fc
      .record({ x: num(10, 30), y: num(10, 30), w: num(0.5, 6), h: num(0.5, 6), kind: fc.constantFrom("area" as const, "obstacle" as const), difficult: fc.boolean() })
      .map(({ x, y, w, h, kind, difficult }) => ({
        id: `${kind}-${x.toFixed(3)}`,
        kind,
        points: kind === "area" ? [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }] : [{ x, y }, { x: x + w, y: y + h }],
        difficult,
        cover: false,
        highGround: false,
        blocksSight: false,
      }));
    fc.assert(
      fc.property(fc.array(standArb(6), { minLength: 1, maxLength: 3 }), fc.array(featureArb, { maxLength: 4 }), num(0, 360), num(0, 8), (stands, terrain, heading, distance) => {
        const unit = { id: "u", side: "south", formed: false, stands: stands.map((s) => ({ ...s, x: s.x + 20, y: s.y + 20 })) };
        const d = { x: Math.cos((heading * Math.PI) / 180), y: Math.sin((heading * Math.PI) / 180) };
        const difficult = new Set<string>();
        const crossed = new Set<string>();
        for (const s of unit.stands) {
          const r = rectOf(s);
          const hull = convexHull([...rectCorners(r), ...rectCorners(translateRect(r, d.x * distance, d.y * distance))]);
          for (const f of terrain) {
            if (f.kind === "area") {
              if (f.difficult && polygonsOverlap(hull, f.points, 1e-6)) difficult.add(f.id);
            } else if (segmentLengthInside(f.points[0], f.points[1], hull) > 1e-6) {
              crossed.add(f.id);
              if (f.difficult) difficult.add(f.id);
            }
          }
        }
        expect(sweptTerrain(unit, d, distance, { ...defaultTable(), terrain })).toEqual({ difficult: [...difficult].sort(), obstaclesCrossed: [...crossed].sort() });
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
  it("Missile Exchange: narrow gaps and sight lines remembered by prepared stands shared between scenes are those of a fresh scene", () => {
    fc.assert(
      fc.property(crowdArb, fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }), num(-1, 1), fc.nat(), fc.nat(), ({ units, wood }, moves, shift, i, j) => {
        const table = crowdTable(wood);
        const reuse = new WeakMap<readonly Stand[], SceneStand[]>();
        const first = prepareScene(table, units, reuse);
        sceneGaps(first);
        // Some units move (new stands arrays), the others keep theirs and their prepared stands; one leaves the table.
        const later = units.slice(1).map((u, k) => (moves[k] ? { ...u, stands: u.stands.map((s) => ({ ...s, x: s.x + shift })) } : u));
        const shared = prepareScene(table, later, reuse);
        const fresh = prepareScene(table, later);
        expect(sceneGaps(shared).map(({ p, q, a, b }) => ({ p, q, a, b }))).toEqual(sceneGaps(fresh).map(({ p, q, a, b }) => ({ p, q, a, b })));
        const from = later[i % later.length];
        const to = later[j % later.length];
        const lazyShared = prepareScene(table, later, reuse);
        for (let a = 0; a < from.stands.length; a++) {
          for (let b = 0; b < to.stands.length; b++) {
            const f = { unit: from.id, stand: a };
            const g = { unit: to.id, stand: b };
            expect(sightLine(lazyShared, f, g, { allRound: !from.formed })).toEqual(sightLine(fresh, f, g, { allRound: !from.formed }));
          }
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
