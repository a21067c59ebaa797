/** Issue 26's ladder: the Bradley–Terry fit checked against small cases worked by hand. */
import { describe, expect, it } from "vitest";
import { bradleyTerry, ELO_PER_NATURAL_UNIT, Z95 } from "../../src/core/stats.js";

describe("bradleyTerry", () => {
  it("two players, A wins 3 of 4: strengths differ by ln 3, variance of the difference 1/(n·p·(1−p))", () => {
    const [a, b] = bradleyTerry(["A", "B"], [{ a: "A", b: "B", winsA: 3, winsB: 1, draws: 0 }], { priorDraws: 0 });
    // By hand: p = 3/4, so πA/πB = 3; with the logs summing to 0, θA = ln3/2 = 0.5493.
    expect(a.elo - b.elo).toBeCloseTo(400 * Math.log10(3), 9); // 190.85 Elo
    expect(a.elo).toBeCloseTo(200 * Math.log10(3), 9);
    expect(a.elo + b.elo).toBeCloseTo(0, 9);
    // Information n·p(1−p) = 4·3/16 = 0.75 on the difference; each θ carries a quarter of 1/0.75: var θA = 1/3.
    expect(a.se).toBeCloseTo(Math.sqrt(1 / 3) * ELO_PER_NATURAL_UNIT, 9);
    expect(b.se).toBeCloseTo(a.se, 12);
    expect(a.ci95.high - a.elo).toBeCloseTo(Z95 * a.se, 12);
    expect([a.score, a.games, b.score, b.games]).toEqual([3, 4, 1, 4]);
  });

  it("counts a draw as half a win each: 2 wins and 2 draws is the same fit as 3 wins and 1 loss", () => {
    const drawn = bradleyTerry(["A", "B"], [{ a: "A", b: "B", winsA: 2, winsB: 0, draws: 2 }], { priorDraws: 0 });
    const won = bradleyTerry(["A", "B"], [{ a: "A", b: "B", winsA: 3, winsB: 1, draws: 0 }], { priorDraws: 0 });
    expect(drawn[0].elo).toBeCloseTo(won[0].elo, 9);
    expect(drawn[0].score).toBe(3);
  });

  it("a cycle (A beats B, B beats C, C beats A, each 2 of 3) rates all three equal", () => {
    const r = bradleyTerry(
      ["A", "B", "C"],
      [
        { a: "A", b: "B", winsA: 2, winsB: 1, draws: 0 },
        { a: "B", b: "C", winsA: 2, winsB: 1, draws: 0 },
        { a: "C", b: "A", winsA: 2, winsB: 1, draws: 0 },
      ],
      { priorDraws: 0 },
    );
    for (const x of r) expect(x.elo).toBeCloseTo(0, 9);
    // By hand: p = 1/2 everywhere, weights 3·1/4 = 3/4 on each edge; L = (3/4)(3I − J), so
    // L⁺ = (4/3)(I/3 − J/9)... var θ = (4/3)·(1/3)·(2/3) = 8/27.
    for (const x of r) expect(x.se).toBeCloseTo(Math.sqrt(8 / 27) * ELO_PER_NATURAL_UNIT, 9);
  });

  it("the prior's virtual draws keep a clean sweep finite: 4–0 plus one draw is the fit of 4½ to ½", () => {
    const [a, b] = bradleyTerry(["A", "B"], [{ a: "A", b: "B", winsA: 4, winsB: 0, draws: 0 }], { priorDraws: 1 });
    expect(a.elo - b.elo).toBeCloseTo(400 * Math.log10(9), 9);
    expect(a.score).toBe(4);
    expect(() => bradleyTerry(["A", "B"], [{ a: "A", b: "B", winsA: 4, winsB: 0, draws: 0 }], { priorDraws: 0 })).toThrow(/scored nothing/);
  });

  it("fits the MLE of a three-player case: the expected scores equal the actual scores", () => {
    const results = [
      { a: "A", b: "B", winsA: 7, winsB: 3, draws: 0 },
      { a: "B", b: "C", winsA: 6, winsB: 2, draws: 2 },
      { a: "A", b: "C", winsA: 9, winsB: 1, draws: 0 },
    ];
    const r = bradleyTerry(["A", "B", "C"], results, { priorDraws: 0 });
    const theta = Object.fromEntries(r.map((x) => [x.player, x.elo / ELO_PER_NATURAL_UNIT]));
    const expected = { A: 0, B: 0, C: 0 } as Record<string, number>;
    for (const g of results) {
      const p = 1 / (1 + Math.exp(theta[g.b] - theta[g.a]));
      const n = g.winsA + g.winsB + g.draws;
      expected[g.a] += n * p;
      expected[g.b] += n * (1 - p);
    }
    expect(expected.A).toBeCloseTo(16, 8);
    expect(expected.B).toBeCloseTo(3 + 6 + 1, 8);
    expect(expected.C).toBeCloseTo(2 + 1 + 1, 8);
  });

  it("refuses players the results do not connect, and unknown names", () => {
    expect(() => bradleyTerry(["A", "B", "C", "D"], [{ a: "A", b: "B", winsA: 1, winsB: 1, draws: 0 }, { a: "C", b: "D", winsA: 1, winsB: 1, draws: 0 }])).toThrow(/do not connect.*to C/);
    expect(() => bradleyTerry(["A", "B"], [{ a: "A", b: "X", winsA: 1, winsB: 1, draws: 0 }])).toThrow(/unknown player: X/);
  });
});
