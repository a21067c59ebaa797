/**
 * The Shieldwall duel as a game (seed "Personal Combat"; rulings SW-22, SW-23, SW-24) over the
 * generic interface in core/game.ts. Players are "a" and "b".
 *
 * Order of play: a fresh 54-card duel pack is shuffled and dealt; each player secretly discards
 * (a first, then b: successive commitments that the other's view never shows); the dice-off
 * gives the advantage; then in each exchange the player without the advantage plays a card face
 * up and the player with it answers. Hands are hidden (ruling SW-24): `view` shows only the
 * player's own hand and discards and the cards played; `determinize` deals the opponent's
 * unseen cards afresh for information-set search.
 */
import { type Card, type Colour, cardCode, cardName, newPack, parseCard } from "../../../core/cards.js";
import type { Applied, Game, GameEvent, GameResult, PlayerId } from "../../../core/game.js";
import { Random, type RandomState, seedState } from "../../../core/random.js";
import { shieldwallDuelOptions } from "./options.js";
import {
  type DiceOff,
  type DuelOutcome,
  duelOutcome,
  type ExchangeResult,
  type Fighter,
  FIGHTER_NAME,
  fighterProblem,
  handSize,
  KILLING_WOUNDS,
  otherSide,
  type PersonalCombatOptions,
  type PlayedCard,
  personalCombatOptions,
  playableAs,
  playProblem,
  resolveExchange,
  rollAdvantage,
  type Side,
} from "./rules.js";

export interface DuelFighterSetup extends Fighter {
  /** Wounds already taken in this duel (0–2), for odds from the middle of a fight. */
  wounds?: number;
}

export interface ShieldwallDuelSetup {
  a: DuelFighterSetup;
  b: DuelFighterSetup;
  options?: Partial<PersonalCombatOptions>;
}

export type ShieldwallDuelMove = { type: "discard"; cards: string[] } | { type: "play"; card: string; as: Colour };

export interface ExchangeRecord {
  /** Who played first (face up, without the advantage). */
  first: Side;
  a: PlayedCard;
  b: PlayedCard;
  result: ExchangeResult;
  /** The dice-off that followed equal cards, if any. */
  diceOff: DiceOff | null;
}

export interface ShieldwallDuelState {
  rng: RandomState;
  fighters: Record<Side, Fighter>;
  options: PersonalCombatOptions;
  wounds: Record<Side, number>;
  hands: Record<Side, Card[]>;
  /** Each player's discards, null until he has discarded (hidden from the opponent). */
  discarded: Record<Side, Card[] | null>;
  /** The rest of the duel pack, never seen. */
  stock: Card[];
  advantage: Side | null;
  /** The card the player without the advantage has played face up this exchange. */
  pending: (PlayedCard & { side: Side }) | null;
  openingDiceOff: DiceOff | null;
  exchanges: ExchangeRecord[];
  outcome: DuelOutcome | null;
}

const PLAYERS = ["a", "b"] as const;

function asSide(p: PlayerId): Side {
  if (p !== "a" && p !== "b") throw new RangeError(`unknown duel player "${p}": expected a or b`);
  return p;
}

/** Problems with a duel setup, or null (fighters per seed "Champions", wounds 0–2). */
export function duelSetupProblem(setup: ShieldwallDuelSetup): string | null {
  for (const s of PLAYERS) {
    const f = setup[s];
    if (!f) return `${s}: missing fighter`;
    const p = fighterProblem(f);
    if (p) return `${s}: ${p}`;
    const w = f.wounds ?? 0;
    if (!Number.isInteger(w) || w < 0 || w >= KILLING_WOUNDS) return `${s}.wounds: must be 0, 1 or 2 (3 wounds kill), got ${w}`;
  }
  return null;
}

