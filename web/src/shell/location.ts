/**
 * The hash router's address handling (`#/battle`, `#/odds/sw-charge?...`). The part of the hash
 * after `?` is the page's own query (a calculator's inputs), kept in the address so a result can
 * be shared as a link. Pages import this file; the page list (pages.ts) imports the pages.
 */
import { signal } from "@preact/signals";

export interface PageProps {
  /** The path after the page's id (`#/odds/sw-charge` gives "sw-charge"), "" when none. */
  rest: string;
  /** The query after `?` in the hash. */
  query: URLSearchParams;
}

export interface Location extends PageProps {
  /** The page's id: the first part of the path ("" for the home page). */
  id: string;
}

/** The location a hash names. */
export function parseHash(hash: string): Location {
  const body = hash.replace(/^#\/?/, "");
  const q = body.indexOf("?");
  const path = q < 0 ? body : body.slice(0, q);
  const query = new URLSearchParams(q < 0 ? "" : body.slice(q + 1));
  const [id = "", ...rest] = path.split("/");
  return { id, rest: rest.join("/"), query };
}

/** The hash for a page, its rest and its query. */
export function hashFor(id: string, rest = "", query?: URLSearchParams | Record<string, string>): string {
  const q = query ? new URLSearchParams(query as Record<string, string>).toString() : "";
  return `#/${id}${rest ? `/${rest}` : ""}${q ? `?${q}` : ""}`;
}

export const here = signal<Location>(parseHash(typeof location === "undefined" ? "" : location.hash));

/** What the page on show would lose by leaving (its question to the player), or null. */
let leaveGuard: (() => string | null) | null = null;

/**
 * A page with unsaved work registers what to ask before it is left (null when nothing would be
 * lost); it unregisters with null. Leaving for another page asks first, and so does closing or
 * reloading the tab (the browser's own question).
 */
export function guardLeaving(guard: (() => string | null) | null): void {
  leaveGuard = guard;
}

if (typeof window !== "undefined") {
  window.addEventListener("hashchange", () => {
    const next = parseHash(location.hash);
    const now = here.value;
    const leaving = next.id !== now.id || next.rest !== now.rest;
    const question = leaving ? leaveGuard?.() : null;
    if (question && !window.confirm(question)) {
      // Stay: the address goes back to the page still on show (its query as replaceQuery last set it), without another hashchange.
      history.replaceState(null, "", hashFor(now.id, now.rest, now.query));
      return;
    }
    here.value = next;
  });
  window.addEventListener("beforeunload", (e) => {
    if (leaveGuard?.()) e.preventDefault();
  });
}

/** Go to a page (adds a history entry). */
export function navigate(hash: string): void {
  if (location.hash !== hash) location.hash = hash;
}

/** Change the current page's query without a history entry (a calculator's inputs as they change). */
export function replaceQuery(query: URLSearchParams | Record<string, string>): void {
  const h = here.value;
  const hash = hashFor(h.id, h.rest, query);
  history.replaceState(null, "", hash);
  here.value = parseHash(hash);
}
