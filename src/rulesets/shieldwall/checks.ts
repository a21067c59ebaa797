/**
 * The dice tests of Shieldwall outside combat: the control test, the charge test, shooting
 * (ruling SW-16), risk to leaders, the retinue-eliminated roll and the pursuers' free hack.
 *
 * Each rule is one function from the dice faces to the outcome; the seeded resolution rolls the
 * faces and calls it, and the exact distribution maps the dice's distribution through the very
 * same function, so the two cannot disagree.
 */
import { AVERAGE_DIE, countAtLeast, D6, dieDist, type Roll, rollDie, rollPool, successesDist } from "../../core/dice.js";
import { Dist } from "../../core/distribution.js";
import type { Random } from "../../core/random.js";
import { failedCharge } from "./morale.js";
import {
  type Aggression,
  AGGRESSION_NAME,
  addDisorder,
  aggressionIndex,
  type Changed,
  dropAggression,
  emptyDp,
  type Grade,
  type LeaderState,
  probeLeader,
  totalDp,
  type UnitState,
} from "./units.js";

// ======================= control test =======================

/** The optional ±1 for an A grade unit (seed "Control Test"): the owning player's choice each test. */
export type AGradeChoice = "plus" | "minus" | "none";

export interface ControlInput {
  grade: Grade;
  aggression: Aggression;
  /** Option `aGradeControl`: applies only to A grade; default "none". */
  aGradeChoice?: AGradeChoice;
}

export type ControlOutcome = "retire" | "halt" | "free" | "advance-and-charge" | "repeat-move";

export interface ControlResult {
  total: number;
  outcome: ControlOutcome;
  /** Pursuit continues only on 5+. */
  pursuitContinues: boolean;
  text: string;
}

/** Modifiers: +1 each level above Present, −1 if Shaken, ±1 (optional) if A grade. */
export function controlModifier(input: ControlInput): { total: number; parts: [string, number][] } {
  const parts: [string, number][] = [];
  const above = aggressionIndex(input.aggression) - aggressionIndex("present");
  if (above > 0) parts.push([`${AGGRESSION_NAME[input.aggression]} (+1 each level above Present)`, above]);
  if (input.aggression === "shaken") parts.push(["Shaken", -1]);
  const choice = input.aGradeChoice ?? "none";
  if (choice !== "none") {
    if (input.grade !== "A") throw new RangeError(`the optional ±1 of the control test is for A grade only, not ${input.grade}`);
    parts.push([`A grade (optional ${choice === "plus" ? "+1" : "-1"})`, choice === "plus" ? 1 : -1]);
  }
  return { total: parts.reduce((s, [, v]) => s + v, 0), parts };
}

/** Results table: 2− Shaken retire, others halt; 3–4 act as the player wishes; 5+ Blood Lust advance and charge, others repeat the last move. */
export function controlResult(total: number, aggression: Aggression): ControlResult {
  if (total <= 2) {
    const retire = aggression === "shaken";
    return { total, outcome: retire ? "retire" : "halt", pursuitContinues: false, text: `${total}: ${retire ? "Shaken: retire" : "halt"}; cease pursuit` };
  }
  if (total <= 4) return { total, outcome: "free", pursuitContinues: false, text: `${total}: act as the player wishes; cease pursuit` };
  const bl = aggression === "bloodlust";
  return {
    total,
    outcome: bl ? "advance-and-charge" : "repeat-move",
    pursuitContinues: true,
    text: `${total}: ${bl ? "Blood Lust: advance towards the nearest enemy and charge if within 2\"" : "repeat last move"}; pursuit continues`,
  };
}

export function resolveControl(rng: Random, input: ControlInput): ControlResult & { face: number; modifier: number } {
  const face = rollDie(rng, AVERAGE_DIE);
  const modifier = controlModifier(input).total;
  // Built field by field: a spread followed by new fields costs V8 a slow path (about 1 µs) each time.
  const r = controlResult(face + modifier, input.aggression);
  return { total: r.total, outcome: r.outcome, pursuitContinues: r.pursuitContinues, text: r.text, face, modifier };
}

