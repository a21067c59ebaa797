/** The Contest page's duel (web/src/contest/session.ts): against the advisor, hot-seat secrecy, the advice. */
import { describe, expect, it } from "vitest";
import { configProblem, DuelSession } from "../../web/src/contest/session.js";
import { configFrom } from "../../web/src/contest/ContestPage.js";

describe("a duel in the browser", () => {
  it("a person against the computer plays to the end; the computer moves only on its turn", () => {
    const d = new DuelSession({ a: "hector", b: "achilles", distance: 6, seed: 3, computer: "B" });
    let guard = 0;
    while (!d.snapshot().result && guard++ < 300) {
      const snap = d.snapshot();
      expect(snap.toMove).toBe("A");
      expect(snap.cards.length).toBeGreaterThan(0);
      d.choose("A", snap.cards[0].id);
      expect(d.computerToMove() || d.snapshot().result !== null).toBe(true);
      if (d.computerToMove()) d.computerMove();
    }
    const end = d.snapshot();
    expect(end.result).not.toBeNull();
    expect(end.log.some((e) => e.type === "reveal")).toBe(true);
    expect(end.log.some((e) => e.type === "roll" && Array.isArray((e as { faces?: unknown }).faces))).toBe(true);
  });

  it("hot-seat: after A commits, B's snapshot says a card was chosen but never which", () => {
    const d = new DuelSession({ a: "hector", b: "achilles", distance: 0, seed: 1, computer: null });
    const a = d.snapshot();
    expect(a.toMove).toBe("A");
    d.choose("A", a.cards[a.cards.length - 1].id);
    const b = d.snapshot();
    expect(b.toMove).toBe("B");
    expect(b.committed).toBe(true);
    const text = JSON.stringify({ ...b, cards: [] });
    expect(text).not.toContain(`"${a.cards[a.cards.length - 1].id}"`);
    expect(b.log[b.log.length - 1].type).toBe("commit");
  });

  it("the advice is the optimal mixed strategy of both sides for the exchange", () => {
    const d = new DuelSession({ a: "hector", b: "achilles", distance: 6, seed: 1, computer: "B", exchangeLimit: 30 });
    const adv = d.advice();
    for (const side of ["A", "B"] as const) {
      expect(adv[side].length).toBeGreaterThan(0);
      expect(adv[side].reduce((s, c) => s + c.p.decimal, 0)).toBeCloseTo(1, 9);
    }
    expect(adv.value.decimal).toBeGreaterThan(0);
    expect(adv.value.decimal).toBeLessThan(1);
  });

  it("a duel that cannot start says which field", () => {
    expect(configProblem({ a: "hector", b: "nobody", distance: 0, seed: 1, computer: null })).toMatch(/^field b:/);
    expect(configProblem({ a: "marcellus", b: "marcellus", distance: 20, seed: 1, computer: null })).toMatch(/^field distance:.*no duel starts/);
    expect(configFrom(new URLSearchParams("a=achilles&vs=none&distance=6"))).toEqual({ a: "achilles", b: "achilles", distance: 6, seed: 1, computer: null });
  });
});
