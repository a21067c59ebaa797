import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";
import {
  openEndedDieProb,
  openEndedDieTail,
  openEndedDist,
  rollOpenEnded,
  rollStandard,
  standardDist,
  versusDist,
  versusOutcome,
} from "../../src/rulesets/contest/dice-tests.js";

/** Every sequence of n faces, each with probability 1/6^n. */
function faces(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of faces(n - 1)) for (let f = 1; f <= 6; f++) out.push([...rest, f]);
  return out;
}

/**
 * Brute force of an open-ended test: walk every throw (1/6 each), re-rolling every 6, until
 * the successes reach `cap` (then the rest of the tree is lumped into "cap or more").
 */
function bruteOpenEnded(n: number, cap: number): Map<number, Fraction> {
  const out = new Map<number, Fraction>();
  const add = (k: number, p: Fraction) => out.set(k, (out.get(k) ?? Fraction.ZERO).add(p));
  const walk = (diceLeft: number, successes: number, p: Fraction) => {
    if (successes >= cap) return add(cap, p);
    if (diceLeft === 0) return add(successes, p);
    for (let f = 1; f <= 6; f++) {
      const q = p.mul(Fraction.of(1, 6));
      // a six is a success and gives one more die to throw
      walk(f === 6 ? diceLeft : diceLeft - 1, successes + (f >= 4 ? 1 : 0), q);
    }
  };
  walk(n, 0, Fraction.ONE);
  return out;
}

describe("CC-1 tests: a success is a die showing 4+", () => {
  it("CC-1 standard test matches brute-force enumeration of every face for 0–5 dice", () => {
    for (let n = 0; n <= 5; n++) {
      const all = faces(n);
      const d = standardDist(n);
      for (let k = 0; k <= n; k++) {
        const count = all.filter((fs) => fs.filter((f) => f >= 4).length === k).length;
        expect(d.probOf(k).toString()).toBe(Fraction.of(count, all.length).toString());
      }
    }
  });

  it("CC-1 open-ended die closed form: P(0)=1/2, P(k)=5/12·(1/6)^(k−1)", () => {
    expect(openEndedDieProb(0).toString()).toBe("1/2");
    expect(openEndedDieProb(1).toString()).toBe("5/12");
    expect(openEndedDieProb(2).toString()).toBe("5/72");
    expect(openEndedDieProb(3).toString()).toBe("5/432");
    const d = openEndedDist(1, 12);
    expect(d.probOf(0).toString()).toBe("1/2");
    for (let k = 1; k < 12; k++) expect(d.probOf(k).eq(Fraction.of(5n, 12n * 6n ** BigInt(k - 1)))).toBe(true);
    // the tail: P(>= k) = 1/2 · (1/6)^(k−1)
    expect(d.probOf(12).eq(Fraction.of(1n, 2n * 6n ** 11n))).toBe(true);
  });

  it("CC-1 open-ended test matches brute-force enumeration of the re-roll tree for 0–3 dice", () => {
    for (let n = 0; n <= 3; n++) {
      for (const cap of [1, 3, 5]) {
        const brute = bruteOpenEnded(n, cap);
        const d = openEndedDist(n, cap);
        for (let k = 0; k <= cap; k++) expect(d.probOf(k).toString()).toBe((brute.get(k) ?? Fraction.ZERO).toString());
      }
    }
  });

  it("CC-1 open-ended test: exact probabilities up to the cut-off plus the exact tail sum to exactly 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 25 }), (n, cap) => {
        const d = openEndedDist(n, cap);
        const total = d.outcomes().reduce((s, o) => s.add(o.p), Fraction.ZERO);
        expect(total.toString()).toBe("1");
        // raising the cut-off splits the tail but never changes the probabilities below it
        const wider = openEndedDist(n, cap + 3);
        for (let k = 0; k < cap; k++) expect(wider.probOf(k).eq(d.probOf(k))).toBe(true);
        const tail = [cap, cap + 1, cap + 2, cap + 3].reduce((s, k) => s.add(wider.probOf(k)), Fraction.ZERO);
        expect(tail.eq(d.probOf(cap))).toBe(true);
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it("CC-1 open-ended tail of one die: P(>= k) = 1/2 · (1/6)^(k−1)", () => {
    for (let k = 1; k < 8; k++) {
      let rest = Fraction.ONE;
      for (let j = 0; j < k; j++) rest = rest.sub(openEndedDieProb(j));
      expect(rest.eq(openEndedDieTail(k))).toBe(true);
    }
  });

  it("CC-1 versus test: pass on equal or more, degrees are the excess (brute force, up to 3 against 3 dice)", () => {
    expect(versusOutcome(3, 3)).toEqual({ attacker: 3, defender: 3, passed: true, degrees: 0 });
    expect(versusOutcome(2, 3).passed).toBe(false);
    expect(versusOutcome(5, 2).degrees).toBe(3);
    for (let a = 0; a <= 3; a++) {
      for (let dd = 0; dd <= 3; dd++) {
        const all = faces(a + dd);
        const dist = versusDist(a, dd);
        const counts = new Map<number, number>();
        for (const fs of all) {
          const sa = fs.slice(0, a).filter((f) => f >= 4).length;
          const sd = fs.slice(a).filter((f) => f >= 4).length;
          const v = sa >= sd ? sa - sd : -1;
          counts.set(v, (counts.get(v) ?? 0) + 1);
        }
        for (const [v, c] of counts) expect(dist.probOf(v).toString()).toBe(Fraction.of(c, all.length).toString());
      }
    }
  });

  it("CC-1 rolled tests agree with the exact distributions (seeded sample)", () => {
    const rng = Random.fromSeed(2024);
    const N = 20_000;
    const std = new Map<number, number>();
    const oe = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const s = rollStandard(rng, 3);
      expect(s.faces.length).toBe(3);
      std.set(s.successes, (std.get(s.successes) ?? 0) + 1);
      const o = rollOpenEnded(rng, 2);
      // every six was rolled again: the faces after the first two are exactly the re-rolls
      expect(o.faces.length).toBe(2 + o.faces.slice(0, -1).filter((f) => f === 6).length);
      expect(o.successes).toBe(o.faces.filter((f) => f >= 4).length);
      const k = Math.min(4, o.successes);
      oe.set(k, (oe.get(k) ?? 0) + 1);
    }
    const sd = standardDist(3);
    const od = openEndedDist(2, 4);
    for (let k = 0; k <= 3; k++) {
      const p = sd.probOf(k).toNumber();
      expect(Math.abs((std.get(k) ?? 0) / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N) + 1e-9);
    }
    for (let k = 0; k <= 4; k++) {
      const p = od.probOf(k).toNumber();
      expect(Math.abs((oe.get(k) ?? 0) / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N) + 1e-9);
    }
  });
});
