/**
 * The Shieldwall battle's declared options and statistics (a new file beside the battle, so the
 * battle's game only names them): the setup as JSON (scenario and both armies, armies given
 * inline), its default (Maldon 991 from the shipped data), the scenario file format with armies
 * named by relative paths (read through a callback the caller gives), and the summary of a
 * finished battle for simulations.
 */
import { z } from "zod";
import type { GameEvent, GameOptionsSpec, GameResult, GameStats } from "../../../core/game.js";
import englishJson from "../../../../data/shieldwall/armies/maldon-991-english.json" with { type: "json" };
import vikingsJson from "../../../../data/shieldwall/armies/maldon-991-vikings.json" with { type: "json" };
import maldonJson from "../../../../data/shieldwall/scenarios/maldon-991.json" with { type: "json" };
import { type ArmyFile, armyProblems, armySchema, formatProblem, type Side } from "../army.js";
import { BATTLE_EVENT_KINDS } from "./event-kinds.js";
import { LEADER_LOSS_CAUSES } from "./effects.js";
import { lostStands } from "./queries.js";
import { parseScenario, scenarioSchema } from "./scenario.js";
import type { BattleState } from "./types.js";
import type { BattleSetup } from "./scenario.js";

/** An army as the battle reads it: its file format and its composition (rulings SW-5, SW-6, SW-7). */
const composedArmySchema = armySchema.superRefine((army, ctx) => {
  const problem = armyProblems(army)[0];
  if (problem) ctx.addIssue({ code: "custom", path: problem.path.split(/[.[\]]+/).filter((s) => s !== "").map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: formatProblem(problem) });
});

/**
 * The battle's setup as JSON: the scenario (validated as a scenario file) and both armies, each
 * composed as the rules allow: options come from strangers (the server's match creation).
 */
export const battleSetupSchema: z.ZodType<BattleSetup> = z.strictObject({
  scenario: scenarioSchema,
  armies: z.strictObject({ red: composedArmySchema, black: composedArmySchema }),
});

/**
 * The setup of a scenario file (docs/shieldwall/battle.md): the scenario checked field by field
 * (a RangeError naming the field), and each army given as a path read through `army(path, side)`
 * (the caller reads and checks the file; its errors pass through unchanged).
 */
export function scenarioSetup(json: unknown, army: (path: string, side: Side) => ArmyFile): BattleSetup {
  const scenario = parseScenario(json);
  const of = (side: Side): ArmyFile => {
    const a = scenario.armies[side];
    return typeof a === "string" ? army(a, side) : a;
  };
  return { scenario, armies: { red: of("red"), black: of("black") } };
}

/** The shipped scenario files' armies, by the relative path the Maldon scenario names them. */
const SHIPPED_ARMIES: Record<string, unknown> = {
  "../armies/maldon-991-english.json": englishJson,
  "../armies/maldon-991-vikings.json": vikingsJson,
};

export const battleOptions: GameOptionsSpec<BattleSetup> = {
  schema: battleSetupSchema,
  defaults: () =>
    scenarioSetup(maldonJson, (path, side) => {
      const json = SHIPPED_ARMIES[path];
      if (json === undefined) throw new RangeError(`armies.${side}: the default scenario names an army not shipped with it: ${path}`);
      return armySchema.parse(json);
    }),
  describe: {
    scenario: "the battle scenario: table, deployment, turn limit, house options (docs/shieldwall/battle.md; default: Maldon 991)",
    armies: "the red and black army lists (docs/shieldwall/army-format.md)",
  },
};

/** The ending categories by result code (ruling SW-25, a house rule, and labelled so). */
export function endingCategory(result: GameResult): string {
  const w = result.winner;
  switch (result.code) {
    case "both-broke":
      return "draw: both armies broke in the same turn (SW-25, house rule)";
    case "half-units-lost":
      return `${w} wins: the enemy lost half its units (SW-25, house rule)`;
    case "leaders-lost":
      return `${w} wins: the enemy's leaders are all dead or captured (SW-25, house rule)`;
    case "no-units-left":
      return `${w} wins: the enemy has no units left on the table (SW-25, house rule)`;
    case "turn-limit-win":
      return `${w} wins: turn limit, fewer stands lost (SW-25, house rule)`;
    case "turn-limit-draw":
      return "draw: turn limit, equal stands lost (SW-25, house rule)";
  }
  return w === null ? `draw: ${result.reason}` : `${w} wins: ${result.reason}`;
}

