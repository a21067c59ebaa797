/**
 * The games `muster battle`, `muster replay` and `muster sim` know: each entry says how to read a
 * finished game for the statistics (turns, losses, how it ended) and where an event belongs in
 * the narrative (turn and phase). Registering a game here also registers it for replay
 * (src/core/records.ts). Pure: no files or clock, so worker threads import it too.
 *
 * To add a computer player: one `registerAi({...})` line (see ai.ts and the Shieldwall ones below).
 */
import { pig } from "../../core/fixtures/pig.js";
import type { BaseState, GameEvent, GameResult, PlayerId } from "../../core/game.js";
import { type AnyGame, registerGame } from "../../core/records.js";
import { shieldwallPlayers } from "../../rulesets/shieldwall/ai/index.js";
import { type BattleState, battleGame as shieldwallBattle, battleResultWithCode, lostStands, SHIELDWALL_BATTLE_ID } from "../../rulesets/shieldwall/battle/index.js";
import { type ShoveState, shove, winReasonText } from "../../rulesets/shove/game.js";
import { registerAi } from "./ai.js";

/** What the simulation statistics need from one finished game. */
export interface GameSummary {
  /** Game turns played (a game's own notion of a turn). */
  turns: number;
  /** Losses per side, in the entry's {@link BattleGameEntry.lossUnit}. */
  losses: Record<PlayerId, number>;
  /** How the game ended, as a short category for counting (not a unique sentence). */
  ending: string;
}

export interface FinishedGame {
  state: BaseState;
  result: GameResult;
  decisions: number;
  /** The game's events; only filled when the entry sets `summaryNeedsEvents`. */
  events: GameEvent[];
}

/** Where an event belongs in a narrative. */
export interface Position {
  turn?: number;
  phase?: string;
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

// ---- Pig (the core fixture; handy for trying the machinery) ----

registerBattleGame({
  id: "pig",
  game: pig as unknown as AnyGame,
  title: "Pig",
  lossUnit: "points wiped out by a 1",
  defaultAi: "random",
  summaryNeedsEvents: true,
  summarize(g) {
    // A turn ends with a hold or a 1; points "lost" are turn totals wiped out by a 1.
    let turns = 0;
    let total = 0;
    const losses: Record<PlayerId, number> = { p1: 0, p2: 0 };
    for (const e of g.events) {
      const player = e.player as PlayerId;
      if (e.type === "hold") {
        turns++;
        total = 0;
      } else if (e.type === "roll" && e.face === 1) {
        turns++;
        losses[player] += total;
        total = 0;
      } else if (e.type === "roll") total += e.face as number;
    }
    return { turns, losses, ending: "reached the target" };
  },
  maxDecisions: 100_000,
});

// ---- Shove ----

registerBattleGame({
  id: "shove",
  game: shove as unknown as AnyGame,
  title: "Shove",
  lossUnit: "tokens",
  defaultAi: "random",
  summarize(g) {
    const s = g.state as unknown as ShoveState;
    const nRed = s.config.board.red.length;
    let red = 0;
    let blue = 0;
    s.tokens.forEach((sq, k) => {
      if (sq < 0) {
        if (k < nRed) red++;
        else blue++;
      }
    });
    return { turns: s.turn, losses: { blue, red }, ending: winReasonText(s) };
  },
  position: (state) => ({ turn: (state as unknown as ShoveState).turn }),
  maxDecisions: 10_000,
});

// ---- Shieldwall battle (src/rulesets/shieldwall/battle/, docs/shieldwall/battle.md) ----

/** The game `muster battle` and `muster sim` play when --game is not given. */
export const DEFAULT_BATTLE_GAME = SHIELDWALL_BATTLE_ID;

/**
 * How a Shieldwall battle ended, as a category for counting: the result's `code` (its reason names units and
 * numbers). Victory conditions are ruling SW-25, a house rule, and labelled so.
 */
export function shieldwallEnding(result: GameResult): string {
  switch (result.code) {
    case "both-broke":
      return "draw: both armies broke in the same turn (SW-25, house rule)";
    case "half-units-lost":
      return `${result.winner} wins: the enemy lost half its units (SW-25, house rule)`;
    case "leaders-lost":
      return `${result.winner} wins: the enemy's leaders are all dead or captured (SW-25, house rule)`;
    case "no-units-left":
      return `${result.winner} wins: the enemy has no units left on the table (SW-25, house rule)`;
    case "turn-limit-draw":
      return "draw: turn limit, equal stands lost (SW-25, house rule)";
    case "turn-limit-win":
      return `${result.winner} wins: turn limit, fewer stands lost (SW-25, house rule)`;
  }
  return result.winner === null ? `draw: ${result.reason}` : `${result.winner} wins: ${result.reason}`;
}

registerBattleGame({
  id: SHIELDWALL_BATTLE_ID,
  game: shieldwallBattle as unknown as AnyGame,
  title: "Shieldwall battle",
  lossUnit: "stands",
  // The commander plays like a competent human (docs/shieldwall/ai.md): a readable default battle.
  defaultAi: "commander",
  summarize(g) {
    const s = g.state as unknown as BattleState;
    return { turns: s.turn, losses: { red: lostStands(s, "red"), black: lostStands(s, "black") }, ending: shieldwallEnding(battleResultWithCode(s) ?? g.result) };
  },
  // Events carry their own turn and phase (docs/shieldwall/battle.md); the state's are the fallback.
  maxDecisions: 500_000,
});

// Computer players for Shieldwall (src/rulesets/shieldwall/ai/, docs/shieldwall/ai.md), one line each.
registerAi({ name: "commander", description: shieldwallPlayers.commander.description, games: [SHIELDWALL_BATTLE_ID], make: (ctx) => shieldwallPlayers.commander.make(ctx.seed) });
registerAi({ name: "advance", description: shieldwallPlayers.advance.description, games: [SHIELDWALL_BATTLE_ID], make: (ctx) => shieldwallPlayers.advance.make(ctx.seed) });