export function controlDist(input: ControlInput): Dist<ControlOutcome> {
  const m = controlModifier(input).total;
  return dieDist(AVERAGE_DIE).map((f) => controlResult(f + m, input.aggression).outcome);
}

export interface ControlNeedInput {
  /** The unit is further than 2" from its leader's retinue (ruling SW-4). */
  beyond2OfRetinue: boolean;
  /** Part of a contingent with no breaks between it and the retinue, all moving the same way. */
  unbrokenLineSameDirection: boolean;
  /** The unit is pursuing and wants to stop (every unit, retinues included, tests). */
  ceasingPursuit: boolean;
  /** The unit's leader has been killed. */
  leaderKilled: boolean;
}

/** Who must take a control test at the start of the movement phase (seed "Control Test"). */
export function mustTakeControlTest(input: ControlNeedInput): { must: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (input.beyond2OfRetinue && !input.unbrokenLineSameDirection) reasons.push('further than 2" from the leader\'s retinue');
  if (input.ceasingPursuit) reasons.push("to cease pursuit");
  if (input.leaderKilled) reasons.push("its leader has been killed");
  return { must: reasons.length > 0, reasons };
}

// ======================= charge test =======================

export interface ChargeInput {
  grade: Grade;
  aggression: Aggression;
  /** Total DPs on the unit. */
  dp: number;
  unformed: boolean;
  /** A retinue whose leader is present (not killed). */
  retinueWithLeader: boolean;
  /** A friendly unit charging within 2". */
  friendChargingWithin2: boolean;
  /** The battle standard within 2" (ruling SW-1: the scan's 27 is 2"). */
  battleStandardWithin2: boolean;
}

export class ChargeRefused extends Error {
  override name = "ChargeRefused";
}

/** Shaken units may not initiate a charge (seed "Charges and Combat"). */
export function chargeRefusal(input: Pick<ChargeInput, "aggression">): string | null {
  return input.aggression === "shaken" ? "a Shaken unit may not initiate a charge" : null;
}

/** Blood Lust must declare a charge once within 2" of the enemy and charges automatically. */
export function mustDeclareCharge(input: Pick<ChargeInput, "aggression">): boolean {
  return input.aggression === "bloodlust";
}

export interface ChargeOptions {
  /**
   * "−1 if unformed or has 2 or more DPs": `"once"` (default) reads it as one modifier; `"each"`
   * gives −1 for unformed and another −1 for 2 or more DPs.
   */
  chargeDisorderPenalty: "once" | "each";
}
export const DEFAULT_CHARGE_OPTIONS: ChargeOptions = { chargeDisorderPenalty: "once" };

/** Every modifier of the charge test (by default the "unformed or 2+ DPs" −1 counts once). */
export function chargeModifiers(input: ChargeInput, options: ChargeOptions = DEFAULT_CHARGE_OPTIONS): { total: number; parts: [string, number][] } {
  const parts: [string, number][] = [];
  if (input.retinueWithLeader) parts.push(["retinue with leader present", 1]);
  if (input.aggression === "ready") parts.push(["Ready for Battle", 1]);
  if (input.friendChargingWithin2) parts.push(['a friendly unit charging within 2"', 1]);
  if (input.grade === "A") parts.push(["A grade", 1]);
  if (input.grade === "D") parts.push(["D grade", -1]);
  if (options.chargeDisorderPenalty === "each") {
    if (input.unformed) parts.push(["unformed", -1]);
    if (input.dp >= 2) parts.push(["2 or more DPs", -1]);
  } else if (input.unformed || input.dp >= 2) parts.push([input.unformed ? "unformed" : "2 or more DPs", -1]);
  if (input.battleStandardWithin2) parts.push(['battle standard within 2"', 1]);
  return { total: parts.reduce((s, [, v]) => s + v, 0), parts };
}

/** The charge rule on one D6 face: 4–6 after modifiers charges. */
export function chargeSucceeds(face: number, modifier: number): boolean {
  return face + modifier >= 4;
}

export interface ChargeResult {
  charges: boolean;
  automatic: boolean;
  face: number | null;
  modifier: number;
  text: string;
}

