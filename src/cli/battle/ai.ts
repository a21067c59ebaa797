/**
 * Computer players for `muster battle` and `muster sim`, by name. A name on the command line is
 * `NAME` or `NAME:ARG` (e.g. `mcts:500`). Generic players work for every game; a ruleset adds
 * its own with one {@link registerAi} line in catalog.ts (e.g. the Shieldwall `commander`).
 *
 * Pure: making a player reads no clock or file, so worker threads build the same players.
 */
import type { BaseState, Player, PlayerId } from "../../core/game.js";
import type { AnyGame } from "../../core/records.js";
import { mctsPlayer } from "../../core/search/mcts.js";
import { randomPlayer } from "../../core/search/random-player.js";
import { UsageError } from "../errors.js";

export type AnyPlayer = Player<BaseState, unknown>;

export interface AiContext {
  game: AnyGame;
  /** The game's options (scenario), as passed to setup. */
  options: unknown;
  side: PlayerId;
  /** This player's own seed, derived from the game seed and the side. */
  seed: number;
  /** The part after the colon in `NAME:ARG`, if any. */
  arg?: string;
}

export interface AiEntry {
  name: string;
  /** One line for --help and error messages. */
  description: string;
  /** Game ids this player knows (undefined: every game). */
  games?: readonly string[];
  /** Checks ARG; returns a reason when it is wrong (undefined: no ARG allowed). */
  checkArg?(arg: string): string | null;
  make(ctx: AiContext): AnyPlayer;
}

const ais = new Map<string, AiEntry>();

export function registerAi(entry: AiEntry): void {
  ais.set(entry.name, entry);
}

/** Computer players available for a game, in registration order. */
export function aiNamesFor(gameId: string): string[] {
  return [...ais.values()].filter((a) => a.games === undefined || a.games.includes(gameId)).map((a) => a.name);
}

export function aiEntry(name: string): AiEntry | undefined {
  return ais.get(name);
}

export interface AiSpec {
  name: string;
  arg?: string;
}

/** Parses and checks `NAME` or `NAME:ARG` for a game; bad names are a {@link UsageError} naming the option. */
export function parseAiSpec(text: string, gameId: string, option: string): AiSpec {
  const t = text.trim();
  const colon = t.indexOf(":");
  const name = (colon < 0 ? t : t.slice(0, colon)).toLowerCase();
  const arg = colon < 0 ? undefined : t.slice(colon + 1);
  const known = aiNamesFor(gameId);
  const entry = ais.get(name);
  if (!entry || !known.includes(name)) throw new UsageError(`${option}: unknown computer player "${text}" for ${gameId}; expected one of ${known.join(", ")}`);
  if (arg !== undefined) {
    if (!entry.checkArg) throw new UsageError(`${option}: computer player ${name} takes no ":" argument, got "${text}"`);
    const problem = entry.checkArg(arg);
    if (problem) throw new UsageError(`${option}: ${name}:${arg}: ${problem}`);
  }
  return arg === undefined ? { name } : { name, arg };
}

export function formatAiSpec(spec: AiSpec): string {
  return spec.arg === undefined ? spec.name : `${spec.name}:${spec.arg}`;
}

/** Builds a computer player from a checked spec. */
export function makeAi(spec: AiSpec, ctx: Omit<AiContext, "arg">): AnyPlayer {
  const entry = ais.get(spec.name);
  if (!entry) throw new UsageError(`unknown computer player "${spec.name}"`);
  return entry.make({ ...ctx, arg: spec.arg });
}

// ---- generic players, for every game ----

registerAi({
  name: "random",
  description: "picks uniformly among the legal decisions",
  make: (ctx) => randomPlayer(ctx.game, ctx.seed),
});

const DEFAULT_MCTS_ITERATIONS = 200;

registerAi({
  name: "mcts",
  description: `Monte Carlo tree search (mcts:N for N iterations per decision, default ${DEFAULT_MCTS_ITERATIONS}); slow on big games`,
  checkArg: (arg) => (/^\d+$/.test(arg) && Number(arg) >= 1 && Number(arg) <= 1_000_000 ? null : `iterations must be a whole number from 1 to 1000000`),
  make: (ctx) => {
    const iterations = ctx.arg === undefined ? DEFAULT_MCTS_ITERATIONS : Number(ctx.arg);
    const p = mctsPlayer(ctx.game, { seed: ctx.seed, iterations });
    return { name: `mcts:${iterations}`, choose: (s, who) => p.choose(s, who) };
  },
});
