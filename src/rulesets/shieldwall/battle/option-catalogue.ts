/**
 * The catalogue of the battle scenario's options, for forms (the web's new-battle screen): each
 * option's name, one-line description, kind of control, allowed values or range (read from the
 * scenario's zod schema, so the form and the engine cannot disagree), default, and — for house
 * rules — the ruling that sets it (docs/rules/rulings.md). Also applies a form's chosen options to a
 * scenario, validated with the scenario format's named errors. Pure data and functions.
 */
import { z } from "zod";
import { describeIssues } from "../../../core/issues.js";
import { type Scenario, scenarioOptions, scenarioOptionsSchema } from "./scenario.js";
import { DEFAULT_RULE_OPTIONS } from "./types.js";

export type OptionKey = keyof NonNullable<z.input<typeof scenarioOptionsSchema>>;
export type OptionValue = number | boolean | string | number[];
export type OptionValues = Partial<Record<OptionKey, OptionValue>>;

/** The control a form shows: a select of values, a number in a range, a checkbox, or a list of numbers. */
export type OptionControl =
  | { kind: "enum"; values: readonly string[] }
  | { kind: "number"; min: number; max: number; integer: boolean }
  | { kind: "flag" }
  | { kind: "numbers"; min: number; max: number; minItems: number; maxItems: number };

export interface OptionEntry {
  key: OptionKey;
  /** A short label. */
  label: string;
  /** One line: what the option decides. */
  description: string;
  control: OptionControl;
  /** The value when the scenario does not set it. */
  default: OptionValue;
  /** For a house rule (not in the printed rules): the ruling that sets it, and its heading's anchor in docs/rules/rulings.md. */
  houseRule?: { ruling: string; anchor: string };
}

const SW25 = { ruling: "SW-25", anchor: "sw-25--victory-house-rule" };

/** Labels, descriptions and house-rule rulings, by option (the control and default come from the schema and the defaults). */
const TEXT: Record<OptionKey, { label: string; description: string; houseRule?: { ruling: string; anchor: string } }> = {
  turnLimit: { label: "Turn limit", description: "At the limit the side that lost fewer stands wins; equal losses draw.", houseRule: SW25 },
  victory: { label: "Victory", description: "sw25: an army with half its units lost or all leaders gone loses at the end of a turn; turn-limit-only: play to the limit.", houseRule: SW25 },
  startingDp: { label: "Starting DPs", description: "Disorder points each unit starts with (seed \"Deployment\": 3)." },
  duelPlayer: { label: "Personal combat cards", description: "Who plays a duel's cards: each side's player, or the engine at once (duel AI or random)." },
  initiativeChoice: { label: "Initiative choice", description: "Who acts first is chosen before each phase (the seed), or once for the whole turn." },
  deployDistances: { label: "Deployment distances", description: "Front-edge distances from the centre line offered as deployment choices, in inches." },
  deployStep: { label: "Deployment spacing", description: "Spacing of the offered deployment positions along the line, in inches." },
  crossingMoves: { label: "Crossing moves", description: "Where two moves intersect the front unit may move first, or strict right-to-left order." },
  refightDefeat: { label: "Defeat in a refight", description: "A Defeat in the refight after an inconclusive round falls back, or retires after a charge." },
  previouslyShaken: { label: "\"Previously shaken\"", description: "Shaken when the combat began (SW-19), or also a unit shaken by the inconclusive DP." },
  chargeDisorderPenalty: { label: "Charge test disorder", description: "\"−1 if unformed or has 2 or more DPs\" is one −1, or −1 for each." },
  halveOnceForRetinueInCover: { label: "Retinue in cover halves once", description: "Shooting at a retinue in cover halves the dice once (off: twice)." },
  leaderRiskPerMissileHit: { label: "Leader risk per missile hit", description: "One risk roll for each missile hit on the retinue (off: one per shooting that hit)." },
  aGradeChoice: { label: "A grade ±1", description: "The A grade's optional ±1 on control tests: the player declares it, or always none, +1 or −1." },
  groupMove: { label: "Group move", description: "Units within 2\" of the retinue moving its way always move with it, or only when asked." },
  bloodLustCharge: { label: "Blood Lust charge", description: "Blood Lust must charge once the advance is signalled, or always." },
  unpaidAcceptance: {
    label: "Unpaid acceptance",
    description: "A challenged leader who cannot pay 3 LPs to accept: the challenge lapses, or he rolls for refusal.",
    houseRule: { ruling: "Unpaid acceptance", anchor: "unpaid-acceptance-house-rule-battle-option-unpaidacceptance" },
  },
  mutualKill: { label: "Both fighters killed", description: "Both contingents take the loser's DP, or only the deaths count." },
  campFollowerDps: { label: "Camp follower DPs", description: "1 DP from their contingent and 1 from their host unit, or 1 DP in total." },
  singleLine: { label: "Single line", description: "Contingents deploy in a single line with no reserves (off: anywhere in the zone)." },
  manoeuvreDp: { label: "Manoeuvre DPs", description: "An about face or change of direction costs 1 DP, or no manoeuvre does." },
};

