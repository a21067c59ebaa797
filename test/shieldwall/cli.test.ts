import { describe, expect, it } from "vitest";
import { runCli, scratchFiles } from "../helpers/cli.js";

const file = scratchFiles("muster-sw-").next;

function oneLineError(r: { code: number; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\s+at .*\.(js|ts):\d+/);
}

const army = {
  name: "test",
  side: "red",
  contingents: [
    { leader: { name: "One", lp: 3 }, retinue: { grade: "A", stands: 1 }, bands: [{ grade: "B", stands: 2 }] },
    { leader: { name: "Two", lp: "roll" }, retinue: { grade: "B", stands: 1 }, bands: [{ grade: "A", stands: 1 }] },
  ],
};

describe("muster army check (SW-5, SW-6)", () => {
  it("army check accepts the Maldon armies and summarises them", async () => {
    const r = await runCli(["--seed", "1", "army", "check", "data/shieldwall/armies/maldon-991-english.json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/The English at Maldon, 991: valid \(red side; 3 contingents, 9 units, 15 stands, 3 supernumeraries\)/);
    expect(r.stdout).toMatch(/Godric son of Odda: LP roll \(AvD; with seed 1: [2-5]\)/);
    const j = await runCli(["--json", "--seed", "1", "army", "check", "data/shieldwall/armies/maldon-991-vikings.json"]);
    const out = JSON.parse(j.stdout);
    expect(out).toMatchObject({ valid: true, side: "black", contingents: 3, units: 9, stands: 14 });
    expect(out.supernumeraries.map((s: { kind: string }) => s.kind).sort()).toEqual(["camp-followers", "heroic-champion", "special-weapon"]);
    expect(out.forces.every((u: { dp: number; aggression: string }) => u.dp === 3 && u.aggression === "present")).toBe(true);
  });

  it("army check refuses a bad army naming the place and the rule (SW-5)", async () => {
    oneLineError(await runCli(["army", "check", file(army)]), /contingents\[1\]\.bands\[0\]\.grade: a band may be B, C or D, not A \(rule SW-5\)$/m);
    const two = structuredClone(army);
    two.contingents[1].bands[0].grade = "B";
    (two.contingents[0].retinue as { supernumeraries?: string[] }).supernumeraries = ["holy-person", "holy-person"];
    oneLineError(await runCli(["army", "check", file(two)]), /contingents\[0\]\.retinue\.supernumeraries\[1\]: only one holy person per army.*\(rule SW-6\)/);
    oneLineError(await runCli(["army", "check", file({ ...army, colour: "red" })]), /field \(top level\): unknown field "colour"/);
    oneLineError(await runCli(["army", "check", file("{ not json")]), /not valid JSON/);
    oneLineError(await runCli(["army", "check", "/no/such/army.json"]), /cannot read \/no\/such\/army.json: no such file/);
    oneLineError(await runCli(["army", "check", file({ ...army, contingents: [{ ...army.contingents[0], retinue: { grade: "E", stands: 1 } }] })]), /field contingents\[0\]\.retinue\.grade/);
  });
});

describe("muster odds sw-charge, sw-control, sw-shooting, sw-leader-risk", () => {
  it("sw-charge gives exact fractions and the failed charge's DP", async () => {
    const r = await runCli(["--json", "odds", "sw-charge", "--input", file({ grade: "D", aggression: "present", dp: 2 })]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.charges).toEqual({ fraction: "1/6", decimal: expect.closeTo(1 / 6, 6) });
    expect(j.modifier).toBe(-2);
    expect(j.onFailure).toMatchObject({ dp: 3, aggression: "present" });
    const t = await runCli(["odds", "sw-charge", "--input", file({ grade: "A", aggression: "bloodlust", dp: 0 })]);
    expect(t.stdout).toMatch(/charges automatically/);
  });

  it("sw-charge refuses a Shaken unit and impossible units", async () => {
    oneLineError(await runCli(["odds", "sw-charge", "--input", file({ grade: "B", aggression: "shaken", dp: 0 })]), /field aggression: a Shaken unit may not initiate a charge/);
    oneLineError(await runCli(["odds", "sw-charge", "--input", file({ grade: "C", aggression: "ready", dp: 0, retinueWithLeader: true })]), /field retinueWithLeader: .*rule SW-5/);
    oneLineError(await runCli(["odds", "sw-charge", "--input", file({ grade: "B", aggression: "ready", dp: 0, speed: 3 })]), /unknown field "speed"/);
    oneLineError(await runCli(["odds", "sw-charge", "--input", file({ grade: "B", aggression: "angry", dp: 0 })]), /field aggression/);
  });

  it("sw-control gives each result and pursuit", async () => {
    const r = await runCli(["--json", "odds", "sw-control", "--input", file({ grade: "C", aggression: "shaken" })]);
    const j = JSON.parse(r.stdout);
    expect(j.outcomes.find((o: { outcome: string }) => o.outcome === "retire").p.fraction).toBe("1/2");
    expect(j.pursuitContinues.fraction).toBe("0");
    oneLineError(await runCli(["odds", "sw-control", "--input", file({ grade: "B", aggression: "ready", aGradeChoice: "plus" })]), /field aGradeChoice: .*A grade units only/);
  });

  it("sw-shooting gives hits and the target's aggression, DPs and stands", async () => {
    const r = await runCli(["--json", "odds", "sw-shooting", "--input", file({ shooterStands: 1, target: { kind: "band", grade: "D", stands: 1, aggression: "shaken", dp: 4 } })]);
    const j = JSON.parse(r.stdout);
    expect(j.dice).toBe(2);
    // Any hit destroys it: 1 − (5/6)².
    expect(j.target.destroyed.fraction).toBe("11/36");
    expect(j.target.stands).toEqual([
      { stands: 0, p: { fraction: "11/36", decimal: expect.closeTo(11 / 36, 6) } },
      { stands: 1, p: { fraction: "25/36", decimal: expect.closeTo(25 / 36, 6) } },
    ]);
    oneLineError(await runCli(["odds", "sw-shooting", "--input", file({ shooterStands: 1, target: { kind: "retinue", grade: "C", stands: 1, aggression: "ready", dp: 0 } })]), /field target\.grade: a retinue may be A or B, not C \(rule SW-5\)/);
    oneLineError(await runCli(["odds", "sw-shooting", "--input", file({ shooterStands: 1, shooterInCombat: true, target: { kind: "band", grade: "C", stands: 1, aggression: "ready", dp: 0 } })]), /units in combat do not shoot \(rule SW-16\)/);
  });

  it("sw-leader-risk gives death and LP odds and the retinue-eliminated roll", async () => {
    const r = await runCli(["--json", "odds", "sw-leader-risk", "--input", file({ lpValue: 1, engagedInCombat: true })]);
    const j = JSON.parse(r.stdout);
    expect(j.killed.fraction).toBe("1/6");
    expect(j.retinueEliminated.map((o: { outcome: string }) => o.outcome)).toEqual(["killed", "captured", "escapes"]);
    oneLineError(await runCli(["odds", "sw-leader-risk", "--input", file({ lpValue: 3 })]), /field missileHits: a leader is at risk only when/);
    oneLineError(await runCli(["odds", "sw-leader-risk", "--input", file({ lpValue: 9, missileHits: 1 })]), /field lpValue/);
  });

  it("every calculator's example runs", async () => {
    for (const name of ["sw-charge", "sw-control", "sw-shooting", "sw-leader-risk"]) {
      const ex = await runCli(["odds", name, "--example"]);
      const r = await runCli(["odds", name, "--input", file(ex.stdout)]);
      expect(r.code, name).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(50);
    }
  });
});

describe("muster sw roll (the tests at the table, seeded)", () => {
  it("sw roll repeats with the same seed and applies the rule to the faces shown", async () => {
    const input = file({ grade: "C", aggression: "present", dp: 4 });
    const a = await runCli(["--json", "--seed", "11", "sw", "roll", "charge", "-i", input]);
    const b = await runCli(["--json", "--seed", "11", "sw", "roll", "charge", "-i", input]);
    expect(a.stdout).toBe(b.stdout);
    const j = JSON.parse(a.stdout);
    expect(j.charges).toBe(j.face - 1 >= 4);
    // A failed charge at 4 DPs is an aggression drop instead of a 5th DP (SW-12).
    if (!j.charges) expect(j.unitAfter).toMatchObject({ aggression: "shaken", dp: 4 });
    for (let seed = 0; seed < 12; seed++) {
      const s = JSON.parse((await runCli(["--json", "--seed", String(seed), "sw", "roll", "shooting", "-i", file({ shooterStands: 2, target: { kind: "band", grade: "B", stands: 2, aggression: "present", dp: 0 } })])).stdout);
      expect(s.faces).toHaveLength(4);
      expect(s.hits).toBe(s.faces.filter((f: number) => f === 6).length);
      expect(s.targetAfter.dp).toBe(s.hits);
    }
    const c = JSON.parse((await runCli(["--json", "--seed", "3", "sw", "roll", "control", "-i", file({ grade: "B", aggression: "ready" })])).stdout);
    expect(c.total).toBe(c.face + 1);
    const r = JSON.parse((await runCli(["--json", "--seed", "3", "sw", "roll", "leader-risk", "-i", file({ lpValue: 2, missileHits: 3 })])).stdout);
    expect(r.rolls.length).toBeGreaterThanOrEqual(1);
    expect(r.status === "killed" || r.rolls.length === 3).toBe(true);
  });

  it("sw roll refuses an unknown test and bad input", async () => {
    oneLineError(await runCli(["sw", "roll", "sacrifice", "-i", file({})]), /unknown test "sacrifice"/);
    oneLineError(await runCli(["sw", "roll", "charge", "-i", file({ grade: "B", aggression: "shaken", dp: 0 })]), /a Shaken unit may not initiate a charge/);
  });
});
