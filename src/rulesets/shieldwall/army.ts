/**
 * Shieldwall army lists: the file format (documented in docs/shieldwall/army-format.md), the
 * composition rules (rulings SW-5, SW-6, SW-7) and the forces an army starts the battle with
 * (seed "Deployment": 3 DPs and Present aggression for every unit).
 *
 * Pure: validation returns a list of problems, each naming the place in the file and the rule.
 */
import { z } from "zod";
import { freeText, nameText } from "../../core/input-limits.js";
import { AVERAGE_DIE, rollDie } from "../../core/dice.js";
import type { Random } from "../../core/random.js";
import {
  type Aggression,
  AGGRESSION_LEVELS,
  emptyDp,
  type Grade,
  type LeaderState,
  type SupernumeraryKind,
  type UnitState,
} from "./units.js";

export type Side = "red" | "black";
export const SIDES: readonly Side[] = ["red", "black"];

/** Supernumeraries that are figures attached to a unit (the special weapon is a leader's flag). */
export const ATTACHED_KINDS = ["camp-followers", "holy-person", "heroic-champion", "battle-standard"] as const;
export type AttachedKind = (typeof ATTACHED_KINDS)[number];

const gradeSchema = z.enum(["A", "B", "C", "D"]);
const idSchema = nameText().regex(/^[A-Za-z0-9_-]+$/, "an id uses letters, digits, - and _ only");

const unitSchema = z.strictObject({
  id: idSchema.optional(),
  name: nameText().min(1).optional(),
  grade: gradeSchema,
  stands: z.number().int().min(1),
  supernumeraries: z.array(z.enum(ATTACHED_KINDS)).optional(),
});

const leaderSchema = z.strictObject({
  name: nameText().min(1),
  /** 2–5, or "roll" for one AvD when the forces are built (ruling SW-7). */
  lp: z.union([z.number().int(), z.literal("roll")]),
  commanderInChief: z.boolean().optional(),
  /** An exceptional leader or king may have a 2-stand retinue (ruling SW-5). */
  exceptional: z.boolean().optional(),
  /** The army's special weapon, if this leader carries it (ruling SW-6). */
  specialWeapon: z.boolean().optional(),
});

const contingentSchema = z.strictObject({
  id: idSchema.optional(),
  name: nameText().min(1).optional(),
  leader: leaderSchema,
  retinue: unitSchema,
  bands: z.array(unitSchema),
});

/** The army file (JSON), before the composition rules are checked. */
export const armySchema = z.strictObject({
  name: nameText().min(1),
  side: z.enum(["red", "black"]),
  description: freeText().optional(),
  contingents: z.array(contingentSchema),
});

export type ArmyFile = z.infer<typeof armySchema>;
export type ContingentFile = z.infer<typeof contingentSchema>;
export type UnitFile = z.infer<typeof unitSchema>;

export interface ArmyProblem {
  /** Place in the file, e.g. `contingents[1].bands[0].grade`. */
  path: string;
  message: string;
  /** The ruling broken. */
  rule: string;
}

export function formatProblem(p: ArmyProblem): string {
  return `${p.path}: ${p.message} (rule ${p.rule})`;
}

const RETINUE_GRADES: readonly Grade[] = ["A", "B"];
const BAND_GRADES: readonly Grade[] = ["B", "C", "D"];
export const LP_MIN = 2;
export const LP_MAX = 5;

export function contingentId(c: ContingentFile, index: number): string {
  return c.id ?? `contingent${index + 1}`;
}
export function retinueId(c: ContingentFile, index: number): string {
  return c.retinue.id ?? `${contingentId(c, index)}-retinue`;
}
export function bandId(c: ContingentFile, index: number, band: number): string {
  return c.bands[band].id ?? `${contingentId(c, index)}-band${band + 1}`;
}

/**
 * Every composition problem of a (structurally valid) army, in file order: rulings SW-5
 * (contingents, retinues, bands, grades, commander-in-chief), SW-6 (supernumeraries) and SW-7
 * (LP values).
 */
