/**
 * The default Contest of Champions duel (the shipped profiles and decks), so the game's options
 * have defaults without reading files: Hector against Achilles in base contact, the shipped ranged deck
 * and the provisional house melee deck.
 */
import meleeDeckJson from "../../../data/contest/melee-deck-house.json" with { type: "json" };
import profilesJson from "../../../data/contest/profiles.json" with { type: "json" };
import rangedDeckJson from "../../../data/contest/ranged-deck.json" with { type: "json" };
import { type Deck, parseDeck } from "./deck.js";
import { DEFAULT_OPTIONS, type DuelSetup } from "./exchange.js";
import { type Profile, profilesFileSchema } from "./profile.js";

function deck(json: unknown, what: string): Deck {
  const r = parseDeck(json);
  if (!r.deck) throw new Error(`the shipped ${what} deck is unsound: ${r.problems[0]}`);
  return r.deck;
}

/** A duel between two of the shipped profiles (by id) with the shipped decks. */
/** The shipped commander profiles (data/contest/profiles.json; a house rule, CC-3). */
export function shippedProfiles(): Profile[] {
  return profilesFileSchema.parse(profilesJson).profiles;
}

export function shippedDuelSetup(a = "hector", b = "achilles"): DuelSetup {
  const profiles = shippedProfiles();
  const profile = (id: string) => {
    const p = profiles.find((x) => x.id === id);
    if (!p) throw new RangeError(`no shipped profile "${id}" (known: ${profiles.map((x) => x.id).join(", ")})`);
    return p;
  };
  return {
    a: { profile: profile(a), assistants: 0 },
    b: { profile: profile(b), assistants: 0 },
    ranged: deck(rangedDeckJson, "ranged"),
    melee: deck(meleeDeckJson, "melee"),
    options: { ...DEFAULT_OPTIONS },
  };
}
