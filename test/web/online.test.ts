/**
 * The online client (web/src/online/connection.ts) against a scripted fake server: hello with the
 * last version seen, reconnection with growing delays after a drop, a resync when a version was
 * skipped or the server calls a decision stale, the server's refusal kept to show, and a refused
 * seat token ending the retries. "My matches" kept in storage (web/src/online/my-matches.ts).
 */
import { describe, expect, it } from "vitest";
import { backoffDelay, initialState, MatchConnection, type OnlineState, type SocketLike } from "../../web/src/online/connection.js";
import { isMyTurn, shouldNotify, turnText } from "../../web/src/online/turn.js";
import { loadMyMatches, parsePlayAddress, playHash, rememberMatch, forgetMatch } from "../../web/src/online/my-matches.js";

class FakeSocket implements SocketLike {
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
  }
  /** The server side: */
  open() {
    this.onopen?.({});
  }
  deliver(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop() {
    this.onclose?.({});
  }
}

function fakeTimers() {
  const pending: { fn: () => void; ms: number; id: number }[] = [];
  let n = 0;
  return {
    pending,
    setTimeout: (fn: () => void, ms: number) => {
      pending.push({ fn, ms, id: ++n });
      return n;
    },
    clearTimeout: (h: unknown) => {
      const i = pending.findIndex((p) => p.id === h);
      if (i >= 0) pending.splice(i, 1);
    },
    runNext() {
      const p = pending.shift();
      p?.fn();
      return p?.ms;
    },
  };
}

const MATCH = "match_12345678";
const TOKEN = "token_abcdefgh";

function snapshot(version: number, toMove: string | null, extra: Record<string, unknown> = {}) {
  return {
    type: "snapshot",
    protocol: 1,
    matchId: MATCH,
    game: "shove",
    version,
    seat: "blue",
    players: [
      { seat: "blue", name: "Blue", kind: "human" },
      { seat: "red", name: "Red", kind: "human" },
    ],
    view: { turn: version },
    toMove,
    deciding: toMove === null ? [] : [toMove],
    legal: toMove === "blue" ? [{ decision: "a1n", text: "a1 north" }] : [],
    result: null,
    ...extra,
  };
}

function update(version: number, by: string, toMove: string | null) {
  return { type: "update", matchId: MATCH, version, by, events: [{ type: "moved", text: `move ${version}` }], view: { turn: version }, toMove, deciding: toMove === null ? [] : [toMove], legal: toMove === "blue" ? [{ decision: "x", text: "x" }] : [], result: null };
}

function setup(version = 0) {
  const sockets: FakeSocket[] = [];
  const timers = fakeTimers();
  const changes: string[] = [];
  const conn = new MatchConnection({
    url: "ws://127.0.0.1:1/ws",
    matchId: MATCH,
    token: TOKEN,
    version,
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    timers,
    backoff: { baseMs: 100, maxMs: 1000 },
    random: () => 0,
    onChange: (s) => changes.push(s.status),
  });
  conn.start();
  return { conn, sockets, timers, changes };
}

