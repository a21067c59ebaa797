/**
 * One exchange of a duel (seed "Ranged contests", "Melee contests"; rulings CC-1..CC-5): both
 * commanders secretly choose a card, the cards are revealed, the tests are made, Might is
 * reduced or regained and the commanders move. {@link applyExchange} is the single
 * implementation of the effects; the random resolution and the exact distribution both call it.
 *
 * A position is one-dimensional: the two commanders' Might and the distance between them in
 * whole inches (0 = base contact, a melee contest; more = a ranged contest).
 */
import { Dist } from "../../core/distribution.js";
import type { Random } from "../../core/random.js";
import { type Deck, type Pair, type Side, type SideTest, cardById, pairOf } from "./deck.js";
import { type TestRoll, openEndedDist, rollOpenEnded, rollStandard, standardDist, versusOutcome } from "./dice-tests.js";
import { type Profile, moveRate, testedStat, weaponRange } from "./profile.js";

/** Options of a duel. Every default here not fixed by the seed is a house rule. */
export interface DuelOptions {
  /**
   * House rule: the commanders are engaged and never end more than this many inches apart
   * (keeps the duel finite; a move away stops there). Default 24.
   */
  maxDistance: number;
  /**
   * House rule: regained Might never exceeds the profile's starting Might (default true); when
   * false it may rise to twice the starting Might.
   */
  capRegainAtStart: boolean;
}

export const DEFAULT_OPTIONS: DuelOptions = { maxDistance: 24, capRegainAtStart: true };

/** A commander in a duel: profile plus the number of assisting commanders (+1 each, CC-3). */
export interface Combatant {
  profile: Profile;
  assistants: number;
}

export interface DuelSetup {
  a: Combatant;
  b: Combatant;
  ranged: Deck;
  melee: Deck;
  options: DuelOptions;
}

export interface Position {
  mightA: number;
  mightB: number;
  /** Inches between the commanders; 0 is base contact. */
  distance: number;
}

export const SIDES: readonly Side[] = ["A", "B"];

export function combatant(setup: DuelSetup, s: Side): Combatant {
  return s === "A" ? setup.a : setup.b;
}

export function mightOf(pos: Position, s: Side): number {
  return s === "A" ? pos.mightA : pos.mightB;
}

/** Largest Might a commander can have (his profile's, with the house cap on regaining). */
export function maxMight(setup: DuelSetup, s: Side): number {
  const start = combatant(setup, s).profile.might;
  return setup.options.capRegainAtStart ? start : 2 * start;
}

/**
 * Does a duel start, and which contest (seed "The duel"; "Ranged contests")? Base contact starts
 * a melee contest; being within the range of a ranged weapon of either commander starts a ranged
 * contest (only if at least one has a ranged weapon); otherwise no duel.
 */
export function duelStart(a: Profile, b: Profile, distance: number): "melee" | "ranged" | null {
  if (distance <= 0) return "melee";
  const ranges = [weaponRange(a), weaponRange(b)].filter((r): r is number => r !== null);
  return ranges.some((r) => distance <= r) ? "ranged" : null;
}

/** The deck in use: melee in base contact, ranged otherwise (seed "Melee contests"). */
export function deckAt(setup: DuelSetup, pos: Position): Deck {
  return pos.distance === 0 ? setup.melee : setup.ranged;
}

/** Whether the position is over, and who won: "A", "B", "draw" (both fell) or null. */
export function outcomeOf(pos: Position): Side | "draw" | null {
  if (pos.mightA <= 0 && pos.mightB <= 0) return "draw";
  if (pos.mightA <= 0) return "B";
  if (pos.mightB <= 0) return "A";
  return null;
}

/**
 * Why a card may not be played now, or null. Every card is always in hand (CC-5), but Shoot
 * needs a ranged weapon and the target in range (seed "Ranged contests").
 */
