/**
 * Issue 25, "Online page": the table talk of a match over the real server — the names players
 * choose for their seats, the chat, the rematch — treated as input from a stranger (checked,
 * bounded, rate limited), and leaking nothing: a rematch's seat tokens reach only their own seat,
 * and a spectator at a battle's personal combat sees what onlookers see (ruling SW-24).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/hash.js";
import { Random } from "../../src/core/random.js";
import { type BattleState, battleGame } from "../../src/rulesets/shieldwall/battle/index.js";
import { Ctx } from "../../src/rulesets/shieldwall/battle/ctx.js";
import { run } from "../../src/rulesets/shieldwall/battle/loop.js";
import { play } from "../../src/core/game.js";
import { TALK_RATE } from "../../src/server/app.js";
import type { RunningServer } from "../../src/server/index.js";
import { CHAT_KEEP, CHAT_MAX, type ChatLineMessage, chatTextSchema, playerNameSchema, type ErrorMessage, NAME_MAX, type ServerMessage, type SnapshotMessage, type TableMessage } from "../../src/server/protocol.js";
import { messageFor } from "../../src/server/seat-output.js";
import { start } from "../shieldwall/battle/setup.js";
import { Client, createMatch, ofType, testServer } from "./helpers.js";

let server: RunningServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());
const base = () => `http://127.0.0.1:${server.port}`;

async function join(matchId: string, token?: string, name?: string): Promise<{ c: Client; snap: SnapshotMessage }> {
  const c = await Client.open(server.port);
  c.send({ type: "hello", matchId, version: 0, ...(token ? { token } : {}), ...(name ? { name } : {}) });
  const snap = (await c.next(ofType("snapshot"))) as SnapshotMessage;
  return { c, snap };
}

const errorOf = async (c: Client) => (await c.next(ofType("error"))) as ErrorMessage;
const tableOf = async (c: Client) => (await c.next(ofType("table"))) as TableMessage;

/** Plays the match to its end with random legal decisions, through the service (no rate limit). */
async function playOut(matchId: string, seed: number): Promise<void> {
  const m = (await server.service.get(matchId))!;
  const rng = Random.fromSeed(seed, 25);
  for (let i = 0; i < 2000; i++) {
    const toMove = m.game.toMove(m.state);
    if (toMove === null) return;
    const legal = m.game.legalMoves(m.state, toMove);
    const r = await server.service.decide(m, toMove, m.version, legal[rng.int(0, legal.length - 1)]);
    expect(r.ok).toBe(true);
  }
  throw new Error("the match did not end");
}

describe("names on seats (issue 25)", () => {
  it("a seat's chosen name reaches the other seat and spectators; a spectator's is ignored", async () => {
    const m = await createMatch(base(), { game: "shove" });
    const [blue, red] = m.seats;
    const a = await join(m.matchId, blue.token, "Ælfric");
    expect(a.snap.players.find((p) => p.seat === "blue")?.player).toBe("Ælfric");
    const watcher = await join(m.matchId, undefined, "Sneaky");
    expect(watcher.snap.players.map((p) => p.player ?? null)).toEqual(["Ælfric", null]);
    const b = await join(m.matchId, red.token, "  Byrhtnoth  ");
    // Trimmed; the first seat and the spectator are told with a `table`.
    expect(b.snap.players.find((p) => p.seat === "red")?.player).toBe("Byrhtnoth");
    for (const c of [a.c, watcher.c]) expect((await tableOf(c)).players.map((p) => p.player)).toEqual(["Ælfric", "Byrhtnoth"]);
    a.c.send({ type: "name", name: "Alfred" });
    expect((await tableOf(b.c)).players[0].player).toBe("Alfred");
    for (const x of [a, b, watcher]) x.c.close();
  });

  it("names are checked as a stranger's input: length, blank, control and bidi characters; spectators cannot take one", async () => {
    const m = await createMatch(base(), { game: "shove" });
    const { c } = await join(m.matchId, m.seats[0].token);
    const bad: [string, RegExp][] = [
      ["x".repeat(NAME_MAX + 1), new RegExp(`name: at most ${NAME_MAX} characters`)],
      ["   ", /name: must not be blank/],
      ["Eve\nSystem: you lost", /name: plain text only/],
      ["\u202Eevil", /name: plain text only/],
    ];
    for (const [name, why] of bad) {
      c.send({ type: "name", name });
      const e = await errorOf(c);
      expect(e.code).toBe("bad-message");
      expect(e.message).toMatch(why);
    }
    // A bad name in the hello refuses the hello (the page checks it first).
    const h = await Client.open(server.port);
    h.send({ type: "hello", matchId: m.matchId, token: m.seats[1].token, version: 0, name: "y".repeat(NAME_MAX + 5) });
    expect((await errorOf(h)).message).toMatch(/name: at most/);
    const w = await join(m.matchId);
    w.c.send({ type: "name", name: "Watcher" });
    expect((await errorOf(w.c)).code).toBe("spectator");
    for (const x of [c, h, w.c]) x.close();
  });
});

