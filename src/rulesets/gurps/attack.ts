/**
 * One attack against a shield-bearer, under any treatment of the shield: plain DB (the written
 * rules), abstract cover (GC-2), random cover (GC-3) or specific cover by location (GC-4).
 *
 * The rule is written once, as a small state machine: {@link planAttack} fixes everything the
 * input decides, and {@link advance} takes one die result (the attack's 3d6, the hit-location
 * 3d6, the 1d6 for the hand, the 1d6 for random cover, the defence's 3d6) to the next step or
 * to the outcome. {@link resolveAttack} samples the dice from a seeded generator;
 * {@link exactOutcome} (exact.ts) enumerates every die result with its exact weight.
 */
import {
  type CoverLevel,
  type CoverOptions,
  COVER_LEVELS,
  coverChanceInSix,
  type CoverSituation,
  dbProtectsFrom,
  effectiveDb,
  FULL,
  type Hex,
  overallCover,
  shelter,
  specificCover,
} from "./cover.js";
import { type Location, locationPenalty, RANDOM_LOCATIONS, randomHand, randomLocation, type ShieldArm } from "./locations.js";
import { defenceRoll, isSuccess, type SuccessResult, successRoll } from "./success.js";

export type Mode = "db" | "abstract" | "random" | "specific";
export const MODES: readonly Mode[] = ["db", "abstract", "random", "specific"];
export const MODE_NAMES: Record<Mode, string> = {
  db: "DB (written rules)",
  abstract: "abstract cover (GC-2)",
  random: "random cover (GC-3)",
  specific: "specific cover (GC-4)",
};

export type DefenceKind = "none" | "dodge" | "parry" | "block";

export interface GurpsOptions extends CoverOptions {
  /** The arm that holds the shield; the random table's 8 is the right arm, 12 the left. */
  shieldArm: ShieldArm;
  /**
   * Under cover, the Basic Set's doubled penalty to hit the shield arm (−4) and hand (−8) still
   * applies. Off by default: the cover itself stands for the shield being in the way.
   */
  doubleShieldLimbPenaltyUnderCover: boolean;
}

export const DEFAULT_OPTIONS: GurpsOptions = {
  shieldArm: "left",
  buckler: false,
  lobbedBreaksLargeShieldCover: true,
  flailReducesFullCover: true,
  doubleShieldLimbPenaltyUnderCover: false,
};

export interface AttackInput {
  /** The attacker's skill before the location and cover penalties. */
  skill: number;
  /** The shield's DB (its PD in GURPS 3e, ruling GC-6). */
  db: number;
  mode: Mode;
  location: Location | "random";
  hex: Hex;
  /** The flail's Block penalty, 0 or negative (ruling GC-6). */
  flailPenalty: number;
  wielderMoving: boolean;
  lobbed: boolean;
  /** Hunkered down behind the shield: +2 DB, no active defence (ruling GC-5). */
  hunkered: boolean;
  /** Shield-wall training, acting in close formation (ruling GC-5). */
  shieldWall: boolean;
  edition: 3 | 4;
  /** The defender's active defence without DB and without the flail's Block penalty. */
  defense: { kind: DefenceKind; value: number };
  options: GurpsOptions;
}

/** A typical attack (skill 14 against DB 3, abstract cover, a Block of 11); any field may be changed. */
export function exampleAttack(over: Partial<AttackInput> = {}): AttackInput {
  return {
    skill: 14,
    db: 3,
    mode: "abstract",
    location: "random",
    hex: "front",
    flailPenalty: 0,
    wielderMoving: false,
    lobbed: false,
    hunkered: false,
    shieldWall: false,
    edition: 4,
    defense: { kind: "block", value: 11 },
    ...over,
    options: { ...DEFAULT_OPTIONS, ...over.options },
  };
}

export type Outcome = "criticalHit" | "hit" | "shield" | "defended" | "miss" | "criticalMiss";
export const OUTCOMES: readonly Outcome[] = ["criticalHit", "hit", "shield", "defended", "miss", "criticalMiss"];
export const OUTCOME_NAMES: Record<Outcome, string> = {
  criticalHit: "critical hit",
  hit: "hit",
  shield: "shield struck",
  defended: "defended",
  miss: "miss",
  criticalMiss: "critical miss",
};