/** Deals a fresh duel: one shuffled pack, cards dealt one at a time to a and b in turn. */
export function dealDuel(setup: ShieldwallDuelSetup, seed: number): ShieldwallDuelState {
  const problem = duelSetupProblem(setup);
  if (problem) throw new RangeError(problem);
  const options = personalCombatOptions(setup.options);
  const rng = new Random(seedState(seed));
  const pack = rng.shuffleInPlace(newPack(options.duelJokers));
  const sizes = { a: handSize(setup.a).dealt, b: handSize(setup.b).dealt };
  const hands: Record<Side, Card[]> = { a: [], b: [] };
  let i = 0;
  while (hands.a.length < sizes.a || hands.b.length < sizes.b) {
    for (const s of PLAYERS) if (hands[s].length < sizes[s]) hands[s].push(pack[i++]);
  }
  const fighter = (f: DuelFighterSetup): Fighter => ({ kind: f.kind, specialWeapon: f.specialWeapon });
  return {
    rng: rng.state(),
    fighters: { a: fighter(setup.a), b: fighter(setup.b) },
    options,
    wounds: { a: setup.a.wounds ?? 0, b: setup.b.wounds ?? 0 },
    hands,
    discarded: { a: null, b: null },
    stock: pack.slice(i),
    advantage: null,
    pending: null,
    openingDiceOff: null,
    exchanges: [],
    outcome: null,
  };
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const rec = (start: number) => {
    if (pick.length === k) {
      out.push(pick.slice());
      return;
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]);
      rec(i + 1);
      pick.pop();
    }
  };
  rec(0);
  return out;
}

function removeCards(hand: Card[], codes: string[]): Card[] | string {
  const rest = hand.slice();
  for (const code of codes) {
    const i = rest.findIndex((c) => cardCode(c) === code);
    if (i < 0) return `${code} is not in the hand`;
    rest.splice(i, 1);
  }
  return rest;
}

export function duelToMove(s: ShieldwallDuelState): Side | null {
  if (s.outcome) return null;
  if (s.discarded.a === null) return "a";
  if (s.discarded.b === null) return "b";
  const adv = s.advantage!;
  return s.pending === null ? otherSide(adv) : adv;
}

export function duelLegalMoves(s: ShieldwallDuelState, player: PlayerId): ShieldwallDuelMove[] {
  const side = asSide(player);
  if (duelToMove(s) !== side) return [];
  const hand = s.hands[side];
  if (s.discarded[side] === null) {
    const k = handSize(s.fighters[side]).discard;
    return combinations(hand.map(cardCode), k).map((cards) => ({ type: "discard", cards }));
  }
  const moves: ShieldwallDuelMove[] = [];
  for (const card of hand) for (const as of playableAs(card)) moves.push({ type: "play", card: cardCode(card), as });
  return moves;
}

function validateMove(s: ShieldwallDuelState, player: PlayerId, move: ShieldwallDuelMove): string | null {
  if (player !== "a" && player !== "b") return `unknown player "${player}": expected a or b`;
  const side = asSide(player);
  if (s.outcome) return "the personal combat is over";
  if (duelToMove(s) !== side) return `it is ${duelToMove(s)}'s turn, not ${side}'s`;
  if (!move || typeof move !== "object") return "a decision is {type: discard, cards} or {type: play, card, as}";
  if (s.discarded[side] === null) {
    if (move.type !== "discard") return `${side} must first discard (seed "Personal Combat": deal and discard)`;
    const k = handSize(s.fighters[side]).discard;
    if (!Array.isArray(move.cards) || move.cards.length !== k) {
      return `a ${FIGHTER_NAME[s.fighters[side].kind]}${s.fighters[side].specialWeapon ? " with the special weapon" : ""} discards exactly ${k} card${k === 1 ? "" : "s"} (seed "Personal Combat")`;
    }
    if (!move.cards.every((c) => typeof c === "string")) return 'discarded cards are named as text, e.g. ["7S", "QH"]';
    const rest = removeCards(s.hands[side], move.cards);
    return typeof rest === "string" ? rest : null;
  }
  if (move.type !== "play") return "discards are done: play a card";
  if (typeof move.card !== "string") return "a play names its card as text, e.g. {type: play, card: \"7S\", as: black}";
  const i = s.hands[side].findIndex((c) => cardCode(c) === move.card);
  if (i < 0) return `${move.card} is not in ${side}'s hand`;
  return playProblem({ card: s.hands[side][i], as: move.as });
}

