/**
 * Action decks (rulings CC-2, CC-4, CC-5). The ranged deck is the seed's 4 × 4 table: each block
 * lists what happens when *that* card meets each card of the opponent, read from the holder's
 * side ("self") against the opponent. A deck file encodes every block as data, and
 * {@link checkDeck} proves that every pair of cards is defined and that both readings of every
 * pair agree. The melee deck (CC-4, *house*) and a user's own deck use the same format.
 */
import { z } from "zod";
import { freeText, nameText } from "../../core/input-limits.js";
import type { Stat } from "./profile.js";

export type Who = "self" | "opponent";
export type HolderTest = "none" | "standard" | "open-ended" | "versus-attack" | "versus-defend";
export type Amount = "successes:self" | "successes:opponent" | "degrees:self" | "degrees:opponent" | "one-move" | number;
export type EffectKind = "lose-might" | "regain-might" | "move-toward" | "move-away";

const amountSchema = z.union([
  z.enum(["successes:self", "successes:opponent", "degrees:self", "degrees:opponent", "one-move"], {
    error: 'by must be "successes:self", "successes:opponent", "degrees:self", "degrees:opponent", "one-move" or a whole number',
  }),
  z.number().int("a fixed amount must be a whole number").min(0, "a fixed amount must be 0 or more").max(48, "a fixed amount must be at most 48"),
]);

export const effectSchema = z.strictObject({
  do: z.enum(["lose-might", "regain-might", "move-toward", "move-away"], { error: "do must be lose-might, regain-might, move-toward or move-away" }),
  who: z.enum(["self", "opponent"], { error: 'who must be "self" or "opponent"' }),
  by: amountSchema,
  /** Not printed in this block, but stated by the other card's block. */
  implied: z.boolean().optional(),
});

export const readingSchema = z.strictObject({
  test: z.enum(["none", "standard", "open-ended", "versus-attack", "versus-defend"], {
    error: "test must be none, standard, open-ended, versus-attack or versus-defend",
  }),
  printed: freeText(),
  effects: z.array(effectSchema),
  note: freeText().optional(),
});

export const cardSchema = z.strictObject({
  id: nameText().regex(/^[a-z][a-z0-9-]*$/, "card id must be lower-case letters, digits and hyphens"),
  name: nameText().min(1, "card name must not be empty"),
  stat: z.enum(["shooting", "agility", "fighting"], { error: "stat must be shooting, agility or fighting" }).nullable(),
  /** Shoot: only with a ranged weapon and the target in range (seed "Ranged contests"). */
  needsRange: z.boolean().optional(),
  summary: freeText().optional(),
});

export const deckSchema = z.strictObject({
  name: nameText().min(1),
  kind: z.enum(["ranged", "melee"], { error: 'kind must be "ranged" or "melee"' }),
  house: z.boolean(),
  source: freeText().optional(),
  note: freeText().optional(),
  cards: z.array(cardSchema).min(1, "a deck needs at least one card").max(8, "a deck has at most 8 cards"),
  readings: z.record(nameText(), z.record(nameText(), readingSchema)),
});

export type Effect = z.output<typeof effectSchema>;
export type Reading = z.output<typeof readingSchema>;
export type Card = z.output<typeof cardSchema>;
export type DeckFile = z.output<typeof deckSchema>;

export type Side = "A" | "B";
export type AbsAmount = { successes: Side } | { degrees: Side } | { oneMove: Side } | { fixed: number };
/** An effect with the two commanders named: A holds the first card, B the second. */
export interface PairEffect {
  do: EffectKind;
  who: Side;
  by: AbsAmount;
}
/** What one side rolls in a pair. */
export interface SideTest {
  test: HolderTest;
  stat: Stat | null;
}
/** The resolved meaning of "A plays card a, B plays card b". */
export interface Pair {
  a: string;
  b: string;
  testA: SideTest;
  testB: SideTest;
  effects: PairEffect[];
  printedA: string;
  printedB: string;
}

/** A deck whose readings were checked: every pair defined, both readings agreeing. */
export interface Deck {
  name: string;
  kind: "ranged" | "melee";
  house: boolean;
  source?: string;
  note?: string;
  cards: Card[];
  readings: Record<string, Record<string, Reading>>;
}

