/** The army builder's pure helpers (web/src/armies/draft.ts) and draft checks (draftProblems in web/src/shared/my-armies.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ArmyFile, armyFileProblems } from "../../src/rulesets/shieldwall/army.js";
import { armyTotals, asDraft, blankArmy, blankContingent, edited, exportName, placeText, problemsAt, setOptional, shownPaths } from "../../web/src/armies/draft.js";
import { draftProblems } from "../../web/src/shared/my-armies.js";

const english = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "data", "shieldwall", "armies", "maldon-991-english.json"), "utf8")) as ArmyFile;

describe("the army builder's draft", () => {
  it("starts from nothing with one contingent: names required (army format) and SW-5's 2 to 5 contingents shown at once", () => {
    const d = blankArmy();
    const { army, problems } = draftProblems(d);
    expect(army).toBeNull();
    expect(problems.map((p) => `${p.path}: ${p.message} (${p.rule})`)).toEqual([
      "name: a name is required (an empty name is not allowed) (army format)",
      "contingents[0].leader.name: a name is required (an empty name is not allowed) (army format)",
      "contingents: an army has 2 to 5 contingents, this one has 1 (SW-5)",
    ]);
    // Two unnamed leaders are not reported as sharing a name: the missing names are the problem.
    const two = edited(d, (x) => x.contingents.push(blankContingent()));
    expect(draftProblems(two).problems.map((p) => p.path)).toEqual(["name", "contingents[0].leader.name", "contingents[1].leader.name"]);
    const named = edited(two, (x) => {
      x.name = "Mine";
      x.contingents[0].leader.name = "A";
      x.contingents[1].leader.name = "B";
    });
    expect(draftProblems(named)).toEqual(armyFileProblems(named));
    expect(draftProblems(named).problems).toEqual([]);
    expect(d.contingents).toHaveLength(1); // edited() copies
  });

  it("every problem the ruleset can place has a field on the form; totals, places and file names", () => {
    const broken = edited(english, (d) => {
      d.contingents[0].bands[0].grade = "A";
      d.contingents[0].retinue.stands = 3;
      d.contingents[1].bands[0].supernumeraries = ["holy-person"];
    });
    const { problems } = draftProblems(broken);
    expect(problems.length).toBeGreaterThanOrEqual(3);
    const shown = shownPaths(broken);
    for (const p of problems) expect(shown.has(p.path), p.path).toBe(true);
    expect(problemsAt(problems, "contingents[0].bands[0].grade")).toEqual([{ path: "contingents[0].bands[0].grade", message: "a band may be B, C or D, not A", rule: "SW-5" }]);
    expect(placeText("contingents[1].bands[0].supernumeraries[0]")).toBe("contingent 2, band 1");
    expect(placeText("contingents[0].leader.lp")).toBe("contingent 1, leader");
    expect(placeText("contingents")).toBe("the contingents");
    const t = armyTotals(english);
    expect(t.contingents).toBe(english.contingents.length);
    expect(t.units).toBe(english.contingents.reduce((n, c) => n + 1 + c.bands.length, 0));
    expect(exportName({ name: "The English at Maldon, 991" })).toBe("the-english-at-maldon-991.json");
    expect(exportName({})).toBe("army.json");
  });

  it("an optional field emptied is removed (the format refuses an empty name); only a draft-shaped file opens in the editor", () => {
    const u: { name?: string } = { name: "x" };
    setOptional(u, "name", "");
    expect(u).toEqual({});
    expect(asDraft(blankArmy())).not.toBeNull();
    expect(asDraft(english)).toBe(english);
    expect(asDraft({ name: "x", side: "green", contingents: [] })).toBeNull();
    expect(asDraft("army")).toBeNull();
  });
});
