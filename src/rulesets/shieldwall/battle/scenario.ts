/**
 * The battle scenario format (docs/shieldwall/battle.md, "Scenario format"): the two armies (file
 * paths resolved by the CLI, or inline), the table and its terrain, an optional fixed deployment,
 * the turn limit (ruling SW-25) and every option. Validated with zod; every problem names its field.
 */
import { z } from "zod";
import { freeText, nameText } from "../../../core/input-limits.js";
import { describeIssues } from "../../../core/issues.js";
import { type ArmyFile, armySchema, type Side } from "../army.js";
import { BASE_SIZES } from "../geometry/stand.js";
import { type Table, defaultTable, tableSchema, terrainOverlaps } from "../geometry/table.js";
import { type BattleOptions, DEFAULT_BATTLE_OPTIONS } from "./types.js";

/** The scenario's `options` (docs/shieldwall/battle.md, "Options"); option-catalogue.ts describes each for the forms. */
export const scenarioOptionsSchema = z
  .strictObject({
    turnLimit: z.number().int().min(1).max(100).optional(),
    victory: z.enum(["sw25", "turn-limit-only"]).optional(),
    startingDp: z.number().int().min(0).max(6).optional(),
    duelPlayer: z.enum(["side", "ai", "random"]).optional(),
    initiativeChoice: z.enum(["per-turn", "per-phase"]).optional(),
    deployDistances: z.array(z.number().min(0).max(120, "at most 120\" (half the longest table)")).min(1).max(12, "at most 12 distances").optional(),
    deployStep: z.number().min(0.5, "at least 0.5\" (a finer grid only slows the deployment down)").max(240, "at most 240\" (the longest table)").optional(),
    crossingMoves: z.enum(["front-first", "right-to-left"]).optional(),
    refightDefeat: z.enum(["fall-back", "retire-if-charge"]).optional(),
    previouslyShaken: z.enum(["combat-start", "refight-start"]).optional(),
    chargeDisorderPenalty: z.enum(["once", "each"]).optional(),
    halveOnceForRetinueInCover: z.boolean().optional(),
    leaderRiskPerMissileHit: z.boolean().optional(),
    aGradeChoice: z.enum(["player", "none", "plus", "minus"]).optional(),
    groupMove: z.enum(["same-way", "optional"]).optional(),
    bloodLustCharge: z.enum(["after-signal", "always"]).optional(),
    unpaidAcceptance: z.enum(["refusal-roll", "challenge-lapses"]).optional(),
    mutualKill: z.enum(["both-lose", "no-winner"]).optional(),
    campFollowerDps: z.enum(["contingent-and-host", "one"]).optional(),
    singleLine: z.boolean().optional(),
    manoeuvreDp: z.enum(["turns", "none"]).optional(),
  })
  .optional();

const placementSchema = z.strictObject({
  contingent: nameText().min(1),
  /** Centre of the contingent's front line, inches from the west (left) table edge. */
  x: z.number().finite(),
  /** Front edge's distance from the centre line, inches (default 3, the SW-26 house minimum). */
  distance: z.number().finite().min(0).optional(),
});

const embarkedSchema = z.strictObject({
  /** The unit's id in the army file (e.g. "b-band1"; a retinue only with its whole contingent). */
  unit: nameText().min(1),
  /** The id of a boats place in `table.boats`. */
  boats: nameText().min(1),
});

