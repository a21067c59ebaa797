/**
 * The one function that builds what a connection may receive (issue 18, "Secrets"): every message
 * the server sends — snapshots, updates with their events, acknowledgements, errors — is made by
 * {@link messageFor} for one audience (a seat, or a spectator) from the authoritative state. Views
 * come from the game's `view` for that seat and events from `eventFor`; a spectator gets only what
 * every seat may see. Nothing else in the server writes to a socket.
 */
import { type BaseState, decidersOf, eventFor, type GameEvent, type GameResult, mayDecide, type PlayerId } from "../core/game.js";
import { canonicalJson } from "../core/hash.js";
import type { AnyGame } from "../core/records.js";
import { type ChatLine, type ErrorCode, type MatchGameId, PROTOCOL_VERSION, type RematchState, type ServerMessage } from "./protocol.js";

/** Who a message is for: a seat, or a spectator (`seat: null`). */
export interface Audience {
  seat: PlayerId | null;
}

export interface SeatInfo {
  seat: string;
  name: string;
  kind: "human" | "computer";
  /** The name the seat's player chose, if any. */
  player?: string;
}

/**
 * The rematch as the server knows it: who asked, and once agreed the new match with, per seat of
 * this match, its seat there and that seat's token. Each audience gets only its own (rematchFor).
 */
export interface RematchSecret {
  wants: PlayerId[];
  next: { matchId: string; seats: Record<PlayerId, { seat: PlayerId; token?: string }> } | null;
}

/** The rematch as `audience` may know it: a seat learns its own new seat and token, a spectator only the match. */
export function rematchFor(audience: Audience, r: RematchSecret): RematchState {
  if (r.next === null) return { wants: [...r.wants], next: null };
  const mine = audience.seat === null ? undefined : r.next.seats[audience.seat];
  return { wants: [...r.wants], next: { matchId: r.next.matchId, ...(mine ? { seat: mine.seat, ...(mine.token === undefined ? {} : { token: mine.token }) } : {}) } };
}

function playersOf(seats: SeatInfo[]): SeatInfo[] {
  return seats.map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, ...(s.player === undefined ? {} : { player: s.player }) }));
}

/** What the server wants to tell an audience, before the audience's filter. */
export type Outgoing =
  | { kind: "snapshot"; matchId: string; game: MatchGameId; seats: SeatInfo[]; version: number; state: BaseState; chat: readonly ChatLine[]; rematch: RematchSecret }
  | { kind: "table"; matchId: string; version: number; seats: SeatInfo[]; rematch: RematchSecret }
  | { kind: "chat"; matchId: string; version: number; line: ChatLine }
  | { kind: "update"; matchId: string; version: number; by: PlayerId; events: readonly GameEvent[]; state: BaseState }
  | { kind: "accepted"; matchId: string; version: number; requestId?: string }
  | { kind: "error"; version: number | null; code: ErrorCode; message: string; requestId?: string };

/** Marks what a spectator may not see: the seats' views differ there. */
export const HIDDEN = "hidden";

/**
 * A view without the random generator's state: with it a client could foresee every die and
 * shuffle (and so the other side's cards), whatever the game's view hides.
 */
function withoutRng(view: unknown): unknown {
  if (view === null || typeof view !== "object" || Array.isArray(view) || !("rng" in view)) return view;
  const { rng: _rng, ...rest } = view as Record<string, unknown>;
  return rest;
}

/**
 * What two views have in common: the top-level fields equal in both are kept, any other field is
 * replaced whole by {@link HIDDEN}. Never merged deeper: two hands that share a card at the same
 * place would otherwise tell a spectator that card.
 */
export function commonPart(a: unknown, b: unknown): unknown {
  if (a === b || canonicalJson(a) === canonicalJson(b)) return a;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) || Array.isArray(b)) return HIDDEN;
  const out: Record<string, unknown> = {};
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const key of Object.keys(ra)) out[key] = key in rb && canonicalJson(ra[key]) === canonicalJson(rb[key]) ? ra[key] : HIDDEN;
  for (const key of Object.keys(rb)) if (!(key in ra)) out[key] = HIDDEN;
  return out;
}