export function resolveCharge(rng: Random, input: ChargeInput, options?: ChargeOptions): ChargeResult {
  const refused = chargeRefusal(input);
  if (refused) throw new ChargeRefused(refused);
  const modifier = chargeModifiers(input, options).total;
  if (mustDeclareCharge(input)) return { charges: true, automatic: true, face: null, modifier, text: "Blood Lust: charges automatically" };
  const face = rollDie(rng, D6);
  const charges = chargeSucceeds(face, modifier);
  return { charges, automatic: false, face, modifier, text: `D6 ${face} ${modifier >= 0 ? "+" : "-"} ${Math.abs(modifier)} = ${face + modifier}: ${charges ? "charges" : "fails to charge"}` };
}

/** Exact probability that the unit charges. */
export function chargeDist(input: ChargeInput, options?: ChargeOptions): Dist<boolean> {
  const refused = chargeRefusal(input);
  if (refused) throw new ChargeRefused(refused);
  if (mustDeclareCharge(input)) return Dist.certain(true);
  const m = chargeModifiers(input, options).total;
  return dieDist(D6).map((f) => chargeSucceeds(f, m));
}

/** The charge test applied to the unit: a failure costs 1 morale DP ("1 DP if failed attempt to charge"). */
export function applyChargeResult(unit: UnitState, charges: boolean): Changed<UnitState> {
  return charges ? { value: unit, notes: [`${unit.name} charges`] } : failedCharge(unit);
}

// ======================= shooting (ruling SW-16) =======================

export interface ShootingOptions {
  /** A retinue in cover halves once (true, default) or twice (false). */
  halveOnceForRetinueInCover: boolean;
}
export const DEFAULT_SHOOTING_OPTIONS: ShootingOptions = { halveOnceForRetinueInCover: true };

export interface ShootingInput {
  /** Stands of the shooting unit that shoot. */
  shooterStands: number;
  /** The Five (skilled archer): one stand's dice doubled, before halving (ruling SW-16). */
  skilledArcher: boolean;
  targetIsRetinue: boolean;
  targetInCover: boolean;
}

/** 2 D6 per stand (4 for the skilled archer's stand), halved rounded up against a retinue or cover. */
export function shootingDice(input: ShootingInput, options: ShootingOptions = DEFAULT_SHOOTING_OPTIONS): { dice: number; notes: string[] } {
  if (!Number.isInteger(input.shooterStands) || input.shooterStands < 1) throw new RangeError(`a shooting unit needs at least 1 stand, got ${input.shooterStands}`);
  let dice = 2 * input.shooterStands;
  const notes = [`${input.shooterStands} stand${input.shooterStands > 1 ? "s" : ""} × 2 dice`];
  if (input.skilledArcher) {
    dice += 2;
    notes.push("skilled archer: one stand's dice doubled (+2)");
  }
  const halvings = input.targetIsRetinue && input.targetInCover && !options.halveOnceForRetinueInCover ? 2 : input.targetIsRetinue || input.targetInCover ? 1 : 0;
  for (let i = 0; i < halvings; i++) {
    dice = Math.ceil(dice / 2);
    notes.push(`halved (round up) for ${input.targetIsRetinue && (i === 0 || !input.targetInCover) ? "a retinue's armour" : "cover"}`);
  }
  return { dice, notes };
}

/** How the dice were halved, in the narrative's words (", halved for cover"), each halving said once; "" when they were not. */
export function shootingHalvingText(input: ShootingInput, options: ShootingOptions = DEFAULT_SHOOTING_OPTIONS): string {
  if (input.targetIsRetinue && input.targetInCover)
    return options.halveOnceForRetinueInCover ? ", halved once for a retinue in cover (option halveOnceForRetinueInCover)" : ", halved for a retinue and halved again for cover";
  if (input.targetIsRetinue) return ", halved for a retinue";
  return input.targetInCover ? ", halved for cover" : "";
}

/** A 6 hits. */
export const SHOOTING_HIT_ON = 6;

