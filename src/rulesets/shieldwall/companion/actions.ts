/**
 * Changes the players make without dice: the leaders' LP actions (seed "Leaders", rulings SW-7,
 * SW-8, through ../leaders.ts) and corrections of the tracked pebbles (a DP added by a trigger the
 * table decides, such as a friend retiring within 2", goes through the SW-12 rule; other fields
 * are set as the table shows them, and the log marks them as corrections).
 */
import { type Side } from "../army.js";
import { keepToken, type GodTokens, godEffect } from "../gods.js";
import { campFollowersAdditionalDp, campFollowersRemoveDp, changeAggression, increaseCohesion, LeadershipError, signalAdvance } from "../leaders.js";
import { leaderKilled } from "../morale.js";
import { addDisorder, AGGRESSION_NAME, type Aggression, type DpKind, dropAggression, type LeaderState, raiseAggression, type UnitState } from "../units.js";
import { CompanionError, type CompanionState, leaderOf, logged, sideOf, unitOf, withChanges } from "./state.js";

export type LeaderActionKind = "increaseCohesion" | "raiseAggression" | "lowerAggression" | "signalAdvance";

/**
 * A leader's LP action on a unit the players have checked is within 2" of his retinue (ruling
 * SW-4). Refused in the rules' words when he may not (dead, retinue in combat, LPs left).
 */
export function leaderAction(state: CompanionState, leaderId: string, action: LeaderActionKind, targetId?: string): CompanionState {
  const leader = leaderOf(state, leaderId);
  const side = sideOf(state, leaderId);
  const retinue = state.sides[side].units.find((u) => u.id === leader.unit);
  const inCombat = retinue?.inCombat === true;
  try {
    if (action === "signalAdvance") {
      const r = signalAdvance(leader, inCombat, state.sides[side].units.map((u) => ({ unit: u, battleStandardWithin2: u.attachments.includes("battle-standard") })));
      return logged(withChanges(state, [], [r.leader]), r.notes);
    }
    if (!targetId) throw new CompanionError("target: choose the unit (within 2\" of his retinue)");
    const target = unitOf(state, targetId);
    if (sideOf(state, targetId) !== side) throw new CompanionError(`target: ${target.name} is not ${leader.name}'s`);
    const r =
      action === "increaseCohesion"
        ? increaseCohesion(leader, inCombat, { unit: target, within2: true })
        : changeAggression(leader, inCombat, { unit: target, within2: true }, action === "raiseAggression" ? "raise" : "lower");
    return logged(withChanges(state, [r.unit], [r.leader]), r.notes);
  } catch (err) {
    if (err instanceof LeadershipError || err instanceof CompanionError) throw new CompanionError(err.message);
    throw err;
  }
}

/**
 * Camp followers (ruling SW-6): remove 1 DP from a unit of their contingent within 2" (the players
 * check the distance), or their additional DP from their own unit, even in combat.
 */
export function campFollowers(state: CompanionState, hostId: string, targetId: string, additional = false): CompanionState {
  const host = unitOf(state, hostId);
  const target = unitOf(state, targetId);
  try {
    const r = additional ? campFollowersAdditionalDp(host) : campFollowersRemoveDp({ host, target, within2: true });
    return logged(withChanges(state, [r.value]), r.notes);
  } catch (err) {
    throw new CompanionError((err as Error).message);
  }
}

export type UnitCorrection =
  | { field: "dp"; kind: DpKind; delta: 1 | -1 }
  | { field: "aggression"; delta: 1 | -1 }
  | { field: "stands"; delta: 1 | -1 }
  | { field: "formed" | "inCombat"; value: boolean }
  | { field: "status"; value: UnitState["status"] };

