/**
 * Issue 24, item 4: two live server processes share a private PostgreSQL cluster (started here in
 * a temporary folder on a free loopback port; the shared one is never touched). A match's seats sit
 * on different processes. Their LISTEN connections are cut, then the whole cluster is restarted:
 * each time the processes must say so in their log, LISTEN again, catch up on the decisions they
 * missed, and the seat on the other process must hear of every decision.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { CreateMatchResponse, ServerMessage } from "../../src/server/protocol.js";
import { Client, freePort, ROOT } from "./helpers.js";
import { POSTGRES_REQUIRED } from "./stores.js";

const RUN = join(ROOT, "dist", "src", "server", "run.js");

function pgBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length > 0 ? join(base, versions[versions.length - 1], "bin") : null;
  return bin && existsSync(join(bin, "initdb")) ? bin : null;
}


const BIN = pgBin();
const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the postgres user when we are root (initdb refuses root). */
function asPostgres(program: string, args: string[]): void {
  const file = join(BIN!, program);
  if (isRoot) execFileSync("runuser", ["-u", "postgres", "--", file, ...args], { stdio: "ignore", timeout: 60_000 });
  else execFileSync(file, args, { stdio: "ignore", timeout: 60_000 });
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

interface Proc {
  child: ChildProcess;
  port: number;
  log: string[];
}

function startProcess(url: string): Promise<Proc> {
  const child = spawn(process.execPath, [RUN, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: url } });
  const log: string[] = [];
  child.stderr!.on("data", (d: Buffer) => log.push(...d.toString().split("\n").filter(Boolean)));
  return new Promise((ok, fail) => {
    child.stdout!.once("data", (d: Buffer) => ok({ child, port: Number(/:(\d+)\//.exec(d.toString())![1]), log }));
    child.once("exit", (code) => fail(new Error(`the server exited with ${code}: ${log.join(" | ")}`)));
  });
}

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

type Seen = Extract<ServerMessage, { type: "snapshot" | "update" }>;

/** A seat's connection and the last snapshot or update it saw. */
class Seat {
  last: Seen | null = null;
  private constructor(
    readonly client: Client,
    readonly seat: string,
  ) {
    client.ws.on("message", (data: Buffer) => {
      const m = JSON.parse(data.toString("utf8")) as ServerMessage;
      if ((m.type === "snapshot" || m.type === "update") && (this.last === null || m.version >= this.last.version)) this.last = m;
    });
  }
  static async join(port: number, matchId: string, seat: string, token: string): Promise<Seat> {
    const s = new Seat(await Client.open(port), seat);
    s.client.send({ type: "hello", matchId, token, version: 0 });
    await until(`${seat}'s snapshot`, () => s.last !== null, 10_000);
    return s;
  }
}

/** The seat to move decides (again after a refusal, e.g. while its process reconnects); the other seat must see the new version. */
async function playOne(seats: Seat[]): Promise<void> {
  const version = Math.max(...seats.map((s) => s.last!.version));
  await until(`both seats at version ${version}`, () => seats.every((s) => s.last!.version === version));
  const mover = seats.find((s) => s.last!.toMove === s.seat)!;
  const other = seats.find((s) => s !== mover)!;
  const end = Date.now() + 20_000;
  while (mover.last!.version === version) {
    if (Date.now() > end) throw new Error(`the decision at version ${version} was never accepted`);
    mover.client.send({ type: "decide", version, decision: mover.last!.legal[0].decision });
    await sleep(300);
  }
  await until(`the other seat to hear of version ${version + 1}`, () => other.last!.version === version + 1, 15_000);
}

describe.skipIf(!BIN && !POSTGRES_REQUIRED)("issue 24: PostgreSQL restarts under two live server processes", () => {
  const procs: Proc[] = [];
  const seats: Seat[] = [];
  let dataDir = "";
  afterAll(() => {
    for (const s of seats) s.client.close();
    for (const p of procs) p.child.kill("SIGKILL");
    if (dataDir) {
      try {
        asPostgres("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      }
    }
  });

  it("LISTEN is re-established and logged, missed decisions are caught up, and the match plays on across processes", async () => {
    if (!BIN) throw new Error("PostgreSQL's programs are not installed (/usr/lib/postgresql/*/bin): CI installs them");
    if (!existsSync(RUN)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    const dir = mkdtempSync(join(tmpdir(), "muster-pg-restart-"));
    if (isRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), Number(execFileSync("id", ["-g", "postgres"]).toString().trim()));
    dataDir = join(dir, "data");
    const port = await freePort();
    asPostgres("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres"]);
    const start = () => asPostgres("pg_ctl", ["-D", dataDir, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", join(dir, "log"), "-w", "start"]);
    start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

    procs.push(await startProcess(url), await startProcess(url));
    const [a, b] = procs;
    const r = await fetch(`http://127.0.0.1:${a.port}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shove" }) });
    expect(r.status).toBe(201);
    const m = (await r.json()) as CreateMatchResponse;
    seats.push(await Seat.join(a.port, m.matchId, m.seats[0].seat, m.seats[0].token!), await Seat.join(b.port, m.matchId, m.seats[1].seat, m.seats[1].token!));
    await playOne(seats);
    await playOne(seats);

    // 1. The listeners' connections are cut (the database stays up): the next decision lands while
    //    one process is not listening, so that process must catch up by reading the store.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'");
    await admin.end();
    await playOne(seats);
    for (const p of procs) await until("the log of the lost and re-established LISTEN", () => p.log.some((l) => /LISTEN connection was lost/.test(l)) && p.log.some((l) => /LISTEN re-established/.test(l)));
    await playOne(seats);

    // 2. The whole cluster restarts.
    const before = procs.map((p) => p.log.filter((l) => /LISTEN re-established/.test(l)).length);
    asPostgres("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
    await sleep(500);
    start();
    await playOne(seats);
    await playOne(seats);
    for (const [i, p] of procs.entries()) {
      await until("the log of LISTEN re-established after the restart", () => p.log.filter((l) => /LISTEN re-established/.test(l)).length > before[i]);
      expect(p.log.some((l) => /caught up on \d+ matches held/.test(l))).toBe(true);
    }
    await playOne(seats);
    // Both processes are still serving: a fresh look at the match from each agrees.
    const versions = await Promise.all(procs.map(async (p) => ((await (await fetch(`http://127.0.0.1:${p.port}/api/matches/${m.matchId}`)).json()) as { version: number }).version));
    expect(versions[0]).toBe(versions[1]);
    expect(versions[0]).toBe(seats[0].last!.version);
  }, 120_000);
});
