import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { floatField, fractionField, matrixGameValue, solveMatrixGame } from "../../src/rulesets/contest/matrix-game.js";

const F = (n: number, d = 1) => Fraction.of(n, d);
const strs = (xs: Fraction[]) => xs.map((x) => x.toString());

describe("advisor matrix games solved exactly (issue 7: hand-solved 2×2 games)", () => {
  it("matching pennies: both sides mix 1/2, 1/2 and the value is 0", () => {
    const s = solveMatrixGame(fractionField, [
      [F(1), F(-1)],
      [F(-1), F(1)],
    ]);
    expect(s.value.toString()).toBe("0");
    expect(strs(s.row)).toEqual(["1/2", "1/2"]);
    expect(strs(s.col)).toEqual(["1/2", "1/2"]);
  });

  it("a game with a saddle point: pure strategies, value at the saddle", () => {
    // Row 2 dominates; column 1 is the column player's best reply: saddle at (2,1) with value 3.
    const s = solveMatrixGame(fractionField, [
      [F(1), F(5)],
      [F(3), F(4)],
    ]);
    expect(s.value.toString()).toBe("3");
    expect(strs(s.row)).toEqual(["0", "1"]);
    expect(strs(s.col)).toEqual(["1", "0"]);
  });

  it("a hand-solved mixed 2×2 game: [[3,-1],[-2,1]] has p = (3/7, 4/7), q = (2/7, 5/7), value 1/7", () => {
    // p·3 − 2(1−p) = −p + (1−p) → 5p − 2 = 1 − 2p → p = 3/7; value = 5·3/7 − 2 = 1/7.
    const s = solveMatrixGame(fractionField, [
      [F(3), F(-1)],
      [F(-2), F(1)],
    ]);
    expect(s.value.toString()).toBe("1/7");
    expect(strs(s.row)).toEqual(["3/7", "4/7"]);
    expect(strs(s.col)).toEqual(["2/7", "5/7"]);
  });

  it("probabilities as payoffs: [[1/2, 1],[1, 0]] (hand-solved: p = (2/3, 1/3), value 2/3)", () => {
    const s = solveMatrixGame(fractionField, [
      [F(1, 2), F(1)],
      [F(1), F(0)],
    ]);
    expect(s.value.toString()).toBe("2/3");
    expect(strs(s.row)).toEqual(["2/3", "1/3"]);
    expect(strs(s.col)).toEqual(["2/3", "1/3"]);
  });

  it("property: the exact solution is an equilibrium of any small integer game, and floats agree", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((m) =>
          fc.integer({ min: 1, max: 4 }).chain((n) => fc.array(fc.array(fc.integer({ min: -6, max: 6 }), { minLength: n, maxLength: n }), { minLength: m, maxLength: m })),
        ),
        (rows) => {
          const a = rows.map((r) => r.map((v) => F(v)));
          const s = solveMatrixGame(fractionField, a);
          const sum = (xs: Fraction[]) => xs.reduce((x, y) => x.add(y), Fraction.ZERO);
          expect(sum(s.row).toString()).toBe("1");
          expect(sum(s.col).toString()).toBe("1");
          for (const p of [...s.row, ...s.col]) expect(p.cmp(Fraction.ZERO)).toBeGreaterThanOrEqual(0);
          // Row strategy guarantees at least the value against every column, column strategy at most.
          for (let j = 0; j < a[0].length; j++) expect(sum(a.map((r, i) => r[j].mul(s.row[i]))).cmp(s.value)).toBeGreaterThanOrEqual(0);
          for (let i = 0; i < a.length; i++) expect(sum(a[i].map((v, j) => v.mul(s.col[j]))).cmp(s.value)).toBeLessThanOrEqual(0);
          const fl = solveMatrixGame(floatField, rows);
          expect(fl.value).toBeCloseTo(s.value.toNumber(), 9);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe("matrixGameValue: the saddle-point shortcut agrees with the simplex", () => {
  it("property: same value as the exact solution for small games", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((m) =>
          fc.integer({ min: 1, max: 4 }).chain((n) => fc.array(fc.array(fc.integer({ min: -6, max: 6 }), { minLength: n, maxLength: n }), { minLength: m, maxLength: m })),
        ),
        (rows) => {
          const exact = solveMatrixGame(fractionField, rows.map((r) => r.map((v) => F(v)))).value.toNumber();
          expect(matrixGameValue(rows)).toBeCloseTo(exact, 9);
        },
      ),
      { seed: 8, numRuns: 300 },
    );
  });
});
