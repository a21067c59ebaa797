/**
 * The battle context: a decision works on a copy of the state (`Ctx`), with the state's memos.
 *
 * `Ctx` works on a shallow copy of the state: arrays are copied once per decision and their
 * elements replaced, never mutated, so the caller's state is untouched and no deep copy is made.
 */
import type { GameEvent } from "../../../core/game.js";
import { ObjectCache } from "../../../core/object-cache.js";
import { Random } from "../../../core/random.js";
import type { Side } from "../army.js";
import type { BattleEventKind } from "./event-kinds.js";
import { contactBetween } from "../geometry/contact.js";
import { type Scene, prepareScene } from "../geometry/los.js";
import { SCENE_STANDS, rectsDistanceOne } from "../geometry/proximity.js";
import type { Stand } from "../geometry/stand.js";
import type { UnitGeom } from "../geometry/unit.js";
import type { LeaderState, UnitState } from "../units.js";
import { leaderRecord, stateRecord, unitRecord, unitStateRecord } from "./records.js";
import type { BattleState, BattleUnit, Task } from "./types.js";
import { geomOf, onTable } from "./unit-facts.js";

/**
 * A kind of derived answer kept in a state's memo: answers of type `T` about an `A` (a unit's or
 * side's id, a leader's record). Made once per kind, as a module constant, with {@link memoKind}.
 * Its name (a constant string, unique among kinds) keys its map of answers, so a lookup builds no
 * key string; the kind's type parameters type the answers.
 */
export interface MemoKind<A, T> {
  /** The answer's name, such as "moveOptions": unique among kinds, it keys the kind's map of answers. */
  readonly name: string;
  /** The answer depends only on where units stand: kept in the geometry memo (see `Ctx.geoMemo`). */
  readonly geometry: boolean;
  /** Type-only: ties the kind to what its answers are about and their type (never set). */
  readonly answer?: (about: A) => T;
}

/** A memo kind (see {@link MemoKind}); `geometry`: kept in the geometry memo. */
export function memoKind<A, T>(name: string, geometry: boolean): MemoKind<A, T> {
  // Two kinds of one name would share a map of answers of different types.
  if (MEMO_NAMES.has(name)) throw new Error(`battle engine: memo kind "${name}" is made twice`);
  MEMO_NAMES.add(name);
  return { name, geometry };
}
const MEMO_NAMES = new Set<string>();

/** Derived answers about a state: one map per kind of answer (by its name), keyed by what the answer is about. */
type Memo = Map<string, Map<unknown, unknown>>;

/** What contexts worked out about a state object (states are never changed once made): one entry per state. */
interface Derived {
  memo: Memo;
  geoMemo: Memo;
  scene: Scene | null;
  /** Unit id → position in `units`: units are never added or removed, so every state of a battle shares one. */
  index: Map<string, number>;
}

const DERIVED = new ObjectCache<BattleState, Derived>("derived");

/**
 * The state the last writing context made, with what was worked out about it. A game goes on from
 * the state just made, so this slot answers nearly every look-up without giving each new state a
 * cache slot of its own (adding one costs about as much as a tenth of a decision). A state pushed
 * out of the slot gets a slot of its own only if a context is made on it again.
 */
let latest: { state: BattleState; derived: Derived } | null = null;

export class Ctx {
  readonly s: BattleState;
  private random: Random | null = null;
  readonly events: GameEvent[] = [];
  /** Units whose loss this context has announced (`unitGone`): a loss is announced once. */
  readonly announcedLost = new Set<string>();
  private index: Map<string, number>;
  private sceneCache: Scene | null = null;
  /** The state's own arrays, until this context copies them on their first change. */
  private initialUnits: readonly BattleUnit[];
  private initialLeaders: readonly LeaderState[];
  /** Derived answers (visible enemies, move options) valid until the state changes; shared with later read-only calls on the same state object. */
  memo: Memo;
  /**
   * Answers that depend only on where units stand (which units are on the table, their stands,
   * formed or not, and the table): nearest enemies, charge targets. Kept across changes that do
   * not move anything (casualties that remove no stand, aggression, leaders' points), like the scene.
   */
  private geoMemo: Memo;
  /**
   * The memos are still the given state's own (a writing context reads them until its first
   * change): the first change must then start new ones, even empty ones, or answers about the
   * changed state would be filed under the given state.
   */
  private memoShared = true;
  private geoMemoShared = true;

