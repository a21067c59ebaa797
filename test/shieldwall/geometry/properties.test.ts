import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  type Edge,
  EDGES,
  type Stand,
  type UnitGeom,
  chargeIntoContact,
  contactBetween,
  defaultTable,
  formLine,
  planMove,
  polygonsOverlap,
  prepareScene,
  rectCorners,
  rectDistance,
  rectOf,
  rectsOverlap,
  pointRectDistance,
  pointSegmentDistance,
  separation,
  shapeClosest,
  sightLine,
  standDistance,
  standSees,
  standsOverlap,
  timeToOverlap,
  timeToWithin,
  unitDistance,
  unitSees,
} from "../../../src/rulesets/shieldwall/geometry/index.js";

const { width: W, depth: D } = BASE_SIZES["15mm"];
const SEED = 20261122;

/** Uniform reals in [lo, hi] (fc.double and fc.integer lean hard towards 0 and the bounds). */
const num = (lo: number, hi: number): fc.Arbitrary<number> => fc.noBias(fc.integer({ min: 0, max: 1_000_000 })).map((i) => lo + ((hi - lo) * i) / 1_000_000);

const standArb = (spread = 8): fc.Arbitrary<Stand> =>
  fc.record({
    x: num(-spread, spread),
    y: num(-spread, spread),
    facing: num(0, 360),
    width: fc.constantFrom(W, BASE_SIZES["28mm"].width),
    depth: fc.constantFrom(D, BASE_SIZES["28mm"].depth, 1),
  });

interface Motion {
  angle: number;
  dx: number;
  dy: number;
}
const motionArb: fc.Arbitrary<Motion> = fc.record({
  angle: num(-360, 360),
  dx: num(-50, 50),
  dy: num(-50, 50),
});

/** Rotates about the origin by m.angle degrees, then translates. */
function move(s: Stand, m: Motion): Stand {
  const a = (m.angle * Math.PI) / 180;
  const c = Math.cos(a);
  const n = Math.sin(a);
  return { ...s, x: s.x * c - s.y * n + m.dx, y: s.x * n + s.y * c + m.dy, facing: (((s.facing + m.angle) % 360) + 360) % 360 };
}