/**
 * Applies missile hits one at a time (ruling SW-16): while the target is above Present a hit
 * drops it one level; at Present or below each hit is 1 shooting DP (which, from 4 DPs on, drops
 * it a level instead, and below Shaken costs a stand: rulings SW-12, SW-13).
 */
export function applyShootingHits(unit: UnitState, hits: number): Changed<UnitState> {
  let u = unit;
  const notes: string[] = [];
  for (let i = 0; i < hits && u.status === "active"; i++) {
    const r = aggressionIndex(u.aggression) > aggressionIndex("present") ? dropAggression(u, 1) : addDisorder(u, "shooting");
    u = r.value;
    notes.push(...r.notes);
  }
  return { value: u, notes };
}

export function resolveShooting(rng: Random, input: ShootingInput, options?: ShootingOptions): { dice: number; roll: Roll; hits: number } {
  const { dice } = shootingDice(input, options);
  const roll = rollPool(rng, dice, D6);
  return { dice, roll, hits: countAtLeast(roll, SHOOTING_HIT_ON) };
}

export function shootingHitsDist(input: ShootingInput, options?: ShootingOptions): Dist<number> {
  return successesDist(shootingDice(input, options).dice, SHOOTING_HIT_ON, D6);
}

/** The target's state after the hits, as a plain outcome for distributions. */
export interface TargetOutcome {
  aggression: Aggression;
  dp: number;
  stands: number;
  destroyed: boolean;
}

export function targetOutcome(u: UnitState): TargetOutcome {
  return { aggression: u.aggression, dp: totalDp(u), stands: u.stands, destroyed: u.status === "destroyed" };
}

/** Exact distribution of the target's aggression, DPs and stands after being shot at. */
export function shootingTargetDist(target: UnitState, hits: Dist<number>): Dist<TargetOutcome> {
  return hits.map((h) => targetOutcome(applyShootingHits(target, h).value));
}

/** A unit that may shoot: active and not in combat (ruling SW-16). */
export function shootingRefusal(unit: UnitState): string | null {
  if (unit.status !== "active") return `${unit.name} is ${unit.status}`;
  if (unit.inCombat) return `${unit.name} is in combat and does not shoot (ruling SW-16)`;
  return null;
}

export interface Shot {
  shooter: string;
  target: string;
  targetInCover: boolean;
  skilledArcher?: boolean;
}

/**
 * A missile exchange (seed "Missile Exchange"): every shot is rolled against the units as they
 * were when the exchange began; only then are the hits applied ("results are not applied until
 * both sides have shot").
 */
export function missileExchange(rng: Random, units: readonly UnitState[], shots: readonly Shot[], options?: ShootingOptions): { units: UnitState[]; hits: Record<string, number>; notes: string[] } {
  const byId = new Map(units.map((u) => [u.id, u]));
  const hits: Record<string, number> = {};
  const notes: string[] = [];
  for (const s of shots) {
    const shooter = byId.get(s.shooter);
    const target = byId.get(s.target);
    if (!shooter || !target) throw new RangeError(`unknown unit in shot ${s.shooter} → ${s.target}`);
    const why = shootingRefusal(shooter);
    if (why) throw new RangeError(why);
    const r = resolveShooting(rng, { shooterStands: shooter.stands, skilledArcher: s.skilledArcher === true, targetIsRetinue: target.kind === "retinue", targetInCover: s.targetInCover }, options);
    hits[target.id] = (hits[target.id] ?? 0) + r.hits;
    notes.push(`${shooter.name} shoots at ${target.name}: ${r.dice} dice [${r.roll.faces.join(", ")}], ${r.hits} hit${r.hits === 1 ? "" : "s"}`);
  }
  const after = units.map((u) => {
    if (!hits[u.id]) return u;
    const r = applyShootingHits(u, hits[u.id]);
    notes.push(...r.notes);
    return r.value;
  });
  return { units: after, hits, notes };
}

// ======================= risk to leaders =======================

export interface LeaderRiskOptions {
  /** One risk roll for each missile hit on the retinue (default), or one per shooting that hit it. */
  leaderRiskPerMissileHit: boolean;
}
export const DEFAULT_LEADER_RISK_OPTIONS: LeaderRiskOptions = { leaderRiskPerMissileHit: true };

