import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { Fraction } from "../../src/core/fraction.js";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "muster-gurps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(data: unknown): string {
  const path = join(dir, `input-${n++}.json`);
  writeFileSync(path, typeof data === "string" ? data : JSON.stringify(data));
  return path;
}

const base = { skill: 14, db: 3, mode: "abstract", defense: { kind: "block", value: 11 } };
const PARTS = ["criticalHit", "hit", "shield", "defended", "miss", "criticalMiss"] as const;

describe("muster odds gurps-cover", () => {
  it("GC-2: prints every probability as an exact fraction and decimal, summing to exactly 1", async () => {
    const r = await runCli(["--json", "odds", "gurps-cover", "--input", file(base)]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    let sum = Fraction.ZERO;
    for (const k of PARTS) {
      expect(out[k]).toEqual({ fraction: expect.any(String), decimal: expect.any(Number) });
      expect(Fraction.parse(out[k].fraction).toNumber()).toBeCloseTo(out[k].decimal, 12);
      sum = sum.add(Fraction.parse(out[k].fraction));
    }
    expect(sum.eq(Fraction.ONE)).toBe(true);
    expect(Object.keys(out.hitByLocation)).toContain("torso");
    expect(out.effectiveSkill).toBe(11);
  });

  it("GC-2: the text report shows the fractions, decimals and total", async () => {
    const r = await runCli(["odds", "gurps-cover", "--input", file(base)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/critical hit\s+1\/54\s+0\.018519/);
    expect(r.stdout).toMatch(/total\s+1\s+1\.000000/);
    expect(r.stdout).toContain("good cover: −3 to hit");
  });

  it("shows an example input", async () => {
    const r = await runCli(["odds", "gurps-cover", "--example"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).mode).toBe("abstract");
  });
});

describe("muster odds gurps-cover: bad input is refused with one clear line", () => {
  const cases: [string, unknown, RegExp][] = [
    ["skill not a number", { ...base, skill: "high" }, /field skill: must be a whole number from -20 to 50/],
    ["db out of range", { ...base, db: 13 }, /field db: must be a whole number from 0 to 12 .*GC-6/],
    ["unknown mode", { ...base, mode: "cover" }, /field mode: must be one of "db", "abstract", "random", "specific"/],
    ["missing mode", { skill: 14, db: 3 }, /field mode: must be one of/],
    ["unknown location", { ...base, location: "tail" }, /field location: must be one of "random", "skull"/],
    ["unknown hex", { ...base, hex: "behind" }, /field hex: must be one of "front"/],
    ["positive flail penalty", { ...base, flailPenalty: 2 }, /field flailPenalty: .*0 or negative such as -2, GC-6/],
    ["edition 5", { ...base, edition: 5 }, /field edition: must be 3 or 4/],
    ["unknown field", { ...base, shields: 2 }, /unknown field "shields"/],
    ["defence without a value", { ...base, defense: { kind: "parry" } }, /field defense\.value: is required for a parry/],
    ["GC-5 hunkered with a block", { ...base, hunkered: true }, /field defense\.kind: must be "none" when hunkered.*GC-5/],
    ["GC-4 aimed at a fully covered location", { ...base, mode: "specific", location: "torso" }, /field location: the torso is fully covered .*\(rule GC-4\)/],
    ["unknown option", { ...base, options: { bucklers: true } }, /field options: unknown field "bucklers"/],
    ["not an object", [1, 2], /must be a JSON object/],
  ];
  for (const [title, data, message] of cases) {
    it(`refuses ${title}`, async () => {
      const r = await runCli(["odds", "gurps-cover", "--input", file(data)]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    });
  }

  it("refuses a file that is not JSON", async () => {
    const r = await runCli(["odds", "gurps-cover", "--input", file('{ "skill": 14,\n  "db": }')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not valid JSON/);
  });

  it("refuses a missing file", async () => {
    const r = await runCli(["odds", "gurps-cover", "--input", join(dir, "nope.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*nope\.json: no such file/);
  });
});

describe("muster gurps attack", () => {
  it("muster gurps on its own lists its commands", async () => {
    const r = await runCli(["gurps"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/attack \[options\]/);
    expect(r.stdout).toMatch(/compare \[options\]/);
  });

  it("GC-6: a negative flail penalty can be given as --flail -2", async () => {
    const r = await runCli(["--seed", "1", "gurps", "attack", "--skill", "14", "--db", "3", "--mode", "abstract", "--flail", "-2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("lowers good cover to slight (GC-6)");
  });

  it("GC-1..GC-4: one attack step by step, every die shown, repeatable with --seed", async () => {
    const args = ["--seed", "7", "gurps", "attack", "--skill", "14", "--db", "3", "--mode", "specific", "--defense", "parry", "--defense-value", "10"];
    const a = await runCli(args);
    const b = await runCli(args);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/1\. attack roll: 3d6 \[\d, \d, \d\] = \d+/);
    expect(a.stdout).toMatch(/Result: (CRITICAL HIT|HIT|SHIELD STRUCK|DEFENDED|MISS|CRITICAL MISS)/);
    expect(a.stdout).toContain("(seed 7)");
  });

  it("GC-1..GC-4: --json lists every die with its faces, and the steps replay to the outcome", async () => {
    for (const seed of ["1", "2", "3", "4", "5", "6"]) {
      const r = await runCli(["--json", "--seed", seed, "gurps", "attack", "--input", file({ ...base, mode: "random" })]);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.seed).toBe(Number(seed));
      expect(out.steps[0].purpose).toBe("attack");
      for (const s of out.steps) expect(s.faces.reduce((x: number, y: number) => x + y, 0)).toBe(s.total);
      expect(PARTS).toContain(out.outcome);
    }
  });

  it("flags override the input file", async () => {
    const r = await runCli(["--json", "--seed", "1", "gurps", "attack", "--input", file(base), "--db", "1", "--mode", "db"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.mode).toBe("db");
    expect(out.input.db).toBe(1);
  });

  it("refuses bad flags with a message naming the flag", async () => {
    const bad: [string[], RegExp][] = [
      [["--db", "3", "--mode", "abstract"], /--skill is required/],
      [["--skill", "x", "--db", "3", "--mode", "abstract"], /--skill must be a whole number/],
      [["--skill", "14", "--db", "3", "--mode", "cover"], /--mode: must be one of/],
      [["--skill", "14", "--db", "3", "--mode", "abstract", "--defense", "block"], /--defense-value: is required for a block/],
      [["--skill", "14", "--db", "3", "--mode", "abstract", "--flail", "3"], /--flail: .*GC-6/],
      [["--skill", "14", "--db", "3", "--mode", "specific", "--location", "vitals"], /vitals is fully covered .*GC-4/],
      [["--skill", "14", "--db", "3", "--mode", "abstract", "--hunkered", "--defense", "dodge", "--defense-value", "9"], /--defense: must be "none" when hunkered.*GC-5/],
    ];
    for (const [args, message] of bad) {
      const r = await runCli(["--seed", "1", "gurps", "attack", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("muster gurps compare", () => {
  it("GC-2..GC-4: a table of all four treatments with the attacker's best choice", async () => {
    const r = await runCli(["gurps", "compare", "--input", file({ ...base, location: "torso" })]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/DB \(written\)\s+abstract\s+random\s+specific/);
    expect(r.stdout).toMatch(/body struck/);
    expect(r.stdout).toMatch(/n\/a under specific cover \(GC-4\): the torso is fully covered/);
    expect(r.stdout).toMatch(/Attacker's choice under abstract cover \(GC-2\): treat the shield as cover/);
    expect(r.stdout).toMatch(/Best for the attacker of all four/);
  });

  it("GC-2..GC-4: --json gives exact fractions for each treatment, each summing to 1", async () => {
    const r = await runCli(["--json", "gurps", "compare", "--input", file({ ...base, db: 2, mode: undefined })]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out.treatments)).toEqual(["db", "abstract", "random", "specific"]);
    for (const t of Object.values(out.treatments) as Record<string, { fraction: string }>[]) {
      const sum = PARTS.reduce((s, k) => s.add(Fraction.parse(t[k].fraction)), Fraction.ZERO);
      expect(sum.eq(Fraction.ONE)).toBe(true);
    }
    expect(["db", "abstract", "random", "specific"]).toContain(out.attackerBest);
  });

  it("needs --input and refuses bad input", async () => {
    const none = await runCli(["gurps", "compare"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--input/);
    const bad = await runCli(["gurps", "compare", "--input", file({ skill: 14 })]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/field db: must be a whole number/);
  });
});
