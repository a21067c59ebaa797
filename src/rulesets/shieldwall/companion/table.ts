/**
 * The saved table and undo: every change is a pure function of the state; `change` keeps the
 * state before it (up to UNDO_DEPTH) so the last applied change can be taken back.
 */
import { type CompanionState, type CompanionTable, UNDO_DEPTH } from "./state.js";

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