  /**
   * `readOnly` contexts (legal moves, validation) use the state as it is, without copies; they
   * must not change it. Writing contexts copy the arrays once and replace their elements.
   */
  constructor(state: BattleState, readOnly = false) {
    // The queue is changed in place (shift, unshift) and the sides container has its entries
    // replaced, so a writing context copies those at once. Units and leaders are copied on their
    // first change (setUnit, setLeader); every other array or object in the state is replaced
    // whole when it changes (the god state, declarations, shots, sw15 lists), never edited.
    this.s = readOnly ? state : stateRecord(state);
    this.initialUnits = state.units;
    this.initialLeaders = state.leaders;
    let derived = latest !== null && latest.state === state ? latest.derived : DERIVED.get(state);
    if (!derived) {
      derived = { memo: new Map(), geoMemo: new Map(), scene: null, index: new Map(state.units.map((u, i) => [u.id, i])) };
      DERIVED.set(state, derived);
    }
    this.index = derived.index;
    this.memo = derived.memo;
    this.geoMemo = derived.geoMemo;
    this.sceneCache = derived.scene;
  }

  /** The battle's generator, made on first use (most read-only contexts never draw). */
  get rng(): Random {
    this.random ??= new Random(this.s.rng);
    return this.random;
  }

  finish(): BattleState {
    if (this.random) this.s.rng = this.random.state();
    latest = { state: this.s, derived: { memo: this.memo, geoMemo: this.geoMemo, scene: this.sceneCache, index: this.index } };
    return this.s;
  }

  /** Something changed: derived answers must be recomputed. */
  touch(geometry = false): void {
    if (this.memoShared || this.memo.size > 0) {
      this.memo = new Map();
      this.memoShared = false;
    }
    if (geometry) {
      this.sceneCache = null;
      if (this.geoMemoShared || this.geoMemo.size > 0) {
        this.geoMemo = new Map();
        this.geoMemoShared = false;
      }
    }
  }

  /** The answer of kind `kind` about `about` in this state: `f()`, worked out once (in the geometry memo for a geometry kind). */
  cached<A, T>(kind: MemoKind<A, T>, about: A, f: () => T): T {
    return memoised(kind.geometry ? this.geoMemo : this.memo, kind, about, f);
  }

  ev(type: BattleEventKind, text: string, detail: Record<string, unknown> = {}): void {
    this.events.push({
      type,
      text,
      turn: this.s.turn,
      phase: this.s.phase,
      ...detail,
    });
  }
  /**
   * Records an event the caller built whole, with the fields in `ev`'s order (type, text, turn,
   * phase, then the detail): for the most frequent events, since `ev`'s spread of details of many
   * shapes costs a few hundred ns per event and a literal a fraction of that.
   */
  event(e: GameEvent & { type: BattleEventKind }): void {
    this.events.push(e);
  }
  notes(type: BattleEventKind, notes: readonly string[], detail: Record<string, unknown> = {}): void {
    for (const n of notes) this.ev(type, n, detail);
  }

