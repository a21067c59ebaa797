/**
 * `muster odds <calculator> --input FILE|-`: the registry of exact-odds calculators. Each
 * ruleset registers its own; every one validates its input with a schema and answers with exact
 * fractions (or a labelled simulation where exact odds are impossible).
 */
import type { z } from "zod";

export interface CalculatorOutput {
  /** Machine-readable result, printed with --json. */
  json: unknown;
  /** Readable report. */
  text: string;
}

export interface Calculator<I = unknown> {
  name: string;
  /** One line for `muster odds --list` and help. */
  summary: string;
  /** Where the input schema is documented. */
  docs: string;
  schema: z.ZodType<I>;
  /** The ruling or seed section the input stands for, named in validation errors. */
  rule?: string;
  /** An example input, shown in help. */
  example: unknown;
  /** `live`: standard error is a terminal and the output is text, so long work may show progress there. */
  run(input: I, live?: boolean): CalculatorOutput;
}

const calculators = new Map<string, Calculator>();

export function registerCalculator<I>(calc: Calculator<I>): void {
  if (calculators.has(calc.name)) throw new Error(`calculator ${calc.name} registered twice`);
  calculators.set(calc.name, calc as Calculator);
}

/** Empties the registry; the program is built afresh (in tests, many times) from the modules. */
export function clearCalculators(): void {
  calculators.clear();
}

export function getCalculator(name: string): Calculator | undefined {
  return calculators.get(name);
}

export function listCalculators(): Calculator[] {
  return [...calculators.values()].sort((a, b) => a.name.localeCompare(b.name));
}
