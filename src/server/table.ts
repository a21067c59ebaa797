/**
 * What a match's table says besides the game (issue 25, "Online page"): the names the seats'
 * players chose, the chat, and the rematch. Held in memory with the live match (a released or
 * restarted match starts with an empty chat; the page sends its name again with every hello).
 */
import type { PlayerId } from "../core/game.js";
import { CHAT_KEEP, type ChatLine } from "./protocol.js";
import type { RematchSecret } from "./seat-output.js";

export interface MatchTable {
  /** Per seat, the name its player chose. */
  names: Record<PlayerId, string>;
  /** The last {@link CHAT_KEEP} lines, oldest first. */
  chat: ChatLine[];
  rematch: RematchSecret;
}

export function emptyTable(): MatchTable {
  return { names: {}, chat: [], rematch: { wants: [], next: null } };
}

export function addChatLine(table: MatchTable, line: ChatLine): void {
  table.chat.push(line);
  if (table.chat.length > CHAT_KEEP) table.chat.splice(0, table.chat.length - CHAT_KEEP);
}

/**
 * Where each seat sits in the rematch: the sides swap (each player takes the other side, as in a
 * return match at a club; with more seats, each moves one seat on).
 */
export function rematchSeats(players: readonly PlayerId[]): Record<PlayerId, PlayerId> {
  return Object.fromEntries(players.map((p, i) => [p, players[(i + 1) % players.length]]));
}

/** Whether every person's seat has asked for the rematch (computer seats always agree). */
export function allAgree(humanSeats: readonly PlayerId[], wants: readonly PlayerId[]): boolean {
  return humanSeats.every((s) => wants.includes(s));
}
