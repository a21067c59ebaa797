/**
 * Shieldwall personal combat (seed section "Personal Combat"; rulings SW-7, SW-11 King, SW-22,
 * SW-23, SW-24): challenges, acceptance and the refusal roll, champions, dealing and discarding,
 * the advantage dice-off, every card pairing, wounds and all the consequences.
 *
 * Every mechanic is a plain function with explicit inputs. Nothing here knows about the table:
 * "the closest enemy leader" and "retinue in combat" arrive as inputs. The duel as a game with
 * hidden hands lives in duel/game.ts and uses these functions.
 */
import { type Card, type Colour, cardName, cardValue, colourOf, isJoker, RANKS, type Rank } from "../../../core/cards.js";
import { D6, rollDie } from "../../../core/dice.js";
import { Dist } from "../../../core/distribution.js";
import type { Random } from "../../../core/random.js";
import { cannotSpend, challengeCost, changeLpValue, LP_CEILING, spendLp } from "../leaders.js";
import { leaderKilled, personalCombatOutcome } from "../morale.js";
import type { Changed, LeaderState, UnitState } from "../units.js";

export type Side = "a" | "b";
export const SIDES: readonly Side[] = ["a", "b"];
export function otherSide(s: Side): Side {
  return s === "a" ? "b" : "a";
}

/** Who steps out to fight: the leader himself, a heroic champion, or "one of his braver men". */
export type FighterKind = "leader" | "heroic-champion" | "champion";
export const FIGHTER_KINDS: readonly FighterKind[] = ["leader", "heroic-champion", "champion"];
export const FIGHTER_NAME: Record<FighterKind, string> = {
  leader: "leader",
  "heroic-champion": "heroic champion",
  champion: "champion",
};

export interface Fighter {
  kind: FighterKind;
  /** The army's special weapon: only a leader may carry it (seed "Special Weapon", ruling SW-6). */
  specialWeapon: boolean;
}

/** LP costs (seed "Leaders": 3 LPs to issue, 3 LPs to accept a challenge; leaders.ts LP_COSTS). */
export const CHALLENGE_COST = challengeCost("issue");
export const ACCEPT_COST = challengeCost("accept");
/** "3 wounds kills" (seed "Personal Combat"). */
export const KILLING_WOUNDS = 3;

/**
 * Decisions the seed and the rulings leave open, as named options (see
 * docs/shieldwall/personal-combat.md, "Decisions").
 */
export interface PersonalCombatOptions {
  /**
   * Both fighters reach 3 wounds in the same exchange (two black cards, neither double the other).
   * "both-lose" (default): both die, nobody wins, and each side suffers a loser's consequences.
   * "no-winner": both die, but neither contingent takes the loser's DP (only the deaths count).
   */
  mutualKill: "both-lose" | "no-winner";
  /**
   * A challenged leader who cannot pay 3 LPs (his retinue is in combat, he has spent them, or he
   * is dead) cannot accept. "refusal-roll" (default): it counts as a refusal and he rolls.
   * "challenge-lapses": the challenge lapses with no effect.
   */
  unpaidAcceptance: "refusal-roll" | "challenge-lapses";
  /** Jokers in the duel pack (default 2: a full 54-card pack, ruling C-3). */
  duelJokers: 0 | 1 | 2;
}

export const DEFAULT_PERSONAL_COMBAT_OPTIONS: Readonly<PersonalCombatOptions> = Object.freeze({
  mutualKill: "both-lose",
  unpaidAcceptance: "refusal-roll",
  duelJokers: 2,
});

export function personalCombatOptions(o: Partial<PersonalCombatOptions> = {}): PersonalCombatOptions {
  // None given (as in the battle): the defaults, with nothing to check.
  if (Object.keys(o).length === 0) return { ...DEFAULT_PERSONAL_COMBAT_OPTIONS };
  const given = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<PersonalCombatOptions>;
  const opts = { ...DEFAULT_PERSONAL_COMBAT_OPTIONS, ...given };
  if (opts.mutualKill !== "both-lose" && opts.mutualKill !== "no-winner") throw new RangeError(`mutualKill must be "both-lose" or "no-winner", got ${String(opts.mutualKill)}`);
  if (opts.unpaidAcceptance !== "refusal-roll" && opts.unpaidAcceptance !== "challenge-lapses") {
    throw new RangeError(`unpaidAcceptance must be "refusal-roll" or "challenge-lapses", got ${String(opts.unpaidAcceptance)}`);
  }
  if (![0, 1, 2].includes(opts.duelJokers)) throw new RangeError(`duelJokers must be 0, 1 or 2, got ${opts.duelJokers}`);
  return opts;
}

