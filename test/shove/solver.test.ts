import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { parseBoard } from "../../src/rulesets/shove/board.js";
import { resolveConfig, type ShoveState, shove } from "../../src/rulesets/shove/game.js";
import { ShoveSolver, SolverBudgetExceeded, solveDeepening } from "../../src/rulesets/shove/solver.js";
import fc from "fast-check";
import { pos, randomPlayPosition, randomPlayUntil } from "./helpers.js";

const config = resolveConfig({});

const solve = (s: ShoveState, k: number, opts = {}) => new ShoveSolver(config, opts).solve(s, k).blueWins.toString();

describe("Shove solver (expectimax over the D4, SH-2 and SH-7)", () => {
  it("SH-2: a blue token two steps from the victory square in the last turn wins on a roll of 2+ (3/4)", () => {
    const s = pos({ red: ["a5", "g5", "g4"], blue: ["d3"], turn: 10 });
    expect(solve(s, 1, { beforeRoll: true })).toBe("3/4");
  });

  it("SH-2: three steps away it needs a 3 or 4 (1/2), four steps around a red blocker needs a 4 (1/4)", () => {
    expect(solve(pos({ red: ["a5", "g5", "g4"], blue: ["d4"], turn: 10 }), 1, { beforeRoll: true })).toBe("1/2");
    expect(solve(pos({ red: ["d2", "a8", "g8"], blue: ["d3"], turn: 10 }), 1, { beforeRoll: true })).toBe("1/4");
  });

  it("SH-7: once the roll is known the value is certain: 1 within reach, 0 out of reach", () => {
    expect(solve(pos({ red: ["a5", "g5", "g4"], blue: ["d3"], turn: 10, roll: 2 }), 1)).toBe("1");
    expect(solve(pos({ red: ["a5", "g5", "g4"], blue: ["d3"], turn: 10, roll: 1 }), 1)).toBe("0");
  });

  it("SH-7: in red's part of the last turn blue can no longer win", () => {
    expect(solve(pos({ red: ["a5", "g5", "g4"], blue: ["d2"], turn: 10, side: "red" }), 1)).toBe("0");
  });

  it("SH-4 SH-7: removing the last red token wins for blue in the solver too", () => {
    // Red d4 touches c4; blue e5 steps down to e4 and d4 touches two blue tokens: no red left.
    expect(solve(pos({ red: ["d4"], blue: ["c4", "e5"], turn: 10, roll: 1 }), 1)).toBe("1");
  });

  it("the transposition table and the bound change no value (cross-check on late positions of random games)", () => {
    let checked = 0;
    for (let seed = 1; checked < 6 && seed < 200; seed++) {
      // Re-played to the start of blue's last turn.
      const s = randomPlayUntil({}, seed, (p) => p.turn === 10 && p.side === "blue" && p.actionsLeft === p.roll, 7);
      if (s.winner !== null || s.turn !== 10) continue;
      const full = solve(s, 1, { beforeRoll: true });
      expect(solve(s, 1, { beforeRoll: true, useTable: false, useBounds: false })).toBe(full);
      expect(solve(s, 1, { beforeRoll: true, useTable: false })).toBe(full);
      checked++;
    }
    expect(checked).toBe(6);
  });

  it("a node budget stops the search and deepening reports how far it got", () => {
    const start = shove.setup({}, 1);
    expect(() => new ShoveSolver(config, { maxNodes: 100, beforeRoll: true }).solve(start, 2)).toThrow(SolverBudgetExceeded);
    let t = 0;
    const r = solveDeepening(config, start, 3, () => (t += 1), { maxNodes: 50_000, beforeRoll: true });
    expect(r.steps.map((s) => s.turnsLeft)).toEqual([1, 2]);
    expect(r.steps.map((s) => s.blueWins.toString())).toEqual(["0", "0"]);
    expect(r.stoppedAt).toBe(3);
    expect(r.steps[1].tableHitRate).toBeGreaterThan(0);
  });

  it("the solver refuses 'before the roll' once blue has acted", () => {
    const s = pos({ red: ["a5", "g5", "g4"], blue: ["d4"], turn: 10, roll: 3, actionsLeft: 2 });
    expect(() => new ShoveSolver(config, { beforeRoll: true }).solve(s, 1)).toThrow(/before blue acts/);
  });
});

describe("Shove solver on a small board", () => {
  it("the bound changes no value over two whole turns (3 × 4 board, every first roll)", () => {
    const board = parseBoard("walls: bottom top\n4 B . B\n3 . . .\n2 . R .\n1 . V .\n");
    const small = resolveConfig({ board });
    const start = shove.setup({ board }, 1);
    const withBound = new ShoveSolver(small, { beforeRoll: true }).solve(start, 2);
    const without = new ShoveSolver(small, { beforeRoll: true, useBounds: false }).solve(start, 2);
    expect(without.blueWins.toString()).toBe(withBound.blueWins.toString());
    expect(withBound.nodes).toBeLessThanOrEqual(without.nodes);
    // Blue needs 4 steps (a4-a3-a2-a1-b1; b2 is red): a first roll of 4 wins at once, so at least 1/4.
    expect(withBound.blueWins.cmp(Fraction.of(1, 4))).toBeGreaterThanOrEqual(0);
  });
});