export function armyProblems(army: ArmyFile): ArmyProblem[] {
  const problems: ArmyProblem[] = [];
  const add = (path: string, message: string, rule: string) => problems.push({ path, message, rule });
  const n = army.contingents.length;
  if (n < 2 || n > 5) add("contingents", `an army has 2 to 5 contingents, this one has ${n}`, "SW-5");

  const ids = new Map<string, string>();
  const claim = (id: string, path: string) => {
    const before = ids.get(id);
    if (before) add(path, `id "${id}" is already used at ${before}`, "army format");
    else ids.set(id, path);
  };
  const leaderNames = new Map<string, string>();
  let cinc: string | null = null;
  let supernumeraries = 0;
  const once: Partial<Record<string, string>> = {};
  const countSupernumerary = (kind: string, path: string) => {
    supernumeraries++;
    if (supernumeraries > n) add(path, `an army may have at most as many supernumeraries as contingents (${n}); this is number ${supernumeraries}`, "SW-6");
    if (kind === "holy-person" || kind === "battle-standard" || kind === "special-weapon") {
      const label = kind === "holy-person" ? "holy person" : kind === "battle-standard" ? "battle standard" : "special weapon";
      if (once[kind]) add(path, `only one ${label} per army; there is already one at ${once[kind]}`, "SW-6");
      else once[kind] = path;
    }
  };

  army.contingents.forEach((c, i) => {
    const at = `contingents[${i}]`;
    claim(contingentId(c, i), c.id ? `${at}.id` : at);
    const leader = c.leader;
    const prev = leaderNames.get(leader.name);
    if (prev) add(`${at}.leader.name`, `leader name "${leader.name}" is already used at ${prev}`, "army format");
    else leaderNames.set(leader.name, `${at}.leader`);
    if (leader.lp !== "roll" && (leader.lp < LP_MIN || leader.lp > LP_MAX)) {
      add(`${at}.leader.lp`, `a leader has ${LP_MIN} to ${LP_MAX} LPs (or "roll" for an AvD), not ${leader.lp}`, "SW-7");
    }
    if (leader.commanderInChief) {
      if (cinc) add(`${at}.leader.commanderInChief`, `at most one commander-in-chief; ${cinc} is already`, "SW-5");
      else cinc = `${at}.leader`;
    }
    if (leader.specialWeapon) countSupernumerary("special-weapon", `${at}.leader.specialWeapon`);

    const r = c.retinue;
    claim(retinueId(c, i), r.id ? `${at}.retinue.id` : `${at}.retinue`);
    if (!RETINUE_GRADES.includes(r.grade)) add(`${at}.retinue.grade`, `a retinue may be A or B, not ${r.grade}`, "SW-5");
    const maxRetinue = leader.exceptional ? 2 : 1;
    if (r.stands > maxRetinue) {
      add(
        `${at}.retinue.stands`,
        leader.exceptional ? `a retinue has at most 2 stands, not ${r.stands}` : `a retinue has 1 stand (2 only for a leader marked exceptional or king), not ${r.stands}`,
        "SW-5",
      );
    }
    (r.supernumeraries ?? []).forEach((kind, k) => {
      countSupernumerary(kind, `${at}.retinue.supernumeraries[${k}]`);
    });

    if (c.bands.length < 1 || c.bands.length > 2) add(`${at}.bands`, `a contingent has 1 or 2 bands of followers, not ${c.bands.length}`, "SW-5");
    c.bands.forEach((b, j) => {
      const bat = `${at}.bands[${j}]`;
      claim(bandId(c, i, j), b.id ? `${bat}.id` : bat);
      if (!BAND_GRADES.includes(b.grade)) add(`${bat}.grade`, `a band may be B, C or D, not ${b.grade}`, "SW-5");
      if (b.stands > 2) add(`${bat}.stands`, `a band has 1 or 2 stands, not ${b.stands}`, "SW-5");
      (b.supernumeraries ?? []).forEach((kind, k) => {
        const path = `${bat}.supernumeraries[${k}]`;
        if (kind !== "camp-followers") add(path, `only camp followers may attach to a band; a ${kind.replace("-", " ")} attaches to a leader's retinue`, "SW-6");
        countSupernumerary(kind, path);
      });
    });
  });
  return problems;
}

