/**
 * The companion page's storage: the whole table is kept in the browser (localStorage), so it
 * survives a reload and a closed tab, and is exported and imported as a file. Reading goes through
 * the ruleset's schema (parseCompanionTable): a damaged copy is reported, never half-loaded.
 * Storage is passed in, so this runs in Node tests too.
 */
import { type CompanionTable, readTableFile, tableText } from "../../../src/rulesets/shieldwall/companion/index.js";

export const STORAGE_KEY = "muster.companion.table";

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The saved table, null when there is none, or the named error of a damaged copy. */
export function loadTable(store: KeyValueStore): { table: CompanionTable | null; error: string | null } {
  const text = store.getItem(STORAGE_KEY);
  if (text === null) return { table: null, error: null };
  try {
    return { table: readTableFile(text), error: null };
  } catch (err) {
    return { table: null, error: `The table saved in this browser could not be read: ${(err as Error).message}` };
  }
}

/** Saves the table; a full storage is reported rather than thrown. */
export function saveTable(store: KeyValueStore, table: CompanionTable | null): string | null {
  try {
    if (table === null) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, tableText(table));
    return null;
  } catch (err) {
    return `The table could not be saved in this browser: ${(err as Error).message}`;
  }
}

/** A file name for the exported table: "shieldwall-table-turn3-movement.json". */
export function exportName(table: CompanionTable): string {
  return `shieldwall-table-turn${table.state.turn}-${table.state.phase}.json`;
}