describe("Shove solver against a plain exhaustive search (property)", () => {
  const board = parseBoard("walls: bottom top\n4 B . B\n3 . . .\n2 . R .\n1 . V .\n");
  const small = resolveConfig({ board });
  it("table, symmetry, windows, shortcuts and bounds change no value (random positions of a 3 × 4 board, 1–2 turns left)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 2 }), (seed, plies, turns) => {
        // A position reached by random play from the start (plies decisions in).
        const s = randomPlayPosition({ board }, seed, plies);
        if (s.winner !== null) return;
        const k = Math.min(turns, s.config.rules.turnLimit - s.turn + 1);
        const plain = new ShoveSolver(small, { useTable: false, useBounds: false, useWindows: false, useSymmetry: false }).solve(s, k);
        const full = new ShoveSolver(small, {}).solve(s, k);
        expect(full.blueWins.toString()).toBe(plain.blueWins.toString());
        // The best action's value is the position's value.
        if (s.winner === null) expect(new ShoveSolver(small, {}).bestAction(s, k).blueWins).toBe(full.blueWins.toNumber());
      }),
      { numRuns: 40, seed: 26 },
    );
  }, 120_000);
});

describe("Shove solver: zero windows from 0 up (MTD(f)) instead of a full window", () => {
  const board = parseBoard("walls: bottom top\n5 B . B\n4 . . .\n3 . . .\n2 . R .\n1 . V .\n");
  const small = resolveConfig({ board });
  it("SH-2, SH-7: positions worth strictly between 0 and 1 (each found by several zero-window tests) get the plain exhaustive search's value", () => {
    let between = 0;
    for (let seed = 1; seed <= 12; seed++) {
      // A position reached by random play from the start, at the start of a turn before the roll.
      const s = randomPlayUntil({ board }, seed, (p) => p.turn > 1 + (seed % 3) || p.winner !== null);
      if (s.winner !== null || s.side !== "blue" || s.actionsLeft !== s.roll) continue;
      const plain = new ShoveSolver(small, { useTable: false, useBounds: false, useWindows: false, useSymmetry: false, beforeRoll: true }).solve(s, 2);
      const full = new ShoveSolver(small, { beforeRoll: true }).solve(s, 2);
      expect(full.blueWins.toString(), `seed ${seed}`).toBe(plain.blueWins.toString());
      if (full.blueWins.cmp(Fraction.ZERO) > 0 && full.blueWins.cmp(Fraction.ONE) < 0) between++;
    }
    expect(between).toBeGreaterThanOrEqual(6);
  });

  it("SH-2, SH-7: the best action found with zero-window tests is the full-window scan's (same action, same value), for blue and for red", () => {
    const seen = { blue: 0, red: 0 };
    let between = 0;
    for (let seed = 1; seed <= 30; seed++) {
      // A position from random play, mid-game, with either side to act.
      const s = randomPlayPosition({ board }, seed, 2 + (seed % 7));
      if (s.winner !== null) continue;
      const k = Math.min(3, s.config.rules.turnLimit - s.turn + 1);
      const zero = new ShoveSolver(small, {}).bestAction(s, k);
      const full = new ShoveSolver(small, { useWindows: false }).bestAction(s, k);
      expect({ code: zero.code, blueWins: zero.blueWins }, `seed ${seed}`).toEqual({ code: full.code, blueWins: full.blueWins });
      seen[s.side]++;
      if (zero.blueWins > 0 && zero.blueWins < 1) between++;
    }
    expect(seen.blue).toBeGreaterThanOrEqual(5);
    expect(seen.red).toBeGreaterThanOrEqual(5);
    expect(between).toBeGreaterThanOrEqual(5);
  });
});

describe("Shove solver: bounds from the same position with other actions left", () => {
  const board = parseBoard("walls: bottom top\n5 B . B\n4 . . .\n3 . . .\n2 . R .\n1 . V .\n");
  const small = resolveConfig({ board });
  // Ending a side's part of the turn early is always allowed (SH-2; red only never ends on the
  // victory square, SH-6), so more actions left never hurt the side that has them.
  it("SH-2: the same values with and without them, in fewer nodes (default board, 3 turns left, values strictly between 0 and 1)", () => {
    const positions = [
      { spec: { red: ["b3", "d3", "f3"], blue: ["a6", "c5", "e5", "g6"], turn: 2 }, value: "9/16" },
      { spec: { red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e5", "g6"], turn: 2 }, value: "1/2" },
    ];
    for (const { spec, value } of positions) {
      const s = pos(spec);
      const withThem = new ShoveSolver(config, { beforeRoll: true });
      const without = new ShoveSolver(config, { beforeRoll: true, useDominance: false });
      const a = withThem.solve(s, 3);
      const b = without.solve(s, 3);
      expect(a.blueWins.toString()).toBe(value);
      expect(b.blueWins.toString()).toBe(value);
      expect(withThem.dominanceCuts).toBeGreaterThan(1000);
      expect(without.dominanceCuts).toBe(0);
      expect(a.nodes).toBeLessThan(b.nodes);
    }
  }, 60_000);

  it("SH-2, SH-5, SH-7: they change no value (random positions of a 3 × 5 board, either side to act: 2 turns left against the plain exhaustive search, 3 against the solver without them)", () => {
    let cuts = 0;
    let between = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = randomPlayPosition({ board }, seed, 1 + (seed % 9));
      if (s.winner !== null) continue;
      const k = Math.min(2 + (seed % 2), s.config.rules.turnLimit - s.turn + 1);
      const check =
        k === 3 ? new ShoveSolver(small, { useDominance: false }).solve(s, k) : new ShoveSolver(small, { useTable: false, useBounds: false, useWindows: false, useSymmetry: false }).solve(s, k);
      const solver = new ShoveSolver(small, {});
      const full = solver.solve(s, k);
      expect(full.blueWins.toString(), `seed ${seed}`).toBe(check.blueWins.toString());
      cuts += solver.dominanceCuts;
      if (full.blueWins.cmp(Fraction.ZERO) > 0 && full.blueWins.cmp(Fraction.ONE) < 0) between++;
    }
    expect(cuts).toBeGreaterThan(0);
    expect(between).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
