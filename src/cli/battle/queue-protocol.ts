/**
 * What `muster sim --queue` and `muster worker` share: the queue URL, the Redis connection, the
 * job and run formats and their Redis keys (docs/sim-queue.md). A job is read from the network,
 * so its data is checked with a schema before anything runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";
import { z } from "zod";
import { UsageError } from "../errors.js";
import { packageRoot } from "../package-root.js";

/** Bumped whenever the job data, run record or result format changes. */
export const QUEUE_FORMAT = 1;
/** The BullMQ queue every run and worker uses. */
export const QUEUE_NAME = "muster-sim";

let versionCache: string | undefined;
/** This program's version stamp, e.g. "muster 0.1.0, queue format 1": a job made by another stamp is refused. */
export function musterStamp(): string {
  if (versionCache === undefined) {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: string };
    versionCache = `muster ${pkg.version ?? "?"}, queue format ${QUEUE_FORMAT}`;
  }
  return versionCache;
}

/** The URL with any password hidden, for messages. */
export function shownUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, "$1***@");
}

/** Checks a `--queue` URL: redis://[user:password@]host[:port][/db] or rediss:// (TLS). */
export function checkQueueUrl(url: string, option = "--queue"): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`${option}: "${shownUrl(url)}" is not a URL; expected redis://HOST[:PORT][/DB], e.g. redis://127.0.0.1:6379`);
  }
  if (u.protocol !== "redis:" && u.protocol !== "rediss:") throw new UsageError(`${option}: "${shownUrl(url)}" is not a Redis URL (it starts with ${u.protocol}//); expected redis://HOST[:PORT][/DB]`);
  if (u.hostname === "") throw new UsageError(`${option}: "${shownUrl(url)}" names no host; expected redis://HOST[:PORT][/DB]`);
  const db = u.pathname.replace(/^\//, "");
  if (db !== "" && !/^\d{1,2}$/.test(db)) throw new UsageError(`${option}: "${shownUrl(url)}": the database after the host must be a number 0–99, got "${db}"`);
  return u;
}

/**
 * A connected Redis client for BullMQ, or a UsageError naming the URL when it cannot be reached
 * (tried for about `timeoutMs`). Once connected it reconnects for ever, so a Redis restart does not
 * stop a long run or a worker.
 */
export async function connectQueue(url: string, option = "--queue", timeoutMs = 5000): Promise<Redis> {
  checkQueueUrl(url, option);
  const started = Date.now();
  let connected = false;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectTimeout: Math.min(timeoutMs, 5000),
    retryStrategy: (times) => (connected ? Math.min(200 * times, 2000) : Date.now() - started < timeoutMs ? 200 : null),
  });
  let lastError: Error | undefined;
  client.on("error", (err: Error) => {
    // Reported by connect() below; once connected, ioredis retries.
    lastError = err;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    const e = (lastError ?? err) as Error & { code?: string };
    throw new UsageError(`${option} ${shownUrl(url)}: cannot reach Redis: ${e.code ?? ""}${e.code && e.message && !e.message.includes(e.code) ? " " : ""}${e.code && e.message?.includes(e.code) ? "" : e.message ?? ""}`.trim());
  }
  connected = true;
  return client;
}

/** One job: games [from, to) of a run, everything a worker needs (no file is read). */
export const jobDataSchema = z.object({
  stamp: z.string().max(200),
  run: z.string().regex(/^[a-z0-9-]{1,64}$/),
  chunk: z.number().int().min(0),
  gameId: z.string().max(100),
  options: z.unknown(),
  players: z.record(z.string().max(50), z.object({ name: z.string().max(50), arg: z.string().max(50).optional() })),
  seed: z.number().int().safe(),
  from: z.number().int().min(0),
  to: z.number().int().min(1),
  skipFailures: z.boolean(),
  countEvents: z.boolean(),
});
export type SimJobData = z.infer<typeof jobDataSchema>;

/** The run record: the whole simulation, so `--resume` and `--status` need only the run id. */
export interface RunRecord {
  stamp: string;
  run: string;
  gameId: string;
  options: unknown;
  players: SimJobData["players"];
  scenario: string;
  games: number;
  seed: number;
  jobGames: number;
  chunks: number;
  skipFailures: boolean;
  countEvents: boolean;
  /** Wall-clock milliseconds (shown only, never part of a report). */
  created: number;
}

/** Redis keys of one run: its record, whether every job is on the queue, results and fatal errors per chunk. */
export function runKeys(run: string) {
  const base = `muster:sim:${run}`;
  return { record: `${base}:record`, enqueued: `${base}:enqueued`, results: `${base}:results`, errors: `${base}:errors` };
}

/** The BullMQ job id of a chunk (BullMQ ids may not contain ':'). */
export function jobId(run: string, chunk: number): string {
  return `${run}-c${chunk}`;
}

/** Run ids: short, readable, unique enough (time and randomness, never part of a report). */
export function newRunId(): string {
  return `r${Date.now().toString(36)}-${Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, "0")}`;
}

/** Checks a `--resume`/`--status` run id. */
export function checkRunId(run: string, option: string): string {
  if (!/^[a-z0-9-]{1,64}$/.test(run)) throw new UsageError(`${option}: "${run}" is not a run id (the id muster sim --queue printed, e.g. rlx3k9a-0f2c)`);
  return run;
}
