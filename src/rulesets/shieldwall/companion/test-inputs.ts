/**
 * The companion tests' inputs (tests.ts): the form fields' types, reading and checking what the
 * players entered (naming the field), building each shared mechanic's input from it, the
 * defaults read from the tracked state, and the odds chart's bars.
 */
import type { Dist } from "../../../core/distribution.js";
import type { Fraction } from "../../../core/fraction.js";
import { type ChargeInput, type ControlInput, type ControlOutcome, shootingRefusal } from "../checks.js";
import { type Combatant, type CombatInput, combatProblem, type FinalResult } from "../combat.js";
import { leaderKilled } from "../morale.js";
import { MOVE_KINDS, type MoveDiceInput, type MoveKind } from "../move-dice.js";
import { AGGRESSION_LEVELS, AGGRESSION_NAME, type Aggression, type Grade, type LeaderState, type UnitState } from "../units.js";
import { CompanionError, type CompanionState, leaderOf, leaderWith, sideOf, unitOf, withChanges } from "./state.js";

/** One editable input of a test, for a form. `unit`/`leader` fields hold an id; `who` limits the choice. */
export type TestField =
  | { key: string; label: string; type: "boolean" }
  | { key: string; label: string; type: "number"; min: number; max: number }
  | { key: string; label: string; type: "enum"; options: readonly { value: string; label: string }[] }
  | { key: string; label: string; type: "unit"; who: "any" | "own" | "enemy"; optional?: boolean }
  | { key: string; label: string; type: "leader" };

export type TestInput = Record<string, string | number | boolean>;

/** A probability as exact fraction and decimal (Fraction.toJSON). */
export interface ExactP {
  fraction: string;
  decimal: number;
}

export interface OddsView {
  title: string;
  /** Bars of the chart in order (worst to best where ordered), each with its exact probability. */
  bars: { label: string; p: ExactP; atLeast?: ExactP }[];
  showAtLeast: boolean;
  /** One-line figures (e.g. "charges: 1/2"). */
  headline: { label: string; p: ExactP }[];
  /** The modifiers in force, as the rules name them. */
  modifiers: string[];
}

export const ex = (f: Fraction): ExactP => f.toJSON() as ExactP;

export function distBars<T>(d: Dist<T>, order: readonly T[] | null, label: (v: T) => string, ordered: boolean): OddsView["bars"] {
  const outs = d.outcomes();
  const list = order ? order.filter((v) => outs.some((o) => o.value === v)).map((v) => ({ value: v, p: d.probOf(v) })) : outs;
  return list.map((o, i) => {
    let at: Fraction | undefined;
    if (ordered) for (const later of list.slice(i)) at = at ? at.add(later.p) : later.p;
    return { label: label(o.value), p: ex(o.p), atLeast: at ? ex(at) : undefined };
  });
}

export const modText = (parts: [string, number][]) => parts.map(([l, v]) => `${v >= 0 ? "+" : ""}${v} ${l}`);

// ---- reading the input ----

export function str(input: TestInput, key: string): string {
  const v = input[key];
  if (typeof v !== "string") throw new CompanionError(`${key}: missing`);
  return v;
}
export function num(input: TestInput, key: string, min: number, max: number): number {
  const v = input[key];
  if (typeof v !== "number" || !Number.isInteger(v)) throw new CompanionError(`${key}: must be a whole number`);
  if (v < min || v > max) throw new CompanionError(`${key}: must be ${min} to ${max}, got ${v}`);
  return v;
}
export function flag(input: TestInput, key: string): boolean {
  return input[key] === true;
}

export function activeUnit(state: CompanionState, input: TestInput, key: string): UnitState {
  const id = str(input, key);
  let u: UnitState;
  try {
    u = unitOf(state, id);
  } catch {
    throw new CompanionError(`${key}: no unit "${id}"`);
  }
  if (u.status !== "active") throw new CompanionError(`${key}: ${u.name} is ${u.status}`);
  return u;
}

export function aliveLeader(state: CompanionState, input: TestInput, key: string): LeaderState {
  const id = str(input, key);
  let l: LeaderState;
  try {
    l = leaderOf(state, id);
  } catch {
    throw new CompanionError(`${key}: no leader "${id}"`);
  }
  if (l.status !== "alive") throw new CompanionError(`${key}: ${l.name} is ${l.status}`);
  return l;
}

export const GRADES = ["A", "B", "C", "D"].map((g) => ({ value: g, label: `grade ${g}` }));
export const AGGRESSIONS = AGGRESSION_LEVELS.map((a) => ({ value: a, label: AGGRESSION_NAME[a] }));

/** A dead leader's contingent (or whole army for the commander-in-chief) drops one level. */
export function afterLeaderFate(state: CompanionState, before: LeaderState, after: LeaderState): { state: CompanionState; notes: string[] } {
  let s = withChanges(state, [], [after]);
  if (before.status === "alive" && after.status === "killed") {
    const side = sideOf(state, after.id);
    const r = leaderKilled(s.sides[side].units, after);
    s = withChanges(s, r.value);
    return { state: s, notes: r.notes };
  }
  return { state: s, notes: [] };
}

// ---- each test's input, read and checked ----

