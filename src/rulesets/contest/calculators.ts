/**
 * The Contest of Champions odds calculators as data (`cc-test`, `cc-exchange`), shared by the
 * command line and the web app: input schemas, examples and the structured JSON results. The
 * duel position format (`duel advise`, `cc-exchange`) is here too; the command line resolves the
 * files a position may name, the web only the shipped profiles and decks.
 */
import { z } from "zod";
import { CalculatorInputError, type CalculatorSpec } from "../../core/calculator.js";
import type { Fraction } from "../../core/fraction.js";
import { shippedDuelSetup, shippedProfiles } from "./defaults.js";
import { DEFAULT_OPTIONS, type DuelOptions, type DuelSetup, type Position, checkCards, deckAt } from "./exchange.js";
import { DEFAULT_EXCHANGE_LIMIT } from "./game.js";
import { type CcTestInput, ccTestSchema, exchangeOdds, testOdds } from "./odds.js";
import { type Profile, profileSchema } from "./profile.js";

const combatantSchema = z.strictObject({
  profile: z.union([z.string(), profileSchema]),
  might: z.number().int("might must be a whole number").min(1, "might must be at least 1").optional(),
  assistants: z.number().int("assistants must be a whole number").min(0, "assistants must be 0 or more").max(6, "assistants must be at most 6").default(0),
});

/** A duel position file for `duel advise` and `odds cc-exchange` (docs/contest.md). */
export const positionSchema = z.strictObject({
  a: combatantSchema,
  b: combatantSchema,
  distance: z.number().int("distance must be a whole number of inches").min(0, "distance must be 0 (base contact) or more"),
  /** Exchanges left before an undecided duel is a draw (house rule, default 200). */
  exchangesLeft: z.number().int("exchangesLeft must be a whole number").min(1, "exchangesLeft must be at least 1").max(1000, "exchangesLeft must be at most 1000").optional(),
  profilesFile: z.string().optional(),
  rangedDeck: z.string().optional(),
  meleeDeck: z.string().optional(),
  options: z
    .strictObject({
      maxDistance: z.number().int().min(1, "maxDistance must be at least 1").max(48, "maxDistance must be at most 48").optional(),
      capRegainAtStart: z.boolean().optional(),
    })
    .optional(),
});

export type PositionFile = z.output<typeof positionSchema>;

export const ccExchangeSchema = positionSchema.extend({
  cards: z.strictObject({ a: z.string().min(1, "cards.a must name a card"), b: z.string().min(1, "cards.b must name a card") }),
});
export type CcExchangeInput = z.output<typeof ccExchangeSchema>;

export interface LoadedDuel {
  setup: DuelSetup;
  position: Position;
  exchangesLeft: number;
}

/**
 * The setup and position of a validated position with the profiles and decks already resolved
 * (shipped or read by the program). Refusals name the field.
 */
export function duelFromPosition(f: PositionFile, pa: Profile, pb: Profile, decks: Pick<DuelSetup, "ranged" | "melee">): LoadedDuel {
  const options: DuelOptions = { ...DEFAULT_OPTIONS, ...(f.options ?? {}) };
  const setup: DuelSetup = { a: { profile: pa, assistants: f.a.assistants }, b: { profile: pb, assistants: f.b.assistants }, ranged: decks.ranged, melee: decks.melee, options };
  const ceiling = (p: Profile) => (options.capRegainAtStart ? p.might : 2 * p.might);
  for (const [s, p] of [["a", pa], ["b", pb]] as const) {
    const m = f[s].might;
    if (m !== undefined && m > ceiling(p)) throw new CalculatorInputError(`${s}.might`, `${m} is above ${p.name}'s ceiling of ${ceiling(p)}`, "CC-3");
  }
  if (f.distance > options.maxDistance) throw new CalculatorInputError("distance", `${f.distance}" is beyond the house maximum duel distance of ${options.maxDistance}" (options.maxDistance)`);
  const position: Position = { mightA: f.a.might ?? pa.might, mightB: f.b.might ?? pb.might, distance: f.distance };
  return { setup, position, exchangesLeft: f.exchangesLeft ?? DEFAULT_EXCHANGE_LIMIT };
}

