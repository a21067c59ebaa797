/**
 * The layering rules of .dependency-cruiser.cjs (run on the project by `npm run deps`, part of
 * `npm test`) catch what they are meant to: a small project tree written to a temporary folder,
 * with one import breaking each rule and a few allowed imports beside them, is cruised with the
 * project's own configuration, and exactly the broken imports are reported.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../scripts/playthroughs.js";

/** file → the relative imports it makes (NodeNext style: `.js` naming a `.ts` file). */
const TREE: Record<string, string[]> = {
  "src/core/game.ts": ["./random.js"],
  "src/core/random.ts": [],
  "src/core/bad-ruleset.ts": ["../rulesets/shove/game.js"],
  "src/core/bad-test.ts": ["../../test/helper.js"],
  "src/core/bad-missing.ts": ["./no-such-file.js"],
  "src/rulesets/shove/game.ts": ["../../core/game.js", "./board.js"],
  "src/rulesets/shove/board.ts": ["../contest/deck.js"],
  "src/rulesets/contest/deck.ts": ["../../cli/output.js"],
  "src/rulesets/contest/game.ts": ["../../core/game.js", "./deck.js"],
  "src/rulesets/shieldwall/battle/types.ts": [],
  "src/rulesets/shieldwall/battle/phases/movement.ts": ["../types.js", "./combat.js"],
  "src/rulesets/shieldwall/battle/phases/combat.ts": ["../types.js", "../../../../core/random.js"],
  "src/cli/registry.ts": ["./shove.js"],
  "src/cli/shove.ts": ["./registry.js", "./output.js", "../rulesets/shove/game.js"],
  "src/cli/output.ts": [],
  "bench/shove.ts": ["../src/rulesets/shove/game.js", "../src/cli/shove.js"],
  "scripts/tool.ts": ["../src/core/game.js", "../src/rulesets/contest/game.js"],
  "test/helper.ts": ["../src/cli/registry.js", "../src/rulesets/shove/board.js", "../bench/shove.js"],
};

/** rule: from → to, every violation the tree holds (a cycle: its files, sorted). */
const EXPECTED = [
  "core-imports-only-core: src/core/bad-ruleset.ts → src/rulesets/shove/game.ts",
  "core-imports-only-core: src/core/bad-test.ts → test/helper.ts",
  "product-not-to-tooling: src/core/bad-test.ts → test/helper.ts",
  "not-to-unresolvable: src/core/bad-missing.ts → ./no-such-file.js",
  "ruleset-not-to-other-ruleset: src/rulesets/shove/board.ts → src/rulesets/contest/deck.ts",
  "rulesets-not-to-programs: src/rulesets/contest/deck.ts → src/cli/output.ts",
  "battle-phases-independent: src/rulesets/shieldwall/battle/phases/movement.ts → src/rulesets/shieldwall/battle/phases/combat.ts",
  "no-circular: src/cli/registry.ts ↔ src/cli/shove.ts",
  "tooling-not-to-cli: bench/shove.ts → src/cli/shove.ts",
].sort();

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

const describeViolation = (v: Violation): string =>
  v.cycle ? `${v.rule.name}: ${[...new Set(v.cycle.map((c) => c.name))].sort().join(" ↔ ")}` : `${v.rule.name}: ${v.from} → ${v.to}`;

let dir = "";

beforeAll(() => {
  dir = mkdtempSync(resolve(tmpdir(), "muster-layering-"));
  for (const [file, imports] of Object.entries(TREE)) {
    const path = resolve(dir, file);
    mkdirSync(dirname(path), { recursive: true });
    const lines = imports.map((m, i) => `import * as m${i} from "${m}";\nexport const use${i} = m${i};`);
    writeFileSync(path, `${lines.join("\n")}\nexport const here = ${JSON.stringify(file)};\n`);
  }
  const tsconfig = { compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true }, include: ["src", "bench", "scripts", "test"] };
  writeFileSync(resolve(dir, "tsconfig.json"), JSON.stringify(tsconfig));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("layering rules (.dependency-cruiser.cjs)", () => {
  it("report exactly the imports that break a rule in a sample tree (a cycle, core → ruleset, ruleset → ruleset, ruleset → CLI, phase → phase, bench → CLI, src → test, an unresolvable import)", () => {
    const root = projectRoot();
    const bin = resolve(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
    const config = resolve(root, ".dependency-cruiser.cjs");
    let out: string;
    try {
      out = execFileSync(process.execPath, [bin, "src", "bench", "scripts", "test", "--config", config, "--output-type", "json"], { cwd: dir, encoding: "utf8" });
    } catch (err) {
      // depcruise exits non-zero when it finds errors; its JSON is still on stdout.
      out = (err as { stdout: string }).stdout;
    }
    const result = JSON.parse(out) as { modules: { source: string }[]; summary: { violations: Violation[] } };
    // Every file was read, and every import resolved to the .ts file it names (but the missing one).
    const files = result.modules.map((m) => m.source).filter((f) => f.endsWith(".ts"));
    expect(files.sort()).toEqual(Object.keys(TREE).sort());
    const got = result.summary.violations.map(describeViolation).sort();
    expect(got).toEqual(EXPECTED);
  });
});