/**
 * A copy of the state, for a transition to change before returning it. Duel states are built here
 * and in dealDuel in one field order, so they share one object shape (spreads that change fields,
 * as `{ ...s, pending }`, proved several times slower here).
 */
function copyOf(s: ShieldwallDuelState): ShieldwallDuelState {
  return {
    rng: s.rng,
    fighters: s.fighters,
    options: s.options,
    wounds: s.wounds,
    hands: s.hands,
    discarded: s.discarded,
    stock: s.stock,
    advantage: s.advantage,
    pending: s.pending,
    openingDiceOff: s.openingDiceOff,
    exchanges: s.exchanges,
    outcome: s.outcome,
  };
}

/** A copy of a per-side record with one side's value replaced. */
export function withSide<T>(r: Readonly<Record<Side, T>>, side: Side, value: T): Record<Side, T> {
  return side === "a" ? { a: value, b: r.b } : { a: r.a, b: value };
}

/**
 * The duel after `side` throws away `thrown` (cards of his hand, in any order); once both have
 * discarded, the opening dice-off (ruling SW-22). One of the two transitions shared by the game's
 * `apply` and {@link playDuelQuietly}.
 */
function afterDiscard(s: ShieldwallDuelState, side: Side, thrown: readonly Card[]): ShieldwallDuelState {
  const hand = s.hands[side];
  const remaining = hand.filter((c) => !thrown.includes(c));
  if (remaining.length + thrown.length !== hand.length) throw new RangeError(`${side} discards cards that are not in his hand`);
  // The discards are kept in hand order, whatever order they were named in.
  const discarded = withSide(s.discarded, side, hand.filter((c) => thrown.includes(c)));
  const next = copyOf(s);
  next.hands = withSide(s.hands, side, remaining);
  next.discarded = discarded;
  if (discarded.a === null || discarded.b === null) return next;
  const rng = new Random(s.rng);
  const off = rollAdvantage(rng, s.fighters.a, s.fighters.b); // ruling SW-22
  next.rng = rng.state();
  next.advantage = off.winner;
  next.openingDiceOff = off;
  return next;
}

/**
 * The duel after `side` plays `card` from his hand as `as`: face up when he leads, or as the
 * answer that resolves the exchange (ruling SW-23), ending the duel or passing the advantage
 * (by a dice-off after equal cards, rulings SW-22, SW-23). The other shared transition.
 */
function afterPlay(s: ShieldwallDuelState, side: Side, card: Card, as: Colour): ShieldwallDuelState {
  const hand = s.hands[side];
  const i = hand.indexOf(card);
  if (i < 0) throw new RangeError(`${cardCode(card)} is not in ${side}'s hand`);
  const hands = withSide(s.hands, side, hand.filter((_, k) => k !== i));
  const next = copyOf(s);
  next.hands = hands;
  if (s.pending === null) {
    next.pending = { card, as, side };
    return next;
  }
  const played: PlayedCard = { card, as };
  const first = s.pending.side;
  const pa = side === "a" ? played : { card: s.pending.card, as: s.pending.as };
  const pb = side === "b" ? played : { card: s.pending.card, as: s.pending.as };
  const result = resolveExchange(pa, pb); // ruling SW-23
  const wounds = { a: s.wounds.a + result.wounds.a, b: s.wounds.b + result.wounds.b };
  const cardsLeft = hands.a.length > 0 && hands.b.length > 0;
  const outcome = duelOutcome(wounds, cardsLeft);
  let advantage = s.advantage;
  let rngState = s.rng;
  let diceOff: DiceOff | null = null;
  if (!outcome) {
    if (result.advantage === "dice-off") {
      const rng = new Random(s.rng);
      diceOff = rollAdvantage(rng, s.fighters.a, s.fighters.b); // rulings SW-22, SW-23
      rngState = rng.state();
      advantage = diceOff.winner;
    } else advantage = result.advantage;
  }
  const record: ExchangeRecord = { first, a: pa, b: pb, result, diceOff };
  next.rng = rngState;
  next.pending = null;
  next.advantage = advantage;
  next.exchanges = [...s.exchanges, record];
  next.wounds = wounds;
  next.outcome = outcome;
  return next;
}

