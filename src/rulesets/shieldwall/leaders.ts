/**
 * Leaders (seed "Leaders", "Deployment", "Rest and Reform", "Turn Sequence"): the LP actions and
 * their costs, who may act (ruling SW-8), the per-turn allowance and changes to the LP value
 * (ruling SW-7), camp followers (ruling SW-6), the signal to advance with its initial moves,
 * rest and reform by grade, and the initiative and deployment dice. Pure functions.
 */
import { D6, dieDist, rollDie } from "../../core/dice.js";
import type { Dist } from "../../core/distribution.js";
import type { Random } from "../../core/random.js";
import {
  AGGRESSION_NAME,
  type Aggression,
  aggressionIndex,
  type Changed,
  dropAggression,
  type LeaderState,
  raiseAggression,
  removeDisorder,
  totalDp,
  type UnitState,
} from "./units.js";

/** LP costs of the leadership actions (seed "Leaders"). */
export const LP_COSTS = {
  increaseCohesion: 2,
  changeAggression: 2,
  signalAdvance: 1,
  issueChallenge: 3,
  acceptChallenge: 3,
  callHolyPerson: 1,
} as const;
export type LeaderAction = keyof typeof LP_COSTS;

/** The Ace raises a value to at most 6 (ruling SW-7). */
export const LP_CEILING = 6;

export function lpLeft(leader: LeaderState): number {
  return leader.lpValue - leader.lpSpent;
}

/**
 * Why a leader may not spend `cost` LPs now, or null if he may: he must be alive, his retinue
 * must not be in combat (ruling SW-8), and he has only his value for this turn (ruling SW-7).
 */
export function cannotSpend(leader: LeaderState, retinueInCombat: boolean, cost: number): string | null {
  if (leader.status !== "alive") return `${leader.name} is ${leader.status}`;
  if (retinueInCombat) return `${leader.name}'s retinue is in combat, so he spends no LPs (ruling SW-8)`;
  if (lpLeft(leader) < cost) return `${leader.name} has ${lpLeft(leader)} LP${lpLeft(leader) === 1 ? "" : "s"} left this turn, needs ${cost} (ruling SW-7)`;
  return null;
}

export class LeadershipError extends Error {
  override name = "LeadershipError";
}

/** Spends the cost of an action; throws LeadershipError with the reason if he may not. */
export function spendLp(leader: LeaderState, action: LeaderAction, retinueInCombat: boolean): Changed<LeaderState> {
  const cost = LP_COSTS[action];
  const why = cannotSpend(leader, retinueInCombat, cost);
  if (why) throw new LeadershipError(why);
  const value = { ...leader, lpSpent: leader.lpSpent + cost };
  return { value, notes: [`${leader.name} spends ${cost} LP${cost === 1 ? "" : "s"} (${lpLeft(value)} left)`] };
}

/** Start of a turn: the LP allowance refreshes and unspent points lapse (ruling SW-7). */
export function refreshLeader(leader: LeaderState): LeaderState {
  return leader.lpSpent === 0 ? leader : { ...leader, lpSpent: 0 };
}

/**
 * Changes a leader's LP value (ruling SW-7): wounds, refusing a challenge, lost prestige and the
 * Ace (at most 6). A value of 0 kills him.
 */
export function changeLpValue(leader: LeaderState, delta: number, reason: string): Changed<LeaderState> {
  if (leader.status !== "alive") return { value: leader, notes: [`${leader.name} is ${leader.status}`] };
  const lpValue = Math.max(0, Math.min(LP_CEILING, leader.lpValue + delta));
  const value: LeaderState = { ...leader, lpValue, status: lpValue === 0 ? "killed" : leader.status };
  const notes = [`${leader.name}: ${reason}, LP value ${leader.lpValue} → ${lpValue}`];
  if (delta > 0 && lpValue === leader.lpValue) notes[0] = `${leader.name}: ${reason}, but his LP value is already ${LP_CEILING}`;
  if (lpValue === 0) notes.push(`${leader.name}'s LPs are reduced to 0: he is killed`);
  return { value, notes };
}