describe("distance properties (ruling SW-3)", () => {
  it("SW-3: distance is symmetric, non-negative, and agrees with a general polygon distance", () => {
    fc.assert(
      fc.property(standArb(), standArb(), (a, b) => {
        const d = standDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(standDistance(b, a)).toBeCloseTo(d, 9);
        const general = shapeClosest(rectCorners(rectOf(a)), true, rectCorners(rectOf(b)), true).distance;
        expect(d).toBeCloseTo(general, 9);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it("SW-3: distance is zero exactly when the stands touch or overlap", () => {
    fc.assert(
      fc.property(standArb(4), standArb(4), (a, b) => {
        const ra = rectOf(a);
        const rb = rectOf(b);
        const sep = separation(ra, rb);
        fc.pre(Math.abs(sep) > 1e-9);
        expect(rectDistance(ra, rb) === 0).toBe(sep < 0);
        // Overlap by SAT agrees with a general polygon overlap test away from touching.
        expect(rectsOverlap(ra, rb)).toBe(polygonsOverlap(rectCorners(ra), rectCorners(rb), 1e-9));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it("SW-3: a stand moved to touch another (first-touch distance) touches and does not overlap it", () => {
    fc.assert(
      fc.property(standArb(), standArb(), num(0, 360), (a, b, heading) => {
        const h = (heading * Math.PI) / 180;
        const dx = Math.cos(h);
        const dy = Math.sin(h);
        const ra = rectOf(a);
        const rb = rectOf(b);
        fc.pre(separation(ra, rb) > 1e-6);
        const t = timeToOverlap(ra, dx, dy, rb, 1e-9);
        if (!Number.isFinite(t)) return;
        const at = { ...a, x: a.x + dx * t, y: a.y + dy * t };
        expect(standDistance(at, b)).toBeLessThan(1e-6);
        expect(standsOverlap(at, b, 1e-6)).toBe(false);
        const beyond = { ...a, x: a.x + dx * (t + 0.01), y: a.y + dy * (t + 0.01) };
        expect(standsOverlap(beyond, b)).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it("Movement: the first moment within r of a stand is exact (distance r there, more just before)", () => {
    fc.assert(
      fc.property(standArb(), standArb(), num(0, 360), num(0, 8), (a, b, heading, r) => {
        const h = (heading * Math.PI) / 180;
        const dx = Math.cos(h);
        const dy = Math.sin(h);
        fc.pre(standDistance(a, b) > r + 1e-6);
        const t = timeToWithin(rectOf(a), dx, dy, rectOf(b), r);
        if (!Number.isFinite(t)) {
          // Never within r: check a far point of the path.
          for (const k of [1, 10, 100]) expect(standDistance({ ...a, x: a.x + dx * k, y: a.y + dy * k }, b)).toBeGreaterThan(r - 1e-9);
          return;
        }
        expect(standDistance({ ...a, x: a.x + dx * t, y: a.y + dy * t }, b)).toBeCloseTo(r, 7);
        const before = Math.max(0, t - 0.01);
        expect(standDistance({ ...a, x: a.x + dx * before, y: a.y + dy * before }, b)).toBeGreaterThan(r);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe("transform invariance", () => {
  it("SW-3: translated and rotated configurations give the same distance, overlap and contact", () => {
    fc.assert(
      fc.property(standArb(4), standArb(4), motionArb, (a, b, m) => {
        const a2 = move(a, m);
        const b2 = move(b, m);
        expect(standDistance(a2, b2)).toBeCloseTo(standDistance(a, b), 9);
        const sep = separation(rectOf(a), rectOf(b));
        if (Math.abs(sep) > 1e-7) expect(standsOverlap(a2, b2)).toBe(standsOverlap(a, b));
        const c1 = contactBetween(a, b);
        const c2 = contactBetween(a2, b2);
        if (Math.abs(c1.distance - 0.05) > 1e-7 && Math.abs(sep + 0.05) > 1e-7) {
          expect([c2.inContact, c2.edgeOfA, c2.edgeOfB]).toEqual([c1.inContact, c1.edgeOfA, c1.edgeOfB]);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it("Resolving combat: contact touching exactly is symmetric: A touches B's edge as B touches A's", () => {
    fc.assert(
      fc.property(standArb(), fc.constantFrom<Edge>(...EDGES), num(-1, 1), (target, edge, slide) => {
        // Put a stand flush on the edge, slid sideways by up to half its width.
        const placed = chargeIntoContact({ id: "c", side: "s", formed: false, stands: [{ ...target, x: target.x + 20, facing: 0 }] }, target, edge, {
          align: "centre",
        }).stands[0];
        const f = { x: Math.cos((placed.facing * Math.PI) / 180), y: Math.sin((placed.facing * Math.PI) / 180) };
        const r = { x: f.y, y: -f.x };
        const off = slide * Math.min(placed.width, edge === "front" || edge === "rear" ? target.width : target.depth) * 0.45;
        const s = { ...placed, x: placed.x + r.x * off, y: placed.y + r.y * off };
        const ab = contactBetween(s, target);
        const ba = contactBetween(target, s);
        expect(ab.inContact).toBe(true);
        expect(ab.edgeOfA).toBe("front");
        expect(ab.edgeOfB).toBe(edge);
        expect(ab.flush).toBe(true);
        expect([ba.edgeOfA, ba.edgeOfB]).toEqual([ab.edgeOfB, ab.edgeOfA]);
        expect(standsOverlap(s, target, 1e-7)).toBe(false);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});

// Scenes: a shooter, a target and a few other stands scattered between them.
const sceneArb = fc.record({
  shooter: standArb(2),
  target: fc.record({
    x: num(-6, 6),
    y: num(8, 14),
    facing: num(0, 360),
  }),
  others: fc.array(
    fc.record({
      x: num(-7, 7),
      y: num(4, 7),
      facing: num(0, 360),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

type SceneSpec = { shooter: Stand; target: { x: number; y: number; facing: number }; others: { x: number; y: number; facing: number }[] };

function unitsOf(spec: SceneSpec, m?: Motion): UnitGeom[] {
  const t = (s: Stand) => (m ? move(s, m) : s);
  const shooter = { ...spec.shooter, facing: 90 + ((spec.shooter.facing % 90) - 45) };
  const units: UnitGeom[] = [
    { id: "shooter", side: "south", formed: true, stands: [t(shooter)] },
    { id: "target", side: "north", formed: true, stands: [t({ ...spec.target, width: W, depth: D })] },
  ];
  spec.others.forEach((o, i) => {
    units.push({ id: `o${i}`, side: i % 2 ? "north" : "south", formed: true, stands: [t({ ...o, width: W, depth: D })] });
  });
  return units;
}

/** No two stands of different units closer than 0.1". */
function legal(units: UnitGeom[]): boolean {
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      for (const a of units[i].stands) for (const b of units[j].stands) if (standDistance(a, b) < 0.1) return false;
    }
  }
  return true;
}

const big = defaultTable({ width: 1000, height: 1000 });
const S = { unit: "shooter", stand: 0 };
const T = { unit: "target", stand: 0 };

describe("line of sight properties (seed Missile Exchange)", () => {
  it("Missile Exchange: removing a stand never hides a target that was visible", () => {
    fc.assert(
      fc.property(sceneArb, fc.nat(), (spec, k) => {
        const units = unitsOf(spec);
        fc.pre(legal(units) && units.length > 2);
        const before = standSees(prepareScene(big, units), S, T);
        const drop = 2 + (k % (units.length - 2));
        const after = standSees(prepareScene(big, units.filter((_, i) => i !== drop)), S, T);
        if (before) expect(after).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it("Missile Exchange: line of sight is unchanged by translating and rotating the whole scene", () => {
    let seen = 0;
    let hidden = 0;
    fc.assert(
      fc.property(sceneArb, motionArb, (spec, m) => {
        const units = unitsOf(spec);
        fc.pre(legal(units));
        const shifted = { ...m, dx: m.dx + 500, dy: m.dy + 500 };
        const a = standSees(prepareScene(big, units), S, T);
        const b = standSees(prepareScene(big, unitsOf(spec, shifted)), S, T);
        if (a) seen++;
        else hidden++;
        expect(b).toBe(a);
      }),
      { seed: SEED, numRuns: 300 },
    );
    // The scenes are a real mix of visible and hidden targets.
    expect(seen).toBeGreaterThan(20);
    expect(hidden).toBeGreaterThan(20);
  });
  it("Missile Exchange: a visible target really has a clear sight segment (checked by dense sampling)", () => {
    // Independent check by brute force: sample points along the front edge and the target, and
    // test each segment against the blockers (no gap rule: scenes with no two blockers < 2" apart).
    fc.assert(
      fc.property(sceneArb, (spec) => {
        const { units, others } = gapFreeScene(spec);
        const sees = standSees(prepareScene(big, units), S, T);
        const sampled = sampleSight(units[0].stands[0], units[1].stands[0], others);
        // Sampling can miss a narrow opening but never invents one.
        if (sampled) expect(sees).toBe(true);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

/**
 * The scene of `spec` when it is legal and no two blockers (every stand but the shooter's and
 * the target's) are closer than 2" (so no narrow gap forms); otherwise the run is discarded.
 */
function gapFreeScene(spec: Parameters<typeof unitsOf>[0]): { units: ReturnType<typeof unitsOf>; others: Stand[] } {
  const units = unitsOf(spec);
  fc.pre(legal(units));
  const others = units.slice(2).flatMap((u) => u.stands);
  for (let i = 0; i < others.length; i++) for (let j = i + 1; j < others.length; j++) fc.pre(standDistance(others[i], others[j]) > 2.1);
  return { units, others };
}

describe("line of sight witnesses", () => {
  it("Missile Exchange: every line of sight found is really clear (checked independently)", () => {
    let checked = 0;
    fc.assert(
      fc.property(sceneArb, (spec) => {
        const { units, others } = gapFreeScene(spec);
        const line = sightLine(prepareScene(big, units), S, T);
        if (!line) return;
        checked++;
        const shooter = units[0].stands[0];
        const [fl, fr] = rectCorners(rectOf(shooter));
        // Starts on the front edge, leaves forwards, ends on the target's outline.
        expect(pointSegmentDistance(line.from.x, line.from.y, fl.x, fl.y, fr.x, fr.y)).toBeLessThan(1e-6);
        const f = { x: Math.cos((shooter.facing * Math.PI) / 180), y: Math.sin((shooter.facing * Math.PI) / 180) };
        const len = Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y);
        if (len > 1e-9) expect((line.to.x - line.from.x) * f.x + (line.to.y - line.from.y) * f.y).toBeGreaterThan(0);
        const tr = rectOf(units[1].stands[0]);
        expect(pointRectDistance(tr, line.to.x, line.to.y)).toBeLessThan(1e-6);
        // Clear of every other stand by (almost) the sight clearance, sampled finely along it.
        let hits = 0;
        for (const o of others) {
          const r = { ...rectOf(o), hw: o.width / 2 + 0.0099, hd: o.depth / 2 + 0.0099 };
          for (let k = 0; k <= 400; k++) {
            const x = line.from.x + ((line.to.x - line.from.x) * k) / 400;
            const y = line.from.y + ((line.to.y - line.from.y) * k) / 400;
            if (insideRect(r, x, y)) hits++;
          }
        }
        expect(hits).toBe(0);
      }),
      { seed: SEED, numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(50);
  });
});

function sampleSight(shooter: Stand, target: Stand, blockers: Stand[]): boolean {
  const [fl, fr] = rectCorners(rectOf(shooter));
  const f = { x: Math.cos((shooter.facing * Math.PI) / 180), y: Math.sin((shooter.facing * Math.PI) / 180) };
  const tc = rectCorners(rectOf(target));
  const tr = rectOf(target);
  const grown = blockers.map((b) => ({ ...rectOf(b), hw: b.width / 2 + 0.02, hd: b.depth / 2 + 0.02 }));
  const targetInside = { ...tr, hw: tr.hw - 1e-6, hd: tr.hd - 1e-6 };
  const shooterInside = { ...rectOf(shooter), hw: shooter.width / 2 - 1e-6, hd: shooter.depth / 2 - 1e-6 };
  const N = 16;
  for (let i = 0; i <= N; i++) {
    const p = { x: fl.x + ((fr.x - fl.x) * i) / N, y: fl.y + ((fr.y - fl.y) * i) / N };
    for (let e = 0; e < 4; e++) {
      const a = tc[e];
      const b = tc[(e + 1) % 4];
      for (let j = 0; j <= N; j++) {
        const q = { x: a.x + ((b.x - a.x) * j) / N, y: a.y + ((b.y - a.y) * j) / N };
        if ((q.x - p.x) * f.x + (q.y - p.y) * f.y <= 1e-6) continue;
        // The segment must not cross the target before q, nor any blocker (sampled along its length).
        let ok = true;
        for (let k = 1; k < 200 && ok; k++) {
          const x = p.x + ((q.x - p.x) * k) / 200;
          const y = p.y + ((q.y - p.y) * k) / 200;
          for (const g of grown) if (insideRect(g, x, y)) ok = false;
          if (k < 199 && insideRect(targetInside, x, y)) ok = false;
          if (insideRect(shooterInside, x, y)) ok = false;
        }
        if (ok) return true;
      }
    }
  }
  return false;
}

function insideRect(r: ReturnType<typeof rectOf>, x: number, y: number): boolean {
  const dx = x - r.cx;
  const dy = y - r.cy;
  return Math.abs(dx * r.rx + dy * r.ry) < r.hw && Math.abs(dx * r.fx + dy * r.fy) < r.hd;
}

describe("movement properties", () => {
  it("Movement: a planned move never ends overlapping a stand, off the table, or inside the 2\" zone of a visible enemy", () => {
    fc.assert(
      fc.property(
        num(10, 60),
        num(6, 20),
        num(-22.5, 22.5),
        num(0, 15),
        fc.array(fc.record({ x: num(5, 67), y: num(12, 40), f: num(0, 359), enemy: fc.boolean() }), { maxLength: 4 }),
        (x, y, off, dist, others) => {
          const me: UnitGeom = { id: "me", side: "south", formed: true, stands: formLine({ x, y, facing: 90 }, 2) };
          const units: UnitGeom[] = [me];
          others.forEach((o, i) => {
            units.push({ id: `u${i}`, side: o.enemy ? "north" : "south", formed: true, stands: [{ x: o.x, y: o.y, facing: o.f, width: W, depth: D }] });
          });
          fc.pre(legal(units) && units.every((u) => u.stands.every((s) => rectCorners(rectOf(s)).every((c) => c.x > 0 && c.x < 72 && c.y > 0 && c.y < 48))));
          const scene = prepareScene(defaultTable(), units);
          const plan = planMove(scene, "me", 90 + off, dist);
          expect(plan.distance).toBeLessThanOrEqual(dist + 1e-12);
          expect(plan.distance).toBeGreaterThanOrEqual(0);
          for (const u of units.slice(1)) {
            for (const s of u.stands) for (const m of plan.unit.stands) expect(standsOverlap(m, s, 1e-6)).toBe(false);
            if (u.side === "north" && unitSees(scene, "me", u.id)) {
              const before = unitDistance(me, u);
              // Beyond 2": never ends inside 2". Within 2": never ends any nearer.
              expect(unitDistance(plan.unit, u)).toBeGreaterThan(Math.min(2, before) - 1e-6);
            }
          }
          for (const s of plan.unit.stands) for (const c of rectCorners(rectOf(s))) expect(c.x >= -1e-9 && c.x <= 72 + 1e-9 && c.y >= -1e-9 && c.y <= 48 + 1e-9).toBe(true);
          if (plan.stoppedBy === null) expect(plan.distance).toBe(dist);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