export function cardRefusal(setup: DuelSetup, pos: Position, s: Side, cardId: string): string | null {
  const deck = deckAt(setup, pos);
  const card = cardById(deck, cardId);
  if (!card) return `${cardId} is not a card of the ${deck.name} (cards: ${deck.cards.map((c) => c.id).join(", ")})`;
  // ruling CC-5: every card always in hand; only Shoot can be barred (seed, Ranged Contests)
  if (card.needsRange) {
    const range = weaponRange(combatant(setup, s).profile);
    if (range === null) return `${card.name} needs a ranged weapon, and ${combatant(setup, s).profile.name} has none (seed, Ranged Contests)`;
    if (pos.distance > range) return `${card.name}: the target is ${pos.distance}" away, beyond the ${range}" range (seed, Ranged Contests)`;
  }
  return null;
}

/** The cards a side may play now, in deck order (CC-5 with the Shoot restriction). */
export function legalCards(setup: DuelSetup, pos: Position, s: Side): string[] {
  return deckAt(setup, pos)
    .cards.filter((c) => cardRefusal(setup, pos, s, c.id) === null)
    .map((c) => c.id);
}

/** Dice a side rolls for its test in a pair (its card's stat, +1 per assistant, CC-3). */
export function diceFor(setup: DuelSetup, s: Side, t: SideTest): number {
  if (t.test === "none" || t.stat === null) return 0;
  const c = combatant(setup, s);
  return testedStat(c.profile, t.stat, c.assistants);
}

/** Successes of each side's test this exchange (0 for a side that makes no test). */
export interface ExchangeRolls {
  A: number;
  B: number;
}

export interface ExchangeChange {
  lossA: number;
  lossB: number;
  regainA: number;
  regainB: number;
  /** Inches moved towards the other (sum over both), before clamping. */
  toward: number;
  away: number;
}

export interface ExchangeResult {
  position: Position;
  change: ExchangeChange;
  degrees: ExchangeRolls;
}

/**
 * Applies a pair's effects for given successes — the one implementation of every card's effect.
 * Order (decision, documented): degrees of success of a versus test follow CC-1; Might losses
 * are applied first (a commander at 0 is removed at once), then regains (capped at starting
 * Might, house rule); moves towards each other first (stopping at base contact), then moves
 * away (stopping at the house maximum distance).
 */
export function applyExchange(setup: DuelSetup, pos: Position, pair: Pair, rolls: ExchangeRolls): ExchangeResult {
  const degrees: ExchangeRolls = { A: 0, B: 0 };
  if (pair.testA.test === "versus-attack") degrees.A = versusOutcome(rolls.A, rolls.B).degrees;
  if (pair.testB.test === "versus-attack") degrees.B = versusOutcome(rolls.B, rolls.A).degrees;
  const loss = { A: 0, B: 0 };
  const regain = { A: 0, B: 0 };
  let toward = 0;
  let away = 0;
  for (const e of pair.effects) {
    const by = e.by;
    const amount =
      "successes" in by ? rolls[by.successes] : "degrees" in by ? degrees[by.degrees] : "oneMove" in by ? moveRate(combatant(setup, by.oneMove).profile) : by.fixed;
    switch (e.do) {
      case "lose-might":
        loss[e.who] += amount;
        break;
      case "regain-might":
        regain[e.who] += amount;
        break;
      case "move-toward":
        toward += amount;
        break;
      case "move-away":
        away += amount;
        break;
    }
  }
  const next = (s: Side) => {
    const m = mightOf(pos, s) - loss[s];
    if (m <= 0) return 0; // removed at once (seed: "immediately removed from play")
    return Math.min(maxMight(setup, s), m + regain[s]);
  };
  const afterToward = Math.max(0, pos.distance - toward);
  const distance = Math.min(setup.options.maxDistance, afterToward + away);
  return {
    position: { mightA: next("A"), mightB: next("B"), distance },
    change: { lossA: loss.A, lossB: loss.B, regainA: regain.A, regainB: regain.B, toward, away },
    degrees,
  };
}

function sideDist(setup: DuelSetup, s: Side, t: SideTest, cap: number): Dist<number> {
  const n = diceFor(setup, s, t);
  if (t.test === "none") return Dist.certain(0);
  if (t.test === "open-ended") return openEndedDist(n, cap);
  // A versus test is never capped: its degrees of success need both full counts.
  if (t.test === "standard" && cap < n) return standardDist(n).map((k) => Math.min(cap, k));
  return standardDist(n);
}

