/**
 * Computer players run off the request path: in a worker thread (the compiled
 * computer-worker.js), so a long think never stalls the sockets. Where the compiled worker is
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

class WorkerRunner implements ComputerRunner {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();

  constructor(private readonly url: URL) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.url);
    w.unref();
    w.on("message", (r: Reply) => {
      const p = this.waiting.get(r.id);
      this.waiting.delete(r.id);
      if (r.error !== undefined) p?.fail(new Error(r.error));
      else p?.ok(r.decision);
    });
    w.on("error", (err) => this.failAll(err));
    w.on("exit", () => {
      this.worker = null;
      this.failAll(new Error("the computer players' thread stopped"));
    });
    this.worker = w;
    return w;
  }

  private failAll(err: Error): void {
    for (const p of this.waiting.values()) p.fail(err);
    this.waiting.clear();
  }

  choose(req: ComputerRequest): Promise<unknown> {
    const id = this.next++;
    return new Promise((ok, fail) => {
      this.waiting.set(id, { ok, fail });
      this.start().postMessage({ id, req });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}

/** A worker-thread runner when the compiled worker exists beside this module, else an in-thread one. */
export function computerRunner(): ComputerRunner {
  const url = new URL("./computer-worker.js", import.meta.url);
  return existsSync(fileURLToPath(url)) ? new WorkerRunner(url) : new InThreadRunner();
}
