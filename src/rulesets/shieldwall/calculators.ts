/**
 * The Shieldwall odds calculators as data, shared by every program that offers them (the
 * command line's `muster odds`, the web app's calculator pages): name, summary, input schema,
 * example and the structured JSON result. The programs add only their own presentation (the
 * command line's text report, the web's charts). Every number comes from the rule functions
 * (checks.ts, combat.ts, duel/).
 */
import { z } from "zod";
import type { Dist } from "../../core/distribution.js";
import type { Fraction } from "../../core/fraction.js";
import { CalculatorInputError, type CalculatorSpec } from "../../core/calculator.js";
import type { ControlOutcome } from "./checks.js";
import { COMBAT_RESULTS, type CombatOdds, combatOdds, FINAL_RESULTS, type UnitDice } from "./combat.js";
import { type DuelTally, type Estimate, proportion, scoreEstimate, simulateDuels } from "./duel/ai.js";
import type { ShieldwallDuelSetup } from "./duel/game.js";
import { advantageDist } from "./duel/rules.js";
import {
  chargeOdds,
  combatInputFrom,
  controlOdds,
  leaderRiskOdds,
  shootingOdds,
  type SwChargeInput,
  swChargeSchema,
  type SwCombatInput,
  swCombatSchema,
  type SwControlInput,
  swControlSchema,
  type SwLeaderRiskInput,
  swLeaderRiskSchema,
  type SwShootingInput,
  swShootingSchema,
} from "./odds.js";
import { AGGRESSION_LEVELS } from "./units.js";

function distJson<T>(d: Dist<T>) {
  return d.outcomes().map((o) => ({ value: o.value, p: o.p.toJSON() }));
}

/** What each control result means (the calculator's `meaning`). */
export const CONTROL_TEXT: Record<ControlOutcome, string> = {
  retire: "Shaken: retire, cease pursuit",
  halt: "halt, cease pursuit",
  free: "act as the player wishes, cease pursuit",
  "advance-and-charge": "Blood Lust: advance on the nearest enemy and charge within 2\"; pursuit continues",
  "repeat-move": "repeat last move; pursuit continues",
};

export function swChargeJson(input: SwChargeInput) {
  const { automatic, modifiers: mods, needs, charges, onFailure } = chargeOdds(input);
  return {
    automatic,
    modifier: mods.total,
    modifiers: mods.parts.map(([label, value]) => ({ label, value })),
    needs,
    charges: charges.toJSON(),
    fails: charges.complement().toJSON(),
    onFailure: onFailure === null ? null : { ...onFailure, morale: "1 morale DP (with 4 DPs already: an aggression drop instead, rule SW-12)" },
  };
}

export function swControlJson(input: SwControlInput) {
  const { modifiers: mods, outcomes, pursuitContinues: continues } = controlOdds(input);
  return {
    modifier: mods.total,
    modifiers: mods.parts.map(([label, value]) => ({ label, value })),
    outcomes: outcomes.map((o) => ({ outcome: o.value, meaning: CONTROL_TEXT[o.value], p: o.p.toJSON() })),
    pursuitContinues: continues.toJSON(),
    pursuitCeases: continues.complement().toJSON(),
  };
}

export function swShootingJson(input: SwShootingInput) {
  const { dice, hits, after, aggression: agg, dp, stands, destroyed } = shootingOdds(input);
  return {
    dice: dice.dice,
    hitOn: 6,
    diceNotes: dice.notes,
    meanHits: hits.mean().toJSON(),
    hits: hits.outcomes().map((o) => ({ hits: o.value, p: o.p.toJSON(), atLeast: hits.atLeast(o.value).toJSON() })),
    target: {
      outcomes: distJson(after),
      aggression: AGGRESSION_LEVELS.map((a) => ({ aggression: a, p: agg.probOf(a).toJSON() })),
      dp: dp.outcomes().map((o) => ({ dp: o.value, p: o.p.toJSON() })),
      stands: stands.outcomes().map((o) => ({ stands: o.value, p: o.p.toJSON() })),
      destroyed: destroyed.toJSON(),
    },
  };
}

export function swLeaderRiskJson(input: SwLeaderRiskInput) {
  const { rolls, oneRoll, fate, killed, lpAfter: lp, retinueEliminated: elimRows } = leaderRiskOdds(input);
  return {
    rolls,
    oneRoll: oneRoll.map((o) => ({ outcome: o.value, p: o.p.toJSON() })),
    killed: killed.toJSON(),
    survives: killed.complement().toJSON(),
    lpAfter: lp.outcomes().map((o) => ({ lpValue: o.value, p: o.p.toJSON() })),
    fate: distJson(fate),
    meanLpAfter: lp.mean().toJSON(),
    retinueEliminated: elimRows.map((o) => ({ outcome: o.value, p: o.p.toJSON() })),
  };
}

