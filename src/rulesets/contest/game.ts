/**
 * The duel as a {@link Game}: each exchange both commanders commit a card at once, in either
 * order (`mayDecide`; CC-5, chosen secretly and revealed together): the first card committed is
 * hidden from the other commander's view, and the second resolves the exchange with the state's
 * generator (C-2). The duel ends when a commander is at 0 Might. A turn-by-turn caller (a search,
 * the CLI) follows `toMove`: A first, then B.
 */
import { z } from "zod";
import { type Applied, type Game, type GameEvent, type GameResult, type PlayerId } from "../../core/game.js";
import { Random, type RandomState, seedState } from "../../core/random.js";
import { cardById, deckProblems, deckSchema } from "./deck.js";
import { shippedDuelSetup } from "./defaults.js";
import { profileSchema } from "./profile.js";
import { type DuelSetup, type Position, type RolledExchange, cardRefusal, deckAt, duelStart, legalCards, outcomeOf, resolveExchange } from "./exchange.js";

export interface ContestOptions {
  setup: DuelSetup;
  distance: number;
  /** House rule: a duel still undecided after this many exchanges is a draw. Default 200. */
  exchangeLimit?: number;
}

export interface ContestState {
  rng: RandomState;
  setup: DuelSetup;
  position: Position;
  /** A's secret card for this exchange, once committed. */
  pending: string | null;
  /**
   * B's secret card, when B committed before A. Absent otherwise, so the states (and record
   * hashes) of duels played A first are what they were before both could choose at once.
   */
  pendingB?: string;
  exchanges: number;
  exchangeLimit: number;
  engaged: boolean;
}

export interface ContestMove {
  card: string;
}

export const DEFAULT_EXCHANGE_LIMIT = 200;

/**
 * One checked deck as the duel's options carry it: the deck file's format and every pair of its
 * cards defined with agreeing readings (rulings CC-2, CC-4), so no exchange can meet a pair
 * without its rules entry. `kind` must be the slot's (the ranged deck in `ranged`).
 */
function checkedDeckSchema(kind: "ranged" | "melee") {
  return deckSchema.superRefine((deck, ctx) => {
    if (deck.kind !== kind) ctx.addIssue({ code: "custom", path: ["kind"], message: `the ${kind} deck's kind must be "${kind}"` });
    const problems = deckProblems(deck);
    if (problems.length > 0) ctx.addIssue({ code: "custom", path: ["readings"], message: `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}` });
  });
}

const combatantSchema = z.strictObject({
  profile: profileSchema,
  assistants: z.number().int("assistants must be a whole number").min(0, "assistants must be 0 or more").max(10, "assistants must be at most 10"),
});

/** The duel's house options (exchange.ts, DuelOptions). */
const duelOptionsSchema = z.strictObject({
  maxDistance: z.number().int("maxDistance must be a whole number of inches").min(1, "maxDistance must be at least 1 inch").max(96, "maxDistance must be at most 96 inches"),
  capRegainAtStart: z.boolean({ error: "capRegainAtStart must be true or false" }),
});

/** Everything a duel reads: both commanders, both decks (each card with its readings) and the options. */
export const duelSetupSchema: z.ZodType<DuelSetup, unknown> = z.strictObject({
  a: combatantSchema,
  b: combatantSchema,
  ranged: checkedDeckSchema("ranged"),
  melee: checkedDeckSchema("melee"),
  options: duelOptionsSchema,
});

/**
 * The duel's options as JSON: the setup (both commanders with their profiles, the two decks and
 * the duel options, as the game records keep them), the starting distance and the house
 * exchange limit. Options come from strangers (the server's match creation), so every field the
 * rules read is checked here. A duel must be able to start at the distance (seed, The Duel).
 */
export const contestOptionsSchema: z.ZodType<ContestOptions, unknown> = z
  .strictObject({
    setup: duelSetupSchema,
    distance: z.number().int("distance must be a whole number of inches").min(0, "distance must be 0 (base contact) or more").max(96, "distance must be at most 96 inches"),
    exchangeLimit: z.number().int("exchangeLimit must be a whole number").min(1, "exchangeLimit must be at least 1").max(10_000, "exchangeLimit must be at most 10000").optional(),
  })
  .superRefine((o, ctx) => {
    if (o.distance > o.setup.options.maxDistance) ctx.addIssue({ code: "custom", path: ["distance"], message: `distance ${o.distance}" is beyond the duel's maxDistance of ${o.setup.options.maxDistance}"` });
    else if (!duelStart(o.setup.a.profile, o.setup.b.profile, o.distance)) ctx.addIssue({ code: "custom", path: ["distance"], message: `no duel starts at ${o.distance}": not in base contact and beyond every ranged weapon's range (seed, The Duel)` });
  });

/** How a duel ends (the result's code). */
export const CONTEST_RESULT_CODES = ["vanquished", "both-fall", "exchange-limit"] as const;

const name = (s: ContestState, side: "A" | "B") => (side === "A" ? s.setup.a : s.setup.b).profile.name;