export interface UnitTarget {
  unit: UnitState;
  /** The unit is within 2" of the leader's retinue (ruling SW-4). */
  within2: boolean;
}

function checkTarget(t: UnitTarget): void {
  if (t.unit.status !== "active") throw new LeadershipError(`${t.unit.name} is ${t.unit.status}`);
  if (t.unit.inCombat) throw new LeadershipError(`${t.unit.name} is in combat: a leader cannot act on it`);
  if (!t.within2) throw new LeadershipError(`${t.unit.name} is not within 2" of the leader's retinue`);
}

/** 2 LPs: "Increase Cohesion. Remove 1 DP from any unit within 2" that is not in combat." */
export function increaseCohesion(leader: LeaderState, retinueInCombat: boolean, target: UnitTarget): { leader: LeaderState; unit: UnitState; notes: string[] } {
  checkTarget(target);
  if (totalDp(target.unit) === 0) throw new LeadershipError(`${target.unit.name} has no DPs to remove`);
  const spent = spendLp(leader, "increaseCohesion", retinueInCombat);
  const r = removeDisorder(target.unit, 1);
  return { leader: spent.value, unit: r.value, notes: [...spent.notes, ...r.notes] };
}

/** 2 LPs: "Change Aggression. Raise or lower the aggression of any unit within 2" that is not in combat by 1 level." */
export function changeAggression(
  leader: LeaderState,
  retinueInCombat: boolean,
  target: UnitTarget,
  direction: "raise" | "lower",
): { leader: LeaderState; unit: UnitState; notes: string[] } {
  checkTarget(target);
  if (direction === "raise" && target.unit.aggression === "bloodlust") throw new LeadershipError(`${target.unit.name} is already at Blood Lust`);
  if (direction === "lower" && target.unit.aggression === "shaken") throw new LeadershipError(`${target.unit.name} is already Shaken; a leader does not lower it further`);
  const spent = spendLp(leader, "changeAggression", retinueInCombat);
  const r = direction === "raise" ? raiseAggression(target.unit, 1) : dropAggression(target.unit, 1);
  return { leader: spent.value, unit: r.value, notes: [...spent.notes, ...r.notes] };
}

/** Initial move on the signal to advance (seed "Deployment"), in inches. */
export const INITIAL_MOVE: Record<Aggression, number> = { shaken: 0, present: 1, ready: 2, bloodlust: 3 };

export interface InitialMoveInput {
  unit: UnitState;
  /** The battle standard is within 2" of the unit (ruling SW-1: the scan's 17 is 1"). */
  battleStandardWithin2?: boolean;
  /** The player takes the standard's extra inch (a choice; default yes when allowed). */
  useStandard?: boolean;
}

/** One unit's initial move when its contingent's advance is signalled. */
export function initialMove(input: InitialMoveInput): { inches: number; note: string } {
  const u = input.unit;
  const base = INITIAL_MOVE[u.aggression];
  if (u.aggression === "shaken") return { inches: 0, note: `${u.name} is Shaken and may not move` };
  const bonus = u.aggression !== "bloodlust" && input.battleStandardWithin2 === true && input.useStandard !== false ? 1 : 0;
  return {
    inches: base + bonus,
    note: `${u.name} (${AGGRESSION_NAME[u.aggression]}) advances ${base + bonus}"${bonus ? " (+1\" for the battle standard within 2\")" : ""}`,
  };
}

/**
 * 1 LP: signal the advance for the leader's contingent. Returns the leader (signalled) and each
 * unit's initial move (by aggression, +1" with the battle standard within 2").
 */
export function signalAdvance(
  leader: LeaderState,
  retinueInCombat: boolean,
  units: readonly InitialMoveInput[],
): { leader: LeaderState; moves: { unit: string; inches: number }[]; notes: string[] } {
  if (leader.signalled) throw new LeadershipError(`${leader.name} has already signalled the advance`);
  const spent = spendLp(leader, "signalAdvance", retinueInCombat);
  const notes = [...spent.notes, `${leader.name} signals the advance`];
  const moves = units
    .filter((m) => m.unit.contingent === leader.contingent && m.unit.status === "active")
    .map((m) => {
      const r = initialMove(m);
      notes.push(r.note);
      return { unit: m.unit.id, inches: r.inches };
    });
  return { leader: { ...spent.value, signalled: true }, moves, notes };
}