/** Corrects a unit's pebbles. A DP added follows ruling SW-12 (from 4 DPs a shooting, combat or morale DP drops a level instead). */
export function correctUnit(state: CompanionState, unitId: string, c: UnitCorrection): CompanionState {
  const u = unitOf(state, unitId);
  let value: UnitState = u;
  let notes: string[];
  switch (c.field) {
    case "dp": {
      if (c.delta > 0) ({ value, notes } = addDisorder(u, c.kind, 1));
      else {
        if (u.dp[c.kind] < 1) throw new CompanionError(`dp.${c.kind}: ${u.name} has no ${c.kind} DP`);
        value = { ...u, dp: { ...u.dp, [c.kind]: u.dp[c.kind] - 1 } };
        notes = [`${u.name} loses 1 ${c.kind} DP`];
      }
      break;
    }
    case "aggression": {
      // A drop below Shaken costs a stand (ruling SW-13).
      ({ value, notes } = c.delta > 0 ? raiseAggression(u, 1) : dropAggression(u, 1));
      break;
    }
    case "stands": {
      const stands = u.stands + c.delta;
      if (stands < 0) throw new CompanionError(`stands: ${u.name} has no stand left`);
      value = { ...u, stands, status: stands === 0 ? "destroyed" : u.status === "destroyed" ? "active" : u.status };
      notes = [`${u.name}: ${stands} stand${stands === 1 ? "" : "s"}${stands === 0 ? " (destroyed)" : ""}`];
      break;
    }
    case "formed":
    case "inCombat":
      value = { ...u, [c.field]: c.value };
      notes = [`${u.name}: ${c.field === "formed" ? (c.value ? "formed" : "unformed") : c.value ? "in combat" : "out of combat"}`];
      break;
    case "status":
      value = { ...u, status: c.value };
      notes = [`${u.name}: ${c.value}`];
      break;
  }
  return logged(withChanges(state, [value]), notes.map((n) => `correction: ${n}`));
}

export type LeaderCorrection = { field: "lpValue" | "lpSpent" | "wounds"; delta: 1 | -1 } | { field: "status"; value: LeaderState["status"] };

/** Corrects a leader's tracked values. A leader marked killed shakes his contingent (or army, as commander-in-chief). */
export function correctLeader(state: CompanionState, leaderId: string, c: LeaderCorrection): CompanionState {
  const l = leaderOf(state, leaderId);
  if (c.field === "status") {
    let next = withChanges(state, [], [{ ...l, status: c.value }]);
    const notes = [`correction: ${l.name} is ${c.value}`];
    if (l.status === "alive" && c.value === "killed") {
      const r = leaderKilled(next.sides[sideOf(state, leaderId)].units, l);
      next = withChanges(next, r.value);
      notes.push(...r.notes);
    }
    return logged(next, notes);
  }
  const v = l[c.field] + c.delta;
  const max = c.field === "lpValue" ? 6 : 20;
  if (v < 0 || v > max) throw new CompanionError(`${c.field}: must stay between 0 and ${max}`);
  return logged(withChanges(state, [], [{ ...l, [c.field]: v }]), [`correction: ${l.name}'s ${c.field === "lpValue" ? "LP value" : c.field === "lpSpent" ? "LPs spent this turn" : "wounds"} ${l[c.field]} → ${v}`]);
}

/** Corrects a side's kept Five or Seven tokens (ruling SW-11). */
export function correctTokens(state: CompanionState, side: Side, token: keyof GodTokens, delta: 1 | -1): CompanionState {
  const t = state.sides[side].tokens;
  if (t[token] + delta < 0) throw new CompanionError(`tokens.${token}: ${side} has none`);
  const tokens = delta > 0 ? keepToken(t, godEffect({ rank: token === "fortune" ? "7" : "5", suit: side === "red" ? "hearts" : "spades" })) : { ...t, [token]: t[token] - 1 };
  return logged({ ...state, sides: { ...state.sides, [side]: { ...state.sides[side], tokens } } }, [`correction: ${side} has ${tokens[token]} kept ${token === "fortune" ? "Seven" : "Five"} token${tokens[token] === 1 ? "" : "s"}`]);
}

/** Corrects the first joker's soggy ground. */
export function correctSoggyGround(state: CompanionState, soggy: boolean): CompanionState {
  return logged({ ...state, god: { ...state.god, soggyGround: soggy } }, [`correction: the ground is ${soggy ? "soggy (fatigue on 4-6)" : "dry"}`]);
}

/** "Aggression name" for the page. */
export function aggressionName(a: Aggression): string {
  return AGGRESSION_NAME[a];
}