/** The card with this code in the player's hand (the move has been validated). */
function cardInHand(s: ShieldwallDuelState, side: Side, code: string): Card {
  return s.hands[side].find((c) => cardCode(c) === code)!;
}

function applyMove(s: ShieldwallDuelState, player: PlayerId, move: ShieldwallDuelMove): Applied<ShieldwallDuelState> {
  const side = asSide(player);
  const events: GameEvent[] = [];
  if (move.type === "discard") {
    const next = afterDiscard(
      s,
      side,
      move.cards.map((code) => cardInHand(s, side, code)),
    );
    events.push({ type: "discard", text: `${side} discards ${move.cards.length} card${move.cards.length === 1 ? "" : "s"} face down`, side, count: move.cards.length });
    const off = next.openingDiceOff;
    if (off !== s.openingDiceOff && off !== null) events.push({ type: "advantage", text: off.text, side: off.winner, rolls: off.rolls });
    return { state: next, events };
  }
  const card = cardInHand(s, side, move.card);
  const next = afterPlay(s, side, card, move.as);
  if (next.pending !== null) {
    events.push({ type: "lead", text: `${side} plays ${cardName(card)} face up as ${move.as === "red" ? "a parry" : "a strike"}`, side, card: move.card, as: move.as });
    return { state: next, events };
  }
  const { result, diceOff } = next.exchanges[next.exchanges.length - 1];
  events.push({ type: "exchange", text: result.text, kind: result.kind, wounds: next.wounds });
  if (diceOff) events.push({ type: "advantage", text: diceOff.text, side: diceOff.winner, rolls: diceOff.rolls });
  if (next.outcome) events.push({ type: "end", text: describeOutcome(next.outcome), outcome: next.outcome });
  return { state: next, events };
}

/** A computer player that names its cards directly, for {@link playDuelQuietly}. */
export interface DuelChooser {
  /** The cards `me` throws away from his hand (his discard count of them). */
  chooseDiscards(state: ShieldwallDuelState, me: Side): readonly Card[];
  /** The card `me` plays from his hand, and the colour it is played as. */
  choosePlay(state: ShieldwallDuelState, me: Side): PlayedCard;
}

/**
 * Plays a duel between two computer players to its end through the same transitions as
 * `shieldwallDuelGame.apply`, without writing their choices as moves, checking them again and describing
 * them as events: for the battle, which keeps only the outcome. It reaches the same final state
 * as `playOut` with the same players (tested).
 */
export function playDuelQuietly(start: ShieldwallDuelState, players: Record<Side, DuelChooser>): ShieldwallDuelState {
  let s = start;
  for (let side = duelToMove(s); side !== null; side = duelToMove(s)) {
    if (s.discarded[side] === null) s = afterDiscard(s, side, players[side].chooseDiscards(s, side));
    else {
      const { card, as } = players[side].choosePlay(s, side);
      s = afterPlay(s, side, card, as);
    }
  }
  return s;
}

export function describeOutcome(o: DuelOutcome): string {
  if (o.end === "kill") return `${o.winner} kills ${otherSide(o.winner!)} (wounds a ${o.wounds.a}, b ${o.wounds.b})`;
  if (o.end === "mutual-kill") return `both fighters are killed (wounds a ${o.wounds.a}, b ${o.wounds.b})`;
  return `the cards are played out: honour is satisfied (wounds a ${o.wounds.a}, b ${o.wounds.b})`;
}

function result(s: ShieldwallDuelState): GameResult | null {
  const o = s.outcome;
  if (!o) return null;
  // The code is how the duel ended: "kill", "mutual-kill" or "honour-satisfied".
  if (o.winner) return { winner: o.winner, rewards: { [o.winner]: 1, [otherSide(o.winner)]: 0 }, reason: describeOutcome(o), code: o.end };
  return { winner: null, rewards: { a: 0.5, b: 0.5 }, reason: describeOutcome(o), code: o.end };
}

