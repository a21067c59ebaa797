/**
 * Tuning hard's commander (issue 26; docs/shieldwall/ai.md, "Tuning hard's commander"): plays the
 * commander with the given options against the default commander on every shipped scenario, from
 * both sides, and prints each cell's wins, losses and draws with the variant's score (a draw counts
 * half) and its 95% Wilson interval. With --sweep, each listed change is tried on top of --options
 * and one line per change is printed, best first, to pick the next change to measure properly.
 *
 *   npm run tune:commander -- --games 60 --seed 20000                      # hard's options
 *   npm run tune:commander -- --options '{"restAtDp":1}' --games 25
 *   npm run tune:commander -- --games 25 --sweep '[{"advanceBy":6},{"chargeThreshold":0.3}]'
 *
 * The variant plays with seed s and the default commander with s + 77, on battle seeds from --seed.
 */
import { performance } from "node:perf_hooks";
import { HARD_COMMANDER_OPTIONS } from "../src/rulesets/shieldwall/ai/index.js";
import { checkCommanderOptions, parseCommanderOptions, pct, playCells, SCENARIOS, score, total } from "./commander-tuning.js";
import { argOf, wholeNumber } from "./args.js";

function main(): void {
  const args = process.argv.slice(2);
  const games = wholeNumber(argOf(args, "--games"), "--games", 25);
  const seed = wholeNumber(argOf(args, "--seed"), "--seed", 20000);
  const scenarios = argOf(args, "--scenarios")?.split(",") ?? SCENARIOS;
  for (const s of scenarios) if (!SCENARIOS.includes(s)) throw new Error(`--scenarios: unknown scenario "${s}" (shipped: ${SCENARIOS.join(", ")})`);
  const base = argOf(args, "--options") === undefined ? HARD_COMMANDER_OPTIONS : parseCommanderOptions(argOf(args, "--options")!, "--options");
  const sweep = argOf(args, "--sweep");
  if (sweep !== undefined) {
    let changes: unknown;
    try {
      changes = JSON.parse(sweep);
    } catch {
      throw new Error(`--sweep must be a JSON array of option objects, e.g. '[{"advanceBy":6}]'`);
    }
    if (!Array.isArray(changes)) throw new Error("--sweep must be a JSON array of option objects");
    // Every change checked before any battle, so a typo in the last one costs nothing.
    const checked = changes.map((change, i) => checkCommanderOptions(change, `--sweep[${i}]`));
    const lines = checked.map((change) => {
      const options = { ...base, ...change };
      const s = score(total(playCells(options, scenarios, games, seed)));
      process.stderr.write(`${JSON.stringify(change)}: ${pct(s.rate)}\n`);
      return { change, s };
    });
    lines.sort((a, b) => b.s.rate - a.s.rate);
    for (const { change, s } of lines) process.stdout.write(`${pct(s.rate)} [${pct(s.low)}, ${pct(s.high)}]  ${JSON.stringify(change)}\n`);
    return;
  }
  const start = performance.now();
  const cells = playCells(base, scenarios, games, seed);
  const rows = [`Options ${JSON.stringify(base)} against the default commander, ${games} battles per cell from seed ${seed}:`, "", "| Scenario | side | won–lost–drawn | score | 95% interval |", "| --- | --- | --- | ---: | --- |"];
  for (const c of cells) {
    const s = score(c);
    rows.push(`| ${c.scenario} | ${c.side} | ${c.wins}–${c.losses}–${c.draws} | ${pct(s.rate)} | [${pct(s.low)}, ${pct(s.high)}] |`);
  }
  const t = total(cells);
  const s = score(t);
  rows.push(`| all | both | ${t.wins}–${t.losses}–${t.draws} | ${pct(s.rate)} | [${pct(s.low)}, ${pct(s.high)}] |`);
  process.stdout.write(`${rows.join("\n")}\n\n${((performance.now() - start) / 1000).toFixed(0)} s\n`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`tune:commander: ${(err as Error).message}\n`);
  process.exitCode = 2;
}
