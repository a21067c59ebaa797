/**
 * Issue 28: `muster sim --queue URL` and `muster worker` on loopback, against a private
 * redis-server (started here on a free port, nothing saved, stopped afterwards). Runs the compiled
 * program (dist/, `npm run build`): worker processes are spawned as a user would start them.
 * Without /usr/bin/redis-server the tests are skipped, except with CI=true where they fail.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrivateRedis, REDIS_SERVER, startRedis } from "../../bench/redis-server.js";
import { musterStamp, QUEUE_NAME, runKeys } from "../../src/cli/battle/queue-protocol.js";
import { runSim } from "../../src/cli/battle/sim.js";
import { Random, seedState } from "../../src/core/random.js";

const ROOT = process.cwd();
const BIN = join(ROOT, "bin", "muster.js");
const BUILT = join(ROOT, "dist", "src", "cli", "battle", "queue-thread.js");
const haveRedis = existsSync(REDIS_SERVER);
if (!haveRedis && process.env.CI !== "true") console.warn(`sim-queue: skipped: no ${REDIS_SERVER} (apt-get install -y redis-server; with CI=true this test fails instead)`);

interface Done {
  code: number | null;
  stdout: string;
  stderr: string;
}

function muster(args: string[]): { child: ChildProcess; done: Promise<Done>; stderr: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += String(d)));
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const done = new Promise<Done>((ok) => child.on("close", (code) => ok({ code, stdout, stderr })));
  return { child, done, stderr: () => stderr };
}

/** The report without what names the run or times it: the rest must be byte-identical. */
function reportOf(json: string): string {
  const r = JSON.parse(json) as Record<string, unknown>;
  for (const k of ["seconds", "workers", "run", "scenario"]) delete r[k];
  return JSON.stringify(r);
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Shove with a small MCTS side: about 50 ms a game, so jobs are in flight when workers die. */
const GAME = ["--game", "shove", "--red", "mcts:10"];
const SEED = 31;

async function oneProcess(games: number): Promise<string> {
  const r = await runSim({ gameId: "shove", options: {}, players: { red: { name: "mcts", arg: "10" } }, games, seed: SEED, workers: 0 });
  return JSON.stringify(JSON.parse(JSON.stringify(r)));
}

async function waitFor(test: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.runIf(haveRedis || process.env.CI === "true")("issue 28: muster sim --queue on BullMQ with muster worker processes", () => {
  let redis: PrivateRedis;
  let client: Redis;
  const workers: ChildProcess[] = [];
  const startWorker = () => {
    const w = muster(["worker", "--queue", redis.url, "--threads", "1", "--lock-seconds", "2"]);
    workers.push(w.child);
    return w;
  };

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error("the program is not built: run npm run build (npm ci does it)");
    redis = await startRedis();
    client = new Redis(redis.url, { maxRetriesPerRequest: null });
  }, 30_000);
  afterAll(async () => {
    for (const w of workers) w.kill("SIGKILL");
    client?.disconnect();
    await redis?.stop();
  });

  it("three worker processes give the report of a one-process run, byte for byte", async () => {
    for (let i = 0; i < 3; i++) startWorker();
    const here = await oneProcess(40);
    const q = muster(["--json", "--seed", String(SEED), "sim", ...GAME, "--games", "40", "--job-games", "3", "--no-progress", "--queue", redis.url]);
    const done = await q.done;
    expect(done.stderr).toMatch(/run r[a-z0-9-]+: 40 games in 14 jobs of 3/);
    expect(done.code).toBe(0);
    expect(reportOf(done.stdout)).toBe(reportOf(here));
  }, 180_000);

  it("a worker SIGKILLed at 5 random moments: its jobs are retried, nothing counts twice, the report is identical", async () => {
    while (workers.filter((w) => w.exitCode === null && w.signalCode === null).length < 3) startWorker();
    // The one-process run first: it holds this thread, and the kills below must come on time.
    const here = await oneProcess(150);
    const q = muster(["--json", "--seed", String(SEED), "sim", ...GAME, "--games", "150", "--job-games", "3", "--no-progress", "--queue", redis.url]);
    const rng = new Random(seedState(28));
    let kills = 0;
    const killing = (async () => {
      for (; kills < 5 && q.child.exitCode === null; kills++) {
        await sleep(rng.int(200, 800));
        const live = workers.filter((w) => w.exitCode === null && w.signalCode === null);
        live[rng.int(0, live.length - 1)].kill("SIGKILL");
        startWorker();
      }
    })();
    const done = await q.done;
    await killing;
    expect(kills).toBe(5);
    expect(done.code).toBe(0);
    expect(reportOf(done.stdout)).toBe(reportOf(here));
  }, 300_000);

  it("the coordinator killed, its enqueue lost: --status shows the partial report, --resume finishes it identically", async () => {
    for (const w of workers) w.kill("SIGKILL");
    const q = muster(["--json", "--seed", String(SEED), "sim", ...GAME, "--games", "60", "--job-games", "3", "--no-progress", "--queue", redis.url]);
    await waitFor(() => /run (r[a-z0-9-]+)/.test(q.stderr()), 30_000, "the run id");
    const run = /run (r[a-z0-9-]+)/.exec(q.stderr())![1];
    startWorker();
    await waitFor(async () => (await client.hlen(runKeys(run).results)) >= 3, 60_000, "3 jobs done");
    q.child.kill("SIGKILL");
    await q.done;
    for (const w of workers) w.kill("SIGKILL");
    // As if the coordinator had died while enqueuing: the run is not marked enqueued and the waiting jobs are gone.
    await client.del(runKeys(run).enqueued);
    const queue = new Queue(QUEUE_NAME, { connection: client.duplicate() });
    await queue.drain();
    await queue.close();

    const status = await muster(["--json", "sim", "--queue", redis.url, "--status", run]).done;
    expect(status.code).toBe(0);
    expect(status.stderr).toMatch(new RegExp(`run ${run}: \\d+ of 60 games done .*enqueuing was interrupted`));
    const partial = JSON.parse(status.stdout) as { partial: boolean; gamesDone: number; games: number };
    expect(partial.partial).toBe(true);
    expect(partial.games).toBe(partial.gamesDone);
    expect(partial.gamesDone).toBeGreaterThanOrEqual(9);

    startWorker();
    startWorker();
    const resumed = await muster(["--json", "sim", "--queue", redis.url, "--resume", run, "--no-progress"]).done;
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/already done/);
    expect(reportOf(resumed.stdout)).toBe(reportOf(await oneProcess(60)));
  }, 300_000);

  it("a job made by another muster version is refused by the worker, and the run stops with exit 2 naming both versions", async () => {
    while (workers.filter((w) => w.exitCode === null && w.signalCode === null).length < 1) startWorker();
    const run = "rtest-version";
    const record = { stamp: musterStamp(), run, gameId: "pig", options: {}, players: {}, scenario: "x", games: 2, seed: 1, jobGames: 2, chunks: 1, skipFailures: false, countEvents: false, created: 0 };
    await client.set(runKeys(run).record, JSON.stringify(record));
    await client.set(runKeys(run).enqueued, "1");
    const queue = new Queue(QUEUE_NAME, { connection: client.duplicate() });
    await queue.add("games", { ...record, stamp: "muster 9.9.9, queue format 1", chunk: 0, from: 0, to: 2 }, { jobId: `${run}-c0`, removeOnFail: false });
    await queue.close();
    const r = await muster(["sim", "--queue", redis.url, "--resume", run, "--no-progress"]).done;
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`was made by muster 9.9.9, queue format 1; this worker is ${musterStamp()}`);
  }, 120_000);

  it("a bad or unreachable queue URL: one line naming it, exit 2, no run", async () => {
    const runsBefore = (await client.keys("muster:sim:*")).length;
    const unreachable = await muster(["sim", "--game", "pig", "--games", "5", "--queue", "redis://127.0.0.1:1"]).done;
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toBe("muster: --queue redis://127.0.0.1:1: cannot reach Redis: ECONNREFUSED\n");
    const malformed = await muster(["sim", "--game", "pig", "--games", "5", "--queue", "http://u:secret@host/"]).done;
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toBe('muster: --queue: "http://u:***@host/" is not a Redis URL (it starts with http://); expected redis://HOST[:PORT][/DB]\n');
    const worker = await muster(["worker", "--queue", "redis://127.0.0.1:1"]).done;
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain("--queue redis://127.0.0.1:1: cannot reach Redis");
    const password = await muster(["sim", "--game", "pig", "--games", "5", "--queue", "redis://u:secret@127.0.0.1:1"]).done;
    expect(password.stderr).not.toContain("secret");
    expect(password.stderr).toContain("redis://u:***@127.0.0.1:1");
    expect((await client.keys("muster:sim:*")).length).toBe(runsBefore);
  }, 60_000);
});
