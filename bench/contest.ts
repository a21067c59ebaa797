/** Contest of Champions measures: cc-test, one exchange, and a full advise on the default profiles. */
import { readFileSync } from "node:fs";
import { advise, solveDuel } from "../src/rulesets/contest/advisor.js";
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
    } catch {}
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
    return { ccTestOpenEnded10DiceMs, exchangeShootVsShootMs, exchangeEvadeVsEvadeMs, adviseDefaultProfilesMs, adviseLayers: sweeps, advisePositions: positions };
  },
};
