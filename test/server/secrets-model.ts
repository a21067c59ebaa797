/**
 * Issue 24, "One secrets model per game", as the tests state it: what each game hides from a seat,
 * written here independently of the games' `view`, so a view that carries a secret is caught.
 * - every game: the random generator (it foretells every die and shuffle);
 * - the battle: the god pack's draw pile in order (its last card is the next god card, SW-9), and
 *   in a personal combat the other fighter's hand and discards and the undealt pack (SW-24);
 * - the Shieldwall duel: the other hand and discards, the undealt pack;
 * - the Contest: the face-down card of whichever commander chose first, from the other until both
 *   are revealed (CC-5).
 * {@link indistinguishableFor} builds, for each state and seat, a twin differing only there and
 * checks that the seat gets byte-identical messages (snapshot: view, legal decisions, result),
 * refusals, and updates for decisions that draw nothing.
 */
import { type BaseState, decidersOf, type GameEvent, type PlayerId } from "../../src/core/game.js";
import { canonicalJson } from "../../src/core/hash.js";
import { Random } from "../../src/core/random.js";
import type { AnyGame } from "../../src/core/records.js";
import { messageFor } from "../../src/server/seat-output.js";

type Any = Record<string, unknown>;

interface DuelLike {
  rng: unknown;
  hands: Record<string, unknown[]>;
  discarded: Record<string, unknown[] | null>;
  stock: unknown[];
}
interface BattleLike {
  rng: unknown;
  god: { pack: { deck: { drawPile: unknown[]; discards: unknown[] } } };
  pending: { kind: string; duel?: { a: { side: string }; b: { side: string }; game: DuelLike } } | null;
}

/** The other duel side's secrets: hand, discards, the undealt pack, the duel's generator. */
function duelSecrets(duel: DuelLike, mine: string | null, into: Set<string>): void {
  into.add(canonicalJson(duel.rng));
  if (duel.stock.length >= 2) into.add(canonicalJson(duel.stock));
  for (const side of Object.keys(duel.hands)) {
    if (side === mine) continue;
    if (duel.hands[side].length >= 2) into.add(canonicalJson(duel.hands[side]));
    const d = duel.discarded[side];
    if (d && d.length >= 2) into.add(canonicalJson(d));
  }
}

/** The parts (canonical JSON) a seat may not see at `state`. */
export function declaredSecrets(gameId: string, state: BaseState, seat: PlayerId): Set<string> {
  const out = new Set<string>([canonicalJson(state.rng)]);
  if (gameId === "shieldwall-battle") {
    const b = state as unknown as BattleLike;
    const pile = b.god.pack.deck.drawPile;
    // The pile in order, and its top two (the next god cards).
    if (pile.length >= 2) out.add(canonicalJson(pile)).add(canonicalJson(pile.slice(-2)));
    const duel = b.pending?.kind === "duel" ? b.pending.duel : undefined;
    if (duel) duelSecrets(duel.game, duel.a.side === seat ? "a" : duel.b.side === seat ? "b" : null, out);
  }
  if (gameId === "shieldwall-duel") duelSecrets(state as unknown as DuelLike, seat, out);
  return out;
}

/** A twin of `state` differing only in what `seat` may not know (see the file comment). */
export function twinFor(gameId: string, game: AnyGame, state: BaseState, seat: PlayerId, rng: Random): BaseState {
  let twin = game.determinize ? game.determinize(state, seat, rng) : state;
  twin = { ...twin, rng: Random.fromSeed(rng.int(0, 2 ** 30), 24).state() };
  if (gameId === "shieldwall-battle") {
    const b = twin as unknown as BattleLike;
    const deck = b.god.pack.deck;
    let pile = rng.shuffleInPlace([...deck.drawPile]);
    // A pile whose order could not change (all the same) keeps it; otherwise its order must differ.
    for (let i = 0; i < 5 && canonicalJson(pile) === canonicalJson(deck.drawPile); i++) pile = rng.shuffleInPlace(pile);
    twin = { ...twin, god: { ...b.god, pack: { ...b.god.pack, deck: { drawPile: pile, discards: deck.discards } } } } as BaseState;
  }
  if (gameId === "contest-of-champions") {
    // The other commander's face-down card (A's is `pending`, B's `pendingB` when B chose first).
    const [field, other, none] = seat === "B" ? (["pending", "A", null] as const) : (["pendingB", "B", undefined] as const);
    const committed = (twin as unknown as Any)[field] as string | null | undefined;
    if (committed !== null && committed !== undefined) {
      const uncommitted = { ...twin, [field]: none } as BaseState;
      if (none === undefined) delete (uncommitted as unknown as Any)[field];
      const others = game.legalMoves(uncommitted, other).map((m) => (m as { card: string }).card).filter((c) => c !== committed);
      if (others.length > 0) twin = { ...twin, [field]: rng.pick(others) } as BaseState;
    }
  }
  return twin;
}

