/**
 * Every odds calculator Muster offers, as data (`CalculatorSpec`, src/core/calculator.ts): the
 * command line's `muster odds` and the web app's calculator pages both take them from here, so
 * they share the name, summary, input schema (and so the named errors), example and structured
 * JSON result. Each ruleset defines its own in its `calculators.ts`; the core's `dice` is here.
 */
import { z } from "zod";
import { CalculatorInputError, type CalculatorSpec } from "../core/calculator.js";
import { DEFAULT_EXPLODE_DEPTH, type DiceExpression, describeExpression, expressionDist, MAX_EXPLODE_DEPTH, parseDice } from "../core/dice-expression.js";
import type { Dist } from "../core/distribution.js";
import { CONTEST_CALCULATORS } from "./contest/calculators.js";
import { GURPS_CALCULATORS } from "./gurps/calculators.js";
import { SHIELDWALL_CALCULATORS } from "./shieldwall/calculators.js";

export const diceSchema = z.strictObject({
  dice: z.string().min(1),
  /** Extra throws per exploding die ("3d6!"); AnyDice's default of 2 when left out. */
  explodeDepth: z.number().int().min(0).max(MAX_EXPLODE_DEPTH).default(DEFAULT_EXPLODE_DEPTH),
});
export type DiceInput = z.output<typeof diceSchema>;

/** A dice expression parsed and its exact distribution worked out; a refusal names the field `dice`. */
export function diceOdds(input: z.input<typeof diceSchema>): { expr: DiceExpression; dist: Dist<number> } {
  try {
    const expr = parseDice(input.dice, { explodeDepth: input.explodeDepth ?? DEFAULT_EXPLODE_DEPTH });
    return { expr, dist: expressionDist(expr) };
  } catch (err) {
    throw new CalculatorInputError("dice", (err as Error).message);
  }
}

/**
 * The `dice` calculator's JSON: the exact distribution of a dice expression's total. Mean and
 * variance are exact numbers (not probabilities); the standard deviation, a square root, is a
 * decimal.
 */
export function diceJson(input: z.input<typeof diceSchema>, odds = diceOdds(input)) {
  const { expr, dist } = odds;
  const atLeast = new Map(dist.atLeastTable());
  const atMost = new Map(dist.atMostTable());
  const variance = dist.variance();
  return {
    dice: expr.text,
    explodeDepth: expr.explodeDepth,
    exploding: expr.terms.some((t) => t.explode),
    terms: describeExpression(expr),
    mean: dist.mean().toJSON(),
    variance: variance.toJSON(),
    standardDeviation: Math.sqrt(variance.toNumber()),
    outcomes: dist.outcomes().map((o) => ({ total: o.value, p: o.p.toJSON(), atLeast: atLeast.get(o.value)!.toJSON(), atMost: atMost.get(o.value)!.toJSON() })),
  };
}

export const diceCalculator: CalculatorSpec<DiceInput> = {
  name: "dice",
  summary: "exact distribution of a dice total (4d6kh3, 3d6!, 2d20r1, 1d7 …), with at-least and at-most tables",
  docs: "docs/odds.md#dice",
  schema: diceSchema,
  example: { dice: "2d6" },
  method: "exact",
  result: (input) => diceJson(input),
};

/** Every calculator, in the order front ends list them. */
export const CALCULATORS: readonly CalculatorSpec[] = [diceCalculator, ...SHIELDWALL_CALCULATORS, ...CONTEST_CALCULATORS, ...GURPS_CALCULATORS] as unknown as readonly CalculatorSpec[];

export function calculatorNamed(name: string): CalculatorSpec | undefined {
  return CALCULATORS.find((c) => c.name === name);
}
