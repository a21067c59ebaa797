/**
 * Exact-odds calculators for the Shieldwall tests outside combat: `sw-charge`, `sw-control`,
 * `sw-shooting` and `sw-leader-risk` (input schemas in docs/shieldwall/odds.md). Every number
 * comes from the ruleset's own rule functions in src/rulesets/shieldwall/checks.ts.
 */
import type { Dist } from "../../core/distribution.js";
import type { Fraction } from "../../core/fraction.js";
import type { ControlOutcome } from "../../rulesets/shieldwall/checks.js";
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

function distJson<T>(d: Dist<T>) {
  return d.outcomes().map((o) => ({ value: o.value, p: o.p.toJSON() }));
}

// ---------------- sw-charge ----------------

export function swCharge(input: SwChargeInput) {
  const { automatic, modifiers: mods, needs, charges, failed, onFailure } = chargeOdds(input);
  const json = {
    automatic,
    modifier: mods.total,
    modifiers: mods.parts.map(([label, value]) => ({ label, value })),
    needs,
    charges: charges.toJSON(),
    fails: charges.complement().toJSON(),
    onFailure: onFailure === null ? null : { ...onFailure, morale: "1 morale DP (with 4 DPs already: an aggression drop instead, rule SW-12)" },
  };
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

const CONTROL_TEXT: Record<ControlOutcome, string> = {
  retire: "Shaken: retire, cease pursuit",
  halt: "halt, cease pursuit",
  free: "act as the player wishes, cease pursuit",
  "advance-and-charge": "Blood Lust: advance on the nearest enemy and charge within 2\"; pursuit continues",
  "repeat-move": "repeat last move; pursuit continues",
};

export function swControl(input: SwControlInput) {
  const { modifiers: mods, outcomes, pursuitContinues: continues } = controlOdds(input);
  const json = {
    modifier: mods.total,
    modifiers: mods.parts.map(([label, value]) => ({ label, value })),
    outcomes: outcomes.map((o) => ({ outcome: o.value, meaning: CONTROL_TEXT[o.value], p: o.p.toJSON() })),
    pursuitContinues: continues.toJSON(),
    pursuitCeases: continues.complement().toJSON(),
  };
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
  const { dice, hits, after, aggression: agg, dp, stands, destroyed } = shootingOdds(input);
  const t = input.target;
  const json = {
    dice: dice.dice,
    hitOn: 6,
    diceNotes: dice.notes,
    meanHits: hits.mean().toJSON(),
    hits: hits.outcomes().map((o) => ({ hits: o.value, p: o.p.toJSON(), atLeast: hits.atLeast(o.value).toJSON() })),
    target: {
      outcomes: distJson(after),
      aggression: AGGRESSION_LEVELS.map((a) => ({ aggression: a, p: agg.probOf(a).toJSON() })),
      dp: dp.outcomes().map((o) => ({ dp: o.value, p: o.p.toJSON() })),
      stands: stands.outcomes().map((o) => ({ stands: o.value, p: o.p.toJSON() })),
      destroyed: destroyed.toJSON(),
    },
  };
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
  const { rolls, oneRoll, fate, killed, lpAfter: lp, retinueEliminated: elimRows } = leaderRiskOdds(input);
  const json = {
    rolls,
    oneRoll: oneRoll.map((o) => ({ outcome: o.value, p: o.p.toJSON() })),
    killed: killed.toJSON(),
    survives: killed.complement().toJSON(),
    lpAfter: lp.outcomes().map((o) => ({ lpValue: o.value, p: o.p.toJSON() })),
    fate: distJson(fate),
    meanLpAfter: lp.mean().toJSON(),
    retinueEliminated: elimRows.map((o) => ({ outcome: o.value, p: o.p.toJSON() })),
  };
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

/** The sample inputs of the four calculators (`muster odds NAME --example`, `muster sw roll TEST --example`). */
export const SW_EXAMPLES = {
  charge: { grade: "B", aggression: "ready", dp: 2, unformed: false, retinueWithLeader: true, friendChargingWithin2: false, battleStandardWithin2: true },
  control: { grade: "A", aggression: "bloodlust", aGradeChoice: "minus" },
  shooting: { shooterStands: 2, skilledArcher: false, target: { kind: "band", grade: "C", stands: 2, aggression: "ready", dp: 3, cover: false } },
  "leader-risk": { lpValue: 3, missileHits: 2, engagedInCombat: false },
} as const;

export function registerShieldwallCalculators(): void {
  registerCalculator<SwChargeInput>({
    name: "sw-charge",
    summary: "Shieldwall charge test: every modifier, exact chance to charge, and the failed charge's DP",
    docs: "docs/shieldwall/odds.md#sw-charge",
    schema: swChargeSchema,
    example: SW_EXAMPLES.charge,
    run: swCharge,
  });
  registerCalculator<SwControlInput>({
    name: "sw-control",
    summary: "Shieldwall control test: exact chance of each result and of pursuit continuing",
    docs: "docs/shieldwall/odds.md#sw-control",
    schema: swControlSchema,
    example: SW_EXAMPLES.control,
    run: swControl,
  });
  registerCalculator<SwShootingInput>({
    name: "sw-shooting",
    summary: "Shieldwall shooting: exact hits and the target's resulting aggression, DPs and stands (SW-16)",
    docs: "docs/shieldwall/odds.md#sw-shooting",
    schema: swShootingSchema,
    example: SW_EXAMPLES.shooting,
    run: swShooting,
  });
  registerCalculator<SwLeaderRiskInput>({
    name: "sw-leader-risk",
    summary: "Shieldwall risk to leaders: exact chance of death and the LP value left; the retinue-eliminated roll",
    docs: "docs/shieldwall/odds.md#sw-leader-risk",
    schema: swLeaderRiskSchema,
    example: SW_EXAMPLES["leader-risk"],
    run: swLeaderRisk,
  });
}

/** The module `muster odds` loads for these four calculators. */
export const shieldwallOddsCli: CliModule = { name: "shieldwall-odds", register: () => registerShieldwallCalculators() };
