/**
 * Contest of Champions tests (seed "Tests and successes", ruling CC-1): a success is a die
 * showing 4+. Standard: count successes. Open-ended: every 6 is rolled again, without limit.
 * Versus: the defender's successes are the attacker's target; the attacker passes on equal or
 * more, and successes above the target are degrees of success.
 *
 * Each test has a random resolution (`roll…`) and an exact distribution (`…Dist`), side by side.
 */
import { Dist } from "../../core/distribution.js";
import { Fraction } from "../../core/fraction.js";
import type { Random } from "../../core/random.js";

export type TestType = "standard" | "open-ended";

/** A die shows 4+ (ruling CC-1). */
export const SUCCESS_FACE = 4;

function checkDice(n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`number of dice must be a whole number >= 0, got ${n}`);
}

/** Standard test of n dice: successes ~ Binomial(n, 1/2) (ruling CC-1). */
export function standardDist(n: number): Dist<number> {
  checkDice(n);
  return Dist.binomial(n, Fraction.of(1, 2));
}

/**
 * P(one open-ended die gives exactly k successes), k >= 0: P(0) = 1/2 (1–3), and for k >= 1
 * the die shows 4–5 after k−1 sixes, or 6 after k−1 sixes then a 1–3:
 * P(k) = 5/12 · (1/6)^(k−1) (ruling CC-1).
 */
export function openEndedDieProb(k: number): Fraction {
  if (k === 0) return Fraction.of(1, 2);
  return Fraction.of(5, 12).mul(Fraction.of(1n, 6n ** BigInt(k - 1)));
}

/** P(one open-ended die gives at least k successes): 1 for k = 0, else 1/2 · (1/6)^(k−1). */
export function openEndedDieTail(k: number): Fraction {
  if (k <= 0) return Fraction.ONE;
  return Fraction.of(1n, 2n * 6n ** BigInt(k - 1));
}

/**
 * Open-ended test of n dice, exact and capped: outcomes 0..cap−1 are exact probabilities of
 * that many successes; the outcome `cap` stands for "cap or more" and carries the exact
 * remaining tail mass, so the distribution sums to exactly 1 (ruling CC-1).
 */
export function openEndedDist(n: number, cap: number): Dist<number> {
  checkDice(n);
  if (!Number.isInteger(cap) || cap < 0) throw new RangeError(`cut-off must be a whole number >= 0, got ${cap}`);
  const pairs: [number, Fraction][] = [];
  for (let k = 0; k < cap; k++) pairs.push([k, openEndedDieProb(k)]);
  pairs.push([cap, openEndedDieTail(cap)]);
  const one = Dist.fromFractions(pairs);
  let acc = Dist.certain(0);
  for (let i = 0; i < n; i++) acc = acc.combine(one, (a, b) => Math.min(cap, a + b));
  return acc;
}

/** Successes of a test of the given type, capped at `cap` ("cap or more"). */
export function testDist(type: TestType, n: number, cap = Number.POSITIVE_INFINITY): Dist<number> {
  if (type === "open-ended") {
    if (!Number.isFinite(cap)) throw new RangeError("an open-ended test needs a finite cut-off");
    return openEndedDist(n, cap);
  }
  const d = standardDist(n);
  return Number.isFinite(cap) ? d.map((k) => Math.min(cap, k)) : d;
}

/** A versus test's outcome: passed, and degrees of success (0 when failed). */
export interface VersusResult {
  attacker: number;
  defender: number;
  passed: boolean;
  degrees: number;
}

/** Versus rule (CC-1): the attacker passes on equal or more; degrees are the excess. */
export function versusOutcome(attacker: number, defender: number): VersusResult {
  // ruling CC-1: equal or more passes; the excess is degrees of success
  const passed = attacker >= defender;
  return { attacker, defender, passed, degrees: passed ? attacker - defender : 0 };
}

/**
 * Degrees of success of a versus test (attacker a dice, defender d dice, both standard tests):
 * −1 stands for a failed test, k >= 0 for a pass with k degrees (ruling CC-1).
 */
export function versusDist(a: number, d: number): Dist<number> {
  return standardDist(a).combine(standardDist(d), (x, y) => {
    const r = versusOutcome(x, y);
    return r.passed ? r.degrees : -1;
  });
}

/** One rolled test: the faces thrown (re-rolls included, in order) and the successes. */
export interface TestRoll {
  type: TestType;
  dice: number;
  faces: number[];
  successes: number;
}

function d6(rng: Random): number {
  return rng.int(1, 6);
}

/** Rolls a standard test (ruling CC-1). */
export function rollStandard(rng: Random, n: number): TestRoll {
  checkDice(n);
  const faces: number[] = [];
  for (let i = 0; i < n; i++) faces.push(d6(rng));
  return { type: "standard", dice: n, faces, successes: faces.filter((f) => f >= SUCCESS_FACE).length };
}

/** Rolls an open-ended test: each 6 is rolled again, again and again (ruling CC-1). */
export function rollOpenEnded(rng: Random, n: number): TestRoll {
  checkDice(n);
  const faces: number[] = [];
  let successes = 0;
  for (let i = 0; i < n; i++) {
    let f = d6(rng);
    faces.push(f);
    if (f >= SUCCESS_FACE) successes++;
    while (f === 6) {
      f = d6(rng);
      faces.push(f);
      if (f >= SUCCESS_FACE) successes++;
    }
  }
  return { type: "open-ended", dice: n, faces, successes };
}

export function rollTest(rng: Random, type: TestType, n: number): TestRoll {
  return type === "open-ended" ? rollOpenEnded(rng, n) : rollStandard(rng, n);
}