/** How many risk rolls a leader makes: per missile hit (or one for any hits), plus one for a combat. */
export function leaderRiskRolls(input: { missileHits: number; engagedInCombat: boolean }, options: LeaderRiskOptions = DEFAULT_LEADER_RISK_OPTIONS): number {
  const missile = options.leaderRiskPerMissileHit ? input.missileHits : input.missileHits > 0 ? 1 : 0;
  return missile + (input.engagedInCombat ? 1 : 0);
}

export type RiskOutcome = "unhurt" | "killed" | "severe" | "light";

/** D6, on a 1 roll again: 1 killed, 2–3 severe wound (−2 LPs), 4–6 light wound (−1 LP). */
export function riskOutcome(first: number, second: number | null): RiskOutcome {
  if (first !== 1) return "unhurt";
  if (second === null) throw new RangeError("a 1 on the risk roll needs a second roll");
  return second === 1 ? "killed" : second <= 3 ? "severe" : "light";
}

/** Applies a risk outcome to the leader: wounds lower the LP value and 0 kills (ruling SW-7). */
export function applyRisk(leader: LeaderState, outcome: RiskOutcome): Changed<LeaderState> {
  if (leader.status !== "alive" || outcome === "unhurt") return { value: leader, notes: outcome === "unhurt" ? [`${leader.name} is unhurt`] : [] };
  if (outcome === "killed") return { value: { ...leader, status: "killed" }, notes: [`${leader.name} is killed`] };
  const loss = outcome === "severe" ? 2 : 1;
  const lpValue = Math.max(0, leader.lpValue - loss);
  const value: LeaderState = { ...leader, lpValue, wounds: leader.wounds + 1, status: lpValue === 0 ? "killed" : "alive" };
  const notes = [`${leader.name} suffers a ${outcome} wound: LP value ${leader.lpValue} → ${lpValue}`];
  if (lpValue === 0) notes.push(`${leader.name}'s LPs are reduced to 0: he is killed (ruling SW-7)`);
  return { value, notes };
}

export function resolveLeaderRisk(rng: Random, leader: LeaderState): Changed<LeaderState> & { faces: number[]; outcome: RiskOutcome } {
  const first = rollDie(rng, D6);
  const second = first === 1 ? rollDie(rng, D6) : null;
  const outcome = riskOutcome(first, second);
  const r = applyRisk(leader, outcome);
  return { value: r.value, notes: r.notes, faces: second === null ? [first] : [first, second], outcome };
}

/** Exact distribution of one risk roll's outcome. */
export function riskOutcomeDist(): Dist<RiskOutcome> {
  const d6 = dieDist(D6);
  return d6.flatMap((first) => (first === 1 ? d6.map((s) => riskOutcome(1, s)) : Dist.certain(riskOutcome(first, null))));
}

export interface LeaderFate {
  status: "alive" | "killed";
  lpValue: number;
  wounds: number;
}

/** Exact distribution of a leader's fate after `rolls` risk rolls (e.g. one per missile hit). */
export function leaderRiskDist(lpValue: number, rolls: number, wounds = 0): Dist<LeaderFate> {
  const one = riskOutcomeDist();
  let d = Dist.certain<LeaderFate>({ status: "alive", lpValue, wounds });
  const probe = (f: LeaderFate): LeaderState => probeLeader({ id: "l", unit: "u", lpValue: f.lpValue, wounds: f.wounds, status: f.status });
  for (let i = 0; i < rolls; i++) {
    d = d.flatMap((f) =>
      f.status !== "alive"
        ? Dist.certain(f)
        : one.map((o) => {
            const l = applyRisk(probe(f), o).value;
            return { status: l.status === "alive" ? "alive" : "killed", lpValue: l.lpValue, wounds: l.wounds } as LeaderFate;
          }),
    );
  }
  return d;
}

// ======================= retinue eliminated =======================

export type EliminatedOutcome = "killed" | "captured" | "escapes";

