/**
 * Exact odds of the Shieldwall tests as data (issue 13: calculators compute in the ruleset, the
 * command line only parses and prints): the calculators' input schemas (charge, control,
 * shooting, leader risk, combat), the combat calculator's unit as the engine's combatant, and
 * each calculator's distributions and fractions. Every number comes from the rule functions in
 * checks.ts and combat.ts.
 */
import { z } from "zod";
import type { Dist } from "../../core/distribution.js";
import type { Fraction } from "../../core/fraction.js";
import {
  applyChargeResult,
  chargeDist,
  chargeModifiers,
  chargeRefusal,
  type ControlOutcome,
  controlDist,
  controlModifier,
  controlResult,
  DEFAULT_CHARGE_OPTIONS,
  DEFAULT_LEADER_RISK_OPTIONS,
  DEFAULT_SHOOTING_OPTIONS,
  type LeaderFate,
  leaderRiskDist,
  leaderRiskRolls,
  mustDeclareCharge,
  probeUnit,
  retinueEliminatedDist,
  riskOutcomeDist,
  shootingDice,
  shootingHitsDist,
  shootingTargetDist,
  type TargetOutcome,
  targetOutcome,
} from "./checks.js";
import { BOTH_FOLLOWING_UP, type CombatInput, type Combatant, combatantProblem, combatStateDist, describeUnitAfter } from "./combat.js";
import { AGGRESSION_LEVELS, type Aggression, emptyDp, type Grade, type SupernumeraryKind, type UnitState } from "./units.js";

const grade = z.enum(["A", "B", "C", "D"]);
const aggression = z.enum(AGGRESSION_LEVELS);

export const swChargeSchema = z
  .strictObject({
    grade,
    aggression,
    dp: z.int().min(0).max(40),
    unformed: z.boolean().default(false),
    retinueWithLeader: z.boolean().default(false),
    friendChargingWithin2: z.boolean().default(false),
    battleStandardWithin2: z.boolean().default(false),
    options: z.strictObject({ chargeDisorderPenalty: z.enum(["once", "each"]).default("once") }).optional(),
  })
  .superRefine((v, ctx) => {
    const refused = chargeRefusal(v);
    if (refused) ctx.addIssue({ code: "custom", path: ["aggression"], message: `${refused} (seed "Charges and Combat")` });
    if (v.retinueWithLeader && (v.grade === "C" || v.grade === "D")) {
      ctx.addIssue({ code: "custom", path: ["retinueWithLeader"], message: `a retinue is A or B grade, so a grade ${v.grade} unit cannot be a retinue with its leader (rule SW-5)` });
    }
  });
export type SwChargeInput = z.infer<typeof swChargeSchema>;

export const swControlSchema = z
  .strictObject({
    grade,
    aggression,
    aGradeChoice: z.enum(["plus", "minus", "none"]).default("none"),
  })
  .superRefine((v, ctx) => {
    if (v.aGradeChoice !== "none" && v.grade !== "A") {
      ctx.addIssue({ code: "custom", path: ["aGradeChoice"], message: `the optional ±1 of the control test is for A grade units only, not grade ${v.grade} (seed "Control Test")` });
    }
  });
export type SwControlInput = z.infer<typeof swControlSchema>;

const shootingTarget = z.strictObject({
  kind: z.enum(["retinue", "band"]),
  grade,
  stands: z.int().min(1).max(20),
  aggression,
  dp: z.int().min(0).max(40),
  cover: z.boolean().default(false),
});

export const swShootingSchema = z
  .strictObject({
    shooterStands: z.int().min(1).max(20),
    skilledArcher: z.boolean().default(false),
    shooterInCombat: z.boolean().default(false),
    target: shootingTarget,
    options: z.strictObject({ halveOnceForRetinueInCover: z.boolean().default(true) }).optional(),
  })
  .superRefine((v, ctx) => {
    const t = v.target;
    if (t.kind === "retinue" && (t.grade === "C" || t.grade === "D")) ctx.addIssue({ code: "custom", path: ["target", "grade"], message: `a retinue may be A or B, not ${t.grade} (rule SW-5)` });
    if (t.kind === "band" && t.grade === "A") ctx.addIssue({ code: "custom", path: ["target", "grade"], message: "a band may be B, C or D, not A (rule SW-5)" });
    if (t.kind === "retinue" && t.stands > 2) ctx.addIssue({ code: "custom", path: ["target", "stands"], message: `a retinue has at most 2 stands, not ${t.stands} (rule SW-5)` });
    if (v.shooterInCombat) ctx.addIssue({ code: "custom", path: ["shooterInCombat"], message: "units in combat do not shoot (rule SW-16)" });
  });
export type SwShootingInput = z.infer<typeof swShootingSchema>;

