/** Running a calculator on checked input (in the odds worker, and in the tests): its JSON, or the rules' refusal naming the field. */
import { CalculatorInputError } from "../../../src/core/calculator.js";
import { calculatorNamed } from "../../../src/rulesets/calculators.js";

export type RunOutcome = { type: "result"; json: unknown; ms: number } | { type: "refused"; field: string; message: string } | { type: "error"; message: string };

export function runCalculator(name: string, input: unknown, onProgress?: (done: number) => void, now: () => number = () => performance.now()): RunOutcome {
  const spec = calculatorNamed(name);
  if (!spec) return { type: "error", message: `unknown calculator "${name}"` };
  const t0 = now();
  try {
    const json = spec.result(input, onProgress);
    return { type: "result", json, ms: now() - t0 };
  } catch (err) {
    if (err instanceof CalculatorInputError) return { type: "refused", field: err.field, message: err.reason + (err.rule ? ` (rule ${err.rule})` : "") };
    return { type: "error", message: err instanceof Error ? err.message : String(err) };
  }
}