describe("plain text from a stranger (issue 25)", () => {
  it("property: whatever is sent, an accepted name or line is trimmed, not blank, within its length, with no control, format or line-separator character", () => {
    const text = fc.oneof(fc.string({ maxLength: 700 }), fc.string({ unit: "grapheme", maxLength: 400 }), fc.string({ unit: "binary", maxLength: 400 }));
    fc.assert(
      fc.property(text, (t) => {
        for (const [schema, max] of [
          [playerNameSchema, NAME_MAX],
          [chatTextSchema, CHAT_MAX],
        ] as const) {
          const r = schema.safeParse(t);
          if (!r.success) continue;
          expect(r.data).toBe(r.data.trim());
          expect(r.data.length).toBeGreaterThan(0);
          expect(r.data.length).toBeLessThanOrEqual(max);
          expect(r.data).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
        }
      }),
      { seed: 25, numRuns: 200 },
    );
  });
});

describe("chat (issue 25)", () => {
  it("a line reaches seats and spectators verbatim as plain text; late joiners get the recent lines; markup is just text", async () => {
    const m = await createMatch(base(), { game: "shieldwall-duel" });
    const a = await join(m.matchId, m.seats[0].token, "Ann");
    const w = await join(m.matchId);
    const text = `<img src=x onerror="alert(1)"> & <b>bold</b>`;
    a.c.send({ type: "chat", text });
    for (const c of [a.c, w.c]) {
      const line = ((await c.next(ofType("chat"))) as ChatLineMessage).line;
      expect(line).toMatchObject({ seat: "a", name: "Ann", text });
    }
    const late = await join(m.matchId, m.seats[1].token);
    expect(late.snap.chat.map((l) => l.text)).toEqual([text]);
    // The game's own view is untouched by talk: the same as a fresh connection's before any chat.
    const live = (await server.service.get(m.matchId))!;
    expect(canonicalJson(late.snap.view)).toBe(canonicalJson((messageFor(live.game, { seat: "b" }, { kind: "snapshot", matchId: m.matchId, game: "shieldwall-duel", seats: [], version: 0, state: live.state, chat: [], rematch: { wants: [], next: null } }) as SnapshotMessage).view));
    for (const x of [a, w, late]) x.c.close();
  });

  it("chat is bounded: length, control characters, spectators, a flood rate limited; only the last lines are kept", async () => {
    const m = await createMatch(base(), { game: "shove" });
    const a = await join(m.matchId, m.seats[0].token);
    a.c.send({ type: "chat", text: "x".repeat(CHAT_MAX + 1) });
    expect((await errorOf(a.c)).message).toMatch(new RegExp(`chat: at most ${CHAT_MAX} characters`));
    a.c.send({ type: "chat", text: "hi\u0007" });
    expect((await errorOf(a.c)).message).toMatch(/chat: plain text only/);
    a.c.send({ type: "chat", text: "hi", extra: 1 });
    expect((await errorOf(a.c)).code).toBe("bad-message");
    for (let i = 0; i < TALK_RATE.burst; i++) a.c.send({ type: "chat", text: `line ${i}` });
    a.c.send({ type: "chat", text: "one too many" });
    const e = await errorOf(a.c);
    expect(e.code).toBe("rate-limited");
    expect(e.message).toMatch(/table talk/);
    const got = a.c.received.filter((x): x is ChatLineMessage => x.type === "chat").map((x) => x.line.text);
    expect(got).toEqual(Array.from({ length: TALK_RATE.burst }, (_, i) => `line ${i}`));
    const w = await join(m.matchId);
    w.c.send({ type: "chat", text: "from the crowd" });
    expect((await errorOf(w.c)).code).toBe("spectator");
    // The kept lines are bounded (the service keeps the last CHAT_KEEP).
    const live = (await server.service.get(m.matchId))!;
    for (let i = 0; i < CHAT_KEEP + 10; i++) server.service.say(live, "red", `n${i}`);
    const again = await join(m.matchId);
    expect(again.snap.chat).toHaveLength(CHAT_KEEP);
    expect(again.snap.chat.at(-1)?.text).toBe(`n${CHAT_KEEP + 9}`);
    for (const x of [a, w, again]) x.c.close();
  });
});

