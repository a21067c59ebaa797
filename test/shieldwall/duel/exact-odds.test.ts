/**
 * Exact personal-combat odds near the end of a duel (issue 25; seed "Personal Combat", rulings
 * SW-22 dice-off and values, SW-23 exchanges, SW-24 hidden hands): a hand-counted case, shares
 * that add up to exactly one, independence from the opponent's hidden cards, agreement with the
 * Monte Carlo estimate, and the work limit.
 */
import { describe, expect, it } from "vitest";
import { parseCard } from "../../../src/core/cards.js";
import { Fraction } from "../../../src/core/fraction.js";
import { Random, seedState } from "../../../src/core/random.js";
import { heuristicDuelPlayer } from "../../../src/rulesets/shieldwall/duel/ai.js";
import { exactDuelOdds } from "../../../src/rulesets/shieldwall/duel/exact-odds.js";
import { dealDuel, duelDeterminize, duelToMove, type ShieldwallDuelSetup, type ShieldwallDuelState, shieldwallDuelGame } from "../../../src/rulesets/shieldwall/duel/game.js";
import { duelOdds } from "../../../src/rulesets/shieldwall/duel/odds.js";

const LEADERS: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } };

/** A duel played by the computer players until the side to move holds at most `cards` cards. */
function nearTheEnd(seed: number, cards: number): ShieldwallDuelState | null {
  let s = dealDuel(LEADERS, seed);
  const players = { a: heuristicDuelPlayer(seed), b: heuristicDuelPlayer(seed + 1) };
  for (let side = duelToMove(s); side !== null; side = duelToMove(s)) {
    if (s.discarded.b !== null && s.hands.a.length <= cards && s.hands.b.length <= cards) return s;
    s = shieldwallDuelGame.apply(s, side, players[side].choose(s, side)).state;
  }
  return null;
}

const total = (c: { win: Fraction; lose: Fraction; neither: Fraction }) => c.win.add(c.lose).add(c.neither);

describe("exact duel odds (issue 25)", () => {
  it("SW-23: a's last card, a black Ace led against b's unknown last card with b at 2 wounds, wins unless b holds a red Ace or a joker: 47/51", () => {
    const s0 = dealDuel(LEADERS, 1);
    const ace = parseCard("AS");
    const discards = [parseCard("2H"), parseCard("3H")];
    const s: ShieldwallDuelState = { ...s0, hands: { a: [ace], b: [parseCard("4C")] }, discarded: { a: discards, b: [parseCard("5C"), parseCard("6C")] }, wounds: { a: 0, b: 2 }, advantage: "b", pending: null, exchanges: [] };
    const odds = exactDuelOdds(s, "a")!;
    // Unseen by a: 54 cards less his Ace and two discards = 51; b parries only with a red Ace (2) or a joker played red (2).
    expect(odds.now.hands).toBeGreaterThan(0);
    expect(odds.now.win.toString()).toBe("47/51");
    expect(odds.now.neither.toString()).toBe("4/51");
    expect(odds.now.lose.toString()).toBe("0");
    expect(odds.choices.map((c) => c.key)).toEqual(["p:AS:black"]);
    expect(odds.choices[0].chances.win.toString()).toBe("47/51");
  });

  it("SW-23: answering a known lead with the last cards is certain: a red Queen parries a black 10 and the cards run out (honour satisfied)", () => {
    const s0 = dealDuel(LEADERS, 2);
    const s: ShieldwallDuelState = { ...s0, hands: { a: [parseCard("QH")], b: [] }, discarded: { a: [parseCard("2C"), parseCard("3C")], b: [parseCard("2S"), parseCard("3S")] }, wounds: { a: 1, b: 1 }, advantage: "a", pending: { side: "b", card: parseCard("10S"), as: "black" }, exchanges: [] };
    const odds = exactDuelOdds(s, "a")!;
    expect(odds.now.neither.toString()).toBe("1");
    expect(odds.choices).toHaveLength(1);
    expect(odds.choices[0].chances.neither.toString()).toBe("1");
  });

  it("shares add up to exactly one, for the odds now and for every choice", () => {
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const s = nearTheEnd(seed, 2);
      if (!s) continue;
      for (const side of ["a", "b"] as const) {
        const odds = exactDuelOdds(s, side);
        if (!odds) continue;
        checked++;
        expect(total(odds.now).toString()).toBe("1");
        for (const c of odds.choices) expect(total(c.chances).toString()).toBe("1");
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("SW-24: the exact odds do not depend on the opponent's hidden hand, discards or the dice to come", () => {
    let checked = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const s = nearTheEnd(seed, 3);
      if (!s) continue;
      const other = { ...duelDeterminize(s, "a", Random.fromSeed(seed + 100)), rng: seedState(seed + 200) };
      const odds = exactDuelOdds(s, "a");
      if (!odds) continue;
      checked++;
      expect(JSON.stringify(exactDuelOdds(other, "a"))).toBe(JSON.stringify(odds));
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("agrees with the Monte Carlo estimate of the computer players' play (within four standard errors and 3 points)", () => {
    let checked = 0;
    for (let seed = 20; seed <= 27; seed++) {
      const s = nearTheEnd(seed, 2);
      const exact = s && exactDuelOdds(s, "a");
      if (!s || !exact) continue;
      const mc = duelOdds(s, "a", { samples: 2000, maxChoices: 0, seed, exact: false });
      checked++;
      expect(Math.abs(mc.now.win.p - exact.now.win.toNumber())).toBeLessThan(4 * mc.now.win.se + 0.03);
      expect(Math.abs(mc.now.lose.p - exact.now.lose.toNumber())).toBeLessThan(4 * mc.now.lose.se + 0.03);
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("is left to the estimate at the discards and beyond its work limit", () => {
    expect(exactDuelOdds(dealDuel(LEADERS, 3), "a")).toBeNull();
    const s = nearTheEnd(4, 3)!;
    expect(exactDuelOdds(s, "a", { workLimit: 10 })).toBeNull();
  });
});

describe("duelOdds counts exactly where it can (issue 25)", () => {
  it("near the end the odds say exact, carry the fractions and have no sampling error; at the start they are estimated", () => {
    const s = nearTheEnd(5, 2)!;
    const odds = duelOdds(s, "a");
    expect(odds.method).toBe("exact");
    const exact = exactDuelOdds(s, "a")!;
    expect(odds.now.exact?.win.fraction).toBe(exact.now.win.toString());
    expect(odds.now.win.se).toBe(0);
    expect(odds.choices.map((c) => c.key)).toEqual(exact.choices.map((c) => c.key));
    expect(duelOdds(dealDuel(LEADERS, 5), "a", { samples: 50, maxChoices: 0 }).method).toBe("monte-carlo");
  });
});