/** D6: 1–3 leader killed, 4 captured, 5–6 escapes and joins the nearest friendly A or B grade unit. */
export function retinueEliminatedOutcome(face: number): EliminatedOutcome {
  return face <= 3 ? "killed" : face === 4 ? "captured" : "escapes";
}

export function retinueEliminatedDist(): Dist<EliminatedOutcome> {
  return dieDist(D6).map(retinueEliminatedOutcome);
}

/**
 * The roll when a leader's retinue is eliminated. `escapeTo` is the nearest friendly A or B grade
 * unit (chosen at the table); with none left, an escaping leader leaves the field and counts as
 * captured.
 */
export function resolveRetinueEliminated(rng: Random, leader: LeaderState, escapeTo: string | null, escapeToName?: string): Changed<LeaderState> & { face: number; outcome: EliminatedOutcome } {
  return retinueEliminatedFate(leader, rollDie(rng, D6), escapeTo, escapeToName);
}

/** The leader's fate from the retinue-eliminated roll's face (shared by the seeded roll and the table-side companion); `escapeToName` names the unit in the notes (default its id). */
export function retinueEliminatedFate(leader: LeaderState, face: number, escapeTo: string | null, escapeToName?: string): Changed<LeaderState> & { face: number; outcome: EliminatedOutcome } {
  const outcome = retinueEliminatedOutcome(face);
  if (outcome === "killed") return { value: { ...leader, status: "killed" }, notes: [`D6 ${face}: ${leader.name} is killed with his retinue`], face, outcome };
  if (outcome === "captured" || escapeTo === null) {
    return {
      value: { ...leader, status: "captured" },
      notes: [outcome === "captured" ? `D6 ${face}: ${leader.name} is captured` : `D6 ${face}: ${leader.name} escapes but no friendly A or B unit is left; he leaves the field (counted as captured)`],
      face,
      outcome,
    };
  }
  return { value: { ...leader, unit: escapeTo }, notes: [`D6 ${face}: ${leader.name} escapes and joins ${escapeToName ?? escapeTo}`], face, outcome };
}

// ======================= free hack =======================

/** Pursuers who catch routers or retirers: one die per engaged stand, a casualty for every 3+. */
export const FREE_HACK_HIT_ON = 3;

export function resolveFreeHack(rng: Random, engagedStands: number): { roll: Roll; casualties: number } {
  const roll = rollPool(rng, engagedStands, D6);
  return { roll, casualties: countAtLeast(roll, FREE_HACK_HIT_ON) };
}

/**
 * The free hack's casualties on the caught unit (ruling SW-20): a stand each, destroyed with none
 * left; a retiring unit that is caught breaks. Shared by the battle's aftermath and the companion.
 */
export function freeHackCasualties(unit: UnitState, casualties: number, retiring: boolean): Changed<UnitState> & { breaks: boolean } {
  const left = unit.stands - casualties;
  if (left <= 0) return { value: { ...unit, stands: 0, status: "destroyed" }, notes: [`${unit.name} is cut down by its pursuers`], breaks: false };
  const notes = [`${unit.name} loses ${casualties} stand${casualties === 1 ? "" : "s"} (${left} left)`];
  if (retiring) notes.push(`${unit.name} is caught while retiring and breaks`);
  return { value: { ...unit, stands: left, status: retiring ? "broken" : unit.status }, notes, breaks: retiring };
}

export function freeHackDist(engagedStands: number): Dist<number> {
  return successesDist(engagedStands, FREE_HACK_HIT_ON, D6);
}

// ---- helpers shared with the calculators ----

/** A bare unit for calculators and tests. */
export function probeUnit(fields: { grade: Grade; kind?: "retinue" | "band"; stands: number; aggression: Aggression; dp?: number; name?: string }): UnitState {
  return {
    id: "unit",
    name: fields.name ?? "the unit",
    kind: fields.kind ?? "band",
    grade: fields.grade,
    contingent: "c",
    stands: fields.stands,
    aggression: fields.aggression,
    dp: { ...emptyDp(), combat: fields.dp ?? 0 },
    formed: true,
    inCombat: false,
    status: "active",
    attachments: [],
  };
}