describe("online client connection", () => {
  it("says hello with the match, the seat token and the last version seen, then shows the snapshot and whose turn", () => {
    const { conn, sockets } = setup(7);
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: "hello", matchId: MATCH, token: TOKEN, version: 7 }]);
    sockets[0].deliver(snapshot(9, "blue"));
    expect(conn.state.status).toBe("open");
    expect(conn.state.version).toBe(9);
    expect(conn.state.seat).toBe("blue");
    expect(conn.myTurn).toBe(true);
    expect(conn.state.legal).toEqual([{ decision: "a1n", text: "a1 north" }]);
  });

  it("sends a decision with the version it was made on and applies the following update", () => {
    const { conn, sockets } = setup();
    sockets[0].open();
    sockets[0].deliver(snapshot(4, "blue"));
    expect(conn.decide("a1n")).toBe(true);
    expect(sockets[0].sent[1]).toMatchObject({ type: "decide", version: 4, decision: "a1n" });
    expect(conn.state.deciding).toBe(true);
    expect(conn.myTurn).toBe(false);
    sockets[0].deliver({ type: "accepted", matchId: MATCH, version: 5, requestId: sockets[0].sent[1].requestId });
    sockets[0].deliver(update(5, "blue", "red"));
    expect(conn.state.version).toBe(5);
    expect(conn.state.deciding).toBe(false);
    expect(conn.state.toMove).toBe("red");
    expect(conn.state.events.map((e) => e.event.text)).toEqual(["move 5"]);
  });

  it("asks for a resync when an update skips a version, and ignores an update already seen", () => {
    const { conn, sockets } = setup();
    sockets[0].open();
    sockets[0].deliver(snapshot(3, "red"));
    sockets[0].deliver(update(3, "red", "red"));
    expect(sockets[0].sent).toHaveLength(1);
    sockets[0].deliver(update(5, "red", "blue"));
    expect(conn.state.version).toBe(3);
    expect(sockets[0].sent[1]).toEqual({ type: "resync", version: 3 });
    sockets[0].deliver(snapshot(5, "blue"));
    expect(conn.state.version).toBe(5);
    expect(conn.myTurn).toBe(true);
  });

  it("keeps the server's refusal to show, and resyncs after a stale-version refusal", () => {
    const { conn, sockets } = setup();
    sockets[0].open();
    sockets[0].deliver(snapshot(2, "blue"));
    conn.decide("bogus");
    sockets[0].deliver({ type: "error", version: 2, code: "illegal-decision", message: "bogus: not a legal action (SH-3)", requestId: "d1" });
    expect(conn.state.error).toEqual({ code: "illegal-decision", message: "bogus: not a legal action (SH-3)" });
    expect(conn.state.deciding).toBe(false);
    expect(sockets[0].sent).toHaveLength(2);
    conn.decide("a1n");
    expect(conn.state.error).toBeNull();
    sockets[0].deliver({ type: "error", version: 3, code: "stale-version", message: "decided on version 2; the match is at 3", requestId: "d2" });
    expect(conn.state.error?.message).toContain("version 2");
    expect(sockets[0].sent[3]).toEqual({ type: "resync", version: 2 });
  });

  it("reconnects after a drop with doubling delays up to the cap, says hello with the version seen, and resyncs", () => {
    const { conn, sockets, timers } = setup();
    sockets[0].open();
    sockets[0].deliver(snapshot(6, "red"));
    sockets[0].drop();
    expect(conn.state.status).toBe("reconnecting");
    expect(conn.decide("a1n")).toBe(false);
    expect(conn.state.error?.message).toMatch(/not connected/);
    const delays: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      delays.push(timers.runNext());
      sockets[sockets.length - 1].drop();
    }
    expect(delays).toEqual([100, 200, 400, 800, 1000, 1000]);
    timers.runNext();
    const last = sockets[sockets.length - 1];
    last.open();
    expect(last.sent[0]).toEqual({ type: "hello", matchId: MATCH, token: TOKEN, version: 6 });
    last.deliver(snapshot(8, "blue"));
    expect(conn.state).toMatchObject({ status: "open", version: 8, attempt: 0 });
    expect(conn.myTurn).toBe(true);
  });

  it("jitter adds at most a quarter to the delay", () => {
    expect(backoffDelay(1, 500, 30_000, 0)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, 0.999)).toBeLessThanOrEqual(2500);
    expect(backoffDelay(20, 500, 30_000, 0)).toBe(30_000);
  });

  it("stops retrying when the server refuses the seat token", () => {
    const { conn, sockets, timers } = setup();
    sockets[0].open();
    sockets[0].deliver({ type: "error", version: null, code: "bad-token", message: "the seat token opens no seat of this match: check the invitation link" });
    expect(conn.state.fatal).toMatch(/invitation link/);
    sockets[0].drop();
    expect(conn.state.status).toBe("closed");
    expect(timers.pending).toHaveLength(0);
  });

  it("shows a message the page cannot read as an error, never as a view", () => {
    const { conn, sockets } = setup();
    sockets[0].open();
    sockets[0].deliver(snapshot(1, "blue"));
    sockets[0].onmessage?.({ data: "{not json" });
    expect(conn.state.error?.message).toMatch(/not JSON/);
    sockets[0].deliver({ type: "update", version: "two" });
    expect(conn.state.error?.message).toMatch(/does not understand/);
    expect(conn.state.version).toBe(1);
  });

  it("close() stops reconnecting", () => {
    const { conn, sockets, timers } = setup();
    sockets[0].open();
    conn.close();
    expect(sockets[0].closed).toBe(true);
    expect(conn.state.status).toBe("closed");
    expect(timers.pending).toHaveLength(0);
  });
});

