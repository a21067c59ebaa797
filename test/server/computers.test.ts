/**
 * Issue 24, item 5: computer players run in a small pool of worker threads with a fair queue and
 * a time budget. A flood of computer-only decisions must not make a person's computer opponent
 * wait behind it, and a player over its budget is replaced by a random legal decision.
 * Runs the compiled worker (dist/src/server/computer-worker.js).
 */
import { existsSync, readdirSync } from "node:fs";
import { getPriority } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { COMPUTERS_NICE, type ComputerRequest, WorkerPool } from "../../src/server/computer.js";
import { matchGame, matchOptions, setupMatch } from "../../src/server/games.js";
import { ROOT } from "./helpers.js";

const WORKER = join(ROOT, "dist", "src", "server", "computer-worker.js");

/** An mcts decision at the start of a Shieldwall duel (tens of milliseconds each). */
function duelRequest(seed: number, forPerson: boolean): ComputerRequest {
  const game = matchGame("shieldwall-duel");
  const state = setupMatch(game, matchOptions(join(ROOT, "data"), "shieldwall-duel", undefined, undefined), seed);
  const seat = game.toMove(state)!;
  return { game: "shieldwall-duel", player: "mcts", matchSeed: seed, seat, version: 0, state, forPerson };
}

describe("issue 24: computer players in a fair pool of threads", () => {
  let pool: WorkerPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it("a person's computer opponent is served before a flood of computer-only decisions queued ahead of it", async () => {
    if (!existsSync(WORKER)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    pool = new WorkerPool(new URL(`file://${WORKER}`), { threads: 2 });
    // Both threads started and warm first: a cold thread's start-up (seconds on a busy machine) is
    // not what this test measures, and while it loads the other thread could clear the whole flood.
    await Promise.all([pool.choose(duelRequest(1, true)), pool.choose(duelRequest(2, true))]);
    const flood = Array.from({ length: 40 }, (_, i) => duelRequest(100 + i, false));
    let floodDone = 0;
    const floodPromises = flood.map((r) => pool!.choose(r).then(() => floodDone++));
    const t0 = performance.now();
    const personal = await pool.choose(duelRequest(7, true));
    const personalMs = performance.now() - t0;
    expect(personal).toBeDefined();
    // The person's decision did not wait for the flood: most of it is still to be done.
    expect(floodDone).toBeLessThan(flood.length / 2);
    expect(pool.queued).toBeGreaterThan(flood.length / 2 - 2);
    await Promise.all(floodPromises);
    expect(floodDone).toBe(flood.length);
    process.stdout.write(`computer pool: person's decision in ${Math.round(personalMs)} ms with ${flood.length} computer-only decisions queued ahead\n`);
  }, 120_000);

  it.runIf(process.platform === "linux")("the computers' lane runs niced, the people's lane and the server's thread at normal priority", async () => {
    if (!existsSync(WORKER)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    const niceOf = () => readdirSync("/proc/self/task").map((tid) => getPriority(Number(tid)));
    const before = niceOf().filter((n) => n === COMPUTERS_NICE).length;
    pool = new WorkerPool(new URL(`file://${WORKER}`), { threads: 2 });
    // One decision on each lane: a person's and a computer-only match's.
    await Promise.all([pool.choose(duelRequest(11, true)), pool.choose(duelRequest(12, false))]);
    expect(niceOf().filter((n) => n === COMPUTERS_NICE).length).toBe(before + 1);
    expect(getPriority(0)).toBe(0);
  }, 60_000);

  it("a decision over its time budget: the thread is replaced, a legal random decision is played, and it is reported", async () => {
    if (!existsSync(WORKER)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    const over: string[] = [];
    pool = new WorkerPool(new URL(`file://${WORKER}`), { threads: 1, budgetMs: 1, onOverBudget: (req, ms) => over.push(`${req.player} ${ms}`) });
    const req = duelRequest(3, true);
    const decision = await pool.choose(req);
    expect(over).toEqual(["mcts 1"]);
    const game = matchGame("shieldwall-duel");
    expect(game.legalMoves(req.state, req.seat).map((m) => JSON.stringify(m))).toContain(JSON.stringify(decision));
    // The pool goes on serving with a fresh thread.
    pool = new WorkerPool(new URL(`file://${WORKER}`), { threads: 1 });
    expect(await pool.choose(duelRequest(4, true))).toBeDefined();
  }, 60_000);
});
