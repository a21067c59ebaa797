/**
 * The armies the scenario editor offers: the shipped army files (bundled), armies imported from a
 * file, and the player's own from the army builder (web/src/shared/my-armies.ts), read in one
 * place, {@link myArmies}: only those the ruleset finds playable.
 */
import { baseName } from "../battle/scenario-list.js";
import { listMyArmies } from "../shared/my-armies.js";
import type { ArmyRef, Side } from "./model.js";

const armyFiles = import.meta.glob<{ name?: string }>("../../../data/shieldwall/armies/*.json", { eager: true, import: "default" });

/** The shipped armies by id (file name without .json). */
export const SHIPPED_ARMIES: { id: string; name: string; army: unknown }[] = Object.entries(armyFiles)
  .map(([path, army]) => ({ id: baseName(path).replace(/\.json$/, ""), name: army.name ?? baseName(path), army: army as unknown }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** The player's own armies (the army builder's) that may be played: drafts with problems are left out. */
export function myArmies(): { id: string; name: string; army: unknown }[] {
  return listMyArmies()
    .filter((a) => a.playable)
    .map((a) => ({ id: a.id, name: a.name, army: a.file }));
}

/** The army file a choice stands for, or null when it is gone (a deleted army of the player's own). */
export function armyOf(ref: ArmyRef): unknown {
  if ("shipped" in ref) return SHIPPED_ARMIES.find((a) => a.id === ref.shipped)?.army ?? null;
  if ("mine" in ref) return myArmies().find((a) => a.id === ref.mine)?.army ?? null;
  return ref.army;
}

/** What the choice is called in the form. */
export function armyLabel(ref: ArmyRef): string {
  if ("shipped" in ref) return SHIPPED_ARMIES.find((a) => a.id === ref.shipped)?.name ?? ref.shipped;
  if ("mine" in ref) return myArmies().find((a) => a.id === ref.mine)?.name ?? `${ref.mine} (not found)`;
  return `${ref.file} (imported)`;
}

/**
 * A scenario file's army as a choice: a path names a shipped army by its file name; an inline
 * army that is a shipped one is that choice; any other inline army is kept as imported.
 */
export function refForFileArmy(side: Side, army: unknown): ArmyRef {
  if (typeof army === "string") {
    const id = baseName(army).replace(/\.json$/, "");
    if (SHIPPED_ARMIES.some((a) => a.id === id)) return { shipped: id };
    throw new RangeError(`armies.${side}: no shipped army "${army}" (shipped: ${SHIPPED_ARMIES.map((a) => a.id).join(", ")}); put the army inline in the scenario instead`);
  }
  const text = JSON.stringify(army);
  const shipped = SHIPPED_ARMIES.find((a) => JSON.stringify(a.army) === text);
  if (shipped) return { shipped: shipped.id };
  const name = (army as { name?: unknown }).name;
  return { file: typeof name === "string" ? name : `${side} army`, army };
}
