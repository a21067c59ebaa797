/**
 * A `muster worker` thread: plays one chunk of a queued run at a time (games [from, to) of it)
 * and posts the outcomes back. The battles run here so the worker's main thread stays free to
 * renew BullMQ's job locks. Runs compiled (dist/src/cli/battle/queue-thread.js).
 */
import { parentPort } from "node:worker_threads";
import { battleGame } from "./catalog.js";
import { type GameOutcome, tryPlayIndexed } from "./sim.js";
import type { SimJobData } from "./queue-protocol.js";

export type ToQueueThread = { id: number; job: SimJobData };
export type FromQueueThread = { id: number; outcomes: GameOutcome[] } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error("queue-thread.js runs as a worker thread");

port.on("message", ({ id, job }: ToQueueThread) => {
  const entry = battleGame(job.gameId);
  if (!entry) {
    port.postMessage({ id, error: `unknown game "${job.gameId}"` } satisfies FromQueueThread);
    return;
  }
  const outcomes: GameOutcome[] = [];
  for (let i = job.from; i < job.to; i++) {
    const o = tryPlayIndexed(entry, job.options, job.players, job.seed, i, job.countEvents);
    if (o.error !== undefined && !job.skipFailures) {
      port.postMessage({ id, error: `game ${i} (seed ${o.seed}) failed: ${o.error}; see it with muster battle --seed ${o.seed} (same scenario and players), or pass --skip-failures` } satisfies FromQueueThread);
      return;
    }
    outcomes.push(o);
  }
  port.postMessage({ id, outcomes } satisfies FromQueueThread);
});