/** May this unit advance towards the enemy? Only after its leader signalled, and never while Shaken. */
export function mayAdvance(unit: UnitState, contingentSignalled: boolean): { ok: boolean; reason: string } {
  if (unit.aggression === "shaken") return { ok: false, reason: `${unit.name} is Shaken and may not advance towards the enemy` };
  if (!contingentSignalled) return { ok: false, reason: `${unit.name}'s leader has not signalled the advance; it may move only laterally or to the rear` };
  return { ok: true, reason: `${unit.name} may advance` };
}

/** Cost of issuing or accepting a challenge (a King's challenge is free, ruling SW-11). */
export function challengeCost(kind: "issue" | "accept", byKing = false): number {
  if (kind === "issue" && byKing) return 0;
  return kind === "issue" ? LP_COSTS.issueChallenge : LP_COSTS.acceptChallenge;
}

// ---- camp followers (ruling SW-6) ----

export interface CampFollowerInput {
  /** The unit the camp followers are attached to. */
  host: UnitState;
  target: UnitState;
  /** Target within 2" of the camp followers (their host unit). */
  within2: boolean;
}

/**
 * Camp followers remove 1 DP from any unit of their contingent within 2", even in combat (one
 * per group per leadership phase; its own unit counts).
 */
export function campFollowersRemoveDp(input: CampFollowerInput): Changed<UnitState> {
  const { host, target } = input;
  if (!host.attachments.includes("camp-followers")) throw new LeadershipError(`${host.name} has no camp followers`);
  if (target.status !== "active") throw new LeadershipError(`${target.name} is ${target.status}`);
  if (target.contingent !== host.contingent) throw new LeadershipError(`camp followers help only their own contingent, not ${target.name}`);
  if (target.id !== host.id && !input.within2) throw new LeadershipError(`${target.name} is not within 2" of the camp followers`);
  const r = removeDisorder(target, 1);
  return { value: r.value, notes: [`camp followers tend ${target.name}${target.inCombat ? " (even in combat)" : ""}`, ...r.notes] };
}

/**
 * The additional DP of camp followers (seed "Deployment": "Camp followers may also remove an
 * additional DP from the unit they are attached to in the leadership phase, even if the unit is
 * in combat"): 1 DP from their own unit, besides the one from any unit within 2".
 */
export function campFollowersAdditionalDp(host: UnitState): Changed<UnitState> {
  if (!host.attachments.includes("camp-followers")) throw new LeadershipError(`${host.name} has no camp followers`);
  if (host.status !== "active") throw new LeadershipError(`${host.name} is ${host.status}`);
  const r = removeDisorder(host, 1);
  return { value: r.value, notes: [`camp followers also tend their own unit, ${host.name} (an additional DP${host.inCombat ? ", even in combat" : ""})`, ...r.notes] };
}

/** Camp followers may move to join a different unit (ruling SW-6); other supernumeraries may not. */
export function moveCampFollowers(from: UnitState, to: UnitState): { from: UnitState; to: UnitState; notes: string[] } {
  const i = from.attachments.indexOf("camp-followers");
  if (i < 0) throw new LeadershipError(`${from.name} has no camp followers to move`);
  if (to.status !== "active") throw new LeadershipError(`${to.name} is ${to.status}`);
  if (to.id === from.id) throw new LeadershipError("the camp followers are already with that unit");
  const attachments = from.attachments.slice();
  attachments.splice(i, 1);
  return {
    from: { ...from, attachments },
    to: { ...to, attachments: [...to.attachments, "camp-followers"] },
    notes: [`camp followers move from ${from.name} to ${to.name}`],
  };
}

// ---- rest and reform ----

