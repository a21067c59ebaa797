/**
 * What one seat may see of a personal combat in progress (ruling SW-24: hands are hidden), and
 * the rest of the battle's hidden-information face: `view`, `determinize` and `viewEvent` of
 * battleGame. Outside a duel the battle hides only future draws: its generator and the order of
 * the god pack's draw pile.
 */
import type { GameEvent, PlayerId } from "../../../core/game.js";
import type { Random, RandomState } from "../../../core/random.js";
import { duelDeterminize, type ShieldwallDuelState } from "../duel/game.js";
import type { Side as DuelSide } from "../duel/rules.js";
import type { GodDraw, GodPack } from "../gods.js";
import type { BattleDuel, BattleState } from "./types.js";

/** Stands in for a generator state a view hides. */
const HIDDEN_RNG: RandomState = [0, 0, 0, 0];

/** The duel side `player` fights as, or null (a spectator, or a seat outside this duel). */
export function duelSeat(duel: BattleDuel, player: PlayerId): DuelSide | null {
  return duel.a.side === player ? "a" : duel.b.side === player ? "b" : null;
}

/**
 * The duel as `seat` (null: a spectator) may see it: the other hand and its discards emptied, the
 * undealt pack emptied, the duel's generator hidden (the deal could be worked back from it). The
 * hands' sizes stay known, in `hidden`.
 */
function duelSeen(duel: BattleDuel, seat: DuelSide | null): BattleDuel {
  const g = duel.game;
  const mine = (s: DuelSide) => s === seat;
  const game: ShieldwallDuelState = {
    rng: HIDDEN_RNG,
    fighters: g.fighters,
    options: g.options,
    wounds: g.wounds,
    hands: { a: mine("a") ? g.hands.a : [], b: mine("b") ? g.hands.b : [] },
    discarded: { a: g.discarded.a === null || mine("a") ? g.discarded.a : [], b: g.discarded.b === null || mine("b") ? g.discarded.b : [] },
    stock: [],
    advantage: g.advantage,
    pending: g.pending,
    openingDiceOff: g.openingDiceOff,
    exchanges: g.exchanges,
    outcome: g.outcome,
  };
  return { a: duel.a, b: duel.b, game, hidden: { hands: { a: g.hands.a.length, b: g.hands.b.length } } };
}

/**
 * The god pack as every seat sees it: the discards (cards drawn in the open) and the draw pile
 * only as its count, since its order would tell the next god card (ruling SW-9, C-3).
 */
function godPackSeen(state: BattleState): BattleState["god"] {
  const seen = (pack: GodPack): GodPack => ({ deck: { drawPile: [], discards: pack.deck.discards }, jokersDrawn: pack.jokersDrawn, hidden: { drawPile: pack.deck.drawPile.length } });
  // A draw keeps the pack it left behind: hidden the same way.
  const drawSeen = (d: GodDraw): GodDraw => ({ pack: seen(d.pack), card: d.card, jokerNumber: d.jokerNumber });
  const g = state.god;
  return { ...g, pack: seen(g.pack), draw: g.draw === null ? null : drawSeen(g.draw), standing: g.standing === null ? null : { ...g.standing, draw: drawSeen(g.standing.draw) } };
}

/**
 * The battle as `player` may see it ("red", "black", or any other id for a spectator). Hidden
 * from everyone: the battle's generator and the god pack's draw pile in order (future draws).
 * During a personal combat also: only his own fighter's hand and discards, and nothing of the
 * duel's pack or generator.
 */
export function battleView(state: BattleState, player: PlayerId): BattleState {
  const p = state.pending;
  const pending = p === null || p.kind !== "duel" ? p : { kind: "duel" as const, side: p.side, duel: duelSeen(p.duel, duelSeat(p.duel, player)) };
  return { ...state, rng: HIDDEN_RNG, god: godPackSeen(state), pending };
}

/**
 * A state consistent with what `player` knows (for search): the generator drawn afresh, the god
 * pack's draw pile reshuffled, and in a personal combat the other fighter's unseen cards dealt afresh.
 */
export function battleDeterminize(state: BattleState, player: PlayerId, rng: Random): BattleState {
  const pile = rng.shuffleInPlace([...state.god.pack.deck.drawPile]);
  const god = { ...state.god, pack: { deck: { drawPile: pile, discards: state.god.pack.deck.discards }, jokersDrawn: state.god.pack.jokersDrawn } };
  const fresh: BattleState = { ...state, rng: rng.split().state(), god };
  const p = state.pending;
  if (p === null || p.kind !== "duel") return fresh;
  const seat = duelSeat(p.duel, player);
  if (seat === null) return fresh;
  const duel: BattleDuel = { a: p.duel.a, b: p.duel.b, game: duelDeterminize(p.duel.game, seat, rng) };
  return { ...fresh, pending: { kind: "duel", side: p.side, duel } };
}

/** Events as a seat sees them: a fighter's hand ("duel-hand") only by his own side. */
export function battleViewEvent(event: GameEvent, player: PlayerId): GameEvent | null {
  return event.type === "duel-hand" && event.seat !== player ? null : event;
}