/** Everything the input fixes about one attack under one treatment. */
export interface AttackPlan {
  mode: Mode;
  /** The aimed location, or null for a random (3d6) location. */
  aimed: Location | null;
  /** The shield's DB after the 3e conversion and hunkering down. */
  db: number;
  locationPenalty: number;
  /** The cover's TH penalty on the attack (abstract cover, or an aimed attack under specific cover). */
  coverPenalty: number;
  /** The skill the attack roll is made against (GC-1: every penalty included). */
  effectiveSkill: number;
  /** The cover level of the whole target (abstract, random) or of the aimed location (specific). */
  coverLevel: CoverLevel;
  /** Full cover of the target: any successful attack strikes the shield. */
  shieldOnSuccess: boolean;
  /** Random cover: the chance in six that a successful attack strikes the shield. */
  coverChance: number;
  /** Specific cover against a random location: each location's cover. */
  locationCover: Record<Location, CoverLevel> | null;
  /** The defence roll against a hit that is not critical; null when there is none. */
  defence: { kind: Exclude<DefenceKind, "none">; target: number } | null;
  shieldArm: ShieldArm;
  /** How the plan was reached, for people. */
  notes: string[];
}

export type PlanResult = { ok: true; plan: AttackPlan } | { ok: false; field: string; rule: string; reason: string };

/**
 * Fixes the attack's numbers under `mode` (the input's mode unless given): the effective skill,
 * the cover, the defence. Refuses (ok: false) an aimed attack at a fully covered location under
 * specific cover (ruling GC-4) and an active defence while hunkered down (ruling GC-5).
 */
export function planAttack(input: AttackInput, mode: Mode = input.mode): PlanResult {
  const o = input.options;
  const notes: string[] = [];
  if (input.hunkered && input.defense.kind !== "none") {
    return { ok: false, field: "defense.kind", rule: "GC-5", reason: `a defender hunkered down behind his shield makes no active defence, so defense.kind must be "none", not "${input.defense.kind}"` };
  }
  const db = effectiveDb(input.db, input.edition, input.hunkered);
  if (input.edition === 3) notes.push(`3rd edition: PD ${input.db} counts as DB ${Math.max(0, input.db - 1)} (GC-6)`);
  if (input.hunkered) notes.push(`hunkered down: +2 DB, so DB ${db}; no active defence (GC-5)`);
  const sit: CoverSituation = {
    db,
    hex: input.hex,
    wielderMoving: input.wielderMoving,
    lobbed: input.lobbed,
    shieldWall: input.shieldWall,
    flailPenalty: input.flailPenalty,
  };
  const aimed = input.location === "random" ? null : input.location;
  const doubled = db > 0 && (mode === "db" || o.doubleShieldLimbPenaltyUnderCover);
  const locPenalty = aimed ? locationPenalty(aimed, doubled) : 0;
  if (aimed) notes.push(`aimed at the ${aimed}: ${signed(locPenalty)}${doubled && (aimed === "arm-shield" || aimed === "hand-shield") ? " (doubled: it holds the shield)" : ""}`);
  else notes.push("random hit location (3d6 after the attack succeeds)");

  let coverLevel: CoverLevel = 0;
  let coverPenalty = 0;
  let shieldOnSuccess = false;
  let coverChance = 0;
  let locationCover: Record<Location, CoverLevel> | null = null;
  let dbToDefence = 0;

  const sh = shelter(sit, o);
  const shelterNote =
    sh.kind === "none"
      ? `no protection from the ${input.hex} hex at DB ${db} (GC-5)`
      : sh.kind === "full"
        ? `DB ${db} gives full cover from the ${input.hex} hex (GC-5)`
        : sh.kind === "incomplete"
          ? `DB ${db} full cover is incomplete from the ${input.hex} hex${input.wielderMoving ? ", the wielder moving" : ""}${input.lobbed ? ", a lobbed attack" : ""}: excellent cover (GC-5)`
          : null;

  if (mode === "db") {
    // The written rules: DB adds to every active defence, from the front and shield-side hexes only.
    dbToDefence = dbProtectsFrom(input.hex) ? db : 0;
    notes.push(dbToDefence > 0 ? `DB ${db} adds +${db} to the active defence (written rules)` : `the shield's DB does not help against the ${input.hex} hex (GC-5)`);
  } else {
    if (shelterNote) notes.push(shelterNote);
    const flailNote = (before: CoverLevel, after: CoverLevel) => {
      if (before !== after) notes.push(`the flail's ${input.flailPenalty} Block penalty lowers ${COVER_LEVELS[before]} cover to ${COVER_LEVELS[after]} (GC-6)`);
    };
    if (mode === "specific" && !aimed) {
      const byLoc = {} as Record<Location, CoverLevel>;
      for (const loc of RANDOM_LOCATIONS) byLoc[loc] = specificCover(sit, loc, o);
      byLoc.vitals = specificCover(sit, "vitals", o);
      locationCover = byLoc;
      const listed = RANDOM_LOCATIONS.filter((l) => byLoc[l] > 0).map((l) => `${l} ${COVER_LEVELS[byLoc[l]]}`);
      notes.push(listed.length ? `specific cover by location: ${listed.join(", ")} (GC-4)` : "no location is covered (GC-4)");
    } else {
      const target = aimed ?? "torso"; // only read under specific cover, where the attack is aimed here
      const unflailed = mode === "specific" ? specificCover({ ...sit, flailPenalty: 0 }, target, o) : overallCover({ ...sit, flailPenalty: 0 }, o);
      coverLevel = mode === "specific" ? specificCover(sit, target, o) : overallCover(sit, o);
      flailNote(unflailed, coverLevel);
      if (mode === "specific") {
        if (coverLevel === FULL) {
          return { ok: false, field: "location", rule: "GC-4", reason: `the ${aimed} is fully covered by the DB ${db} shield under specific cover and cannot be targeted` };
        }
        coverPenalty = coverLevel;
        notes.push(coverLevel > 0 ? `the ${aimed} has ${COVER_LEVELS[coverLevel]} cover: ${signed(-coverLevel)}, failing by ${band(coverLevel)} strikes the shield (GC-4)` : `the ${aimed} has no cover (GC-4)`);
      } else if (coverLevel === FULL) {
        shieldOnSuccess = true;
        notes.push("full cover: any successful attack strikes the shield (GC-4, GC-5)");
      } else if (mode === "abstract") {
        coverPenalty = coverLevel;
        notes.push(coverLevel > 0 ? `${COVER_LEVELS[coverLevel]} cover: ${signed(-coverLevel)} to hit, failing by ${band(coverLevel)} strikes the shield (GC-2)` : "no cover (GC-2)");
      } else {
        coverChance = coverChanceInSix(coverLevel);
        notes.push(coverLevel > 0 ? `${COVER_LEVELS[coverLevel]} cover: a success strikes the shield on 1–${coverChance} on 1d6 (GC-3)` : "no cover (GC-3)");
      }
    }
    if (input.defense.kind !== "none") notes.push("under cover the defence gets no DB (seed: Defending)");
  }

  let defence: AttackPlan["defence"] = null;
  if (input.defense.kind !== "none") {
    const flail = input.defense.kind === "block" ? input.flailPenalty : 0;
    const target = input.defense.value + dbToDefence + flail;
    defence = { kind: input.defense.kind, target };
    const parts = [`${input.defense.kind} ${input.defense.value}`];
    if (dbToDefence) parts.push(`+${dbToDefence} DB`);
    if (flail) parts.push(`${flail} flail`);
    notes.push(`defence: ${parts.join(" ")}${parts.length > 1 ? ` = ${target}` : ""}`);
  }
  const effectiveSkill = input.skill + locPenalty - coverPenalty;
  notes.unshift(`effective skill ${effectiveSkill} (skill ${input.skill}${locPenalty ? `, location ${signed(locPenalty)}` : ""}${coverPenalty ? `, cover ${signed(-coverPenalty)}` : ""}) (GC-1)`);
  return {
    ok: true,
    plan: {
      mode,
      aimed,
      db,
      locationPenalty: locPenalty,
      coverPenalty,
      effectiveSkill,
      coverLevel,
      shieldOnSuccess,
      coverChance,
      locationCover,
      defence,
      shieldArm: o.shieldArm,
      notes,
    },
  };
}

