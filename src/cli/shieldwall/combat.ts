/**
 * `muster odds sw-combat --input FILE|-`: exact odds of a Shieldwall combat between two units
 * (rulings SW-17, SW-18, SW-19; seed "Results"). The schema is documented in
 * docs/shieldwall/combat.md. The numbers come from the ruleset's own combat functions.
 */
import type { Command } from "commander";
import type { Fraction } from "../../core/fraction.js";
import { type CombatOdds, type UnitDice, COMBAT_RESULTS, FINAL_RESULTS, RESULT_NAME, combatOdds } from "../../rulesets/shieldwall/combat.js";
import { swCombatCalculator, swCombatJson } from "../../rulesets/shieldwall/calculators.js";
import { combatInputFrom, type SwCombatInput, unitsAfterCombat } from "../../rulesets/shieldwall/odds.js";
import { AGGRESSION_NAME } from "../../rulesets/shieldwall/units.js";

// The calculator's input and its conversion live in the ruleset (src/rulesets/shieldwall/odds.ts).
export { combatantFromInput, combatInputFrom, plainCombatUnit, type SwCombatInput, swCombatSchema, type SwCombatUnit, swCombatUnitSchema } from "../../rulesets/shieldwall/odds.js";
import { registerCalculator } from "../odds.js";
import type { CliModule } from "../module.js";

export { swCombatJson };

function describeDice(name: string, d: UnitDice): string {
  const mods = d.dice.modifiers.map((m) => `${m.dice > 0 ? "+" : ""}${m.dice} ${m.label}`).join(", ");
  const floor = d.dice.base + d.dice.modifiers.reduce((s, m) => s + m.dice, 0) < 1 ? ", at least 1 die" : "";
  const auto = d.autoHits > 0 ? `, ${d.autoHits} automatic hit (leader)` : "";
  return `  ${name}: ${d.dice.dice} dice (${d.dice.base} for strength × engaged stands${mods ? `, ${mods}` : ""}${floor}), hits on ${d.hitOn === 5 ? "5-6" : "6"}${auto}`;
}

function rows(keys: readonly string[], p: (k: string) => Fraction): string {
  return keys.map((k) => `  ${RESULT_NAME[k as keyof typeof RESULT_NAME].padEnd(13)} ${p(k).toString().padStart(30)}  ${p(k).toDecimal(6)}`).join("\n");
}

export function swCombatText(input: SwCombatInput, odds: CombatOdds): string {
  const lines = [
    `Shieldwall combat, exact odds for side a (${input.chargeCombat ? "charge combat" : "non-charge combat"}):`,
    describeDice(`side a (${input.a.grade} grade, ${AGGRESSION_NAME[input.a.aggression]})`, odds.a[0]),
    describeDice(`side b (${input.b.grade} grade, ${AGGRESSION_NAME[input.b.aggression]})`, odds.b[0]),
    "first round:",
    rows(COMBAT_RESULTS, (k) => odds.firstRound.probOf(k as never)),
  ];
  if (odds.refight) {
    lines.push(
      "after an inconclusive round each unit takes 1 combat DP (with 4 DPs already: an aggression drop instead) and refights at once as a non-charge combat:",
      describeDice("side a", odds.refight.a[0]),
      describeDice("side b", odds.refight.b[0]),
    );
  }
  lines.push("final (a second inconclusive round separates the units):", rows(FINAL_RESULTS, (k) => odds.final.probOf(k as never)));
  const after = unitsAfterCombat(input);
  for (const side of ["a", "b"] as const) {
    lines.push(`side ${side}'s unit after the combat (aggression, DPs, stands, move):`);
    const dist = after[side];
    for (const o of dist.outcomes().sort((x, y) => y.p.cmp(x.p))) lines.push(`  ${o.value.padEnd(44)} ${o.p.toString().padStart(30)}  ${o.p.toDecimal(6)}`);
  }
  return lines.join("\n");
}

export const shieldwallCombatCli: CliModule = {
  name: "shieldwall-combat",
  register(_program: Command) {
    registerCalculator<SwCombatInput>({
      ...swCombatCalculator,
      run(input) {
        const odds = combatOdds(combatInputFrom(input));
        return { json: swCombatJson(odds), text: swCombatText(input, odds) };
      },
    });
  },
};
