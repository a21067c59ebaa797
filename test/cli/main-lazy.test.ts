import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS, loadedModules, modulesFor } from "../../src/cli/main.js";
import { runCli } from "../helpers/cli.js";

describe("muster: command modules are loaded on demand", () => {
  it("muster --help lists every command while importing no command module", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c.name}\\b`, "m"));
    expect(loadedModules()).toEqual([]);
  });

  it("main.ts imports no command module statically", () => {
    const src = readFileSync(new URL("../../src/cli/main.ts", import.meta.url), "utf8");
    const statics = [...src.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(statics.sort()).toEqual(["../core/game.js", "./errors.js", "./module.js", "./odds.js", "commander"]);
  });

  it("a command loads only its own modules; odds NAME only the calculator's", () => {
    const argv = (...a: string[]) => ["node", "muster", ...a];
    expect(modulesFor(argv("--help"))).toEqual([]);
    expect(modulesFor(argv("--seed", "3", "battle", "--game", "pig"))).toEqual(["battle"]);
    expect(modulesFor(argv("help", "sw"))).toEqual(["sw-personal-combat", "shieldwall"]);
    expect(modulesFor(argv("odds", "sw-charge", "--input", "-"))).toEqual(["odds", "sw-odds"]);
    expect(modulesFor(argv("odds", "-i", "x.json", "dice"))).toEqual(["odds"]);
    expect(modulesFor(argv("odds")).length).toBeGreaterThan(4);
  });

  it("the calculators and commands of the static tables are the ones the modules register", async () => {
    const list = await runCli(["--json", "odds"]);
    const names = (JSON.parse(list.stdout) as { name: string }[]).map((c) => c.name).sort();
    const { CALCULATORS } = await import("../../src/cli/main.js");
    expect(names).toEqual(Object.keys(CALCULATORS).sort());
    for (const c of COMMANDS) {
      const r = await runCli([c.name, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Usage: muster ${c.name}`);
    }
  });
});