export interface RestInput {
  unit: UnitState;
  /** No enemy within 2" of the unit (C grade needs this). */
  beyond2OfEnemy: boolean;
  /** No enemy within 8" of the unit (D grade needs this). */
  beyond8OfEnemy: boolean;
  /** The unit's contingent has signalled the advance. */
  signalled: boolean;
}

/** Why the unit would recover no DP by resting, or null (seed "Rest and Reform"). */
export function restBlocked(input: RestInput): string | null {
  const u = input.unit;
  if (u.inCombat) return `${u.name} is in combat and cannot rest`;
  if (u.grade === "C" && !input.beyond2OfEnemy) return `${u.name} (C grade) must be beyond 2" of all enemy to rest`;
  if (u.grade === "D" && !input.beyond8OfEnemy) return `${u.name} (D grade) must be beyond 8" of all enemy to rest`;
  return null;
}

/**
 * A unit stays still in the movement phase to rest: A and B grade remove 1 DP if not in combat,
 * C grade if beyond 2" of all enemy, D grade if beyond 8". After the signal, a unit above
 * Present drops one level for halting to rest.
 */
export function restAndReform(input: RestInput): Changed<UnitState> {
  let u = input.unit;
  const notes: string[] = [];
  const blocked = restBlocked(input);
  if (blocked) notes.push(blocked);
  else {
    const r = removeDisorder(u, 1);
    u = r.value;
    notes.push(...r.notes);
  }
  if (input.signalled && aggressionIndex(u.aggression) > aggressionIndex("present") && !u.inCombat) {
    const d = dropAggression(u, 1);
    u = d.value;
    notes.push(`${u.name} halts to rest after the signal`, ...d.notes);
  }
  return { value: u, notes };
}

// ---- initiative and deployment dice ----

export interface DiceOffInput {
  /** Current LP values of the two commanders-in-chief (ruling SW-8); null if a side has none. */
  redCincLp: number | null;
  blackCincLp: number | null;
}

/** +1 to the side whose commander-in-chief has more LPs (ruling SW-8). */
export function diceOffModifiers(input: DiceOffInput): { red: number; black: number } {
  const r = input.redCincLp ?? 0;
  const b = input.blackCincLp ?? 0;
  return { red: r > b ? 1 : 0, black: b > r ? 1 : 0 };
}

/**
 * Initiative: each side rolls a D6, +1 for the commander-in-chief with more LPs; the higher
 * wins, ties roll again (ruling SW-8).
 */
export function rollInitiative(rng: Random, input: DiceOffInput): { winner: "red" | "black"; rolls: [number, number][]; notes: string[] } {
  const mod = diceOffModifiers(input);
  const rolls: [number, number][] = [];
  for (;;) {
    const r = rollDie(rng, D6) + mod.red;
    const b = rollDie(rng, D6) + mod.black;
    rolls.push([r, b]);
    if (r !== b) {
      const winner = r > b ? "red" : "black";
      return { winner, rolls, notes: [`initiative: red ${r}, black ${b}${rolls.length > 1 ? ` after ${rolls.length - 1} tie(s)` : ""}: ${winner} wins`] };
    }
  }
}

/** Exact chance that red wins the initiative (ties re-rolled). */
export function initiativeDist(input: DiceOffInput): Dist<"red" | "black"> {
  const mod = diceOffModifiers(input);
  const d = dieDist(D6);
  const joint = d.map((x) => x + mod.red).combine(d.map((x) => x + mod.black), (r, b) => (r > b ? "red" : r < b ? "black" : "tie"));
  return joint.condition((v) => v !== "tie") as Dist<"red" | "black">;
}

/** Deployment dice: the same dice-off, but the lowest score deploys a contingent first. */
export function rollDeployment(rng: Random, input: DiceOffInput): { deploysFirst: "red" | "black"; notes: string[] } {
  const r = rollInitiative(rng, input);
  const low = r.winner === "red" ? "black" : "red";
  const note = r.notes[0].replace(/^initiative: /, "deployment dice: ").replace(/: (red|black) wins$/, `: ${low} scores lowest and deploys first`);
  return { deploysFirst: low, notes: [note] };
}
