/**
 * The gods and fortune (seed "The Gods and Fortune", rulings SW-9, SW-10, SW-11): the god pack,
 * each card's effect as data, the effects as functions with explicit choices, the kept tokens
 * for the Five and the Seven, and the holy person's call. Pure: the caller passes a Random built
 * from the game state and stores its state afterwards.
 */
import { type Card, cardName, colourOf, type Deck, discard, draw, isJoker, newDeck, newPack, type Rank } from "../../core/cards.js";
import type { Random } from "../../core/random.js";
import type { Side } from "./army.js";
import { changeLpValue, spendLp } from "./leaders.js";
import { forEachUnit } from "./morale.js";
import { addDisorder, type Changed, dropAggression, type LeaderState, raiseAggression, type UnitState } from "./units.js";

// ---- the pack (ruling SW-9) ----

export interface GodPack {
  deck: Deck;
  /** Jokers drawn so far in the game: the first makes the ground soggy, the second brings terror. */
  jokersDrawn: number;
  /**
   * Only in a seat's view (battle/duel-seat.ts): the draw pile's size, its cards emptied (their
   * order would tell the next god card).
   */
  hidden?: { drawPile: number };
}

/** A shuffled 54-card pack (ruling C-3). */
export function newGodPack(rng: Random): GodPack {
  return { deck: newDeck(rng, newPack(2)), jokersDrawn: 0 };
}

export interface GodDraw {
  pack: GodPack;
  card: Card;
  /** 1 or 2 for the first or second joker drawn in the game, otherwise null. */
  jokerNumber: 1 | 2 | null;
}

/**
 * Draws the turn's card. A joker stays out of the pack once drawn; other cards go to the discards
 * and are reshuffled into a new pack when the pack runs out (ruling SW-9).
 */
export function drawGodCard(pack: GodPack, rng: Random): GodDraw {
  const r = draw(pack.deck, rng);
  if (!r.card) throw new RangeError("the god pack is empty");
  if (isJoker(r.card)) {
    const n = pack.jokersDrawn + 1;
    return { pack: { deck: r.deck, jokersDrawn: n }, card: r.card, jokerNumber: n <= 2 ? (n as 1 | 2) : null };
  }
  return { pack: { deck: discard(r.deck, r.card), jokersDrawn: pack.jokersDrawn }, card: r.card, jokerNumber: null };
}

// ---- the effects as data (ruling SW-11) ----

export type GodEffectKind =
  | "none"
  | "bad-omen"
  | "skilled-archer"
  | "fortune"
  | "hard-drinking"
  | "beautiful-woman"
  | "new-hero"
  | "favoured-leader"
  | "soggy-ground"
  | "terror";

export interface GodEffect {
  kind: GodEffectKind;
  /** Which side the card affects: red cards red, black cards black, jokers both. */
  affects: Side | "both";
  /** Five and Seven may be kept as tokens and played later. */
  keep: boolean;
  /** Who chooses the unit or leader, if anyone: the affected side or its opponent. */
  chooser: "affected" | "opponent" | null;
  text: string;
}

const EFFECTS: Record<Exclude<GodEffectKind, "none">, Omit<GodEffect, "affects" | "kind">> = {
  "bad-omen": { keep: false, chooser: "opponent", text: "Three, a bad omen: one unit chosen by the opposing side drops one aggression level" },
  "skilled-archer": { keep: true, chooser: "affected", text: "Five, a skilled archer: double dice for one stand in one missile exchange; may be kept" },
  fortune: { keep: true, chooser: "affected", text: "Seven, fortune smiles: re-roll any one set of dice thrown; may be kept" },
  "hard-drinking": { keep: false, chooser: null, text: "Jack, too much hard drinking: every retinue gains 1 DP" },
  "beautiful-woman": { keep: false, chooser: "affected", text: "Queen, a beautiful woman: one retinue chosen by the affected side rises one aggression level" },
  "new-hero": { keep: false, chooser: "affected", text: "King, a new hero: a heroic champion joins a leader's retinue and challenges the closest enemy leader at no LP cost" },
  "favoured-leader": { keep: false, chooser: "affected", text: "Ace, favoured by the gods: one leader's LP value rises by 1 (to at most 6)" },
  "soggy-ground": { keep: false, chooser: null, text: "First joker, heavy rain: fatigue DPs on move dice of 4-6 for the rest of the game" },
  terror: { keep: false, chooser: null, text: "Second joker, a major natural event: every unit in both armies drops one aggression level" },
};

