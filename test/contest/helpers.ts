/** Shared fixtures for the Contest of Champions tests: the shipped decks and profiles. */
import { readFileSync } from "node:fs";
import { type Deck, type DeckFile, parseDeck } from "../../src/rulesets/contest/deck.js";
import { DEFAULT_OPTIONS, type DuelOptions, type DuelSetup } from "../../src/rulesets/contest/exchange.js";
import type { Profile } from "../../src/rulesets/contest/profile.js";

export const RANGED_PATH = "data/contest/ranged-deck.json";
export const MELEE_PATH = "data/contest/melee-deck-house.json";
export const PROFILES_PATH = "data/contest/profiles.json";

export function rawDeck(path: string): DeckFile {
  return JSON.parse(readFileSync(path, "utf8")) as DeckFile;
}

export function deck(path: string): Deck {
  const r = parseDeck(rawDeck(path));
  if (!r.deck) throw new Error(r.problems.join("\n"));
  return r.deck;
}

export function profiles(): Profile[] {
  return (JSON.parse(readFileSync(PROFILES_PATH, "utf8")) as { profiles: Profile[] }).profiles.map((p) => ({ ...p, weapon: p.weapon ?? null }));
}

export function profile(id: string): Profile {
  const p = profiles().find((x) => x.id === id);
  if (!p) throw new Error(`no profile ${id}`);
  return p;
}

export function makeSetup(a: Profile | string, b: Profile | string, extra: Partial<{ assistA: number; assistB: number; options: Partial<DuelOptions> }> = {}): DuelSetup {
  return {
    a: { profile: typeof a === "string" ? profile(a) : a, assistants: extra.assistA ?? 0 },
    b: { profile: typeof b === "string" ? profile(b) : b, assistants: extra.assistB ?? 0 },
    ranged: deck(RANGED_PATH),
    melee: deck(MELEE_PATH),
    options: { ...DEFAULT_OPTIONS, ...(extra.options ?? {}) },
  };
}
