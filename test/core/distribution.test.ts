import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AVERAGE_DIE, D6, dieDist, successesDist } from "../../src/core/dice.js";
import { Dist } from "../../src/core/distribution.js";
import { Fraction } from "../../src/core/fraction.js";

/** Brute force: enumerate every combination of faces and count totals. */
function bruteForceSum(faceLists: number[][]): Map<number, number> {
  const counts = new Map<number, number>();
  const walk = (i: number, sum: number) => {
    if (i === faceLists.length) {
      counts.set(sum, (counts.get(sum) ?? 0) + 1);
      return;
    }
    for (const f of faceLists[i]) walk(i + 1, sum + f);
  };
  walk(0, 0);
  return counts;
}

describe("fractions", () => {
  it("are reduced with a positive denominator", () => {
    expect(Fraction.of(6, -8).toString()).toBe("-3/4");
    expect(Fraction.of(10, 5).toString()).toBe("2");
    expect(Fraction.parse("12/18").toString()).toBe("2/3");
  });

  it("do exact arithmetic", () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: 1, max: 500 }), fc.integer({ min: -500, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b, c, d) => {
        const x = Fraction.of(a, b);
        const y = Fraction.of(c, d);
        expect(x.add(y).sub(y).eq(x)).toBe(true);
        if (!y.isZero()) expect(x.mul(y).div(y).eq(x)).toBe(true);
        expect(x.add(y).cmp(x)).toBe(Math.sign(c));
      }),
      { seed: 6, numRuns: 300 },
    );
  });

  it("print decimals exactly rounded and as JSON", () => {
    expect(Fraction.of(2, 3).toDecimal(4)).toBe("0.6667");
    expect(Fraction.of(1, 8).toDecimal(2)).toBe("0.13");
    expect(Fraction.of(-1, 3).toDecimal(3)).toBe("-0.333");
    expect(Fraction.of(5, 12).toJSON()).toEqual({ fraction: "5/12", decimal: 5 / 12 });
    expect(Fraction.of(1, 4).toPercent(1)).toBe("25.0%");
  });

  it("convert huge fractions to numbers without overflow", () => {
    const big = Fraction.of(3n ** 900n, 3n ** 900n * 2n + 1n);
    expect(big.toNumber()).toBeCloseTo(0.5, 10);
  });
});

describe("exact distributions", () => {
  it("2d6 by convolution matches brute-force enumeration", () => {
    const d = dieDist(D6).add(dieDist(D6));
    const brute = bruteForceSum([[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]]);
    for (const [total, count] of brute) expect(d.probOf(total).eq(Fraction.of(count, 36))).toBe(true);
  });

  it("sums of mixed dice match brute force (property)", () => {
    const dice = [D6.faces, AVERAGE_DIE.faces, [1, 2, 3, 4]];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }), (picks) => {
        const lists = picks.map((i) => [...dice[i]]);
        const dist = Dist.sum(lists.map((faces) => Dist.uniform(faces)));
        const brute = bruteForceSum(lists);
        const n = lists.reduce((p, l) => p * l.length, 1);
        expect(dist.size).toBe(brute.size);
        for (const [total, count] of brute) expect(dist.probOf(total).eq(Fraction.of(count, n))).toBe(true);
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it("AvD has mean 7/2 and variance 11/12", () => {
    const avd = dieDist(AVERAGE_DIE);
    expect(avd.mean().toString()).toBe("7/2");
    expect(avd.variance().toString()).toBe("11/12");
  });

  it("binomial counts match repeated convolution of Bernoulli trials", () => {
    const trial = Dist.weighted([
      [1, 1],
      [0, 2],
    ]);
    for (const n of [0, 1, 5, 13]) {
      const closed = Dist.binomial(n, Fraction.of(1, 3));
      const conv = trial.times(n);
      for (let k = 0; k <= n; k++) expect(closed.probOf(k).eq(conv.probOf(k))).toBe(true);
      expect(closed.mean().eq(Fraction.of(n, 3))).toBe(true);
      expect(closed.variance().eq(Fraction.of(2 * n, 9))).toBe(true);
    }
  });

  it("60 dice hitting on 5+: total probability exactly 1, binomial mean 20", () => {
    const d = successesDist(60, 5);
    expect(d.size).toBe(61);
    expect(d.prob(() => true).eq(Fraction.ONE)).toBe(true);
    expect(d.mean().toString()).toBe("20");
    expect(d.probOf(60).eq(Fraction.of(1n, 3n ** 60n))).toBe(true);
  });

  it("difference, map and conditioning", () => {
    const d6 = dieDist(D6);
    const diff = d6.sub(d6);
    expect(diff.probOf(0).toString()).toBe("1/6");
    expect(diff.mean().toString()).toBe("0");
    const parity = d6.map((x) => (x % 2 === 0 ? "even" : "odd"));
    expect(parity.probOf("even").toString()).toBe("1/2");
    const high = d6.condition((x) => x >= 5);
    expect(high.probOf(6).toString()).toBe("1/2");
    expect(() => d6.condition((x) => x > 6)).toThrow(/impossible/);
  });

  it("mixture weights components and flatMap chains dependent steps", () => {
    const d4 = Dist.uniform([1, 2, 3, 4]);
    const d6 = dieDist(D6);
    const mix = Dist.mixture([
      [d4, 1],
      [d6, 3],
    ]);
    expect(mix.probOf(6).toString()).toBe("1/8"); // 3/4 · 1/6
    expect(mix.probOf(1).toString()).toBe("3/16"); // 1/4·1/4 + 3/4·1/6
    // Roll a D6; on 1 roll again and keep the second roll (a re-roll, e.g. the Seven).
    const reroll = d6.flatMap((x) => (x === 1 ? d6 : Dist.certain(x)));
    expect(reroll.probOf(1).toString()).toBe("1/36");
    expect(reroll.probOf(6).toString()).toBe("7/36");
  });

  it("at-least and at-most tables are complementary", () => {
    const d = dieDist(D6).times(3);
    const atLeast = new Map(d.atLeastTable());
    const atMost = new Map(d.atMostTable());
    expect(atLeast.get(3)!.eq(Fraction.ONE)).toBe(true);
    expect(atMost.get(18)!.eq(Fraction.ONE)).toBe(true);
    for (let v = 4; v <= 18; v++) expect(atLeast.get(v)!.add(atMost.get(v - 1)!).eq(Fraction.ONE)).toBe(true);
  });

  it("merges structured outcomes by value", () => {
    const d = Dist.uniform([{ a: 1, b: 2 }, { b: 2, a: 1 }, { a: 0, b: 0 }]);
    expect(d.size).toBe(2);
    expect(d.probOf({ a: 1, b: 2 }).toString()).toBe("2/3");
  });

  it("refuses impossible inputs", () => {
    expect(() => Dist.weighted([])).toThrow(/at least one outcome/);
    expect(() => Dist.fromFractions([[1, Fraction.of(1, 2)]])).toThrow(/sum to 1/);
    expect(() => Dist.bernoulli(Fraction.of(3, 2))).toThrow(/out of range/);
  });
});