// ---------------------------------------------------------------------------------------------
// Challenge, acceptance, refusal
// ---------------------------------------------------------------------------------------------

export interface ChallengeInput {
  challenger: LeaderState;
  /** Is the challenger's retinue in combat? (a leader in combat spends no LPs, ruling SW-8) */
  retinueInCombat: boolean;
  /** The closest enemy leader (found by the table), or null if there is none. */
  target: LeaderState | null;
  /** A challenge from the King card is free (seed "Personal Combat", ruling SW-11). */
  fromKing?: boolean;
}

/** Why this challenge may not be issued, or null if it may. */
export function challengeRefusalReason(input: ChallengeInput): string | null {
  const { challenger, target } = input;
  if (challenger.status !== "alive") return `${challenger.name} is ${challenger.status} and cannot challenge (seed "Personal Combat")`;
  if (target?.status !== "alive" || !target) return `there is no living enemy leader to challenge (seed "Personal Combat")`;
  if (input.fromKing) return null;
  // A leader whose retinue is in combat spends no LPs (ruling SW-8); 3 LPs from this turn's allowance (SW-7).
  const why = cannotSpend(challenger, input.retinueInCombat, CHALLENGE_COST);
  return why ? `${why}: a challenge costs ${CHALLENGE_COST} LPs (seed "Personal Combat")` : null;
}

/**
 * Issues a challenge: the challenger spends 3 LPs, or nothing when the King card caused it
 * (ruling SW-11). Throws RangeError with the rule's reason when the challenge is not allowed.
 */
export function issueChallenge(input: ChallengeInput): Changed<LeaderState> {
  const reason = challengeRefusalReason(input);
  if (reason) throw new RangeError(reason);
  const c = input.challenger;
  const target = input.target!;
  if (input.fromKing) {
    return { value: c, notes: [`A new hero with ${c.name} challenges ${target.name} to personal combat (King card: no LPs spent, ruling SW-11)`] };
  }
  const spent = spendLp(c, "issueChallenge", input.retinueInCombat);
  return { value: spent.value, notes: [`${c.name} challenges ${target.name} to personal combat`, ...spent.notes] };
}

/** Why `leader` cannot accept a challenge (needs 3 LPs, not in combat), or null if he can. */
export function acceptRefusalReason(leader: LeaderState, retinueInCombat: boolean): string | null {
  const why = cannotSpend(leader, retinueInCombat, ACCEPT_COST);
  return why ? `${why}: accepting a challenge costs ${ACCEPT_COST} LPs (seed "Personal Combat")` : null;
}

/** Accepts a challenge: 3 LPs (seed "Leaders"; also for a King challenge, ruling SW-11). */
export function acceptChallenge(leader: LeaderState, retinueInCombat: boolean): Changed<LeaderState> {
  const reason = acceptRefusalReason(leader, retinueInCombat);
  if (reason) throw new RangeError(reason);
  const spent = spendLp(leader, "acceptChallenge", retinueInCombat);
  return { value: spent.value, notes: [`${leader.name} accepts the challenge`, ...spent.notes] };
}

export type RefusalOutcome = "loses-lp" | "champion-accepts" | "ignored";

/** The refusal roll (seed "Personal Combat"): 1–3 lose 1 LP, 4–5 a champion accepts, 6 ignored. */
export function refusalOutcome(face: number): RefusalOutcome {
  if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`a D6 shows 1 to 6, got ${face}`);
  return face <= 3 ? "loses-lp" : face <= 5 ? "champion-accepts" : "ignored";
}

/** Exact distribution of the refusal roll. */
export function refusalDist(): Dist<RefusalOutcome> {
  return Dist.uniform([1, 2, 3, 4, 5, 6]).map(refusalOutcome);
}

