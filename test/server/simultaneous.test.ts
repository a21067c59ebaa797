/**
 * Issue 24, CC-5 over the server: both Contest seats choose their secret card at once. Either seat
 * may submit first (on the version it saw, even after the other's card went down), neither waits
 * on the other, and the order tells nothing: the seat that has not yet chosen gets the same
 * messages whichever card went down first, and the seat that chose first the same messages
 * whichever card the other will choose, until both are revealed together.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlayerId } from "../../src/core/game.js";
import type { RunningServer } from "../../src/server/index.js";
import type { ServerMessage, SnapshotMessage, UpdateMessage } from "../../src/server/protocol.js";
import { Client, createMatch, ofType, testServer } from "./helpers.js";

interface Seated {
  matchId: string;
  clients: Record<PlayerId, Client>;
  snapshots: Record<PlayerId, SnapshotMessage>;
}

/** Messages with the match's id blanked, so two matches of the same seed compare. */
const sameAcrossMatches = (messages: readonly ServerMessage[]) => JSON.stringify(messages.map((m) => ("matchId" in m ? { ...m, matchId: "m" } : m)));

describe("issue 24: Contest seats choose at once (CC-5)", () => {
  let server: RunningServer;
  let base = "";
  const open: Client[] = [];
  beforeAll(async () => {
    // Every match has the same seed, so two matches differ only in the cards chosen.
    server = await testServer({ newSeed: () => 7 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await server.close();
  });

  async function seated(): Promise<Seated> {
    const m = await createMatch(base, { game: "contest-of-champions" });
    const clients: Record<PlayerId, Client> = {};
    const snapshots: Record<PlayerId, SnapshotMessage> = {};
    for (const s of m.seats) {
      clients[s.seat] = await Client.open(server.port);
      open.push(clients[s.seat]);
      clients[s.seat].send({ type: "hello", matchId: m.matchId, token: s.token, version: 0 });
      snapshots[s.seat] = (await clients[s.seat].next(ofType("snapshot"))) as SnapshotMessage;
    }
    return { matchId: m.matchId, clients, snapshots };
  }

  const cards = (s: SnapshotMessage) => s.legal.map((l) => (l.decision as { card: string }).card);

  it("both seats are told they may decide, with their cards, before either has chosen", async () => {
    const { snapshots } = await seated();
    for (const seat of ["A", "B"]) {
      expect(snapshots[seat].deciding).toEqual(["A", "B"]);
      expect(cards(snapshots[seat]).length).toBeGreaterThan(1);
    }
    const summary = (await (await fetch(`${base}/api/matches/${(await seated()).matchId}`)).json()) as { deciding: string[] };
    expect(summary.deciding).toEqual(["A", "B"]);
  });

  for (const first of ["A", "B"] as const) {
    const second = first === "A" ? "B" : "A";
    it(`${first} chooses first, ${second} then submits on the version it saw (0): both accepted, the exchange revealed to both`, async () => {
      const { clients, snapshots } = await seated();
      clients[first].send({ type: "decide", version: 0, decision: { card: cards(snapshots[first])[0] }, requestId: "first" });
      expect(await clients[first].next((m) => m.type === "accepted" || m.type === "error")).toMatchObject({ type: "accepted", version: 1 });
      const toSecond = (await clients[second].next(ofType("update"))) as UpdateMessage;
      expect(toSecond.deciding).toEqual([second]);
      expect(toSecond.legal.length).toBeGreaterThan(0);
      expect(((await clients[first].next(ofType("update"))) as UpdateMessage).legal).toEqual([]);
      // The second seat has not resynced: it decides on version 0, as if both had clicked at once.
      clients[second].send({ type: "decide", version: 0, decision: { card: cards(snapshots[second])[0] }, requestId: "second" });
      expect(await clients[second].next((m) => m.type === "accepted" || m.type === "error")).toMatchObject({ type: "accepted", version: 2 });
      for (const seat of [first, second]) {
        const u = (await clients[seat].next(ofType("update"))) as UpdateMessage;
        expect(u.events.map((e) => e.type)).toContain("reveal");
        expect(u.deciding).toEqual(u.result === null ? ["A", "B"] : []);
      }
    });
  }

  it("both seats submit at the same moment on version 0: both are accepted, in whichever order they arrive", async () => {
    const { clients, snapshots } = await seated();
    clients.A.send({ type: "decide", version: 0, decision: { card: cards(snapshots.A)[0] } });
    clients.B.send({ type: "decide", version: 0, decision: { card: cards(snapshots.B)[0] } });
    const acks = await Promise.all(["A", "B"].map((s) => clients[s].next((m) => m.type === "accepted" || m.type === "error")));
    expect(acks.map((a) => a.type)).toEqual(["accepted", "accepted"]);
    expect(acks.map((a) => a.version).sort()).toEqual([1, 2]);
  });

  it("a seat that has chosen cannot choose again this exchange, and a decision from before the previous exchange is stale", async () => {
    const { clients, snapshots } = await seated();
    clients.B.send({ type: "decide", version: 0, decision: { card: cards(snapshots.B)[0] } });
    await clients.B.next(ofType("accepted"));
    clients.B.send({ type: "decide", version: 1, decision: { card: cards(snapshots.B)[1] } });
    expect(await clients.B.next(ofType("error"))).toMatchObject({ code: "not-your-turn" });
    clients.A.send({ type: "decide", version: 0, decision: { card: cards(snapshots.A)[0] } });
    await clients.A.next(ofType("accepted"));
    // The exchange is over (version 2); a card chosen on version 0 belongs to it, not to the next one.
    clients.A.send({ type: "decide", version: 0, decision: { card: cards(snapshots.A)[0] } });
    expect(await clients.A.next(ofType("error"))).toMatchObject({ code: "stale-version" });
  });

  for (const first of ["A", "B"] as const) {
    const second = first === "A" ? "B" : "A";
    it(`${first} chooses first and learns nothing: its messages until the reveal are identical whichever card ${second} holds, and ${second}'s whichever card ${first} put down`, async () => {
      const firstCards = cards((await seated()).snapshots[first]).slice(0, 2);
      const secondCards = cards((await seated()).snapshots[second]).slice(0, 2);
      const toFirst = new Set<string>();
      const toSecond = new Map<string, Set<string>>();
      for (const mine of firstCards) {
        for (const theirs of secondCards) {
          const { clients } = await seated();
          const seen = clients[first].received.length;
          const seenSecond = clients[second].received.length;
          clients[first].send({ type: "decide", version: 0, decision: { card: mine } });
          await clients[first].next(ofType("accepted"));
          await clients[first].next(ofType("update"));
          await clients[second].next(ofType("update"));
          // The second seat is told only that a card went down (then a refusal of junk, for good measure).
          clients[second].send({ type: "decide", version: 1, decision: { card: "no-such-card" } });
          await clients[second].next(ofType("error"));
          const beforeReveal = sameAcrossMatches(clients[second].received.slice(seenSecond));
          if (!toSecond.has(theirs)) toSecond.set(theirs, new Set());
          toSecond.get(theirs)!.add(beforeReveal);
          // The first seat, meanwhile, tries to choose again and is refused without a hint.
          clients[first].send({ type: "decide", version: 1, decision: { card: mine } });
          await clients[first].next(ofType("error"));
          toFirst.add(sameAcrossMatches(clients[first].received.slice(seen)));
          clients[second].send({ type: "decide", version: 1, decision: { card: theirs } });
          await clients[second].next(ofType("accepted"));
          expect(((await clients[first].next(ofType("update"))) as UpdateMessage).events[0].type).toBe("reveal");
        }
      }
      // The first seat's messages before the reveal depend only on its own card (one set per card),
      // never on the other's: two cards of its own, two of the other's, two distinct message streams.
      expect(toFirst.size).toBe(firstCards.length);
      for (const streams of toSecond.values()) expect(streams.size).toBe(1);
      expect(firstCards.length).toBe(2);
      expect(secondCards.length).toBe(2);
    });
  }
});
