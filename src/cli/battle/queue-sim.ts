/**
 * `muster sim --queue URL`: a simulation split into jobs of consecutive games on a BullMQ queue,
 * played by `muster worker`s on any number of machines (docs/sim-queue.md).
 *
 * - The run record (game, options, players, seed, sizes) is stored first; the jobs are then added
 *   with fixed ids, and only after the last one is the run marked enqueued. Adding a job whose id
 *   exists does nothing, so `--resume` simply adds them all again: a run is never half-enqueued.
 * - Each chunk's outcomes are stored in the run's results hash under the chunk number (first write
 *   wins), so a retried job counts once. The report aggregates every outcome in game order with
 *   the same routine as a one-process run: byte-identical whatever the workers and their order.
 */
import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { PlayerId } from "../../core/game.js";
import { UsageError } from "../errors.js";
import type { AiSpec } from "./ai.js";
import { aggregate, entryOrThrow, type GameOutcome, preflight, type SimReport } from "./sim.js";
import { connectQueue, jobId, musterStamp, newRunId, QUEUE_NAME, type RunRecord, runKeys, type SimJobData } from "./queue-protocol.js";

export interface QueueSimSpec {
  url: string;
  gameId: string;
  options: unknown;
  players: Record<PlayerId, AiSpec>;
  /** The scenario's label (shown only). */
  scenario: string;
  games: number;
  seed: number;
  /** Games per job (default: about 500 jobs per run, at most 1000 games each). */
  jobGames?: number;
  skipFailures?: boolean;
  countEvents?: boolean;
}

export interface QueueHooks {
  /** Called once the run is on the queue, with the games already done (non-zero on resume). */
  onRun?: (record: RunRecord, doneGames: number) => void;
  onProgress?: (doneGames: number, total: number) => void;
  /** Said once when no worker is connected. */
  onNote?: (line: string) => void;
  pollMs?: number;
  keepOutcomes?: boolean;
}

/** A run's state for `--status`: its record, how far it is, and the report over the games done so far. */
export interface QueueStatus {
  record: RunRecord;
  enqueued: boolean;
  doneChunks: number;
  doneGames: number;
  errors: string[];
  partial: SimReport | null;
}

/** Default games per job: about 500 jobs, 1 to 1000 games each. */
export function defaultJobGames(games: number): number {
  return Math.max(1, Math.min(1000, Math.ceil(games / 500)));
}

function chunkRange(record: Pick<RunRecord, "games" | "jobGames">, chunk: number): [number, number] {
  const from = chunk * record.jobGames;
  return [from, Math.min(record.games, from + record.jobGames)];
}

async function withQueue<T>(url: string, fn: (client: Redis, queue: Queue) => Promise<T>): Promise<T> {
  const client = await connectQueue(url);
  const queue = new Queue(QUEUE_NAME, { connection: client });
  try {
    return await fn(client, queue);
  } finally {
    await queue.close().catch(() => {});
    client.disconnect();
  }
}

async function readRecord(client: Redis, run: string): Promise<RunRecord> {
  const text = await client.get(runKeys(run).record);
  if (text === null) throw new UsageError(`--resume/--status: the queue has no run "${run}" (runs are kept 7 days after they finish)`);
  let record: RunRecord;
  try {
    record = JSON.parse(text) as RunRecord;
  } catch {
    throw new UsageError(`run ${run}: its record on the queue is not JSON`);
  }
  if (record.stamp !== musterStamp()) throw new UsageError(`run ${run} was made by ${record.stamp}; this is ${musterStamp()}: resume it with that version`);
  return record;
}

/** Adds every job not yet done (idempotent: fixed job ids), retries the run's failed jobs, then marks the run enqueued. */
async function enqueue(client: Redis, queue: Queue, record: RunRecord): Promise<void> {
  const keys = runKeys(record.run);
  const done = new Set(await client.hkeys(keys.results));
  for (const job of await queue.getJobs(["failed"])) if (job.id?.startsWith(`${record.run}-c`)) await job.retry("failed");
  if ((await client.exists(keys.enqueued)) === 1) return;
  const BULK = 500;
  for (let start = 0; start < record.chunks; start += BULK) {
    const jobs = [];
    for (let chunk = start; chunk < Math.min(record.chunks, start + BULK); chunk++) {
      if (done.has(String(chunk))) continue;
      const [from, to] = chunkRange(record, chunk);
      const data: SimJobData = { stamp: record.stamp, run: record.run, chunk, gameId: record.gameId, options: record.options, players: record.players, seed: record.seed, from, to, skipFailures: record.skipFailures, countEvents: record.countEvents };
      jobs.push({ name: "games", data, opts: { jobId: jobId(record.run, chunk), attempts: 5, backoff: { type: "fixed", delay: 1000 }, removeOnComplete: true, removeOnFail: false } });
    }
    if (jobs.length > 0) await queue.addBulk(jobs);
  }
  await client.set(keys.enqueued, "1");
}

function gamesDone(record: RunRecord, chunks: readonly string[]): number {
  let n = 0;
  for (const c of chunks) {
    const [from, to] = chunkRange(record, Number(c));
    n += to - from;
  }
  return n;
}

/** The first error a worker recorded for the run (lowest chunk), as a UsageError. */
async function firstError(client: Redis, record: RunRecord): Promise<UsageError | null> {
  const errors = await client.hgetall(runKeys(record.run).errors);
  const chunks = Object.keys(errors).map(Number).sort((a, b) => a - b);
  if (chunks.length === 0) return null;
  return new UsageError(`run ${record.run} stopped: ${errors[String(chunks[0])]}`);
}