export interface RefusalResult {
  face: number;
  outcome: RefusalOutcome;
  leader: LeaderState;
  /** True when losing the LP left him at 0: the leader is killed (ruling SW-7). */
  leaderKilled: boolean;
  /** When a champion accepts anyway: the fighter for the refusing side (no LPs spent). */
  fighter: Fighter | null;
  notes: string[];
}

/**
 * Applies a refusal roll of `face` to the refusing leader. Losing the LP lowers his LP value
 * permanently (ruling SW-7); a value of 0 kills him.
 */
export function resolveRefusal(leader: LeaderState, face: number): RefusalResult {
  const outcome = refusalOutcome(face);
  const notes = [`${leader.name} refuses the challenge and rolls ${face}`];
  if (outcome === "loses-lp") {
    // ruling SW-7: refusing a challenge lowers the LP value itself; 0 kills him.
    const changed = changeLpValue(leader, -1, "loses the respect of his troops for refusing the challenge");
    notes.push(...changed.notes);
    const killed = changed.value.status === "killed" && leader.status === "alive";
    return { face, outcome, leader: changed.value, leaderKilled: killed, fighter: null, notes };
  }
  if (outcome === "champion-accepts") {
    notes.push(`A champion of ${leader.name}'s contingent accepts the challenge without authorisation`);
    return { face, outcome, leader, leaderKilled: false, fighter: { kind: "champion", specialWeapon: false }, notes };
  }
  notes.push(`${leader.name}'s contingent is unimpressed by the challenge and ignores it`);
  return { face, outcome, leader, leaderKilled: false, fighter: null, notes };
}

export function rollRefusal(rng: Random, leader: LeaderState): RefusalResult {
  return resolveRefusal(leader, rollDie(rng, D6));
}

export type ChallengeAnswer =
  | { kind: "accepted"; leader: LeaderState; notes: string[] }
  | { kind: "refused"; refusal: RefusalResult; notes: string[] }
  | { kind: "lapsed"; leader: LeaderState; notes: string[] };

/**
 * The challenged leader answers (seed "Personal Combat"): accepting costs 3 LPs; refusing rolls
 * the refusal die. A leader who wants to accept but cannot pay (option `unpaidAcceptance`) is
 * treated as refusing ("refusal-roll", the default) or the challenge lapses.
 */
export function answerChallenge(
  input: { leader: LeaderState; retinueInCombat: boolean; accept: boolean },
  rng: Random,
  options: Partial<PersonalCombatOptions> = {},
): ChallengeAnswer {
  const opts = personalCombatOptions(options);
  const { leader, retinueInCombat } = input;
  if (input.accept) {
    const why = acceptRefusalReason(leader, retinueInCombat);
    if (!why) {
      const a = acceptChallenge(leader, retinueInCombat);
      return { kind: "accepted", leader: a.value, notes: a.notes };
    }
    if (opts.unpaidAcceptance === "challenge-lapses") {
      return { kind: "lapsed", leader, notes: [`${why}; the challenge lapses (option unpaidAcceptance: challenge-lapses)`] };
    }
    const refusal = rollRefusal(rng, leader);
    return { kind: "refused", refusal, notes: [`${why}; he cannot accept, so it counts as a refusal (option unpaidAcceptance: refusal-roll)`, ...refusal.notes] };
  }
  const refusal = rollRefusal(rng, leader);
  return { kind: "refused", refusal, notes: refusal.notes };
}

// ---------------------------------------------------------------------------------------------
// Fighters, dealing and discarding
// ---------------------------------------------------------------------------------------------

/** Why this fighter may not fight, or null. */
export function fighterProblem(f: Fighter, opts: { heroicChampionAvailable?: boolean; leaderHasSpecialWeapon?: boolean } = {}): string | null {
  if (!FIGHTER_KINDS.includes(f.kind)) return `unknown fighter "${String(f.kind)}": expected leader, heroic-champion or champion`;
  if (f.specialWeapon && f.kind !== "leader") return `only a leader may fight with the special weapon, not his ${FIGHTER_NAME[f.kind]} (seed "Special Weapon", ruling SW-6)`;
  if (f.specialWeapon && opts.leaderHasSpecialWeapon === false) return `this leader does not carry the army's special weapon (ruling SW-6)`;
  if (f.kind === "heroic-champion" && opts.heroicChampionAvailable === false) {
    return `no heroic champion is attached to this contingent (seed "Champions")`;
  }
  return null;
}