function diceJson(d: UnitDice[]) {
  // One unit per side in this calculator.
  return { dice: d[0].dice.dice, hitOn: d[0].hitOn, autoHits: d[0].autoHits };
}

function table<K extends string>(keys: readonly K[], p: (k: K) => Fraction) {
  return Object.fromEntries(keys.map((k) => [k, p(k).toJSON()])) as Record<K, ReturnType<Fraction["toJSON"]>>;
}

/** The sw-combat calculator's JSON output, exactly the schema of issue 3 (side a's point of view). */
export function swCombatJson(odds: CombatOdds) {
  return {
    a: diceJson(odds.a),
    b: diceJson(odds.b),
    firstRound: table(COMBAT_RESULTS, (k) => odds.firstRound.probOf(k)),
    final: table(FINAL_RESULTS, (k) => odds.final.probOf(k)),
  };
}

// ---- sw-personal-combat: Monte Carlo (docs/shieldwall/personal-combat.md) ----

const fighterSchema = z
  .strictObject({
    fighter: z.enum(["leader", "heroic-champion", "champion"]),
    specialWeapon: z.boolean().default(false),
    wounds: z.int().min(0).max(2).default(0),
  })
  .superRefine((f, ctx) => {
    if (f.specialWeapon && f.fighter !== "leader") {
      ctx.addIssue({ code: "custom", path: ["specialWeapon"], message: `only a leader may fight with the special weapon, not a ${f.fighter} (seed "Special Weapon", ruling SW-6)` });
    }
  });

/** Games × MCTS iterations × MCTS sides allowed in one calculator run. */
export const MCTS_BUDGET = 3_000_000;

export const personalCombatSchema = z
  .strictObject({
    a: fighterSchema,
    b: fighterSchema,
    games: z.int().min(1).max(1_000_000).default(10_000),
    seed: z
      .int()
      .min(0)
      .max(2 ** 31)
      .default(1),
    players: z.strictObject({ a: z.enum(["ai", "random", "mcts"]).default("ai"), b: z.enum(["ai", "random", "mcts"]).default("ai") }).default({ a: "ai", b: "ai" }),
    mctsIterations: z.int().min(10).max(100_000).default(300),
    mutualKill: z.enum(["both-lose", "no-winner"]).default("both-lose"),
  })
  .superRefine((input, ctx) => {
    // MCTS costs about a millisecond per 15 iterations: keep a run to minutes, not days.
    const mcts = (input.players.a === "mcts" ? 1 : 0) + (input.players.b === "mcts" ? 1 : 0);
    if (mcts > 0 && input.games * input.mctsIterations * mcts > MCTS_BUDGET) {
      ctx.addIssue({
        code: "custom",
        path: ["games"],
        message: `with MCTS players, games × mctsIterations × MCTS sides may be at most ${MCTS_BUDGET.toLocaleString("en")} (asked ${input.games.toLocaleString("en")} × ${input.mctsIterations.toLocaleString("en")} × ${mcts} = ${(input.games * input.mctsIterations * mcts).toLocaleString("en")})`,
      });
    }
  });
export type PersonalCombatInput = z.infer<typeof personalCombatSchema>;

export function personalCombatSetup(input: PersonalCombatInput): ShieldwallDuelSetup {
  return {
    a: { kind: input.a.fighter, specialWeapon: input.a.specialWeapon, wounds: input.a.wounds },
    b: { kind: input.b.fighter, specialWeapon: input.b.specialWeapon, wounds: input.b.wounds },
    options: { mutualKill: input.mutualKill },
  };
}

function estimateJson(e: Estimate) {
  return { p: e.p, standardError: e.se, ci95: e.ci95 };
}

/**
 * The sw-personal-combat calculator's JSON result for a tally of `gamesAsked` duels or, when a
 * budget stopped the simulation early (`stoppedEarly`), of the duels finished before it.
 */
export function personalCombatJson(setup: ShieldwallDuelSetup, players: PersonalCombatInput["players"], tally: DuelTally, seed: number, gamesAsked = tally.games) {
  const n = tally.games;
  if (n === 0) throw new CalculatorInputError("games", "no duel finished within the time budget: allow more time, or ask for fewer mctsIterations");
  return {
    method: "Monte Carlo simulation",
    sampleSize: n,
    gamesAsked,
    stoppedEarly: n < gamesAsked,
    seed,
    players,
    fighters: { a: setup.a, b: setup.b },
    options: setup.options,
    counts: tally,
    aKills: estimateJson(proportion(tally.aWins, n)),
    bKills: estimateJson(proportion(tally.bWins, n)),
    honourSatisfied: estimateJson(proportion(tally.honour, n)),
    bothKilled: estimateJson(proportion(tally.mutualKills, n)),
    aScore: estimateJson(scoreEstimate(tally)),
    aFirstAdvantage: advantageDist(setup.a, setup.b).probOf("a").toJSON(),
  };
}

