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
  return wilsonScoreInterval(successes, n, z);
}

/**
 * {@link wilsonInterval} for a score where a draw counts half a success (`points` a whole or half
 * number from 0 to n): the same formula, which holds for any share.
 */
export function wilsonScoreInterval(points: number, n: number, z = Z95): Interval {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0, got ${n}`);
  if (!Number.isInteger(points * 2) || points < 0 || points > n) throw new RangeError(`points must be a whole or half number from 0 to n (${n}), got ${points}`);
  if (n === 0) return { low: 0, high: 1 };
  const p = points / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At 0 and n points the bounds are exactly 0 and 1; do not let rounding move them.
  return { low: points === 0 ? 0 : Math.max(0, centre - half), high: points === n ? 1 : Math.min(1, centre + half) };
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

// ---------------------------------------------------------------------------------------------
// Bradley–Terry ratings (issue 26's ladder)

/** The results of one pairing: `a`'s wins, `b`'s wins and draws (a draw counts half to each). */
export interface PairResult {
  a: string;
  b: string;
  winsA: number;
  winsB: number;
  draws: number;
}

export interface Rating {
  player: string;
  /** Elo-style: 400·log10 of the Bradley–Terry strength, the players' mean at 0. */
  elo: number;
  /** Standard error of `elo` (from the fit's Fisher information, the mean held at 0). */
  se: number;
  /** elo ± 1.96·se. */
  ci95: Interval;
  /** Points scored (wins plus half the draws) of games played. */
  score: number;
  games: number;
}

export interface BradleyTerryOptions {
  /**
   * Virtual draws added to every pairing that was played: a weak prior that keeps the fit finite
   * when a player wins (or loses) every game. 0 gives the plain maximum-likelihood fit.
   */
  priorDraws?: number;
  z?: number;
}

/** Elo points per natural-log unit of strength: 400 / ln 10. */
export const ELO_PER_NATURAL_UNIT = 400 / Math.LN10;

/** Solves A·x = b by Gaussian elimination with partial pivoting (A small and square). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-300) throw new RangeError("the players' results do not connect them all; no common rating scale");
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/**
 * Bradley–Terry fit (P(i beats j) = πᵢ/(πᵢ+πⱼ), draws as half a win each) by Hunter's MM
 * iteration (2004), with Elo-style ratings and 95% intervals from the inverse Fisher information
 * under the constraint that the strengths' logs sum to 0 (the Laplacian's pseudo-inverse,
 * (L + J/k)⁻¹ − J/k). Every player must be connected to every other through played games.
 */
export function bradleyTerry(players: readonly string[], results: readonly PairResult[], options: BradleyTerryOptions = {}): Rating[] {
  const prior = options.priorDraws ?? 1;
  const z = options.z ?? Z95;
  const k = players.length;
  if (k === 0) return [];
  const index = new Map(players.map((p, i) => [p, i]));
  if (index.size !== k) throw new RangeError("players must be distinct");
  if (!(prior >= 0)) throw new RangeError(`priorDraws must be ≥ 0, got ${prior}`);
  const games = players.map(() => players.map(() => 0));
  const score = players.map(() => 0);
  const played = players.map(() => 0);
  const realScore = players.map(() => 0);
  for (const r of results) {
    const i = index.get(r.a);
    const j = index.get(r.b);
    if (i === undefined || j === undefined) throw new RangeError(`result names an unknown player: ${i === undefined ? r.a : r.b}`);
    if (i === j) throw new RangeError(`a player cannot play himself: ${r.a}`);
    for (const [name, v] of [["winsA", r.winsA], ["winsB", r.winsB], ["draws", r.draws]] as const) {
      if (!(v >= 0) || !Number.isFinite(v)) throw new RangeError(`${name} must be a finite number ≥ 0, got ${v}`);
    }
    const n = r.winsA + r.winsB + r.draws;
    games[i][j] += n;
    games[j][i] += n;
    score[i] += r.winsA + r.draws / 2;
    score[j] += r.winsB + r.draws / 2;
    played[i] += n;
    played[j] += n;
    realScore[i] += r.winsA + r.draws / 2;
    realScore[j] += r.winsB + r.draws / 2;
  }
  // Ratings share a scale only if the games connect every player to every other.
  const reached = new Set([0]);
  for (const stack = [0]; stack.length > 0; ) {
    const i = stack.pop() as number;
    for (let j = 0; j < k; j++) {
      if (games[i][j] > 0 && !reached.has(j)) {
        reached.add(j);
        stack.push(j);
      }
    }
  }
  if (reached.size < k) throw new RangeError(`the results do not connect every player (no games link ${players[0]} to ${players.find((_, i) => !reached.has(i))}); no common rating scale`);
  // The prior: `prior` drawn games in every pairing that has games.
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j || games[i][j] === 0) continue;
      games[i][j] += prior;
      score[i] += prior / 2;
    }
  }
  if (k > 1 && score.some((s) => s <= 0)) throw new RangeError("a player scored nothing: the maximum-likelihood fit is infinite (use priorDraws > 0)");
  let pi = players.map(() => 1);
  for (let it = 0; it < 100_000; it++) {
    const next = pi.map((p, i) => {
      let d = 0;
      for (let j = 0; j < k; j++) if (j !== i && games[i][j] > 0) d += games[i][j] / (p + pi[j]);
      return d === 0 ? p : score[i] / d;
    });
    const logMean = next.reduce((a, p) => a + Math.log(p), 0) / k;
    const scaled = next.map((p) => p / Math.exp(logMean));
    const change = Math.max(...scaled.map((p, i) => Math.abs(Math.log(p) - Math.log(pi[i]))));
    pi = scaled;
    if (change < 1e-13) break;
  }
  const theta = pi.map((p) => Math.log(p));
  // Fisher information in θ: the graph Laplacian weighted by nᵢⱼ·pᵢⱼ·(1 − pᵢⱼ).
  const lap = players.map(() => players.map(() => 0));
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j || games[i][j] === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const w = games[i][j] * p * (1 - p);
      lap[i][j] -= w;
      lap[i][i] += w;
    }
  }
  const shifted = lap.map((row) => row.map((v) => v + 1 / k));
  const variances = players.map((_, i) => {
    const unit = players.map((__, j) => (j === i ? 1 : 0));
    return solve(shifted, unit)[i] - 1 / k;
  });
  return players.map((player, i) => {
    const elo = theta[i] * ELO_PER_NATURAL_UNIT;
    const se = Math.sqrt(Math.max(0, variances[i])) * ELO_PER_NATURAL_UNIT;
    return { player, elo, se, ci95: { low: elo - z * se, high: elo + z * se }, score: realScore[i], games: played[i] };
  });
}
