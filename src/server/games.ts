/**
 * The games a match can be created for, their options (a shipped scenario by name, or options JSON
 * checked with the game's own schema) and the computer players the server runs. Games come from
 * src/rulesets/index.ts; nothing here knows a rule.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { type BaseState, type Game, OptionsError, type Player, type PlayerId } from "../core/game.js";
import { type AnyGame, type AnyPlayable, deriveSeed } from "../core/records.js";
import { mctsPlayer } from "../core/search/mcts.js";
import { randomPlayer } from "../core/search/random-player.js";
import { ALL_GAMES, COMPUTER_PLAYERS, PLAYABLE_GAMES } from "../rulesets/index.js";
import { MATCH_GAMES, type MatchGameId } from "./protocol.js";

/** A refused request: `code` and a message naming the field and the rule. */
export class RequestError extends Error {
  constructor(
    readonly code: "bad-request" | "bad-options",
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** Shipped scenario files, per game: the folder under data/ and the file ending. */
const SCENARIO_FILES: Partial<Record<MatchGameId, { dir: string[]; ext: string }>> = {
  "shieldwall-battle": { dir: ["shieldwall", "scenarios"], ext: ".json" },
  shove: { dir: ["shove"], ext: ".board" },
};

export function matchGame(id: MatchGameId): AnyGame {
  const game = ALL_GAMES.find((g) => g.id === id);
  if (!game) throw new Error(`the game ${id} is not in src/rulesets/index.ts`);
  return game;
}

export function isMatchGame(id: string): id is MatchGameId {
  return (MATCH_GAMES as readonly string[]).includes(id);
}

function playableOf(id: string): AnyPlayable | undefined {
  return PLAYABLE_GAMES.find((p) => p.game.id === id);
}

/** The shipped scenario names of a game (file names without their ending). */
export function scenarioPath(dataRoot: string, id: MatchGameId, name: string): string | null {
  const files = SCENARIO_FILES[id];
  if (!files) return null;
  return join(dataRoot, ...files.dir, `${name}${files.ext}`);
}

function zodField(issue: { path: readonly PropertyKey[] }, prefix: string): string {
  return [prefix, ...issue.path.map(String)].join(".");
}

/** Options checked with the game's schema; a refusal names the field. */
function checkedOptions(game: AnyGame, json: unknown): unknown {
  const parsed = game.options.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = zodField(issue, "options");
    throw new RequestError("bad-options", `${field}: ${issue.message} (the ${game.title}'s options schema)`, field);
  }
  return parsed.data;
}

/** Reads a file a shipped scenario names (an army), staying inside the data folder. */
function readIncluded(dataRoot: string, base: string, path: string): unknown {
  const full = resolve(base, path);
  const root = resolve(dataRoot);
  if (!full.startsWith(root + sep)) throw new OptionsError(`${path}: outside the shipped data`);
  return JSON.parse(readFileSync(full, "utf8")) as unknown;
}

/**
 * The options of a new match: a shipped scenario by name, options JSON, or the game's default
 * (its shipped default file where it has one). Throws {@link RequestError}.
 */
export function matchOptions(dataRoot: string, id: MatchGameId, scenario: string | undefined, options: unknown): unknown {
  const game = matchGame(id);
  if (scenario !== undefined && options !== undefined) throw new RequestError("bad-request", "scenario and options: give one or the other, not both", "scenario");
  if (options !== undefined) return checkedOptions(game, options);
  const playable = playableOf(id);
  let file: string | null = null;
  if (scenario !== undefined) {
    file = scenarioPath(dataRoot, id, scenario);
    if (!file) throw new RequestError("bad-request", `scenario: the ${game.title} has no shipped scenarios; give options instead`, "scenario");
    if (!existsSync(file)) throw new RequestError("bad-request", `scenario: no shipped scenario "${scenario}" for the ${game.title}`, "scenario");
  } else if (playable?.optionsFile?.defaultFile) {
    file = join(dataRoot, ...playable.optionsFile.defaultFile);
  }
  if (!file) return game.options.defaults();
  const format = playable?.optionsFile;
  if (!format) return checkedOptions(game, JSON.parse(readFileSync(file, "utf8")) as unknown);
  const text = readFileSync(file, "utf8");
  try {
    const content = format.format === "json" ? (JSON.parse(text) as unknown) : text;
    return format.parse(content, (path, field, schema) => {
      const value = schema.safeParse(readIncluded(dataRoot, dirname(file), path));
      if (!value.success) throw new OptionsError(`${field}: ${value.error.issues[0].message}`, field);
      return value.data;
    }).options;
  } catch (err) {
    if (err instanceof OptionsError) throw new RequestError("bad-options", `scenario ${scenario ?? "(default)"}: ${err.message}`, err.field ?? "scenario");
    throw err;
  }
}

/** A new state; a game that refuses the options (e.g. a duel that cannot start) is a {@link RequestError}. */
export function setupMatch(game: AnyGame, options: unknown, seed: number): BaseState {
  try {
    return game.setup(options, seed);
  } catch (err) {
    if (err instanceof RangeError || err instanceof OptionsError) throw new RequestError("bad-options", `options: ${err.message}`, "options");
    throw err;
  }
}

/** MCTS on the server thinks briefly: the server plays many matches at once. */
const SERVER_MCTS_ITERATIONS = 64;

/** The computer players the server offers for a game: the generic ones and the ruleset's. */
export function computerPlayersFor(id: string): string[] {
  return ["random", "mcts", ...COMPUTER_PLAYERS.filter((c) => c.games.includes(id)).map((c) => c.name)];
}

/**
 * A computer player by name, seeded from the match seed and the version it decides at, so a
 * restarted server makes the same choice.
 */
export function makeComputer(game: Game<BaseState, unknown, unknown>, name: string, matchSeed: number, seat: PlayerId, version: number): Player<BaseState, unknown> {
  const seed = deriveSeed(deriveSeed(matchSeed, version), game.players.indexOf(seat) + 1);
  if (name === "random") return randomPlayer(game, seed);
  if (name === "mcts") return mctsPlayer(game, { seed, iterations: SERVER_MCTS_ITERATIONS });
  const entry = COMPUTER_PLAYERS.find((c) => c.name === name && c.games.includes(game.id));
  if (!entry) throw new Error(`unknown computer player ${name} for ${game.id}`);
  return entry.make(seed) as Player<BaseState, unknown>;
}