/** "1" or "1–n": the failure margins that strike the shield. */
function band(n: number): string {
  return n === 1 ? "1" : `1–${n}`;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n === 0 ? "±0" : `−${-n}`;
}

// ---- the resolution, one die at a time ----

export type Purpose = "attack" | "location" | "hand" | "cover" | "defence";
export type DiceKind = "3d6" | "1d6";

/** A step waiting for a die result. */
export interface Pending {
  done: false;
  need: DiceKind;
  purpose: Purpose;
  /** The attack roll was a critical success. */
  crit: boolean;
  location: Location | null;
}

export interface Resolved {
  done: true;
  outcome: Outcome;
  /** Where the attack landed (for hits; for a shield struck under specific cover, the location it aimed at or rolled). */
  location: Location | null;
}

export type Step = Pending | Resolved;

export interface Advance {
  step: Step;
  /** What the die meant, for the step-by-step log (built only when asked for). */
  note: () => string;
}

/** Every attack starts with the attack roll. */
export function firstStep(plan: AttackPlan): Pending {
  return { done: false, need: "3d6", purpose: "attack", crit: false, location: plan.aimed };
}

const done = (outcome: Outcome, location: Location | null): Resolved => ({ done: true, outcome, location });
const pending = (need: DiceKind, purpose: Purpose, crit: boolean, location: Location | null): Pending => ({ done: false, need, purpose, crit, location });