export const controlInput = (i: TestInput): ControlInput => ({
  grade: str(i, "grade") as Grade,
  aggression: str(i, "aggression") as Aggression,
  aGradeChoice: str(i, "aGradeChoice") as ControlInput["aGradeChoice"],
});

export function moveInput(i: TestInput): MoveDiceInput & { formed: boolean; soggyGround: boolean } {
  const kind = str(i, "moveKind");
  if (!MOVE_KINDS.includes(kind as MoveKind)) throw new CompanionError(`moveKind: must be ${MOVE_KINDS.join(", ")}, got "${kind}"`);
  return { kind: kind as MoveKind, extraD6: flag(i, "extraD6"), formed: flag(i, "formed"), soggyGround: flag(i, "soggyGround") };
}

export const chargeInput = (i: TestInput): ChargeInput => ({
  grade: str(i, "grade") as Grade,
  aggression: str(i, "aggression") as Aggression,
  dp: num(i, "dp", 0, 40),
  unformed: flag(i, "unformed"),
  retinueWithLeader: flag(i, "retinueWithLeader"),
  friendChargingWithin2: flag(i, "friendChargingWithin2"),
  battleStandardWithin2: flag(i, "battleStandardWithin2"),
});

export function shootingInput(state: CompanionState, i: TestInput) {
  const shooter = activeUnit(state, i, "unit");
  const why = shootingRefusal(shooter);
  if (why) throw new CompanionError(`unit: ${why}`);
  const target = activeUnit(state, i, "target");
  if (sideOf(state, target.id) === sideOf(state, shooter.id)) throw new CompanionError(`target: ${target.name} is on the shooter's own side`);
  const skilled = flag(i, "skilledArcher");
  if (skilled && state.sides[sideOf(state, shooter.id)].tokens.skilledArcher < 1) throw new CompanionError("skilledArcher: no kept Five (skilled archer) token on this side (ruling SW-11)");
  return { shooter, target, input: { shooterStands: num(i, "shooterStands", 1, shooter.stands), skilledArcher: skilled, targetIsRetinue: target.kind === "retinue", targetInCover: flag(i, "targetInCover") } };
}

export const SIDE_KEYS = ["Unit", "Engaged", "Charged", "FlankOrRear", "OpponentHasGround", "Leader", "FlankSupport", "FollowingUp", "FightToTheDeath"] as const;

export function combatInput(state: CompanionState, i: TestInput): CombatInput {
  const one = (side: "a" | "b"): Combatant => {
    const u = activeUnit(state, i, `${side}Unit`);
    return {
      unit: u,
      engagedStands: num(i, `${side}Engaged`, 1, Math.max(1, u.stands)),
      charged: flag(i, `${side}Charged`),
      flankOrRear: flag(i, `${side}FlankOrRear`),
      opponentHasGround: flag(i, `${side}OpponentHasGround`),
      leader: flag(i, `${side}Leader`),
      flankSupport: num(i, `${side}FlankSupport`, 0, 2) as 0 | 1 | 2,
      followingUp: flag(i, `${side}FollowingUp`),
      fightToTheDeath: flag(i, `${side}FightToTheDeath`),
    };
  };
  const input: CombatInput = { chargeCombat: flag(i, "chargeCombat"), a: [one("a")], b: [one("b")] };
  if (input.a[0].unit.id === input.b[0].unit.id) throw new CompanionError("bUnit: a unit cannot fight itself");
  if (sideOf(state, input.a[0].unit.id) === sideOf(state, input.b[0].unit.id)) throw new CompanionError("bUnit: both units are on the same side");
  const problem = combatProblem(input);
  if (problem) throw new CompanionError(problem);
  return input;
}

export function combatDefaults(state: CompanionState, unitA: UnitState, unitB: UnitState | undefined): TestInput {
  const side = (key: "a" | "b", u: UnitState | undefined): TestInput => ({
    [`${key}Unit`]: u?.id ?? "",
    [`${key}Engaged`]: Math.max(1, u?.stands ?? 1),
    // A Shaken unit gets no charge bonus (combatProblem), as in the battle's combat input.
    [`${key}Charged`]: u ? state.chargedThisTurn.includes(u.id) && u.aggression !== "shaken" : false,
    [`${key}FlankOrRear`]: false,
    [`${key}OpponentHasGround`]: false,
    [`${key}Leader`]: u ? leaderWith(state, u.id) !== undefined && (u.grade === "A" || u.grade === "B") : false,
    [`${key}FlankSupport`]: 0,
    [`${key}FollowingUp`]: false,
    [`${key}FightToTheDeath`]: false,
  });
  const charge = state.chargedThisTurn.includes(unitA.id) || (unitB !== undefined && state.chargedThisTurn.includes(unitB.id));
  return { chargeCombat: charge, ...side("a", unitA), ...side("b", unitB) };
}

/** The control test's outcomes in words (the table's instructions). */
export const CONTROL_TEXT: Record<ControlOutcome, string> = {
  retire: "Shaken: retire",
  halt: "halt",
  free: "act as the player wishes",
  "repeat-move": "repeat the last move",
  "advance-and-charge": "Blood Lust: advance and charge",
};

export const FINAL_ORDER: FinalResult[] = ["defeat", "setback", "separated", "success", "victory"];
