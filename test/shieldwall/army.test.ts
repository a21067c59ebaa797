import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Random } from "../../src/core/random.js";
import { type ArmyFile, armyFileProblems, armyProblems, armySchema, buildForce, formatProblem } from "../../src/rulesets/shieldwall/army.js";
import { STRENGTH, totalDp } from "../../src/rulesets/shieldwall/units.js";

const DIR = "data/shieldwall/armies";

function loadArmy(file: string): ArmyFile {
  return armySchema.parse(JSON.parse(readFileSync(join(DIR, file), "utf8")));
}

/** A small valid army to break in each test. */
function base(): ArmyFile {
  return {
    name: "test",
    side: "red",
    contingents: [
      { id: "c1", leader: { name: "One", lp: 3, commanderInChief: true }, retinue: { grade: "A", stands: 1 }, bands: [{ grade: "B", stands: 2 }] },
      { id: "c2", leader: { name: "Two", lp: 2 }, retinue: { grade: "B", stands: 1 }, bands: [{ grade: "C", stands: 1 }, { grade: "D", stands: 2 }] },
    ],
  };
}

function messages(army: ArmyFile): string[] {
  return armyProblems(army).map(formatProblem);
}

describe("Shieldwall army lists", () => {
  it("the shipped example armies are valid (at least three, SW-5, SW-6)", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect(armyProblems(loadArmy(f)), f).toEqual([]);
    expect(messages(base())).toEqual([]);
  });

  it("SW-5 strength by grade is A 6, B 4, C 2, D 1", () => {
    expect(STRENGTH).toEqual({ A: 6, B: 4, C: 2, D: 1 });
  });

  it("SW-5 an army needs 2 to 5 contingents", () => {
    const one = base();
    one.contingents = one.contingents.slice(0, 1);
    expect(messages(one)).toContain("contingents: an army has 2 to 5 contingents, this one has 1 (rule SW-5)");
    const six = base();
    six.contingents = Array.from({ length: 6 }, (_, i) => ({ ...structuredClone(base().contingents[1]), id: `k${i}`, leader: { name: `L${i}`, lp: 3 } }));
    expect(messages(six)).toContain("contingents: an army has 2 to 5 contingents, this one has 6 (rule SW-5)");
    const five = base();
    five.contingents = six.contingents.slice(0, 5);
    expect(messages(five)).toEqual([]);
  });

  it("SW-5 a contingent has 1 or 2 bands", () => {
    const a = base();
    a.contingents[0].bands = [];
    expect(messages(a)).toEqual(["contingents[0].bands: a contingent has 1 or 2 bands of followers, not 0 (rule SW-5)"]);
    a.contingents[0].bands = [{ grade: "B", stands: 1 }, { grade: "C", stands: 1 }, { grade: "D", stands: 1 }];
    expect(messages(a)).toEqual(["contingents[0].bands: a contingent has 1 or 2 bands of followers, not 3 (rule SW-5)"]);
  });

  it("SW-5 a band has 1 or 2 stands", () => {
    const a = base();
    a.contingents[1].bands[1].stands = 3;
    expect(messages(a)).toEqual(["contingents[1].bands[1].stands: a band has 1 or 2 stands, not 3 (rule SW-5)"]);
    expect(armySchema.safeParse({ ...a, contingents: [{ ...a.contingents[0], bands: [{ grade: "B", stands: 0 }] }] }).success).toBe(false);
  });

  it("SW-5 a retinue may be A or B", () => {
    const a = base();
    a.contingents[1].retinue.grade = "C";
    expect(messages(a)).toEqual(["contingents[1].retinue.grade: a retinue may be A or B, not C (rule SW-5)"]);
  });

  it("SW-5 a band may be B, C or D", () => {
    const a = base();
    a.contingents[1].bands[0].grade = "A";
    expect(messages(a)).toEqual(["contingents[1].bands[0].grade: a band may be B, C or D, not A (rule SW-5)"]);
  });

  it("SW-5 only an exceptional leader or king has a 2-stand retinue", () => {
    const a = base();
    a.contingents[0].retinue.stands = 2;
    expect(messages(a)).toEqual(["contingents[0].retinue.stands: a retinue has 1 stand (2 only for a leader marked exceptional or king), not 2 (rule SW-5)"]);
    a.contingents[0].leader.exceptional = true;
    expect(messages(a)).toEqual([]);
    a.contingents[0].retinue.stands = 3;
    expect(messages(a)).toEqual(["contingents[0].retinue.stands: a retinue has at most 2 stands, not 3 (rule SW-5)"]);
  });

  it("SW-5 at most one commander-in-chief", () => {
    const a = base();
    a.contingents[1].leader.commanderInChief = true;
    expect(messages(a)).toEqual(["contingents[1].leader.commanderInChief: at most one commander-in-chief; contingents[0].leader is already (rule SW-5)"]);
    const none = base();
    none.contingents[0].leader.commanderInChief = false;
    expect(messages(none)).toEqual([]);
  });

  it("SW-7 a leader's LP value is 2 to 5 or rolled on an AvD", () => {
    const a = base();
    a.contingents[0].leader.lp = 6;
    a.contingents[1].leader.lp = 1;
    expect(messages(a)).toEqual([
      'contingents[0].leader.lp: a leader has 2 to 5 LPs (or "roll" for an AvD), not 6 (rule SW-7)',
      'contingents[1].leader.lp: a leader has 2 to 5 LPs (or "roll" for an AvD), not 1 (rule SW-7)',
    ]);
    const r = base();
    r.contingents[0].leader.lp = "roll";
    expect(messages(r)).toEqual([]);
    const seen = new Set<number>();
    for (let seed = 0; seed < 200; seed++) seen.add(buildForce(r, Random.fromSeed(seed)).leaders[0].lpValue);
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
    // The same seed gives the same roll (ruling C-2).
    expect(buildForce(r, Random.fromSeed(7)).leaders[0].lpValue).toBe(buildForce(r, Random.fromSeed(7)).leaders[0].lpValue);
  });

  it("SW-6 supernumeraries are listed on the unit they are attached to", () => {
    const a = base();
    a.contingents[0].retinue.supernumeraries = ["heroic-champion"];
    a.contingents[1].bands[0].supernumeraries = ["camp-followers"];
    expect(messages(a)).toEqual([]);
    const f = buildForce(a, Random.fromSeed(1));
    expect(f.units.find((u) => u.id === "c1-retinue")?.attachments).toEqual(["heroic-champion"]);
    expect(f.units.find((u) => u.id === "c2-band1")?.attachments).toEqual(["camp-followers"]);
    expect(armySchema.safeParse({ ...a, contingents: [{ ...a.contingents[0], retinue: { grade: "A", stands: 1, supernumeraries: ["dragon"] } }, a.contingents[1]] }).success).toBe(false);
  });

  it("SW-6 at most as many supernumeraries as contingents", () => {
    const a = base();
    a.contingents[0].retinue.supernumeraries = ["heroic-champion", "camp-followers"];
    a.contingents[1].bands[0].supernumeraries = ["camp-followers"];
    expect(messages(a)).toEqual(["contingents[1].bands[0].supernumeraries[0]: an army may have at most as many supernumeraries as contingents (2); this is number 3 (rule SW-6)"]);
    const w = base();
    w.contingents[0].retinue.supernumeraries = ["heroic-champion", "camp-followers"];
    w.contingents[1].leader.specialWeapon = true;
    expect(messages(w)[0]).toMatch(/^contingents\[1\]\.leader\.specialWeapon: an army may have at most as many supernumeraries as contingents \(2\)/);
  });

  it("SW-6 at most one holy person, battle standard and special weapon", () => {
    for (const kind of ["holy-person", "battle-standard"] as const) {
      const a = base();
      a.contingents[0].retinue.supernumeraries = [kind];
      a.contingents[1].retinue.supernumeraries = [kind];
      const label = kind.replace("-", " ");
      expect(messages(a)).toEqual([`contingents[1].retinue.supernumeraries[0]: only one ${label} per army; there is already one at contingents[0].retinue.supernumeraries[0] (rule SW-6)`]);
    }
    const w = base();
    w.contingents[0].leader.specialWeapon = true;
    w.contingents[1].leader.specialWeapon = true;
    expect(messages(w)).toEqual(["contingents[1].leader.specialWeapon: only one special weapon per army; there is already one at contingents[0].leader.specialWeapon (rule SW-6)"]);
  });

  it("SW-6 only camp followers may attach to a band", () => {
    const a = base();
    a.contingents[0].bands[0].supernumeraries = ["battle-standard"];
    expect(messages(a)).toEqual(["contingents[0].bands[0].supernumeraries[0]: only camp followers may attach to a band; a battle standard attaches to a leader's retinue (rule SW-6)"]);
  });

  it("SW-6 the special weapon belongs to a named leader", () => {
    const a = base();
    a.contingents[1].leader.specialWeapon = true;
    const f = buildForce(a, Random.fromSeed(1));
    expect(f.leaders.map((l) => [l.name, l.specialWeapon])).toEqual([
      ["One", false],
      ["Two", true],
    ]);
    // A special weapon is not a figure on a unit.
    expect(armySchema.safeParse({ ...a, contingents: [{ ...a.contingents[0], retinue: { grade: "A", stands: 1, supernumeraries: ["special-weapon"] } }, a.contingents[1]] }).success).toBe(false);
  });

  it("army format: ids and leader names are unique, unknown fields are refused", () => {
    const a = base();
    a.contingents[1].id = "c1";
    a.contingents[1].leader.name = "One";
    expect(messages(a)).toEqual([
      'contingents[1].id: id "c1" is already used at contingents[0].id (rule army format)',
      'contingents[1].leader.name: leader name "One" is already used at contingents[0].leader (rule army format)',
      'contingents[1].retinue: id "c1-retinue" is already used at contingents[0].retinue (rule army format)',
      'contingents[1].bands[0]: id "c1-band1" is already used at contingents[0].bands[0] (rule army format)',
    ]);
    expect(armySchema.safeParse({ ...base(), colour: "red" }).success).toBe(false);
  });

  it("army format: armyFileProblems names every format problem's field, then the composition rules (SW-5)", () => {
    const wrong = { ...base(), colour: "red", contingents: [{ ...base().contingents[0], leader: { name: "", lp: 3 } }, { ...base().contingents[1], bands: [{ grade: "E", stands: 0 }] }] };
    const read = armyFileProblems(wrong);
    expect(read.army).toBeNull();
    expect(read.problems.map((p) => `${p.path} (${p.rule})`).sort()).toEqual(
      ["(army) (army format)", "contingents[0].leader.name (army format)", "contingents[1].bands[0].grade (army format)", "contingents[1].bands[0].stands (army format)"].sort(),
    );
    const one = base();
    one.contingents.pop();
    expect(armyFileProblems(one)).toEqual({ army: one, problems: [{ path: "contingents", message: "an army has 2 to 5 contingents, this one has 1", rule: "SW-5" }] });
    expect(armyFileProblems(base())).toEqual({ army: base(), problems: [] });
  });

  it("Deployment: each unit begins with 3 fatigue DPs and Present aggression", () => {
    const army = loadArmy("maldon-991-english.json");
    const f = buildForce(army, Random.fromSeed(5));
    expect(f.units).toHaveLength(9);
    for (const u of f.units) {
      expect(u.aggression).toBe("present");
      expect(totalDp(u)).toBe(3);
      expect(u.dp.fatigue).toBe(3); // ruling SW-12: the starting DPs are fatigue
      expect(u.formed).toBe(true);
      expect(u.inCombat).toBe(false);
    }
    const byz = f.leaders.find((l) => l.name === "Byrhtnoth");
    expect(byz).toMatchObject({ lpValue: 5, lpSpent: 0, commanderInChief: true, exceptional: true, status: "alive", unit: "centre-retinue", signalled: false });
    // A scenario may change the starting state.
    const g = buildForce(army, Random.fromSeed(5), { startingDp: 0, startingAggression: "ready" });
    expect(g.units.every((u) => totalDp(u) === 0 && u.aggression === "ready")).toBe(true);
  });
});