export const swLeaderRiskSchema = z
  .strictObject({
    lpValue: z.int().min(1).max(6),
    missileHits: z.int().min(0).max(60).default(0),
    engagedInCombat: z.boolean().default(false),
    options: z.strictObject({ leaderRiskPerMissileHit: z.boolean().default(true) }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.missileHits === 0 && !v.engagedInCombat) {
      ctx.addIssue({ code: "custom", path: ["missileHits"], message: 'a leader is at risk only when his retinue suffers a missile hit or was engaged in combat (seed "Risk to Leaders"): give missileHits ≥ 1 or engagedInCombat true' });
    }
  });
export type SwLeaderRiskInput = z.infer<typeof swLeaderRiskSchema>;

/** A test's modifiers: the total and each part with its label. */
export interface Modifiers {
  total: number;
  parts: [label: string, value: number][];
}

export interface ChargeOdds {
  /** Blood Lust: it must declare a charge and charges automatically. */
  automatic: boolean;
  modifiers: Modifiers;
  /** The D6 total needed (null when automatic). */
  needs: number | null;
  charges: Fraction;
  /** The unit after a failed charge (1 morale DP), and its outcome; null when automatic. */
  failed: UnitState;
  onFailure: TargetOutcome | null;
}

export function chargeOdds(input: SwChargeInput): ChargeOdds {
  const options = { ...DEFAULT_CHARGE_OPTIONS, ...(input.options ?? {}) };
  const dist = chargeDist(input, options);
  const mods = chargeModifiers(input, options);
  const automatic = mustDeclareCharge(input);
  const unit = probeUnit({ grade: input.grade, kind: input.retinueWithLeader ? "retinue" : "band", stands: 1, aggression: input.aggression, dp: input.dp });
  const failed = applyChargeResult(unit, false).value;
  return { automatic, modifiers: mods, needs: automatic ? null : Math.max(1, 4 - mods.total), charges: dist.probOf(true), failed, onFailure: automatic ? null : targetOutcome(failed) };
}

/** The control results in the order they are shown. */
export const CONTROL_ORDER: readonly ControlOutcome[] = ["retire", "halt", "free", "repeat-move", "advance-and-charge"];

export interface ControlOdds {
  modifiers: Modifiers;
  outcomes: { value: ControlOutcome; p: Fraction }[];
  pursuitContinues: Fraction;
}

export function controlOdds(input: SwControlInput): ControlOdds {
  const dist = controlDist(input);
  const outcomes = dist.outcomes().sort((x, y) => CONTROL_ORDER.indexOf(x.value) - CONTROL_ORDER.indexOf(y.value));
  const pursuitContinues = dist.prob((o) => controlResult(o === "advance-and-charge" || o === "repeat-move" ? 5 : 0, input.aggression).pursuitContinues);
  return { modifiers: controlModifier(input), outcomes, pursuitContinues };
}

export interface ShootingOdds {
  dice: { dice: number; notes: string[] };
  hits: Dist<number>;
  /** The target afterwards, and its marginals. */
  after: Dist<TargetOutcome>;
  aggression: Dist<Aggression>;
  dp: Dist<number>;
  stands: Dist<number>;
  destroyed: Fraction;
}

export function shootingOdds(input: SwShootingInput): ShootingOdds {
  const options = { ...DEFAULT_SHOOTING_OPTIONS, ...(input.options ?? {}) };
  const sIn = { shooterStands: input.shooterStands, skilledArcher: input.skilledArcher, targetIsRetinue: input.target.kind === "retinue", targetInCover: input.target.cover };
  const dice = shootingDice(sIn, options);
  const hits = shootingHitsDist(sIn, options);
  const t = input.target;
  const unit = probeUnit({ grade: t.grade as Grade, kind: t.kind, stands: t.stands, aggression: t.aggression as Aggression, dp: t.dp });
  const after = shootingTargetDist(unit, hits);
  return {
    dice,
    hits,
    after,
    aggression: after.map((o: TargetOutcome) => o.aggression),
    dp: after.map((o: TargetOutcome) => o.dp),
    stands: after.map((o: TargetOutcome) => o.stands),
    destroyed: after.prob((o) => o.destroyed),
  };
}

export type RiskOutcome = "unhurt" | "light" | "severe" | "killed";
export type EliminatedOutcome = "killed" | "captured" | "escapes";

export interface LeaderRiskOdds {
  rolls: number;
  /** One roll's outcomes, unhurt first. */
  oneRoll: { value: RiskOutcome; p: Fraction }[];
  fate: Dist<LeaderFate>;
  killed: Fraction;
  /** The LP value afterwards (0: killed). */
  lpAfter: Dist<number>;
  /** The roll when the retinue is eliminated, killed first. */
  retinueEliminated: { value: EliminatedOutcome; p: Fraction }[];
}