/**
 * Appoints the fighter for a side (seed "Champions"): the leader himself (with the special weapon
 * if he carries it), the contingent's heroic champion if one is attached, or one of his braver men.
 */
export function appointFighter(kind: FighterKind, leader: Pick<LeaderState, "specialWeapon">, heroicChampionAvailable: boolean): Fighter {
  const f: Fighter = { kind, specialWeapon: kind === "leader" && leader.specialWeapon };
  const problem = fighterProblem(f, { heroicChampionAvailable });
  if (problem) throw new RangeError(problem);
  return f;
}

export interface HandSize {
  dealt: number;
  discard: number;
  keep: number;
}

/**
 * Cards dealt and discarded (seed "Personal Combat"): a leader with the special weapon 8 and 3,
 * any other leader or a heroic champion 7 and 2, any other champion 6 and 1.
 */
export function handSize(f: Fighter): HandSize {
  const problem = fighterProblem(f);
  if (problem) throw new RangeError(problem);
  if (f.kind === "leader" && f.specialWeapon) return { dealt: 8, discard: 3, keep: 5 };
  if (f.kind === "leader" || f.kind === "heroic-champion") return { dealt: 7, discard: 2, keep: 5 };
  return { dealt: 6, discard: 1, keep: 5 };
}

// ---------------------------------------------------------------------------------------------
// Advantage
// ---------------------------------------------------------------------------------------------

/** +1 to the advantage die for a heroic champion (seed, ruling SW-22). */
export function advantageBonus(f: Fighter): number {
  return f.kind === "heroic-champion" ? 1 : 0;
}

export interface DiceOff {
  winner: Side;
  /** Every pair of rolls, modifiers included; all but the last were ties (ruling SW-22). */
  rolls: { a: number; b: number }[];
  text: string;
}

/** Dice off for advantage: each rolls a D6, +1 for a heroic champion; ties roll again (SW-22). */
export function rollAdvantage(rng: Random, a: Fighter, b: Fighter): DiceOff {
  const rolls: { a: number; b: number }[] = [];
  for (;;) {
    const ra = rollDie(rng, D6) + advantageBonus(a);
    const rb = rollDie(rng, D6) + advantageBonus(b);
    rolls.push({ a: ra, b: rb });
    if (ra !== rb) {
      const winner: Side = ra > rb ? "a" : "b";
      const text = `dice-off for advantage: ${rolls.map((r) => `${r.a}–${r.b}`).join(", then ")}: ${winner} has the advantage`;
      return { winner, rolls, text };
    }
  }
}

/** Exact chance of each side winning the dice-off, ties rolled again (ruling SW-22). */
export function advantageDist(a: Fighter, b: Fighter): Dist<Side> {
  const die = Dist.uniform([1, 2, 3, 4, 5, 6]);
  const pair = die.map((x) => x + advantageBonus(a)).combine(die.map((x) => x + advantageBonus(b)), (x, y) => (x > y ? "a" : x < y ? "b" : "tie"));
  return pair.condition((o) => o !== "tie") as Dist<Side>;
}

// ---------------------------------------------------------------------------------------------
// Cards and exchanges
// ---------------------------------------------------------------------------------------------

/** Duel values (seed, ruling SW-22): 2–10 as printed, Jack 10, Queen 11, King 12, Ace 13, Joker 14. */
export const DUEL_CARD_VALUES = Object.freeze({ J: 10, Q: 11, K: 12, A: 13, joker: 14 });

/**
 * Every rank's duel value (and the joker's), worked out once from the table above. Not frozen:
 * in a frozen object, reads of the number-like keys "2" to "10" took about twice as long.
 */
