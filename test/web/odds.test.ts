/**
 * The calculators page's state code (web/src/odds/): the form derived from each calculator's
 * schema, the address query that holds its inputs, the views of each result; and the shared
 * registry (src/rulesets/calculators.ts) against the command line: same calculators, same
 * examples, same JSON, same named errors.
 */
import { describe, expect, it } from "vitest";
import { checkCalculatorInput } from "../../src/core/calculator.js";
import { CALCULATORS, calculatorNamed } from "../../src/rulesets/calculators.js";
import { CALCULATORS as CLI_CALCULATORS } from "../../src/cli/main.js";
import { dataFrom, fieldsOf, problemsByField, queryFor, valueOf } from "../../web/src/odds/form.js";
import { runCalculator } from "../../web/src/odds/run.js";
import { addExact, hasView, viewOf, withAtLeast } from "../../web/src/odds/views.js";
import { runCli, scratchFiles } from "../helpers/cli.js";

/** A smaller sample for the Monte Carlo calculator, to keep the tests quick. */
function exampleOf(name: string): unknown {
  const spec = calculatorNamed(name)!;
  return name === "sw-personal-combat" ? { ...(spec.example as object), games: 300 } : spec.example;
}

describe("the shared calculator registry", () => {
  it("lists every calculator the command line offers, each with a view on the page", () => {
    expect(CALCULATORS.map((c) => c.name).sort()).toEqual(Object.keys(CLI_CALCULATORS).sort());
    for (const c of CALCULATORS) expect(hasView(c.name), c.name).toBe(true);
  });

  it.each(CALCULATORS.map((c) => c.name))("%s: the CLI's --json result is the shared result", async (name) => {
    const files = scratchFiles("odds-web-");
    const input = exampleOf(name);
    const run = await runCli(["--json", "odds", name, "--input", files.next(input)]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const checked = checkCalculatorInput(calculatorNamed(name)!, input);
    if (!checked.ok) throw new Error(checked.message);
    const out = runCalculator(name, checked.input, undefined, () => 0);
    expect(out.type).toBe("result");
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify((out as { json: unknown }).json)));
  });

  it("a bad input gets the command line's named error, field by field", async () => {
    const spec = calculatorNamed("sw-charge")!;
    const bad = { ...(spec.example as object), dp: 99, grade: "Z" };
    const checked = checkCalculatorInput(spec, bad);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const byField = problemsByField(fieldsOf(spec.schema), checked.problems);
    expect(byField.get("dp")).toEqual(["must be at most 40, got 99"]);
    expect(byField.get("grade")?.[0]).toMatch(/A|B|C|D/);
    const files = scratchFiles("odds-web-");
    const path = files.next(bad);
    const run = await runCli(["odds", "sw-charge", "--input", path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`muster: ${path}: ${checked.message}\n`);
  });

  it("a refusal beyond the schema names its field (dice, GURPS fully covered location, Contest card)", () => {
    expect(runCalculator("dice", { dice: "3q7" })).toMatchObject({ type: "refused", field: "dice" });
    const gurps = calculatorNamed("gurps-cover")!;
    const hunkered = checkCalculatorInput(gurps, { skill: 14, db: 3, mode: "specific", location: "arm-shield", hex: "front" });
    expect(hunkered.ok).toBe(true);
    if (hunkered.ok) expect(runCalculator("gurps-cover", hunkered.input)).toMatchObject({ type: "refused", field: "location" });
    const cc = checkCalculatorInput(calculatorNamed("cc-exchange")!, { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6, cards: { a: "strike", b: "evade" } });
    expect(cc.ok).toBe(true);
    if (cc.ok) expect(runCalculator("cc-exchange", cc.input)).toMatchObject({ type: "refused", field: "cards" });
    const file = checkCalculatorInput(calculatorNamed("cc-exchange")!, { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6, cards: { a: "shoot", b: "evade" }, profilesFile: "x.json" });
    if (file.ok) expect(runCalculator("cc-exchange", file.input)).toMatchObject({ type: "refused", field: "profilesFile" });
  });
});

