/**
 * An odds calculator as data: what every program offering it shares (the command line's
 * `muster odds`, the web app's calculator pages). Each ruleset defines its own
 * (`src/rulesets/<name>/calculators.ts`); `src/rulesets/calculators.ts` lists them all. A program
 * adds only its presentation: the command line a text report, the web charts.
 */
import type { z } from "zod";
import { describeIssues, problemsText } from "./issues.js";

export interface CalculatorSpec<I = unknown> {
  name: string;
  /** One line for lists and help. */
  summary: string;
  /** Where the input schema is documented. */
  docs: string;
  schema: z.ZodType<I>;
  /** The ruling or seed section the input stands for, named in validation errors. */
  rule?: string;
  /** An example input. */
  example: unknown;
  /** `exact` fractions, or a `monte-carlo` estimate (with its sample size and standard errors). */
  method: "exact" | "monte-carlo";
  /**
   * The structured JSON result (plain data: exact probabilities as `Fraction.toJSON()`).
   * Throws {@link CalculatorInputError} for input the schema lets through but the rules refuse.
   * `onProgress` is told how many samples a Monte Carlo calculator has drawn. `shouldStop` is a
   * budget (a time limit, the clock read by the program) a Monte Carlo calculator honours: once
   * it answers true, the result is made from the samples drawn so far and says so.
   */
  result(input: I, onProgress?: (done: number) => void, shouldStop?: () => boolean): unknown;
}

/** Input the schema accepts but the rules refuse (a dice expression that does not parse, a fully covered location): names the field. */
export class CalculatorInputError extends Error {
  override name = "CalculatorInputError";
  constructor(
    readonly field: string,
    readonly reason: string,
    readonly rule?: string,
  ) {
    super(`field ${field}: ${reason}${rule ? ` (rule ${rule})` : ""}`);
  }
}

export interface InputProblem {
  field: string;
  message: string;
}

export type CheckedInput<I> = { ok: true; input: I } | { ok: false; problems: InputProblem[]; message: string };

/** Validates data with a calculator's schema: the problems by field, and the one line the command line prints after its source. */
export function checkCalculatorInput<I>(spec: CalculatorSpec<I>, data: unknown): CheckedInput<I> {
  const parsed = spec.schema.safeParse(data);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = describeIssues(parsed.error.issues, data, spec.schema as z.ZodType);
  return { ok: false, problems, message: problemsText(problems, spec.rule) };
}