const DUEL_VALUE_OF: Readonly<Record<Rank | "joker", number>> = {
  ...(Object.fromEntries(RANKS.map((rank) => [rank, cardValue({ rank, suit: "spades" }, DUEL_CARD_VALUES)])) as Record<Rank, number>),
  joker: cardValue({ joker: 1 }, DUEL_CARD_VALUES),
};

export function duelValue(card: Card): number {
  return DUEL_VALUE_OF[isJoker(card) ? "joker" : card.rank];
}

/** A card as played: a joker is declared red or black as it is played (ruling SW-22). */
export interface PlayedCard {
  card: Card;
  as: Colour;
}

/** Why this card may not be played as this colour, or null. */
export function playProblem(p: PlayedCard): string | null {
  if (p.as !== "red" && p.as !== "black") return `a card is played as "red" (parry) or "black" (strike), got ${p.as === undefined ? "nothing" : JSON.stringify(p.as)}`;
  const colour = colourOf(p.card);
  if (colour !== null && colour !== p.as) return `${cardName(p.card)} is ${colour}: only a joker may be declared either colour (ruling SW-22)`;
  return null;
}

/** The colours a card may be played as: its own, or either for a joker. */
export function playableAs(card: Card): Colour[] {
  return isJoker(card) ? ["red", "black"] : [colourOf(card)!];
}

export type ExchangeKind = "no-result" | "double-strike" | "both-wounded" | "parried" | "wounded";

export interface ExchangeResult {
  kind: ExchangeKind;
  /** Wounds each side takes in this exchange. */
  wounds: Record<Side, number>;
  /** Who has the advantage next, or "dice-off" when equal cards leave it to the dice (SW-23). */
  advantage: Side | "dice-off";
  text: string;
}

function described(p: PlayedCard): string {
  return `${cardName(p.card)}${isJoker(p.card) ? ` (as ${p.as})` : ""} [${duelValue(p.card)}]`;
}

/**
 * One exchange of cards (seed "Personal Combat", ruling SW-23). Red parries, black strikes.
 * - Both red: no wound; the higher card takes the advantage, equal cards dice again.
 * - Both black, one at least double the other: only its player wounds, and takes the advantage.
 * - Both black otherwise: both take a wound; higher card takes advantage, equal dice again.
 * - Red and black: red at least as high parries and the red player takes the advantage;
 *   otherwise the red player is wounded and the black player takes the advantage.
 * The result does not depend on who played first.
 */
export function resolveExchange(a: PlayedCard, b: PlayedCard): ExchangeResult {
  const problem = playProblem(a) ?? playProblem(b);
  if (problem) throw new RangeError(problem);
  const r = exchangeOutcome(duelValue(a.card), a.as, duelValue(b.card), b.as);
  const cards = `a ${described(a)} v b ${described(b)}`;
  const adv = r.advantage === "dice-off" ? "equal cards: dice again for advantage" : `${r.advantage} takes the advantage`;
  let text: string;
  if (r.kind === "no-result") text = `${cards}: both parry, no result; ${adv}`;
  else if (r.kind === "both-wounded") text = `${cards}: both strike home, both wounded; ${adv}`;
  else if (r.kind === "double-strike") text = `${cards}: ${r.advantage}'s blow is at least double and wounds ${otherSide(r.advantage as Side)}; ${adv}`;
  else if (r.kind === "parried") text = `${cards}: ${r.advantage} parries the blow and takes the advantage`;
  else text = `${cards}: ${r.advantage}'s blow beats the parry and wounds ${otherSide(r.advantage as Side)}; ${adv}`;
  return { kind: r.kind, wounds: r.wounds, advantage: r.advantage, text };
}

/**
 * The rule of {@link resolveExchange} on bare values and colours, without checks or text: the
 * one implementation of ruling SW-23, also used by the computer player's look-ahead.
 */
