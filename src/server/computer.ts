/**
 * Computer players run off the request path: in a small pool of worker threads (the compiled
 * computer-worker.js) with a fair queue and a time budget, so a long think never stalls the
 * sockets and computer-only matches never starve a person's. Where the compiled worker is
 * missing (tests on the TypeScript sources) they run in this thread after yielding to pending I/O.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { BaseState, PlayerId } from "../core/game.js";
import { type MatchGameId } from "./protocol.js";
import { makeComputer, matchGame } from "./games.js";

export interface ComputerRequest {
  game: MatchGameId;
  player: string;
  matchSeed: number;
  seat: PlayerId;
  version: number;
  state: BaseState;
  /** Whether a person plays in the match (their decisions go first in the queue). */
  forPerson?: boolean;
}

export interface ComputerRunner {
  choose(req: ComputerRequest): Promise<unknown>;
  close(): Promise<void>;
}

/** The decision a computer player makes (pure, deterministic for a request). */
export function computeDecision(req: ComputerRequest): unknown {
  const game = matchGame(req.game);
  return makeComputer(game, req.player, req.matchSeed, req.seat, req.version).choose(req.state, req.seat);
}

class InThreadRunner implements ComputerRunner {
  choose(req: ComputerRequest): Promise<unknown> {
    return new Promise((ok, fail) =>
      setImmediate(() => {
        try {
          ok(computeDecision(req));
        } catch (err) {
          fail(err as Error);
        }
      }),
    );
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

type Reply = { id: number; decision?: unknown; error?: string };

interface Job {
  id: number;
  req: ComputerRequest;
  ok: (v: unknown) => void;
  fail: (e: Error) => void;
}

/** A thread's lane: "people" serves matches with a person first; "computers" runs computer-only matches at a lower CPU priority. */
type Lane = "people" | "computers";

/** The nice value of the computers' lane (Linux keeps one per thread): under load the CPU goes first to the sockets and to people's opponents. */
export const COMPUTERS_NICE = 10;

interface Slot {
  lane: Lane;
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface PoolOptions {
  /** Worker threads (default 2). */
  threads?: number;
  /** A decision's time budget in ms (default 10,000): over it the thread is replaced and a random legal decision played. */
  budgetMs?: number;
  /** Told when a computer player ran over its budget. */
  onOverBudget?: (req: ComputerRequest, budgetMs: number) => void;
}

/**
 * Computer players in a small pool of worker threads, with a fair queue: decisions for matches
 * with a person in them are taken first, on a thread of their own (the people's lane, or any free
 * thread), and computer-only matches run on the other threads (the computers' lane), niced so that
 * under load the CPU serves the sockets and people's opponents first: a flood of
 * computer-v-computer battles never makes a person wait behind them. With one thread, it serves
 * both, people first. Within a
 * lane the queue is first come, first served (each match asks for one decision at a time, so no
 * match can crowd out another). Each decision has a time budget: a player over it has its thread
 * replaced and a random legal decision (seeded like the player) is played instead.
 */
export class WorkerPool implements ComputerRunner {
  private readonly slots: Slot[] = [];
  private readonly people: Job[] = [];
  private readonly computersOnly: Job[] = [];
  private next = 1;
  private closed = false;
  private readonly threads: number;
  private readonly budgetMs: number;

  constructor(
    private readonly url: URL,
    private readonly opts: PoolOptions = {},
  ) {
    this.threads = Math.max(1, opts.threads ?? 2);
    this.budgetMs = opts.budgetMs ?? 10_000;
  }

  private spawn(lane: Lane): Slot {
    const shared = this.threads === 1;
    const slot: Slot = { lane, worker: new Worker(this.url, { workerData: { nice: lane === "computers" && !shared ? COMPUTERS_NICE : 0 } }), job: null, timer: null };
    slot.worker.unref();
    slot.worker.on("message", (r: Reply) => {
      const job = slot.job;
      if (!job || job.id !== r.id) return;
      this.finish(slot);
      if (r.error !== undefined) job.fail(new Error(r.error));
      else job.ok(r.decision);
    });
    const gone = (err: Error) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      const job = slot.job;
      this.finish(slot);
      job?.fail(err);
      this.dispatch();
    };
    slot.worker.on("error", gone);
    slot.worker.on("exit", () => gone(new Error("a computer players' thread stopped")));
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    queueMicrotask(() => this.dispatch());
  }

  /** Gives queued jobs to free threads: people first, on their lane or any free thread; computer-only jobs on the computers' lane. */
  private dispatch(): void {
    if (this.closed) return;
    while (this.people.length > 0) {
      const slot = this.freeSlot("people") ?? this.freeSlot("computers");
      if (!slot) break;
      this.run(slot, this.people.shift()!);
    }
    while (this.computersOnly.length > 0) {
      const slot = this.freeSlot(this.threads === 1 ? "people" : "computers");
      if (!slot) break;
      this.run(slot, this.computersOnly.shift()!);
    }
  }

  /** A free thread of the lane, started if the lane has room (people: one thread; computers: the rest). */
  private freeSlot(lane: Lane): Slot | undefined {
    const free = this.slots.find((s) => s.lane === lane && s.job === null);
    if (free) return free;
    const size = lane === "people" ? 1 : this.threads - 1;
    return this.slots.filter((s) => s.lane === lane).length < size ? this.spawn(lane) : undefined;
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.timer = setTimeout(() => this.overBudget(slot, job), this.budgetMs);
    slot.timer.unref();
    slot.worker.postMessage({ id: job.id, req: job.req });
  }

  private overBudget(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    slot.job = null;
    slot.timer = null;
    void slot.worker.terminate();
    this.opts.onOverBudget?.(job.req, this.budgetMs);
    try {
      job.ok(computeDecision({ ...job.req, player: "random" }));
    } catch (err) {
      job.fail(err as Error);
    }
    this.dispatch();
  }

  choose(req: ComputerRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("the computer players are stopped"));
    return new Promise((ok, fail) => {
      (req.forPerson ? this.people : this.computersOnly).push({ id: this.next++, req, ok, fail });
      this.dispatch();
    });
  }

  /** Decisions waiting for a thread (for tests and the bench). */
  get queued(): number {
    return this.people.length + this.computersOnly.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const err = new Error("the computer players are stopped");
    for (const j of [...this.people.splice(0), ...this.computersOnly.splice(0)]) j.fail(err);
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map((s) => {
        if (s.timer) clearTimeout(s.timer);
        s.job?.fail(err);
        s.job = null;
        return s.worker.terminate();
      }),
    );
  }
}

/** The compiled worker beside this module (absent when running the TypeScript sources). */
export function computerWorkerUrl(): URL {
  return new URL("./computer-worker.js", import.meta.url);
}

/** A pool of worker threads when the compiled worker exists beside this module, else an in-thread runner. */
export function computerRunner(opts: PoolOptions = {}): ComputerRunner {
  const url = computerWorkerUrl();
  return existsSync(fileURLToPath(url)) ? new WorkerPool(url, opts) : new InThreadRunner();
}
