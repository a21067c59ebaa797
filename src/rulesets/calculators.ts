/**
 * Every odds calculator Muster offers, as data (`CalculatorSpec`, src/core/calculator.ts): the
 * command line's `muster odds` and the web app's calculator pages both take them from here, so
 * they share the name, summary, input schema (and so the named errors), example and structured
 * JSON result. Each ruleset defines its own in its `calculators.ts`; the core's `dice` is here.
 */
import { z } from "zod";
import { CalculatorInputError, type CalculatorSpec } from "../core/calculator.js";
import { expressionDist, parseDice } from "../core/dice-expression.js";
import { CONTEST_CALCULATORS } from "./contest/calculators.js";
import { GURPS_CALCULATORS } from "./gurps/calculators.js";
import { SHIELDWALL_CALCULATORS } from "./shieldwall/calculators.js";

export const diceSchema = z.strictObject({ dice: z.string().min(1) });
export type DiceInput = z.output<typeof diceSchema>;

/** The `dice` calculator's JSON: the exact distribution of a dice expression's total. */
export function diceJson(input: DiceInput) {
  let expr: ReturnType<typeof parseDice>;
  let dist: ReturnType<typeof expressionDist>;
  try {
    expr = parseDice(input.dice);
    dist = expressionDist(expr);
  } catch (err) {
    throw new CalculatorInputError("dice", (err as Error).message);
  }
  return {
    dice: expr.text,
    mean: dist.mean().toJSON(),
    variance: dist.variance().toJSON(),
    outcomes: dist.outcomes().map((o) => ({ total: o.value, p: o.p.toJSON(), atLeast: dist.atLeast(o.value).toJSON(), atMost: dist.atMost(o.value).toJSON() })),
  };
}

export const diceCalculator: CalculatorSpec<DiceInput> = {
  name: "dice",
  summary: "exact distribution of a dice total, with at-least and at-most tables",
  docs: "docs/odds.md#dice",
  schema: diceSchema,
  example: { dice: "2d6" },
  method: "exact",
  result: diceJson,
};

/** Every calculator, in the order front ends list them. */
export const CALCULATORS: readonly CalculatorSpec[] = [diceCalculator, ...SHIELDWALL_CALCULATORS, ...CONTEST_CALCULATORS, ...GURPS_CALCULATORS] as unknown as readonly CalculatorSpec[];

export function calculatorNamed(name: string): CalculatorSpec | undefined {
  return CALCULATORS.find((c) => c.name === name);
}