export function exchangeOutcome(va: number, asA: Colour, vb: number, asB: Colour): Omit<ExchangeResult, "text"> {
  const higher: Side | "dice-off" = va > vb ? "a" : vb > va ? "b" : "dice-off";
  if (asA === "red" && asB === "red") return { kind: "no-result", wounds: { a: 0, b: 0 }, advantage: higher };
  if (asA === "black" && asB === "black") {
    if (va >= 2 * vb) return { kind: "double-strike", wounds: { a: 0, b: 1 }, advantage: "a" };
    if (vb >= 2 * va) return { kind: "double-strike", wounds: { a: 1, b: 0 }, advantage: "b" };
    return { kind: "both-wounded", wounds: { a: 1, b: 1 }, advantage: higher };
  }
  const red: Side = asA === "red" ? "a" : "b";
  const vr = red === "a" ? va : vb;
  const vk = red === "a" ? vb : va;
  if (vr >= vk) return { kind: "parried", wounds: { a: 0, b: 0 }, advantage: red };
  return { kind: "wounded", wounds: { a: red === "a" ? 1 : 0, b: red === "b" ? 1 : 0 }, advantage: otherSide(red) };
}

// ---------------------------------------------------------------------------------------------
// End of the duel and its consequences
// ---------------------------------------------------------------------------------------------

export type DuelEnd = "kill" | "mutual-kill" | "honour-satisfied";

export interface DuelOutcome {
  end: DuelEnd;
  /** The side that killed its opponent, or null (honour satisfied, or both killed). */
  winner: Side | null;
  killed: Record<Side, boolean>;
  /** Wounds each fighter carries at the end of the duel. */
  wounds: Record<Side, number>;
}

/**
 * The duel's outcome once it is over: 3 wounds kill; if nobody is dead when the cards run out,
 * honour is satisfied (seed "Personal Combat", ruling SW-22). Returns null while it goes on.
 */
export function duelOutcome(wounds: Record<Side, number>, cardsLeft: boolean): DuelOutcome | null {
  const killed = { a: wounds.a >= KILLING_WOUNDS, b: wounds.b >= KILLING_WOUNDS };
  if (killed.a && killed.b) return { end: "mutual-kill", winner: null, killed, wounds: { ...wounds } };
  if (killed.a || killed.b) return { end: "kill", winner: killed.a ? "b" : "a", killed, wounds: { ...wounds } };
  if (cardsLeft) return null;
  return { end: "honour-satisfied", winner: null, killed, wounds: { ...wounds } };
}

/** One side of a personal combat, for its consequences. */
export interface DuelSide {
  /** The leader whose contingent this fighter stands for (the leader himself, or his champion's master). */
  leader: LeaderState;
  fighter: Fighter;
  /** Every unit of this side's army (the function picks out the contingent's). */
  units: UnitState[];
}

export interface SideAfter {
  leader: LeaderState;
  units: UnitState[];
  /** The heroic champion was killed: his attachment has been removed from the retinue. */
  heroicChampionLost: boolean;
}

export interface Consequences {
  a: SideAfter;
  b: SideAfter;
  notes: string[];
}

function removeHeroicChampion(units: UnitState[], leader: LeaderState): UnitState[] {
  let removed = false;
  const pick = (u: UnitState) => !removed && u.attachments.includes("heroic-champion");
  const order = [...units.filter((u) => u.id === leader.unit), ...units.filter((u) => u.id !== leader.unit && u.contingent === leader.contingent)];
  const target = order.find(pick);
  if (!target) return units;
  return units.map((u) => {
    if (u.id !== target.id) return u;
    removed = true;
    const i = u.attachments.indexOf("heroic-champion");
    return { ...u, attachments: [...u.attachments.slice(0, i), ...u.attachments.slice(i + 1)] };
  });
}

/**
 * Everything that follows a personal combat (seed "Personal Combat", "Disorder Points",
 * "Aggression Levels"; rulings SW-7, SW-12, SW-13):
 * - Kill: the winning leader's LP value rises by 1 (to at most 6, ruling SW-7) unless a champion
 *   fought for him or he took 2 wounds; every unit of the winner's contingent rises one
 *   aggression level; every unit of the loser's contingent takes 1 morale DP (4-DP overflow,
 *   ruling SW-12). A dead leader is killed, with the leader-killed aggression drop (his
 *   contingent, or the whole army for the commander-in-chief); a dead heroic champion is gone.
 * - Honour satisfied: a side whose fighter (leader or champion) took 2 wounds loses 1 from its
 *   leader's LP value; a value of 0 kills him (ruling SW-7).
 * - Both killed (option `mutualKill`): both deaths count; with "both-lose" each contingent also
 *   takes the loser's DP.
 * The unit and LP changes go through morale.ts (personalCombatOutcome, leaderKilled) and
 * leaders.ts (changeLpValue), so each rule has one implementation.
 */
