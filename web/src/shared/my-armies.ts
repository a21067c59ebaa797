/**
 * "My armies": the Shieldwall army files this browser keeps (localStorage), written by the army
 * builder (#/armies) and offered wherever a page takes an army (battle setup, companion, online
 * lobby, scenario editor). Every read goes through the ruleset's own checks (armyFileProblems), so
 * a page gets a parsed army file and knows whether it may be played: a draft with problems is
 * kept but not playable. Bounded: at most {@link MY_ARMIES_LIMIT} armies of at most
 * {@link MY_ARMY_MAX_CHARS} characters each; a full browser storage is a named error, never a
 * lost army.
 */
import { type ArmyFile, type ArmyProblem, armyFileProblems, armyProblems, armySchema, type Side } from "../../../src/rulesets/shieldwall/army.js";

/** The part of Storage used (localStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const MY_ARMIES_KEY = "muster.shieldwall.myArmies";
/** At most this many armies are kept. */
export const MY_ARMIES_LIMIT = 40;
/** One army's JSON text is at most this long (the shipped armies are under 3,000). */
export const MY_ARMY_MAX_CHARS = 20_000;

const ID = /^[A-Za-z0-9_-]{1,40}$/;

/** One saved army as stored. */
interface Stored {
  id: string;
  /** Milliseconds since 1970 of the last save. */
  savedAt: number;
  /** The army file as the builder made it (a draft may break the rules or even the format). */
  file: unknown;
}

/** A saved army, read back and checked. */
export interface MyArmy {
  id: string;
  savedAt: number;
  /** The file as saved: export it as it is. */
  file: unknown;
  /** The army's name ("(unnamed)" when it has none yet). */
  name: string;
  side: Side | null;
  /** The parsed army file, or null when its format is wrong (a draft). */
  army: ArmyFile | null;
  /** Every problem the ruleset finds (format first, then composition), with its field and rule. */
  problems: ArmyProblem[];
  /** No problems: the battle, companion and online pages may use it. */
  playable: boolean;
}

function browserStore(): KeyValueStore {
  if (typeof localStorage !== "undefined") return localStorage;
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

function validStored(x: unknown): x is Stored {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.id === "string" && ID.test(r.id) && typeof r.savedAt === "number" && "file" in r;
}

function readAll(store: KeyValueStore): Stored[] {
  try {
    const data = JSON.parse(store.getItem(MY_ARMIES_KEY) ?? "[]") as unknown;
    return Array.isArray(data) ? data.filter(validStored) : [];
  } catch {
    return [];
  }
}

/** The army file with its empty required names filled in, if that is all that keeps it from the army format. */
function namesFilled(value: unknown): ArmyFile | null {
  if (typeof value !== "object" || value === null) return null;
  const probe = structuredClone(value) as { name?: unknown; contingents?: unknown };
  if (probe.name === "") probe.name = "-";
  if (Array.isArray(probe.contingents))
    probe.contingents.forEach((c: unknown, i) => {
      const leader = typeof c === "object" && c !== null ? (c as { leader?: unknown }).leader : undefined;
      if (typeof leader === "object" && leader !== null && (leader as { name?: unknown }).name === "") (leader as { name: string }).name = `-${i}`;
    });
  const r = armySchema.safeParse(probe);
  return r.success ? r.data : null;
}

/**
 * An army file's problems as the builder shows them: the ruleset's (armyFileProblems), and for a
 * draft whose only format problem is a name not yet given, the composition rules too (so a rule
 * is shown at once, not after every name is filled in).
 */
export function draftProblems(file: unknown): { army: ArmyFile | null; problems: ArmyProblem[] } {
  const read = armyFileProblems(file);
  if (read.army) return read;
  read.problems = read.problems.map((p) => (/(^|\.)name$/.test(p.path) && /^Too small/.test(p.message) ? { ...p, message: "a name is required (an empty name is not allowed)" } : p));
  const filled = namesFilled(file);
  if (!filled) return read;
  return { army: null, problems: [...read.problems, ...armyProblems(filled)] };
}

function checked(s: Stored): MyArmy {
  const { army, problems } = draftProblems(s.file);
  const raw = typeof s.file === "object" && s.file !== null ? (s.file as Record<string, unknown>) : {};
  const name = army?.name ?? (typeof raw.name === "string" && raw.name !== "" ? raw.name : "(unnamed)");
  const side = army?.side ?? (raw.side === "red" || raw.side === "black" ? raw.side : null);
  return { id: s.id, savedAt: s.savedAt, file: s.file, name, side, army, problems, playable: army !== null && problems.length === 0 };
}

/** Every saved army, most recently saved first, each checked by the ruleset. */
export function listMyArmies(store: KeyValueStore = browserStore()): MyArmy[] {
  return readAll(store)
    .sort((a, b) => b.savedAt - a.savedAt)
    .map(checked);
}

/** One saved army by id, or null. */
export function getMyArmy(id: string, store: KeyValueStore = browserStore()): MyArmy | null {
  const s = readAll(store).find((x) => x.id === id);
  return s ? checked(s) : null;
}

/** A fresh id for a new army. */
export function newArmyId(): string {
  return `a${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

export type SaveResult = { ok: true; army: MyArmy } | { ok: false; error: string };

function write(store: KeyValueStore, list: Stored[]): string | null {
  try {
    store.setItem(MY_ARMIES_KEY, JSON.stringify(list));
    return null;
  } catch (err) {
    return `the browser's storage is full or refused the save (${(err as Error).name || "error"}): nothing was changed. Delete some saved armies, or export this one to a file.`;
  }
}

/**
 * Saves (or replaces) the army `id` with `file`, a draft or a playable army. Refused, with the
 * reason, when the army is too large, the list is full, or the browser's storage is full.
 */
export function saveMyArmy(id: string, file: unknown, store: KeyValueStore = browserStore(), now = Date.now()): SaveResult {
  if (!ID.test(id)) return { ok: false, error: `Not saved: "${id}" is not an army id (letters, digits, - and _, at most 40)` };
  const text = JSON.stringify(file);
  if (text.length > MY_ARMY_MAX_CHARS)
    return { ok: false, error: `Not saved: this army is ${text.length.toLocaleString("en")} characters long; a saved army may be at most ${MY_ARMY_MAX_CHARS.toLocaleString("en")} (export it to a file instead)` };
  const all = readAll(store);
  const others = all.filter((x) => x.id !== id);
  if (others.length >= MY_ARMIES_LIMIT) return { ok: false, error: `Not saved: this browser already keeps ${MY_ARMIES_LIMIT} armies, the most it keeps; delete one first` };
  const entry: Stored = { id, savedAt: now, file: JSON.parse(text) as unknown };
  const error = write(store, [...others, entry]);
  return error ? { ok: false, error: `Not saved: ${error}` } : { ok: true, army: checked(entry) };
}

/** Forgets a saved army; the others stay. Returns an error text if the storage refused. */
export function deleteMyArmy(id: string, store: KeyValueStore = browserStore()): string | null {
  return write(
    store,
    readAll(store).filter((x) => x.id !== id),
  );
}

/** How a picker lists a saved army: its name and side, or why it may not be played yet. */
export function myArmyLabel(a: MyArmy): string {
  const side = a.side ? ` (${a.side})` : "";
  return a.playable ? `${a.name}${side}` : `${a.name}${side}: draft, ${a.problems.length} problem${a.problems.length === 1 ? "" : "s"}`;
}