export function leaderRiskOdds(input: SwLeaderRiskInput): LeaderRiskOdds {
  const rolls = leaderRiskRolls(input, { ...DEFAULT_LEADER_RISK_OPTIONS, ...(input.options ?? {}) });
  const fate = leaderRiskDist(input.lpValue, rolls);
  const riskOrder: readonly string[] = ["unhurt", "light", "severe", "killed"];
  const oneRoll = riskOutcomeDist()
    .outcomes()
    .sort((x, y) => riskOrder.indexOf(x.value) - riskOrder.indexOf(y.value)) as { value: RiskOutcome; p: Fraction }[];
  const elimOrder: readonly string[] = ["killed", "captured", "escapes"];
  const retinueEliminated = retinueEliminatedDist()
    .outcomes()
    .sort((x, y) => elimOrder.indexOf(x.value) - elimOrder.indexOf(y.value)) as { value: EliminatedOutcome; p: Fraction }[];
  return {
    rolls,
    oneRoll,
    fate,
    killed: fate.prob((f: LeaderFate) => f.status === "killed"),
    lpAfter: fate.map((f) => (f.status === "killed" ? 0 : f.lpValue)),
    retinueEliminated,
  };
}

// ---------------- sw-combat ----------------

const flag = z.boolean();

/** One side's unit, exactly as issue 3 specifies it. */
export const swCombatUnitSchema = z.strictObject({
  grade: z.enum(["A", "B", "C", "D"]),
  stands: z.int().min(1).max(20),
  engagedStands: z.int().min(1).max(20),
  aggression: z.enum(AGGRESSION_LEVELS),
  dp: z.int().min(0).max(40),
  charged: flag,
  unformed: flag,
  flankOrRear: flag,
  opponentHasGround: flag,
  leader: flag,
  heroicChampion: flag,
  battleStandard: flag,
  flankSupport: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "must be 0, 1 or 2 (at most 1 stand on each flank)" }),
  followingUp: flag,
});
export type SwCombatUnit = z.infer<typeof swCombatUnitSchema>;

/** An sw-combat unit at Present with no DPs and every other factor off, changed by `fields` (for examples, tests and benchmarks). */
export function plainCombatUnit(fields: Pick<SwCombatUnit, "grade" | "stands" | "engagedStands"> & Partial<SwCombatUnit>): SwCombatUnit {
  return {
    aggression: "present",
    dp: 0,
    charged: false,
    unformed: false,
    flankOrRear: false,
    opponentHasGround: false,
    leader: false,
    heroicChampion: false,
    battleStandard: false,
    flankSupport: 0,
    followingUp: false,
    ...fields,
  };
}

/** Builds the engine's combatant from a calculator unit. */
export function combatantFromInput(side: "a" | "b", u: SwCombatUnit): Combatant {
  const attachments: SupernumeraryKind[] = [];
  if (u.heroicChampion) attachments.push("heroic-champion");
  if (u.battleStandard) attachments.push("battle-standard");
  // The schema has no unit kind: grade A is always a retinue; B is a retinue when it has a
  // leader or a retinue-only attachment; C and D are bands (so a leader there is refused).
  const retinue = u.grade === "A" || (u.grade === "B" && (u.leader || u.heroicChampion || u.battleStandard));
  const unit: UnitState = {
    id: side,
    name: `side ${side}'s unit`,
    kind: retinue ? "retinue" : "band",
    grade: u.grade,
    contingent: side,
    stands: u.stands,
    aggression: u.aggression,
    dp: { ...emptyDp(), fatigue: u.dp },
    formed: !u.unformed,
    inCombat: true,
    status: "active",
    attachments,
  };
  return {
    unit,
    engagedStands: u.engagedStands,
    charged: u.charged,
    flankOrRear: u.flankOrRear,
    opponentHasGround: u.opponentHasGround,
    leader: u.leader,
    flankSupport: u.flankSupport,
    followingUp: u.followingUp,
  };
}

export const swCombatSchema = z
  .strictObject({ chargeCombat: z.boolean(), a: swCombatUnitSchema, b: swCombatUnitSchema })
  .superRefine((input, ctx) => {
    for (const side of ["a", "b"] as const) {
      const problem = combatantProblem(combatantFromInput(side, input[side]), input.chargeCombat);
      if (problem) ctx.addIssue({ code: "custom", path: [side, problem.field], message: problem.message });
    }
    if (input.a.followingUp && input.b.followingUp) ctx.addIssue({ code: "custom", path: ["b", "followingUp"], message: BOTH_FOLLOWING_UP });
  });
export type SwCombatInput = z.infer<typeof swCombatSchema>;

export function combatInputFrom(input: SwCombatInput): CombatInput {
  return { chargeCombat: input.chargeCombat, a: [combatantFromInput("a", input.a)], b: [combatantFromInput("b", input.b)] };
}

/** Each side's unit after the combat, described (aggression, DPs, stands, move; "gone" if removed). */
export function unitsAfterCombat(input: SwCombatInput): Record<"a" | "b", Dist<string>> {
  const states = combatStateDist(combatInputFrom(input));
  const of = (side: "a" | "b") =>
    states.map((s) => {
      const u = s.units.find((x) => x.id === side);
      return u ? describeUnitAfter(u).replace(/^[ab]: /, "") : "gone";
    });
  return { a: of("a"), b: of("b") };
}
