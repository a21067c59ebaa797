/**
 * One cold `--workers` run in a fresh process, as `muster sim` does it (import, then run):
 * `node dist/bench/cli-sim-cold-run.js GAMES WORKERS old|new` prints `{ wallSeconds, cpuSeconds }`
 * (CPU of every thread of the process). Spawned by the `queue` bench section (cli-queue.ts).
 */
import { performance } from "node:perf_hooks";

const t0 = performance.now();
const { runSim } = await import("../src/cli/battle/sim.js");
const { dataPath, loadScenario } = await import("../src/cli/battle/scenarios.js");
const options = loadScenario("shieldwall-battle", dataPath("shieldwall", "scenarios", "raid.json")).options;
const games = Number(process.argv[2]);
const workers = Number(process.argv[3]);
const oldRunner = process.argv[4] === "old" ? { batchesInFlight: 1, mainThreadPlays: false } : {};
await runSim({ gameId: "shieldwall-battle", options, players: { red: { name: "random" }, black: { name: "random" } }, games, seed: 1, workers, ...oldRunner });
const cpu = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ wallSeconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
