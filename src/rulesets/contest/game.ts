/**
 * The duel as a {@link Game}: each exchange A commits a card, then B commits a card (A's choice
 * is hidden from B's view: CC-5, chosen secretly and revealed together), then the exchange is
 * resolved with the state's generator (C-2). The duel ends when a commander is at 0 Might.
 */
import type { Applied, Game, GameEvent, GameResult, PlayerId } from "../../core/game.js";
import { Random, type RandomState, seedState } from "../../core/random.js";
import { cardById } from "./deck.js";
import { type DuelSetup, type Position, type RolledExchange, cardRefusal, deckAt, duelStart, legalCards, outcomeOf, resolveExchange } from "./exchange.js";

export interface DuelGameOptions {
  setup: DuelSetup;
  distance: number;
  /** House rule: a duel still undecided after this many exchanges is a draw. Default 200. */
  exchangeLimit?: number;
}

export interface DuelState {
  rng: RandomState;
  setup: DuelSetup;
  position: Position;
  /** A's secret card for this exchange, once committed. */
  pending: string | null;
  exchanges: number;
  exchangeLimit: number;
  engaged: boolean;
}

export interface DuelMove {
  card: string;
}

export const DEFAULT_EXCHANGE_LIMIT = 200;

const name = (s: DuelState, side: "A" | "B") => (side === "A" ? s.setup.a : s.setup.b).profile.name;

/** Sentences describing a resolved exchange (shared by the game's events and the CLI). */
export function narrateExchange(state: DuelState, before: Position, r: RolledExchange): GameEvent[] {
  const events: GameEvent[] = [];
  const deck = deckAt(state.setup, before);
  const cardName = (id: string) => cardById(deck, id)?.name ?? id;
  events.push({
    type: "reveal",
    text: `${name(state, "A")} plays ${cardName(r.pair.a)}; ${name(state, "B")} plays ${cardName(r.pair.b)}.`,
    cardA: r.pair.a,
    cardB: r.pair.b,
  });
  const printed = [r.pair.printedA, r.pair.printedB].filter((t) => t.length > 0);
  if (printed.length > 0) events.push({ type: "card-text", text: `(${cardName(r.pair.a)} versus ${cardName(r.pair.b)}: ${printed.map((t) => `"${t}"`).join(" / ")})` });
  for (const [side, roll, test] of [["A", r.rollA, r.pair.testA.test], ["B", r.rollB, r.pair.testB.test]] as const) {
    if (!roll) continue;
    const kind = test.startsWith("versus") ? `versus test (${test === "versus-attack" ? "attacker" : "defender"})` : `${roll.type} test`;
    events.push({ type: "roll", side, text: `${name(state, side)}: ${kind} of ${roll.dice} dice [${roll.faces.join(", ")}] — ${roll.successes} success${roll.successes === 1 ? "" : "es"}.`, faces: roll.faces, successes: roll.successes });
  }
  const p = r.position;
  const c = r.change;
  const parts: string[] = [];
  if (c.lossA || c.regainA || before.mightA !== p.mightA) parts.push(`${name(state, "A")} Might ${before.mightA} → ${p.mightA}`);
  if (c.lossB || c.regainB || before.mightB !== p.mightB) parts.push(`${name(state, "B")} Might ${before.mightB} → ${p.mightB}`);
  if (before.distance !== p.distance) parts.push(`distance ${before.distance}" → ${p.distance}"`);
  events.push({ type: "result", text: parts.length ? `${parts.join("; ")}.` : "No change.", position: p });
  if (before.distance > 0 && p.distance === 0 && outcomeOf(p) === null) events.push({ type: "melee", text: "Base contact: a melee contest begins (seed, Melee Contests)." });
  if (before.distance === 0 && p.distance > 0 && outcomeOf(p) === null) events.push({ type: "ranged", text: `Contact broken at ${p.distance}": the ranged contest resumes.` });
  for (const side of ["A", "B"] as const) {
    const m = side === "A" ? p.mightA : p.mightB;
    if (m <= 0) {
      events.push({
        type: "vanquished",
        side,
        text: `${name(state, side)} is reduced to 0 Might and removed from play; a reserve commander is placed at least 12" from any opposing commander, and every friendly unit within 12" of ${name(state, side)} must take a break test (seed, Ranged/Melee Contests).`,
      });
    }
  }
  return events;
}

export const duelGame: Game<DuelState, DuelMove, DuelGameOptions> = {
  id: "contest-of-champions",
  players: ["A", "B"],

  setup(options, seed) {
    const kind = duelStart(options.setup.a.profile, options.setup.b.profile, options.distance);
    if (!kind) throw new RangeError(`no duel starts at ${options.distance}": not in base contact and beyond every ranged weapon's range (seed, The Duel)`);
    return {
      rng: seedState(seed),
      setup: options.setup,
      position: { mightA: options.setup.a.profile.might, mightB: options.setup.b.profile.might, distance: options.distance },
      pending: null,
      exchanges: 0,
      exchangeLimit: options.exchangeLimit ?? DEFAULT_EXCHANGE_LIMIT,
      engaged: false,
    };
  },

  toMove(state) {
    if (outcomeOf(state.position) !== null || state.exchanges >= state.exchangeLimit) return null;
    return state.pending === null ? "A" : "B";
  },

  legalMoves(state, player) {
    if (this.toMove(state) !== player) return [];
    return legalCards(state.setup, state.position, player as "A" | "B").map((card) => ({ card }));
  },

  validate(state, player, move) {
    if (typeof move?.card !== "string") return "a move names a card";
    return cardRefusal(state.setup, state.position, player as "A" | "B", move.card);
  },

  apply(state, player, move): Applied<DuelState> {
    // ruling CC-5: A commits in secret; B chooses without seeing it; both are revealed together
    if (player === "A") return { state: { ...state, pending: move.card }, events: [{ type: "commit", text: `${name(state, "A")} has chosen a card.` }] };
    if (state.pending === null) throw new RangeError("B decides only after A has committed a card");
    const rng = new Random(state.rng);
    const before = state.position;
    const r = resolveExchange(rng, state.setup, before, state.pending, move.card);
    const next: DuelState = { ...state, rng: rng.state(), position: r.position, pending: null, exchanges: state.exchanges + 1, engaged: true };
    const events = narrateExchange(next, before, r);
    if (!state.engaged && outcomeOf(r.position) === null) events.push({ type: "engaged", text: "Both survive the first exchange: the commanders are engaged and may take no other actions until the duel is resolved (seed, The Duel)." });
    return { state: next, events };
  },

  result(state): GameResult | null {
    const o = outcomeOf(state.position);
    if (o === "A" || o === "B") {
      const loser = o === "A" ? "B" : "A";
      return { winner: o, rewards: { [o]: 1, [loser]: 0 } as Record<PlayerId, number>, reason: `${name(state, o)} vanquishes ${name(state, loser)}` };
    }
    if (o === "draw") return { winner: null, rewards: { A: 0.5, B: 0.5 }, reason: "both commanders fall in the same exchange" };
    if (state.exchanges >= state.exchangeLimit) return { winner: null, rewards: { A: 0.5, B: 0.5 }, reason: `no decision after ${state.exchangeLimit} exchanges (house rule: a draw)` };
    return null;
  },

  view(state, player) {
    if (player === "A") return state;
    return { ...state, pending: state.pending === null ? null : "hidden" };
  },

  describeMove(_state, player, move) {
    return `${player} plays ${move.card}`;
  },
};
