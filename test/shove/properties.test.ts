import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeRecord, playOut, replay } from "../../src/core/game.js";
import { Random } from "../../src/core/random.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { randomAction } from "../../src/rulesets/shove/ai.js";
import { parseBoard } from "../../src/rulesets/shove/board.js";
import { formatAction, newSim, resolveConfig, shove } from "../../src/rulesets/shove/game.js";
import { BLUE, END, OPEN, RED, type ShoveSim } from "../../src/rulesets/shove/sim.js";

const OPEN_BOARD = parseBoard(`name: open all round
walls: none
6 . B . B . B
5 . . . . . .
4 . . . . . .
3 . R . . R .
2 . . . . . .
1 . . V . . .
`);

/** Checks the invariants that hold after every action; returns the first broken one. */
function checkInvariants(sim: ShoveSim, before: Int16Array, code: number, side: number): string | null {
  const g = sim.g;
  const seen = new Set<number>();
  let red = 0;
  let blue = 0;
  for (let k = 0; k < g.tokens; k++) {
    const p = sim.pos(k);
    if (p < 0) {
      const was = before[sim.posAt + k];
      if (was < 0) continue;
      if (k >= g.nRed) {
        // A blue token leaves the board only by a red push over an open edge (SH-3).
        if (side !== RED || code === END || ((code >> 2) & 1) !== 1) return `blue token ${k} vanished without a push`;
        let edgeInLine = false;
        for (let q = was; q >= 0; q = g.nb[q * 4 + (code & 3)]) if (g.nb[q * 4 + (code & 3)] === OPEN) edgeInLine = true;
        if (!edgeInLine) return `blue token ${k} left the board away from an open edge`;
      } else {
        // A red token leaves only when it touches two blue tokens (SH-4), where it ended the action.
        const at = side === RED && code !== END && (code >> 3) === was && ((code >> 2) & 1) === 0 ? g.nb[was * 4 + (code & 3)] : was;
        let touching = 0;
        for (let d = 0; d < 4; d++) {
          const q = g.nb[at * 4 + d];
          if (q >= 0 && sim.tokenAt(q) >= g.nRed) touching++;
        }
        if (touching < 2) return `red token ${k} removed while touching ${touching} blue`;
      }
      continue;
    }
    if (p >= g.cells) return `token ${k} off the board at ${p}`;
    if (seen.has(p)) return `two tokens on square ${p}`;
    seen.add(p);
    if (sim.tokenAt(p) !== k) return `square ${p} does not hold token ${k}`;
    if (k < g.nRed) red++;
    else blue++;
  }
  if (red !== sim.aliveCount(RED) || blue !== sim.aliveCount(BLUE)) return "alive counts wrong";
  if (sim.turn > sim.rules.turnLimit) return `turn ${sim.turn} past the limit`;
  // SH-6 checked by a full search after every red action, whatever shortcut the simulator took.
  if (!sim.over && side === RED && code !== END && !sim.pathOpen()) return "red closed the path";
  if (!sim.over && sim.side === BLUE && sim.redOnVictory() >= 0) return "red ended its turn on the victory square";
  return null;
}

function randomGames(config: ReturnType<typeof resolveConfig>, seed: number, games: number): string | null {
  const sim = newSim(config);
  const rng = Random.fromSeed(seed);
  sim.rng = rng;
  const buf = new Int32Array(64);
  const before = new Int16Array(sim.s.length);
  for (let i = 0; i < games; i++) {
    sim.reset();
    let actions = 0;
    while (!sim.over) {
      before.set(sim.s);
      const side = sim.side;
      const code = randomAction(sim, rng, buf);
      actions++;
      const problem = checkInvariants(sim, before, code, side);
      if (problem) return `game ${i}, action ${actions}: ${problem}`;
      if (actions > config.rules.turnLimit * 2 * 5) return `game ${i} did not end within 10 turns`;
    }
  }
  return null;
}

describe("Shove properties over random games", () => {
  it("SH-7 every game ends within 10 turns, tokens never overlap or leave except by SH-3/SH-4 (default board)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        expect(randomGames(resolveConfig({}), seed, 50)).toBeNull();
      }),
      { seed: 5, numRuns: 60 },
    );
  });

  it("SH-3 SH-6 invariants on a board open on every side (pushes off all four edges)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        expect(randomGames(resolveConfig({ board: OPEN_BOARD }), seed, 50)).toBeNull();
      }),
      { seed: 6, numRuns: 30 },
    );
  });

  it("replays match: recorded random games re-play to the same final state hash", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const start = shove.setup({}, seed);
        const game = playOut(shove, start, { blue: randomPlayer(shove, seed), red: randomPlayer(shove, seed + 1) }, { keepEvents: false });
        const record = makeRecord(shove, {}, seed, game.decisions, game.state);
        const again = replay(shove, JSON.parse(JSON.stringify(record)));
        expect(again.matches).toBe(true);
        expect(again.state).toEqual(game.state);
      }),
      { seed: 7, numRuns: 100 },
    );
  });

  it("the game's legal decisions are exactly those it validates, and each applies without mutating the state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 40 }), (seed, steps) => {
        let state = shove.setup({}, seed);
        const rng = Random.fromSeed(seed, 9);
        for (let i = 0; i < steps && state.winner === null; i++) {
          const legal = shove.legalMoves(state, state.side);
          const sim = newSim(state.config);
          const all: string[] = [];
          for (let sq = 0; sq < sim.g.cells; sq++) for (let c = sq * 8; c < sq * 8 + 8; c++) all.push(formatAction(sim.g, c));
          all.push("end");
          const valid = all.filter((m) => shove.validate(state, state.side, m) === null);
          expect(new Set(valid)).toEqual(new Set(legal));
          const frozen = JSON.stringify(state);
          const next = shove.apply(state, state.side, rng.pick(legal)).state;
          expect(JSON.stringify(state)).toBe(frozen);
          state = next;
        }
      }),
      { seed: 8, numRuns: 25 },
    );
  });

  it("a game is a pure function of its seed (ruling C-2)", () => {
    const a = playOut(shove, shove.setup({}, 42), { blue: randomPlayer(shove, 1), red: randomPlayer(shove, 2) });
    const b = playOut(shove, shove.setup({}, 42), { blue: randomPlayer(shove, 1), red: randomPlayer(shove, 2) });
    expect(b.decisions).toEqual(a.decisions);
    expect(b.state).toEqual(a.state);
  });
});