/** Whether applying a decision drew anything hidden (dice, a shuffle, a card): its events may then reveal it. */
function drewNothing(before: BaseState, after: BaseState): boolean {
  if (canonicalJson(before.rng) !== canonicalJson(after.rng)) return false;
  const pile = (s: BaseState) => (s as unknown as Partial<BattleLike>).god?.pack.deck.drawPile.length;
  return pile(before) === pile(after);
}

/**
 * For states of a played match (every `step`-th) and each seat: the state and its twin give the
 * seat identical snapshots, identical refusals (every decision legal in either, and junk), and
 * identical updates for the other seat's decisions that draw nothing.
 */
export function indistinguishableFor(gameId: string, game: AnyGame, states: readonly BaseState[], seed: number, step = gameId === "shieldwall-battle" ? 3 : 1): { problems: string[]; compared: number } {
  const rng = Random.fromSeed(seed, 24);
  const problems: string[] = [];
  let compared = 0;
  const snapshot = (s: BaseState, seat: PlayerId, version: number) => canonicalJson(messageFor(game, { seat }, { kind: "snapshot", matchId: "m", game: gameId as never, seats: [], version, state: s, chat: [], rematch: { wants: [], next: null } }));
  const update = (s: BaseState, events: GameEvent[], seat: PlayerId, by: PlayerId, version: number) => canonicalJson(messageFor(game, { seat }, { kind: "update", matchId: "m", version, by, events, state: s }));
  for (let v = 0; v < states.length; v += step) {
    const state = states[v];
    for (const seat of game.players) {
      const twin = twinFor(gameId, game, state, seat, rng);
      if (canonicalJson(twin) === canonicalJson(state)) continue;
      compared++;
      const where = `${seat} at version ${v}`;
      if (snapshot(state, seat, v) !== snapshot(twin, seat, v)) problems.push(`${where}: the snapshot differs from its twin's`);
      // Every seat that may decide (both, where seats choose at once), and the seat itself even when it may not.
      for (const decider of new Set([...decidersOf(game, state), seat])) {
        if (game.toMove(state) === null) break;
        const candidates = [...game.legalMoves(state, decider), ...game.legalMoves(twin, decider), { junk: true }];
        const seen = new Set<string>();
        for (const move of candidates) {
          const key = canonicalJson(move);
          if (seen.has(key) || seen.size >= 40) continue;
          seen.add(key);
          // The seat's own refusals, and (for the other seat's decisions) what it is told of them.
          if (decider === seat) {
            if (game.validate(state, seat, move) !== game.validate(twin, seat, move)) problems.push(`${where}: ${key} is refused differently in the twin`);
            continue;
          }
          if (game.validate(state, decider, move) !== null || game.validate(twin, decider, move) !== null) continue;
          const a = game.apply(state, decider, move);
          const b = game.apply(twin, decider, move);
          if (!drewNothing(state, a.state) || !drewNothing(twin, b.state)) continue;
          if (update(a.state, a.events, seat, decider, v + 1) !== update(b.state, b.events, seat, decider, v + 1)) problems.push(`${where}: ${decider}'s ${key} is told differently in the twin`);
        }
      }
    }
  }
  return { problems, compared };
}