describe("the form and the address", () => {
  it.each(CALCULATORS.map((c) => c.name))("%s: the example survives the address (query → data → the same parsed input)", (name) => {
    const spec = calculatorNamed(name)!;
    const fields = fieldsOf(spec.schema);
    expect(fields.length).toBeGreaterThan(0);
    const q = new URLSearchParams(queryFor(fields, spec.example));
    const back = new URLSearchParams(q.toString());
    const a = checkCalculatorInput(spec, dataFrom(fields, back));
    const b = checkCalculatorInput(spec, spec.example);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(a.input).toEqual(b.input);
  });

  it("fields carry the schema's choices, bounds and defaults; nested fields use dotted keys", () => {
    const fields = fieldsOf(calculatorNamed("sw-shooting")!.schema);
    const dp = fields.find((f) => f.key === "target.dp")!;
    expect(dp).toMatchObject({ kind: "integer", min: 0, max: 40, required: true, path: ["target", "dp"] });
    expect(fields.find((f) => f.key === "target.grade")).toMatchObject({ kind: "enum", choices: ["A", "B", "C", "D"] });
    expect(fields.find((f) => f.key === "skilledArcher")).toMatchObject({ kind: "boolean", required: false, default: false });
    const flank = fieldsOf(calculatorNamed("sw-combat")!.schema).find((f) => f.key === "a.flankSupport")!;
    expect(flank).toMatchObject({ kind: "enum", choices: [0, 1, 2] });
  });

  it("texts become values only when they read as such; blanks are left out", () => {
    const f = { key: "dp", path: ["dp"], kind: "integer" as const, required: true };
    expect(valueOf(f, " 7 ")).toBe(7);
    expect(valueOf(f, "seven")).toBe("seven");
    expect(valueOf({ ...f, kind: "boolean" }, "true")).toBe(true);
    const fields = fieldsOf(calculatorNamed("cc-test")!.schema);
    expect(dataFrom(fields, new URLSearchParams("test=standard&dice=3&cutoff="))).toEqual({ test: "standard", dice: 3 });
    const checked = checkCalculatorInput(calculatorNamed("cc-test")!, dataFrom(fields, new URLSearchParams("test=standard&dice=three")));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(problemsByField(fields, checked.problems).get("dice")?.[0]).toMatch(/number/);
  });
});

describe("the views", () => {
  it("adds exact fractions and builds the at-least line", () => {
    expect(addExact([{ fraction: "1/6", decimal: 1 / 6 }, { fraction: "1/3", decimal: 1 / 3 }])).toEqual({ fraction: "1/2", decimal: 0.5 });
    const bars = withAtLeast([
      { label: "0", p: { fraction: "1/4", decimal: 0.25 } },
      { label: "1", p: { fraction: "1/2", decimal: 0.5 } },
      { label: "2", p: { fraction: "1/4", decimal: 0.25 } },
    ]);
    expect(bars.map((b) => b.atLeast?.fraction)).toEqual(["1", "3/4", "1/4"]);
  });

  it.each(CALCULATORS.map((c) => c.name))("%s: every chart of the example's result is a distribution (exact ones sum to 1)", (name) => {
    const spec = calculatorNamed(name)!;
    const checked = checkCalculatorInput(spec, exampleOf(name));
    if (!checked.ok) throw new Error(checked.message);
    const out = runCalculator(name, checked.input, undefined, () => 0);
    if (out.type !== "result") throw new Error(JSON.stringify(out));
    const view = viewOf(name, JSON.parse(JSON.stringify(out.json)));
    expect(view.charts.length).toBeGreaterThan(0);
    for (const c of view.charts) {
      expect(c.bars.length, c.title).toBeGreaterThan(0);
      const total = c.bars.reduce((s, b) => s + b.p.decimal, 0);
      if (spec.method === "exact" && !/lands/.test(c.title)) expect(total, c.title).toBeCloseTo(1, 9);
      if (c.showAtLeast) expect(c.bars.every((b) => b.atLeast)).toBe(true);
    }
    if (spec.method === "monte-carlo") {
      expect(view.sample?.size).toBe(300);
      expect(view.charts[0].bars[0].p.fraction).toMatch(/standard error/);
    }
  });
});
