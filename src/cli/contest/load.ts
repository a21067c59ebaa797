/** Loading Contest of Champions data files (decks, profiles, duel positions) with clear errors. */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Deck, parseDeck } from "../../rulesets/contest/deck.js";
import { DEFAULT_OPTIONS, type DuelOptions, type DuelSetup, type Position, duelStart } from "../../rulesets/contest/exchange.js";
import { DEFAULT_EXCHANGE_LIMIT } from "../../rulesets/contest/game.js";
import { type LoadedDuel, type PositionFile, positionSchema } from "../../rulesets/contest/calculators.js";
import { type Profile, profilesFileSchema } from "../../rulesets/contest/profile.js";
import { InputError } from "../errors.js";
import { parseJson, readJsonInput, readText, validate } from "../input.js";

/** The shipped data folder, found from the source tree (tests) or the build (dist/). */
export function dataDir(): string {
  let dir = new URL(".", import.meta.url);
  for (let i = 0; i < 6; i++) {
    const candidate = new URL("data/contest/", dir);
    if (existsSync(fileURLToPath(candidate))) return fileURLToPath(candidate);
    dir = new URL("..", dir);
  }
  throw new InputError("cannot find the shipped data folder data/contest/");
}

export const RANGED_DECK_FILE = "ranged-deck.json";
export const MELEE_DECK_FILE = "melee-deck-house.json";
export const PROFILES_FILE = "profiles.json";

/** Reads and checks a deck file (CC-2 / CC-4); every problem named with its field. */
export function loadDeck(source: string, expectKind?: "ranged" | "melee"): Deck {
  const label = source === "-" ? "standard input" : source;
  const data = parseJson(readText(source), label);
  const res = parseDeck(data);
  if (!res.deck) {
    throw new InputError(`${label}: ${res.problems.join("; ")}`);
  }
  if (expectKind && res.deck.kind !== expectKind) throw new InputError(`${label}: field kind: expected a ${expectKind} deck, got a ${res.deck.kind} deck (rule ${expectKind === "ranged" ? "CC-2" : "CC-4"})`);
  return res.deck;
}

/** All problems of a deck file, for `duel deck check` (empty when sound). */
export function deckFileProblems(source: string): { deck: Deck | null; problems: string[] } {
  const label = source === "-" ? "standard input" : source;
  const res = parseDeck(parseJson(readText(source), label));
  return { deck: res.deck, problems: res.problems };
}

export function defaultRangedDeck(): Deck {
  return loadDeck(dataDir() + RANGED_DECK_FILE, "ranged");
}

export function defaultMeleeDeck(): Deck {
  return loadDeck(dataDir() + MELEE_DECK_FILE, "melee");
}

export function loadProfiles(source?: string): Profile[] {
  const file = source ?? dataDir() + PROFILES_FILE;
  return readJsonInput(file, profilesFileSchema, "CC-3").profiles;
}

export { positionSchema, type PositionFile, type LoadedDuel };

function resolveProfile(ref: string | Profile, profiles: () => Profile[], field: string): Profile {
  if (typeof ref !== "string") return ref;
  const p = profiles().find((x) => x.id === ref);
  if (!p) throw new InputError(`field ${field}: no profile "${ref}" (known: ${profiles().map((x) => x.id).join(", ")}) (rule CC-3)`);
  return p;
}

/**
 * Builds the setup and position from a validated position file. The files it names (decks,
 * profiles) are read relative to `base`, the position file's folder (the current folder for
 * standard input or the command line); a problem in one names the position file and the field.
 */
export function duelFromFile(f: PositionFile, label: string, base = process.cwd()): LoadedDuel {
  const named = <T>(field: string, path: string, load: (p: string) => T): T => {
    const full = resolve(base, path);
    try {
      return load(full);
    } catch (err) {
      if (err instanceof InputError) throw new InputError(`${label}: field ${field} ("${path}", read as ${full}): ${err.message}`, field);
      throw err;
    }
  };
  let cache: Profile[] | null = null;
  const profiles = () => (cache ??= f.profilesFile === undefined ? loadProfiles() : named("profilesFile", f.profilesFile, loadProfiles));
  const pa = resolveProfile(f.a.profile, profiles, "a.profile");
  const pb = resolveProfile(f.b.profile, profiles, "b.profile");
  const options: DuelOptions = { ...DEFAULT_OPTIONS, ...(f.options ?? {}) };
  const setup: DuelSetup = {
    a: { profile: pa, assistants: f.a.assistants },
    b: { profile: pb, assistants: f.b.assistants },
    ranged: f.rangedDeck ? named("rangedDeck", f.rangedDeck, (p) => loadDeck(p, "ranged")) : defaultRangedDeck(),
    melee: f.meleeDeck ? named("meleeDeck", f.meleeDeck, (p) => loadDeck(p, "melee")) : defaultMeleeDeck(),
    options,
  };
  const ceiling = (p: Profile) => (options.capRegainAtStart ? p.might : 2 * p.might);
  for (const [s, p] of [["a", pa], ["b", pb]] as const) {
    const m = f[s].might;
    if (m !== undefined && m > ceiling(p)) throw new InputError(`${label}: field ${s}.might: ${m} is above ${p.name}'s ceiling of ${ceiling(p)} (rule CC-3)`);
  }
  if (f.distance > options.maxDistance) throw new InputError(`${label}: field distance: ${f.distance}" is beyond the house maximum duel distance of ${options.maxDistance}" (options.maxDistance)`);
  const position: Position = { mightA: f.a.might ?? pa.might, mightB: f.b.might ?? pb.might, distance: f.distance };
  return { setup, position, exchangesLeft: f.exchangesLeft ?? DEFAULT_EXCHANGE_LIMIT };
}

/** Reads a duel position file (or "-"). */
export function loadPosition(source: string): LoadedDuel {
  const label = source === "-" ? "standard input" : source;
  const f = readJsonInput(source, positionSchema, "CC-3");
  return duelFromFile(f, label, source === "-" ? process.cwd() : dirname(resolve(source)));
}

/** Checks that a duel can start at this distance (seed "The duel"). */
export function requireDuel(setup: DuelSetup, distance: number, field: string): "melee" | "ranged" {
  const kind = duelStart(setup.a.profile, setup.b.profile, distance);
  if (!kind) throw new InputError(`field ${field}: no duel starts at ${distance}": not in base contact and beyond every ranged weapon's range (seed, The Duel)`);
  return kind;
}

export { validate };