/** A zod issue's path as the army format writes it: `contingents[1].bands[0].grade`. */
function issuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `${out === "" ? "" : "."}${String(key)}`;
  return out === "" ? "(army)" : out;
}

/**
 * Every problem of an army file as read (JSON of any shape): the army format's problems, each
 * with its field and rule "army format"; when the format is right, the composition problems
 * ({@link armyProblems}). `army` is the parsed file, or null when the format is wrong.
 */
export function armyFileProblems(value: unknown): { army: ArmyFile | null; problems: ArmyProblem[] } {
  const r = armySchema.safeParse(value);
  if (!r.success) {
    const problems = r.error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message, rule: "army format" }));
    return { army: null, problems };
  }
  return { army: r.data, problems: armyProblems(r.data) };
}

// ---- forces at the start of the battle ----

export interface ForceOptions {
  /** DPs each unit starts with (seed "Deployment": 3, "may be modified to suit a scenario"). Fatigue kind (ruling SW-12). */
  startingDp: number;
  startingAggression: Aggression;
}
export const DEFAULT_FORCE_OPTIONS: ForceOptions = { startingDp: 3, startingAggression: "present" };

export interface Force {
  side: Side;
  name: string;
  units: UnitState[];
  leaders: LeaderState[];
  notes: string[];
}

/**
 * The units and leaders an army starts with. Each unit has the starting DPs (fatigue, ruling
 * SW-12) and aggression; a leader whose LP is "roll" rolls one AvD on `rng` (ruling SW-7).
 */
export function buildForce(army: ArmyFile, rng: Random, options: Partial<ForceOptions> = {}): Force {
  const opts = { ...DEFAULT_FORCE_OPTIONS, ...options };
  if (!AGGRESSION_LEVELS.includes(opts.startingAggression)) throw new RangeError(`unknown aggression ${opts.startingAggression}`);
  const units: UnitState[] = [];
  const leaders: LeaderState[] = [];
  const notes: string[] = [];
  army.contingents.forEach((c, i) => {
    const cid = contingentId(c, i);
    const make = (u: UnitFile, id: string, kind: "retinue" | "band", fallback: string): UnitState => ({
      id,
      name: u.name ?? fallback,
      kind,
      grade: u.grade,
      contingent: cid,
      stands: u.stands,
      aggression: opts.startingAggression,
      dp: { ...emptyDp(), fatigue: opts.startingDp },
      formed: true,
      inCombat: false,
      status: "active",
      attachments: [...(u.supernumeraries ?? [])] as SupernumeraryKind[],
    });
    const rid = retinueId(c, i);
    units.push(make(c.retinue, rid, "retinue", `${c.leader.name}'s retinue`));
    c.bands.forEach((b, j) => {
      units.push(make(b, bandId(c, i, j), "band", `${c.name ?? cid} band ${j + 1}`));
    });
    let lpValue: number;
    if (c.leader.lp === "roll") {
      lpValue = rollDie(rng, AVERAGE_DIE);
      notes.push(`${c.leader.name} rolls an AvD for his LPs: ${lpValue}`);
    } else lpValue = c.leader.lp;
    leaders.push({
      id: `${cid}-leader`,
      name: c.leader.name,
      contingent: cid,
      unit: rid,
      lpValue,
      lpSpent: 0,
      wounds: 0,
      status: "alive",
      commanderInChief: c.leader.commanderInChief === true,
      exceptional: c.leader.exceptional === true,
      specialWeapon: c.leader.specialWeapon === true,
      signalled: false,
    });
  });
  return { side: army.side, name: army.name, units, leaders, notes };
}
