/**
 * `muster worker --queue URL [--threads N]`: takes chunks of queued simulations from BullMQ and
 * plays them on a pool of worker threads. The main thread only talks to Redis, so BullMQ's lock
 * renewal never waits behind a CPU-bound battle. A chunk's outcomes are stored under its run and
 * chunk number (first write wins), so a job retried after a crash never counts twice.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker as Thread } from "node:worker_threads";
import { type Job, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { UsageError } from "../errors.js";
import { packageRoot } from "../package-root.js";
import type { GameOutcome } from "./sim.js";
import { connectQueue, jobDataSchema, musterStamp, QUEUE_NAME, runKeys, type SimJobData, shownUrl } from "./queue-protocol.js";
import type { FromQueueThread, ToQueueThread } from "./queue-thread.js";

export interface QueueWorkerOptions {
  url: string;
  threads: number;
  /** BullMQ lock duration: a killed worker's job is retried about this long after it died. */
  lockMs: number;
  log: (line: string) => void;
  /** The version stamp this worker accepts (tests give another to play an old worker). */
  stamp?: string;
}

function threadUrl(): URL {
  const beside = new URL("./queue-thread.js", import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = join(packageRoot(), "dist", "src", "cli", "battle", "queue-thread.js");
  if (existsSync(built)) return pathToFileURL(built);
  throw new UsageError("muster worker runs the compiled program, which is missing: run `npm run build`");
}

/** A fixed set of threads, each playing one chunk at a time; a thread that dies is replaced and its chunk fails (to be retried). */
class ThreadPool {
  private idle: Thread[] = [];
  private waiting: (() => void)[] = [];
  private pending = new Map<number, { resolve: (m: FromQueueThread) => void; reject: (e: Error) => void; thread: Thread }>();
  private nextId = 0;
  private closed = false;
  private readonly all = new Set<Thread>();

  constructor(
    private readonly url: URL,
    size: number,
  ) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Thread {
    const t = new Thread(this.url);
    this.all.add(t);
    t.on("message", (m: FromQueueThread) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      this.release(t);
      p.resolve(m);
    });
    const died = (err: Error) => {
      if (!this.all.delete(t)) return;
      for (const [id, p] of this.pending) {
        if (p.thread !== t) continue;
        this.pending.delete(id);
        p.reject(err);
      }
      this.idle = this.idle.filter((x) => x !== t);
      if (!this.closed) this.release(this.spawn());
    };
    t.on("error", died);
    t.on("exit", (code) => died(new Error(`a worker thread stopped (exit code ${code})`)));
    return t;
  }

  private release(t: Thread): void {
    this.idle.push(t);
    this.waiting.shift()?.();
  }

  async run(job: SimJobData): Promise<FromQueueThread> {
    while (this.idle.length === 0) await new Promise<void>((r) => this.waiting.push(r));
    const thread = this.idle.pop() as Thread;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, thread });
      thread.postMessage({ id, job } satisfies ToQueueThread);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((t) => t.terminate()));
  }
}

/** Plays one job; refuses (for good: no retry) a job it must not or cannot play, and records why under the run. */
export async function processJob(client: Redis, pool: ThreadPool, job: Pick<Job, "id" | "data">, stamp: string): Promise<number> {
  const parsed = jobDataSchema.safeParse(job.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UnrecoverableError(`job ${job.id}: not a muster sim job (field ${issue?.path.join(".") || "data"}: ${issue?.message})`);
  }
  const data = parsed.data;
  const keys = runKeys(data.run);
  const refuse = async (message: string): Promise<never> => {
    await client.hset(keys.errors, String(data.chunk), message);
    throw new UnrecoverableError(message);
  };
  if (data.stamp !== stamp) await refuse(`job ${job.id} was made by ${data.stamp}; this worker is ${stamp}: run workers of the same version as muster sim`);
  if (data.to <= data.from || data.to - data.from > 1_000_000) await refuse(`job ${job.id}: games ${data.from}–${data.to} is not a range of 1 to 1000000 games`);
  // Done before (a retry after the result was stored): count nothing twice.
  if ((await client.hexists(keys.results, String(data.chunk))) === 1) return 0;
  const reply = await pool.run(data);
  if ("error" in reply) return refuse(`job ${job.id} (run ${data.run}): ${reply.error}`);
  await client.hsetnx(keys.results, String(data.chunk), JSON.stringify(reply.outcomes satisfies GameOutcome[]));
  return reply.outcomes.length;
}

/** Runs the worker until SIGINT or SIGTERM (then finishes its current jobs and stops). */
export async function runQueueWorker(opts: QueueWorkerOptions): Promise<void> {
  const stamp = opts.stamp ?? musterStamp();
  const url = threadUrl();
  const client = await connectQueue(opts.url);
  const pool = new ThreadPool(url, opts.threads);
  let games = 0;
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job) => {
      games += await processJob(client, pool, job, stamp);
    },
    {
      connection: client,
      concurrency: opts.threads,
      lockDuration: opts.lockMs,
      stalledInterval: Math.max(1000, Math.floor(opts.lockMs / 2)),
      // A chunk whose worker is killed again and again (say, out of memory) fails in the end.
      maxStalledCount: 20,
      removeOnComplete: { count: 0 },
      removeOnFail: { count: 10_000 },
    },
  );
  worker.on("failed", (job, err) => {
    if (err instanceof UnrecoverableError || err.name === "UnrecoverableError") opts.log(`muster worker: refused: ${err.message}`);
    else opts.log(`muster worker: job ${job?.id ?? "?"} failed (it will be retried): ${err.message}`);
  });
  worker.on("error", (err) => opts.log(`muster worker: queue error: ${err.message}`));
  opts.log(`muster worker: ${stamp}; ${opts.threads} thread${opts.threads === 1 ? "" : "s"} on queue ${QUEUE_NAME} at ${shownUrl(opts.url)}`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      opts.log(`muster worker: stopping after the current jobs (${games} games played)`);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await worker.close();
  await pool.close();
  await client.quit();
}
