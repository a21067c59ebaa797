/**
 * The Shieldwall battle's declared options and statistics (a new file beside the battle, so the
 * battle's game only names them): the setup as JSON (scenario and both armies, armies given
 * inline), its default (Maldon 991 from the shipped data), the scenario file format with armies
 * named by relative paths (read through a callback the caller gives), and the summary of a
 * finished battle for simulations.
 */
import { z } from "zod";
import type { GameOptionsSpec, GameResult, GameStats } from "../../../core/game.js";
import englishJson from "../../../../data/shieldwall/armies/maldon-991-english.json" with { type: "json" };
import vikingsJson from "../../../../data/shieldwall/armies/maldon-991-vikings.json" with { type: "json" };
import maldonJson from "../../../../data/shieldwall/scenarios/maldon-991.json" with { type: "json" };
import { type ArmyFile, armySchema, type Side } from "../army.js";
import { lostStands } from "./queries.js";
import { parseScenario, scenarioSchema } from "./scenario.js";
import type { BattleState } from "./types.js";
import type { BattleSetup } from "./scenario.js";

/** The battle's setup as JSON: the scenario (validated as a scenario file) and both armies. */
export const battleSetupSchema: z.ZodType<BattleSetup> = z.strictObject({
  scenario: scenarioSchema,
  armies: z.strictObject({ red: armySchema, black: armySchema }),
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

export const battleStats: GameStats<BattleState> = {
  lossUnit: "stands",
  summarize: (s, result) => ({ turns: s.turn, losses: { red: lostStands(s, "red"), black: lostStands(s, "black") }, ending: endingCategory(result) }),
};
