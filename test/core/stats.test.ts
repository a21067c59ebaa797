import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accumulate,
  addValue,
  emptyMoments,
  mean,
  normalInterval,
  sampleVariance,
  standardDeviation,
  standardError,
  summarizeMean,
  variance,
  wilsonInterval,
  wilsonScoreInterval,
  Z95,
} from "../../src/core/stats.js";

describe("stats: confidence intervals for a proportion", () => {
  it("Z95 is the two-sided 95% normal quantile", () => {
    // Φ(1.959963984540054) = 0.975 to 15 digits; check with the error function series.
    const erf = (x: number) => {
      let sum = 0;
      let term = x;
      for (let n = 0; n < 60; n++) {
        sum += term / (2 * n + 1);
        term *= (-x * x) / (n + 1);
      }
      return (2 / Math.sqrt(Math.PI)) * sum;
    };
    expect(0.5 * (1 + erf(Z95 / Math.SQRT2))).toBeCloseTo(0.975, 12);
  });

  it("Wilson interval matches published values (5/10, 1/10, 0/10, 10/10)", () => {
    const w = wilsonInterval(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
    const one = wilsonInterval(1, 10);
    expect(one.low).toBeCloseTo(0.0179, 4);
    expect(one.high).toBeCloseTo(0.4042, 4);
    // At 0 successes the upper bound is z²/(n+z²); at n successes the lower bound is n/(n+z²).
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo((Z95 * Z95) / (10 + Z95 * Z95), 12) });
    expect(wilsonInterval(10, 10)).toEqual({ low: expect.closeTo(10 / (10 + Z95 * Z95), 12), high: 1 });
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("Wilson score interval: a draw counts half, whole scores give the Wilson interval, and other shares are refused", () => {
    expect(wilsonScoreInterval(5, 10)).toEqual(wilsonInterval(5, 10));
    const half = wilsonScoreInterval(5.5, 10);
    expect(half.low).toBeGreaterThan(wilsonInterval(5, 10).low);
    expect(half.high).toBeLessThan(wilsonInterval(6, 10).high);
    expect(half.low).toBeLessThan(0.55);
    expect(half.high).toBeGreaterThan(0.55);
    expect(() => wilsonScoreInterval(5.25, 10)).toThrow(/whole or half number/);
    expect(() => wilsonScoreInterval(11, 10)).toThrow(/from 0 to n \(10\)/);
  });

  it("Wilson bounds solve the score equation (p̂ − p)² = z²·p(1 − p)/n (property, fixed seed)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.min(n, Math.floor(f * (n + 1)));
        const { low, high } = wilsonInterval(k, n);
        const p = k / n;
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(p + 1e-12);
        expect(high).toBeGreaterThanOrEqual(p - 1e-12);
        for (const b of [low, high]) expect((p - b) ** 2).toBeCloseTo((Z95 * Z95 * b * (1 - b)) / n, 9);
        // Symmetry: k successes and n − k failures mirror each other.
        const m = wilsonInterval(n - k, n);
        expect(m.low).toBeCloseTo(1 - high, 12);
        expect(m.high).toBeCloseTo(1 - low, 12);
      }),
      { seed: 20261122, numRuns: 500 },
    );
  });

  it("normal (Wald) interval is p̂ ± 1.96·√(p̂(1 − p̂)/n), clipped to [0, 1]", () => {
    const w = normalInterval(5, 10);
    expect(w.low).toBeCloseTo(0.5 - Z95 * Math.sqrt(0.025), 12);
    expect(w.high).toBeCloseTo(0.5 + Z95 * Math.sqrt(0.025), 12);
    expect(w.low).toBeCloseTo(0.1901, 4);
    expect(normalInterval(0, 10)).toEqual({ low: 0, high: 0 });
    expect(normalInterval(1, 10).low).toBe(0);
    // Wilson is pulled towards 1/2 relative to Wald.
    expect(wilsonInterval(1, 10).low).toBeGreaterThan(normalInterval(1, 10).low);
  });

  it("bad counts are refused", () => {
    expect(() => wilsonInterval(11, 10)).toThrow(/successes/);
    expect(() => wilsonInterval(-1, 10)).toThrow(/successes/);
    expect(() => normalInterval(1, 2.5)).toThrow(/n must be/);
  });
});

describe("stats: mean and standard error", () => {
  const xs = [2, 4, 4, 4, 5, 5, 7, 9];

  it("mean, sample variance, standard deviation and standard error of a known sample", () => {
    expect(mean(xs)).toBe(5);
    expect(sampleVariance(xs)).toBeCloseTo(32 / 7, 12);
    expect(standardDeviation(xs)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(standardError(xs)).toBeCloseTo(Math.sqrt(32 / 7 / 8), 12);
    const s = summarizeMean(xs);
    expect(s.n).toBe(8);
    expect(s.mean).toBeCloseTo(5, 12);
    expect(s.ci95.low).toBeCloseTo(5 - Z95 * Math.sqrt(32 / 56), 12);
    expect(s.ci95.high).toBeCloseTo(5 + Z95 * Math.sqrt(32 / 56), 12);
  });

  it("too few values give NaN, not a made-up number", () => {
    expect(mean([])).toBeNaN();
    expect(sampleVariance([3])).toBeNaN();
    expect(summarizeMean([3]).se).toBeNaN();
    expect(variance(emptyMoments())).toBeNaN();
  });

  it("Welford running moments agree with the two-pass formulas (property, fixed seed)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 200 }), (ints) => {
        const m = mean(ints);
        const twoPass = ints.reduce((a, x) => a + (x - m) ** 2, 0) / (ints.length - 1);
        const acc = accumulate(ints);
        expect(acc.n).toBe(ints.length);
        expect(acc.mean).toBeCloseTo(m, 8);
        expect(variance(acc)).toBeCloseTo(twoPass, 6);
        expect(addValue(accumulate(ints.slice(0, -1)), ints[ints.length - 1])).toEqual(acc);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
