/**
 * Queued simulations (issue 28, docs/sim-queue.md): Shieldwall raid battles (random v random)
 * per second with 1, 2 and 3 `muster worker` processes (one thread each) on a private loopback
 * redis-server, against the plain `--workers` runner with 1, 2 and 3 threads; and the queue's
 * overhead per job (Pig games, one game per job, one worker: nearly all of the time is queue).
 * Worker processes are started and connected before the clock starts (they are long-lived);
 * the plain runner's times include starting its threads, as `muster sim` does, and its CPU
 * seconds count every thread of this process (GC helpers included). Also: one sim thread's
 * start-up, and the 1-minute load average before and after (the machine may be shared).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { dataPath, loadScenario } from "../src/cli/battle/scenarios.js";
import { startQueueRun } from "../src/cli/battle/queue-sim.js";
import { defaultWorkerUrl, runSim, type SimSpec, type WorkerInit } from "../src/cli/battle/sim.js";
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

/** Milliseconds from creating a sim worker thread to its first "idle" (its engine loaded). */
function threadStartMs(): Promise<number> {
  const init: WorkerInit = { gameId: "shieldwall-battle", options: {}, players: {}, seed: 1, skipFailures: false, countEvents: false };
  const t0 = performance.now();
  const w = new Worker(defaultWorkerUrl(), { workerData: init });
  return new Promise((ok, fail) => {
    w.once("error", fail);
    w.once("message", () => {
      const ms = performance.now() - t0;
      void w.terminate().then(() => ok(Math.round(ms)));
    });
  });
}

/** A cold run in a fresh process (bench/cli-sim-cold-run.ts), as a user's `muster sim` is. */
function coldRun(games: number, workers: number, runner: "old" | "new"): Promise<{ wallSeconds: number; cpuSeconds: number }> {
  const script = fileURLToPath(new URL("./cli-sim-cold-run.js", import.meta.url));
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [script, String(games), String(workers), runner], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout!.on("data", (d: Buffer) => (text += d.toString()));
    child.once("exit", (code) => (code === 0 ? ok(JSON.parse(text) as { wallSeconds: number; cpuSeconds: number }) : fail(new Error(`cli-sim-cold-run exited with ${code}`))));
  });
}

/** Games per second and CPU seconds (all threads of this process) of one plain `--workers` run. */
async function localRun(spec: SimSpec): Promise<{ gamesPerSecond: number; cpuSeconds: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await runSim(spec);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { gamesPerSecond: Number(((spec.games * 1000) / wall).toFixed(2)), cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)) };
}

export const queueBench: BenchSection = {
  name: "queue",
  async run() {
    const out: BenchResults = {};
    out.loadAverage1MinAtStart = Number(loadavg()[0]!.toFixed(2));
    // Start-up of one sim worker thread (imports the engine); median of three.
    const starts = [await threadStartMs(), await threadStartMs(), await threadStartMs()].sort((a, b) => a - b);
    out.simThreadStartMs = starts[1]!;
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
      }
      // Plain --workers, interleaved rounds so the other load on a shared machine hits every
      // variant alike; medians. "OldRunner": K threads with one batch in flight each and this
      // thread idle (before/after in one run); the new runner plays in this thread plus K-1 threads.
      const old: Partial<SimSpec> = { batchesInFlight: 1, mainThreadPlays: false };
      const variants: [string, Partial<SimSpec>][] = [
        ["ThisThread", { workers: 0 }],
        ["Workers1OldRunner", { workers: 1, ...old }],
        ["Workers1", { workers: 1 }],
        ["Workers2OldRunner", { workers: 2, ...old }],
        ["Workers2", { workers: 2 }],
        ["Workers3OldRunner", { workers: 3, ...old }],
        ["Workers3", { workers: 3 }],
      ];
      const samples = new Map<string, { gamesPerSecond: number; cpuSeconds: number }[]>();
      for (let round = 0; round < 3; round++) {
        for (const [name, v] of variants) {
          const r = await localRun({ gameId: "shieldwall-battle", options, players: RANDOM, games: 60, seed: 1, workers: 1, ...v });
          samples.set(name, [...(samples.get(name) ?? []), r]);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      for (const [name, rs] of samples) {
        out[`raidRandomGamesPerSecond${name}`] = median(rs.map((r) => r.gamesPerSecond));
        out[`raidRandomCpuSecondsPer60Games${name}`] = median(rs.map((r) => r.cpuSeconds));
      }
      // The same in fresh processes (cold, as a user's command): old and new runner, 1 and 2
      // workers, two interleaved rounds, the faster of the two kept (with its CPU seconds).
      const cold = new Map<string, { wallSeconds: number; cpuSeconds: number }>();
      for (let round = 0; round < 2; round++) {
        for (const workers of [1, 2]) {
          for (const runner of ["old", "new"] as const) {
            const r = await coldRun(200, workers, runner);
            const key = `raidRandomColdProcess200GamesWorkers${workers}${runner === "old" ? "OldRunner" : ""}`;
            const best = cold.get(key);
            if (!best || r.wallSeconds < best.wallSeconds) cold.set(key, r);
          }
        }
      }
      for (const [key, r] of cold) {
        out[`${key}GamesPerSecond`] = Number((200 / r.wallSeconds).toFixed(2));
        out[`${key}CpuSeconds`] = Number(r.cpuSeconds.toFixed(2));
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
      out.loadAverage1MinAtEnd = Number(loadavg()[0]!.toFixed(2));
    } finally {
      await redis.stop();
    }
    return out;
  },
};
