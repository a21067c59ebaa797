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
  /** Only the simulating calculators use the context (progress, time budget). */
  run(input: I, context?: RunContext): CalculatorOutput;
}

/** How a calculator is run: where progress may show, and the budget a simulation honours. */
export interface RunContext {
  /** Where the input came from (a file's name, or "standard input"), for messages. */
  source: string;
  /** Standard error is a terminal and the output is text, so long work may show progress there. */
  live: boolean;
  /** The time budget in seconds (`--max-seconds`) and its test: true once it is spent. */
  maxSeconds: number;
  shouldStop: () => boolean;
}

/** A simulation's default time budget in seconds: enough for any sane input, short enough never to look hung. */
export const DEFAULT_MAX_SECONDS = 60;

/** The budget test for `maxSeconds` from now (the program reads the clock, never the ruleset). */
export function deadline(maxSeconds: number, now: () => number = () => performance.now()): () => boolean {
  const end = now() + maxSeconds * 1000;
  return () => now() >= end;
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