/** After the attack has got past the shield: a critical hit, a defence roll, or a hit (GC-3a). */
function reachTarget(plan: AttackPlan, crit: boolean, loc: Location | null): Advance {
  if (plan.aimed === null && loc === null) return { step: pending("3d6", "location", crit, null), note: () => "roll the hit location" };
  if (crit) return { step: done("criticalHit", loc), note: () => "a critical hit cannot be defended (GC-1)" };
  if (!plan.defence) return { step: done("hit", loc), note: () => "no active defence" };
  const { kind, target } = plan.defence;
  return { step: pending("3d6", "defence", false, loc), note: () => `the defender rolls ${kind} against ${target}` };
}

/** Under specific cover, a random location's own cover decides (ruling GC-4). */
function afterLocation(plan: AttackPlan, crit: boolean, loc: Location, prefix: () => string): Advance {
  if (plan.locationCover) {
    const level = plan.locationCover[loc];
    if (level === FULL) return { step: done("shield", loc), note: () => `${prefix()}: fully covered, the shield is struck (GC-4)` };
    if (level > 0) return { step: pending("1d6", "cover", crit, loc), note: () => `${prefix()}: ${COVER_LEVELS[level]} cover, 1–${coverChanceInSix(level)} on 1d6 strikes the shield (GC-4)` };
  }
  const next = reachTarget(plan, crit, loc);
  return { step: next.step, note: () => `${prefix()}; ${next.note()}` };
}

const SUCCESS_TEXT: Record<SuccessResult, string> = {
  criticalSuccess: "critical success",
  success: "success",
  failure: "failure",
  criticalFailure: "critical failure",
};

/** Takes the die result for a pending step to the next step (one implementation of the rule). */
export function advance(plan: AttackPlan, state: Pending, roll: number): Advance {
  switch (state.purpose) {
    case "attack": {
      const r = successRoll(plan.effectiveSkill, roll);
      const head = () => `${roll} vs ${plan.effectiveSkill}: ${SUCCESS_TEXT[r]}`;
      if (r === "criticalFailure") return { step: done("criticalMiss", plan.aimed), note: () => `${head()}: a critical miss (GC-3a)` };
      if (!isSuccess(r)) {
        // ruling GC-2: a roll that misses only because of the cover penalty strikes the shield.
        if (plan.coverPenalty > 0 && isSuccess(successRoll(plan.effectiveSkill + plan.coverPenalty, roll))) {
          return { step: done("shield", plan.aimed), note: () => `${head()} by ${roll - plan.effectiveSkill}, within the cover's ${plan.coverPenalty}: the shield is struck (${plan.mode === "specific" ? "GC-4" : "GC-2"})` };
        }
        return { step: done("miss", plan.aimed), note: () => `${head()}: a miss` };
      }
      const crit = r === "criticalSuccess";
      if (plan.shieldOnSuccess) return { step: done("shield", plan.aimed), note: () => `${head()}: full cover, the shield is struck` };
      if (plan.coverChance > 0) return { step: pending("1d6", "cover", crit, plan.aimed), note: () => `${head()}: roll 1d6 for random cover, 1–${plan.coverChance} strikes the shield (GC-3)` };
      if (plan.aimed === null) {
        const next = reachTarget(plan, crit, null);
        return { step: next.step, note: () => `${head()}; ${next.note()}` };
      }
      const next = reachTarget(plan, crit, plan.aimed);
      const bypass = plan.mode !== "db" && plan.coverLevel > 0 ? ", past the shield" : "";
      return { step: next.step, note: () => `${head()}${bypass}; ${next.note()}` };
    }
    case "location": {
      const where = randomLocation(roll, plan.shieldArm);
      if (where === "hand") return { step: pending("1d6", "hand", state.crit, null), note: () => `${roll}: a hand; roll 1d6 for which (1–3 right, 4–6 left)` };
      return afterLocation(plan, state.crit, where, () => `${roll}: ${where}`);
    }
    case "hand": {
      const hand = randomHand(roll, plan.shieldArm);
      return afterLocation(plan, state.crit, hand, () => `${roll}: ${hand}`);
    }
    case "cover": {
      const chance = plan.locationCover && state.location ? coverChanceInSix(plan.locationCover[state.location]) : plan.coverChance;
      if (roll <= chance) return { step: done("shield", state.location), note: () => `${roll} ≤ ${chance}: the shield is struck` };
      const next = reachTarget(plan, state.crit, state.location);
      return { step: next.step, note: () => `${roll} > ${chance}: past the shield; ${next.note()}` };
    }
    case "defence": {
      const target = plan.defence ? plan.defence.target : Number.NEGATIVE_INFINITY;
      const ok = defenceRoll(target, roll);
      return { step: done(ok ? "defended" : "hit", state.location), note: () => `${roll} vs ${target}: ${ok ? "defended" : "fails, the attack hits"}` };
    }
  }
}
