/**
 * Exact-odds calculators for the Shieldwall tests outside combat: `sw-charge`, `sw-control`,
 * `sw-shooting` and `sw-leader-risk` (input schemas in docs/shieldwall/odds.md). Every number
 * comes from the ruleset's own rule functions in src/rulesets/shieldwall/checks.ts.
 */
import type { Fraction } from "../../core/fraction.js";
import { CONTROL_TEXT, SW_EXAMPLES, swChargeCalculator, swChargeJson, swControlCalculator, swControlJson, swLeaderRiskCalculator, swLeaderRiskJson, swShootingCalculator, swShootingJson } from "../../rulesets/shieldwall/calculators.js";
import {
  chargeOdds,
  controlOdds,
  leaderRiskOdds,
  shootingOdds,
  type SwChargeInput,
  swChargeSchema,
  type SwControlInput,
  swControlSchema,
  type SwLeaderRiskInput,
  swLeaderRiskSchema,
  type SwShootingInput,
  swShootingSchema,
} from "../../rulesets/shieldwall/odds.js";
import { AGGRESSION_LEVELS, AGGRESSION_NAME, type Aggression } from "../../rulesets/shieldwall/units.js";
import type { CliModule } from "../module.js";
import { registerCalculator } from "../odds.js";

export { type SwChargeInput, swChargeSchema, type SwControlInput, swControlSchema, type SwLeaderRiskInput, swLeaderRiskSchema, type SwShootingInput, swShootingSchema };

function pct(p: Fraction): string {
  return `${p.toString().padStart(24)}  ${p.toDecimal(6)}`;
}

// ---------------- sw-charge ----------------

export function swCharge(input: SwChargeInput) {
  const { automatic, modifiers: mods, charges, failed } = chargeOdds(input);
  const json = swChargeJson(input);
  const lines = [
    `Charge test for a grade ${input.grade} unit, ${AGGRESSION_NAME[input.aggression]}, ${input.dp} DP${input.dp === 1 ? "" : "s"}:`,
    automatic ? "  Blood Lust: it must declare a charge and charges automatically" : `  D6 ${mods.total >= 0 ? "+" : "-"} ${Math.abs(mods.total)}, charges on a total of 4 or more`,
    ...mods.parts.map(([l, v]) => `    ${v > 0 ? "+" : ""}${v} ${l}`),
    `  charges  ${pct(charges)}`,
    `  fails    ${pct(charges.complement())}`,
  ];
  if (!automatic) lines.push(`  a failed charge costs 1 morale DP: afterwards ${AGGRESSION_NAME[failed.aggression]}, ${json.onFailure?.dp} DPs, ${failed.stands} stand(s)`);
  return { json, text: lines.join("\n") };
}

// ---------------- sw-control ----------------

export function swControl(input: SwControlInput) {
  const { modifiers: mods, outcomes, pursuitContinues: continues } = controlOdds(input);
  const json = swControlJson(input);
  const lines = [
    `Control test for a grade ${input.grade} unit, ${AGGRESSION_NAME[input.aggression]}: 1 AvD ${mods.total >= 0 ? "+" : "-"} ${Math.abs(mods.total)}`,
    ...mods.parts.map(([l, v]) => `    ${v > 0 ? "+" : ""}${v} ${l}`),
    ...outcomes.map((o) => `  ${CONTROL_TEXT[o.value].padEnd(60)} ${pct(o.p)}`),
    `  ${"pursuit continues".padEnd(60)} ${pct(continues)}`,
  ];
  return { json, text: lines.join("\n") };
}

// ---------------- sw-shooting ----------------

export function swShooting(input: SwShootingInput) {
  const { dice, hits, aggression: agg, dp, stands, destroyed } = shootingOdds(input);
  const t = input.target;
  const json = swShootingJson(input);
  const lines = [
    `Shooting: ${dice.dice} dice (${dice.notes.join("; ")}), hits on 6; mean ${hits.mean()} (${hits.mean().toDecimal(4)}) hits`,
    "  hits                        P(=)    decimal",
    ...hits.outcomes().map((o) => `  ${String(o.value).padStart(4)} ${pct(o.p)}`),
    `target (${t.kind}, grade ${t.grade}, ${t.stands} stand(s), ${AGGRESSION_NAME[t.aggression as Aggression]}, ${t.dp} DPs) afterwards:`,
    ...AGGRESSION_LEVELS.filter((a) => !agg.probOf(a).isZero()).map((a) => `  ${AGGRESSION_NAME[a].padEnd(18)} ${pct(agg.probOf(a))}`),
    ...dp.outcomes().map((o) => `  ${`${o.value} DPs`.padEnd(18)} ${pct(o.p)}`),
    ...stands.outcomes().map((o) => `  ${`${o.value} stand(s)`.padEnd(18)} ${pct(o.p)}`),
  ];
  if (!destroyed.isZero()) lines.push(`  ${"destroyed".padEnd(18)} ${pct(destroyed)}`);
  return { json, text: lines.join("\n") };
}

// ---------------- sw-leader-risk ----------------

const RISK_TEXT = { unhurt: "unhurt", killed: "killed", severe: "severe wound (−2 LPs)", light: "light wound (−1 LP)" } as const;
const ELIM_TEXT = { killed: "1-3: killed", captured: "4: captured", escapes: "5-6: escapes to the nearest A or B unit" } as const;

export function swLeaderRisk(input: SwLeaderRiskInput) {
  const { rolls, oneRoll, killed, lpAfter: lp, retinueEliminated: elimRows } = leaderRiskOdds(input);
  const json = swLeaderRiskJson(input);
  const lines = [
    `Risk to a leader with LP value ${input.lpValue}: ${rolls} roll${rolls > 1 ? "s" : ""} (${input.missileHits} missile hit${input.missileHits === 1 ? "" : "s"}${input.engagedInCombat ? ", engaged in combat" : ""}); D6, on a 1 roll again`,
    "  one roll:",
    ...oneRoll.map((o) => `    ${RISK_TEXT[o.value].padEnd(24)} ${pct(o.p)}`),
    `  killed after all rolls      ${pct(killed)}   (a wound that takes the LP value to 0 kills, rule SW-7)`,
    ...lp.outcomes().map((o) => `  LP value ${String(o.value).padEnd(18)} ${pct(o.p)}`),
    "if the retinue is eliminated (D6):",
    ...elimRows.map((o) => `    ${ELIM_TEXT[o.value].padEnd(42)} ${pct(o.p)}`),
  ];
  return { json, text: lines.join("\n") };
}

export { SW_EXAMPLES };

export function registerShieldwallCalculators(): void {
  registerCalculator<SwChargeInput>({ ...swChargeCalculator, run: swCharge });
  registerCalculator<SwControlInput>({ ...swControlCalculator, run: swControl });
  registerCalculator<SwShootingInput>({ ...swShootingCalculator, run: swShooting });
  registerCalculator<SwLeaderRiskInput>({ ...swLeaderRiskCalculator, run: swLeaderRisk });
}

/** The module `muster odds` loads for these four calculators. */
export const shieldwallOddsCli: CliModule = { name: "shieldwall-odds", register: () => registerShieldwallCalculators() };