/** The sample inputs of the calculators (`muster odds NAME --example`, `muster sw roll TEST --example`). */
export const SW_EXAMPLES = {
  charge: { grade: "B", aggression: "ready", dp: 2, unformed: false, retinueWithLeader: true, friendChargingWithin2: false, battleStandardWithin2: true },
  control: { grade: "A", aggression: "bloodlust", aGradeChoice: "minus" },
  shooting: { shooterStands: 2, skilledArcher: false, target: { kind: "band", grade: "C", stands: 2, aggression: "ready", dp: 3, cover: false } },
  "leader-risk": { lpValue: 3, missileHits: 2, engagedInCombat: false },
  combat: {
    chargeCombat: true,
    a: { grade: "A", stands: 1, engagedStands: 1, aggression: "ready", dp: 1, charged: true, unformed: false, flankOrRear: false, opponentHasGround: false, leader: true, heroicChampion: false, battleStandard: false, flankSupport: 0, followingUp: false },
    b: { grade: "B", stands: 2, engagedStands: 1, aggression: "present", dp: 3, charged: false, unformed: false, flankOrRear: false, opponentHasGround: false, leader: false, heroicChampion: false, battleStandard: false, flankSupport: 1, followingUp: false },
  },
  "personal-combat": { a: { fighter: "leader", specialWeapon: true, wounds: 0 }, b: { fighter: "heroic-champion" }, games: 10000, seed: 1, players: { a: "ai", b: "ai" } },
} as const;

export const swChargeCalculator: CalculatorSpec<SwChargeInput> = {
  name: "sw-charge",
  summary: "Shieldwall charge test: every modifier, exact chance to charge, and the failed charge's DP",
  docs: "docs/shieldwall/odds.md#sw-charge",
  schema: swChargeSchema,
  example: SW_EXAMPLES.charge,
  method: "exact",
  result: swChargeJson,
};

export const swControlCalculator: CalculatorSpec<SwControlInput> = {
  name: "sw-control",
  summary: "Shieldwall control test: exact chance of each result and of pursuit continuing",
  docs: "docs/shieldwall/odds.md#sw-control",
  schema: swControlSchema,
  example: SW_EXAMPLES.control,
  method: "exact",
  result: swControlJson,
};

export const swShootingCalculator: CalculatorSpec<SwShootingInput> = {
  name: "sw-shooting",
  summary: "Shieldwall shooting: exact hits and the target's resulting aggression, DPs and stands (SW-16)",
  docs: "docs/shieldwall/odds.md#sw-shooting",
  schema: swShootingSchema,
  example: SW_EXAMPLES.shooting,
  method: "exact",
  result: swShootingJson,
};

export const swLeaderRiskCalculator: CalculatorSpec<SwLeaderRiskInput> = {
  name: "sw-leader-risk",
  summary: "Shieldwall risk to leaders: exact chance of death and the LP value left; the retinue-eliminated roll",
  docs: "docs/shieldwall/odds.md#sw-leader-risk",
  schema: swLeaderRiskSchema,
  example: SW_EXAMPLES["leader-risk"],
  method: "exact",
  result: swLeaderRiskJson,
};

export const swCombatCalculator: CalculatorSpec<SwCombatInput> = {
  name: "sw-combat",
  summary: "Shieldwall combat: dice, hit numbers, first-round and final results with the refight (exact)",
  docs: "docs/shieldwall/combat.md",
  schema: swCombatSchema,
  example: SW_EXAMPLES.combat,
  method: "exact",
  result: (input) => swCombatJson(combatOdds(combatInputFrom(input))),
};

export const swPersonalCombatCalculator: CalculatorSpec<PersonalCombatInput> = {
  name: "sw-personal-combat",
  summary: "Shieldwall personal combat: win/draw chances by simulating computer players (sample size and standard error)",
  docs: "docs/shieldwall/personal-combat.md",
  schema: personalCombatSchema as unknown as z.ZodType<PersonalCombatInput>,
  rule: 'seed "Personal Combat", SW-22',
  example: SW_EXAMPLES["personal-combat"],
  method: "monte-carlo",
  result(input, onProgress, shouldStop) {
    const setup = personalCombatSetup(input);
    const tally = simulateDuels({ setup, players: input.players, games: input.games, seed: input.seed, mctsIterations: input.mctsIterations, onProgress, shouldStop });
    return personalCombatJson(setup, input.players, tally, input.seed, input.games);
  },
};

/** The Shieldwall calculators, in the order programs list them. */
export const SHIELDWALL_CALCULATORS = [swChargeCalculator, swControlCalculator, swShootingCalculator, swLeaderRiskCalculator, swCombatCalculator, swPersonalCombatCalculator] as const;
