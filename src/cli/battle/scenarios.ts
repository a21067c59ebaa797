/**
 * Reading each game's options (its "scenario") from a file for `muster battle` and `muster sim`:
 * the game's own file format where its ruleset declares one (a Shove board's text, a Shieldwall
 * scenario naming its army files), else the options' JSON checked against the game's schema.
 * The only file I/O of the battle commands besides records; errors name the file and field.
 * No game is named here: the formats come from src/rulesets/index.ts.
 */
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { OptionsError } from "../../core/game.js";
import type { AnyPlayable, IncludeFile } from "../../core/records.js";
import { PLAYABLE_GAMES } from "../../rulesets/index.js";
import { InputError } from "../errors.js";
import { parseJson, readJsonInput, readText } from "../input.js";
import { packageRoot } from "../package-root.js";

export interface LoadedScenario {
  options: unknown;
  /** Where the options came from, for output. */
  label: string;
}

/** A shipped data file, found from the package root (not the current directory). */
export function dataPath(...parts: string[]): string {
  return join(packageRoot(), "data", ...parts);
}

/** Files an options file names, read relative to it (or to the current folder for standard input). */
function includer(file: string, label: string): IncludeFile {
  const base = file === "-" ? process.cwd() : dirname(resolve(file));
  return (path, field, schema, rule, problems) => {
    const source = resolve(base, path);
    try {
      const value = readJsonInput(source, schema, rule);
      const found = problems ? problems(value) : [];
      if (found.length > 0) {
        throw new InputError(`${source}: ${found.map((f) => f.message).join("; ")}`, found[0].field, found[0].rule);
      }
      return value;
    } catch (err) {
      if (err instanceof InputError) throw new InputError(`${label}: ${field}: ${err.message}`, field);
      throw err;
    }
  };
}

function fromFile(p: AnyPlayable, file: string, label: string): LoadedScenario {
  const format = p.optionsFile;
  if (!format) return { options: readJsonInput(file, p.game.options.schema), label };
  const text = readText(file);
  const content = format.format === "json" ? parseJson(text, label) : text;
  try {
    const { options, title } = format.parse(content, includer(file, label));
    return { options, label: title === undefined ? label : `${title} (${label})` };
  } catch (err) {
    if (err instanceof OptionsError) throw new InputError(`${label}: ${err.message}`, err.field, err.rule);
    throw err;
  }
}

/** The options of game `gameId` from `file` ("-": standard input), or its defaults when none is given. */
export function loadScenario(gameId: string, file: string | undefined): LoadedScenario {
  const p = PLAYABLE_GAMES.find((g) => g.game.id === gameId);
  if (!p) {
    if (file !== undefined) throw new InputError(`--scenario: the game ${gameId} takes no scenario file`);
    return { options: {}, label: "default" };
  }
  if (file !== undefined) return fromFile(p, file, file === "-" ? "standard input" : file);
  const shipped = p.optionsFile?.defaultFile;
  if (shipped) return fromFile(p, dataPath(...shipped), p.defaultLabel);
  return { options: p.game.options.defaults(), label: p.defaultLabel };
}

/** Every shipped scenario of a game: the files beside its default one (none: just the default). */
export function shippedScenarioFiles(gameId: string): string[] {
  const shipped = PLAYABLE_GAMES.find((g) => g.game.id === gameId)?.optionsFile?.defaultFile;
  if (!shipped) return [];
  const folder = dataPath(...shipped.slice(0, -1));
  const ext = shipped[shipped.length - 1].replace(/^.*(\.[^.]+)$/, "$1");
  return readdirSync(folder)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => join(folder, f));
}
