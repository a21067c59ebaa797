import { describe, expect, it } from "vitest";
import { type DeckFile, deckProblems, pairOf, parseDeck } from "../../src/rulesets/contest/deck.js";
import { applyExchange } from "../../src/rulesets/contest/exchange.js";
import { MELEE_PATH, RANGED_PATH, deck, makeSetup, rawDeck } from "./helpers.js";

const ranged = deck(RANGED_PATH);
type T = "none" | "standard" | "open-ended" | "versus-attack" | "versus-defend";
const O: T = "open-ended";
const S: T = "standard";
const N: T = "none";

/**
 * Every cell of the seed's ranged table (page 4), read by hand: the tests each side makes and the
 * position after the exchange from Might 3 (Hector, chariot 9", max 4) and 4 (Achilles, foot 6",
 * max 5) at 20", when A scores 2 successes and B scores 1.
 */
const CELLS: [string, string, T, T, [number, number, number], string][] = [
  ["shoot", "shoot", O, O, [2, 2, 20], "both reduce Might by the successes rolled"],
  ["shoot", "close", S, N, [3, 2, 14], "opponent loses the firer's successes and makes one move towards the firer"],
  ["shoot", "evade", "versus-attack", "versus-defend", [3, 3, 20], "opponent loses the degrees of success"],
  ["shoot", "cover", N, S, [3, 5, 20], "target regains Might equal to its successes (capped at its starting Might)"],
  ["close", "shoot", N, S, [2, 4, 11], "closer makes one move towards the firer and loses the firer's successes"],
  ["close", "close", N, N, [3, 4, 5], "both make one move towards each other"],
  ["close", "evade", N, N, [3, 4, 11], "closer makes one move towards the evader"],
  ["close", "cover", N, S, [3, 5, 11], "closer makes one move; the one taking cover regains"],
  ["evade", "shoot", "versus-defend", "versus-attack", [3, 4, 20], "evader loses the shooter's degrees of success (here the shooter fails)"],
  ["evade", "close", N, N, [3, 4, 14], "the closer makes one move towards the evader"],
  ["evade", "evade", O, O, [3, 4, 23], "both move apart by their successes"],
  ["evade", "cover", S, S, [3, 5, 18], "evader moves its successes towards; the other regains"],
  ["cover", "shoot", S, N, [4, 4, 20], "regain Might equal to your successes"],
  ["cover", "close", S, N, [4, 4, 14], "regain; the closer makes one move towards you"],
  ["cover", "evade", S, S, [4, 4, 19], "regain; the evader moves its successes towards you"],
  ["cover", "cover", O, O, [4, 5, 20], "both regain Might equal to their successes"],
];

describe("CC-2 the ranged contest action deck, every cell", () => {
  const setup = makeSetup("hector", "achilles");
  for (const [a, b, ta, tb, [ma, mb, d], what] of CELLS) {
    it(`CC-2 ${a} versus ${b}: ${what}`, () => {
      const pair = pairOf(ranged, a, b);
      expect(pair.testA.test).toBe(ta);
      expect(pair.testB.test).toBe(tb);
      const r = applyExchange(setup, { mightA: 3, mightB: 4, distance: 20 }, pair, { A: 2, B: 1 });
      expect(r.position).toEqual({ mightA: ma, mightB: mb, distance: d });
    });
  }

  it("CC-2 Shoot tests Shooting, Evade and Take Cover test Agility, Close Distance tests nothing", () => {
    const stat = Object.fromEntries(ranged.cards.map((c) => [c.id, c.stat]));
    expect(stat).toEqual({ shoot: "shooting", close: null, evade: "agility", cover: "agility" });
    expect(ranged.house).toBe(false);
  });

  it("CC-2 the printed text of each block is kept with the pair, both readings", () => {
    const p = pairOf(ranged, "shoot", "close");
    expect(p.printedA).toContain("The target makes one move towards the firer");
    expect(p.printedB).toContain("Make one move directly towards the firer");
  });
});

function mutate(path: string, f: (d: DeckFile) => void): DeckFile {
  const d = structuredClone(rawDeck(path));
  f(d);
  return d;
}

describe("CC-2 / CC-4 deck files are checked on load", () => {
  it("CC-2 the shipped ranged deck and CC-4 the provisional melee deck (house rule) pass the check", () => {
    expect(deckProblems(rawDeck(RANGED_PATH))).toEqual([]);
    expect(deckProblems(rawDeck(MELEE_PATH))).toEqual([]);
    const melee = deck(MELEE_PATH);
    expect(melee.house).toBe(true);
    expect(melee.name).toContain("house rule");
  });

  const cases: [string, (d: DeckFile) => void, RegExp][] = [
    ["a missing pair", (d) => delete d.readings.shoot.cover, /field readings\.shoot\.cover: the pair shoot versus cover is not defined.*\(rule CC-2\)/],
    ["readings that disagree on an effect", (d) => (d.readings.close.shoot.effects = d.readings.close.shoot.effects.slice(0, 1)), /field readings\.shoot\.close\.effects: the readings disagree/],
    ["a versus test without a defender", (d) => (d.readings.evade.shoot.test = "standard"), /the readings disagree: shoot says versus-attack, evade says standard/],
    ["an effect printed in neither block", (d) => (d.readings.cover.close.effects[0].implied = true), /marked implied in both blocks/],
    ["a test on a card without a stat", (d) => (d.readings.close.close.test = "standard"), /card close has no stat/],
    ["a roll that changes nothing", (d) => (d.readings.shoot.cover.test = "standard"), /makes a standard test that changes nothing/],
    ["a reading for an unknown card", (d) => (d.readings.shoot.dodge = d.readings.shoot.cover), /field readings\.shoot\.dodge: "dodge" is not a card of this deck/],
    ["an effect using successes of a side that rolls nothing", (d) => (d.readings.close.evade.effects = [{ do: "move-toward", who: "self", by: "successes:opponent" }]), /who makes no test|readings disagree/],
    ["a card against itself that is not symmetric", (d) => (d.readings.close.close.effects = d.readings.close.close.effects.slice(0, 1)), /close against itself must treat both commanders alike/],
  ];
  for (const [what, f, re] of cases) {
    it(`CC-2 refuses a deck with ${what}`, () => {
      const problems = deckProblems(mutate(RANGED_PATH, f));
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.join("\n")).toMatch(re);
    });
  }

  it("CC-4 a melee deck's problems name rule CC-4", () => {
    const problems = deckProblems(mutate(MELEE_PATH, (d) => delete d.readings.parry.feint));
    expect(problems[0]).toMatch(/rule CC-4/);
  });

  it("CC-2 structural errors name the field", () => {
    const r = parseDeck(mutate(RANGED_PATH, (d) => ((d.readings.shoot.shoot.effects[0] as { do: string }).do = "heal")));
    expect(r.deck).toBeNull();
    expect(r.problems[0]).toMatch(/^field readings\.shoot\.shoot\.effects\[0\]\.do: do must be lose-might/);
  });
});