/** Outcomes of the chunks done, in game order; every stored chunk is checked against its range. */
async function outcomesOf(client: Redis, record: RunRecord): Promise<GameOutcome[]> {
  const stored = await client.hgetall(runKeys(record.run).results);
  const chunks = Object.keys(stored).map(Number).sort((a, b) => a - b);
  const out: GameOutcome[] = [];
  for (const chunk of chunks) {
    const [from, to] = chunkRange(record, chunk);
    let list: GameOutcome[];
    try {
      list = JSON.parse(stored[String(chunk)]) as GameOutcome[];
    } catch {
      throw new UsageError(`run ${record.run}: the stored result of chunk ${chunk} is not JSON`);
    }
    if (!Array.isArray(list) || list.length !== to - from || list.some((o, i) => o?.index !== from + i)) throw new UsageError(`run ${record.run}: the stored result of chunk ${chunk} is not games ${from}–${to - 1}`);
    out.push(...list);
  }
  return out;
}

async function waitForRun(client: Redis, queue: Queue, record: RunRecord, hooks: QueueHooks): Promise<SimReport> {
  const keys = runKeys(record.run);
  const pollMs = hooks.pollMs ?? 500;
  let polls = 0;
  let noted = false;
  for (;;) {
    const err = await firstError(client, record);
    if (err) throw err;
    const chunks = await client.hkeys(keys.results);
    hooks.onProgress?.(gamesDone(record, chunks), record.games);
    if (chunks.length === record.chunks) break;
    if (polls % 10 === 0) {
      const failed = (await queue.getJobs(["failed"])).find((j) => j.id?.startsWith(`${record.run}-c`));
      if (failed) throw new UsageError(`run ${record.run}: job ${failed.id} failed after ${failed.attemptsMade} attempts: ${failed.failedReason}; once the workers are fixed, muster sim --queue URL --resume ${record.run} retries it`);
      if (!noted && (await queue.getWorkersCount()) === 0) {
        noted = true;
        hooks.onNote?.(`no worker is connected to the queue yet: start some with muster worker --queue URL`);
      }
    }
    polls++;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  const entry = entryOrThrow(record.gameId);
  const report = aggregate(entry, { players: record.players, seed: record.seed, countEvents: record.countEvents }, await outcomesOf(client, record), hooks.keepOutcomes === true);
  // Finished runs stay readable (--status) for a week.
  for (const key of Object.values(keys)) await client.expire(key, 7 * 24 * 3600);
  return report;
}

/** Enqueues a new run and waits for its report. */
export async function startQueueRun(spec: QueueSimSpec, hooks: QueueHooks = {}): Promise<{ record: RunRecord; report: SimReport }> {
  const entry = entryOrThrow(spec.gameId);
  preflight(entry, { ...spec, workers: 0 });
  const jobGames = spec.jobGames ?? defaultJobGames(spec.games);
  if (!Number.isSafeInteger(jobGames) || jobGames < 1 || jobGames > 1_000_000) throw new UsageError(`--job-games must be a whole number 1–1000000, got ${jobGames}`);
  return withQueue(spec.url, async (client, queue) => {
    const run = newRunId();
    const record: RunRecord = {
      stamp: musterStamp(),
      run,
      gameId: spec.gameId,
      options: spec.options,
      players: spec.players,
      scenario: spec.scenario,
      games: spec.games,
      seed: spec.seed,
      jobGames,
      chunks: Math.ceil(spec.games / jobGames),
      skipFailures: spec.skipFailures === true,
      countEvents: spec.countEvents === true,
      created: Date.now(),
    };
    if ((await client.set(runKeys(run).record, JSON.stringify(record), "NX")) !== "OK") throw new UsageError(`run id ${run} is taken; try again`);
    await enqueue(client, queue, record);
    hooks.onRun?.(record, 0);
    return { record, report: await waitForRun(client, queue, record, hooks) };
  });
}

/** Picks up a run: adds whatever jobs an interrupted enqueue missed, retries failed ones, waits for the rest. */
export async function resumeQueueRun(url: string, run: string, hooks: QueueHooks = {}): Promise<{ record: RunRecord; report: SimReport }> {
  return withQueue(url, async (client, queue) => {
    const record = await readRecord(client, run);
    await client.hdel(runKeys(run).errors, ...(await client.hkeys(runKeys(run).errors)), "-");
    await enqueue(client, queue, record);
    hooks.onRun?.(record, gamesDone(record, await client.hkeys(runKeys(run).results)));
    return { record, report: await waitForRun(client, queue, record, hooks) };
  });
}

/** Where a run stands, with the report over the games done so far. */
export async function queueRunStatus(url: string, run: string): Promise<QueueStatus> {
  return withQueue(url, async (client) => {
    const record = await readRecord(client, run);
    const keys = runKeys(run);
    const outcomes = await outcomesOf(client, record);
    const errors = Object.entries(await client.hgetall(keys.errors)).sort((a, b) => Number(a[0]) - Number(b[0])).map(([, m]) => m);
    const doneChunks = await client.hlen(keys.results);
    const partial = outcomes.length === 0 ? null : aggregate(entryOrThrow(record.gameId), { players: record.players, seed: record.seed, countEvents: record.countEvents }, outcomes);
    return { record, enqueued: (await client.exists(keys.enqueued)) === 1, doneChunks, doneGames: outcomes.length, errors, partial };
  });
}