/** The per-battle counts `muster sim` reports for each side, in this order (issue 14: leaders who behave like leaders). */
export const BATTLE_TALLIES = [
  "challenges issued",
  "challenges received: accepted",
  "challenges received: refused",
  "challenges received: lapsed",
  "duels fought by the leader",
  "duels fought by a champion",
  "duels won (enemy fighter killed)",
  ...LEADER_LOSS_CAUSES.map((c) => `leaders lost: ${c}`),
  "leaders lost: other",
  "commander-in-chief lost",
] as const;
export type BattleTally = (typeof BATTLE_TALLIES)[number];

const sideOfLeader = (id: unknown): Side | null => (typeof id === "string" ? (id.startsWith("red.") ? "red" : id.startsWith("black.") ? "black" : null) : null);

/**
 * A battle's tallies, counted from its events: challenges by the challenger's side (issued; a
 * King card's challenge included), answers by the answering side, duels by each side's fighter,
 * leaders lost by their side and cause (the `leader-lost` events; a leader dead at the end without
 * one counts as "other", which no rule should produce).
 */
export function battleTallies(s: BattleState, events: readonly GameEvent[]): Record<BattleTally, Record<Side, number>> {
  const t = Object.fromEntries(BATTLE_TALLIES.map((k) => [k, { red: 0, black: 0 }])) as Record<BattleTally, Record<Side, number>>;
  const lostBy: Record<Side, number> = { red: 0, black: 0 };
  for (const e of events) {
    if (e.type === "challenge") {
      const side = sideOfLeader(e.leader);
      if (side && e.target !== undefined) t["challenges issued"][side]++;
    } else if (e.type === "challenge-answer") {
      const side = sideOfLeader(e.leader);
      if (side && e.answer === "accepted") t["challenges received: accepted"][side]++;
      else if (side && e.answer === "refused") t["challenges received: refused"][side]++;
      else if (side && e.answer === "lapsed") t["challenges received: lapsed"][side]++;
    } else if (e.type === "duel") {
      const fighters = e.fighters as Record<"a" | "b", string>;
      const wounds = e.wounds as Record<"a" | "b", number>;
      for (const [k, other] of [["a", "b"], ["b", "a"]] as const) {
        const side = sideOfLeader(e[k]);
        if (!side) continue;
        t[fighters[k] === "leader" ? "duels fought by the leader" : "duels fought by a champion"][side]++;
        if (wounds[other] >= 3 && wounds[k] < 3) t["duels won (enemy fighter killed)"][side]++;
      }
    } else if (e.type === "leader-lost") {
      const side = sideOfLeader(e.leader);
      if (!side) continue;
      t[`leaders lost: ${e.cause as (typeof LEADER_LOSS_CAUSES)[number]}`][side]++;
      lostBy[side]++;
      if (e.commanderInChief === true) t["commander-in-chief lost"][side]++;
    }
  }
  for (const side of ["red", "black"] as const) {
    const gone = s.leaders.filter((l) => l.status !== "alive" && l.id.startsWith(`${side}.`)).length;
    t["leaders lost: other"][side] = Math.max(0, gone - lostBy[side]);
  }
  return t;
}

export const battleStats: GameStats<BattleState> = {
  lossUnit: "stands",
  needsEvents: true,
  eventKinds: BATTLE_EVENT_KINDS,
  summarize: (s, result, events) => ({ turns: s.turn, losses: { red: lostStands(s, "red"), black: lostStands(s, "black") }, ending: endingCategory(result), tallies: battleTallies(s, events) }),
};
