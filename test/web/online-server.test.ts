/**
 * The online client (web/src/online/connection.ts) against the real server (src/server, on a free
 * loopback port with a temporary SQLite file): two seats of a Shove match see each other's
 * decisions; the server's refusal of an illegal decision is kept to show with the match unchanged;
 * a connection that dropped and missed decisions comes back with a fresh view; and after the
 * server is stopped and started again on the same file, both clients reconnect and resync.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { RunningServer } from "../../src/server/index.js";
import { MatchConnection, type OnlineState, type SocketLike } from "../../web/src/online/connection.js";
import { createMatch, testServer } from "../server/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "muster-online-"));
const dbFile = join(dir, "matches.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seat {
  conn: MatchConnection;
  sockets: WebSocket[];
  /** Resolves when the state satisfies `pred` (checked at once and on every change). */
  until(pred: (s: OnlineState) => boolean, what: string, timeoutMs?: number): Promise<OnlineState>;
}

function seat(port: () => number, matchId: string, token: string): Seat {
  const watchers: { pred: (s: OnlineState) => boolean; ok: (s: OnlineState) => void }[] = [];
  const sockets: WebSocket[] = [];
  const conn = new MatchConnection({
    url: "unused",
    matchId,
    token,
    socket: () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port()}/ws`);
      sockets.push(ws);
      return ws as unknown as SocketLike;
    },
    backoff: { baseMs: 50, maxMs: 400 },
    onChange: (s) => {
      for (const w of [...watchers]) {
        if (!w.pred(s)) continue;
        watchers.splice(watchers.indexOf(w), 1);
        w.ok(s);
      }
    },
  });
  return {
    conn,
    sockets,
    until(pred, what, timeoutMs = 10_000) {
      if (pred(conn.state)) return Promise.resolve(conn.state);
      return new Promise((ok, fail) => {
        const t = setTimeout(() => fail(new Error(`timed out waiting for ${what}; state ${JSON.stringify({ ...conn.state, view: undefined, legal: conn.state.legal.length })}`)), timeoutMs);
        watchers.push({ pred, ok: (s) => (clearTimeout(t), ok(s)) });
      });
    },
  };
}

describe("online client against the real server", () => {
  let server: RunningServer;
  let port = 0;

  it("two seats of a Shove match: decisions with their version, refusals shown, a dropped seat resyncs, a restarted server is rejoined", async () => {
    server = await testServer({ dbFile });
    port = server.port;
    const created = await createMatch(`http://127.0.0.1:${port}`, { game: "shove" });
    const token = (s: string) => created.seats.find((x) => x.seat === s)!.token!;
    const blue = seat(() => port, created.matchId, token("blue"));
    const red = seat(() => port, created.matchId, token("red"));
    blue.conn.start();
    red.conn.start();
    await blue.until((s) => s.synced, "blue's snapshot");
    await red.until((s) => s.synced, "red's snapshot");
    expect(blue.conn.state.seat).toBe("blue");
    expect(red.conn.state.seat).toBe("red");
    expect(blue.conn.myTurn).toBe(true);
    expect(red.conn.myTurn).toBe(false);
    expect(red.conn.state.legal).toEqual([]);

    // An illegal decision: the server's message is kept to show, the match is unchanged.
    blue.conn.decide("z9 up");
    const refused = await blue.until((s) => s.error !== null, "the refusal");
    expect(refused.error?.code).toBe("illegal-decision");
    expect(refused.error?.message.length).toBeGreaterThan(5);
    expect(refused.version).toBe(0);

    // A legal decision reaches the opponent as the next version.
    blue.conn.decide(blue.conn.state.legal[0].decision);
    await red.until((s) => s.version === 1, "red sees version 1");
    expect(blue.conn.state.error).toBeNull();

    // Red's connection drops; blue plays on; red comes back with a fresh view of the later version.
    red.sockets[red.sockets.length - 1].terminate();
    await red.until((s) => s.status === "reconnecting", "red reconnecting");
    await blue.until((s) => s.version === 1 && !s.deciding, "blue settled");
    let v = blue.conn.state.version;
    for (let i = 0; i < 2 && blue.conn.state.toMove === "blue"; i++) {
      blue.conn.decide(blue.conn.state.legal[0].decision);
      await blue.until((s) => s.version === v + 1, `blue at ${v + 1}`);
      v++;
    }
    const back = await red.until((s) => s.status === "open" && s.version === v, `red resynced at ${v}`);
    expect(back.view).toEqual(blue.conn.state.view);

    // The server stops and starts again on the same file: both seats reconnect and resync.
    await server.close();
    await blue.until((s) => s.status === "reconnecting", "blue notices the restart");
    server = await testServer({ dbFile, port });
    await blue.until((s) => s.status === "open" && s.version === v, "blue back", 15_000);
    await red.until((s) => s.status === "open" && s.version === v, "red back", 15_000);
    const mover = blue.conn.myTurn ? blue : red;
    const other = mover === blue ? red : blue;
    mover.conn.decide(mover.conn.state.legal[0].decision);
    await other.until((s) => s.version === v + 1, "play goes on after the restart");
    blue.conn.close();
    red.conn.close();
    await server.close();
  }, 60_000);
});
