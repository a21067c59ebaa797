/**
 * Exact-odds calculators for the Shieldwall tests outside combat: `sw-charge`, `sw-control`,
 * `sw-shooting` and `sw-leader-risk` (input schemas in docs/shieldwall/odds.md). Every number
 * comes from the ruleset's own rule functions in src/rulesets/shieldwall/checks.ts.
 */
import { z } from "zod";
import type { Dist } from "../../core/distribution.js";
import type { Fraction } from "../../core/fraction.js";
import {
  applyChargeResult,
  chargeDist,
  chargeModifiers,
  chargeRefusal,
  type ControlOutcome,
  controlDist,
  controlModifier,
  controlResult,
  DEFAULT_CHARGE_OPTIONS,
  DEFAULT_LEADER_RISK_OPTIONS,
  DEFAULT_SHOOTING_OPTIONS,
  type LeaderFate,
  leaderRiskDist,
  leaderRiskRolls,
  mustDeclareCharge,
  probeUnit,
  retinueEliminatedDist,
  riskOutcomeDist,
  shootingDice,
  shootingHitsDist,
  shootingTargetDist,
  type TargetOutcome,
  targetOutcome,
} from "../../rulesets/shieldwall/checks.js";
import { AGGRESSION_LEVELS, AGGRESSION_NAME, type Aggression, type Grade } from "../../rulesets/shieldwall/units.js";
import type { CliModule } from "../module.js";
import { registerCalculator } from "../odds.js";

const grade = z.enum(["A", "B", "C", "D"]);
const aggression = z.enum(AGGRESSION_LEVELS);

function pct(p: Fraction): string {
  return `${p.toString().padStart(24)}  ${p.toDecimal(6)}`;
}

function distJson<T>(d: Dist<T>) {
  return d.outcomes().map((o) => ({ value: o.value, p: o.p.toJSON() }));
}

function marginal<T, K extends string | number | boolean>(d: Dist<T>, key: (v: T) => K): Dist<K> {
  return d.map(key);
}

// ---------------- sw-charge ----------------

export const swChargeSchema = z
  .strictObject({
    grade,
    aggression,
    dp: z.int().min(0).max(40),
    unformed: z.boolean().default(false),
    retinueWithLeader: z.boolean().default(false),
    friendChargingWithin2: z.boolean().default(false),
    battleStandardWithin2: z.boolean().default(false),
    options: z.strictObject({ chargeDisorderPenalty: z.enum(["once", "each"]).default("once") }).optional(),
  })
  .superRefine((v, ctx) => {
    const refused = chargeRefusal(v);
    if (refused) ctx.addIssue({ code: "custom", path: ["aggression"], message: `${refused} (seed "Charges and Combat")` });
    if (v.retinueWithLeader && (v.grade === "C" || v.grade === "D")) {
      ctx.addIssue({ code: "custom", path: ["retinueWithLeader"], message: `a retinue is A or B grade, so a grade ${v.grade} unit cannot be a retinue with its leader (rule SW-5)` });
    }
  });
export type SwChargeInput = z.infer<typeof swChargeSchema>;

