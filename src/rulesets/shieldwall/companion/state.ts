/**
 * The table-side companion's tracked state (docs/web.md, "The companion"): what players of
 * Shieldwall with real miniatures keep with pebbles and dice — each unit's stands, DPs by kind
 * (ruling SW-12), aggression, formed, in combat and attachments; each leader's LP value, LPs spent,
 * wounds and fate; the kept Five and Seven tokens and the god pack (rulings SW-9, SW-11); the
 * turn, phase and initiative — and the seeded generator (ruling C-2) every roll is made with.
 * Plain JSON data; the zod schema checks an imported file and names the first bad field.
 */
import { z } from "zod";
// The file format's problems in words a user reads ("must be at least 0, got -1"), wherever it is parsed.
import "../../../core/issues.js";
import { RANKS, SUITS } from "../../../core/cards.js";
import type { RandomState } from "../../../core/random.js";
import { ATTACHED_KINDS, type Side } from "../army.js";
import type { GodPack, GodTokens } from "../gods.js";
import { AGGRESSION_LEVELS, DP_KINDS, type LeaderState, type UnitState } from "../units.js";
import type { ShieldwallDuelMove } from "../duel/game.js";
import type { FighterKind } from "../duel/rules.js";

/** The phases of a turn in the seed's order ("Turn Sequence"). */
export const PHASE_IDS = ["initiative", "gods", "leadership", "movement", "missiles", "combat"] as const;
export type PhaseId = (typeof PHASE_IDS)[number];

/** A refusal of the companion in the rules' or the file format's words. */
export class CompanionError extends Error {
  override name = "CompanionError";
}

export interface CompanionSide {
  name: string;
  units: UnitState[];
  leaders: LeaderState[];
  tokens: GodTokens;
  /** Contingent ids from right to left as the army faces (the players set it from the table). */
  contingentOrder: string[];
}

/** The god card in play this turn, from its draw to its effect (rulings SW-9, SW-10, SW-11). */
export interface GodInPlay {
  /** The first card and which joker of the game it is. */
  first: { card: import("../../../core/cards.js").Card; jokerNumber: 1 | 2 | null };
  /** The pack after the first draw (a redraw draws from it). */
  packAfterFirst: GodPack;
  /** "calls": the sides may call on a holy person; "effect": the standing card awaits its choices. */
  stage: "calls" | "effect";
  /** The card whose effect stands, once the calls are settled (null: cancelled without a redraw). */
  standing: { card: import("../../../core/cards.js").Card; jokerNumber: 1 | 2 | null } | null;
}

/** A roll made, with every die thrown; applied to the state only on confirmation (tests.ts). */
export interface RolledTest {
  kind: string;
  input: unknown;
  /** hitOn: a face at least this scores (shooting, free hack, combat): the page marks those dice. */
  dice: { label: string; faces: number[]; hitOn?: number }[];
  outcome: unknown;
  text: string[];
}

export interface TableDuelFighter {
  /** The leader who fights, or whose champion fights for him. */
  leader: string;
  fighter: FighterKind;
}

/** A personal combat in progress (duel.ts): fighter a challenged, b answered; kept as its seed and decisions. */
export interface TableDuel {
  a: TableDuelFighter;
  b: TableDuelFighter;
  seed: number;
  moves: ShieldwallDuelMove[];
}

export interface LogEntry {
  turn: number;
  phase: PhaseId;
  lines: string[];
}

export interface CompanionState {
  format: "muster-companion";
  version: 1;
  title: string;
  /** The seed the table was started with (for the log); `rng` is the generator's current state. */
  seed: number;
  rng: RandomState;
  turn: number;
  phase: PhaseId;
  /** The side that acts first this turn (null until the initiative is settled in turn 1). */
  first: Side | null;
  sides: Record<Side, CompanionSide>;
  god: { pack: GodPack; soggyGround: boolean; inPlay: GodInPlay | null };
  /** Units that charged this turn: their combats are charge combats (ruling SW-17). */
  chargedThisTurn: string[];
  /** Missile hits rolled this exchange, applied together when the exchange ends (seed "Missile Exchange"). */
  missileHits: Record<string, number>;
  /** Ticked checklist items of the current phase. */
  done: string[];
  /** A roll made and shown, not yet applied (kept so a reload cannot roll it again). */
  rolled: RolledTest | null;
  /** A personal combat being fought on the device (its seed and decisions). */
  duel: TableDuel | null;
  log: LogEntry[];
}

