import { describe, expect, it } from "vitest";
import {
  BASE_SIZES,
  enemiesWithinClose,
  enemiesWithinFar,
  formLine,
  isWithin,
  leaderDistance,
  lineProblem,
  overlappingStands,
  polygonsOverlap,
  rectCorners,
  rectOf,
  standDistance,
  standsOverlap,
  unitDistance,
  unitWithin,
  unitsWithin,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { D, stand, unit, W } from "./fixtures.js";


describe("SW-3 stand sizes", () => {
  it("SW-3: a 15mm stand is 80 × 40 mm (3.15\" × 1.57\")", () => {
    expect(W).toBeCloseTo(3.15, 2);
    expect(D).toBeCloseTo(1.57, 2);
    expect(W).toBeCloseTo(80 / 25.4, 12);
  });
  it("SW-3: a 28mm stand is 120 × 50 mm", () => {
    expect(BASE_SIZES["28mm"].width).toBeCloseTo(120 / 25.4, 12);
    expect(BASE_SIZES["28mm"].depth).toBeCloseTo(50 / 25.4, 12);
  });
  it("SW-3: a stand's front edge is the edge its facing points through", () => {
    const [fl, fr, rr, rl] = rectCorners(rectOf(stand(10, 10, 90)));
    expect(fl.y).toBeCloseTo(10 + D / 2, 12);
    expect(fr.y).toBeCloseTo(10 + D / 2, 12);
    expect(fl.x).toBeLessThan(fr.x);
    expect(rr.y).toBeCloseTo(10 - D / 2, 12);
    expect(rl.x).toBeCloseTo(10 - W / 2, 12);
  });
});

describe("SW-3 edge-to-edge distance between stands", () => {
  it("SW-3: side by side with a 1\" gap measures 1\"", () => {
    expect(standDistance(stand(10, 10), stand(10 + W + 1, 10))).toBeCloseTo(1, 12);
  });
  it("SW-3: front to front 2\" apart measures 2\" whatever the facings", () => {
    expect(standDistance(stand(10, 10, 90), stand(10, 10 + D + 2, 270))).toBeCloseTo(2, 12);
  });
  it("SW-3: corner to corner measures the diagonal (3-4-5)", () => {
    expect(standDistance(stand(0, 0), stand(W + 3, D + 4))).toBeCloseTo(5, 12);
  });
  it("SW-3: a stand turned side-on measures from its flank edge", () => {
    // Facing 0: its width runs north-south; its flank edge is at x = 10 - D/2.
    expect(standDistance(stand(0, 0, 90), stand(10, 0, 0))).toBeCloseTo(10 - D / 2 - W / 2, 12);
  });
  it("SW-3: a stand turned 45° measures from its nearest corner", () => {
    const c = Math.SQRT1_2;
    expect(standDistance(stand(0, 0, 90), stand(10, 0, 45))).toBeCloseTo(10 - c * (W / 2 + D / 2) - W / 2, 12);
  });
  it("SW-3: touching stands are 0\" apart; overlapping stands are 0\" apart", () => {
    expect(standDistance(stand(0, 0), stand(W, 0))).toBe(0);
    expect(standDistance(stand(0, 0), stand(W - 0.5, 0))).toBe(0);
  });
});

describe("no-overlap checks (separating axis theorem)", () => {
  it("touching edge to edge is not overlapping", () => {
    expect(standsOverlap(stand(0, 0), stand(W, 0))).toBe(false);
    expect(standsOverlap(stand(0, 0, 90), stand(0, D, 270))).toBe(false);
  });
  it("a hundredth of an inch of overlap is overlapping, but not within a 0.05\" tolerance", () => {
    expect(standsOverlap(stand(0, 0), stand(W - 0.01, 0))).toBe(true);
    expect(standsOverlap(stand(0, 0), stand(W - 0.01, 0), 0.05)).toBe(false);
  });
  it("two stands crossed like a plus sign overlap though no corner is inside the other", () => {
    const a = stand(0, 0, 90);
    const b = stand(0, 0, 0);
    for (const c of rectCorners(rectOf(a))) expect(Math.abs(c.x) > D / 2 || Math.abs(c.y) > W / 2).toBe(true);
    expect(standsOverlap(a, b)).toBe(true);
    expect(standDistance(a, b)).toBe(0);
  });
  it("rotated stands just apart do not overlap; pushed together they do", () => {
    const a = stand(0, 0, 30);
    const b = stand(0, 0, 30);
    // Move b straight forward along a's facing by exactly the depth: rear touches front.
    const f = { x: Math.cos(Math.PI / 6), y: Math.sin(Math.PI / 6) };
    const touching = { ...b, x: f.x * D, y: f.y * D };
    expect(standsOverlap(a, touching, 1e-9)).toBe(false);
    expect(standsOverlap(a, { ...touching, x: f.x * (D - 0.02), y: f.y * (D - 0.02) })).toBe(true);
  });
  it("stands sharing edge lines and half overlapping are overlapping (general polygon test agrees)", () => {
    const a = { ...stand(0, -W / 2, 0) };
    const b = stand(0, 0, 0);
    expect(standsOverlap(a, b)).toBe(true);
    expect(polygonsOverlap(rectCorners(rectOf(a)), rectCorners(rectOf(b)))).toBe(true);
    // Side by side along the same edge lines: touching only.
    expect(polygonsOverlap(rectCorners(rectOf(stand(0, -W, 0))), rectCorners(rectOf(b)))).toBe(false);
  });
  it("overlappingStands lists each overlapping pair across units", () => {
    const us = [unit("a", "south", [stand(0, 0), stand(W, 0)]), unit("b", "north", [stand(W + 0.5, 0.5)])];
    expect(overlappingStands(us)).toEqual([{ a: { unit: "a", stand: 1 }, b: { unit: "b", stand: 0 } }]);
  });
});

describe("units: lines of stands, zones, leaders", () => {
  it("formLine puts stands side by side, front edges level, left to right", () => {
    const s = formLine({ x: 36, y: 10, facing: 90 }, 3);
    expect(s.map((x) => x.x)).toEqual([36 - W, 36, 36 + W].map((v) => expect.closeTo(v, 12)));
    for (const x of s) expect(x.y + D / 2).toBeCloseTo(10, 12);
    expect(lineProblem(s)).toBeNull();
    const east = formLine({ x: 0, y: 0, facing: 0 }, 2);
    // Facing east, left is north: stand 0 is the northern one.
    expect(east[0].y).toBeGreaterThan(east[1].y);
    expect(lineProblem(east)).toBeNull();
  });
  it("lineProblem names gaps, steps and turned stands", () => {
    const s = formLine({ x: 36, y: 10, facing: 90 }, 2);
    expect(lineProblem([s[0], { ...s[1], x: s[1].x + 0.5 }])).toMatch(/side by side/);
    expect(lineProblem([s[0], { ...s[1], y: s[1].y + 0.5 }])).toMatch(/not level/);
    expect(lineProblem([s[0], { ...s[1], facing: 100 }])).toMatch(/faces/);
  });
  it("SW-3: unit distance is between the closest stands of the two units", () => {
    const a = unit("a", "south", formLine({ x: 20, y: 10, facing: 90 }, 3));
    const b = unit("b", "north", formLine({ x: 20 + 3 * W + 4, y: 13, facing: 270 }, 2));
    const direct = Math.min(...a.stands.flatMap((sa) => b.stands.map((sb) => standDistance(sa, sb))));
    expect(unitDistance(a, b)).toBeCloseTo(direct, 12);
    expect(unitDistance(a, b)).toBeGreaterThan(0);
  });
  it("SW-4: a leader's distance is measured from any point of his retinue", () => {
    const retinue = unit("ret", "south", formLine({ x: 20, y: 10, facing: 90 }, 2));
    // A band 1.5" beyond the retinue's right-hand stand, far from its left-hand one.
    const band = unit("band", "south", [stand(20 + W + 1.5 + W / 2, 10 - D / 2)]);
    expect(leaderDistance(retinue, band)).toBeCloseTo(1.5, 12);
    expect(isWithin(leaderDistance(retinue, band), 2)).toBe(true);
  });
  it("within 2\" is inclusive: exactly 2\" is within, 2.001\" is not", () => {
    const a = unit("a", "south", [stand(0, 0)]);
    expect(unitWithin(a, unit("b", "north", [stand(0, D + 2, 270)]), 2)).toBe(true);
    expect(unitWithin(a, unit("b", "north", [stand(0, D + 2.001, 270)]), 2)).toBe(false);
  });
  it("SW-15: enemies within 8\" and within 2\", nearest first, friends excluded", () => {
    const me = unit("me", "south", [stand(30, 10)]);
    const far = unit("far", "north", [stand(30, 10 + D + 7.9, 270)]);
    const near = unit("near", "north", [stand(30 + W + 1, 10, 270)]);
    const friend = unit("friend", "south", [stand(30 - W - 1, 10)]);
    const out = unit("out", "north", [stand(30, 10 + D + 8.2, 270)]);
    const all = [me, far, near, friend, out];
    expect(enemiesWithinFar(me, all).map((x) => x.unit.id)).toEqual(["near", "far"]);
    expect(enemiesWithinClose(me, all).map((x) => x.unit.id)).toEqual(["near"]);
    expect(unitsWithin(me, all, 2).map((x) => x.unit.id)).toEqual(["friend", "near"]);
  });
});