export function swCharge(input: SwChargeInput) {
  const options = { ...DEFAULT_CHARGE_OPTIONS, ...(input.options ?? {}) };
  const dist = chargeDist(input, options);
  const mods = chargeModifiers(input, options);
  const automatic = mustDeclareCharge(input);
  const charges = dist.probOf(true);
  const unit = probeUnit({ grade: input.grade, kind: input.retinueWithLeader ? "retinue" : "band", stands: 1, aggression: input.aggression, dp: input.dp });
  const failed = applyChargeResult(unit, false).value;
  const json = {
    automatic,
    modifier: mods.total,
    modifiers: mods.parts.map(([label, value]) => ({ label, value })),
    needs: automatic ? null : Math.max(1, 4 - mods.total),
    charges: charges.toJSON(),
    fails: charges.complement().toJSON(),
    onFailure: automatic ? null : { ...targetOutcome(failed), morale: "1 morale DP (with 4 DPs already: an aggression drop instead, rule SW-12)" },
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

export const swControlSchema = z
  .strictObject({
    grade,
    aggression,
    aGradeChoice: z.enum(["plus", "minus", "none"]).default("none"),
  })
  .superRefine((v, ctx) => {
    if (v.aGradeChoice !== "none" && v.grade !== "A") {
      ctx.addIssue({ code: "custom", path: ["aGradeChoice"], message: `the optional ±1 of the control test is for A grade units only, not grade ${v.grade} (seed "Control Test")` });
    }
  });
export type SwControlInput = z.infer<typeof swControlSchema>;

const CONTROL_TEXT: Record<ControlOutcome, string> = {
  retire: "Shaken: retire, cease pursuit",
  halt: "halt, cease pursuit",
  free: "act as the player wishes, cease pursuit",
  "advance-and-charge": "Blood Lust: advance on the nearest enemy and charge within 2\"; pursuit continues",
  "repeat-move": "repeat last move; pursuit continues",
};

export function swControl(input: SwControlInput) {
  const mods = controlModifier(input);
  const dist = controlDist(input);
  const order: ControlOutcome[] = ["retire", "halt", "free", "repeat-move", "advance-and-charge"];
  const outcomes = dist.outcomes().sort((x, y) => order.indexOf(x.value) - order.indexOf(y.value));
  const continues = dist.prob((o) => controlResult(o === "advance-and-charge" || o === "repeat-move" ? 5 : 0, input.aggression).pursuitContinues);
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

const shootingTarget = z.strictObject({
  kind: z.enum(["retinue", "band"]),
  grade,
  stands: z.int().min(1).max(20),
  aggression,
  dp: z.int().min(0).max(40),
  cover: z.boolean().default(false),
});

export const swShootingSchema = z
  .strictObject({
    shooterStands: z.int().min(1).max(20),
    skilledArcher: z.boolean().default(false),
    shooterInCombat: z.boolean().default(false),
    target: shootingTarget,
    options: z.strictObject({ halveOnceForRetinueInCover: z.boolean().default(true) }).optional(),
  })
  .superRefine((v, ctx) => {
    const t = v.target;
    if (t.kind === "retinue" && (t.grade === "C" || t.grade === "D")) ctx.addIssue({ code: "custom", path: ["target", "grade"], message: `a retinue may be A or B, not ${t.grade} (rule SW-5)` });
    if (t.kind === "band" && t.grade === "A") ctx.addIssue({ code: "custom", path: ["target", "grade"], message: "a band may be B, C or D, not A (rule SW-5)" });
    if (t.kind === "retinue" && t.stands > 2) ctx.addIssue({ code: "custom", path: ["target", "stands"], message: `a retinue has at most 2 stands, not ${t.stands} (rule SW-5)` });
    if (v.shooterInCombat) ctx.addIssue({ code: "custom", path: ["shooterInCombat"], message: "units in combat do not shoot (rule SW-16)" });
  });
export type SwShootingInput = z.infer<typeof swShootingSchema>;

export function swShooting(input: SwShootingInput) {
  const options = { ...DEFAULT_SHOOTING_OPTIONS, ...(input.options ?? {}) };
  const sIn = { shooterStands: input.shooterStands, skilledArcher: input.skilledArcher, targetIsRetinue: input.target.kind === "retinue", targetInCover: input.target.cover };
  const dice = shootingDice(sIn, options);
  const hits = shootingHitsDist(sIn, options);
  const t = input.target;
  const unit = probeUnit({ grade: t.grade as Grade, kind: t.kind, stands: t.stands, aggression: t.aggression as Aggression, dp: t.dp });
  const after = shootingTargetDist(unit, hits);
  const agg = marginal(after, (o: TargetOutcome) => o.aggression);
  const dp = marginal(after, (o: TargetOutcome) => o.dp);
  const stands = marginal(after, (o: TargetOutcome) => o.stands);
  const destroyed = after.prob((o) => o.destroyed);
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

export const swLeaderRiskSchema = z
  .strictObject({
    lpValue: z.int().min(1).max(6),
    missileHits: z.int().min(0).max(60).default(0),
    engagedInCombat: z.boolean().default(false),
    options: z.strictObject({ leaderRiskPerMissileHit: z.boolean().default(true) }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.missileHits === 0 && !v.engagedInCombat) {
      ctx.addIssue({ code: "custom", path: ["missileHits"], message: 'a leader is at risk only when his retinue suffers a missile hit or was engaged in combat (seed "Risk to Leaders"): give missileHits ≥ 1 or engagedInCombat true' });
    }
  });
export type SwLeaderRiskInput = z.infer<typeof swLeaderRiskSchema>;

const RISK_TEXT = { unhurt: "unhurt", killed: "killed", severe: "severe wound (−2 LPs)", light: "light wound (−1 LP)" } as const;
const ELIM_TEXT = { killed: "1-3: killed", captured: "4: captured", escapes: "5-6: escapes to the nearest A or B unit" } as const;

export function swLeaderRisk(input: SwLeaderRiskInput) {
  const rolls = leaderRiskRolls(input, { ...DEFAULT_LEADER_RISK_OPTIONS, ...(input.options ?? {}) });
  const fate = leaderRiskDist(input.lpValue, rolls);
  const riskOrder = ["unhurt", "light", "severe", "killed"];
  const one = riskOutcomeDist();
  const oneRoll = one.outcomes().sort((x, y) => riskOrder.indexOf(x.value) - riskOrder.indexOf(y.value));
  const killed = fate.prob((f: LeaderFate) => f.status === "killed");
  const lp = fate.map((f) => (f.status === "killed" ? 0 : f.lpValue));
  const elimOrder = ["killed", "captured", "escapes"];
  const elim = retinueEliminatedDist();
  const elimRows = elim.outcomes().sort((x, y) => elimOrder.indexOf(x.value) - elimOrder.indexOf(y.value));
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

export function registerShieldwallCalculators(): void {
  registerCalculator<SwChargeInput>({
    name: "sw-charge",
    summary: "Shieldwall charge test: every modifier, exact chance to charge, and the failed charge's DP",
    docs: "docs/shieldwall/odds.md#sw-charge",
    schema: swChargeSchema,
    example: { grade: "B", aggression: "ready", dp: 2, unformed: false, retinueWithLeader: true, friendChargingWithin2: false, battleStandardWithin2: true },
    run: swCharge,
  });
  registerCalculator<SwControlInput>({
    name: "sw-control",
    summary: "Shieldwall control test: exact chance of each result and of pursuit continuing",
    docs: "docs/shieldwall/odds.md#sw-control",
    schema: swControlSchema,
    example: { grade: "A", aggression: "bloodlust", aGradeChoice: "minus" },
    run: swControl,
  });
  registerCalculator<SwShootingInput>({
    name: "sw-shooting",
    summary: "Shieldwall shooting: exact hits and the target's resulting aggression, DPs and stands (SW-16)",
    docs: "docs/shieldwall/odds.md#sw-shooting",
    schema: swShootingSchema,
    example: { shooterStands: 2, skilledArcher: false, target: { kind: "band", grade: "C", stands: 2, aggression: "ready", dp: 3, cover: false } },
    run: swShooting,
  });
  registerCalculator<SwLeaderRiskInput>({
    name: "sw-leader-risk",
    summary: "Shieldwall risk to leaders: exact chance of death and the LP value left; the retinue-eliminated roll",
    docs: "docs/shieldwall/odds.md#sw-leader-risk",
    schema: swLeaderRiskSchema,
    example: { lpValue: 3, missileHits: 2, engagedInCombat: false },
    run: swLeaderRisk,
  });
}

/** The module `muster odds` loads for these four calculators. */
export const shieldwallOddsCli: CliModule = { name: "shieldwall-odds", register: () => registerShieldwallCalculators() };