/** The ranks with an effect (seed "The Gods and Fortune", ruling SW-11); any other rank has none. */
const RANK_EFFECTS: Partial<Record<Rank, GodEffectKind>> = {
  "3": "bad-omen",
  "5": "skilled-archer",
  "7": "fortune",
  J: "hard-drinking",
  Q: "beautiful-woman",
  K: "new-hero",
  A: "favoured-leader",
};

/** The effect of a card (ruling SW-11); `jokerNumber` says which joker of the game it is. */
export function godEffect(card: Card, jokerNumber: 1 | 2 | null = null): GodEffect {
  if (isJoker(card)) {
    if (jokerNumber === null) return { kind: "none", affects: "both", keep: false, chooser: null, text: "a joker after both have been drawn: no effect" };
    const kind = jokerNumber === 1 ? "soggy-ground" : "terror";
    return { kind, affects: "both", ...EFFECTS[kind] };
  }
  const affects = colourOf(card) as Side;
  const kind: GodEffectKind = RANK_EFFECTS[card.rank] ?? "none";
  if (kind === "none") return { kind, affects, keep: false, chooser: null, text: `${cardName(card)}: no impact` };
  return { kind, affects, ...EFFECTS[kind] };
}

/** Does the card affect this side? Red cards red, black cards black, jokers both (seed). */
export function affectsSide(effect: GodEffect, side: Side): boolean {
  return effect.affects === "both" || effect.affects === side;
}

// ---- the effects as functions ----

/** Three: the unit chosen by the opposing side drops one level. */
export function badOmen(unit: UnitState): Changed<UnitState> {
  return dropAggression(unit, 1);
}

/** Jack: every retinue of the affected side gains 1 fatigue DP (rulings SW-11, SW-12). */
export function hardDrinking(units: readonly UnitState[]): Changed<UnitState[]> {
  return forEachUnit(units, (u) => u.kind === "retinue", (u) => addDisorder(u, "fatigue"));
}

/** Queen: the retinue chosen by the affected side rises one level. */
export function beautifulWoman(retinue: UnitState): Changed<UnitState> {
  if (retinue.kind !== "retinue") throw new RangeError(`the Queen raises a retinue, and ${retinue.name} is a band`);
  return raiseAggression(retinue, 1);
}

/**
 * King: a new heroic champion joins the chosen leader's retinue for the rest of the game and at
 * once challenges the closest enemy leader at no LP cost (ruling SW-11). The challenge itself is
 * fought by the personal-combat rules.
 */
export function newHero(leader: LeaderState, retinue: UnitState): { retinue: UnitState; challenge: { challenger: string; lpCost: 0 }; notes: string[] } {
  if (leader.status !== "alive") throw new RangeError(`${leader.name} is ${leader.status}`);
  if (retinue.id !== leader.unit) throw new RangeError(`${retinue.name} is not ${leader.name}'s unit`);
  return {
    retinue: { ...retinue, attachments: [...retinue.attachments, "heroic-champion"] },
    challenge: { challenger: leader.id, lpCost: 0 },
    notes: [`a new hero joins ${leader.name}'s retinue and challenges the closest enemy leader (no LP cost)`],
  };
}

/** Ace: the chosen leader's LP value rises by 1, to at most 6 (ruling SW-7). */
export function favouredLeader(leader: LeaderState): Changed<LeaderState> {
  return changeLpValue(leader, 1, "favoured by the gods (Ace)");
}

/** Second joker: every unit of both armies drops one level. */
export function terror(units: readonly UnitState[]): Changed<UnitState[]> {
  return forEachUnit(units, () => true, (u) => dropAggression(u, 1));
}

// ---- kept tokens for the Five and the Seven (ruling SW-11) ----

export interface GodTokens {
  /** Fives kept: double dice for one stand in one missile exchange. */
  skilledArcher: number;
  /** Sevens kept: re-roll one set of dice thrown by this side. */
  fortune: number;
}

export function noTokens(): GodTokens {
  return { skilledArcher: 0, fortune: 0 };
}

export function keepToken(tokens: GodTokens, effect: GodEffect): GodTokens {
  if (effect.kind === "skilled-archer") return { ...tokens, skilledArcher: tokens.skilledArcher + 1 };
  if (effect.kind === "fortune") return { ...tokens, fortune: tokens.fortune + 1 };
  throw new RangeError(`${effect.kind} is played at once, not kept`);
}

