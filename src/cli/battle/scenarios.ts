/**
 * Reading each game's options (its "scenario") from a file for `muster battle` and `muster sim`.
 * The only file I/O of the battle commands besides records; errors name the file and field.
 */
import { join } from "node:path";
import { z } from "zod";
import { InputError } from "../errors.js";
import { readJsonInput } from "../input.js";
import { loadBoard } from "../shove/index.js";
import { packageRoot } from "./sim.js";

export interface LoadedScenario {
  options: unknown;
  /** Where the options came from, for output. */
  label: string;
}

type Loader = (file: string | undefined) => LoadedScenario;

const pigSchema = z.strictObject({ target: z.number().int("target must be a whole number").min(1, "target must be at least 1").max(10_000).optional() });

const loaders = new Map<string, Loader>([
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