const other = (s: Side): Side => (s === "A" ? "B" : "A");

function absWho(who: Who, holder: Side): Side {
  return who === "self" ? holder : other(holder);
}

function absAmount(by: Amount, holder: Side, effectWho: Side): AbsAmount {
  if (typeof by === "number") return { fixed: by };
  if (by === "one-move") return { oneMove: effectWho };
  const [kind, who] = by.split(":") as ["successes" | "degrees", Who];
  return kind === "successes" ? { successes: absWho(who, holder) } : { degrees: absWho(who, holder) };
}

function absEffect(e: Effect, holder: Side): PairEffect {
  const who = absWho(e.who, holder);
  return { do: e.do, who, by: absAmount(e.by, holder, who) };
}

function effectKey(e: PairEffect): string {
  return JSON.stringify([e.do, e.who, e.by]);
}

/**
 * Every problem with a deck file's readings (rulings CC-2, CC-4): missing or unknown pairs,
 * tests that the two readings disagree on, effects that differ, effects printed in neither block,
 * rolls that affect nothing. An empty list means the deck is sound. `source` prefixes messages.
 */
export function deckProblems(deck: DeckFile): string[] {
  // ruling CC-2 (ranged deck: both readings agree), ruling CC-4 (melee deck, same format)
  const rule = deck.kind === "ranged" ? "CC-2" : "CC-4";
  const problems: string[] = [];
  const say = (field: string, msg: string) => problems.push(`field ${field}: ${msg} (rule ${rule})`);
  const ids = deck.cards.map((c) => c.id);
  const seen = new Set<string>();
  deck.cards.forEach((c, i) => {
    if (seen.has(c.id)) say(`cards[${i}].id`, `card id "${c.id}" appears twice`);
    seen.add(c.id);
  });
  for (const holder of Object.keys(deck.readings)) {
    if (!seen.has(holder)) say(`readings.${holder}`, `"${holder}" is not a card of this deck (cards: ${ids.join(", ")})`);
    for (const opp of Object.keys(deck.readings[holder])) {
      if (!seen.has(opp)) say(`readings.${holder}.${opp}`, `"${opp}" is not a card of this deck (cards: ${ids.join(", ")})`);
    }
  }
  const byId = new Map(deck.cards.map((c) => [c.id, c]));
  const card = (id: string) => byId.get(id) as Card;
  for (const a of ids) {
    for (const b of ids) {
      const ra = deck.readings[a]?.[b];
      if (!ra) say(`readings.${a}.${b}`, `the pair ${a} versus ${b} is not defined; every pair of cards must be`);
    }
  }
  if (problems.length > 0) return problems;
  for (let i = 0; i < ids.length; i++) {
    for (let j = i; j < ids.length; j++) {
      const a = ids[i];
      const b = ids[j];
      const ra = deck.readings[a][b];
      const rb = deck.readings[b][a];
      const fa = `readings.${a}.${b}`;
      const fb = `readings.${b}.${a}`;
      // Tests: a side with a test needs a stat; versus needs attacker against defender.
      for (const [c, r, f] of [[a, ra, fa], [b, rb, fb]] as const) {
        if (r.test !== "none" && card(c).stat === null) say(`${f}.test`, `card ${c} has no stat, so its holder cannot make a ${r.test} test`);
      }
      const va = ra.test.startsWith("versus");
      const vb = rb.test.startsWith("versus");
      if (va || vb) {
        const ok = (ra.test === "versus-attack" && rb.test === "versus-defend") || (ra.test === "versus-defend" && rb.test === "versus-attack");
        if (!ok) say(`${fa}.test`, `the readings disagree: ${a} says ${ra.test}, ${b} says ${rb.test}; a versus test needs one attacker and one defender`);
      }
      // Effects must be the same after swapping self and opponent.
      // (For a card against itself both readings are the same block, so this demands symmetry.)
      const effA = ra.effects.map((e) => absEffect(e, "A"));
      const effB = rb.effects.map((e) => absEffect(e, "B"));
      const keysA = effA.map(effectKey).sort();
      const keysB = effB.map(effectKey).sort();
      if (a === b && JSON.stringify(keysA) !== JSON.stringify(keysB)) {
        say(`${fa}.effects`, `${a} against itself must treat both commanders alike`);
      } else if (JSON.stringify(keysA) !== JSON.stringify(keysB)) {
        say(`${fa}.effects`, `the readings disagree: ${a}'s block gives [${describeEffects(ra.effects)}] but ${b}'s block gives [${describeEffects(rb.effects, true)}] (seen from ${a}'s holder)`);
      }
      // Every effect printed in at least one block.
      const printed = new Set<string>();
      ra.effects.forEach((e, k) => {
        if (!e.implied) printed.add(effectKey(effA[k]));
      });
      rb.effects.forEach((e, k) => {
        if (!e.implied) printed.add(effectKey(effB[k]));
      });
      for (const e of effA) if (!printed.has(effectKey(e))) say(`${fa}.effects`, `an effect (${e.do} for ${e.who === "A" ? a : b}'s holder) is marked implied in both blocks`);
      // Rolls: who rolls, and is every roll used and every used roll made?
      const tests: Record<Side, HolderTest> = { A: ra.test, B: rb.test };
      for (const e of effA) {
        if ("successes" in e.by && tests[e.by.successes] === "none") say(`${fa}.effects`, `an effect uses the successes of ${e.by.successes === "A" ? a : b}'s holder, who makes no test`);
        if ("degrees" in e.by && tests[e.by.degrees] !== "versus-attack") say(`${fa}.effects`, `an effect uses degrees of success of ${e.by.degrees === "A" ? a : b}'s holder, who is not the attacker of a versus test`);
      }
      for (const s of ["A", "B"] as const) {
        if (tests[s] === "none" || tests[s] === "versus-defend") continue;
        const used = effA.some((e) => ("successes" in e.by && e.by.successes === s) || ("degrees" in e.by && e.by.degrees === s));
        if (!used) say(`${s === "A" ? fa : fb}.test`, `${s === "A" ? a : b}'s holder makes a ${tests[s]} test that changes nothing`);
      }
    }
  }
  return problems;
}

