/**
 * The solver's exact bounds and shortcuts (solver.ts, walk.ts), each against a plain count or a
 * plain search: the dice chance of the passive bound, the bitboard walk, and the whole solver on
 * small boards with short SH-5 locks, up to three turns (where positive values, locks and the
 * table's idle masking all come into play).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Random } from "../../src/core/random.js";
import { randomAction } from "../../src/rulesets/shove/ai.js";
import { parseBoard } from "../../src/rulesets/shove/board.js";
import { newSim, resolveConfig, type ShoveOptions } from "../../src/rulesets/shove/game.js";
import { diceAtLeast, ShoveSolver } from "../../src/rulesets/shove/solver.js";
import { BitWalker, BlueWalker } from "../../src/rulesets/shove/walk.js";
import { pos, randomPlayPosition, randomPlayUntil } from "./helpers.js";

/** Steps from the victory square to every square, red tokens blocking (-1: unreachable). */
function stepsFromVictory(sim: ReturnType<typeof newSim>): Int16Array {
  const g = sim.g;
  const steps = new Int16Array(g.cells).fill(-1);
  steps[g.victory] = 0;
  const queue = [g.victory];
  for (let i = 0; i < queue.length; i++) {
    for (let d = 0; d < 4; d++) {
      const q = g.nb[queue[i] * 4 + d];
      if (q < 0 || steps[q] >= 0) continue;
      const t = sim.tokenAt(q);
      if (t >= 0 && t < g.nRed) continue;
      steps[q] = steps[queue[i]] + 1;
      queue.push(q);
    }
  }
  return steps;
}

describe("Shove solver bounds", () => {
  it("SH-2: the passive bound's dice: the chance that n rolls of the D4 reach x, counted", () => {
    for (let n = 0; n <= 4; n++) {
      for (let x = -1; x <= 4 * n + 2; x++) {
        let hits = 0;
        for (let i = 0; i < 4 ** n; i++) {
          let sum = 0;
          for (let j = 0, r = i; j < n; j++, r = Math.floor(r / 4)) sum += (r % 4) + 1;
          if (sum >= x) hits++;
        }
        expect(diceAtLeast(n, x)).toBe(hits / 4 ** n);
      }
    }
    expect(diceAtLeast(2, 6)).toBe(6 / 16);
    expect(diceAtLeast(30, 100)).toBe(1); // past 24 rolls: no bound
  });

  it("SH-6: the bitboard walk finds the same steps, nearest tokens and nearer squares as the square-by-square walk (boards of one, two and three words)", () => {
    const boards = [
      parseBoard("walls: bottom top\n4 B . B\n3 . . .\n2 . R .\n1 . V .\n"),
      undefined, // the default 7 × 8 board
      parseBoard("walls: bottom top\n3 B . . . B . . . B . . . . . . . B\n2 . . R . . . . . . . . . . R . . .\n1 . . . . . . . . V . . . . . . . .\n"),
    ];
    for (const board of boards) {
      const config = resolveConfig(board === undefined ? {} : { board });
      const sim = newSim(config, Random.fromSeed(5));
      const g = sim.g;
      const plain = new BlueWalker(g.cells);
      const bits = new BitWalker(g.width, g.height, g.victory);
      const buf = new Int32Array(g.tokens * 8 + 1);
      const rng = Random.fromSeed(9);
      let checked = 0;
      for (let game = 0; game < 40; game++) {
        sim.reset();
        while (!sim.over) {
          for (const cap of [0, 1, 3, 6, 12]) {
            bits.markBlue(sim);
            bits.markAllRed(sim);
            const d = bits.distance(cap);
            expect(d).toBe(plain.distance(sim, cap));
            if (d <= cap) {
              const p = sim.pos(plain.token);
              expect(bits.hit[bits.wordOf[p]] & bits.bitOf[p]).not.toBe(0);
              // The squares nearer than the blue tokens met: within d - 1 steps, red tokens
              // blocking (the victory square itself is left out while a red token crosses it).
              const steps = stepsFromVictory(sim);
              for (let sq = 0; sq < g.cells; sq++) {
                if (sq === g.victory && sim.redOnVictory() >= 0) continue;
                const nearer = (bits.nearer[bits.wordOf[sq]] & bits.bitOf[sq]) !== 0;
                expect(nearer).toBe(steps[sq] >= 0 && steps[sq] <= d - 1);
              }
            }
            checked++;
          }
          sim.act(randomAction(sim, rng, buf));
        }
      }
      expect(checked).toBeGreaterThan(500);
    }
  });
});