describe("rematch (issue 25)", () => {
  it("refused before the end; both seats agree; the sides swap; each seat gets only its own new link; names carry over", async () => {
    const m = await createMatch(base(), { game: "shove" });
    const [blue, red] = m.seats;
    const a = await join(m.matchId, blue.token, "Ann");
    const b = await join(m.matchId, red.token, "Bob");
    const w = await join(m.matchId);
    a.c.send({ type: "rematch", agree: true });
    expect((await errorOf(a.c)).code).toBe("not-over");
    await playOut(m.matchId, 1);
    a.c.send({ type: "rematch", agree: true });
    const asked = await tableOf(b.c);
    expect(asked.rematch).toEqual({ wants: ["blue"], next: null });
    b.c.send({ type: "rematch", agree: true });
    const [ta, tb, tw] = await Promise.all([a.c, b.c, w.c].map((c) => c.next((x: ServerMessage) => x.type === "table" && x.rematch.next !== null))) as TableMessage[];
    const next = ta.rematch.next!;
    expect(next.seat).toBe("red");
    expect(tb.rematch.next!.seat).toBe("blue");
    expect(tb.rematch.next!.matchId).toBe(next.matchId);
    expect(tw.rematch.next).toEqual({ matchId: next.matchId });
    // Secrets: each new token reaches its own seat only; no original token ever leaves the server.
    const tokenA = next.token!;
    const tokenB = tb.rematch.next!.token!;
    const frames = (c: Client) => c.received.map((x) => JSON.stringify(x)).join("\n");
    expect(frames(w.c)).not.toContain(tokenA);
    expect(frames(w.c)).not.toContain(tokenB);
    expect(frames(a.c)).not.toContain(tokenB);
    expect(frames(b.c)).not.toContain(tokenA);
    for (const c of [a.c, b.c, w.c]) for (const t of [blue.token!, red.token!]) expect(frames(c)).not.toContain(t);
    // The new tokens open the swapped seats, named as before.
    const a2 = await join(next.matchId, tokenA);
    expect(a2.snap.seat).toBe("red");
    expect(a2.snap.version).toBe(0);
    expect(a2.snap.players.map((p) => [p.seat, p.player])).toEqual([
      ["blue", "Bob"],
      ["red", "Ann"],
    ]);
    // Asking again after it was made only repeats the answer (no second match).
    b.c.send({ type: "rematch", agree: true });
    expect((await tableOf(b.c)).rematch.next!.matchId).toBe(next.matchId);
    // A seat that reconnects to the old match still finds its own new link.
    const again = await join(m.matchId, blue.token);
    expect(again.snap.rematch.next).toEqual({ matchId: next.matchId, seat: "red", token: tokenA });
    for (const x of [a, b, w, a2, again]) x.c.close();
  });

  it("against the computer, the person's request is enough, the computer takes the other side; a withdrawn request is withdrawn", async () => {
    const m = await createMatch(base(), { game: "shove", seats: { red: { kind: "computer", player: "random" } } });
    const a = await join(m.matchId, m.seats[0].token);
    await playOut(m.matchId, 2);
    a.c.send({ type: "rematch", agree: false });
    expect((await tableOf(a.c)).rematch).toEqual({ wants: [], next: null });
    a.c.send({ type: "rematch", agree: true });
    const t = await tableOf(a.c);
    expect(t.rematch.next?.seat).toBe("red");
    const a2 = await join(t.rematch.next!.matchId, t.rematch.next!.token);
    expect(a2.snap.players.map((p) => [p.seat, p.kind])).toEqual([
      ["blue", "computer"],
      ["red", "human"],
    ]);
    const w = await join(m.matchId);
    w.c.send({ type: "rematch", agree: true });
    expect((await errorOf(w.c)).code).toBe("spectator");
    for (const x of [a, a2, w]) x.c.close();
  });
});

describe("spectators at a personal combat (issue 25; ruling SW-24)", () => {
  it("an onlooker sees both fighters, their wounds and hand sizes, and no card of either hand", () => {
    const ctx = new Ctx({ ...start(1), queue: [{ t: "leader", leader: "red.a-leader" }, { t: "end-turn" }], pending: null });
    run(ctx);
    let s: BattleState = ctx.finish();
    s = play(battleGame, s, "red", { type: "lead", action: "challenge", fighter: "leader" }).state;
    s = play(battleGame, s, "black", { type: "answer", accept: true, fighter: "leader" }).state;
    if (s.pending?.kind !== "duel") throw new Error("no duel");
    const hands = s.pending.duel.game.hands;
    const out = messageFor(battleGame as never, { seat: null }, { kind: "snapshot", matchId: "m", game: "shieldwall-battle", seats: [], version: 3, state: s, chat: [], rematch: { wants: [], next: null } });
    if (out.type !== "snapshot") throw new Error("not a snapshot");
    const seen = out.view as BattleState;
    if (seen.pending?.kind !== "duel") throw new Error("the spectator does not see the duel");
    expect(seen.pending.duel.a.leader).toBe(s.pending.duel.a.leader);
    expect(seen.pending.duel.hidden?.hands).toEqual({ a: hands.a.length, b: hands.b.length });
    expect(seen.pending.duel.game.hands).toEqual({ a: [], b: [] });
    expect(seen.pending.duel.game.stock).toEqual([]);
    const json = JSON.stringify(out);
    for (const card of [...hands.a, ...hands.b, ...s.pending.duel.game.stock]) expect(json).not.toContain(JSON.stringify(card));
    expect(json).not.toContain(JSON.stringify(s.rng));
  });
});
