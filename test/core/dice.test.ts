import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AVERAGE_DIE, countAtLeast, D4, D6, describeRoll, dieDist, poolSumDist, roll, roll3d6, rollPool, successesDist } from "../../src/core/dice.js";
import { expressionDist, parseDice, rollExpression } from "../../src/core/dice-expression.js";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";

describe("dice (ruling C-1)", () => {
  it("C-1: the average die has faces 2, 3, 3, 4, 4, 5 and mean 7/2", () => {
    expect([...AVERAGE_DIE.faces]).toEqual([2, 3, 3, 4, 4, 5]);
    expect(dieDist(AVERAGE_DIE).mean().toString()).toBe("7/2");
    expect(dieDist(AVERAGE_DIE).probOf(3).toString()).toBe("1/3");
  });

  it("C-1: D4 and D6 roll only their faces, and every roll keeps its faces", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 30 }), (seed, n) => {
        const rng = Random.fromSeed(seed);
        const r = rollPool(rng, n, D6);
        expect(r.faces).toHaveLength(n);
        expect(r.total).toBe(r.faces.reduce((a, b) => a + b, 0));
        for (const f of r.faces) expect(f >= 1 && f <= 6).toBe(true);
        const d4 = roll(rng, [D4]);
        expect(d4.faces[0] >= 1 && d4.faces[0] <= 4).toBe(true);
      }),
      { seed: 4, numRuns: 200 },
    );
  });

  it("C-1: 3d6 keeps three faces for GURPS", () => {
    const r = roll3d6(Random.fromSeed(1));
    expect(r.dice).toEqual(["D6", "D6", "D6"]);
    expect(describeRoll(r)).toMatch(/^3d6 \[\d, \d, \d\] = \d+$/);
  });

  it("D6 faces come up evenly (chi-squared, fixed seed)", () => {
    const rng = Random.fromSeed(2024);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[roll(rng, [D6]).total - 1]++;
    const chi2 = counts.reduce((s, c) => s + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi2).toBeLessThan(20.52); // 5 d.f., 99.9%
  });

  it("counts successes on a target number", () => {
    expect(countAtLeast({ dice: [], faces: [1, 5, 6, 4, 5], total: 21 }, 5)).toBe(3);
  });

  it("2d6 has the textbook distribution", () => {
    const d = poolSumDist(2, D6);
    expect(d.probOf(7).toString()).toBe("1/6");
    expect(d.probOf(2).toString()).toBe("1/36");
    expect(d.atLeast(8).toString()).toBe("5/12");
    expect(d.mean().toString()).toBe("7");
    expect(d.variance().toString()).toBe("35/6");
  });

  it("successes in n dice are binomial counts", () => {
    const d = successesDist(4, 5, D6); // p = 1/3
    expect(d.probOf(0).toString()).toBe("16/81");
    expect(d.probOf(1).toString()).toBe("32/81");
    expect(d.probOf(2).toString()).toBe("8/27"); // 24/81 reduced
    expect(d.probOf(4).toString()).toBe("1/81");
    expect(d.mean().eq(Fraction.of(4, 3))).toBe(true);
  });
});

describe("dice expressions", () => {
  it("parses, rolls and gives exact distributions", () => {
    const e = parseDice("AvD + D6 - 1");
    const d = expressionDist(e);
    expect(d.mean().toString()).toBe("6"); // 7/2 + 7/2 - 1
    expect(d.atMost(1).toString()).toBe("0");
    const r = rollExpression(Random.fromSeed(3), e);
    expect(r.total).toBe(r.rolls[0].total + r.rolls[1].total - 1);
  });

  it("refuses bad expressions with a message naming the bad part", () => {
    expect(() => parseDice("3x6")).toThrow(/"3x6" is not a dice term/);
    expect(() => parseDice("")).toThrow(/empty/);
    expect(() => parseDice("5000d6")).toThrow(/between 1 and 1000/);
  });
});