export const scenarioSchema = z
  .strictObject({
  name: nameText().min(1),
  description: freeText().optional(),
  /** Each army: a path to an army file (relative to the scenario file, resolved by the CLI) or the army inline. */
  armies: z.strictObject({
    red: z.union([freeText().min(1), armySchema]),
    black: z.union([freeText().min(1), armySchema]),
  }),
  table: tableSchema.optional(),
  /** Fixed deployment: every contingent of a side listed places it there, with no dice (seed "Deployment": "may be modified to suit a game scenario"). */
  deployment: z
    .strictObject({
      red: z.array(placementSchema).optional(),
      black: z.array(placementSchema).optional(),
    })
    .optional(),
  /**
   * Units that start aboard ship at a boats place of the table (docs/shieldwall/battle.md,
   * "Boats"): off the table until they disembark (seed "Manoeuvre", ruling SW-1).
   */
  embarked: z
    .strictObject({
      red: z.array(embarkedSchema).optional(),
      black: z.array(embarkedSchema).optional(),
    })
    .optional(),
  /** Turn limit (ruling SW-25, house rule: 12). Same as options.turnLimit. */
  turnLimit: z.number().int().min(1).max(100).optional(),
  /**
   * Whether terrain pieces may overlap (the terrain layout house rule, docs/rules/rulings.md):
   * "on-rising-ground" (default) refuses areas, camps and boats places lying over one another
   * except on rising ground; "any" allows every overlap.
   */
  terrainOverlap: z.enum(["on-rising-ground", "any"]).optional(),
  options: scenarioOptionsSchema,
})
  .superRefine((s, ctx) => {
    const table = s.table ?? defaultTable();
    const range = deployDistanceRange(table);
    (s.options?.deployDistances ?? []).forEach((d, i) => {
      if (d < range.min - 1e-9 || d > range.max + 1e-9)
        ctx.addIssue({
          code: "custom",
          path: ["options", "deployDistances", i],
          message: `${d}" is outside the feasible range ${range.min}"–${range.max.toFixed(2)}": a line's front must be at least table.options.deployMin (${range.min}") from the centre line and its rear at most table.options.deployMax (${table.options.deployMax}"), and a ${table.scale} stand is ${range.depth.toFixed(2)}" deep (ruling SW-26)`,
        });
    });
    if (s.table && (s.terrainOverlap ?? "on-rising-ground") === "on-rising-ground")
      for (const o of terrainOverlaps(s.table)) ctx.addIssue({ code: "custom", path: o.path, message: o.message });
    const boats = new Set((s.table?.boats ?? []).map((b) => b.id));
    for (const side of ["red", "black"] as const) {
      const seen = new Set<string>();
      (s.embarked?.[side] ?? []).forEach((e, i) => {
        if (!boats.has(e.boats))
          ctx.addIssue({ code: "custom", path: ["embarked", side, i, "boats"], message: `no boats place "${e.boats}" in table.boats${boats.size > 0 ? ` (there: ${[...boats].join(", ")})` : " (the table has none)"}` });
        if (seen.has(e.unit)) ctx.addIssue({ code: "custom", path: ["embarked", side, i, "unit"], message: `unit "${e.unit}" is listed twice` });
        seen.add(e.unit);
      });
    }
  });

/**
 * The deploy distances (a line's front edge from the centre line) where a line fits its half of
 * the table (ruling SW-26): from `deployMin` to `deployMax` less a stand's depth (the line's rear
 * may reach at most `deployMax`).
 */
export function deployDistanceRange(table: Table): { min: number; max: number; depth: number } {
  const depth = BASE_SIZES[table.scale].depth;
  return { min: table.options.deployMin, max: table.options.deployMax - depth, depth };
}

export type ScenarioFile = z.input<typeof scenarioSchema>;
export type Scenario = z.output<typeof scenarioSchema>;

/** What a battle is made from: a scenario and the two armies. */
export interface BattleSetup {
  scenario: Scenario;
  armies: Record<Side, ArmyFile>;
}

/** The options of a scenario with defaults filled in. */
export function scenarioOptions(s: Scenario): BattleOptions {
  const o = { ...DEFAULT_BATTLE_OPTIONS };
  for (const [k, v] of Object.entries(s.options ?? {})) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  if (s.turnLimit !== undefined) o.turnLimit = s.turnLimit;
  return o;
}

/**
 * Parses a scenario object; throws a RangeError naming every bad field, the first leading
 * ("turnLimit: must be at most 100, got 1e+308; field options: …"), bounds as the format sets them.
 */
export function parseScenario(value: unknown): Scenario {
  const r = scenarioSchema.safeParse(value);
  if (r.success) return r.data;
  const [first, ...rest] = scenarioFormatProblems(r.error.issues, value);
  throw new RangeError(`${first.field}: ${first.message} (battle scenario format)${rest.map((p) => `; field ${p.field}: ${p.message}`).join("")}`);
}

/** A scenario's format problems in words, each naming its field ("(scenario)" for the whole). */
export function scenarioFormatProblems(issues: readonly z.core.$ZodIssue[], value: unknown): { field: string; message: string }[] {
  return describeIssues(issues, value, scenarioSchema).map((p) => ({ field: p.field === "(top level)" ? "(scenario)" : p.field, message: p.message }));
}
