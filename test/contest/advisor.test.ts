import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { advise, advisedPlayer, exactValue, floatStrategy, sampleStrategy, solveDuel } from "../../src/rulesets/contest/advisor.js";
import { type DeckFile, parseDeck } from "../../src/rulesets/contest/deck.js";
import { DEFAULT_OPTIONS, type DuelSetup } from "../../src/rulesets/contest/exchange.js";
import { playOut } from "../../src/core/game.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { contestGame } from "../../src/rulesets/contest/game.js";
import { floatField, solveMatrixGame } from "../../src/rulesets/contest/matrix-game.js";
import type { Profile } from "../../src/rulesets/contest/profile.js";
import { deck, makeSetup, MELEE_PATH, profile, RANGED_PATH } from "./helpers.js";

/** Rock, paper, scissors as a melee deck: the beaten card's holder loses 1 Might; equal cards both lose 1. */
function rpsDeck(): DeckFile {
  const ids = ["rock", "paper", "scissors"];
  const beats: Record<string, string> = { rock: "scissors", paper: "rock", scissors: "paper" };
  const readings: DeckFile["readings"] = {};
  for (const a of ids) {
    readings[a] = {};
    for (const b of ids) {
      const effects: DeckFile["readings"][string][string]["effects"] =
        a === b
          ? [
              { do: "lose-might", who: "self", by: 1 },
              { do: "lose-might", who: "opponent", by: 1 },
            ]
          : [{ do: "lose-might", who: beats[a] === b ? "opponent" : "self", by: 1 }];
      readings[a][b] = { test: "none", printed: "", effects };
    }
  }
  return { name: "rock paper scissors", kind: "melee", house: true, cards: ids.map((id) => ({ id, name: id, stat: null })), readings };
}

let shared: ReturnType<typeof solveDuel> | null = null;
/** Hector against Achilles, solved once for the tests that only read the solution. */
function hectorAchilles() {
  shared ??= solveDuel(makeSetup("hector", "achilles"));
  return shared;
}

const tiny: Profile = { id: "tiny", name: "Tiny", might: 1, shooting: 0, agility: 0, fighting: 0, mount: "foot", weapon: null };

