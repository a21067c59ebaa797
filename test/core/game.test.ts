import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pig } from "../../src/core/fixtures/pig.js";
import { IllegalMoveError, makeRecord, play, playOut, replay, stateHash } from "../../src/core/game.js";
import { mctsPlayer, mctsSearch } from "../../src/core/search/mcts.js";
import { randomPlayer } from "../../src/core/search/random-player.js";

describe("game interface (on the Pig fixture)", () => {
  it("sets up from options and a seed; the rng state lives in the state (C-2)", () => {
    const s = pig.setup({ target: 20 }, 42);
    expect(s.rng).toHaveLength(4);
    expect(pig.toMove(s)).toBe("p1");
    expect(pig.legalMoves(s, "p1")).toEqual(["roll"]);
    expect(pig.legalMoves(s, "p2")).toEqual([]);
  });

  it("refuses an illegal decision with the reason", () => {
    const s = pig.setup({}, 1);
    expect(() => play(pig, s, "p1", "hold")).toThrow(/nothing to hold/);
    expect(() => play(pig, s, "p2", "roll")).toThrow(/p1's decision/);
    expect(() => play(pig, s, "p1", "jump" as never)).toThrow(IllegalMoveError);
  });

  it("apply never mutates its input and returns events", () => {
    const s = pig.setup({}, 3);
    const before = JSON.stringify(s);
    const { state, events } = play(pig, s, "p1", "roll");
    expect(JSON.stringify(s)).toBe(before);
    expect(events[0].type).toBe("roll");
    expect(state).not.toBe(s);
  });

  it("C-2: a record (setup, seed, decisions) replays to the same state hash", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const options = { target: 25 };
        const game = playOut(pig, pig.setup(options, seed), { p1: randomPlayer(pig, seed), p2: randomPlayer(pig, seed + 1) });
        const record = JSON.parse(JSON.stringify(makeRecord(pig, options, seed, game.decisions, game.state)));
        const again = replay(pig, record);
        expect(again.matches).toBe(true);
        expect(again.hash).toBe(stateHash(game.state));
        expect(pig.result(again.state)).toEqual(game.result);
      }),
      { seed: 8, numRuns: 100 },
    );
  });

  it("a tampered record is detected", () => {
    const options = { target: 25 };
    const game = playOut(pig, pig.setup(options, 5), { p1: randomPlayer(pig, 1), p2: randomPlayer(pig, 2) });
    const record = makeRecord(pig, options, 5, game.decisions, game.state);
    const otherSeed = replay(pig, { ...record, seed: 6 });
    expect(otherSeed.matches).toBe(false);
    const bad = replay(pig, { ...record, decisions: [{ player: "p1", move: "hold" }] });
    expect(bad.failure).toEqual({ index: 0, kind: "refused", reason: "nothing to hold: roll at least once first" });
    expect(otherSeed.failure?.kind).toBeDefined();
  });

  it("random games always end with a winner at or above the target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 60 }), (seed, target) => {
        const g = playOut(pig, pig.setup({ target }, seed), { p1: randomPlayer(pig, seed), p2: randomPlayer(pig, seed ^ 7) });
        expect(g.result.winner).not.toBeNull();
        expect(g.state.scores[g.result.winner!]).toBeGreaterThanOrEqual(target);
      }),
      { seed: 9, numRuns: 200 },
    );
  });
});

describe("Monte Carlo tree search", () => {
  it("is deterministic for a given seed and iteration budget", () => {
    const s = { ...pig.setup({ target: 50 }, 1), turnTotal: 9 };
    const a = mctsSearch(pig, s, "p1", { seed: 11, iterations: 500 });
    const b = mctsSearch(pig, s, "p1", { seed: 11, iterations: 500 });
    expect(a.children).toEqual(b.children);
    expect(a.iterations).toBe(500);
  });

  it("holds a big turn total near the goal and rolls when holding cannot win", () => {
    const base = pig.setup({ target: 50 }, 1);
    const nearGoal = { ...base, scores: { p1: 30, p2: 45 }, turnTotal: 20 };
    expect(mctsSearch(pig, nearGoal, "p1", { seed: 1, iterations: 3000 }).best).toBe("hold");
  });

  it("stops at a time budget using the injected clock", () => {
    let t = 0;
    const s = { ...pig.setup({ target: 50 }, 1), turnTotal: 5 };
    const stats = mctsSearch(pig, s, "p1", { seed: 1, timeMs: 10, now: () => (t += 1) }); // each clock read advances 1 ms; the clock is read every 16 iterations
    expect(stats.iterations).toBeGreaterThan(0);
    expect(stats.iterations).toBeLessThanOrEqual(16 * 11);
    expect(() => mctsSearch(pig, s, "p1", { seed: 1, timeMs: 10 })).toThrow(/clock/);
  });

  it("beats the random player at Pig in a clear majority", () => {
    let wins = 0;
    const games = 60;
    for (let i = 0; i < games; i++) {
      const mctsFirst = i % 2 === 0;
      const mcts = mctsPlayer(pig, { seed: i, iterations: 200 });
      const rnd = randomPlayer(pig, 1000 + i);
      const g = playOut(pig, pig.setup({ target: 30 }, i), mctsFirst ? { p1: mcts, p2: rnd } : { p1: rnd, p2: mcts });
      if (g.result.winner === (mctsFirst ? "p1" : "p2")) wins++;
    }
    // Random play holds half the time and wins well under a third of games against good play.
    expect(wins / games).toBeGreaterThan(0.75);
  });
});
