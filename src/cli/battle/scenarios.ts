/**
 * Reading each game's options (its "scenario") from a file for `muster battle` and `muster sim`.
 * The only file I/O of the battle commands besides records; errors name the file and field.
 */
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import type { ArmyFile } from "../../rulesets/shieldwall/army.js";
import { type BattleSetup, parseScenario, SHIELDWALL_BATTLE_ID } from "../../rulesets/shieldwall/battle/index.js";
import { InputError } from "../errors.js";
import { parseJson, readJsonInput, readText } from "../input.js";
import { readArmy } from "../shieldwall/army.js";
import { loadBoard } from "../shove/index.js";
import { packageRoot } from "./sim.js";

export interface LoadedScenario {
  options: unknown;
  /** Where the options came from, for output. */
  label: string;
}

type Loader = (file: string | undefined) => LoadedScenario;

const pigSchema = z.strictObject({ target: z.number().int("target must be a whole number").min(1, "target must be at least 1").max(10_000).optional() });

/** The default Shieldwall scenario, relative to the shipped data folder. */
export const DEFAULT_SHIELDWALL_SCENARIO = ["shieldwall", "scenarios", "maldon-991.json"] as const;

/**
 * A Shieldwall battle scenario (format in docs/shieldwall/battle.md): the scenario checked field
 * by field, and each army given as a path read relative to the scenario file and checked against
 * the army rules (SW-5, SW-6, SW-7). The result is the whole BattleSetup, so records need no files.
 */
export function loadShieldwallScenario(file: string | undefined): LoadedScenario {
  const path = file ?? dataPath(...DEFAULT_SHIELDWALL_SCENARIO);
  const label = file === "-" ? "standard input" : (file ?? "data/shieldwall/scenarios/maldon-991.json");
  let scenario: BattleSetup["scenario"];
  try {
    scenario = parseScenario(parseJson(readText(path), label));
  } catch (err) {
    if (err instanceof RangeError) throw new InputError(`${label}: field ${err.message}`);
    throw err;
  }
  const base = file === "-" ? process.cwd() : dirname(resolve(path));
  const army = (side: "red" | "black"): ArmyFile => {
    const a = scenario.armies[side];
    if (typeof a !== "string") return a;
    try {
      return readArmy(resolve(base, a));
    } catch (err) {
      if (err instanceof InputError) throw new InputError(`${label}: armies.${side}: ${err.message}`, `armies.${side}`);
      throw err;
    }
  };
  const setup: BattleSetup = { scenario, armies: { red: army("red"), black: army("black") } };
  return { options: setup, label: `${scenario.name} (${label})` };
}

const loaders = new Map<string, Loader>([
  [SHIELDWALL_BATTLE_ID, loadShieldwallScenario],
  ["pig", (file) => (file === undefined ? { options: {}, label: "target 50 (default)" } : { options: readJsonInput(file, pigSchema), label: file })],
  ["shove", (file) => ({ options: { board: loadBoard(file) }, label: file ?? "default board (ruling SH-1, a house rule)" })],
]);

/** Adds a scenario reader for a game (one line per ruleset). */
export function registerScenarioLoader(gameId: string, loader: Loader): void {
  loaders.set(gameId, loader);
}

/** A shipped data file, found from the package root (not the current directory). */
export function dataPath(...parts: string[]): string {
  return join(packageRoot(), "data", ...parts);
}

export function loadScenario(gameId: string, file: string | undefined): LoadedScenario {
  const loader = loaders.get(gameId);
  if (!loader) {
    if (file !== undefined) throw new InputError(`--scenario: the game ${gameId} takes no scenario file`);
    return { options: {}, label: "default" };
  }
  return loader(file);
}
