/**
 * Issue 24, item 5: bounded resources. Per-address rate limits on match creation and on new
 * connections, open connections per address, a cap on matches held in memory, idle matches
 * released (and reloaded on demand), and sockets that never say hello closed. Loopback only.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import { DEFAULT_LIMITS, LimitError, resolveLimits } from "../../src/server/limits.js";
import { Client, createMatch, ofType, testServer } from "./helpers.js";

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

function post(port: number): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shove" }) });
}

async function refusedConnection(port: number): Promise<string> {
  try {
    const c = await Client.open(port);
    c.close();
    return "accepted";
  } catch (err) {
    return (err as Error).message;
  }
}

describe("issue 24: bounded resources", () => {
  let server: RunningServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it("match creation is rate limited per address: 429 rate-limited with Retry-After, naming the limit", async () => {
    server = await testServer({ limits: { createPerMinute: 3 } });
    for (let i = 0; i < 3; i++) expect((await post(server.port)).status).toBe(201);
    const r = await post(server.port);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await r.json()) as { error: string; message: string };
    expect(body.error).toBe("rate-limited");
    expect(body.message).toContain("3 a minute");
    // Other requests from the address are not affected.
    expect((await fetch(`http://127.0.0.1:${server.port}/health`)).status).toBe(200);
  });

  it("new connections are rate limited per address, and an address may hold only so many open", async () => {
    server = await testServer({ limits: { connectPerMinute: 3 } });
    const open = [await Client.open(server.port), await Client.open(server.port), await Client.open(server.port)];
    expect(await refusedConnection(server.port)).toContain("429");
    for (const c of open) c.close();
    await server.close();

    server = await testServer({ limits: { connectionsPerAddress: 2 } });
    const a = await Client.open(server.port);
    const b = await Client.open(server.port);
    expect(await refusedConnection(server.port)).toContain("429");
    a.close();
    await sleep(200);
    const c = await Client.open(server.port);
    b.close();
    c.close();
  });

  it("a socket that does not say hello in time is closed (1008); one that did stays open", async () => {
    server = await testServer({ limits: { helloSeconds: 0.3 } });
    const m = await createMatch(`http://127.0.0.1:${server.port}`, { game: "shove" });
    const silent = await Client.open(server.port);
    const greeter = await Client.open(server.port);
    greeter.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    await greeter.next(ofType("snapshot"));
    await sleep(900);
    expect(silent.closed).toBe(true);
    expect(silent.closeCode).toBe(1008);
    expect(greeter.closed).toBe(false);
    greeter.close();
  });

  it("idle matches are released from memory and reloaded on demand", async () => {
    server = await testServer({ limits: { idleSeconds: 0.2 } });
    const m = await createMatch(`http://127.0.0.1:${server.port}`, { game: "shove" });
    expect(server.service.liveCount).toBe(1);
    await sleep(700);
    expect(server.service.liveCount).toBe(0);
    const c = await Client.open(server.port);
    c.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    const snap = await c.next(ofType("snapshot"));
    expect(snap.version).toBe(0);
    expect(server.service.liveCount).toBe(1);
    // Watched matches are kept however long they are quiet.
    await sleep(700);
    expect(server.service.liveCount).toBe(1);
    c.close();
  });

  it("the process holds at most open-matches matches: watched ones are kept, quiet ones make room, else 503 server-busy", async () => {
    server = await testServer({ limits: { openMatches: 2 } });
    const base = `http://127.0.0.1:${server.port}`;
    const watched = await Promise.all([createMatch(base, { game: "shove" }), createMatch(base, { game: "shove" })]);
    const clients = await Promise.all(watched.map(() => Client.open(server!.port)));
    for (const [i, c] of clients.entries()) {
      c.send({ type: "hello", matchId: watched[i].matchId, token: watched[i].seats[0].token, version: 0 });
      await c.next(ofType("snapshot"));
    }
    const r = await post(server.port);
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: string }).error).toBe("server-busy");
    clients[0].close();
    await sleep(200);
    expect((await post(server.port)).status).toBe(201);
    expect(server.service.liveCount).toBeLessThanOrEqual(2);
    clients[1].close();
  });

  it("limits come from defaults, MUSTER_LIMIT_* variables and --limit NAME=VALUE; bad ones are named", () => {
    expect(resolveLimits({})).toEqual(DEFAULT_LIMITS);
    const l = resolveLimits({ MUSTER_LIMIT_CREATE_PER_MINUTE: "7", MUSTER_LIMIT_IDLE_SECONDS: "30" }, ["idle-seconds=5", "computer-threads=3"]);
    expect([l.createPerMinute, l.idleSeconds, l.computerThreads]).toEqual([7, 5, 3]);
    expect(() => resolveLimits({ MUSTER_LIMIT_OPEN_MATCHES: "lots" })).toThrow(/MUSTER_LIMIT_OPEN_MATCHES: open-matches must be a whole number/);
    expect(() => resolveLimits({}, ["speed=9"])).toThrow(LimitError);
    expect(() => resolveLimits({}, ["speed=9"])).toThrow(/unknown limit "speed"/);
    expect(() => resolveLimits({}, ["computer-threads=0"])).toThrow(/from 1 to 64/);
  });
});
