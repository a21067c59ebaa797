/**
 * Issue 18, "Persistence" and "Rejoin and resync": decisions are stored (one transaction, version
 * checked) before anyone hears of them; a match is rebuilt from setup, seed and decisions after a
 * restart; a client that missed updates or comes back later gets a fresh view of its seat; on
 * PostgreSQL two server instances with their own connections serve one match, fanning out with
 * LISTEN/NOTIFY.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import { PostgresStore } from "../../src/server/postgres-store.js";
import type { SnapshotMessage, UpdateMessage } from "../../src/server/protocol.js";
import { type MatchStore, SqliteStore } from "../../src/server/store.js";
import { Client, createMatch, ofType, testServer } from "./helpers.js";
import { databaseUrl, RUN_POSTGRES } from "./stores.js";

const dir = mkdtempSync(join(tmpdir(), "muster-store-"));

interface Kind {
  name: "sqlite" | "postgres";
  open(): Promise<MatchStore>;
  server(): Promise<RunningServer>;
}

const sqliteFile = join(dir, "matches.db");
const KINDS: Kind[] = [
  { name: "sqlite", open: () => Promise.resolve(new SqliteStore(sqliteFile)), server: () => testServer({ dbFile: sqliteFile }) },
  ...(RUN_POSTGRES ? [{ name: "postgres" as const, open: () => PostgresStore.open(databaseUrl()), server: () => testServer({ databaseUrl: databaseUrl() }) }] : []),
];

async function join2(port: number, matchId: string, token: string | undefined, version = 0): Promise<{ c: Client; snap: SnapshotMessage }> {
  const c = await Client.open(port);
  c.send({ type: "hello", matchId, ...(token ? { token } : {}), version });
  return { c, snap: (await c.next(ofType("snapshot"))) as SnapshotMessage };
}

/** Plays `n` decisions (each seat its first legal one), returns the last update each got. */
async function playSome(seats: Record<string, Client>, last: Record<string, SnapshotMessage | UpdateMessage>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const any = Object.values(last)[0];
    const toMove = any.toMove;
    if (toMove === null) return;
    seats[toMove].send({ type: "decide", version: any.version, decision: last[toMove].legal[0].decision });
    await seats[toMove].next(ofType("accepted"));
    for (const s of Object.keys(seats)) last[s] = (await seats[s].next(ofType("update"))) as UpdateMessage;
  }
}

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

for (const kind of KINDS) {
  describe(`issue 18 persistence on ${kind.name}`, () => {
    it("appending is version checked: of two writers at version N exactly one succeeds, and nothing partial is stored", async () => {
      const a = await kind.open();
      const b = await kind.open();
      const id = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      await a.createMatch({ id, game: "shove", options: {}, seed: 1, seats: [], createdAt: Date.now() });
      const results = await Promise.all([a.appendDecision(id, { version: 1, player: "blue", move: { n: 1 } }), b.appendDecision(id, { version: 1, player: "red", move: { n: 2 } })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await a.appendDecision(id, { version: 3, player: "blue", move: {} })).toBe(false);
      const stored = await b.decisionsAfter(id, 0);
      expect(stored).toHaveLength(1);
      expect(stored[0].version).toBe(1);
      await a.close();
      await b.close();
    });

    it("a match is left and resumed after a restart: rebuilt from its decisions, each seat gets its own fresh view", async () => {
      let server = await kind.server();
      servers.push(server);
      const m = await createMatch(`http://127.0.0.1:${server.port}`, { game: "shieldwall-duel" });
      const [a, b] = m.seats;
      const ja = await join2(server.port, m.matchId, a.token);
      const jb = await join2(server.port, m.matchId, b.token);
      const last: Record<string, SnapshotMessage | UpdateMessage> = { a: ja.snap, b: jb.snap };
      await playSome({ a: ja.c, b: jb.c }, last, 5);
      const before = last.a;
      expect(before.version).toBe(5);
      ja.c.close();
      jb.c.close();
      await server.close();

      server = await kind.server();
      servers.push(server);
      const back = await join2(server.port, m.matchId, a.token, 5);
      expect(back.snap.version).toBe(5);
      expect(back.snap.view).toEqual(before.view);
      expect(back.snap.toMove).toBe(before.toMove);
      const backB = await join2(server.port, m.matchId, b.token, 5);
      expect(backB.snap.view).toEqual(last.b.view);
      await playSome({ a: back.c, b: backB.c }, { a: back.snap, b: backB.snap }, 2);
      expect((await server.service.get(m.matchId))!.version).toBe(7);
      back.c.close();
      backB.c.close();
      await server.close();
    }, 60_000);

    it("a client that missed updates resyncs; one coming back with an old version gets the current view", async () => {
      const server = await kind.server();
      servers.push(server);
      const m = await createMatch(`http://127.0.0.1:${server.port}`, { game: "shove" });
      const blue = await join2(server.port, m.matchId, m.seats[0].token);
      const red = await join2(server.port, m.matchId, m.seats[1].token);
      red.c.close();
      // Red is away while blue decides; then red comes back with the version it last saw.
      blue.c.send({ type: "decide", version: 0, decision: blue.snap.legal[0].decision });
      await blue.c.next(ofType("accepted"));
      const seen = (await blue.c.next(ofType("update"))) as UpdateMessage;
      const redBack = await join2(server.port, m.matchId, m.seats[1].token, 0);
      expect(redBack.snap.version).toBe(1);
      expect(redBack.snap.toMove).toBe(seen.toMove);
      expect(redBack.snap.view).toEqual(seen.view);
      // A decision on the old version is refused as stale; resync gives the fresh view.
      redBack.c.send({ type: "decide", version: 0, decision: blue.snap.legal[0].decision });
      expect(await redBack.c.next(ofType("error"))).toMatchObject({ code: "stale-version", version: 1 });
      redBack.c.send({ type: "resync", version: 0 });
      expect(await redBack.c.next(ofType("snapshot"))).toMatchObject({ version: 1, seat: "red" });
      blue.c.close();
      redBack.c.close();
    });
  });
}

describe.runIf(RUN_POSTGRES)("issue 18 two server instances on one PostgreSQL", () => {
  it("two seats connected to different servers play one match; updates fan out through LISTEN/NOTIFY", async () => {
    const one = await testServer({ databaseUrl: databaseUrl() });
    const two = await testServer({ databaseUrl: databaseUrl() });
    servers.push(one, two);
    const m = await createMatch(`http://127.0.0.1:${one.port}`, { game: "shove" });
    const blue = await join2(one.port, m.matchId, m.seats[0].token);
    const red = await join2(two.port, m.matchId, m.seats[1].token);
    const last: Record<string, SnapshotMessage | UpdateMessage> = { blue: blue.snap, red: red.snap };
    await playSome({ blue: blue.c, red: red.c }, last, 12);
    expect(last.blue.version).toBe(12);
    expect(last.red.version).toBe(12);
    expect(last.red.view).toEqual(last.blue.view);
    expect((await two.service.get(m.matchId))!.version).toBe(12);
    blue.c.close();
    red.c.close();
  }, 60_000);
});
