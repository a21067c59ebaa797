/**
 * The new-battle form's state (web/src/battle/setup-form.ts): the rules options shown for a
 * scenario, what was changed, the controls' values, and the worker's start with chosen options and
 * uploaded army files — bad ones refused with the engine's named errors (army format; SW-5).
 */
import { describe, expect, it } from "vitest";
import fyrdJson from "../../data/shieldwall/armies/raid-lindisfarne-fyrd.json" with { type: "json" };
import { shippedScenarios, shippedSetup } from "../../web/src/battle/scenarios.js";
import { changedOptions, checkedArmy, displayValue, formDefaults, houseRuleLabel, inputValue, OPTION_CATALOGUE, rangeText, withChoices } from "../../web/src/battle/setup-form.js";
import { fakeHost } from "./fake-host.js";

const entry = (key: string) => OPTION_CATALOGUE.find((e) => e.key === key)!;
/** An army with one contingent: structurally valid, but SW-5 asks for 2 to 5. */
const oneContingent = { ...fyrdJson, contingents: fyrdJson.contingents.slice(0, 1) };

describe("new-battle form state", () => {
  it("starts each option at the chosen scenario's value (raid: 10 turns, Maldon: 12) and the engine's default otherwise", () => {
    const raid = shippedScenarios.find((s) => s.id === "raid")!;
    const maldon = shippedScenarios.find((s) => s.id === "maldon-991")!;
    expect(formDefaults(raid).turnLimit).toBe(10);
    expect(formDefaults(maldon).turnLimit).toBe(12);
    expect(formDefaults(raid).unpaidAcceptance).toBe("challenge-lapses");
    expect(formDefaults(undefined).deployDistances).toEqual([3, 6]);
  });

  it("sends only the options changed from the scenario's, lists compared by value", () => {
    const d = formDefaults(undefined);
    expect(changedOptions(d, { turnLimit: 12, deployDistances: [3, 6], singleLine: true })).toEqual({});
    expect(changedOptions(d, { turnLimit: 4, deployDistances: [3, 6, 9], victory: "sw25" })).toEqual({ turnLimit: 4, deployDistances: [3, 6, 9] });
  });

  it("turns each control's input into the option's value and shows it back", () => {
    expect(inputValue(entry("turnLimit"), "7")).toBe(7);
    expect(inputValue(entry("turnLimit"), "")).toBeNaN();
    expect(inputValue(entry("singleLine"), false)).toBe(false);
    expect(inputValue(entry("victory"), "turn-limit-only")).toBe("turn-limit-only");
    expect(inputValue(entry("deployDistances"), "3, 6 ,9")).toEqual([3, 6, 9]);
    expect(displayValue([3, 6])).toBe("3, 6");
    expect(rangeText(entry("turnLimit"))).toBe("1–100");
    expect(rangeText(entry("deployDistances"))).toBe("1–12 numbers, each 0–120");
    expect(rangeText(entry("victory"))).toBe("sw25 / turn-limit-only");
  });

  it("labels house rules with their ruling (SW-25, Unpaid acceptance) and nothing else", () => {
    expect(houseRuleLabel(entry("turnLimit"))).toBe("house rule, ruling SW-25");
    expect(houseRuleLabel(entry("unpaidAcceptance"))).toBe("house rule, ruling Unpaid acceptance");
    expect(houseRuleLabel(entry("startingDp"))).toBeNull();
  });

  it("checks an uploaded army as `muster army check` does: the format's field, then the composition rules (SW-5, SW-6)", () => {
    expect(checkedArmy({ file: fyrdJson, fileName: "fyrd.json" }, "red").name).toBe(fyrdJson.name);
    expect(() => checkedArmy({ file: oneContingent, fileName: "bad.json" }, "black")).toThrow(/^black army \(bad\.json\): contingents: an army has 2 to 5 contingents, this one has 1 \(rule SW-5\); .*supernumeraries.*\(rule SW-6\)$/);
    expect(() => checkedArmy({ file: { name: "x", side: "red" }, fileName: "x.json" }, "red")).toThrow(/^red army \(x\.json\): field contingents: .*\(army format\)$/);
    // Issue 24: the string caps of src/core/input-limits.ts, named with the field.
    expect(() => checkedArmy({ file: { ...fyrdJson, description: "x".repeat(2001) }, fileName: "long.json" }, "red")).toThrow(/^red army \(long\.json\): field description: too long: a text has at most 2000 characters/);
  });

  it("puts the uploaded army and the chosen options into the setup", () => {
    const setup = withChoices(shippedSetup("raid"), { options: { turnLimit: 4 }, armies: { black: { file: fyrdJson, fileName: "fyrd.json" } } });
    expect(setup.armies.black.name).toBe(fyrdJson.name);
    expect(setup.scenario.options?.turnLimit).toBe(4);
    expect(setup.scenario.turnLimit).toBeUndefined();
  });

  it("the worker starts a battle with the chosen house rule in effect and in its record", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "human", black: "human" }, seed: 3, options: { turnLimit: 5, unpaidAcceptance: "refusal-roll" } });
    const started = w.last("started")!;
    expect(started.snapshot.state.options.turnLimit).toBe(5);
    expect(started.snapshot.state.options.unpaidAcceptance).toBe("refusal-roll");
    w.send({ type: "record" });
    const record = w.last("record")!.record;
    expect(record.options.scenario.options).toMatchObject({ turnLimit: 5, unpaidAcceptance: "refusal-roll" });
  });

  it("the worker refuses a bad option or a bad army file with the engine's named error, and starts nothing", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "human", black: "human" }, seed: 3, options: { turnLimit: 0 } });
    expect(w.last("error")!.message).toBe("options.turnLimit: must be at least 1, got 0 (battle scenario format)");
    w.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "human", black: "human" }, seed: 3, armies: { red: { file: oneContingent, fileName: "bad.json" } } });
    expect(w.last("error")!.message).toMatch(/^red army \(bad\.json\): contingents: an army has 2 to 5 contingents.*\(rule SW-5\).*\(rule SW-6\)$/);
    expect(w.last("started")).toBeUndefined();
  });
});
