/** Shieldwall combat measures: the exact sw-combat calculator and seeded combat resolution. */
import { seedState } from "../src/core/random.js";
import { type CombatInput, combatOdds, combatStateDist, resolveCombat } from "../src/rulesets/shieldwall/combat.js";
import { combatInputFrom, plainCombatUnit, type SwCombatUnit, swCombatSchema, unitsAfterCombat } from "../src/rulesets/shieldwall/odds.js";
import { type BenchSection, medianMs, opsPerSecond } from "./harness.js";

const unit = (o: Partial<SwCombatUnit>): SwCombatUnit => plainCombatUnit({ grade: "A", stands: 5, engagedStands: 5, ...o });

export const shieldwallCombatBench: BenchSection = {
  name: "shieldwall-combat",
  run() {
    // 30 dice against 30 dice in a charge combat; both sides hold 4 DPs, so the inconclusive
    // DP drops each a level and the refight is computed with new dice (target: under 10 ms).
    const input30 = swCombatSchema.parse({
      chargeCombat: true,
      a: unit({ aggression: "bloodlust", dp: 4, charged: true, battleStandard: true }),
      b: unit({ aggression: "ready", dp: 4, flankSupport: 1, heroicChampion: true }),
    });
    const odds = combatOdds(combatInputFrom(input30));
    const swCombat30v30Ms = medianMs(() => combatOdds(combatInputFrom(input30)));
    // The readable report adds the distribution of each unit's state afterwards (computed in the ruleset; printing not timed).
    const swCombat30v30TextMs = medianMs(() => [combatOdds(combatInputFrom(input30)), unitsAfterCombat(input30)]);
    const small: CombatInput = combatInputFrom(
      swCombatSchema.parse({ chargeCombat: true, a: unit({ stands: 1, engagedStands: 1, aggression: "ready", charged: true, leader: true }), b: unit({ grade: "B", stands: 2, engagedStands: 2, dp: 3 }) }),
    );
    const combatStateDistMs = medianMs(() => combatStateDist(small));
    let seed = 1;
    const seededCombatsPerSecond = opsPerSecond(() => resolveCombat(small, seedState(seed++)), 500);
    return {
      swCombat30v30Ms,
      swCombat30v30TextMs,
      swCombat30v30Dice: `${odds.a[0].dice.dice} v ${odds.b[0].dice.dice}, refight ${odds.refight?.a[0].dice.dice} v ${odds.refight?.b[0].dice.dice}`,
      combatStateDist6v8Ms: combatStateDistMs,
      seededCombatsPerSecond,
    };
  },
};
