/** Turning a played game into text: events grouped by turn and phase, and the outcome. */
import type { GameResult } from "../../core/game.js";
import type { BattleGameEntry, GameSummary } from "./catalog.js";
import type { LoggedEvent } from "./run.js";

/**
 * "Turn 2" and phase headings whenever they change (turn 0, e.g. deployment, is "Before the
 * first turn"); each event's text indented below them. Fed one event at a time, so a battle's
 * narrative can be printed as it goes.
 */
export class Narrator {
  private turn: number | undefined;
  private phase: string | undefined;
  private started = false;

  lines(item: LoggedEvent): string[] {
    const lines: string[] = [];
    const newTurn = item.turn !== this.turn || !this.started;
    if (newTurn && item.turn !== undefined) {
      lines.push(item.turn === 0 ? "Before the first turn" : `Turn ${item.turn}`);
      this.phase = undefined;
    }
    if (item.phase !== undefined && (item.phase !== this.phase || newTurn)) lines.push(`  ${item.phase[0].toUpperCase()}${item.phase.slice(1)}`);
    this.turn = item.turn;
    this.phase = item.phase;
    this.started = true;
    const indent = item.turn === undefined && item.phase === undefined ? "" : item.phase === undefined ? "  " : "    ";
    lines.push(`${indent}${item.event.text}`);
    return lines;
  }
}

/** The whole narrative of a log (see {@link Narrator}). */
export function narrate(log: readonly LoggedEvent[]): string[] {
  const n = new Narrator();
  return log.flatMap((item) => n.lines(item));
}

export function outcomeLine(entry: BattleGameEntry, result: GameResult, summary: GameSummary): string {
  const who = result.winner === null ? "Draw" : `${result.winner} wins`;
  const losses = entry.game.players.map((p) => `${p} ${summary.losses[p] ?? 0}`).join(", ");
  return `Outcome: ${who} — ${result.reason}. ${summary.turns} turn${summary.turns === 1 ? "" : "s"}; losses (${entry.lossUnit}): ${losses}.`;
}
