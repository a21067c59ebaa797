import { describe, expect, it } from "vitest";
import { playMatch, shovePlayer } from "../../src/rulesets/shove/ai.js";
import { resolveConfig } from "../../src/rulesets/shove/game.js";
import { wilsonInterval } from "../../src/core/stats.js";
import { pos } from "./helpers.js";

const config = resolveConfig({});

describe("Shove computer players", () => {
  it("SH-7: every level takes an immediate win for blue (a step onto the victory square)", () => {
    const s = pos({ red: ["b3", "f3", "a4"], blue: ["d2", "a8", "c8", "g8"], roll: 3 });
    for (const level of ["mcts", "strong"] as const) {
      expect(shovePlayer(config, { level, seed: 1, iterations: 200 }).choose(s, "blue")).toBe("d2 down");
    }
  });

  it("SH-3 SH-7: the MCTS levels push the last blue token off the board for red", () => {
    const s = pos({ red: ["b4", "d3", "f3"], blue: ["a4"], side: "red", roll: 2 });
    for (const level of ["mcts", "strong"] as const) {
      expect(shovePlayer(config, { level, seed: 2, iterations: 200 }).choose(s, "red")).toBe("push a4 from b4");
    }
  });

  it("computer players are deterministic given their seed", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], roll: 3 });
    const a = shovePlayer(config, { level: "mcts", seed: 7, iterations: 100 }).choose(s, "blue");
    const b = shovePlayer(config, { level: "mcts", seed: 7, iterations: 100 }).choose(s, "blue");
    expect(a).toBe(b);
  });

  it("mcts beats random in a clear majority (small fixed-seed sample; the 1,000-game runs are in docs/shove.md)", () => {
    const asRed = playMatch({}, { level: "random" }, { level: "mcts", iterations: 40 }, 8, 100);
    expect(8 - asRed.blueWins).toBeGreaterThanOrEqual(7);
    const asBlue = playMatch({}, { level: "mcts", iterations: 40 }, { level: "random" }, 8, 200);
    const randomBlue = playMatch({}, { level: "random" }, { level: "random" }, 8, 200);
    expect(asBlue.blueWins).toBeGreaterThan(randomBlue.blueWins);
  });

  it("strong beats mcts as blue more often than mcts does against itself (small fixed-seed sample)", () => {
    const strong = playMatch({}, { level: "strong", iterations: 80 }, { level: "mcts", iterations: 80 }, 10, 300);
    const mcts = playMatch({}, { level: "mcts", iterations: 80 }, { level: "mcts", iterations: 80 }, 10, 300);
    expect(strong.blueWins).toBeGreaterThan(mcts.blueWins);
  });

  it("the 95% Wilson interval contains the observed rate and narrows with more games", () => {
    const wilson = (w: number, n: number) => [wilsonInterval(w, n).low, wilsonInterval(w, n).high];
    const [lo, hi] = wilson(30, 100);
    expect(lo).toBeLessThan(0.3);
    expect(hi).toBeGreaterThan(0.3);
    const [lo2, hi2] = wilson(300, 1000);
    expect(hi2 - lo2).toBeLessThan(hi - lo);
    expect(lo).toBeCloseTo(0.219, 2);
    expect(hi).toBeCloseTo(0.396, 2);
  });
});
