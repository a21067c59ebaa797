import { describe, expect, it } from "vitest";
import { runCli, scratchFiles } from "../helpers/cli.js";

const files = scratchFiles("muster-dice-notation-");

describe("issue 25: dice notation on the command line", () => {
  it("roll 4d6kh3 shows all four dice, the dropped one marked, and totals the kept three", async () => {
    const r = await runCli(["--seed", "3", "roll", "4d6kh3"]);
    expect(r.code).toBe(0);
    const m = /^4d6kh3: 4d6kh3 \[(.*)\] = (\d+) → (\d+) {2}\(seed 3\)$/.exec(r.stdout.trim());
    expect(m).not.toBeNull();
    const dice = m![1].split(", ");
    expect(dice).toHaveLength(4);
    expect(dice.filter((d) => d.endsWith(" dropped"))).toHaveLength(1);
    const kept = dice.filter((d) => !d.endsWith(" dropped")).map(Number);
    expect(kept.reduce((a, b) => a + b, 0)).toBe(Number(m![2]));
    const json = JSON.parse((await runCli(["--seed", "3", "--json", "roll", "4d6kh3"])).stdout);
    expect(json.rolls[0].detail).toHaveLength(4);
    expect(json.rolls[0].detail.filter((d: { kept: boolean }) => !d.kept)).toHaveLength(1);
    expect(json.total).toBe(Number(m![3]));
  });

  it("roll shows every exploded and rerolled throw, and the explode depth", async () => {
    let exploded = false;
    let rerolled = false;
    for (let seed = 1; seed <= 12 && !(exploded && rerolled); seed++) {
      const r = await runCli(["--seed", String(seed), "--json", "roll", "3d6!+2d20r<4", "--explode-depth", "3"]);
      expect(r.code).toBe(0);
      const json = JSON.parse(r.stdout);
      expect(json.explodeDepth).toBe(3);
      for (const d of json.rolls[0].detail) {
        expect(d.throws.length).toBeLessThanOrEqual(4);
        if (d.throws.length > 1) exploded = true;
      }
      for (const d of json.rolls[1].detail) {
        if (d.rerolled) {
          rerolled = true;
          expect(d.throws[0]).toBeLessThan(4);
          expect(d.throws).toHaveLength(2);
        }
      }
      const text = (await runCli(["--seed", String(seed), "roll", "3d6!+2d20r<4", "--explode-depth", "3"])).stdout;
      expect(text).toMatch(/\(seed \d+, explode depth 3\)/);
      if (json.rolls[0].detail.some((d: { throws: number[] }) => d.throws.length > 1)) expect(text).toMatch(/6\+\d/);
      if (json.rolls[1].detail.some((d: { rerolled: boolean }) => d.rerolled)) expect(text).toMatch(/[123]→\d+/);
    }
    expect(exploded).toBe(true);
    expect(rerolled).toBe(true);
  });

  it("odds dice takes the expression itself: 4d6kh3's exact mean, variance and table", async () => {
    const r = await runCli(["odds", "dice", "4d6kh3"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("4d6kh3: 4 D6, keep the highest 3");
    expect(r.stdout).toContain("mean 15869/1296 (12.2446), variance 13612487/1679616 (8.1045), standard deviation 2.8468");
    expect(r.stdout).toMatch(/^ {6}18 +7\/432 +0\.016204 +>= 0\.016204$/m);
    const json = JSON.parse((await runCli(["--json", "odds", "dice", "4d6kh3"])).stdout);
    expect(json.mean).toEqual({ fraction: "15869/1296", decimal: 15869 / 1296 });
    expect(json.standardDeviation).toBeCloseTo(2.8468, 4);
  });

  it("odds dice honours --explode-depth and the file's explodeDepth alike", async () => {
    const flag = JSON.parse((await runCli(["--json", "odds", "dice", "1d6!", "--explode-depth", "1"])).stdout);
    expect(flag.explodeDepth).toBe(1);
    expect(flag.mean.fraction).toBe("49/12");
    expect(flag.terms[0]).toBe("1d6!: 1 D6, exploding on 6: at most 1 extra throw per die (explode depth 1)");
    const file = JSON.parse((await runCli(["--json", "odds", "dice", "--input", files.next({ dice: "1d6!", explodeDepth: 1 })])).stdout);
    expect(file).toEqual(flag);
    const dflt = JSON.parse((await runCli(["--json", "odds", "dice", "1d6!"])).stdout);
    expect(dflt.explodeDepth).toBe(2);
    expect(dflt.outcomes.at(-1).total).toBe(18);
  });

  it.each([
    [["odds", "dice", "4d6kh5"], /"4d6kh5": "kh5" keeps 5 of 4 dice; between 1 and 4/],
    [["odds", "dice", "4d6q"], /"4d6q": "q" is not a dice modifier/],
    [["roll", "d6r9"], /"d6r9": "r9" rerolls no face of the D6/],
    [["roll", "d20001"], /"d20001": a die has between 1 and 10000 sides \(MAX_SIDES\)/],
    [["roll", "3d6!", "--explode-depth", "99"], /--explode-depth must be between 0 and 20, got 99/],
    [["odds", "dice", "1d6!", "--input", "x.json"], /the expression or --input FILE, not both/],
    [["odds", "sw-charge", "3d6"], /a dice expression and --explode-depth are for "odds dice" only/],
    [["odds", "dice", "--input", files.next({ dice: "3d6!", explodeDepth: 21 })], /field explodeDepth/],
  ])("%j is refused in one line naming the part", async (args, message) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
