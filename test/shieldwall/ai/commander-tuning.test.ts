/**
 * Tuning hard's commander (issue 26; scripts/commander-tuning.ts): the options are checked against
 * the commander's own, and a run plays the variant from both sides of each scenario.
 */
import { describe, expect, it } from "vitest";
import { checkCommanderOptions, parseCommanderOptions, playCells, score, total } from "../../../scripts/commander-tuning.js";
import { HARD_COMMANDER_OPTIONS } from "../../../src/rulesets/shieldwall/ai/index.js";

describe("tune:commander", () => {
  it("reads commander options from JSON and names the field and the rule of a bad one", () => {
    expect(parseCommanderOptions('{"restAtDp":1,"holdBack":["D"]}', "--options")).toEqual({ restAtDp: 1, holdBack: ["D"] });
    expect(() => parseCommanderOptions('{"restAt":1}', "--options")).toThrow(/--options: "restAt" is not a commander option/);
    expect(() => parseCommanderOptions('{"restAtDp":"1"}', "--options")).toThrow(/"restAtDp" must be a number, like its default 2/);
    expect(() => parseCommanderOptions('{"holdBack":"D"}', "--options")).toThrow(/"holdBack" must be an array/);
    expect(() => parseCommanderOptions("[1]", "--sweep[0]")).toThrow(/--sweep\[0\] must be a JSON object/);
    expect(() => parseCommanderOptions("{", "--options")).toThrow(/--options must be JSON/);
    // A --sweep entry, already parsed: the same checks, named by its place in the list.
    expect(checkCommanderOptions({ advanceBy: 6 }, "--sweep[0]")).toEqual({ advanceBy: 6 });
    expect(() => checkCommanderOptions({ restAt: 1 }, "--sweep[1]")).toThrow(/--sweep\[1\]: "restAt" is not a commander option/);
  });

  it("plays the variant from both sides of each scenario and scores a draw as half", () => {
    const cells = playCells(HARD_COMMANDER_OPTIONS, ["raid"], 2, 300);
    expect(cells.map((c) => `${c.scenario}/${c.side}`)).toEqual(["raid/red", "raid/black"]);
    for (const c of cells) expect(c.wins + c.losses + c.draws).toBe(2);
    expect(total(cells).wins).toBe(cells[0].wins + cells[1].wins);
    const s = score({ wins: 1, losses: 2, draws: 1 });
    expect(s.rate).toBe(0.375);
    expect(s.low).toBeLessThan(0.375);
    expect(s.high).toBeGreaterThan(0.375);
  });
});
