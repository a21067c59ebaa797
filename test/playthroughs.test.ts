/**
 * Golden playthroughs (scripts/playthroughs.ts): every committed game replays to the same
 * decisions, event texts and state hashes. An intended change of play is made visible by
 * `npm run playthroughs` and reviewed as a diff of test/playthroughs/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PLAYTHROUGH_DIR, playthroughCases, projectRoot, recordPlaythrough } from "../scripts/playthroughs.js";

const dir = resolve(projectRoot(), PLAYTHROUGH_DIR);
const cases = playthroughCases();

describe("golden playthroughs (test/playthroughs/)", () => {
  it("every committed file belongs to a case, and every case has a file", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();
    expect(files).toEqual(cases.map((c) => `${c.name}.jsonl`).sort());
  });

  for (const c of cases) {
    it(`${c.name}: the same decisions, events and state hashes as committed`, () => {
      const path = resolve(dir, `${c.name}.jsonl`);
      expect(existsSync(path), `${path} is missing: run npm run playthroughs`).toBe(true);
      const want = readFileSync(path, "utf8").split("\n");
      const got = recordPlaythrough(c).split("\n");
      // Compare line by line so a failure names the first decision that changed.
      const n = Math.max(want.length, got.length);
      for (let i = 0; i < n; i++) if (got[i] !== want[i]) expect(got[i], `${c.name}.jsonl line ${i + 1}`).toBe(want[i]);
    });
  }
});