  unit(id: string): BattleUnit {
    const i = this.index.get(id);
    if (i === undefined) throw new RangeError(`unknown unit "${id}"`);
    return this.s.units[i];
  }
  hasUnit(id: string): boolean {
    return this.index.has(id);
  }
  setUnit(bu: BattleUnit): void {
    const i = this.index.get(bu.id);
    if (i === undefined) throw new RangeError(`unknown unit "${bu.id}"`);
    const before = this.s.units[i];
    // What the scene and geometric answers depend on: which units are on the table (onTable), their stands, formed or not.
    this.touch(before.stands !== bu.stands || before.u.formed !== bu.u.formed || before.u.status !== bu.u.status || before.deployed !== bu.deployed);
    if (this.s.units === this.initialUnits) this.s.units = this.s.units.slice();
    this.s.units[i] = unitRecord(bu, bu.u === before.u ? bu.u : unitStateRecord(bu.u));
  }
  /** Replaces the shared unit model; stands on the table follow its stand count and status. */
  setU(u: UnitState): void {
    const bu = this.unit(u.id);
    let stands = bu.stands;
    if (u.status !== "active") stands = [];
    else if (stands.length > u.stands) stands = this.trimStands(bu, u.stands);
    this.setUnitWith(bu, u, stands);
  }
  /**
   * One result for several units at once (a combat's result is simultaneous): the units it
   * destroys leave the table first, then every survivor's lost stands are chosen (SW-27) on that
   * table, before any of them is trimmed, so no unit's choice depends on the order they are listed in.
   */
  setUsTogether(us: readonly UnitState[]): void {
    for (const u of us) if (u.status !== "active") this.setUnitWith(this.unit(u.id), u, []);
    const trimmed = us.map((u) => {
      const bu = this.unit(u.id);
      return u.status === "active" && bu.stands.length > u.stands ? this.trimStands(bu, u.stands) : null;
    });
    us.forEach((u, i) => {
      if (u.status === "active") this.setUnitWith(this.unit(u.id), u, trimmed[i] ?? this.unit(u.id).stands);
    });
  }
  private setUnitWith(bu: BattleUnit, u: UnitState, stands: Stand[]): void {
    this.setUnit({
      ...bu,
      u,
      stands,
      ...(u.status !== "active" ? { pursuing: false, quarry: null, retiring: false, followingUp: false, followedUp: [] } : {}),
    });
  }
  leader(id: string): LeaderState {
    const l = this.s.leaders.find((x) => x.id === id);
    if (!l) throw new RangeError(`unknown leader "${id}"`);
    return l;
  }
  setLeader(l: LeaderState): void {
    const i = this.s.leaders.findIndex((x) => x.id === l.id);
    if (this.s.leaders === this.initialLeaders) this.s.leaders = this.s.leaders.slice();
    this.s.leaders[i] = leaderRecord(l);
    this.touch();
  }
  sideUnits(side: Side): BattleUnit[] {
    return this.s.units.filter((u) => u.side === side);
  }
  scene(): Scene {
    if (!this.sceneCache) {
      const units: UnitGeom[] = [];
      for (const bu of this.s.units) if (onTable(bu)) units.push(geomOf(bu));
      this.sceneCache = prepareScene(this.s.table, units, SCENE_STANDS);
    }
    return this.sceneCache;
  }

  /**
   * SW-27: a stand removed as a casualty is taken from the unengaged stands first (ends of a line
   * first). Engaged means edge contact with an enemy stand, the test combat counts engaged stands
   * by (`contactBetween`, the table's contact tolerance): a stand that only meets an enemy at a
   * corner is not engaged.
   */
  private trimStands(bu: BattleUnit, keep: number): Stand[] {
    let stands = bu.stands.slice();
    const enemies = this.s.units.filter((e) => e.side !== bu.side && onTable(e));
    const tol = this.s.table.options.contactTolerance;
    const engaged = (s: Stand) => enemies.some((e) => e.stands.some((t) => rectsDistanceOne(s, t) <= tol && contactBetween(t, s, tol).inContact));
    while (stands.length > keep) {
      const n = stands.length;
      const ends = bu.u.formed ? [n - 1, 0] : [...Array(n).keys()].reverse();
      const pick = ends.find((i) => !engaged(stands[i])) ?? ends[0];
      stands = stands.filter((_, i) => i !== pick);
    }
    return stands;
  }

  leaderOfUnit(unitId: string): LeaderState | undefined {
    return this.s.leaders.find((l) => l.unit === unitId && l.status === "alive");
  }
  contingentLeader(contingent: string): LeaderState | undefined {
    return this.s.leaders.find((l) => l.contingent === contingent);
  }
  signalled(contingent: string): boolean {
    return this.contingentLeader(contingent)?.signalled === true;
  }
  /** The unit that carries a leader's "retinue" position (his retinue, or the unit he escaped to). */
  leaderUnit(l: LeaderState): BattleUnit | null {
    if (!this.hasUnit(l.unit)) return null;
    const u = this.unit(l.unit);
    return onTable(u) ? u : null;
  }
}

/** The one place an answer is read back from a memo: its kind fixes its type. */
function memoised<A, T>(memo: Memo, kind: MemoKind<A, T>, about: A, f: () => T): T {
  let answers = memo.get(kind.name);
  if (answers === undefined) {
    answers = new Map();
    memo.set(kind.name, answers);
  } else {
    const v = answers.get(about);
    if (v !== undefined || answers.has(about)) return v as T;
  }
  const v = f();
  answers.set(about, v);
  return v;
}

export function push(ctx: Ctx, ...tasks: Task[]): void {
  ctx.s.queue.unshift(...tasks);
}
