/**
 * Queued simulations (issue 28, docs/sim-queue.md): Shieldwall raid battles (random v random)
 * per second with 1, 2 and 3 `muster worker` processes (one thread each) on a private loopback
 * redis-server, against the plain `--workers` runner with 1, 2 and 3 threads; and the queue's
 * overhead per job (Pig games, one game per job, one worker: nearly all of the time is queue).
 * Worker processes are started and connected before the clock starts (they are long-lived);
 * the plain runner's times include starting its threads, as `muster sim` does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { dataPath, loadScenario } from "../src/cli/battle/scenarios.js";
import { startQueueRun } from "../src/cli/battle/queue-sim.js";
import { runSim } from "../src/cli/battle/sim.js";
import { packageRoot } from "../src/cli/package-root.js";
import type { BenchResults, BenchSection } from "./harness.js";
import { startRedis } from "./redis-server.js";

const RANDOM = { red: { name: "random" }, black: { name: "random" } };

function startWorkers(url: string, n: number): Promise<ChildProcess[]> {
  const bin = join(packageRoot(), "bin", "muster.js");
  return Promise.all(
    Array.from({ length: n }, () => {
      const child = spawn(process.execPath, [bin, "worker", "--queue", url, "--threads", "1"], { stdio: ["ignore", "ignore", "pipe"] });
      return new Promise<ChildProcess>((ok, fail) => {
        child.stderr!.once("data", () => ok(child));
        child.once("exit", (code) => fail(new Error(`muster worker exited with ${code}`)));
      });
    }),
  );
}

async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(workers.map((w) => new Promise((ok) => (w.once("exit", ok), w.kill("SIGTERM")))));
}

export const queueBench: BenchSection = {
  name: "queue",
  async run() {
    const out: BenchResults = {};
    const redis = await startRedis();
    try {
      const options = loadScenario("shieldwall-battle", dataPath("shieldwall", "scenarios", "raid.json")).options;
      const games = 120;
      const spec = { url: redis.url, gameId: "shieldwall-battle", options, players: RANDOM, scenario: "raid", games, seed: 1, jobGames: 4 };
      for (const n of [1, 2, 3]) {
        const workers = await startWorkers(redis.url, n);
        const t0 = performance.now();
        await startQueueRun(spec, { pollMs: 50 });
        out[`raidRandomGamesPerSecondQueue${n}WorkerProcess${n === 1 ? "" : "es"}`] = Number(((games * 1000) / (performance.now() - t0)).toFixed(2));
        await stopWorkers(workers);
        const t1 = performance.now();
        await runSim({ gameId: "shieldwall-battle", options, players: RANDOM, games, seed: 1, workers: n });
        out[`raidRandomGamesPerSecondLocal${n}WorkerThread${n === 1 ? "" : "s"}`] = Number(((games * 1000) / (performance.now() - t1)).toFixed(2));
      }
      // Overhead per job: Pig games take some 40 µs, so one game per job is nearly all queue.
      const workers = await startWorkers(redis.url, 1);
      await startQueueRun({ url: redis.url, gameId: "pig", options: {}, players: {}, scenario: "pig", games: 50, seed: 1, jobGames: 1 }, { pollMs: 20 });
      const jobs = 400;
      const t0 = performance.now();
      await startQueueRun({ url: redis.url, gameId: "pig", options: {}, players: {}, scenario: "pig", games: jobs, seed: 2, jobGames: 1 }, { pollMs: 20 });
      out.queueMsPerJobOneWorker = Number(((performance.now() - t0) / jobs).toFixed(2));
      await stopWorkers(workers);
      const three = await startWorkers(redis.url, 3);
      const t1 = performance.now();
      await startQueueRun({ url: redis.url, gameId: "pig", options: {}, players: {}, scenario: "pig", games: jobs, seed: 3, jobGames: 1 }, { pollMs: 20 });
      out.queueJobsPerSecondThreeWorkers = Math.round((jobs * 1000) / (performance.now() - t1));
      await stopWorkers(three);
    } finally {
      await redis.stop();
    }
    return out;
  },
};
