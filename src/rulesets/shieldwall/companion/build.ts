/**
 * Starting a companion table: from two army lists (the army file format, docs/shieldwall/army-format.md,
 * checked by the same schema and composition rules as the battle) or from a scenario (its
 * armies and its starting DPs). Each unit starts with its DPs and Present aggression (seed
 * "Deployment"); a leader whose LP is "roll" rolls his AvD (ruling SW-7); the god pack is
 * shuffled (ruling SW-9). Every die comes from the table's seeded generator (ruling C-2).
 */
import { Random, seedState } from "../../../core/random.js";
import { type ArmyFile, armyProblems, armySchema, buildForce, contingentId, formatProblem, type Side } from "../army.js";
import type { BattleSetup } from "../battle/scenario.js";
import { newGodPack, noTokens } from "../gods.js";
import { CompanionError, type CompanionSide, type CompanionState, type CompanionTable } from "./state.js";

/**
 * Checks an army file as the battle does, throwing a CompanionError naming the first bad field
 * and its rule: `red army: field contingents.0.leader.lp: … (army format)` or `… (rule SW-5)`.
 */
export function checkArmy(value: unknown, label: string): ArmyFile {
  const r = armySchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = issue.path.length > 0 ? issue.path.join(".") : "(army)";
    throw new CompanionError(`${label}: field ${path}: ${issue.message} (army format)`);
  }
  const problems = armyProblems(r.data);
  if (problems.length > 0) throw new CompanionError(`${label}: field ${formatProblem(problems[0])}`);
  return r.data;
}

export interface StartOptions {
  seed: number;
  /** DPs each unit starts with (seed "Deployment": 3 unless the scenario says otherwise). */
  startingDp?: number;
  title?: string;
}

/** A new table from two armies: the first plays red, the second black (the seed's colours of the god pack). */
export function startFromArmies(red: unknown, black: unknown, options: StartOptions): CompanionTable {
  const armies: Record<Side, ArmyFile> = { red: checkArmy(red, "red army"), black: checkArmy(black, "black army") };
  if (!Number.isSafeInteger(options.seed)) throw new CompanionError(`seed: must be a whole number, got ${options.seed}`);
  const rng = new Random(seedState(options.seed));
  const notes: string[] = [];
  const sides = {} as Record<Side, CompanionSide>;
  for (const side of ["red", "black"] as const) {
    const force = buildForce(armies[side], rng, options.startingDp === undefined ? {} : { startingDp: options.startingDp });
    notes.push(...force.notes);
    // Both armies may use the same ids ("centre-retinue"): ids are prefixed with the side, as in the battle.
    const pre = (id: string) => `${side}.${id}`;
    sides[side] = {
      name: force.name,
      units: force.units.map((u) => ({ ...u, id: pre(u.id), contingent: pre(u.contingent) })),
      leaders: force.leaders.map((l) => ({ ...l, id: pre(l.id), contingent: pre(l.contingent), unit: pre(l.unit) })),
      tokens: noTokens(),
      contingentOrder: armies[side].contingents.map((c, i) => pre(contingentId(c, i))),
    };
  }
  const pack = newGodPack(rng);
  const title = options.title ?? `${sides.red.name} (red) against ${sides.black.name} (black)`;
  const state: CompanionState = {
    format: "muster-companion",
    version: 1,
    title,
    seed: options.seed,
    rng: rng.state(),
    turn: 1,
    phase: "initiative",
    first: null,
    sides,
    god: { pack, soggyGround: false, inPlay: null },
    chargedThisTurn: [],
    missileHits: {},
    done: [],
    rolled: null,
    duel: null,
    log: [
      {
        turn: 1,
        phase: "initiative",
        lines: [
          `${title}; seed ${options.seed}`,
          `every unit starts with ${sides.red.units[0]?.dp.fatigue ?? 3} DPs and Present aggression (seed "Deployment")`,
          ...notes,
          "the god pack is shuffled: 52 cards and 2 jokers (ruling SW-9)",
        ],
      },
    ],
  };
  return { format: "muster-companion-table", version: 1, state, undo: [] };
}

/** A new table from a scenario with its armies resolved (the web app bundles the shipped ones). */
export function startFromScenario(setup: BattleSetup, seed: number): CompanionTable {
  return startFromArmies(setup.armies.red, setup.armies.black, { seed, startingDp: setup.scenario.options?.startingDp, title: setup.scenario.name });
}
