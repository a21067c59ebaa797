/**
 * The battle scenario's option catalogue (option-catalogue.ts), which the web's new-battle form
 * shows: it covers every key of the scenario's options schema, its controls and defaults are the
 * schema's and the engine's, and its house-rule labels agree with docs/rules/rulings.md (rulings
 * marked house rule, SW-25 and "Unpaid acceptance") and docs/shieldwall/battle.md's options table.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import raidJson from "../../../data/shieldwall/scenarios/raid.json" with { type: "json" };
import { createBattle } from "../../../src/rulesets/shieldwall/battle/game.js";
import { OPTION_CATALOGUE, scenarioOptionValues, withScenarioOptions } from "../../../src/rulesets/shieldwall/battle/option-catalogue.js";
import { battleOptions } from "../../../src/rulesets/shieldwall/battle/options.js";
import { scenarioOptions, scenarioOptionsSchema } from "../../../src/rulesets/shieldwall/battle/scenario.js";
import { DEFAULT_BATTLE_OPTIONS, DEFAULT_RULE_OPTIONS } from "../../../src/rulesets/shieldwall/battle/types.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const keys = Object.keys(scenarioOptionsSchema.unwrap().shape);
const entry = (key: string) => OPTION_CATALOGUE.find((e) => e.key === key)!;

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");

/** The rulings.md sections whose heading says "house rule": heading and body. */
function houseRulings(): { heading: string; body: string }[] {
  const text = readFileSync(join(ROOT, "docs", "rules", "rulings.md"), "utf8");
  return text
    .split(/^### /m)
    .slice(1)
    .map((s) => ({ heading: s.slice(0, s.indexOf("\n")).trim(), body: s.slice(s.indexOf("\n")) }))
    .filter((s) => /\(house rule/i.test(s.heading));
}

describe("battle option catalogue", () => {
  it("covers every key of the scenario options schema, once, in its order, each with a label and a one-line description", () => {
    expect(OPTION_CATALOGUE.map((e) => e.key)).toEqual(keys);
    for (const e of OPTION_CATALOGUE) {
      expect(e.label.length, e.key).toBeGreaterThan(0);
      expect(e.description.length, e.key).toBeGreaterThan(10);
      expect(e.description, e.key).not.toMatch(/\n/);
    }
  });

  it("reads each control from the schema: enums' values, numbers' ranges, flags, the list of distances", () => {
    expect(entry("turnLimit").control).toEqual({ kind: "number", min: 1, max: 100, integer: true });
    expect(entry("startingDp").control).toEqual({ kind: "number", min: 0, max: 6, integer: true });
    expect(entry("deployStep").control).toEqual({ kind: "number", min: 0.5, max: 240, integer: false });
    expect(entry("victory").control).toEqual({ kind: "enum", values: ["sw25", "turn-limit-only"] });
    expect(entry("aGradeChoice").control).toEqual({ kind: "enum", values: ["player", "none", "plus", "minus"] });
    expect(entry("singleLine").control).toEqual({ kind: "flag" });
    expect(entry("deployDistances").control).toEqual({ kind: "numbers", min: 0, max: 120, minItems: 1, maxItems: 12 });
    // Every value a control offers is one the schema takes.
    for (const e of OPTION_CATALOGUE) {
      const field = scenarioOptionsSchema.unwrap().shape[e.key];
      if (e.control.kind === "enum") for (const v of e.control.values) expect(field.safeParse(v).success, `${e.key}=${v}`).toBe(true);
      if (e.control.kind === "number") {
        expect(field.safeParse(e.control.min).success && field.safeParse(e.control.max).success, e.key).toBe(true);
        expect(field.safeParse(e.control.max + 1).success, e.key).toBe(false);
      }
    }
  });

  it("defaults to the engine's: the battle options and the rule options when a scenario sets none", () => {
    const engine = { ...DEFAULT_RULE_OPTIONS, ...DEFAULT_BATTLE_OPTIONS } as Record<string, unknown>;
    for (const e of OPTION_CATALOGUE) expect(e.default, e.key).toEqual(engine[e.key]);
    for (const e of OPTION_CATALOGUE) expect(scenarioOptionsSchema.unwrap().shape[e.key].safeParse(e.default).success, e.key).toBe(true);
  });

  it("labels as house rules exactly the options that rulings.md's house-rule sections name, each with that ruling and its anchor", () => {
    const expected = new Map<string, string>();
    for (const r of houseRulings()) for (const m of r.body.matchAll(/`(\w+)`/g)) if (keys.includes(m[1])) expected.set(m[1], r.heading);
    expect([...expected.keys()].sort()).toEqual(["turnLimit", "unpaidAcceptance", "victory"]);
    const labelled = OPTION_CATALOGUE.filter((e) => e.houseRule);
    expect(labelled.map((e) => e.key).sort()).toEqual([...expected.keys()].sort());
    for (const e of labelled) {
      const heading = expected.get(e.key)!;
      expect(heading.startsWith(`${e.houseRule!.ruling} `), `${e.key}: ${heading}`).toBe(true);
      expect(e.houseRule!.anchor).toBe(slug(heading));
    }
    expect(entry("turnLimit").houseRule!.ruling).toBe("SW-25");
  });

  it("agrees with docs/shieldwall/battle.md's options table: every option has a row, marked House rule exactly when the catalogue says so", () => {
    const all = readFileSync(join(ROOT, "docs", "shieldwall", "battle.md"), "utf8");
    const doc = all.slice(all.indexOf("\n## Options\n"));
    for (const e of OPTION_CATALOGUE) {
      const row = doc.split("\n").find((l) => l.startsWith(`| \`${e.key}\` |`));
      expect(row, e.key).toBeDefined();
      expect(/\*\*House rule\*\*/.test(row!), e.key).toBe(e.houseRule !== undefined);
    }
  });

  it("reads a scenario's own values over the defaults (raid: 10 turns) and skips invalid ones", () => {
    expect(scenarioOptionValues(raidJson).turnLimit).toBe(10);
    expect(scenarioOptionValues(null).turnLimit).toBe(12);
    const v = scenarioOptionValues({ options: { victory: "turn-limit-only", startingDp: 99, singleLine: false } });
    expect(v.victory).toBe("turn-limit-only");
    expect(v.startingDp).toBe(3);
    expect(v.singleLine).toBe(false);
  });

  it("applies chosen options to a scenario (a chosen turn limit replaces the scenario's own, SW-25) and the battle plays with them", () => {
    const setup = battleOptions.defaults();
    expect(setup.scenario.turnLimit).toBe(12);
    const scenario = withScenarioOptions(setup.scenario, { turnLimit: 3, unpaidAcceptance: "refusal-roll" });
    expect(scenarioOptions(scenario).turnLimit).toBe(3);
    const s = createBattle(scenario, setup.armies, 1);
    expect(s.options.turnLimit).toBe(3);
    expect(s.options.unpaidAcceptance).toBe("refusal-roll");
  });

  it("refuses a bad choice with the scenario format's named error", () => {
    const { scenario } = battleOptions.defaults();
    expect(() => withScenarioOptions(scenario, { turnLimit: 500 })).toThrow(/^options\.turnLimit: must be at most 100, got 500 \(battle scenario format\)$/);
    expect(() => withScenarioOptions(scenario, { victory: "sudden-death" })).toThrow(/options\.victory: .*sw25.*turn-limit-only/);
    expect(() => withScenarioOptions(scenario, { deployDistances: [] })).toThrow(/options\.deployDistances: must have at least 1 item/);
    expect(() => withScenarioOptions(scenario, { startingDp: Number.NaN })).toThrow(/options\.startingDp/);
  });
});
