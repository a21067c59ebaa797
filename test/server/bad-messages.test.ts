/**
 * Issue 18, "Bad messages": each kind of bad message gets a clear error to its sender naming the
 * problem; nothing is stored, the match is unchanged, and a flood is rate-limited then closed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import { type CreateMatchResponse, MAX_MESSAGE_BYTES, type SnapshotMessage } from "../../src/server/protocol.js";
import { Client, createMatch, ofType, testServer } from "./helpers.js";

describe("issue 18 bad messages", () => {
  let server: RunningServer;
  let m: CreateMatchResponse;
  let blue: Client;
  let red: Client;
  let first: SnapshotMessage;

  beforeAll(async () => {
    server = await testServer({ rate: { perSecond: 20, burst: 40 } });
    m = await createMatch(`http://127.0.0.1:${server.port}`, { game: "shove" });
    blue = await Client.open(server.port);
    red = await Client.open(server.port);
    blue.send({ type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 });
    red.send({ type: "hello", matchId: m.matchId, token: m.seats[1].token, version: 0 });
    first = (await blue.next(ofType("snapshot"))) as SnapshotMessage;
    await red.next(ofType("snapshot"));
  });
  afterAll(async () => {
    blue.close();
    red.close();
    await server.close();
  });

  /** The match as stored: no decision may have reached the store. */
  async function unchanged(): Promise<void> {
    const live = (await server.service.get(m.matchId))!;
    expect(live.version).toBe(0);
    expect(await server.service.store.decisionsAfter(m.matchId, 0)).toEqual([]);
    expect(red.received.filter((x) => x.type === "update")).toEqual([]);
  }

  async function refused(client: Client, msg: unknown, code: string, text: RegExp): Promise<void> {
    client.send(msg);
    const e = await client.next(ofType("error"));
    expect(e).toMatchObject({ type: "error", code });
    expect((e as { message: string }).message).toMatch(text);
    await unchanged();
  }

  it("malformed JSON", async () => {
    await refused(blue, "{not json", "malformed-json", /not valid JSON/);
  });

  it("unknown message type, and a known type with a bad field (named)", async () => {
    await refused(blue, { type: "teleport", version: 0 }, "bad-message", /unknown message type "teleport"/);
    await refused(blue, { type: "decide", version: -1, decision: {} }, "bad-message", /^version:/);
    await refused(blue, { type: "decide", version: 0, decision: {}, extra: 1 }, "bad-message", /extra/);
  });

  it("a decision from the wrong seat", async () => {
    expect(first.toMove).toBe("blue");
    const legal = first.legal[0].decision;
    await refused(red, { type: "decide", version: 0, decision: legal, requestId: "q1" }, "not-your-turn", /seat blue.*not yours \(seat red\)/);
  });

  it("a stale version", async () => {
    await refused(blue, { type: "decide", version: 5, decision: first.legal[0].decision }, "stale-version", /version 5.*version 0/);
  });

  it("an illegal decision, with the engine's reason", async () => {
    await refused(blue, { type: "decide", version: 0, decision: { token: 99, to: -4 } }, "illegal-decision", /illegal decision: .+/);
  });

  it("an oversized payload", async () => {
    await refused(blue, JSON.stringify({ type: "decide", version: 0, decision: { pad: "x".repeat(MAX_MESSAGE_BYTES) } }), "too-large", new RegExp(`at most ${MAX_MESSAGE_BYTES}`));
  });

  it("a bad seat token, an unknown match, a decision before hello, a second hello", async () => {
    const c = await Client.open(server.port);
    await refused(c, { type: "decide", version: 0, decision: {} }, "not-joined", /hello/);
    await refused(c, { type: "hello", matchId: m.matchId, token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", version: 0 }, "bad-token", /opens no seat/);
    await refused(c, { type: "hello", matchId: "nosuchmatch0", version: 0 }, "unknown-match", /no match/);
    await refused(blue, { type: "hello", matchId: m.matchId, token: m.seats[0].token, version: 0 }, "already-joined", /already/);
    c.close();
  });

  it("a flood is refused with rate-limited, then the connection is closed; the match still plays", async () => {
    const c = await Client.open(server.port);
    for (let i = 0; i < 400; i++) c.send({ type: "resync", version: 0 });
    const e = await c.next(ofType("error"));
    expect(e).toMatchObject({ code: "not-joined" });
    const limited = await c.next((x) => x.type === "error" && x.code === "rate-limited");
    expect((limited as { message: string }).message).toMatch(/at most 20 a second/);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(c.closed).toBe(true);
    expect(c.closeCode).toBe(1008);
    await unchanged();
    // The seats are unaffected: blue's legal decision goes through.
    blue.send({ type: "decide", version: 0, decision: first.legal[0].decision });
    expect(await blue.next(ofType("accepted"))).toMatchObject({ version: 1 });
    expect(await red.next(ofType("update"))).toMatchObject({ version: 1, by: "blue" });
  });

  it("HTTP: a malformed body and an oversized one are refused with 400/413 naming the problem", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const bad = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(bad.status).toBe(400);
    const big = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shove", options: "x".repeat(2_000_000) }) });
    expect(big.status).toBe(413);
    const extra = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "shove", colour: "red" }) });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { message: string }).message).toMatch(/colour/);
  });
});
