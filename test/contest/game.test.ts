import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PlayerId, makeRecord, play, playOut, replay } from "../../src/core/game.js";
import { Random } from "../../src/core/random.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { contestGame } from "../../src/rulesets/contest/game.js";
import { makeSetup } from "./helpers.js";

const setup = makeSetup("hector", "achilles");

describe("the duel as a game (CC-5: secret choices revealed together)", () => {
  it("CC-5 A's card is hidden from B's view until both are revealed", () => {
    const s0 = contestGame.setup({ setup, distance: 6 }, 1);
    expect(contestGame.toMove(s0)).toBe("A");
    const s1 = play(contestGame, s0, "A", { card: "cover" }).state;
    expect(contestGame.toMove(s1)).toBe("B");
    expect((contestGame.view(s1, "B") as { pending: string }).pending).toBe("hidden");
    expect((contestGame.view(s1, "A") as { pending: string }).pending).toBe("cover");
    const r = play(contestGame, s1, "B", { card: "shoot" });
    expect(r.events[0].text).toMatch(/plays Take Cover; .* plays Shoot/);
    expect(r.state.pending).toBeNull();
  });

  it("CC-5 both choose at once: B may commit first, A does not see B's card, and the exchange is the same in either order", () => {
    const s0 = contestGame.setup({ setup, distance: 6 }, 5);
    expect(["A", "B"].map((p) => contestGame.mayDecide!(s0, p))).toEqual([true, true]);
    const b1 = play(contestGame, s0, "B", { card: "shoot" }).state;
    expect(contestGame.mayDecide!(b1, "B")).toBe(false);
    expect(contestGame.mayDecide!(b1, "A")).toBe(true);
    expect(contestGame.legalMoves(b1, "B")).toEqual([]);
    expect(contestGame.validate(b1, "B", { card: "cover" })).toMatch(/committed a card for this exchange already/);
    expect((contestGame.view(b1, "A") as { pendingB: string }).pendingB).toBe("hidden");
    expect((contestGame.view(b1, "B") as { pendingB: string }).pendingB).toBe("shoot");
    // A's view is the same whichever card B committed.
    const b1other = play(contestGame, s0, "B", { card: "cover" }).state;
    expect(contestGame.view(b1other, "A")).toEqual(contestGame.view(b1, "A"));
    const bFirst = play(contestGame, b1, "A", { card: "cover" });
    const aFirst = play(contestGame, play(contestGame, s0, "A", { card: "cover" }).state, "B", { card: "shoot" });
    expect(bFirst.state).toEqual(aFirst.state);
    expect("pendingB" in bFirst.state).toBe(false);
    expect(bFirst.events).toEqual(aFirst.events);
  });

  it("The Duel: no duel starts beyond every weapon's range unless in base contact", () => {
    expect(() => contestGame.setup({ setup: makeSetup("marcellus", "marcellus"), distance: 5 }, 1)).toThrow(/no duel starts/);
    expect(contestGame.setup({ setup: makeSetup("marcellus", "marcellus"), distance: 0 }, 1).position.distance).toBe(0);
  });

  it("Ranged Contests: illegal cards are refused with the rule's reason", () => {
    const s0 = contestGame.setup({ setup, distance: 6 }, 1);
    const s = { ...s0, position: { ...s0.position, distance: 10 } };
    expect(() => play(contestGame, s, "A", { card: "shoot" })).toThrow(/beyond the 6" range/);
    expect(() => play(contestGame, s0, "A", { card: "strike" })).toThrow(/not a card of the Ranged contest action deck/);
  });

  it("The Duel: after the first exchange both survive and are engaged", () => {
    const s0 = contestGame.setup({ setup, distance: 6 }, 3);
    const s1 = play(contestGame, s0, "A", { card: "cover" }).state;
    const r = play(contestGame, s1, "B", { card: "cover" });
    expect(r.events.some((e) => e.type === "engaged")).toBe(true);
    expect(r.state.engaged).toBe(true);
  });

  it("Ranged/Melee Contests: a vanquished commander is removed and friendly units within 12 inches take a break test", () => {
    let found = false;
    for (let seed = 1; seed < 40 && !found; seed++) {
      const g = playOut(contestGame, contestGame.setup({ setup, distance: 6 }, seed), { A: randomPlayer(contestGame, seed), B: randomPlayer(contestGame, seed + 1000) });
      const v = g.events.find((e) => e.type === "vanquished");
      if (v) {
        found = true;
        expect(v.text).toMatch(/removed from play/);
        expect(v.text).toMatch(/within 12" .* must take a break test/);
        expect(v.text).toMatch(/reserve commander is placed at least 12"/);
      }
    }
    expect(found).toBe(true);
  });

  it("C-2 the same seed and choices replay to the same state", () => {
    const g = playOut(contestGame, contestGame.setup({ setup, distance: 6 }, 9), { A: randomPlayer(contestGame, 1), B: randomPlayer(contestGame, 2) });
    const record = makeRecord(contestGame, { setup, distance: 6 }, 9, g.decisions, g.state);
    expect(replay(contestGame, record).matches).toBe(true);
  });

  it("property: 1,000 random duels end, keep Might and distance in bounds, and name a result", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 0, max: 6 }), (seed, distance) => {
        const rng = new Random(Random.fromSeed(seed).state());
        const players: Record<PlayerId, { choose: (s: typeof state, p: PlayerId) => { card: string } }> = {
          A: { choose: (s, p) => rng.pick(contestGame.legalMoves(s, p)) },
          B: { choose: (s, p) => rng.pick(contestGame.legalMoves(s, p)) },
        };
        let state = contestGame.setup({ setup, distance }, seed);
        for (let mover = contestGame.toMove(state); mover !== null; mover = contestGame.toMove(state)) {
          state = play(contestGame, state, mover, players[mover].choose(state, mover)).state;
          const p = state.position;
          expect(p.mightA >= 0 && p.mightA <= 4 && p.mightB >= 0 && p.mightB <= 5).toBe(true);
          expect(p.distance >= 0 && p.distance <= 24).toBe(true);
        }
        const r = contestGame.result(state)!;
        expect(r).not.toBeNull();
        expect(r.rewards.A + r.rewards.B).toBe(1);
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});