export function duelConsequences(
  outcome: DuelOutcome,
  sides: Record<Side, DuelSide>,
  options: Partial<PersonalCombatOptions> = {},
): Consequences {
  const opts = personalCombatOptions(options);
  const notes: string[] = [];
  const after: Record<Side, SideAfter> = {
    a: { leader: sides.a.leader, units: sides.a.units, heroicChampionLost: false },
    b: { leader: sides.b.leader, units: sides.b.units, heroicChampionLost: false },
  };
  const fighterName = (s: Side) => (sides[s].fighter.kind === "leader" ? after[s].leader.name : `${after[s].leader.name}'s ${FIGHTER_NAME[sides[s].fighter.kind]}`);
  const leaderDied = (s: Side) => {
    const k = leaderKilled(after[s].units, after[s].leader);
    after[s].units = k.value;
    notes.push(...k.notes);
  };
  const changeLp = (s: Side, delta: number, reason: string) => {
    const wasAlive = after[s].leader.status === "alive";
    const c = changeLpValue(after[s].leader, delta, reason);
    after[s].leader = c.value;
    notes.push(...c.notes);
    if (wasAlive && c.value.status === "killed") leaderDied(s);
  };
  // "1 DP if leader or champion lost personal combat": a morale DP (ruling SW-12).
  const loses = (s: Side) => {
    const r = personalCombatOutcome([], after[s].units, { winnerContingent: "", loserContingent: after[s].leader.contingent });
    after[s].units = r.losers;
    notes.push(`${fighterName(s)} lost the personal combat: 1 morale DP on every unit of the contingent`, ...r.notes);
  };
  const dies = (s: Side) => {
    const kind = sides[s].fighter.kind;
    if (kind === "leader") {
      if (after[s].leader.status !== "alive") return;
      after[s].leader = { ...after[s].leader, status: "killed" };
      notes.push(`${after[s].leader.name} is killed in personal combat`);
      leaderDied(s);
    } else if (kind === "heroic-champion") {
      after[s].units = removeHeroicChampion(after[s].units, after[s].leader);
      after[s].heroicChampionLost = true;
      notes.push(`${after[s].leader.name}'s heroic champion is killed`);
    } else notes.push(`${after[s].leader.name}'s champion is killed`);
  };

  if (outcome.end === "kill") {
    const w = outcome.winner!;
    const l = otherSide(w);
    const wl = after[w].leader;
    if (sides[w].fighter.kind !== "leader") notes.push(`${wl.name}'s LP value does not rise: a champion fought in his place`);
    else if (outcome.wounds[w] >= 2) notes.push(`${wl.name}'s LP value does not rise: he took ${outcome.wounds[w]} wounds`);
    else changeLp(w, 1, "wins the personal combat by killing his opponent");
    const r = personalCombatOutcome(after[w].units, [], { winnerContingent: wl.contingent, loserContingent: "" });
    after[w].units = r.winners;
    notes.push(`${fighterName(w)} won the personal combat: every unit of the contingent rises one aggression level`, ...r.notes);
    dies(l);
    loses(l);
  } else if (outcome.end === "mutual-kill") {
    notes.push("Both fighters fall: nobody wins");
    for (const s of SIDES) {
      dies(s);
      if (opts.mutualKill === "both-lose") loses(s);
    }
  } else {
    notes.push("No one is killed: honour is satisfied, with no winner or loser");
    for (const s of SIDES) {
      if (outcome.wounds[s] < 2) continue;
      changeLp(s, -1, `loss of prestige: ${fighterName(s)} took ${outcome.wounds[s]} wounds`);
    }
  }
  return { a: after.a, b: after.b, notes };
}

/** The LP ceiling a winning leader can reach (ruling SW-7, shared with the Ace). */
export const DUEL_LP_CEILING = LP_CEILING;
