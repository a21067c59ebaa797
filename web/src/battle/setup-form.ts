/**
 * The new-battle form's state (no JSX, tested in Node): the rules options shown for the chosen
 * scenario (the ruleset's option catalogue, defaulting to the scenario's own values), the options
 * the player changed, and — in the worker — the battle setup with those options and any uploaded
 * army files, checked by the engine (scenario format, army format, SW-5/SW-6/SW-7) with its named errors.
 */
import { armyProblems, formatProblem, type Side } from "../../../src/rulesets/shieldwall/army.js";
import { OPTION_CATALOGUE, type OptionEntry, type OptionKey, type OptionValue, type OptionValues, scenarioOptionValues, withScenarioOptions } from "../../../src/rulesets/shieldwall/battle/option-catalogue.js";
import type { BattleSetup } from "../../../src/rulesets/shieldwall/battle/scenario.js";
import { parseArmy } from "./scenarios.js";

export { OPTION_CATALOGUE, type OptionEntry, type OptionKey, type OptionValue, type OptionValues };

/** A file the player uploaded, parsed as JSON (its name kept for the error messages). */
export interface UploadedFile {
  file: unknown;
  fileName: string;
}

/** The options the form starts from: the catalogue's defaults with the scenario's own values over them. */
export function formDefaults(scenario: { turnLimit?: unknown; options?: unknown } | null | undefined): Record<OptionKey, OptionValue> {
  return scenarioOptionValues(scenario);
}

const same = (a: OptionValue, b: OptionValue) => (Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b);

/** The options the player changed from the scenario's defaults (all the battle set-up needs; the record keeps only those). */
export function changedOptions(defaults: Record<OptionKey, OptionValue>, values: Partial<Record<OptionKey, OptionValue>>): OptionValues {
  const out: OptionValues = {};
  for (const e of OPTION_CATALOGUE) {
    const v = values[e.key];
    if (v !== undefined && !same(v, defaults[e.key])) out[e.key] = v;
  }
  return out;
}

/** A control's input as the option's value: a number (NaN stays, for the engine to name), a list of numbers, a flag or an enum value. */
export function inputValue(entry: OptionEntry, raw: string | boolean): OptionValue {
  switch (entry.control.kind) {
    case "flag":
      return raw === true || raw === "true";
    case "number":
      return String(raw).trim() === "" ? Number.NaN : Number(raw);
    case "numbers":
      return String(raw)
        .split(/[,\s]+/)
        .filter((t) => t !== "")
        .map(Number);
    case "enum":
      return String(raw);
  }
}

/** An option's value as the control shows it ("3, 6" for a list). */
export function displayValue(v: OptionValue): string {
  return Array.isArray(v) ? v.join(", ") : String(v);
}

/** The allowed values or range in words, e.g. "1–100" or "1–12 numbers, each 0–120". */
export function rangeText(entry: OptionEntry): string {
  const c = entry.control;
  switch (c.kind) {
    case "number":
      return `${c.min}–${c.max}${c.integer ? "" : " (inches)"}`;
    case "numbers":
      return `${c.minItems}–${c.maxItems} numbers, each ${c.min}–${c.max}`;
    case "enum":
      return c.values.join(" / ");
    case "flag":
      return "on / off";
  }
}

/** The house-rule label a form shows beside an option, or null for a rule of the printed text. */
export function houseRuleLabel(entry: OptionEntry): string | null {
  return entry.houseRule ? `house rule, ruling ${entry.houseRule.ruling}` : null;
}

/**
 * An uploaded army file checked as `muster army check` does: the army format (field named), then
 * the composition rules (SW-5, SW-6, SW-7, the first problem's place and rule named).
 */
export function checkedArmy(upload: UploadedFile, side: Side): BattleSetup["armies"][Side] {
  const label = `${side} army (${upload.fileName})`;
  const army = parseArmy(upload.file, label);
  const problems = armyProblems(army);
  if (problems.length > 0) throw new RangeError(`${label}: ${problems.map(formatProblem).join("; ")}`);
  return army;
}

/** The setup with the uploaded armies in place of the scenario's and the chosen options set (named errors; the engine checks the rest at creation). */
export function withChoices(setup: BattleSetup, choices: { options?: OptionValues; armies?: Partial<Record<Side, UploadedFile>> }): BattleSetup {
  const armies = { ...setup.armies };
  for (const side of ["red", "black"] as const) {
    const up = choices.armies?.[side];
    if (up) armies[side] = checkedArmy(up, side);
  }
  const scenario = choices.options && Object.keys(choices.options).length > 0 ? withScenarioOptions(setup.scenario, choices.options) : setup.scenario;
  return { scenario, armies };
}
