/**
 * "My matches": the seats this browser holds, kept in localStorage so a player can leave a match
 * and resume it later from the same browser. A seat token is a secret: it stays in this browser's
 * storage and in the address fragment, which browsers never send to the server.
 */

export interface MyMatch {
  matchId: string;
  /** The seat token (absent for a watched match). */
  token?: string;
  /** The seat (player id), once known. */
  seat?: string;
  game: string;
  /** A short title (game and seat name). */
  title: string;
  /** The last match version seen. */
  version: number;
  /** Milliseconds since 1970 of the last visit. */
  seenAt: number;
}

/** The part of Storage used (localStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = "muster.online.matches";
/** At most this many matches are remembered (the least recently visited go first). */
export const MY_MATCHES_LIMIT = 50;

const ID = /^[A-Za-z0-9_-]{8,64}$/;

function valid(m: unknown): m is MyMatch {
  if (typeof m !== "object" || m === null) return false;
  const r = m as Record<string, unknown>;
  return typeof r.matchId === "string" && ID.test(r.matchId) && (r.token === undefined || (typeof r.token === "string" && ID.test(r.token))) && typeof r.game === "string" && typeof r.title === "string" && Number.isInteger(r.version) && typeof r.seenAt === "number";
}

export function loadMyMatches(store: KeyValueStore): MyMatch[] {
  try {
    const data = JSON.parse(store.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(data) ? data.filter(valid).sort((a, b) => b.seenAt - a.seenAt) : [];
  } catch {
    return [];
  }
}

/** Adds or refreshes a match (same match and token); the list stays most recent first. */
export function rememberMatch(store: KeyValueStore, m: MyMatch): MyMatch[] {
  const others = loadMyMatches(store).filter((x) => !(x.matchId === m.matchId && x.token === m.token));
  const list = [m, ...others].slice(0, MY_MATCHES_LIMIT);
  try {
    store.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private mode): the match still plays, it is only not remembered.
  }
  return list;
}

export function forgetMatch(store: KeyValueStore, matchId: string, token: string | undefined): MyMatch[] {
  const list = loadMyMatches(store).filter((x) => !(x.matchId === matchId && x.token === token));
  try {
    store.setItem(KEY, JSON.stringify(list));
  } catch {
    // as above
  }
  return list;
}

/** The address of a seat (or, without a token, the spectators' view): everything in the fragment. */
export function playHash(matchId: string, token?: string): string {
  return `#/play?match=${encodeURIComponent(matchId)}${token ? `&seat=${encodeURIComponent(token)}` : ""}`;
}

/**
 * The match and seat token a page address names: the app's own `#/play?match=ID&seat=TOKEN`, or
 * the server's link form `/play/?match=ID#seat=TOKEN`.
 */
export function parsePlayAddress(search: string, hashQuery: URLSearchParams, hash: string): { matchId: string; token?: string } | null {
  const matchId = hashQuery.get("match") ?? new URLSearchParams(search).get("match");
  if (!matchId || !ID.test(matchId)) return null;
  const token = hashQuery.get("seat") ?? /[#&]seat=([A-Za-z0-9_-]+)/.exec(hash)?.[1] ?? undefined;
  return token && ID.test(token) ? { matchId, token } : { matchId };
}
