/**
 * Issue 24, store faults: a locked SQLite file is waited for without blocking the event loop, and
 * locked, read-only, full, corrupt and truncated databases give a log line and a `503` naming the
 * fault (or, at start, exit 2 naming the file), never `500 internal error`.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import { SqliteStore } from "../../src/server/store.js";
import { StoreError } from "../../src/server/store-errors.js";
import { ROOT, testServer } from "./helpers.js";

const RUN = join(ROOT, "dist", "src", "server", "run.js");
const tempDb = () => join(mkdtempSync(join(tmpdir(), "muster-faults-")), "matches.db");
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

function post(port: number, body: unknown = { game: "shove" }): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** The private connection of a running server's SQLite store, to put it into a fault. */
function connectionOf(server: RunningServer): Database.Database {
  return (server.service.store as unknown as { db: Database.Database }).db;
}

describe("issue 24: SQLite faults are loud and never block", () => {
  let server: RunningServer | null = null;
  let other: Database.Database | null = null;
  afterEach(async () => {
    if (other?.inTransaction) other.exec("ROLLBACK");
    other?.close();
    other = null;
    await server?.close();
    server = null;
  });

  it("locked: a write waits for another program's lock without blocking /health, and succeeds once it is released", async () => {
    const db = tempDb();
    server = await testServer({ dbFile: db });
    other = new Database(db);
    other.exec("BEGIN IMMEDIATE");
    const creating = post(server.port);
    await sleep(100);
    const t0 = performance.now();
    const health = await fetch(`http://127.0.0.1:${server.port}/health`);
    const healthMs = performance.now() - t0;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(250);
    other.exec("ROLLBACK");
    const r = await creating;
    expect(r.status).toBe(201);
  });

  it("locked for longer than the lock wait: 503 store-locked, and the log names the fault and the file", async () => {
    const db = tempDb();
    const lines: string[] = [];
    server = await testServer({ dbFile: db, limits: { lockWaitSeconds: 0.3 }, log: (l) => lines.push(l) });
    other = new Database(db);
    other.exec("BEGIN IMMEDIATE");
    const r = await post(server.port);
    expect(r.status).toBe(503);
    const body = (await r.json()) as { error: string; message: string };
    expect(body.error).toBe("store-locked");
    expect(body.message).not.toContain(db);
    expect(lines.some((l) => l.includes("store-locked") && l.includes(db))).toBe(true);
  });

  it("read-only: 503 store-read-only and a log line; the server goes on answering", async () => {
    const db = tempDb();
    const lines: string[] = [];
    server = await testServer({ dbFile: db, log: (l) => lines.push(l) });
    expect((await post(server.port)).status).toBe(201);
    // As root a file's permissions do not stop writes; the connection's query_only does.
    connectionOf(server).pragma("query_only = ON");
    const r = await post(server.port);
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: string }).error).toBe("store-read-only");
    expect(lines.some((l) => l.includes("store-read-only"))).toBe(true);
    expect((await fetch(`http://127.0.0.1:${server.port}/health`)).status).toBe(200);
  });

  it("full (the file at its size cap): 503 store-full, and matches already made still load", async () => {
    const db = tempDb();
    const lines: string[] = [];
    server = await testServer({ dbFile: db, dbMaxBytes: 48 * 1024, log: (l) => lines.push(l) });
    let status = 201;
    let first: string | null = null;
    for (let i = 0; i < 400 && status === 201; i++) {
      const r = await post(server.port);
      status = r.status;
      const body = (await r.json()) as { matchId?: string; error?: string };
      if (status === 201) first ??= body.matchId!;
      else expect(body.error).toBe("store-full");
    }
    expect(status).toBe(503);
    expect(lines.some((l) => l.includes("store-full"))).toBe(true);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/matches/${first}`)).status).toBe(200);
  });

  it("corrupt or truncated at start: the store refuses the file with store-corrupt naming it", async () => {
    const garbage = tempDb();
    writeFileSync(garbage, "this is not a database ".repeat(400));
    expect(() => new SqliteStore(garbage)).toThrow(StoreError);
    expect(() => new SqliteStore(garbage)).toThrow(garbage);

    const truncated = tempDb();
    const s = new SqliteStore(truncated);
    const seats = [{ seat: "red", kind: "human" as const, tokenHash: "00" }];
    for (let i = 0; i < 300; i++) await s.createMatch({ id: `m${i}`, game: "shove", options: { filler: "x".repeat(400) }, seed: i, seats, createdAt: 0 });
    await s.close();
    truncateSync(truncated, Math.floor(statSync(truncated).size / 2));
    let err: unknown = null;
    try {
      new SqliteStore(truncated);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).fault).toBe("store-corrupt");
  });

  it("the server program on a file that is not a database exits 2 with one line naming it", async () => {
    if (!existsSync(RUN)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    const bad = tempDb();
    writeFileSync(bad, "not a database\n".repeat(500));
    const child = spawn(process.execPath, [RUN, "--port", "0", "--db", bad], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: "" } });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((ok) => child.once("exit", ok));
    expect(code).toBe(2);
    expect(stderr).toContain(bad);
    expect(stderr).toMatch(/damaged or is not a Muster database/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