/** Sentences describing a resolved exchange (shared by the game's events and the CLI). */
export function narrateExchange(state: ContestState, before: Position, r: RolledExchange): GameEvent[] {
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

export const contestGame: Game<ContestState, ContestMove, ContestOptions> = {
  id: "contest-of-champions",
  title: "Contest of Champions duel",
  players: ["A", "B"],
  playerNames: { A: "Commander A", B: "Commander B" },
  options: {
    schema: contestOptionsSchema,
    defaults: () => ({ setup: shippedDuelSetup(), distance: 0 }),
    describe: {
      setup: "the two commanders (profile, assistants), the ranged and melee decks and the duel options (default: Hector against Achilles, shipped decks)",
      distance: "inches between the commanders at the start; 0 is base contact (default 0: a melee contest)",
      exchangeLimit: `house rule: an undecided duel is a draw after this many exchanges (default ${DEFAULT_EXCHANGE_LIMIT})`,
    },
  },
  stats: {
    lossUnit: "Might",
    summarize(state, result) {
      const a = state.setup.a.profile.might;
      const b = state.setup.b.profile.might;
      return { turns: state.exchanges, losses: { A: Math.max(0, a - state.position.mightA), B: Math.max(0, b - state.position.mightB) }, ending: result.code ?? result.reason };
    },
  },

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

  // ruling CC-5: both choose at once; each commander may commit until his own card is down.
  mayDecide(state, player) {
    if (contestGame.toMove(state) === null) return false;
    if (player === "A") return state.pending === null;
    if (player === "B") return state.pendingB === undefined;
    return false;
  },

  legalMoves(state, player) {
    if (!contestGame.mayDecide!(state, player)) return [];
    return legalCards(state.setup, state.position, player as "A" | "B").map((card) => ({ card }));
  },

  validate(state, player, move) {
    if (player !== "A" && player !== "B") return `unknown player "${player}": expected A or B`;
    const mover = contestGame.toMove(state);
    if (mover === null) return "the duel is over";
    if (!contestGame.mayDecide!(state, player)) return `${player} has committed a card for this exchange already; the other commander has still to choose`;
    if (typeof move?.card !== "string") return "a move names a card";
    const refusal = cardRefusal(state.setup, state.position, player as "A" | "B", move.card);
    if (refusal !== null) return refusal;
    // Checked against every card, never only the face-down one: whether a card is refused must
    // not depend on the other commander's hidden choice (CC-5). The options schema makes decks complete.
    const deck = deckAt(state.setup, state.position);
    const card = move.card;
    if (deck.cards.some((c) => !deck.readings[c.id]?.[card] || !deck.readings[card]?.[c.id])) return `${card} cannot be resolved against every card of the ${deck.name}: the deck lacks readings (rulings CC-2, CC-4)`;
    return null;
  },

  apply(state, player, move): Applied<ContestState> {
    // ruling CC-5: the first card is committed in secret, the other chosen without seeing it; both are revealed together
    if (player === "A" && state.pendingB === undefined) return { state: { ...state, pending: move.card }, events: [{ type: "commit", text: `${name(state, "A")} has chosen a card.` }] };
    if (player === "B" && state.pending === null) return { state: { ...state, pendingB: move.card }, events: [{ type: "commit", text: `${name(state, "B")} has chosen a card.` }] };
    const cardA = player === "A" ? move.card : state.pending;
    const cardB = player === "B" ? move.card : state.pendingB;
    if (cardA === null || cardB === undefined) throw new RangeError(`${player} has committed a card for this exchange already`);
    const rng = new Random(state.rng);
    const before = state.position;
    const r = resolveExchange(rng, state.setup, before, cardA, cardB);
    const { pendingB: _committedB, ...rest } = state;
    const next: ContestState = { ...rest, rng: rng.state(), position: r.position, pending: null, exchanges: state.exchanges + 1, engaged: true };
    const events = narrateExchange(next, before, r);
    if (!state.engaged && outcomeOf(r.position) === null) events.push({ type: "engaged", text: "Both survive the first exchange: the commanders are engaged and may take no other actions until the duel is resolved (seed, The Duel)." });
    return { state: next, events };
  },

  result(state): GameResult | null {
    const o = outcomeOf(state.position);
    if (o === "A" || o === "B") {
      const loser = o === "A" ? "B" : "A";
      return { winner: o, rewards: { [o]: 1, [loser]: 0 } as Record<PlayerId, number>, reason: `${name(state, o)} vanquishes ${name(state, loser)}`, code: "vanquished" };
    }
    if (o === "draw") return { winner: null, rewards: { A: 0.5, B: 0.5 }, reason: "both commanders fall in the same exchange", code: "both-fall" };
    if (state.exchanges >= state.exchangeLimit) return { winner: null, rewards: { A: 0.5, B: 0.5 }, reason: `no decision after ${state.exchangeLimit} exchanges (house rule: a draw)`, code: "exchange-limit" };
    return null;
  },

  // ruling CC-5: neither commander sees the other's face-down card.
  view(state, player) {
    if (player === "A") return state.pendingB === undefined ? state : { ...state, pendingB: "hidden" };
    return { ...state, pending: state.pending === null ? null : "hidden" };
  },

  // ruling CC-5: the other's committed card is unseen, so a search deals it afresh from his legal cards.
  determinize(state, player, rng) {
    if (player === "A") return state.pendingB === undefined ? state : { ...state, pendingB: rng.pick(legalCards(state.setup, state.position, "B")) };
    if (state.pending === null) return state;
    return { ...state, pending: rng.pick(legalCards(state.setup, state.position, "A")) };
  },

  describeMove(_state, player, move) {
    return `${player} plays ${move.card}`;
  },
};