/** A position with the shipped profiles and decks only (a program that reads no files: the web). */
export function shippedDuelFromPosition(f: PositionFile): LoadedDuel {
  for (const field of ["profilesFile", "rangedDeck", "meleeDeck"] as const) {
    if (f[field] !== undefined) throw new CalculatorInputError(field, "files cannot be read here: only the shipped profiles and decks are available");
  }
  const profiles = shippedProfiles();
  const profile = (ref: string | Profile, field: string): Profile => {
    if (typeof ref !== "string") return ref;
    const p = profiles.find((x) => x.id === ref);
    if (!p) throw new CalculatorInputError(field, `no profile "${ref}" (known: ${profiles.map((x) => x.id).join(", ")})`, "CC-3");
    return p;
  };
  const shipped = shippedDuelSetup();
  return duelFromPosition(f, profile(f.a.profile, "a.profile"), profile(f.b.profile, "b.profile"), shipped);
}

/** The cc-test calculator's JSON result. */
export function ccTestJson(input: CcTestInput) {
  const odds = testOdds(input);
  if (odds.test === "versus") {
    const pass = odds.pass;
    return {
      test: "versus" as const,
      attackerDice: input.dice,
      defenderDice: input.defenderDice,
      pass: pass.toJSON(),
      fail: pass.complement().toJSON(),
      outcomes: odds.dist.outcomes().map((o) => ({ result: o.value < 0 ? "fail" : "pass", degrees: o.value < 0 ? null : o.value, p: o.p.toJSON() })),
    };
  }
  if (odds.test === "standard") {
    const d = odds.dist;
    return { test: "standard" as const, dice: input.dice, mean: d.mean().toJSON(), outcomes: d.outcomes().map((o) => ({ successes: o.value, p: o.p.toJSON(), atLeast: d.atLeast(o.value).toJSON() })) };
  }
  const { cutoff, rows, tail, total, mean } = odds;
  return {
    test: "open-ended" as const,
    dice: input.dice,
    cutoff,
    mean: { ...mean.toJSON(), note: "exact: 3/5 per die (1/2 per throw, 6/5 throws per die)" },
    outcomes: rows.map((o) => ({ successes: o.value, p: o.p.toJSON() })),
    tail: { successesMoreThan: cutoff, p: tail.toJSON() },
    sum: total.toJSON(),
  };
}

/** The cc-exchange calculator's JSON result for a resolved duel; refused cards name the field `cards`. */
export function ccExchangeJson(setup: DuelSetup, position: Position, cards: { a: string; b: string }) {
  let odds: ReturnType<typeof exchangeOdds>;
  try {
    checkCards(setup, position, cards.a, cards.b);
    odds = exchangeOdds(setup, position, cards.a, cards.b);
  } catch (err) {
    throw new CalculatorInputError("cards", (err as Error).message);
  }
  const deck = deckAt(setup, position);
  const j = (f: Fraction) => f.toJSON();
  return {
    position,
    deck: { name: deck.name, house: deck.house },
    cards,
    outcomes: odds.dist.outcomes().map((o) => ({ mightA: o.value.mightA, mightB: o.value.mightB, distance: o.value.distance, mightChangeA: o.value.mightA - position.mightA, mightChangeB: o.value.mightB - position.mightB, p: o.p.toJSON() })),
    mightChangeA: odds.mightChangeA.toJSON(),
    mightChangeB: odds.mightChangeB.toJSON(),
    distanceAfter: odds.distanceAfter.toJSON(),
    aRemoved: j(odds.aRemoved),
    bRemoved: j(odds.bRemoved),
    bothRemoved: j(odds.bothRemoved),
    meleeBegins: j(odds.meleeBegins),
    houseRules: { profiles: "house rule (CC-3)", meleeDeck: setup.melee.house, maxDistance: setup.options.maxDistance, capRegainAtStart: setup.options.capRegainAtStart },
  };
}

export const ccTestCalculator: CalculatorSpec<CcTestInput> = {
  name: "cc-test",
  summary: "Contest of Champions: exact successes of a standard or open-ended test, degrees of a versus test",
  docs: "docs/contest.md#cc-test",
  schema: ccTestSchema,
  rule: "CC-1",
  example: { test: "open-ended", dice: 3, cutoff: 10 },
  method: "exact",
  result: ccTestJson,
};

export const ccExchangeCalculator: CalculatorSpec<CcExchangeInput> = {
  name: "cc-exchange",
  summary: "Contest of Champions: exact result of one exchange (Might changes, movement) for two cards",
  docs: "docs/contest.md#cc-exchange",
  schema: ccExchangeSchema,
  rule: "CC-3",
  example: { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6, cards: { a: "shoot", b: "evade" } },
  method: "exact",
  result(input) {
    const { setup, position } = shippedDuelFromPosition(input);
    return ccExchangeJson(setup, position, input.cards);
  },
};

export const CONTEST_CALCULATORS = [ccTestCalculator, ccExchangeCalculator] as const;
