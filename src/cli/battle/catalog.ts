/**
 * The games `muster battle`, `muster replay` and `muster sim` know, taken from the rulesets'
 * registry (src/rulesets/index.ts): each entry says how to read a finished game for the
 * statistics (the game's own `stats`) and where an event belongs in the narrative (turn and
 * phase). Registering a game here also registers it for replay (src/core/records.ts). Pure: no
 * files or clock, so worker threads import it too. No game is named here.
 */
import type { BaseState, GameEvent, GameResult, GameSummary, PlayerId } from "../../core/game.js";
import { type AnyGame, type AnyPlayable, type Position, registerGame } from "../../core/records.js";
import { COMPUTER_PLAYERS, DEFAULT_PLAYABLE_GAME, PLAYABLE_GAMES } from "../../rulesets/index.js";
import { registerAi } from "./ai.js";

export type { GameSummary, Position };

export interface FinishedGame {
  state: BaseState;
  result: GameResult;
  decisions: number;
  /** The game's events; only filled when the entry sets `summaryNeedsEvents`. */
  events: GameEvent[];
}

export interface BattleGameEntry {
  id: string;
  game: AnyGame;
  /** Human name, e.g. "Shieldwall battle". */
  title: string;
  /** What losses count ("stands", "tokens", "points"). */
  lossUnit: string;
  /** Computer player for a side that is not given on the command line. */
  defaultAi: string;
  summarize(g: FinishedGame): GameSummary;
  summaryNeedsEvents?: boolean;
  /**
   * The turn and phase of `state` (the state a decision was taken in). Events may also carry
   * their own `turn` and `phase` fields, which win. Default: `state.turn` and `state.phase`.
   */
  position?(state: BaseState): Position;
  /** A decision limit that no sane game reaches (protects against an engine loop). */
  maxDecisions?: number;
}

const entries = new Map<string, BattleGameEntry>();

export function registerBattleGame(entry: BattleGameEntry): void {
  entries.set(entry.id, entry);
  registerGame(entry.game);
}

export function battleGame(id: string): BattleGameEntry | undefined {
  return entries.get(id);
}

export function battleGameIds(): string[] {
  return [...entries.keys()];
}

/** The default position reader: numeric `state.turn`, string `state.phase`. */
export function defaultPosition(state: BaseState): Position {
  const s = state as unknown as { turn?: unknown; phase?: unknown };
  const out: Position = {};
  if (typeof s.turn === "number") out.turn = s.turn;
  if (typeof s.phase === "string") out.phase = s.phase;
  return out;
}

/** The runner's entry for a ruleset's playable game: statistics from the game's face. */
export function entryOf(p: AnyPlayable): BattleGameEntry {
  const { game } = p;
  const stats = game.stats;
  const entry: BattleGameEntry = {
    id: game.id,
    game,
    title: game.title,
    lossUnit: stats?.lossUnit ?? "losses",
    defaultAi: p.defaultAi,
    summarize: (g) =>
      stats
        ? stats.summarize(g.state, g.result, g.events)
        : { turns: g.decisions, losses: Object.fromEntries(game.players.map((s: PlayerId) => [s, 0])), ending: g.result.code ?? g.result.reason },
  };
  if (stats?.needsEvents) entry.summaryNeedsEvents = true;
  if (p.position) entry.position = (s) => p.position!(s);
  if (p.maxDecisions !== undefined) entry.maxDecisions = p.maxDecisions;
  return entry;
}

for (const p of PLAYABLE_GAMES) registerBattleGame(entryOf(p));

/** The game `muster battle` and `muster sim` play when --game is not given. */
export const DEFAULT_BATTLE_GAME = DEFAULT_PLAYABLE_GAME;

// Computer players the rulesets offer, one line each in their index files.
for (const ai of COMPUTER_PLAYERS) registerAi({ name: ai.name, description: ai.description, games: ai.games, make: (ctx) => ai.make(ctx.seed) });
