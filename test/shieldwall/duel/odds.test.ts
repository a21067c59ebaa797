/**
 * Personal combat odds from one side's knowledge (issue 25; seed "Personal Combat", rulings
 * SW-22, SW-24): the same whatever the opponent's hidden cards and the dice to come are; shares
 * that add up, with their sample size and standard error; every legal choice estimated; and the
 * odds follow the wounds.
 */
import { describe, expect, it } from "vitest";
import { Random, seedState } from "../../../src/core/random.js";
import { dealDuel, duelDeterminize, duelLegalMoves, type ShieldwallDuelSetup, shieldwallDuelGame } from "../../../src/rulesets/shieldwall/duel/game.js";
import { duelOdds } from "../../../src/rulesets/shieldwall/duel/odds.js";

const LEADERS: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } };
const FEW = { samples: 120, perChoice: 30, maxChoices: 4 };

describe("duel odds (issue 25)", () => {
  it("SW-24: the odds for a side do not depend on the opponent's hidden hand, discards or the dice to come", () => {
    for (const seed of [1, 2, 3]) {
      const s = dealDuel(LEADERS, seed);
      // Another deal of what a cannot see, and other dice.
      const other = { ...duelDeterminize(s, "a", Random.fromSeed(seed + 100)), rng: seedState(seed + 200) };
      expect(other.hands.b).not.toEqual(s.hands.b);
      expect(duelOdds(other, "a", FEW)).toEqual(duelOdds(s, "a", FEW));
    }
  });

  it("shares add up to one, with the sample size and the standard error of each", () => {
    const s = dealDuel(LEADERS, 4);
    const odds = duelOdds(s, "a", FEW);
    expect(odds.method).toBe("monte-carlo");
    expect(odds.now.samples).toBe(FEW.samples);
    expect(odds.now.win.p + odds.now.lose.p + odds.now.neither.p).toBeCloseTo(1, 12);
    for (const e of [odds.now.win, odds.now.lose, odds.now.neither]) expect(e.se).toBeCloseTo(Math.sqrt((e.p * (1 - e.p)) / FEW.samples), 12);
  });

  it("each legal choice of the side to decide gets its own estimate, in the engine's order", () => {
    const s = dealDuel(LEADERS, 5);
    const odds = duelOdds(s, "a", { ...FEW, maxChoices: 3 });
    const legal = duelLegalMoves(s, "a").slice(0, 3);
    expect(odds.choices.map((c) => c.move)).toEqual(legal);
    for (const c of odds.choices) expect(c.chances.samples).toBe(FEW.perChoice);
    // The other side, not deciding now, has no choices to weigh.
    if (shieldwallDuelGame.toMove(s) === "a") expect(duelOdds(s, "b", FEW).choices).toEqual([]);
  });

  it('seed "Personal Combat": a fighter with two wounds against a fresh one is far less likely to kill', () => {
    const hurt = duelOdds(dealDuel({ a: { kind: "leader", specialWeapon: false, wounds: 2 }, b: { kind: "leader", specialWeapon: false } }, 6), "a", { samples: 300, maxChoices: 0 });
    const fresh = duelOdds(dealDuel({ a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false, wounds: 2 } }, 6), "a", { samples: 300, maxChoices: 0 });
    expect(fresh.now.win.p - hurt.now.win.p).toBeGreaterThan(4 * Math.hypot(fresh.now.win.se, hurt.now.win.se));
  });
});
