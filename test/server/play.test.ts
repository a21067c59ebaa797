/** Online play (issue 18): matches created over HTTP and played over WebSocket, views per seat, computer seats. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import type { SnapshotMessage, UpdateMessage } from "../../src/server/protocol.js";
import { Client, createMatch, ofType, testServer } from "./helpers.js";

describe("online play", () => {
  let server: RunningServer;
  let base = "";
  beforeAll(async () => {
    server = await testServer();
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it("creates a match with one invitation per seat, and refuses bad options naming the field", async () => {
    const m = await createMatch(base, { game: "shove" });
    expect(m.seats.map((s) => s.seat)).toEqual(["blue", "red"]);
    for (const s of m.seats) {
      expect(s.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(s.link).toBe(`/#/play?match=${m.matchId}&seat=${s.token}`);
    }
    expect(m.seats[0].token).not.toBe(m.seats[1].token);
    const bad = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shove", options: { board: 7 } }) });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; message: string; field: string };
    expect(body.error).toBe("bad-options");
    expect(body.field).toMatch(/^options\.board/);
    const noScenario = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shieldwall-battle", scenario: "atlantis" }) });
    expect(noScenario.status).toBe(400);
    expect(((await noScenario.json()) as { message: string }).message).toContain('no shipped scenario "atlantis"');
    const unknownGame = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "chess" }) });
    expect(unknownGame.status).toBe(400);
    expect(((await unknownGame.json()) as { field: string }).field).toBe("game");
    const badComputer = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shove", seats: { red: { kind: "computer", player: "deep-blue" } } }) });
    expect(badComputer.status).toBe(400);
    expect(((await badComputer.json()) as { message: string }).message).toContain("unknown computer player");
  });

  it("two seats play Shove to the end: each decision reaches the opponent, versions count decisions", async () => {
    const m = await createMatch(base, { game: "shove" });
    const [blue, red] = await Promise.all([Client.open(server.port), Client.open(server.port)]);
    blue.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    red.send({ type: "hello", matchId: m.matchId, token: m.seats[1].token, version: 0 });
    const sb = (await blue.next(ofType("snapshot"))) as SnapshotMessage;
    const sr = (await red.next(ofType("snapshot"))) as SnapshotMessage;
    expect(sb.seat).toBe("blue");
    expect(sr.seat).toBe("red");
    expect(sb.version).toBe(0);
    expect(JSON.stringify(sb.view)).not.toContain('"rng"');
    let state = { toMove: sb.toMove, legalBlue: sb.legal, legalRed: sr.legal, version: 0, result: sb.result };
    for (let i = 0; i < 400 && state.toMove !== null; i++) {
      const mover = state.toMove === "blue" ? blue : red;
      const other = mover === blue ? red : blue;
      const legal = mover === blue ? state.legalBlue : state.legalRed;
      expect(legal.length).toBeGreaterThan(0);
      mover.send({ type: "decide", version: state.version, decision: legal[i % legal.length].decision, requestId: `r${i}` });
      const ack = await mover.next((x) => x.type === "accepted" || x.type === "error");
      expect(ack).toMatchObject({ type: "accepted", version: state.version + 1, requestId: `r${i}` });
      const ub = (await blue.next(ofType("update"))) as UpdateMessage;
      const ur = (await red.next(ofType("update"))) as UpdateMessage;
      expect(ub.version).toBe(state.version + 1);
      expect(ur.version).toBe(state.version + 1);
      expect(other === blue ? ub.by : ur.by).toBe(mover === blue ? "blue" : "red");
      state = { toMove: ub.toMove, legalBlue: ub.legal, legalRed: ur.legal, version: ub.version, result: ub.result };
    }
    expect(state.toMove).toBeNull();
    expect(state.result).not.toBeNull();
    const summary = (await (await fetch(`${base}/api/matches/${m.matchId}`)).json()) as { version: number; finished: boolean };
    expect(summary).toMatchObject({ version: state.version, finished: true });
    blue.close();
    red.close();
  });

  it("a computer seat plays by itself (shieldwall duel against the random player; contest against mcts)", async () => {
    for (const [game, seat, computer] of [
      ["shieldwall-duel", "b", "random"],
      ["contest-of-champions", "B", "mcts"],
    ] as const) {
      const m = await createMatch(base, { game, seats: { [seat]: { kind: "computer", player: computer } } });
      const human = m.seats.find((s) => s.kind === "human")!;
      const c = await Client.open(server.port);
      c.send({ type: "hello", matchId: m.matchId, token: human.token, version: 0 });
      let last = (await c.next(ofType("snapshot"))) as SnapshotMessage | UpdateMessage;
      for (let i = 0; i < 300 && last.toMove !== null; i++) {
        if (last.toMove === human.seat && last.legal.length > 0) c.send({ type: "decide", version: last.version, decision: last.legal[0].decision });
        last = (await c.next(ofType("update"))) as UpdateMessage;
      }
      expect(last.toMove, game).toBeNull();
      expect(last.result).not.toBeNull();
      c.close();
    }
  });

  it("a spectator sees what onlookers see (SW-24: hands only as their sizes) and cannot decide", async () => {
    const m = await createMatch(base, { game: "shieldwall-duel" });
    const s = await Client.open(server.port);
    s.send({ type: "hello", matchId: m.matchId, version: 0 });
    const snap = (await s.next(ofType("snapshot"))) as SnapshotMessage;
    expect(snap.seat).toBeNull();
    expect(snap.legal).toEqual([]);
    const view = snap.view as Record<string, unknown>;
    expect(view.hand).toBeUndefined();
    expect(view.you).toBeNull();
    expect(view.handSizes).toEqual({ a: expect.any(Number), b: expect.any(Number) });
    expect(JSON.stringify(view)).not.toMatch(/"rank"|"suit"|"stock"/);
    expect(view.fighters).toBeDefined();
    s.send({ type: "decide", version: 0, decision: {} });
    expect(await s.next(ofType("error"))).toMatchObject({ code: "spectator", version: 0 });
    s.close();
  });
});
