/**
 * Rewrites the golden playthroughs under test/playthroughs/ (see scripts/playthroughs.ts). Run it
 * after an intended change of play, and review the diff:
 *
 *   npm run playthroughs && git diff --stat test/playthroughs
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PLAYTHROUGH_DIR, playthroughCases, projectRoot, recordPlaythrough } from "./playthroughs.js";

const dir = resolve(projectRoot(), PLAYTHROUGH_DIR);
mkdirSync(dir, { recursive: true });
const cases = playthroughCases();
const names = new Set(cases.map((c) => `${c.name}.jsonl`));
for (const f of readdirSync(dir)) if (f.endsWith(".jsonl") && !names.has(f)) rmSync(resolve(dir, f));
for (const c of cases) {
  writeFileSync(resolve(dir, `${c.name}.jsonl`), recordPlaythrough(c));
  process.stdout.write(`${PLAYTHROUGH_DIR}/${c.name}.jsonl\n`);
}