/** The saved table: the state and the states before the last changes (for undo). */
export interface CompanionTable {
  format: "muster-companion-table";
  version: 1;
  state: CompanionState;
  undo: CompanionState[];
}

/** How many earlier states undo keeps. */
export const UNDO_DEPTH = 30;

// ---- schema (for files imported from elsewhere) ----

const id = z.string().min(1).max(200);
const count = (max: number) => z.int().min(0).max(max);
const side = z.enum(["red", "black"]);
const card = z.union([z.strictObject({ rank: z.enum(RANKS as [string, ...string[]]), suit: z.enum(SUITS as [string, ...string[]]) }), z.strictObject({ joker: z.union([z.literal(1), z.literal(2)]) })]);
const u32 = z.int().min(0).max(0xffffffff);

const unitSchema = z.strictObject({
  id,
  name: z.string().min(1).max(200),
  kind: z.enum(["retinue", "band"]),
  grade: z.enum(["A", "B", "C", "D"]),
  contingent: id,
  stands: count(20),
  aggression: z.enum(AGGRESSION_LEVELS),
  dp: z.strictObject(Object.fromEntries(DP_KINDS.map((k) => [k, count(40)])) as Record<(typeof DP_KINDS)[number], z.ZodInt>),
  formed: z.boolean(),
  inCombat: z.boolean(),
  status: z.enum(["active", "broken", "destroyed", "surrendered", "left-table"]),
  attachments: z.array(z.enum([...ATTACHED_KINDS, "special-weapon"])).max(10),
});

const leaderSchema = z.strictObject({
  id,
  name: z.string().min(1).max(200),
  contingent: id,
  unit: id,
  lpValue: count(6),
  lpSpent: count(20),
  wounds: count(20),
  status: z.enum(["alive", "killed", "captured"]),
  commanderInChief: z.boolean(),
  exceptional: z.boolean(),
  specialWeapon: z.boolean(),
  signalled: z.boolean(),
});

const sideSchema = z.strictObject({
  name: z.string().min(1).max(200),
  units: z.array(unitSchema).min(1).max(40),
  leaders: z.array(leaderSchema).max(10),
  tokens: z.strictObject({ skilledArcher: count(54), fortune: count(54) }),
  contingentOrder: z.array(id).max(10),
});

const packSchema = z.strictObject({ deck: z.strictObject({ drawPile: z.array(card).max(54), discards: z.array(card).max(54) }), jokersDrawn: count(2) });
const drawnSchema = z.strictObject({ card, jokerNumber: z.union([z.literal(1), z.literal(2), z.null()]) });

const rolledSchema = z.strictObject({
  kind: z.string().min(1).max(40),
  input: z.unknown(),
  dice: z.array(z.strictObject({ label: z.string().max(200), faces: z.array(z.int().min(1).max(6)).max(200), hitOn: z.int().min(1).max(6).optional() })).max(40),
  outcome: z.unknown(),
  text: z.array(z.string().max(2000)).max(200),
});

const duelFighterSchema = z.strictObject({ leader: id, fighter: z.enum(["leader", "heroic-champion", "champion"]) });

export const companionStateSchema = z
  .strictObject({
    format: z.literal("muster-companion"),
    version: z.literal(1),
    title: z.string().max(200),
    seed: z.int(),
    rng: z.tuple([u32, u32, u32, u32]),
    turn: z.int().min(1).max(1000),
    phase: z.enum(PHASE_IDS),
    first: side.nullable(),
    sides: z.strictObject({ red: sideSchema, black: sideSchema }),
    god: z.strictObject({
      pack: packSchema,
      soggyGround: z.boolean(),
      inPlay: z
        .strictObject({ first: drawnSchema, packAfterFirst: packSchema, stage: z.enum(["calls", "effect"]), standing: drawnSchema.nullable() })
        .nullable(),
    }),
    chargedThisTurn: z.array(id).max(80),
    missileHits: z.record(z.string(), count(200)),
    done: z.array(z.string().max(200)).max(500),
    rolled: rolledSchema.nullable(),
    duel: z
      .strictObject({
        a: duelFighterSchema,
        b: duelFighterSchema,
        seed: z.int().min(0).max(2 ** 31),
        moves: z.array(z.union([z.strictObject({ type: z.literal("discard"), cards: z.array(z.string().max(4)).max(54) }), z.strictObject({ type: z.literal("play"), card: z.string().max(4), as: z.enum(["red", "black"]) })])).max(200),
      })
      .nullable(),
    log: z.array(z.strictObject({ turn: z.int().min(1), phase: z.enum(PHASE_IDS), lines: z.array(z.string().max(2000)).max(500) })).max(5000),
  })
  .superRefine((s, ctx) => {
    const ids = new Set<string>();
    for (const sd of ["red", "black"] as const) {
      s.sides[sd].units.forEach((u, i) => {
        if (ids.has(u.id)) ctx.addIssue({ code: "custom", path: ["sides", sd, "units", i, "id"], message: `unit id "${u.id}" is used twice` });
        ids.add(u.id);
      });
    }
    for (const sd of ["red", "black"] as const) {
      const mine = new Set(s.sides[sd].units.map((u) => u.id));
      s.sides[sd].leaders.forEach((l, i) => {
        if (!mine.has(l.unit)) ctx.addIssue({ code: "custom", path: ["sides", sd, "leaders", i, "unit"], message: `no ${sd} unit "${l.unit}"` });
      });
    }
  });

