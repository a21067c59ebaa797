/** Contest of Champions measures: cc-test, one exchange, and a full advise on the default profiles. */
import { readFileSync } from "node:fs";
import { playOut } from "../src/core/game.js";
import { randomPlayer } from "../src/core/search/random-player.js";
import { type DuelSolution, advise, advisedPlayer, solveDuel } from "../src/rulesets/contest/advisor.js";
import { contestGame } from "../src/rulesets/contest/game.js";
import { parseDeck } from "../src/rulesets/contest/deck.js";
import { openEndedDist } from "../src/rulesets/contest/dice-tests.js";
import { DEFAULT_OPTIONS, type DuelSetup, exchangeDist } from "../src/rulesets/contest/exchange.js";
import { type Profile, profilesFileSchema } from "../src/rulesets/contest/profile.js";
import { type BenchSection, medianMs } from "./harness.js";

function data(name: string): unknown {
  // bench runs from dist/bench; the data folder sits at the repository root.
  for (const base of ["../../data/contest/", "../data/contest/"]) {
    try {
      return JSON.parse(readFileSync(new URL(base + name, import.meta.url), "utf8"));
    } catch {
      // not in this location: try the next
    }
  }
  throw new Error(`cannot find data/contest/${name}`);
}

function defaultSetup(): DuelSetup {
  const ranged = parseDeck(data("ranged-deck.json")).deck;
  const melee = parseDeck(data("melee-deck-house.json")).deck;
  if (!ranged || !melee) throw new Error("shipped decks fail their check");
  const profiles: Profile[] = profilesFileSchema.parse(data("profiles.json")).profiles;
  const p = (id: string) => profiles.find((x) => x.id === id) as Profile;
  return { a: { profile: p("hector"), assistants: 0 }, b: { profile: p("achilles"), assistants: 0 }, ranged, melee, options: DEFAULT_OPTIONS };
}

/** Mean reward of A over n seeded games, with a 95% confidence interval (normal approximation). */
function winRate(sol: DuelSolution, n: number, advisedSide: "A" | "B" | "both", distance: number): Record<string, unknown> {
  let sum = 0;
  let sumSq = 0;
  let wins = 0;
  let draws = 0;
  for (let g = 0; g < n; g++) {
    const players = {
      A: advisedSide === "B" ? randomPlayer(contestGame, 10_000 + g) : advisedPlayer(sol, 2 * g),
      B: advisedSide === "A" ? randomPlayer(contestGame, 20_000 + g) : advisedPlayer(sol, 2 * g + 1),
    };
    const r = playOut(contestGame, contestGame.setup({ setup: sol.setup, distance }, 30_000 + g), players).result;
    const x = advisedSide === "B" ? r.rewards.B : r.rewards.A;
    sum += x;
    sumSq += x * x;
    if (x === 1) wins++;
    if (r.winner === null) draws++;
  }
  const mean = sum / n;
  const se = Math.sqrt(Math.max(0, sumSq / n - mean * mean) / n);
  const round = (v: number) => Number(v.toFixed(4));
  return { games: n, score: round(mean), ci95: [round(mean - 1.96 * se), round(mean + 1.96 * se)], wins, draws };
}

export const contestBench: BenchSection = {
  name: "contest",
  run() {
    const setup = defaultSetup();
    // cc-test's default cut-off for 10 dice is 25 (exact to 25 successes, then the tail).
    const ccTestOpenEnded10DiceMs = medianMs(() => openEndedDist(10, 26));
    const pos = { mightA: 4, mightB: 5, distance: 6 };
    const exchangeShootVsShootMs = medianMs(() => exchangeDist(setup, pos, "shoot", "shoot"));
    const exchangeEvadeVsEvadeMs = medianMs(() => exchangeDist(setup, pos, "evade", "evade"));
    let sweeps = 0;
    let positions = 0;
    const adviseDefaultProfilesMs = medianMs(() => {
      const sol = solveDuel(setup);
      sweeps = sol.layers;
      positions = sol.positions;
      return advise(sol, pos);
    }, 5);
    // Computer players (draw = 1/2): the advised mixed strategy against a uniformly random player.
    const sol = solveDuel(setup);
    const start = { mightA: 4, mightB: 5, distance: 6 };
    const games = 4000;
    const computer = {
      note: "Hector (A) vs Achilles (B) from 6 inches; score = wins + draws/2 of the side named; 95% CI by normal approximation",
      advisorValueForA: Number(sol.valueAt(start).toFixed(6)),
      advisedAsAVsRandom: winRate(sol, games, "A", 6),
      advisedAsBVsRandom: winRate(sol, games, "B", 6),
      advisedBothSidesScoreForA: winRate(sol, games, "both", 6),
    };
    return { ccTestOpenEnded10DiceMs, exchangeShootVsShootMs, exchangeEvadeVsEvadeMs, adviseDefaultProfilesMs, adviseLayers: sweeps, advisePositions: positions, computer };
  },
};
