/**
 * The worker's side of the personal combat (issue 14 item 17, ruling SW-24): what a screen is
 * sent during a duel — the battle as its person's side sees it, the hands of the sides played
 * there, events through eventFor and decision texts without another side's discards.
 */
import { describe, expect, it } from "vitest";
import { cardCode, cardName, type Card } from "../../src/core/cards.js";
import type { BattleState, Side } from "../../src/rulesets/shieldwall/battle/index.js";
import type { Controller, FromWorker } from "../../web/src/battle/protocol.js";
import { BattleSession, screenViewer } from "../../web/src/battle/session.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";

type Message = Extract<FromWorker, { type: "applied" }>;

/** Plays on (a person always challenging and accepting, else the first option) until the first duel is over; every message sent. */
function playThroughADuel(players: Record<Side, Controller>, seed: number): { messages: Message[]; hands: Record<Side, Card[]>[] } {
  const session = new BattleSession(1, shippedSetup("raid"), seed, players);
  const messages: Message[] = [];
  /** Each side's unplayed cards (hand and discards) in the engine's state when each message was sent. */
  const hands: Record<Side, Card[]>[] = [];
  const secrets = (s: BattleState): Record<Side, Card[]> => {
    const p = s.pending;
    if (p?.kind !== "duel") return { red: [], black: [] };
    const d = p.duel;
    return { [d.a.side]: [...d.game.hands.a, ...(d.game.discarded.a ?? [])], [d.b.side]: [...d.game.hands.b, ...(d.game.discarded.b ?? [])] } as Record<Side, Card[]>;
  };
  let inDuel = false;
  const push = (m: Message) => {
    messages.push(m);
    hands.push(secrets(session.state));
  };
  for (let n = 0; n < 3000; n++) {
    const s: BattleState = session.state;
    if (s.pending?.kind === "duel") inDuel = true;
    else if (inDuel) break;
    const side = session.toMove();
    if (side === null) break;
    if (session.computerToMove()) {
      push(session.computerStep());
      continue;
    }
    const options = session.options();
    const pick = options.find((o) => o.decision.type === "answer" && o.decision.accept) ?? options.find((o) => o.decision.type === "lead" && o.decision.action === "challenge") ?? options[0];
    const m = session.decide(side, pick.decision);
    if (m.type !== "applied") throw new Error(m.message);
    push(m);
  }
  expect(inDuel, "a duel was fought").toBe(true);
  return { messages, hands };
}

describe("the duel through the worker (issue 14 item 17, SW-24)", () => {
  it("the screen's viewer: the one side a person plays, else an onlooker", () => {
    expect(screenViewer({ red: "human", black: "commander" })).toBe("red");
    expect(screenViewer({ red: "random", black: "human" })).toBe("black");
    expect(screenViewer({ red: "human", black: "human" })).toBe("spectator");
    expect(screenViewer({ red: "commander", black: "mcts" })).toBe("spectator");
  });

  it("SW-24: a person playing red against the commander is never sent black's cards: not in snapshots, events or decision texts", () => {
    const { messages, hands } = playThroughADuel({ red: "human", black: "commander" }, 3);
    let duelSnapshots = 0;
    for (const [i, m] of messages.entries()) {
      const black = hands[i].black.map((c) => JSON.stringify(c));
      const p = m.snapshot.state.pending;
      if (p?.kind === "duel") {
        duelSnapshots++;
        const seen = JSON.stringify(p);
        for (const c of black) expect(seen).not.toContain(c);
        expect(m.snapshot.duelHands?.black).toBeUndefined();
        expect(m.snapshot.duelHands?.red).toBeDefined();
      }
      for (const e of m.events) expect(e.type === "duel-hand" && e.seat === "black").toBe(false);
      if (m.side === "black" && m.text.startsWith("discard")) {
        expect(m.text).toMatch(/^discard \d cards? \(face down\)$/);
        for (const c of hands[i].black) expect(m.text).not.toContain(cardName(c));
      }
    }
    expect(duelSnapshots).toBeGreaterThan(0);
    // Red's own hand is shown to him in the log.
    expect(messages.some((m) => m.events.some((e) => e.type === "duel-hand" && e.seat === "red"))).toBe(true);
  });

  it("SW-24: in the hot seat the battle is sent as an onlooker sees it; each hand apart, for its side's panel", () => {
    const { messages } = playThroughADuel({ red: "human", black: "human" }, 3);
    const duelMessages = messages.filter((m) => m.snapshot.state.pending?.kind === "duel");
    expect(duelMessages.length).toBeGreaterThan(0);
    for (const m of duelMessages) {
      const p = m.snapshot.state.pending!;
      if (p.kind !== "duel") continue;
      expect(p.duel.game.hands).toEqual({ a: [], b: [] });
      expect(p.duel.game.stock).toEqual([]);
      expect(Object.keys(m.snapshot.duelHands ?? {}).sort()).toEqual(["black", "red"]);
    }
    expect(messages.some((m) => m.events.some((e) => e.type === "duel-hand"))).toBe(false);
    for (const m of messages) if (m.text.startsWith("discard")) expect(m.text).toMatch(/face down\)$/);
    expect(duelMessages.every((m) => !m.text.includes(cardCode({ joker: 1 })))).toBe(true);
  });
});
