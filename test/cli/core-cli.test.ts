import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

describe("muster command line frame", () => {
  it("--help lists the commands", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: muster/);
    expect(r.stdout).toMatch(/odds/);
    expect(r.stdout).toMatch(/roll/);
  });

  it("every command answers --help", async () => {
    for (const cmd of ["demo", "roll", "odds"]) {
      const r = await runCli([cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`Usage: muster ${cmd}`));
    }
  });

  it("bad usage is one clear line and exit code 2, never a stack trace", async () => {
    const cases: [string[], RegExp][] = [
      [["frobnicate"], /unknown command 'frobnicate'/],
      [["roll"], /missing required argument 'dice'/],
      [["roll", "3x6"], /"3x6" is not a dice term/],
      [["--seed", "ten", "roll", "d6"], /--seed must be a whole number/],
      [["odds", "nope"], /unknown calculator "nope"/],
      [["odds", "dice"], /needs --input/],
      [["odds", "dice", "--input", "/no/such/file.json"], /cannot read \/no\/such\/file.json: no such file/],
      [["roll", "d6", "--bogus"], /unknown option '--bogus'/],
      [["sw"], /muster sw needs a subcommand: /],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\s+at .*\.(js|ts):\d+/);
    }
  });

  it("--seed makes rolls repeatable and --json is machine-readable", async () => {
    const a = await runCli(["--seed", "17", "--json", "roll", "3d6"]);
    const b = await runCli(["roll", "3d6", "--seed", "17", "--json"]);
    expect(a.code).toBe(0);
    const parsed = JSON.parse(a.stdout);
    expect(parsed.rolls[0].faces).toHaveLength(3);
    expect(JSON.parse(b.stdout)).toEqual(parsed);
  });

  it("odds dice gives exact fractions; bad input names the field", async () => {
    const dir = mkdtempSync(join(tmpdir(), "muster-"));
    const good = join(dir, "good.json");
    writeFileSync(good, JSON.stringify({ dice: "2d6" }));
    const r = await runCli(["odds", "dice", "--input", good, "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.mean.fraction).toBe("7");
    expect(out.outcomes.find((o: { total: number }) => o.total === 7).p).toEqual({ fraction: "1/6", decimal: 1 / 6 });

    const unknownField = join(dir, "bad.json");
    writeFileSync(unknownField, JSON.stringify({ dice: "2d6", extra: 1 }));
    const bad = await runCli(["odds", "dice", "--input", unknownField]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/field \(top level\).*extra/i);

    const notJson = join(dir, "broken.json");
    writeFileSync(notJson, '{ "dice": ');
    const broken = await runCli(["odds", "dice", "--input", notJson]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/not valid JSON \(it ends too early, at line 1\)/);
    writeFileSync(notJson, '{\n  "dice": 2d6\n}');
    const token = await runCli(["odds", "dice", "--input", notJson]);
    expect(token.stderr).toMatch(/not valid JSON at line 2, column 12/);

    const wrongType = join(dir, "type.json");
    writeFileSync(wrongType, JSON.stringify({ dice: 6 }));
    const typed = await runCli(["odds", "dice", "--input", wrongType]);
    expect(typed.stderr).toMatch(/field dice:/);
  });

  it("demo narrates dice, cards, exact odds and a verified replay", async () => {
    const r = await runCli(["demo", "--seed", "3"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/5\/12 = 0\.416667/);
    expect(r.stdout).toMatch(/verified/);
    const again = await runCli(["demo", "--seed", "3"]);
    expect(again.stdout).toBe(r.stdout);
  });
});