export function useToken(tokens: GodTokens, kind: keyof GodTokens): GodTokens {
  if (tokens[kind] < 1) throw new RangeError(`no ${kind === "fortune" ? "Seven (fortune)" : "Five (skilled archer)"} token to play`);
  return { ...tokens, [kind]: tokens[kind] - 1 };
}

/**
 * Seven: spend a fortune token to re-roll one set of dice thrown by this side (one roll of one
 * test, move, shooting or combat). `reroll` throws the same dice again; its result replaces the first.
 */
export function fortuneReroll<T>(tokens: GodTokens, reroll: () => T): { tokens: GodTokens; result: T } {
  const left = useToken(tokens, "fortune");
  return { tokens: left, result: reroll() };
}

// ---- the holy person (ruling SW-10) ----

/**
 * Why this leader may not call on a holy person, or null: the holy person must be attached to his
 * unit, and he must be able to spend 1 LP (not in combat, LPs left: rulings SW-7, SW-8).
 */
export function holyCallRefusal(leader: LeaderState, unit: UnitState): string | null {
  if (unit.id !== leader.unit) return `${unit.name} is not ${leader.name}'s unit`;
  if (!unit.attachments.includes("holy-person")) return `${leader.name} has no holy person with him`;
  try {
    spendLp(leader, "callHolyPerson", unit.inCombat);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
}

/** A leader calls on his holy person: 1 LP. */
export function callHolyPerson(leader: LeaderState, unit: UnitState): Changed<LeaderState> {
  const why = holyCallRefusal(leader, unit);
  if (why) throw new RangeError(why);
  const r = spendLp(leader, "callHolyPerson", unit.inCombat);
  return { value: r.value, notes: [...r.notes, `${leader.name} calls on the holy person`] };
}

/** Who may act on the calls: exactly one side calling may; both calling cancel out (ruling SW-10). */
export function holyCaller(calls: { red: boolean; black: boolean }): Side | null {
  if (calls.red && calls.black) return null;
  return calls.red ? "red" : calls.black ? "black" : null;
}

export interface InvocationChoices {
  calls: { red: boolean; black: boolean };
  /** The single caller cancels the first card. */
  cancel: boolean;
  /** Having cancelled, the caller draws a replacement (whose effect stands). */
  redraw: boolean;
}

export interface Invocation {
  pack: GodPack;
  /** The first card drawn, and the card whose effect stands (null when cancelled without a redraw). */
  first: GodDraw;
  standing: { card: Card; jokerNumber: 1 | 2 | null; effect: GodEffect } | null;
  notes: string[];
}

/**
 * The rest of the Invoke the Gods phase once the first card is revealed and the sides have
 * decided whether to call (the side with the initiative decides first): rulings SW-9, SW-10.
 * A cancelled joker still counts as drawn.
 */
export function resolveInvocation(first: GodDraw, rng: Random, choices: InvocationChoices): Invocation {
  const notes = [`the gods' card: ${cardName(first.card)}`];
  const stands = (d: GodDraw) => ({ card: d.card, jokerNumber: d.jokerNumber, effect: godEffect(d.card, d.jokerNumber) });
  const caller = holyCaller(choices.calls);
  if (choices.calls.red && choices.calls.black) {
    notes.push("both sides call on a holy person: the calls cancel and the card stands");
    return { pack: first.pack, first, standing: stands(first), notes };
  }
  if (!caller || !choices.cancel) {
    if (caller) notes.push(`${caller} calls on the holy person but lets the card stand`);
    return { pack: first.pack, first, standing: stands(first), notes };
  }
  notes.push(`${caller}'s holy person cancels the ${cardName(first.card)}`);
  if (!choices.redraw) return { pack: first.pack, first, standing: null, notes };
  const second = drawGodCard(first.pack, rng);
  notes.push(`${caller} draws again: ${cardName(second.card)}, and must accept it`);
  return { pack: second.pack, first, standing: stands(second), notes };
}

// ---- applying a card to both armies ----

/** One side's forces as far as the gods are concerned. */
export interface GodSide {
  units: UnitState[];
  leaders: LeaderState[];
  tokens: GodTokens;
}

/** The choices a card may call for, by the side that makes them (ruling SW-11). */
export interface GodChoices {
  /** Three: the unit of the affected side chosen by its opponent. */
  badOmenUnit?: string;
  /** Queen: the retinue chosen by the affected side. */
  queenRetinue?: string;
  /** King: the leader chosen by the affected side. */
  kingLeader?: string;
  /** Ace: the leader chosen by the affected side. */
  aceLeader?: string;
}

export interface GodApplication {
  sides: Record<Side, GodSide>;
  soggyGround: boolean;
  /** A King's challenge to be fought by the personal-combat rules. */
  challenge: { side: Side; challenger: string; lpCost: 0 } | null;
  notes: string[];
}

function pick<T extends { id: string; status: string }>(list: readonly T[], id: string | undefined, what: string, ok: (t: T) => boolean): T {
  if (id === undefined) throw new RangeError(`the card needs a choice: ${what}`);
  const found = list.find((t) => t.id === id);
  if (!found) throw new RangeError(`${what}: no such id "${id}" on that side`);
  if (!ok(found)) throw new RangeError(`${what}: "${id}" cannot be chosen`);
  return found;
}

/**
 * Applies a card's effect to the side(s) it affects (ruling SW-11). `choices[side]` holds the
 * choices concerning that side's forces (for the Three, made by the opponent). A card with no
 * possible target (no retinue left for the Queen, no living leader for the King or Ace) does
 * nothing. The Five and Seven become tokens of the affected side.
 */
export function applyGodEffect(effect: GodEffect, sides: Record<Side, GodSide>, soggyGround: boolean, choices: Partial<Record<Side, GodChoices>> = {}): GodApplication {
  const out: GodApplication = { sides: { red: sides.red, black: sides.black }, soggyGround, challenge: null, notes: [effect.text] };
  const affected: Side[] = effect.affects === "both" ? ["red", "black"] : [effect.affects];
  for (const side of affected) {
    const s = out.sides[side];
    const c = choices[side] ?? {};
    const activeUnits = s.units.filter((u) => u.status === "active");
    const aliveLeaders = s.leaders.filter((l) => l.status === "alive");
    const replaceUnit = (u: UnitState) => s.units.map((x) => (x.id === u.id ? u : x));
    const replaceLeader = (l: LeaderState) => s.leaders.map((x) => (x.id === l.id ? l : x));
    switch (effect.kind) {
      case "none":
        break;
      case "bad-omen": {
        if (activeUnits.length === 0) break;
        const r = badOmen(pick(s.units, c.badOmenUnit, `Three: the ${side} unit chosen by the opponent`, (u) => u.status === "active"));
        out.sides[side] = { ...s, units: replaceUnit(r.value) };
        out.notes.push(...r.notes);
        break;
      }
      case "skilled-archer":
      case "fortune":
        out.sides[side] = { ...s, tokens: keepToken(s.tokens, effect) };
        out.notes.push(`${side} keeps the ${effect.kind === "fortune" ? "Seven" : "Five"} as a token`);
        break;
      case "hard-drinking": {
        const r = hardDrinking(s.units);
        out.sides[side] = { ...s, units: r.value };
        out.notes.push(...r.notes);
        break;
      }
      case "beautiful-woman": {
        if (!activeUnits.some((u) => u.kind === "retinue")) break;
        const r = beautifulWoman(pick(s.units, c.queenRetinue, `Queen: the ${side} retinue`, (u) => u.status === "active" && u.kind === "retinue"));
        out.sides[side] = { ...s, units: replaceUnit(r.value) };
        out.notes.push(...r.notes);
        break;
      }
      case "new-hero": {
        if (aliveLeaders.length === 0) break;
        const l = pick(s.leaders, c.kingLeader, `King: the ${side} leader`, (x) => x.status === "alive");
        const unit = s.units.find((u) => u.id === l.unit);
        if (unit?.status !== "active") throw new RangeError(`King: ${l.name} has no unit for the hero to join`);
        const r = newHero(l, unit);
        out.sides[side] = { ...s, units: replaceUnit(r.retinue) };
        out.challenge = { side, challenger: l.id, lpCost: 0 };
        out.notes.push(...r.notes);
        break;
      }
      case "favoured-leader": {
        if (aliveLeaders.length === 0) break;
        const r = favouredLeader(pick(s.leaders, c.aceLeader, `Ace: the ${side} leader`, (x) => x.status === "alive"));
        out.sides[side] = { ...s, leaders: replaceLeader(r.value) };
        out.notes.push(...r.notes);
        break;
      }
      case "soggy-ground":
        out.soggyGround = true;
        break;
      case "terror": {
        const r = terror(s.units);
        out.sides[side] = { ...s, units: r.value };
        out.notes.push(...r.notes);
        break;
      }
    }
  }
  return out;
}
