/**
 * The engine's layout (issue 13): no import cycles in the Shieldwall ruleset, phases never import
 * one another (a roll's continuation or a hand-off goes through the loop, battle/loop.ts), and the
 * geometry imports nothing from the battle. Type-only imports and `import("…")` types count.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../src/rulesets/shieldwall");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Each source file (relative to the ruleset) and the ruleset files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(ROOT)) {
    const text = readFileSync(file, "utf8");
    const deps: string[] = [];
    for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)"(\.[^"]+)"/gm)) {
      const target = resolve(dirname(file), m[1]).replace(/\.js$/, ".ts");
      if (target.startsWith(ROOT)) deps.push(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), deps);
  }
  return graph;
}

describe("Engine layout (issue 13)", () => {
  const graph = importGraph();

  it("no import cycles in src/rulesets/shieldwall", () => {
    expect([...graph.values()].reduce((n, deps) => n + deps.length, 0)).toBeGreaterThan(200);
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === "done") return;
      if (state.get(f) === "open") {
        cycles.push([...path.slice(path.indexOf(f)), f].join(" -> "));
        return;
      }
      state.set(f, "open");
      for (const d of graph.get(f) ?? []) visit(d, [...path, f]);
      state.set(f, "done");
    };
    for (const f of graph.keys()) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it("no file in battle/phases/ imports another file in battle/phases/", () => {
    const bad = [...graph].flatMap(([f, deps]) => (f.startsWith("battle/phases/") ? deps.filter((d) => d.startsWith("battle/phases/")).map((d) => `${f} -> ${d}`) : []));
    expect(bad).toEqual([]);
  });

  it("only battle/loop.ts imports every phase", () => {
    const phases = [...graph.keys()].filter((f) => f.startsWith("battle/phases/"));
    expect(phases.length).toBeGreaterThan(5);
    const all = [...graph].filter(([, deps]) => phases.every((p) => deps.includes(p))).map(([f]) => f);
    expect(all).toEqual(["battle/loop.ts"]);
  });

  it("geometry/ imports nothing from battle/", () => {
    const bad = [...graph].flatMap(([f, deps]) => (f.startsWith("geometry/") ? deps.filter((d) => d.startsWith("battle/")).map((d) => `${f} -> ${d}`) : []));
    expect(bad).toEqual([]);
  });
});
