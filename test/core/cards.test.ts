import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, cardCode, cardName, cardValue, colourOf, discard, draw, drawMany, newDeck, newPack, parseCard } from "../../src/core/cards.js";
import { Random } from "../../src/core/random.js";

describe("playing cards (ruling C-3)", () => {
  it("C-3: a pack is 52 cards plus 2 jokers, all different", () => {
    const pack = newPack();
    expect(pack).toHaveLength(54);
    expect(new Set(pack.map(cardCode)).size).toBe(54);
    expect(pack.filter((c) => "joker" in c)).toHaveLength(2);
  });

  it("C-3: hearts and diamonds are red, clubs and spades black, jokers neither", () => {
    expect(colourOf({ rank: "Q", suit: "hearts" })).toBe("red");
    expect(colourOf({ rank: "2", suit: "diamonds" })).toBe("red");
    expect(colourOf({ rank: "A", suit: "clubs" })).toBe("black");
    expect(colourOf({ rank: "10", suit: "spades" })).toBe("black");
    expect(colourOf({ joker: 1 })).toBeNull();
  });

  it("values cards by a ruleset's table", () => {
    expect(cardValue({ rank: "J", suit: "clubs" })).toBe(11);
    expect(cardValue({ rank: "J", suit: "clubs" }, { J: 10 })).toBe(10);
    expect(cardValue({ joker: 2 }, { joker: 14 })).toBe(14);
    expect(cardName({ rank: "10", suit: "spades" })).toBe("10♠");
  });

  it("parses card codes and refuses bad ones", () => {
    for (const c of newPack()) expect(parseCard(cardCode(c))).toEqual(c);
    expect(() => parseCard("1H")).toThrow(/not a card code/);
  });

  it("a shuffle is a permutation of the pack", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const deck = newDeck(Random.fromSeed(seed));
        expect(deck.drawPile.map(cardCode).sort()).toEqual(newPack().map(cardCode).sort());
      }),
      { seed: 5, numRuns: 100 },
    );
  });

  it("shuffles are uniform on a small pack (all 24 orders of 4 cards, chi-squared)", () => {
    const rng = Random.fromSeed(777);
    const small: Card[] = newPack(0).slice(0, 4);
    const counts = new Map<string, number>();
    const n = 48_000;
    for (let i = 0; i < n; i++) {
      const order = rng.shuffleInPlace(small.slice()).map(cardCode).join(",");
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const e = n / 24;
    const chi2 = [...counts.values()].reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(49.73); // 23 d.f., 99.9%
  });

  it("draws, discards and reshuffles the discards when the pile runs out", () => {
    const rng = Random.fromSeed(8);
    let deck = newDeck(rng, newPack(0).slice(0, 3));
    const drawn = drawMany(deck, rng, 3);
    expect(drawn.cards).toHaveLength(3);
    deck = discard(drawn.deck, ...drawn.cards);
    expect(deck.drawPile).toHaveLength(0);
    const again = draw(deck, rng);
    expect(again.card).not.toBeNull();
    expect(again.deck.drawPile).toHaveLength(2);
    expect(again.deck.discards).toHaveLength(0);
    const empty = draw({ drawPile: [], discards: [] }, rng);
    expect(empty.card).toBeNull();
  });

  it("drawing leaves the old deck untouched (plain data, no mutation)", () => {
    const rng = Random.fromSeed(9);
    const deck = newDeck(rng);
    const before = JSON.stringify(deck);
    draw(deck, rng);
    expect(JSON.stringify(deck)).toBe(before);
  });
});
