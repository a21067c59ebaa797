/**
 * `npm run bench -- online`: the online server under load (issue 18). N concurrent two-seat Shove
 * matches (default 1000; MUSTER_BENCH_MATCHES) driven by scripted seats in this process against a
 * server process on loopback, each seat thinking 0.5–1.5 s before a decision, for a fixed time
 * (MUSTER_BENCH_SECONDS, default 30): p50/p95/p99 milliseconds from a decision being sent to the
 * opponent's update (decisions sent in the measured window), and the server's resident memory per
 * match (its growth from before the matches were created, with every seat connected). Then the same with two server
 * processes on PostgreSQL (when DATABASE_URL is set), each match's seats on different processes.
 * Bounded and self-stopping: the servers are killed at the end.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchResults, BenchSection } from "./harness.js";
import { mixedLoad, probeInChild } from "./online-load.js";
import { createMatchAt, type MatchClock, percentile, ScriptedSeat } from "./online-seats.js";

/** The bench drives every match from this one address: the per-address limits are raised for it. */
const BENCH_LIMITS = {
  MUSTER_LIMIT_CREATE_PER_MINUTE: "1000000",
  MUSTER_LIMIT_CONNECT_PER_MINUTE: "1000000",
  MUSTER_LIMIT_CONNECTIONS_PER_ADDRESS: "1000000",
};

const RUN = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "server", "run.js");

function startServer(env: Record<string, string | undefined>, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [RUN, "--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...BENCH_LIMITS, ...env } });
  return new Promise((ok, fail) => {
    child.stdout!.once("data", (d: Buffer) => ok({ child, port: Number(/:(\d+)\//.exec(d.toString())![1]) }));
    child.once("exit", (code) => fail(new Error(`the server exited with ${code}`)));
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function run(label: string, ports: number[], pids: number[], matches: number, seconds: number): Promise<BenchResults> {
  const before = pids.map(rssMb);
  const seats: ScriptedSeat[] = [];
  // Matches are created a few at a time (creation is not what is measured).
  for (let i = 0; i < matches; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, matches - i) }, (_, j) => createMatchAt(`http://127.0.0.1:${ports[(i + j) % ports.length]}`, { game: "shove" })));
    for (const [j, m] of batch.entries()) {
      const clock: MatchClock = { sentAt: new Map() };
      m.seats.forEach((s, k) => {
        const port = ports[(i + j + k) % ports.length];
        seats.push(new ScriptedSeat(() => `ws://127.0.0.1:${port}/ws`, m.matchId, s.seat, s.token!, clock, seats.length, false, [500, 1500]));
      });
    }
  }
  for (let i = 0; i < seats.length; i += 100) await Promise.all(seats.slice(i, i + 100).map((s) => s.start()));
  // Measure from here: matches created early have been playing while the others connected.
  for (const s of seats) s.latencies.length = 0;
  const ackBase = seats.reduce((n, s) => n + s.acknowledged.length, 0);
  const start = Date.now();
  await sleep(seconds * 1000);
  const after = pids.map(rssMb);
  for (const s of seats) s.stop();
  const latencies = seats.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const decisions = seats.reduce((n, s) => n + s.acknowledged.length, 0) - ackBase;
  const round = (x: number) => Number(x.toFixed(1));
  return {
    setup: label,
    matches,
    seconds: Math.round((Date.now() - start) / 1000),
    decisions,
    decisionsPerSecond: round(decisions / seconds),
    latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)), samples: latencies.length },
    memoryPerMatchKb: Math.round(((after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)) * 1024) / matches),
    serverRssMb: after.map(Math.round).join(" + "),
    errors: seats.reduce((n, s) => n + s.errors.length, 0),
  };
}

/** Memory per match created and never visited, while held and after the idle release. */
async function idleMemory(db: string, count: number): Promise<BenchResults> {
  const server = await startServer({ DATABASE_URL: undefined, MUSTER_LIMIT_IDLE_SECONDS: "3" }, ["--db", db]);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    await createMatchAt(base, { game: "shove" });
    await sleep(500);
    const before = rssMb(server.child.pid!);
    for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => createMatchAt(base, { game: "shove" })));
    const held = rssMb(server.child.pid!);
    await sleep(8000);
    const released = rssMb(server.child.pid!);
    return {
      matches: count,
      heldKbPerMatch: Math.round(((held - before) * 1024) / count),
      afterReleaseKbPerMatch: Math.round(((released - before) * 1024) / count),
      note: "resident memory growth of the server process; after release the matches are out of the heap, and what remains is memory V8 keeps for reuse",
    };
  } finally {
    server.child.kill("SIGKILL");
  }
}

export const onlineBench: BenchSection = {
  name: "online",
  async run() {
    const matches = Number(process.env.MUSTER_BENCH_MATCHES ?? 1000);
    const seconds = Number(process.env.MUSTER_BENCH_SECONDS ?? 30);
    const results: BenchResults = {};
    const db = join(mkdtempSync(join(tmpdir(), "muster-bench-")), "matches.db");
    const battles = Number(process.env.MUSTER_BENCH_BATTLES ?? 50);
    // Issue 24: people and computer-only battles at once; the computer opponent's reply time against an idle server first.
    const mixed = await startServer({ DATABASE_URL: undefined }, ["--db", join(dirname(db), "mixed.db")]);
    try {
      const base = `http://127.0.0.1:${mixed.port}`;
      const idle = await probeInChild(base, Math.min(20, seconds));
      results.peopleAndComputers = await mixedLoad(base, matches, battles, seconds, idle);
    } finally {
      mixed.child.kill("SIGKILL");
    }
    results.idleMatchMemory = await idleMemory(join(dirname(db), "idle.db"), Number(process.env.MUSTER_BENCH_IDLE_MATCHES ?? 2000));
    if (process.env.MUSTER_BENCH_ONLINE_ONLY_ISSUE24 === "1") return results;
    const one = await startServer({ DATABASE_URL: undefined }, ["--db", db]);
    try {
      results.sqliteOneProcess = await run("one server process, SQLite", [one.port], [one.child.pid!], matches, seconds);
    } finally {
      one.child.kill("SIGKILL");
    }
    if (process.env.DATABASE_URL) {
      const a = await startServer({}, []);
      const b = await startServer({}, []);
      try {
        results.postgresTwoProcesses = await run("two server processes, PostgreSQL, each match's seats on different processes", [a.port, b.port], [a.child.pid!, b.child.pid!], matches, seconds);
      } finally {
        a.child.kill("SIGKILL");
        b.child.kill("SIGKILL");
      }
    } else {
      results.postgresTwoProcesses = "skipped: DATABASE_URL is not set";
    }
    return results;
  },
};
