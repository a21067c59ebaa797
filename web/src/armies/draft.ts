/**
 * The army builder's draft: an army file being edited. Pure helpers the page calls (a blank army,
 * a blank contingent, editing by copy), the army's totals, and where each problem the ruleset
 * finds is shown. The rules themselves are the ruleset's (armyFileProblems); nothing here judges.
 */
import { ATTACHED_KINDS, type ArmyFile, type ArmyProblem, type AttachedKind, type ContingentFile, type UnitFile } from "../../../src/rulesets/shieldwall/army.js";
import { draftProblems } from "../shared/my-armies.js";
import { STRENGTH } from "../../../src/rulesets/shieldwall/units.js";

/** An army file being edited: an army file whose required names may still be empty. */
export type Draft = ArmyFile;

export const KIND_LABEL: Record<AttachedKind, string> = {
  "camp-followers": "Camp followers",
  "holy-person": "Holy person",
  "heroic-champion": "Heroic champion",
  "battle-standard": "Battle standard",
};
export { ATTACHED_KINDS };

export function blankContingent(): ContingentFile {
  return { leader: { name: "", lp: 3 }, retinue: { grade: "B", stands: 1 }, bands: [{ grade: "C", stands: 1 }] };
}

/** "Start from nothing": one contingent with a commander-in-chief, names to fill in. */
export function blankArmy(): Draft {
  const c = blankContingent();
  c.leader.commanderInChief = true;
  return { name: "", side: "red", contingents: [c] };
}

/** A copy of the draft changed by `edit` (the draft itself is never changed). */
export function edited(draft: Draft, edit: (d: Draft) => void): Draft {
  const copy = structuredClone(draft);
  edit(copy);
  return copy;
}

/** Sets an optional text field, or removes it when empty (the format refuses an empty name or id). */
export function setOptional<K extends string>(target: Partial<Record<K, string>>, key: K, value: string): void {
  if (value === "") delete target[key];
  else target[key] = value;
}

/** The file as a draft the form can show (the army format, except that required names may still be empty), or null. */
export function asDraft(value: unknown): Draft | null {
  const { army, problems } = draftProblems(value);
  return army || problems.every((p) => p.rule !== "army format" || /\.?name$/.test(p.path)) ? (value as Draft) : null;
}

/** Dice per engaged stand times stands (SW-5: A 6, B 4, C 2, D 1). */
export function unitStrength(u: UnitFile): number {
  return (STRENGTH[u.grade] ?? 0) * u.stands;
}

export interface ArmyTotals {
  contingents: number;
  units: number;
  stands: number;
  strength: number;
  /** Attached figures and special weapons (SW-6 allows as many as contingents). */
  supernumeraries: number;
}

export function armyTotals(d: Draft): ArmyTotals {
  const t: ArmyTotals = { contingents: d.contingents.length, units: 0, stands: 0, strength: 0, supernumeraries: 0 };
  for (const c of d.contingents) {
    if (c.leader.specialWeapon) t.supernumeraries++;
    for (const u of [c.retinue, ...c.bands]) {
      t.units++;
      t.stands += u.stands;
      t.strength += unitStrength(u);
      t.supernumeraries += u.supernumeraries?.length ?? 0;
    }
  }
  return t;
}

/** The problems shown beside the field at `path` (exactly that field). */
export function problemsAt(problems: readonly ArmyProblem[], path: string): ArmyProblem[] {
  return problems.filter((p) => p.path === path);
}

/**
 * Every place the form shows problems for a draft: the army's fields, each contingent, leader
 * field, unit, unit field and supernumerary. A problem at none of these is shown at the top.
 */
export function shownPaths(d: Draft): Set<string> {
  const paths = new Set(["name", "side", "description", "contingents"]);
  d.contingents.forEach((c, i) => {
    const at = `contingents[${i}]`;
    for (const f of ["", ".id", ".name", ".leader", ".leader.name", ".leader.lp", ".leader.commanderInChief", ".leader.exceptional", ".leader.specialWeapon", ".bands"]) paths.add(at + f);
    const unit = (u: UnitFile, uat: string) => {
      for (const f of ["", ".id", ".name", ".grade", ".stands", ".supernumeraries"]) paths.add(uat + f);
      (u.supernumeraries ?? []).forEach((_, k) => paths.add(`${uat}.supernumeraries[${k}]`));
    };
    unit(c.retinue, `${at}.retinue`);
    c.bands.forEach((b, j) => unit(b, `${at}.bands[${j}]`));
  });
  return paths;
}

/** A problem in plain words for the list at the top: the rule's text, its place, its ruling. */
export function placeText(path: string): string {
  const m = /^contingents\[(\d+)\](?:\.(retinue|bands\[(\d+)\]|leader))?/.exec(path);
  if (!m) return path === "(army)" ? "the army" : path === "contingents" ? "the contingents" : `the army's ${path}`;
  const c = `contingent ${Number(m[1]) + 1}`;
  if (m[2] === "retinue") return `${c}, retinue`;
  if (m[2] === "leader") return `${c}, leader`;
  if (m[3] !== undefined) return `${c}, band ${Number(m[3]) + 1}`;
  return c;
}

/** The file name an export gets: the army's name in lower case with dashes. */
export function exportName(d: { name?: unknown }): string {
  const base = typeof d.name === "string" ? d.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") : "";
  return `${base || "army"}.json`;
}
