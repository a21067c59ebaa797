/**
 * Zero-sum matrix games solved by the simplex method (the classical reduction: shift the payoffs
 * positive, maximise Σy subject to B·y ≤ 1). Written once over a number field, so the same code
 * solves games exactly over {@link Fraction} and fast over floats. Bland's rule prevents cycling.
 */
import { Fraction } from "../../core/fraction.js";

export interface Field<T> {
  zero: T;
  one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  /** Sign of a − b (floats compare with a small tolerance). */
  cmp(a: T, b: T): number;
}

export const fractionField: Field<Fraction> = {
  zero: Fraction.ZERO,
  one: Fraction.ONE,
  add: (a, b) => a.add(b),
  sub: (a, b) => a.sub(b),
  mul: (a, b) => a.mul(b),
  div: (a, b) => a.div(b),
  cmp: (a, b) => a.cmp(b),
};

const EPS = 1e-12;
export const floatField: Field<number> = {
  zero: 0,
  one: 1,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  cmp: (a, b) => (a - b > EPS ? 1 : b - a > EPS ? -1 : 0),
};

export interface GameSolution<T> {
  /** The value of the game to the row player (who maximises). */
  value: T;
  /** The row player's optimal mixed strategy. */
  row: T[];
  /** The column player's optimal mixed strategy. */
  col: T[];
}

/** Solves the zero-sum game with payoff matrix `a` (to the row player, who maximises). */
export function solveMatrixGame<T>(f: Field<T>, a: readonly (readonly T[])[]): GameSolution<T> {
  const m = a.length;
  const n = m > 0 ? a[0].length : 0;
  if (m === 0 || n === 0 || a.some((r) => r.length !== n)) throw new RangeError("a matrix game needs a non-empty rectangular matrix");
  // Shift so every payoff is at least 1.
  let min = a[0][0];
  for (const r of a) for (const v of r) if (f.cmp(v, min) < 0) min = v;
  const shift = f.sub(f.one, min);
  const width = n + m + 1;
  const t: T[][] = [];
  for (let i = 0; i < m; i++) {
    const row: T[] = new Array(width).fill(f.zero);
    for (let j = 0; j < n; j++) row[j] = f.add(a[i][j], shift);
    row[n + i] = f.one;
    row[width - 1] = f.one;
    t.push(row);
  }
  const obj: T[] = new Array(width).fill(f.zero);
  for (let j = 0; j < n; j++) obj[j] = f.sub(f.zero, f.one);
  const basis = Array.from({ length: m }, (_, i) => n + i);
  for (let guard = 0; guard < 10_000; guard++) {
    let enter = -1;
    for (let j = 0; j < width - 1; j++) {
      if (f.cmp(obj[j], f.zero) < 0) {
        enter = j;
        break;
      }
    }
    if (enter < 0) break;
    let leave = -1;
    let best: T = f.zero;
    for (let i = 0; i < m; i++) {
      if (f.cmp(t[i][enter], f.zero) <= 0) continue;
      const ratio = f.div(t[i][width - 1], t[i][enter]);
      const c = leave < 0 ? -1 : f.cmp(ratio, best);
      if (c < 0 || (c === 0 && basis[i] < basis[leave])) {
        leave = i;
        best = ratio;
      }
    }
    if (leave < 0) throw new Error("matrix game LP unbounded (cannot happen for positive payoffs)");
    const pr = t[leave];
    const pv = pr[enter];
    for (let j = 0; j < width; j++) pr[j] = f.div(pr[j], pv);
    for (let i = 0; i < m; i++) {
      if (i === leave) continue;
      const factor = t[i][enter];
      if (f.cmp(factor, f.zero) === 0) continue;
      const row = t[i];
      for (let j = 0; j < width; j++) row[j] = f.sub(row[j], f.mul(factor, pr[j]));
    }
    const factor = obj[enter];
    for (let j = 0; j < width; j++) obj[j] = f.sub(obj[j], f.mul(factor, pr[j]));
    basis[leave] = enter;
  }
  const total = obj[width - 1]; // Σy = 1 / (value + shift)
  const vShifted = f.div(f.one, total);
  const col: T[] = new Array(n).fill(f.zero);
  for (let i = 0; i < m; i++) if (basis[i] < n) col[basis[i]] = f.mul(t[i][width - 1], vShifted);
  const row: T[] = [];
  for (let i = 0; i < m; i++) row.push(f.mul(obj[n + i], vShifted));
  return { value: f.sub(vShifted, shift), row, col };
}

/**
 * The value of a float matrix game, fast: a saddle point (the largest row minimum equals the
 * smallest column maximum) answers at once; otherwise the simplex method decides.
 */
export function matrixGameValue(a: readonly (readonly number[])[]): number {
  let maxRowMin = Number.NEGATIVE_INFINITY;
  for (const row of a) {
    let m = Number.POSITIVE_INFINITY;
    for (const v of row) if (v < m) m = v;
    if (m > maxRowMin) maxRowMin = m;
  }
  let minColMax = Number.POSITIVE_INFINITY;
  for (let j = 0; j < a[0].length; j++) {
    let m = Number.NEGATIVE_INFINITY;
    for (const row of a) if (row[j] > m) m = row[j];
    if (m < minColMax) minColMax = m;
  }
  if (minColMax - maxRowMin <= 1e-15) return maxRowMin;
  return solveMatrixGame(floatField, a).value;
}