const shape = scenarioOptionsSchema.unwrap().shape;

function lengthCheck(schema: z.ZodArray, check: "min_length" | "max_length"): number {
  for (const c of schema._zod.def.checks ?? []) {
    const def = c._zod.def as { check?: string; minimum?: number; maximum?: number };
    if (def.check === check) return (check === "min_length" ? def.minimum : def.maximum) ?? 0;
  }
  throw new Error(`no ${check} on the array option`);
}

/** The form control of one option, read from its zod schema. */
function controlOf(key: OptionKey): OptionControl {
  const s = (shape[key] as z.ZodOptional<z.ZodType>).unwrap();
  if (s instanceof z.ZodEnum) return { kind: "enum", values: s.options as string[] };
  if (s instanceof z.ZodBoolean) return { kind: "flag" };
  if (s instanceof z.ZodNumber) return { kind: "number", min: s.minValue ?? 0, max: s.maxValue ?? Number.MAX_SAFE_INTEGER, integer: s.isInt };
  if (s instanceof z.ZodArray && s.element instanceof z.ZodNumber)
    return { kind: "numbers", min: s.element.minValue ?? 0, max: s.element.maxValue ?? Number.MAX_SAFE_INTEGER, minItems: lengthCheck(s, "min_length"), maxItems: lengthCheck(s, "max_length") };
  throw new Error(`option ${key}: no form control for its schema`);
}

const EMPTY_SCENARIO_DEFAULTS = { ...DEFAULT_RULE_OPTIONS, ...scenarioOptions({ name: "-", armies: { red: "-", black: "-" } }) } as Record<OptionKey, OptionValue>;

/** Every option of the battle scenario, in the order of docs/shieldwall/battle.md's table. */
export const OPTION_CATALOGUE: readonly OptionEntry[] = (Object.keys(shape) as OptionKey[]).map((key) => ({
  key,
  ...TEXT[key],
  control: controlOf(key),
  default: EMPTY_SCENARIO_DEFAULTS[key],
}));

/** The options in effect for a scenario (raw JSON is fine: only its `turnLimit` and `options` fields are read, each kept only if valid). */
export function scenarioOptionValues(scenario: { turnLimit?: unknown; options?: unknown } | null | undefined): Record<OptionKey, OptionValue> {
  const out = { ...EMPTY_SCENARIO_DEFAULTS };
  const given: Record<string, unknown> = { ...(scenario?.options !== null && typeof scenario?.options === "object" ? (scenario.options as Record<string, unknown>) : {}) };
  if (scenario?.turnLimit !== undefined) given.turnLimit = scenario.turnLimit;
  for (const key of Object.keys(shape) as OptionKey[]) {
    if (given[key] === undefined) continue;
    const r = (shape[key] as z.ZodType).safeParse(given[key]);
    if (r.success && r.data !== undefined) out[key] = r.data as OptionValue;
  }
  return out;
}

/**
 * The scenario with `chosen` options set over its own (a chosen turn limit replaces the
 * scenario's top-level one). Throws a RangeError naming each bad field, as the scenario format does.
 */
export function withScenarioOptions(scenario: Scenario, chosen: OptionValues): Scenario {
  const options = { ...(scenario.options ?? {}), ...chosen };
  const r = scenarioOptionsSchema.safeParse(options);
  if (!r.success) {
    const problems = describeIssues(r.error.issues, options, scenarioOptionsSchema);
    throw new RangeError(problems.map((p) => `options.${p.field}: ${p.message}`).join("; ") + " (battle scenario format)");
  }
  const next: Scenario = { ...scenario, options: r.data };
  if (chosen.turnLimit !== undefined) delete next.turnLimit;
  return next;
}
