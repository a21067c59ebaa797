import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRandomState, Random, seedState } from "../../src/core/random.js";

describe("random generator (xoshiro128**, ruling C-2)", () => {
  it("matches the reference xoshiro128** output for a known state", () => {
    // Reference values computed from the published C code with state {1, 2, 3, 4}.
    const rng = new Random([1, 2, 3, 4]);
    expect([rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32()]).toEqual([11520, 0, 5927040, 70819200]);
  });

  it("is deterministic: the same seed gives the same sequence", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (seed) => {
        const a = Random.fromSeed(seed);
        const b = Random.fromSeed(seed);
        for (let i = 0; i < 20; i++) expect(a.int(1, 1000)).toBe(b.int(1, 1000));
      }),
      { seed: 1, numRuns: 200 },
    );
  });

  it("round-trips its whole state through JSON", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 50 }), (seed, skip) => {
        const rng = Random.fromSeed(seed);
        for (let i = 0; i < skip; i++) rng.nextUint32();
        const saved = JSON.parse(JSON.stringify(rng.state()));
        expect(isRandomState(saved)).toBe(true);
        const restored = new Random(saved);
        for (let i = 0; i < 10; i++) expect(restored.nextUint32()).toBe(rng.nextUint32());
      }),
      { seed: 2, numRuns: 200 },
    );
  });

  it("draws int(lo, hi) by Lemire's method exactly: the high word of x · range, rejecting low words below 2^32 mod range", () => {
    // The same rule in exact BigInt arithmetic, drawing from a twin generator.
    const reference = (rng: Random, lo: number, range: number): number => {
      const r = BigInt(range);
      const threshold = 2n ** 32n % r;
      for (;;) {
        const product = BigInt(rng.nextUint32()) * r;
        if (product % 2n ** 32n >= threshold) return lo + Number(product >> 32n);
      }
    };
    const ranges = fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 2 ** 21 - 3, max: 2 ** 21 + 3 }), fc.integer({ min: 1, max: 2 ** 32 }), fc.integer({ min: 2 ** 31, max: 2 ** 32 }));
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), ranges, (seed, lo, range) => {
        const rng = Random.fromSeed(seed);
        const twin = Random.fromSeed(seed);
        for (let i = 0; i < 20; i++) expect(rng.int(lo, lo + range - 1)).toBe(reference(twin, lo, range));
        expect(rng.state()).toEqual(twin.state());
      }),
      { seed: 5, numRuns: 400 },
    );
    // A small range that must reject: the second output of state {1, 2, 3, 4} is 0, whose low word 0 is below 2^32 mod 3 = 1.
    const rng = new Random([1, 2, 3, 4]);
    const twin = new Random([1, 2, 3, 4]);
    rng.nextUint32();
    twin.nextUint32();
    expect(rng.int(0, 2)).toBe(reference(twin, 0, 3));
    expect(rng.state()).toEqual(twin.state());
    expect(new Random([1, 2, 3, 4]).state()).not.toEqual(rng.state());
  });

  it("keeps integers inside the requested range", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed, lo, width) => {
        const rng = Random.fromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const x = rng.int(lo, lo + width);
          expect(Number.isInteger(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(lo);
          expect(x).toBeLessThanOrEqual(lo + width);
        }
      }),
      { seed: 3, numRuns: 300 },
    );
  });

  it("draws integers without bias (chi-squared on a range that does not divide 2^32)", () => {
    const rng = Random.fromSeed(12345);
    const k = 7;
    const n = 70_000;
    const counts = new Array(k).fill(0);
    for (let i = 0; i < n; i++) counts[rng.int(0, k - 1)]++;
    const expected = n / k;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: the 99.9% point is 22.46.
    expect(chi2).toBeLessThan(22.46);
  });

  it("is unbiased on a huge range too (top half vs bottom half of 3·2^30)", () => {
    const rng = Random.fromSeed(99);
    const hi = 3 * 2 ** 30 - 1;
    let top = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) if (rng.int(0, hi) > hi / 2) top++;
    // Binomial(40000, 1/2): 4 standard deviations is 400.
    expect(Math.abs(top - n / 2)).toBeLessThan(400);
  });

  it("gives independent streams for one seed (jump function)", () => {
    const s0 = new Random(seedState(7, 0));
    const s1 = new Random(seedState(7, 1));
    const a = Array.from({ length: 8 }, () => s0.nextUint32());
    const b = Array.from({ length: 8 }, () => s1.nextUint32());
    expect(a).not.toEqual(b);
    // Correlation check between the two streams over many draws.
    let agree = 0;
    for (let i = 0; i < 10_000; i++) if ((s0.nextUint32() & 1) === (s1.nextUint32() & 1)) agree++;
    expect(Math.abs(agree - 5000)).toBeLessThan(300);
  });

  it("seeds stream n as the seed's stream 0 jumped n times", () => {
    for (const seed of [0, 1, 7, 2 ** 31 - 1, 2 ** 40 + 3]) {
      const rng = new Random(seedState(seed, 0));
      for (let stream = 1; stream <= 20; stream++) {
        rng.jump();
        expect(seedState(seed, stream)).toEqual(rng.state());
      }
    }
  });

  it("splits into non-repeating children", () => {
    const parent = Random.fromSeed(5);
    const c1 = parent.split();
    const c2 = parent.split();
    expect(c1.state()).not.toEqual(c2.state());
    expect(c1.state()).not.toEqual(parent.state());
  });

  it("refuses bad states and ranges with a clear message", () => {
    expect(() => new Random([0, 0, 0, 0])).toThrow(/not all zero/);
    expect(() => new Random([1, 2, 3] as never)).toThrow(/four uint32/);
    expect(() => Random.fromSeed(1).int(5, 4)).toThrow(/lo <= hi/);
    expect(() => Random.fromSeed(1.5)).toThrow(/safe integer/);
  });
});
