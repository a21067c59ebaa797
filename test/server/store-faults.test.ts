/**
 * Issue 24, store faults: a locked SQLite file is waited for without blocking the event loop, and
 * locked, read-only, full, corrupt and truncated databases give a log line and a `503` naming the
 * fault (or, at start, exit 2 naming the file), never `500 internal error`. Over the WebSocket a
 * decision or a hello meeting a fault gets the same named code, without the file's path.
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
import type { ErrorMessage, SnapshotMessage } from "../../src/server/protocol.js";
import { Client, createMatch, ofType, ROOT, testServer } from "./helpers.js";

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

describe("issue 24: store faults over the WebSocket are named, never a bare server-error", () => {
  let server: RunningServer | null = null;
  let other: Database.Database | null = null;
  const clients: Client[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    if (other?.inTransaction) other.exec("ROLLBACK");
    other?.close();
    other = null;
    await server?.close();
    server = null;
  });

  /** A Shove match with its first seat joined, and the seat's first legal decision. */
  async function joined(s: RunningServer): Promise<{ client: Client; decision: unknown; matchId: string }> {
    const m = await createMatch(`http://127.0.0.1:${s.port}`, { game: "shove" });
    const client = await Client.open(s.port);
    clients.push(client);
    client.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    const snap = (await client.next(ofType("snapshot"))) as SnapshotMessage;
    return { client, decision: snap.legal[0].decision, matchId: m.matchId };
  }

  /** Nothing internal in a client's message: not the file, not SQLite's own words, no stack. */
  const expectNoInternals = (e: ErrorMessage, db: string) => {
    expect(e.message).not.toContain(db);
    expect(e.message).not.toMatch(/SQLITE|sqlite|\n\s+at /);
  };

  it("read-only: a decision is refused with store-read-only (nothing stored), and once writable again it is taken", async () => {
    const db = tempDb();
    server = await testServer({ dbFile: db, log: () => undefined });
    const { client, decision } = await joined(server);
    connectionOf(server).pragma("query_only = ON");
    client.send({ type: "decide", version: 0, decision, requestId: "r1" });
    const e = (await client.next(ofType("error"))) as ErrorMessage;
    expect(e).toMatchObject({ code: "store-read-only", version: 0, requestId: "r1" });
    expectNoInternals(e, db);
    connectionOf(server).pragma("query_only = OFF");
    client.send({ type: "decide", version: 0, decision });
    expect(await client.next(ofType("accepted"))).toMatchObject({ version: 1 });
  });

  it("locked past the lock wait: a decision is refused with store-locked", async () => {
    const db = tempDb();
    server = await testServer({ dbFile: db, limits: { lockWaitSeconds: 0.3 }, log: () => undefined });
    const { client, decision } = await joined(server);
    other = new Database(db);
    other.exec("BEGIN IMMEDIATE");
    client.send({ type: "decide", version: 0, decision });
    const e = (await client.next(ofType("error"))) as ErrorMessage;
    expect(e.code).toBe("store-locked");
    expectNoInternals(e, db);
  });

  it("a hello whose match cannot be read (corrupt) is refused with store-corrupt, and the next hello works", async () => {
    const db = tempDb();
    server = await testServer({ dbFile: db, log: () => undefined, limits: { idleSeconds: 0.05 } });
    const m = await createMatch(`http://127.0.0.1:${server.port}`, { game: "shove" });
    // Released from memory, so a hello must read it from the store, which fails as a damaged file would.
    await sleep(300);
    const store = server.service.store as unknown as { loadMatch: (id: string) => Promise<unknown> };
    const real = store.loadMatch.bind(store);
    store.loadMatch = () => Promise.reject(new StoreError("store-corrupt", db, new Error("SQLITE_CORRUPT: database disk image is malformed")));
    const client = await Client.open(server.port);
    clients.push(client);
    client.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    const e = (await client.next(ofType("error"))) as ErrorMessage;
    expect(e.code).toBe("store-corrupt");
    expectNoInternals(e, db);
    store.loadMatch = real;
    const again = await Client.open(server.port);
    clients.push(again);
    again.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    expect(await again.next(ofType("snapshot"))).toMatchObject({ matchId: m.matchId });
  });
});