describe("names, chat and rematch on the client (issue 25)", () => {
  it("sends the stored name with a seat's hello, keeps the table's names, chat lines and rematch, and checks talk before sending", () => {
    const sockets: FakeSocket[] = [];
    const conn = new MatchConnection({ url: "ws://x/ws", matchId: MATCH, token: TOKEN, name: "Ann", socket: () => (sockets.push(new FakeSocket()), sockets.at(-1)!), timers: fakeTimers() });
    conn.start();
    sockets[0].open();
    expect(sockets[0].sent[0]).toEqual({ type: "hello", matchId: MATCH, token: TOKEN, version: 0, name: "Ann" });
    const line = { seat: "red", name: "Bob", text: "<b>hi</b>", at: 1 };
    sockets[0].deliver(snapshot(2, "red", { chat: [line] }));
    expect(conn.state.chat).toEqual([line]);
    expect(conn.state.rematch).toEqual({ wants: [], next: null });
    sockets[0].deliver({ type: "chat", matchId: MATCH, version: 2, line: { ...line, text: "again" } });
    expect(conn.state.chat.map((l) => l.text)).toEqual(["<b>hi</b>", "again"]);
    sockets[0].deliver({ type: "table", matchId: MATCH, version: 2, players: [{ seat: "blue", name: "Blue", kind: "human", player: "Ann" }], rematch: { wants: ["red"], next: null } });
    expect(conn.state.players[0].player).toBe("Ann");
    expect(conn.state.rematch.wants).toEqual(["red"]);
    // Checked as the server checks: nothing is sent for a blank or too long line, or a name with a newline.
    expect(conn.chat("   ")).toBe(false);
    expect(conn.chat("x".repeat(301))).toBe(false);
    expect(conn.state.error?.message).toMatch(/at most 300/);
    expect(conn.setName("a\nb")).toBe(false);
    expect(conn.chat("hello")).toBe(true);
    expect(conn.rematch(true)).toBe(true);
    expect(sockets[0].sent.slice(1)).toEqual([
      { type: "chat", text: "hello" },
      { type: "rematch", agree: true },
    ]);
  });
});

describe("my matches", () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };
  it("remembers seats most recent first, refreshes one already kept, forgets on request", () => {
    const s = store();
    rememberMatch(s, { matchId: MATCH, token: TOKEN, game: "shove", title: "Shove — Blue", version: 0, seenAt: 1 });
    rememberMatch(s, { matchId: "other_match1", token: TOKEN, game: "shove", title: "Shove — Red", version: 0, seenAt: 2 });
    rememberMatch(s, { matchId: MATCH, token: TOKEN, game: "shove", title: "Shove — Blue", version: 5, seenAt: 3 });
    expect(loadMyMatches(s).map((m) => [m.matchId, m.version])).toEqual([
      [MATCH, 5],
      ["other_match1", 0],
    ]);
    expect(forgetMatch(s, MATCH, TOKEN).map((m) => m.matchId)).toEqual(["other_match1"]);
  });
  it("ignores damaged storage", () => {
    const s = store();
    s.setItem("muster.online.matches", "{oops");
    expect(loadMyMatches(s)).toEqual([]);
    s.setItem("muster.online.matches", JSON.stringify([{ matchId: "../x", game: 1 }]));
    expect(loadMyMatches(s)).toEqual([]);
  });
  it("reads the app's address form and the server's link form", () => {
    expect(parsePlayAddress("", new URLSearchParams(`match=${MATCH}&seat=${TOKEN}`), "")).toEqual({ matchId: MATCH, token: TOKEN });
    expect(parsePlayAddress(`?match=${MATCH}`, new URLSearchParams(""), `#seat=${TOKEN}`)).toEqual({ matchId: MATCH, token: TOKEN });
    expect(parsePlayAddress(`?match=${MATCH}`, new URLSearchParams(""), "")).toEqual({ matchId: MATCH });
    expect(parsePlayAddress("", new URLSearchParams("match=bad"), "")).toBeNull();
    expect(playHash(MATCH, TOKEN)).toBe(`#/play?match=${MATCH}&seat=${TOKEN}`);
  });
});