describe("advisor: value iteration over positions and the exact matrix game (issue 7)", () => {
  it("advisor on a hand-solved duel: rock-paper-scissors melee at Might 1 has value 1/2 and mixes 1/3 each", () => {
    const parsed = parseDeck(rpsDeck());
    expect(parsed.problems).toEqual([]);
    const setup: DuelSetup = { a: { profile: tiny, assistants: 0 }, b: { profile: tiny, assistants: 0 }, ranged: deck(RANGED_PATH), melee: parsed.deck!, options: DEFAULT_OPTIONS };
    const sol = solveDuel(setup);
    const adv = advise(sol, { mightA: 1, mightB: 1, distance: 0 });
    expect(adv.matrix.map((r) => r.map(String))).toEqual([
      ["1/2", "0", "1"], // rock: loses to paper, beats scissors
      ["1", "1/2", "0"],
      ["0", "1", "1/2"],
    ]);
    expect(adv.game.value.toString()).toBe("1/2");
    expect(adv.game.row.map(String)).toEqual(["1/3", "1/3", "1/3"]);
    expect(adv.game.col.map(String)).toEqual(["1/3", "1/3", "1/3"]);
  });

  it("advisor: a mirror duel (same profile, same position) is worth 1/2 and both sides play alike", () => {
    const setup = makeSetup("achilles", "achilles");
    const sol = solveDuel(setup);
    const adv = advise(sol, { mightA: 5, mightB: 5, distance: 6 });
    expect(Math.abs(adv.game.value.toNumber() - 0.5)).toBeLessThan(1e-8);
    const a = floatStrategy(sol, { mightA: 5, mightB: 5, distance: 6 }, "A");
    const b = floatStrategy(sol, { mightA: 5, mightB: 5, distance: 6 }, "B");
    // Strategies may differ where optimal play is not unique, but each must be optimal against the other's.
    const m = sol.floatMatrix({ mightA: 5, mightB: 5, distance: 6 });
    const val = (p: number[], q: number[]) => p.reduce((s, pi, i) => s + pi * q.reduce((t, qj, j) => t + qj * m[i][j], 0), 0);
    expect(Math.abs(val(a.probs, b.probs) - 0.5)).toBeLessThan(1e-8);
  });

  it("advisor: backward induction (each position's value is the value of its matrix game over the values one exchange later)", () => {
    const sol = hectorAchilles();
    for (const pos of [
      { mightA: 4, mightB: 5, distance: 6 },
      { mightA: 1, mightB: 3, distance: 0 },
      { mightA: 2, mightB: 2, distance: 17 },
    ]) {
      for (const left of [1, 2, 7, sol.horizon]) {
        const v = solveMatrixGame(floatField, sol.floatMatrix(pos, left)).value;
        expect(Math.abs(v - sol.valueAt(pos, left))).toBeLessThan(1e-12);
        const adv = advise(sol, pos, left);
        expect(Math.abs(adv.game.value.toNumber() - v)).toBeLessThan(1e-8);
      }
    }
  });

  it("advisor: with one exchange left the values are exact one-shot games (undecided counts 1/2)", () => {
    const setup = makeSetup("hector", "achilles");
    const sol = solveDuel(setup, { horizon: 3 });
    const pos = { mightA: 1, mightB: 1, distance: 6 };
    const adv = advise(sol, pos, 1);
    // Shoot against Shoot at Might 1 each: both fall 49/64, both stand 1/64, one falls 7/64 each.
    const i = adv.cardsA.indexOf("shoot");
    const j = adv.cardsB.indexOf("shoot");
    expect(adv.matrix[i][j].toString()).toBe("1/2");
    // Shoot against Take Cover changes nothing for the shooter: undecided, 1/2.
    expect(adv.matrix[i][adv.cardsB.indexOf("cover")].toString()).toBe("1/2");
    expect(sol.layers).toBe(3);
  });

  it("advisor: more Might never lowers a commander's chance (all positions of Hector against Achilles)", () => {
    const sol = hectorAchilles();
    for (let ma = 1; ma < 4; ma++) {
      for (let mb = 1; mb <= 5; mb++) {
        for (let d = 0; d <= 24; d++) {
          const v = sol.values[sol.index({ mightA: ma, mightB: mb, distance: d })];
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
          expect(sol.values[sol.index({ mightA: ma + 1, mightB: mb, distance: d })]).toBeGreaterThanOrEqual(v - 1e-9);
          if (mb < 5) expect(sol.values[sol.index({ mightA: ma, mightB: mb + 1, distance: d })]).toBeLessThanOrEqual(v + 1e-9);
        }
      }
    }
  });

  it("advisor: decided positions have exact values 1, 0 and 1/2 (both fall)", () => {
    const sol = hectorAchilles();
    expect(exactValue(sol, { mightA: 2, mightB: 0, distance: 3 }).toString()).toBe("1");
    expect(exactValue(sol, { mightA: 0, mightB: 2, distance: 3 }).toString()).toBe("0");
    expect(exactValue(sol, { mightA: 0, mightB: 0, distance: 3 }).eq(Fraction.of(1, 2))).toBe(true);
    expect(() => advise(sol, { mightA: 0, mightB: 2, distance: 3 })).toThrow(/already decided/);
  });

  it("advisor: only legal cards appear (no Shoot without a weapon, CC-3), and the melee deck is the house one", () => {
    const sol = solveDuel(makeSetup("marcellus", "hector"));
    const adv = advise(sol, { mightA: 4, mightB: 4, distance: 6 });
    expect(adv.cardsA).toEqual(["close", "evade", "cover"]);
    expect(adv.cardsB).toEqual(["shoot", "close", "evade", "cover"]);
    const melee = advise(sol, { mightA: 4, mightB: 4, distance: 0 });
    expect(melee.deck.house).toBe(true);
    expect(melee.deck.name).toBe(deck(MELEE_PATH).name);
    expect(profile("marcellus").weapon).toBeNull();
  });

  it("advisor: duels played by the advised strategies on both sides win as often as the advisor predicts (seeded)", () => {
    const sol = hectorAchilles();
    const start = { mightA: 4, mightB: 5, distance: 6 };
    const predicted = sol.values[sol.index(start)];
    const N = 600;
    let sum = 0;
    let sumSq = 0;
    for (let g = 0; g < N; g++) {
      const r = playOut(contestGame, contestGame.setup({ setup: sol.setup, distance: 6 }, 1000 + g), { A: advisedPlayer(sol, 2 * g), B: advisedPlayer(sol, 2 * g + 1) }).result;
      sum += r.rewards.A;
      sumSq += r.rewards.A ** 2;
    }
    const mean = sum / N;
    const se = Math.sqrt((sumSq / N - mean * mean) / N);
    expect(Math.abs(mean - predicted)).toBeLessThan(4 * se);
  });

  it("advisor: the advised strategy does at least as well as its value against a random opponent (seeded)", () => {
    const sol = hectorAchilles();
    const value = sol.values[sol.index({ mightA: 4, mightB: 5, distance: 6 })];
    const N = 600;
    let sum = 0;
    for (let g = 0; g < N; g++) {
      sum += playOut(contestGame, contestGame.setup({ setup: sol.setup, distance: 6 }, 5000 + g), { A: advisedPlayer(sol, g), B: randomPlayer(contestGame, g) }).result.rewards.A;
    }
    const mean = sum / N;
    expect(mean).toBeGreaterThan(value - 4 * Math.sqrt(0.25 / N));
  });

  it("advisor: sampling a mixed strategy follows its probabilities", () => {
    expect(sampleStrategy(["x", "y", "z"], [0.25, 0.5, 0.25], 0)).toBe("x");
    expect(sampleStrategy(["x", "y", "z"], [0.25, 0.5, 0.25], 0.3)).toBe("y");
    expect(sampleStrategy(["x", "y", "z"], [0.25, 0.5, 0.25], 0.9)).toBe("z");
    expect(sampleStrategy(["x", "y"], [1, 0], 0.999)).toBe("x");
  });
});
