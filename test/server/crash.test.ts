/**
 * Issue 18, crash: scripted Shove matches (10) on loopback while the server process is killed with
 * SIGKILL at seeded random moments and restarted on the same port and SQLite file. Counts the
 * acknowledged decisions lost (must be 0) and the time until every client has resynced after a
 * restart (reported on standard output). Runs the compiled server (dist/src/server/run.js).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { createMatchAt, type MatchClock, ScriptedSeat } from "../../bench/online-seats.js";
import { Random } from "../../src/core/random.js";
import { SqliteStore } from "../../src/server/store.js";
import { freePort, ROOT } from "./helpers.js";

const RUN = join(ROOT, "dist", "src", "server", "run.js");


function startProcess(port: number, db: string): Promise<ChildProcess> {
  // The SQLite file is what this test checks: a DATABASE_URL in the environment (as in CI) would send the server to PostgreSQL.
  const child = spawn(process.execPath, [RUN, "--port", String(port), "--db", db], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: "", MUSTER_LIMIT_CONNECT_PER_MINUTE: "100000" } });
  return new Promise((ok, fail) => {
    child.stdout!.once("data", () => ok(child));
    child.once("exit", (code) => fail(new Error(`the server exited with ${code}`)));
  });
}

/** Each seat thinks a little before deciding, so the matches are still in play when the kills come (on a quiet machine they would otherwise all be over before the first). */
const THINK_MS = [30, 90] as const;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe("issue 18 crash: SIGKILL at random moments loses no acknowledged decision", () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  it("kills and restarts the server during scripted matches: 0 acknowledged decisions lost, every client resyncs", async () => {
    if (!existsSync(RUN)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    const db = join(mkdtempSync(join(tmpdir(), "muster-crash-")), "matches.db");
    const port = await freePort();
    child = await startProcess(port, db);
    const base = `http://127.0.0.1:${port}`;
    const seats: ScriptedSeat[] = [];
    for (let i = 0; i < 10; i++) {
      const m = await createMatchAt(base, { game: "shove" });
      const clock: MatchClock = { sentAt: new Map() };
      for (const s of m.seats) seats.push(new ScriptedSeat(() => `ws://127.0.0.1:${port}/ws`, m.matchId, s.seat, s.token!, clock, i * 2 + seats.length, true, THINK_MS));
    }
    await Promise.all(seats.map((s) => s.start()));
    const rng = Random.fromSeed(18, 3);
    const resyncTimes: number[] = [];
    const restartTimes: number[] = [];
    const KILLS = 5;
    for (let k = 0; k < KILLS; k++) {
      await sleep(rng.int(100, 500));
      child.kill("SIGKILL");
      await new Promise((ok) => child!.once("exit", ok));
      const killedAt = performance.now();
      child = await startProcess(port, db);
      const restartMs = performance.now() - killedAt;
      // Every seat still playing must receive a snapshot after the restart.
      const waiting = seats.filter((s) => !s.finished);
      const deadline = performance.now() + 20_000;
      while (waiting.some((s) => !s.finished && s.lastSnapshotAt < killedAt) && performance.now() < deadline) await sleep(10);
      expect(waiting.filter((s) => !s.finished && s.lastSnapshotAt < killedAt).map((s) => s.seat)).toEqual([]);
      const active = waiting.filter((s) => !s.finished);
      if (active.length === 0) continue;
      restartTimes.push(restartMs);
      resyncTimes.push(Math.max(...active.map((s) => s.lastSnapshotAt - killedAt)));
    }
    await sleep(300);
    for (const s of seats) s.stop();
    child.kill("SIGKILL");
    await new Promise((ok) => child!.once("exit", ok));
    child = null;

    // Every acknowledged decision must be in the store, as that seat's decision at that version.
    const store = new SqliteStore(db);
    let acknowledged = 0;
    let lost = 0;
    for (const s of seats) {
      const stored = await store.decisionsAfter(s.matchId, 0);
      for (const v of s.acknowledged) {
        acknowledged++;
        if (stored[v - 1]?.player !== s.seat) lost++;
      }
    }
    await store.close();
    const figures = { kills: KILLS, killsDuringPlay: resyncTimes.length, acknowledged, lost, resyncMsMax: Math.round(Math.max(...resyncTimes)), resyncMs: resyncTimes.map(Math.round), processRestartMs: restartTimes.map(Math.round), resyncAfterRestartMs: resyncTimes.map((t, i) => Math.round(t - restartTimes[i])) };
    process.stdout.write(`crash test: ${JSON.stringify(figures)}\n`);
    expect(acknowledged).toBeGreaterThan(20);
    // Some kills hit matches in play (random Shove games may all be over before the last kills).
    expect(resyncTimes.length).toBeGreaterThanOrEqual(1);
    expect(lost).toBe(0);
  }, 240_000);
});