function describeEffects(effects: Effect[], swap = false): string {
  const flip = (w: string) => (swap ? (w === "self" ? "opponent" : w === "opponent" ? "self" : w) : w);
  return effects
    .map((e) => {
      const by = typeof e.by === "number" ? String(e.by) : e.by.replace(/self|opponent/, (m) => flip(m));
      return `${e.do} ${flip(e.who)} by ${by}`;
    })
    .join("; ");
}

/** Validates the structure and then the readings; returns the deck or the list of problems. */
export function parseDeck(data: unknown): { deck: Deck; problems: [] } | { deck: null; problems: string[] } {
  const parsed = deckSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") || "(top level)";
    return { deck: null, problems: [`field ${path}: ${issue.message}`] };
  }
  const problems = deckProblems(parsed.data);
  if (problems.length > 0) return { deck: null, problems };
  return { deck: parsed.data, problems: [] };
}

/** The resolved pair "A plays a, B plays b" of a checked deck. */
export function pairOf(deck: Deck, a: string, b: string): Pair {
  const ra = deck.readings[a]?.[b];
  const rb = deck.readings[b]?.[a];
  if (!ra || !rb) throw new RangeError(`no reading for ${a} versus ${b} in ${deck.name}`);
  const stat = (id: string) => deck.cards.find((c) => c.id === id)?.stat ?? null;
  return {
    a,
    b,
    testA: { test: ra.test, stat: stat(a) },
    testB: { test: rb.test, stat: stat(b) },
    effects: ra.effects.map((e) => absEffect(e, "A")),
    printedA: ra.printed,
    printedB: rb.printed,
  };
}

export function cardById(deck: Deck, id: string): Card | undefined {
  return deck.cards.find((c) => c.id === id);
}

/** Finds a card by id, name (any case) or 1-based number in the deck's order. */
export function findCard(deck: Deck, text: string): Card | undefined {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return deck.cards[Number(t) - 1];
  return deck.cards.find((c) => c.id === t || c.name.toLowerCase() === t);
}