export const companionTableSchema = z.strictObject({
  format: z.literal("muster-companion-table"),
  version: z.literal(1),
  state: companionStateSchema,
  undo: z.array(companionStateSchema).max(UNDO_DEPTH),
});

/**
 * Reads a saved table (an exported file or the browser's copy). Throws a CompanionError naming
 * the first bad field, e.g. `state.sides.red.units.0.stands: …` (companion file format).
 */
export function parseCompanionTable(value: unknown): CompanionTable {
  const r = companionTableSchema.safeParse(value);
  if (r.success) return r.data as CompanionTable;
  const issue = r.error.issues[0];
  const path = issue.path.length > 0 ? issue.path.join(".") : "(file)";
  throw new CompanionError(`${path}: ${issue.message} (companion file format)`);
}

/** Parses the text of a saved table: bad JSON is named as such. */
export function parseCompanionText(text: string): CompanionTable {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new CompanionError(`(file): not JSON: ${(err as Error).message} (companion file format)`);
  }
  return parseCompanionTable(value);
}

export function otherSide(s: Side): Side {
  return s === "red" ? "black" : "red";
}

/** The side a unit or leader id belongs to. */
export function sideOf(state: CompanionState, unitOrLeader: string): Side {
  for (const sd of ["red", "black"] as const) {
    if (state.sides[sd].units.some((u) => u.id === unitOrLeader) || state.sides[sd].leaders.some((l) => l.id === unitOrLeader)) return sd;
  }
  throw new CompanionError(`no unit or leader "${unitOrLeader}"`);
}

export function unitOf(state: CompanionState, id: string): UnitState {
  const u = state.sides[sideOf(state, id)].units.find((x) => x.id === id);
  if (!u) throw new CompanionError(`no unit "${id}"`);
  return u;
}

export function leaderOf(state: CompanionState, id: string): LeaderState {
  const l = state.sides[sideOf(state, id)].leaders.find((x) => x.id === id);
  if (!l) throw new CompanionError(`no leader "${id}"`);
  return l;
}

/** The living leader standing with this unit, if any. */
export function leaderWith(state: CompanionState, unitId: string): LeaderState | undefined {
  return state.sides[sideOf(state, unitId)].leaders.find((l) => l.unit === unitId && l.status === "alive");
}

/** A copy of the state with units and leaders replaced (by id). */
export function withChanges(state: CompanionState, units: readonly UnitState[] = [], leaders: readonly LeaderState[] = []): CompanionState {
  const sides = { red: state.sides.red, black: state.sides.black };
  for (const sd of ["red", "black"] as const) {
    const s = sides[sd];
    const nu = s.units.map((u) => units.find((x) => x.id === u.id) ?? u);
    const nl = s.leaders.map((l) => leaders.find((x) => x.id === l.id) ?? l);
    sides[sd] = { ...s, units: nu, leaders: nl };
  }
  return { ...state, sides };
}

/** Adds lines to the log under the current turn and phase. */
export function logged(state: CompanionState, lines: readonly string[]): CompanionState {
  if (lines.length === 0) return state;
  const last = state.log[state.log.length - 1];
  if (last && last.turn === state.turn && last.phase === state.phase) {
    return { ...state, log: [...state.log.slice(0, -1), { ...last, lines: [...last.lines, ...lines] }] };
  }
  return { ...state, log: [...state.log, { turn: state.turn, phase: state.phase, lines: [...lines] }] };
}
