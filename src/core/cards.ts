/** Playing cards (ruling C-3): a 52-card pack plus 2 jokers, as plain data. */
import type { Random } from "./random.js";

export type Suit = "hearts" | "diamonds" | "clubs" | "spades";
export type Rank = "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K" | "A";
export type Colour = "red" | "black";

export type Card = { rank: Rank; suit: Suit } | { joker: 1 | 2 };

export const SUITS: readonly Suit[] = ["hearts", "diamonds", "clubs", "spades"];
export const RANKS: readonly Rank[] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

export function isJoker(card: Card): card is { joker: 1 | 2 } {
  return "joker" in card;
}

/** Red for hearts and diamonds, black for clubs and spades; a joker has no colour of its own. */
export function colourOf(card: Card): Colour | null {
  if (isJoker(card)) return null;
  return card.suit === "hearts" || card.suit === "diamonds" ? "red" : "black";
}

/**
 * The card's value under a ruleset's table. The default counts 2–10 at face value, J 11, Q 12,
 * K 13, A 14 and a joker 15; rulesets pass their own table (Shieldwall's duel counts J as 10).
 */
export function cardValue(card: Card, table: Partial<Record<Rank | "joker", number>> = {}): number {
  const key = isJoker(card) ? "joker" : card.rank;
  const own = table[key];
  if (own !== undefined) return own;
  if (key === "joker") return 15;
  return RANKS.indexOf(key) + 2;
}

const SUIT_SYMBOL: Record<Suit, string> = { hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠" };
const SUIT_LETTER: Record<Suit, string> = { hearts: "H", diamonds: "D", clubs: "C", spades: "S" };

/** "Q♥", "10♠", "Joker". */
export function cardName(card: Card): string {
  return isJoker(card) ? "Joker" : `${card.rank}${SUIT_SYMBOL[card.suit]}`;
}

/** Short ASCII code: "QH", "10S", "X1" for the first joker. */
export function cardCode(card: Card): string {
  return isJoker(card) ? `X${card.joker}` : `${card.rank}${SUIT_LETTER[card.suit]}`;
}

/** Parses a code written by {@link cardCode}. */
export function parseCard(code: string): Card {
  const m = /^(10|[2-9JQKA])([HDCS])$/i.exec(code.trim());
  if (m) {
    const suit = SUITS.find((s) => SUIT_LETTER[s] === m[2].toUpperCase())!;
    return { rank: m[1].toUpperCase() as Rank, suit };
  }
  const j = /^X([12])$/i.exec(code.trim());
  if (j) return { joker: Number(j[1]) as 1 | 2 };
  throw new SyntaxError(`not a card code: "${code}" (expected e.g. QH, 10S, X1)`);
}

export function sameCard(a: Card, b: Card): boolean {
  return cardCode(a) === cardCode(b);
}

/** A fresh pack in a fixed order: 52 cards, then jokers if asked (default 2). */
export function newPack(jokers: 0 | 1 | 2 = 2): Card[] {
  const cards: Card[] = [];
  for (const suit of SUITS) for (const rank of RANKS) cards.push({ rank, suit });
  for (let j = 1; j <= jokers; j++) cards.push({ joker: j as 1 | 2 });
  return cards;
}

/** A pack in play: cards to draw (top is the end of the array) and the discard pile. */
export interface Deck {
  drawPile: Card[];
  discards: Card[];
}

/** A shuffled deck of the given cards (by default the full 54). */
export function newDeck(rng: Random, cards: Card[] = newPack()): Deck {
  return { drawPile: rng.shuffleInPlace(cards.slice()), discards: [] };
}

/** Shuffles the discards back under a fresh draw pile. */
export function reshuffle(deck: Deck, rng: Random): Deck {
  return { drawPile: rng.shuffleInPlace([...deck.drawPile, ...deck.discards]), discards: [] };
}

/**
 * Draws the top card, reshuffling the discards into a new pile when the pile is empty. Returns
 * the new deck (the old one is untouched) and the card, or null when no card is left anywhere.
 */
export function draw(deck: Deck, rng: Random): { deck: Deck; card: Card | null } {
  let current = deck;
  if (current.drawPile.length === 0) {
    if (current.discards.length === 0) return { deck: current, card: null };
    current = reshuffle(current, rng);
  }
  const drawPile = current.drawPile.slice(0, -1);
  return { deck: { drawPile, discards: current.discards }, card: current.drawPile[current.drawPile.length - 1] };
}

/** Draws `count` cards (fewer if the deck runs dry). */
export function drawMany(deck: Deck, rng: Random, count: number): { deck: Deck; cards: Card[] } {
  const cards: Card[] = [];
  let current = deck;
  for (let i = 0; i < count; i++) {
    const r = draw(current, rng);
    current = r.deck;
    if (!r.card) break;
    cards.push(r.card);
  }
  return { deck: current, cards };
}

export function discard(deck: Deck, ...cards: Card[]): Deck {
  return { drawPile: deck.drawPile, discards: [...deck.discards, ...cards] };
}
