/** The Shove page's state (web/src/shove/session.ts) and the SH-6 path it draws (src/rulesets/shove/path.ts). */
import { describe, expect, it } from "vitest";
import { play } from "../../src/core/game.js";
import { Random } from "../../src/core/random.js";
import { loadState, newSim, shove, type ShoveState } from "../../src/rulesets/shove/game.js";
import { openPathSquares } from "../../src/rulesets/shove/path.js";
import { boardActions, current, decide, loadRecord, newGame, recordOf, replayTo, undo, undoable } from "../../web/src/shove/session.js";

function randomStates(seed: number, n: number): ShoveState[] {
  const rng = Random.fromSeed(seed);
  let s = shove.setup({}, seed);
  const out = [s];
  for (let i = 0; i < n && s.winner === null; i++) {
    const moves = shove.legalMoves(s, s.side);
    s = play(shove, s, s.side, moves[rng.int(0, moves.length - 1)]).state;
    out.push(s);
  }
  return out;
}

describe("Shove in the browser", () => {
  it("undo takes back a person's decisions of the turn in progress, never past the end of a turn", () => {
    // A start whose D4 gives blue more than one action (with one, the turn ends by itself).
    const seed = [1, 2, 3, 4, 5, 6, 7, 8].find((n) => shove.setup({}, n).roll >= 2)!;
    let g = newGame(seed, { blue: "human", red: "human" });
    expect(undoable(g)).toBe(0);
    const first = boardActions(current(g)).find((a) => a.kind === "move")!;
    g = decide(g, first.move);
    expect(current(g).side).toBe("blue");
    expect(undoable(g)).toBe(1);
    const before = g.states[0];
    expect(current(undo(g))).toEqual(before);
    g = decide(g, "end");
    expect(current(g).side).toBe("red");
    expect(undoable(g)).toBe(0);
  });

  it("board actions are exactly the legal decisions, each with its squares", () => {
    for (const s of randomStates(7, 60)) {
      if (s.winner) continue;
      const acts = boardActions(s);
      expect(acts.map((a) => a.move).sort()).toEqual(shove.legalMoves(s, s.side).slice().sort());
      for (const a of acts) if (a.kind === "push") expect(s.tokens.indexOf(a.to)).toBeGreaterThanOrEqual(s.config.board.red.length);
    }
  });

  it("online play: board actions are built from the decisions the server sent, and only those", () => {
    for (const s of randomStates(11, 20)) {
      if (s.winner) continue;
      const sent = shove.legalMoves(s, s.side).filter((_, i) => i % 2 === 0);
      const acts = boardActions(s, sent);
      expect(acts.map((a) => a.move)).toEqual(sent);
      expect(boardActions(s, [])).toEqual([]);
    }
  });

  it("a saved record loads back verified and steps through; a tampered one is refused", () => {
    let g = newGame(2, { blue: "human", red: "random" });
    for (let i = 0; i < 25 && current(g).winner === null; i++) g = decide(g, shove.legalMoves(current(g), current(g).side)[0]);
    const rec = recordOf(g);
    const text = JSON.stringify(rec);
    const loaded = loadRecord(text);
    if ("error" in loaded) throw new Error(loaded.error);
    expect(loaded.game.replayAt).toBe(0);
    expect(current(replayTo(loaded.game, rec.decisions.length))).toEqual(current(g));
    expect(loadRecord(JSON.stringify({ ...rec, finalHash: "0000000000000000" }))).toMatchObject({ error: expect.stringMatching(/does not verify/) });
    expect(loadRecord(JSON.stringify({ ...rec, game: "pig" }))).toMatchObject({ error: expect.stringMatching(/^field game/) });
    expect(loadRecord("{")).toMatchObject({ error: expect.stringMatching(/JSON/) });
  });

  it("the SH-6 path is found exactly when the simulator says it is open, from a blue token to the victory square over no red token", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const s of randomStates(seed, 80)) {
        const sim = newSim(s.config);
        loadState(sim, s);
        const path = openPathSquares(s);
        expect(path !== null, `seed ${seed} turn ${s.turn}`).toBe(sim.pathOpen());
        if (!path) continue;
        const nRed = s.config.board.red.length;
        expect(s.tokens.indexOf(path[0])).toBeGreaterThanOrEqual(nRed);
        expect(path[path.length - 1]).toBe(s.config.board.victory);
        for (const sq of path.slice(1, -1)) expect(s.tokens.slice(0, nRed)).not.toContain(sq);
      }
    }
  });
});