describe("whose turn the page shows", () => {
  const players = [
    { seat: "blue", name: "Blue", kind: "human" as const },
    { seat: "red", name: "Red", kind: "computer" as const },
  ];
  /** A state with `toMove` alone deciding, unless `deciders` says otherwise. */
  const at = (over: Partial<OnlineState>): OnlineState => ({ ...initialState(MATCH), synced: true, status: "open", seat: "blue", players, deciders: over.toMove ? [over.toMove] : [], ...over });
  it("your turn, waiting for the other (a computer said so), sending, the result", () => {
    expect(turnText(at({ toMove: "blue" }))).toBe("Your turn");
    expect(turnText(at({ toMove: "red" }))).toBe("Waiting for Red (the server's computer player)");
    expect(turnText(at({ toMove: "blue", deciding: true }))).toBe("Sending your decision…");
    expect(turnText(at({ toMove: null, result: { winner: "red", rewards: { red: 1, blue: 0 }, reason: "red held out" } }))).toBe("Red wins — red held out");
    expect(turnText(at({ toMove: null, result: { winner: null, rewards: {}, reason: "turn limit" } }))).toBe("A draw — turn limit");
    expect(turnText(at({ synced: false }))).toBe("…");
    expect(turnText(at({ seat: null, toMove: "blue" }))).toBe("Waiting for Blue");
    // Issue 25: a seat whose player chose a name is called by it, with the side.
    const named = [{ ...players[0], player: "Ann" }, players[1]];
    expect(turnText(at({ seat: null, toMove: "blue", players: named }))).toBe("Waiting for Ann (Blue)");
    expect(turnText(at({ toMove: null, players: named, result: { winner: "blue", rewards: {}, reason: "pushed off" } }))).toBe("Ann (Blue) wins — pushed off");
  });
  it("CC-5: where both seats choose at once, either seat's turn, and a seat that has chosen waits for the other", () => {
    expect(isMyTurn(at({ toMove: "red", deciders: ["blue", "red"] }))).toBe(true);
    expect(turnText(at({ toMove: "red", deciders: ["blue", "red"] }))).toBe("Your turn");
    expect(isMyTurn(at({ toMove: "blue", deciders: ["red"] }))).toBe(false);
    expect(turnText(at({ toMove: "blue", deciders: ["red"] }))).toBe("Waiting for Red (the server's computer player)");
    expect(turnText(at({ seat: null, toMove: "blue", deciders: ["blue", "red"] }))).toBe("Waiting for Blue and Red (the server's computer player)");
  });
  it("notifies once when the turn becomes yours, only if allowed and the page is hidden", () => {
    expect(shouldNotify(false, true, "granted", true)).toBe(true);
    expect(shouldNotify(true, true, "granted", true)).toBe(false);
    expect(shouldNotify(false, true, "default", true)).toBe(false);
    expect(shouldNotify(false, true, "denied", true)).toBe(false);
    expect(shouldNotify(false, true, "granted", false)).toBe(false);
    expect(shouldNotify(true, false, "granted", true)).toBe(false);
  });
});
