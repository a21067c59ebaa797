/**
 * Small, pure statistics for simulation results: confidence intervals for proportions (Wilson
 * score and the normal approximation), mean, standard deviation and standard error, and a
 * running accumulator (Welford) that gives the same figures without keeping every sample.
 */

/** The two-sided 95% normal quantile, z such that P(|Z| ≤ z) = 0.95. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

function checkCounts(successes: number, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0, got ${n}`);
  if (!Number.isInteger(successes) || successes < 0 || successes > n) throw new RangeError(`successes must be a whole number from 0 to n (${n}), got ${successes}`);
}

/**
 * Wilson score interval for a proportion (Wilson 1927): good coverage even for small samples
 * and rates near 0 or 1, and never outside [0, 1]. With no trials it is [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  checkCounts(successes, n);
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At 0 and n successes the bounds are exactly 0 and 1; do not let rounding move them.
  return { low: successes === 0 ? 0 : Math.max(0, centre - half), high: successes === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Normal-approximation (Wald) interval p ± z·√(p(1−p)/n), clipped to [0, 1]. Simple but poor
 * for small n or extreme p; prefer {@link wilsonInterval}. With no trials it is [0, 1].
 */
export function normalInterval(successes: number, n: number, z = Z95): Interval {
  checkCounts(successes, n);
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const half = z * Math.sqrt((p * (1 - p)) / n);
  return { low: Math.max(0, p - half), high: Math.min(1, p + half) };
}

/** Arithmetic mean; NaN for no values. */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample variance (divisor n − 1); NaN for fewer than two values. */
export function sampleVariance(xs: readonly number[]): number {
  const acc = accumulate(xs);
  return variance(acc);
}

/** Sample standard deviation (divisor n − 1); NaN for fewer than two values. */
export function standardDeviation(xs: readonly number[]): number {
  return Math.sqrt(sampleVariance(xs));
}

/** Standard error of the mean, s/√n; NaN for fewer than two values. */
export function standardError(xs: readonly number[]): number {
  return Math.sqrt(sampleVariance(xs) / xs.length);
}

/** Welford running moments: plain data, so it can be merged and sent between threads. */
export interface Moments {
  n: number;
  mean: number;
  /** Sum of squared deviations from the mean. */
  m2: number;
}

export function emptyMoments(): Moments {
  return { n: 0, mean: 0, m2: 0 };
}

/** Adds one value (returns a new accumulator). */
export function addValue(acc: Moments, x: number): Moments {
  const n = acc.n + 1;
  const delta = x - acc.mean;
  const m = acc.mean + delta / n;
  return { n, mean: m, m2: acc.m2 + delta * (x - m) };
}

export function accumulate(xs: readonly number[]): Moments {
  let acc = emptyMoments();
  for (const x of xs) acc = addValue(acc, x);
  return acc;
}

/** Sample variance of an accumulator (divisor n − 1); NaN below two values. */
export function variance(acc: Moments): number {
  return acc.n < 2 ? Number.NaN : acc.m2 / (acc.n - 1);
}

export interface MeanSummary {
  n: number;
  mean: number;
  /** Sample standard deviation. */
  sd: number;
  /** Standard error of the mean. */
  se: number;
  /** Normal 95% interval for the mean: mean ± 1.96·se. */
  ci95: Interval;
}

/** Mean, spread and a 95% interval for the mean. With one value sd, se and the interval are NaN. */
export function summarizeMean(xs: readonly number[] | Moments, z = Z95): MeanSummary {
  const acc = Array.isArray(xs) ? accumulate(xs) : (xs as Moments);
  const m = acc.n === 0 ? Number.NaN : acc.mean;
  const sd = Math.sqrt(variance(acc));
  const se = sd / Math.sqrt(acc.n);
  return { n: acc.n, mean: m, sd, se, ci95: { low: m - z * se, high: m + z * se } };
}
