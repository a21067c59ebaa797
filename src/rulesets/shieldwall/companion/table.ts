/**
 * The saved table and undo: every change is a pure function of the state; `change` keeps the
 * state before it (up to UNDO_DEPTH) so the last applied change can be taken back.
 */
import { duelState } from "./duel.js";
import { type CompanionState, type CompanionTable, CompanionError, parseCompanionText, UNDO_DEPTH } from "./state.js";

/** The table after a change made by `f` (which may throw a CompanionError: the table is then unchanged). */
export function change(table: CompanionTable, f: (s: CompanionState) => CompanionState): CompanionTable {
  const next = f(table.state);
  if (next === table.state) return table;
  return { ...table, state: next, undo: [...table.undo, table.state].slice(-UNDO_DEPTH) };
}

/** Takes back the last change (its log lines go with it). */
export function undo(table: CompanionTable): CompanionTable {
  if (table.undo.length === 0) return table;
  const before = table.undo[table.undo.length - 1];
  return { ...table, state: before, undo: table.undo.slice(0, -1) };
}

export function canUndo(table: CompanionTable): boolean {
  return table.undo.length > 0;
}

/** The table as the text of an exported file. */
export function tableText(table: CompanionTable): string {
  return `${JSON.stringify(table, null, 1)}\n`;
}


/**
 * Reads an exported table: the file format (parseCompanionText), then a personal combat in
 * progress is replayed so a tampered one is refused with its field named.
 */
export function readTableFile(text: string): CompanionTable {
  const table = parseCompanionText(text);
  if (table.state.duel) {
    try {
      duelState(table.state);
    } catch (err) {
      throw new CompanionError(`state.${(err as Error).message} (companion file format)`);
    }
  }
  return table;
}
