/**
 * `npm run bench [-- SECTION ...]`: runs the benchmark sections and prints one JSON object,
 * `{ section: { measure: value } }`, plus the machine it ran on. Each ruleset adds a section.
 */
import { cpus } from "node:os";
import { queueBench } from "./cli-queue.js";
import { battleBench } from "./cli-sim.js";
import { contestBench } from "./contest.js";
import { coreBench } from "./core.js";
import { diceBench } from "./dice.js";
import { gurpsBench } from "./gurps.js";
import { onlineBench } from "./online.js";
import type { BenchResults, BenchSection } from "./harness.js";
import { shieldwallBench } from "./shieldwall.js";
import { shieldwallAiBench } from "./shieldwall-ai.js";
import { shieldwallHardBench } from "./shieldwall-hard.js";
import { shieldwallBattleBench } from "./shieldwall-battle.js";
import { shieldwallCombatBench } from "./shieldwall-combat.js";
import { shieldwallDuelBench } from "./shieldwall-duel.js";
import { shieldwallGeometryBench } from "./shieldwall-geometry.js";
import { shoveBench } from "./shove.js";
import { webDecisionsBench } from "./web-decisions.js";
import { webBench } from "./web.js";

const sections: BenchSection[] = [coreBench, diceBench, shieldwallBench, shieldwallCombatBench, gurpsBench, shieldwallDuelBench, shieldwallGeometryBench, contestBench, shoveBench, battleBench, shieldwallBattleBench, shieldwallAiBench, shieldwallHardBench, webDecisionsBench, webBench, onlineBench, queueBench];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !sections.some((s) => s.name === w));
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown section ${unknown.join(", ")}; known: ${sections.map((s) => s.name).join(", ")}\n`);
  process.exit(2);
}
const results: Record<string, BenchResults | Record<string, unknown>> = {
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? "unknown" },
};
for (const s of sections) {
  if (wanted.length > 0 && !wanted.includes(s.name)) continue;
  results[s.name] = await s.run();
}
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
