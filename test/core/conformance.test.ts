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
], { knownFailures: { "game-over": "pig's validate accepts the winner's roll or hold after the end (it never checks s.winner)" } });

conformanceSuite("Shove", shove, ["default", "narrow", "walled"].map((b) => shipped<ShoveOptions>(`shove-${b}`, `board ${b}`, seedsFor(4))));

conformanceSuite("Shieldwall personal combat", shieldwallDuelGame, [
  shipped<ShieldwallDuelOptions>("shieldwall-duel-leaders", "two leaders", seedsFor(10)),
  shipped<ShieldwallDuelOptions>("shieldwall-duel-champions", "champion and heroic champion", seedsFor(10, 2)),
], { knownFailures: { "unknown-player": "validate throws asSide's RangeError for a player other than a or b instead of returning a reason" } });

conformanceSuite("Contest of Champions", contestGame, [shipped<ContestOptions>("contest-of-champions", "first two shipped profiles at 6\"", seedsFor(8))], {
  knownFailures: {
    "wrong-player": "validate asks only cardRefusal for the side named, never whose turn it is: B may play A's card",
    "unknown-player": "validate accepts a card from a player who is neither A nor B (same cause)",
    "hidden-info": "B's view hides A's committed card, but there is no determinize, so mctsPlayer playing B would search the true state and see A's card (latent: no CLI runs a generic search on this game today)",
    "game-over": "validate never checks that the duel is over",
  },
});

conformanceSuite("Shieldwall battle", battleGame, [
  shipped<BattleSetup>("shieldwall-battle-maldon-991", "scenario maldon-991", seedsFor(1)),
  shipped<BattleSetup>("shieldwall-battle-raid", "scenario raid", seedsFor(2)),
  shipped<BattleSetup>("shieldwall-battle-raid-landing", "scenario raid-landing", seedsFor(1)),
], {
  sampleEvery: 3,
  restarts: 2,
  junkRuns: 100,
  knownFailures: { "no-mutation": "engine.ts afterRoll (shooting) sets ctx.s.shots[i] in place, and a Ctx shares the shots array with the input state, so applying a shoot decision writes hits into the input" },
});
