/** Turning a played game into text: events grouped by turn and phase, and the outcome. */
import type { GameResult } from "../../core/game.js";
import type { BattleGameEntry, GameSummary } from "./catalog.js";
import type { LoggedEvent } from "./run.js";

/**
 * "Turn 2" and phase headings whenever they change (turn 0, e.g. deployment, is "Before the
 * first turn"); each event's text indented below them.
 */
export function narrate(log: readonly LoggedEvent[]): string[] {
  const lines: string[] = [];
  let turn: number | undefined;
  let phase: string | undefined;
  let started = false;
  for (const item of log) {
    const newTurn = item.turn !== turn || !started;
    if (newTurn && item.turn !== undefined) {
      lines.push(item.turn === 0 ? "Before the first turn" : `Turn ${item.turn}`);
      phase = undefined;
    }
    if (item.phase !== undefined && (item.phase !== phase || newTurn)) lines.push(`  ${item.phase[0].toUpperCase()}${item.phase.slice(1)}`);
    turn = item.turn;
    phase = item.phase;
    started = true;
    const indent = item.turn === undefined && item.phase === undefined ? "" : item.phase === undefined ? "  " : "    ";
    lines.push(`${indent}${item.event.text}`);
  }
  return lines;
}

export function outcomeLine(entry: BattleGameEntry, result: GameResult, summary: GameSummary): string {
  const who = result.winner === null ? "Draw" : `${result.winner} wins`;
  const losses = entry.game.players.map((p) => `${p} ${summary.losses[p] ?? 0}`).join(", ");
  return `Outcome: ${who} — ${result.reason}. ${summary.turns} turn${summary.turns === 1 ? "" : "s"}; losses (${entry.lossUnit}): ${losses}.`;
}
