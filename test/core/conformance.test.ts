/**
 * Every game through the conformance suite (test/core/conformance.ts), with options built from
 * the shipped data files the way the golden playthroughs build them (scripts/playthroughs.ts).
 * Adding a game is one `conformanceSuite(...)` line.
 */
import { playthroughCases } from "../../scripts/playthroughs.js";
import { pig } from "../../src/core/fixtures/pig.js";
import { contestGame, type ContestOptions } from "../../src/rulesets/contest/game.js";
import { type BattleSetup, battleGame } from "../../src/rulesets/shieldwall/battle/index.js";
import { type ShieldwallDuelSetup as ShieldwallDuelOptions, shieldwallDuelGame } from "../../src/rulesets/shieldwall/duel/game.js";
import { shove, type ShoveOptions } from "../../src/rulesets/shove/game.js";
import { type ConformanceCase, conformanceSuite, seedsFor } from "./conformance.js";

/** A case whose options are those of the golden playthrough `playthrough` (its name without "-seedN"). */
function shipped<O>(playthrough: string, label: string, seeds: number[]): ConformanceCase<O> {
  const c = playthroughCases().find((p) => p.name.replace(/-seed\d+$/, "") === playthrough);
  if (!c) throw new Error(`no golden playthrough named ${playthrough}`);
  return { label, options: c.options as () => O, seeds };
}

conformanceSuite("Pig", pig, [
  { label: "target 30", options: () => ({ target: 30 }), seeds: seedsFor(20) },
  { label: "target 100", options: () => ({ target: 100 }), seeds: seedsFor(5, 2) },
]);

conformanceSuite("Shove", shove, ["default", "narrow", "walled"].map((b) => shipped<ShoveOptions>(`shove-${b}`, `board ${b}`, seedsFor(4))));

conformanceSuite("Shieldwall personal combat", shieldwallDuelGame, [
  shipped<ShieldwallDuelOptions>("shieldwall-duel-leaders", "two leaders", seedsFor(10)),
  shipped<ShieldwallDuelOptions>("shieldwall-duel-champions", "champion and heroic champion", seedsFor(10, 2)),
]);

conformanceSuite("Contest of Champions", contestGame, [shipped<ContestOptions>("contest-of-champions", "first two shipped profiles at 6\"", seedsFor(8))]);

conformanceSuite("Shieldwall battle", battleGame, [
  shipped<BattleSetup>("shieldwall-battle-maldon-991", "scenario maldon-991", seedsFor(1)),
  shipped<BattleSetup>("shieldwall-battle-raid", "scenario raid", seedsFor(2)),
  shipped<BattleSetup>("shieldwall-battle-raid-landing", "scenario raid-landing", seedsFor(1)),
], {
  sampleEvery: 3,
  restarts: 2,
  junkRuns: 100,
});
