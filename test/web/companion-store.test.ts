/** The companion page's storage (web/src/companion/store.ts): the table kept in the browser and read back through the ruleset's schema. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startFromArmies, tableText } from "../../src/rulesets/shieldwall/companion/index.js";
import { exportName, type KeyValueStore, loadTable, saveTable, STORAGE_KEY } from "../../web/src/companion/store.js";

const army = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "data", "shieldwall", "armies", `${name}.json`), "utf8"));

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe("the companion's browser storage", () => {
  const table = startFromArmies(army("raid-lindisfarne-raiders"), army("raid-lindisfarne-fyrd"), { seed: 4 });

  it("saves the whole table and reads it back unchanged; none saved is null", () => {
    const store = memory();
    expect(loadTable(store)).toEqual({ table: null, error: null });
    expect(saveTable(store, table)).toBeNull();
    expect(store.data.get(STORAGE_KEY)).toBe(tableText(table));
    expect(loadTable(store)).toEqual({ table, error: null });
    saveTable(store, null);
    expect(store.data.has(STORAGE_KEY)).toBe(false);
    expect(exportName(table)).toBe("shieldwall-table-turn1-initiative.json");
  });

  it("a damaged copy is reported with the field named, never half-loaded", () => {
    const store = memory();
    const broken = JSON.parse(tableText(table));
    broken.state.turn = 0;
    store.setItem(STORAGE_KEY, JSON.stringify(broken));
    expect(loadTable(store)).toEqual({ table: null, error: "The table saved in this browser could not be read: state.turn: must be at least 1, got 0 (companion file format)" });
  });

  it("a full storage is reported, not thrown", () => {
    const store = { ...memory(), setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(saveTable(store, table)).toBe("The table could not be saved in this browser: QuotaExceededError");
  });
});