describe("Shove solver against a plain exhaustive search, with SH-5 locks (property)", () => {
  const cases: [string, ShoveOptions, number][] = [
    ["3 × 4, locks after 1 turn, up to 3 turns", { board: parseBoard("walls: bottom top\n4 B . B\n3 . . .\n2 . R .\n1 . V .\n"), rules: { blueLockTurns: 1, redLockTurns: 1 } }, 3],
    [
      "5 × 5, locks after 2 turns, up to 2 turns",
      { board: parseBoard("walls: bottom top\n5 B . B . B\n4 . . . . .\n3 . R . R .\n2 . . . . .\n1 . . V . .\n"), rules: { blueLockTurns: 2, redLockTurns: 2 } },
      2,
    ],
  ];
  for (const [name, options, turns] of cases) {
    it(`SH-2 SH-5 SH-7: bounds, windows, killers, table and its idle masking change no value (${name})`, () => {
      const config = resolveConfig(options);
      let positive = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: turns }), (seed, plies, wanted) => {
          const s = randomPlayPosition(options, seed, plies);
          if (s.winner !== null) return;
          const k = Math.min(wanted, s.config.rules.turnLimit - s.turn + 1);
          const plain = new ShoveSolver(config, { useTable: false, useBounds: false, useWindows: false, useSymmetry: false, maxNodes: 1e9 }).solve(s, k);
          const full = new ShoveSolver(config, {}).solve(s, k);
          expect(full.blueWins.toString()).toBe(plain.blueWins.toString());
          if (plain.blueWins.toString() !== "0") positive++;
        }),
        { numRuns: 12, seed: 7 },
      );
      expect(positive).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe("Shove solver: the last turn's SH-5 locks in the passive bound", () => {
  const config = resolveConfig({});
  const both = (s: ReturnType<typeof pos>, k: number): string[] => [
    new ShoveSolver(config, { beforeRoll: true }).solve(s, k).blueWins.toString(),
    new ShoveSolver(config, { beforeRoll: true, useBounds: false, useTable: false }).solve(s, k).blueWins.toString(),
  ];

  it("SH-5: in the last turn a locked blue token must move first, one action more than the walk", () => {
    // d4 walks to d1 in 3 (1/2 alone); a8 locked (3 idle turns) needs a 4, two locks even more.
    expect(both(pos({ red: ["a5", "g5", "g4"], blue: ["d4", "a8"], turn: 10, idle: { a8: 2 } }), 1)).toEqual(["1/2", "1/2"]);
    expect(both(pos({ red: ["a5", "g5", "g4"], blue: ["d4", "a8"], turn: 10, idle: { a8: 3 } }), 1)).toEqual(["1/4", "1/4"]);
    expect(both(pos({ red: ["a5", "g5", "g4"], blue: ["d4", "a8", "g8"], turn: 10, idle: { a8: 3, g8: 3 } }), 1)).toEqual(["0", "0"]);
    // A locked walker walks itself: only the other lock costs an action.
    expect(both(pos({ red: ["a5", "g5", "g4"], blue: ["d4", "a8"], turn: 10, idle: { a8: 3, d4: 3 } }), 1)).toEqual(["1/4", "1/4"]);
  });

  it("SH-5: in the turn before last a token one idle turn short of its lock costs an action in one of the two turns", () => {
    // d6 is 5 steps from d1 (no roll wins in the first turn); with a8 two turns idle, a8 must
    // move in one of the two turns: 6 actions of the two rolls instead of 5.
    expect(both(pos({ red: ["a1", "g1", "g2"], blue: ["d6", "a8"], turn: 9, idle: { a8: 1 } }), 2)).toEqual(["3/8", "3/8"]);
    expect(both(pos({ red: ["a1", "g1", "g2"], blue: ["d6", "a8"], turn: 9, idle: { a8: 2 } }), 2)).toEqual(["1/8", "1/8"]);
  }, 60_000);

  const cases: [string, ShoveOptions, number][] = [
    ["3 × 4, locks after 1 turn", { board: parseBoard("walls: bottom top\n4 B . B\n3 . . .\n2 . R .\n1 . V .\n"), rules: { blueLockTurns: 1, redLockTurns: 1 } }, 3],
    ["5 × 5, locks after 2 turns", { board: parseBoard("walls: bottom top\n5 B . B . B\n4 . . . . .\n3 . R . R .\n2 . . . . .\n1 . . V . .\n"), rules: { blueLockTurns: 2, redLockTurns: 2 } }, 2],
  ];
  for (const [name, options, turns] of cases) {
    it(`SH-2 SH-5: before the roll of a late turn, bounds with locks change no value (${name})`, () => {
      const small = resolveConfig(options);
      let checked = 0;
      let positive = 0;
      for (let seed = 1; checked < 10 && seed < 400; seed++) {
        // Re-played to the start of a turn (blue to act, nothing moved yet) at least two turns in.
        const s = randomPlayUntil(options, seed, (p) => p.turn >= 2 + (seed % 3) && p.side === "blue" && p.actionsLeft === p.roll && p.moved.every((m) => m === 0));
        if (s.winner !== null || s.side !== "blue" || s.actionsLeft !== s.roll) continue;
        const k = Math.min(turns, 1 + (seed % 2));
        // The plain search keeps only the table (checked on its own above) to stay quick.
        const plain = new ShoveSolver(small, { beforeRoll: true, useBounds: false, useWindows: false, maxNodes: 1e9 }).solve(s, k);
        const full = new ShoveSolver(small, { beforeRoll: true }).solve(s, k);
        expect(full.blueWins.toString()).toBe(plain.blueWins.toString());
        if (plain.blueWins.toString() !== "0") positive++;
        checked++;
      }
      expect(checked).toBe(10);
      expect(positive).toBeGreaterThan(0);
    }, 120_000);
  }
});
