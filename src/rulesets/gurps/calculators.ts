/**
 * The GURPS shields-as-cover calculator as data (`gurps-cover`) and the JSON of the compare view,
 * shared by the command line (`muster odds gurps-cover`, `muster gurps compare`) and the web app.
 */
import type { z } from "zod";
import { CalculatorInputError, type CalculatorSpec } from "../../core/calculator.js";
import type { Fraction } from "../../core/fraction.js";
import { type AttackInput, type AttackPlan, MODE_NAMES, planAttack } from "./attack.js";
import { bodyStruck, type Comparison, compareTreatments } from "./compare.js";
import { type ExactOutcome, exactOutcome } from "./resolve.js";
import { attackSchema, compareSchema, EXAMPLE_INPUT } from "./schema.js";

export { attackSchema, compareSchema, EXAMPLE_INPUT };

/** Plans the attack; a refusal (GC-4 fully covered location, GC-5 hunkered) names its field and rule. */
export function planOrRefuse(input: AttackInput): AttackPlan {
  const r = planAttack(input);
  if (!r.ok) throw new CalculatorInputError(r.field, r.reason, r.rule);
  return r.plan;
}

export function oddsJson(odds: ExactOutcome, plan: AttackPlan) {
  const hitByLocation: Record<string, ReturnType<Fraction["toJSON"]>> = {};
  for (const [loc, p] of Object.entries(odds.hitByLocation)) hitByLocation[loc] = p.toJSON();
  return {
    criticalHit: odds.p.criticalHit.toJSON(),
    hit: odds.p.hit.toJSON(),
    hitByLocation,
    shield: odds.p.shield.toJSON(),
    defended: odds.p.defended.toJSON(),
    miss: odds.p.miss.toJSON(),
    criticalMiss: odds.p.criticalMiss.toJSON(),
    mode: plan.mode,
    effectiveSkill: plan.effectiveSkill,
    notes: plan.notes,
  };
}

export function compareJson(input: AttackInput, c: Comparison) {
  const treatments: Record<string, unknown> = {};
  for (const t of c.treatments) {
    if (!t.available) {
      treatments[t.mode] = { available: false, reason: t.reason, rule: t.rule };
      continue;
    }
    const o = t.odds;
    const hitByLocation: Record<string, unknown> = {};
    for (const [loc, p] of Object.entries(o.hitByLocation)) hitByLocation[loc] = p.toJSON();
    treatments[t.mode] = {
      available: true,
      name: MODE_NAMES[t.mode],
      effectiveSkill: t.effectiveSkill,
      criticalHit: o.p.criticalHit.toJSON(),
      hit: o.p.hit.toJSON(),
      hitByLocation,
      shield: o.p.shield.toJSON(),
      defended: o.p.defended.toJSON(),
      miss: o.p.miss.toJSON(),
      criticalMiss: o.p.criticalMiss.toJSON(),
      bodyStruck: bodyStruck(o).toJSON(),
      notes: t.notes,
    };
  }
  return { input: { ...input, mode: undefined }, treatments, attackerBest: c.attackerBest, attackerChoice: c.attackerChoice };
}

export const gurpsCoverCalculator: CalculatorSpec<z.output<typeof attackSchema>> = {
  name: "gurps-cover",
  summary: "GURPS shields as cover: exact outcome of one attack under DB, abstract, random or specific cover",
  docs: "docs/gurps.md#input",
  schema: attackSchema,
  example: EXAMPLE_INPUT,
  method: "exact",
  result(input) {
    const plan = planOrRefuse(input);
    return oddsJson(exactOutcome(plan), plan);
  },
};

/** `gurps compare`: the same attack under the four treatments (input: {@link compareSchema}). */
export function compareResult(input: AttackInput) {
  return compareJson(input, compareTreatments(input));
}

export const GURPS_CALCULATORS = [gurpsCoverCalculator] as const;