function seatView(game: AnyGame, state: BaseState, seat: PlayerId): unknown {
  return withoutRng(game.view(state, seat));
}

/**
 * The view of an audience: the seat's own; for a spectator the game's onlooker view where it has
 * one (a battle's personal combat as onlookers see it, ruling SW-24), else what every seat's view
 * shares.
 */
export function viewFor(game: AnyGame, state: BaseState, audience: Audience): unknown {
  if (audience.seat !== null) return seatView(game, state, audience.seat);
  if (game.onlookerView) return withoutRng(game.onlookerView(state));
  return game.players.map((p) => seatView(game, state, p)).reduce((acc, v) => commonPart(acc, v));
}

function eventsFor(game: AnyGame, events: readonly GameEvent[], state: BaseState, audience: Audience): GameEvent[] {
  const out: GameEvent[] = [];
  for (const e of events) {
    if (audience.seat !== null) {
      const seen = eventFor(game, e, audience.seat, state);
      if (seen) out.push(seen);
      continue;
    }
    // A spectator sees an event only as far as every seat sees it.
    const seen = game.players.map((p) => eventFor(game, e, p, state));
    if (seen.some((s) => s === null)) continue;
    out.push(seen.reduce<unknown>((acc, s) => commonPart(acc, s), seen[0]) as GameEvent);
  }
  return out;
}

function legalFor(game: AnyGame, state: BaseState, audience: Audience): { decision: unknown; text: string }[] {
  if (audience.seat === null || !mayDecide(game, state, audience.seat)) return [];
  return game.legalMoves(state, audience.seat).map((decision) => ({
    decision,
    text: game.describeMove ? game.describeMove(state, audience.seat!, decision) : canonicalJson(decision),
  }));
}

function resultOf(game: AnyGame, state: BaseState): GameResult | null {
  const r = game.result(state);
  return r === null ? null : { winner: r.winner, rewards: r.rewards, reason: r.reason, ...(r.code === undefined ? {} : { code: r.code }) };
}

/** The message `out` becomes for `audience`: the only way anything reaches a client. */
export function messageFor(game: AnyGame, audience: Audience, out: Outgoing): ServerMessage {
  switch (out.kind) {
    case "snapshot":
      return {
        type: "snapshot",
        protocol: PROTOCOL_VERSION,
        matchId: out.matchId,
        game: out.game,
        version: out.version,
        seat: audience.seat,
        players: playersOf(out.seats),
        chat: [...out.chat],
        rematch: rematchFor(audience, out.rematch),
        view: viewFor(game, out.state, audience),
        toMove: game.toMove(out.state),
        deciding: decidersOf(game, out.state),
        legal: legalFor(game, out.state, audience),
        result: resultOf(game, out.state),
      };
    case "update":
      return {
        type: "update",
        matchId: out.matchId,
        version: out.version,
        by: out.by,
        events: eventsFor(game, out.events, out.state, audience),
        view: viewFor(game, out.state, audience),
        toMove: game.toMove(out.state),
        deciding: decidersOf(game, out.state),
        legal: legalFor(game, out.state, audience),
        result: resultOf(game, out.state),
      };
    case "table":
      return { type: "table", matchId: out.matchId, version: out.version, players: playersOf(out.seats), rematch: rematchFor(audience, out.rematch) };
    case "chat":
      // Chat is public at the table: every seat and spectator gets the same line.
      return { type: "chat", matchId: out.matchId, version: out.version, line: { ...out.line } };
    case "accepted":
      return { type: "accepted", matchId: out.matchId, version: out.version, ...(out.requestId === undefined ? {} : { requestId: out.requestId }) };
    case "error":
      return { type: "error", version: out.version, code: out.code, message: out.message, ...(out.requestId === undefined ? {} : { requestId: out.requestId }) };
  }
}