/**
 * The cut-off for one side's successes in a pair: successes at or above it all lead to the same
 * position, because losses stop at 0, regains at the ceiling, moves at contact or the maximum
 * distance (see the order in {@link applyExchange}). Without a position it is the cut-off for any
 * position: the largest Might ceiling, or the maximum distance for moves.
 */
export function sideCap(setup: DuelSetup, pair: Pair, s: Side, pos?: Position): number {
  let cap = 0;
  const uses = pair.effects.filter((e) => "successes" in e.by && e.by.successes === s);
  const hasToward = pair.effects.some((e) => e.do === "move-toward");
  for (const e of uses) {
    const ceiling = maxMight(setup, e.who);
    let need: number;
    if (!pos) need = e.do === "lose-might" || e.do === "regain-might" ? Math.max(maxMight(setup, "A"), maxMight(setup, "B")) : setup.options.maxDistance;
    else if (e.do === "lose-might") need = mightOf(pos, e.who);
    else if (e.do === "regain-might") need = pair.effects.some((x) => x.do === "lose-might" && x.who === e.who) ? ceiling : ceiling - mightOf(pos, e.who);
    else if (e.do === "move-toward") need = pos.distance;
    else need = hasToward ? setup.options.maxDistance : setup.options.maxDistance - pos.distance;
    cap = Math.max(cap, need);
  }
  return cap;
}

/**
 * The exact joint distribution of both sides' successes for a pair (independent tests). An
 * open-ended count is capped where more successes can no longer change the position (see
 * {@link sideCap}); `cap` overrides it.
 */
export function rollsDist(setup: DuelSetup, pair: Pair, pos?: Position, cap?: number): Dist<ExchangeRolls> {
  const [a, b] = sideDists(setup, pair, pos, cap);
  return a.combine(b, (A, B) => ({ A, B }));
}

/** Each side's exact distribution of successes in a pair (independent; see {@link rollsDist}). */
export function sideDists(setup: DuelSetup, pair: Pair, pos?: Position, cap?: number): [Dist<number>, Dist<number>] {
  return [sideDist(setup, "A", pair.testA, cap ?? sideCap(setup, pair, "A", pos)), sideDist(setup, "B", pair.testB, cap ?? sideCap(setup, pair, "B", pos))];
}

/** Checks that both cards may be played; throws RangeError with the rule's reason. */
export function checkCards(setup: DuelSetup, pos: Position, cardA: string, cardB: string): Pair {
  if (outcomeOf(pos) !== null) throw new RangeError("the duel is already decided: a commander is at 0 Might");
  const ra = cardRefusal(setup, pos, "A", cardA);
  if (ra) throw new RangeError(`A: ${ra}`);
  const rb = cardRefusal(setup, pos, "B", cardB);
  if (rb) throw new RangeError(`B: ${rb}`);
  return pairOf(deckAt(setup, pos), cardA, cardB);
}

/** The exact distribution of the position after an exchange. */
export function exchangeDist(setup: DuelSetup, pos: Position, cardA: string, cardB: string): Dist<Position> {
  const pair = checkCards(setup, pos, cardA, cardB);
  return rollsDist(setup, pair, pos).map((r) => applyExchange(setup, pos, pair, r).position);
}

export interface RolledExchange extends ExchangeResult {
  pair: Pair;
  rollA: TestRoll | null;
  rollB: TestRoll | null;
}

function rollSide(rng: Random, setup: DuelSetup, s: Side, t: SideTest): TestRoll | null {
  if (t.test === "none") return null;
  const n = diceFor(setup, s, t);
  return t.test === "open-ended" ? rollOpenEnded(rng, n) : rollStandard(rng, n);
}

/** Resolves an exchange with dice from `rng` (A's dice first, then B's). */
export function resolveExchange(rng: Random, setup: DuelSetup, pos: Position, cardA: string, cardB: string): RolledExchange {
  const pair = checkCards(setup, pos, cardA, cardB);
  const rollA = rollSide(rng, setup, "A", pair.testA);
  const rollB = rollSide(rng, setup, "B", pair.testB);
  const res = applyExchange(setup, pos, pair, { A: rollA?.successes ?? 0, B: rollB?.successes ?? 0 });
  return { ...res, pair, rollA, rollB };
}