/** What one player may see (ruling SW-24): his own hand and discards, and every card played. */
export interface DuelView {
  you: Side;
  fighters: Record<Side, Fighter>;
  wounds: Record<Side, number>;
  hand: Card[];
  yourDiscards: Card[] | null;
  opponentHandSize: number;
  opponentHasDiscarded: boolean;
  advantage: Side | null;
  pending: (PlayedCard & { side: Side }) | null;
  openingDiceOff: DiceOff | null;
  exchanges: ExchangeRecord[];
  outcome: DuelOutcome | null;
}

export function duelView(s: ShieldwallDuelState, player: PlayerId): DuelView {
  const you = asSide(player);
  const o = otherSide(you);
  return {
    you,
    fighters: s.fighters,
    wounds: s.wounds,
    hand: s.hands[you],
    yourDiscards: s.discarded[you],
    opponentHandSize: s.hands[o].length,
    opponentHasDiscarded: s.discarded[o] !== null,
    advantage: s.advantage,
    pending: s.pending,
    openingDiceOff: s.openingDiceOff,
    exchanges: s.exchanges,
    outcome: s.outcome,
  };
}

/**
 * What an onlooker sees (ruling SW-24): both fighters' wounds and the cards played, each hand only
 * as its size, and whether each has discarded (face down).
 */
export interface DuelOnlookerView extends Omit<DuelView, "you" | "hand" | "yourDiscards" | "opponentHandSize" | "opponentHasDiscarded"> {
  you: null;
  handSizes: Record<Side, number>;
  hasDiscarded: Record<Side, boolean>;
}

export function duelOnlookerView(s: ShieldwallDuelState): DuelOnlookerView {
  return {
    you: null,
    fighters: s.fighters,
    wounds: s.wounds,
    handSizes: { a: s.hands.a.length, b: s.hands.b.length },
    hasDiscarded: { a: s.discarded.a !== null, b: s.discarded.b !== null },
    advantage: s.advantage,
    pending: s.pending,
    openingDiceOff: s.openingDiceOff,
    exchanges: s.exchanges,
    outcome: s.outcome,
  };
}

/** The cards `player` has not seen: the opponent's hand and discards and the undealt stock. */
export function unseenCards(s: ShieldwallDuelState, player: PlayerId): Card[] {
  const o = otherSide(asSide(player));
  return [...s.hands[o], ...(s.discarded[o] ?? []), ...s.stock];
}

/** Deals the opponent's unseen cards afresh (same counts), keeping all that `player` knows. */
export function duelDeterminize(s: ShieldwallDuelState, player: PlayerId, rng: Random): ShieldwallDuelState {
  const o = otherSide(asSide(player));
  const pool = rng.shuffleInPlace(unseenCards(s, player));
  const nh = s.hands[o].length;
  const nd = s.discarded[o]?.length ?? 0;
  return {
    ...s,
    hands: withSide(s.hands, o, pool.slice(0, nh)),
    discarded: withSide(s.discarded, o, s.discarded[o] === null ? null : pool.slice(nh, nh + nd)),
    stock: pool.slice(nh + nd),
  };
}

export function duelMoveKey(m: ShieldwallDuelMove): string {
  return m.type === "discard" ? `d:${m.cards.slice().sort().join(",")}` : `p:${m.card}:${m.as}`;
}

export const shieldwallDuelGame: Game<ShieldwallDuelState, ShieldwallDuelMove, ShieldwallDuelSetup> = {
  id: "shieldwall-duel",
  title: "Shieldwall personal combat",
  players: PLAYERS,
  playerNames: { a: "Fighter a", b: "Fighter b" },
  options: shieldwallDuelOptions,
  setup: dealDuel,
  toMove: duelToMove,
  legalMoves: duelLegalMoves,
  validate: validateMove,
  apply: applyMove,
  result,
  view: duelView,
  onlookerView: duelOnlookerView,
  determinize: duelDeterminize,
  moveKey: duelMoveKey,
  describeMove(_s, player, m) {
    return m.type === "discard" ? `${player} discards ${m.cards.length}` : `${player} plays ${cardName(parseCard(m.card))} as ${m.as}`;
  },
};
