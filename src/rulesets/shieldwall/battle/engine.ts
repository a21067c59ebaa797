/**
 * The Shieldwall battle engine (seed "Deployment", "Turn Sequence", "Movement", "Manoeuvre",
 * "Missile Exchange", "Charges and Combat", "Moves Following Combat"; rulings SW-*).
 *
 * The state holds a queue of tasks. `run` works through it, resolving everything the rules make
 * automatic, until a task needs a player's decision (it sets `state.pending`) or the battle ends.
 * Every rule is applied through the shared mechanics modules (units, morale, leaders, gods, checks,
 * movement, combat, personal combat, geometry): this file only decides who, where and when.
 *
 * `Ctx` works on a shallow copy of the state: arrays are copied once per decision and their
 * elements replaced, never mutated, so the caller's state is untouched and no deep copy is made.
 *
 * Dice a side throws for a test, a move, shooting or a combat round are data (`DiceRoll`): the
 * engine rolls, then `rolled` either offers a kept Seven (ruling SW-11, pending `fortune`) or goes
 * straight on with `afterRoll`, which carries out what follows from the dice. So whatever follows
 * a roll is written as that roll's continuation, never as code after the roll in the same call.
 */
import type { GameEvent } from "../../../core/game.js";
import { playOut } from "../../../core/game.js";
import { Random } from "../../../core/random.js";
import { randomPlayer } from "../../../core/search/random-player.js";
import {
  rollDeployment,
  rollInitiative,
  signalAdvance,
  increaseCohesion,
  changeAggression,
  campFollowersRemoveDp,
  moveCampFollowers,
  restAndReform,
  mayAdvance,
  lpLeft,
  LP_COSTS,
} from "../leaders.js";
import type { Side } from "../army.js";
import {
  applyChargeResult,
  applyShootingHits,
  type ChargeInput,
  type ControlResult,
  controlModifier,
  leaderRiskRolls,
  mustTakeControlTest,
  resolveCharge,
  resolveControl,
  resolveFreeHack,
  resolveLeaderRisk,
  resolveRetinueEliminated,
  resolveShooting,
  shootingRefusal,
} from "../checks.js";
import {
  type Combatant,
  type CombatInput,
  type UnitOutcome,
  combatFromRounds,
  combatProblem,
  mirrorResult,
  rollRound,
  rollSide as rollCombatSide,
  roundInput,
  unableToMove,
  withSideRoll,
  RESULT_NAME,
} from "../combat.js";
import { aboutFace, arcProblem, planMove, stepHeading, unitFacing } from "../geometry/movement.js";
import { type Scene, type SceneStand, type SceneStandCache, prepareScene, unitSees, shootingTargetUnits } from "../geometry/los.js";
import { type ChargeMove, planChargeMove } from "../geometry/charge.js";
import { unitContacts, CONTACT_TOLERANCE } from "../geometry/contact.js";
import { type Edge, makeRect, type Rect, type Stand, rectCorners, rectOf, rectsOverlap, toLocal } from "../geometry/stand.js";
import { bounds, boxesBounds } from "../geometry/polygon.js";
import { featuresUnder, standIn, standOnTable, standPolygon, deploymentProblem, campOf } from "../geometry/table.js";
import { type UnitGeom, formLine, rectsDistance, unitCentre } from "../geometry/unit.js";
import { angleBetweenDegrees, headingVector, normaliseDegrees, vectorHeading } from "../geometry/vec.js";
import { applyGodEffect, callHolyPerson, drawGodCard, godEffect, type GodSide, holyCaller, holyCallRefusal, resolveInvocation, useToken } from "../gods.js";
import { battleStandardRetiring, enemyAdvancingBeforeSignal, enemyBrokenNearby, friendBrokenNearby, friendRetiringNearby, leaderKilled } from "../morale.js";
import { applyFatigue, formUp, maySideStep, type MoveKind, type MoveRoll, rollMove, topMoveDice } from "../movement.js";
import { answerChallenge, appointFighter, duelConsequences, type FighterKind, FIGHTER_NAME, issueChallenge } from "../personal-combat.js";
import { heuristicDuelPlayer } from "../personal-combat-ai.js";
import { dealDuel, type DuelState, duelGame, playDuelQuietly } from "../personal-combat-game.js";
import { type LeaderState, totalDp, type UnitState } from "../units.js";
import type { AfterRetire, Aftermath, BattleDecision, BattleState, BattleUnit, CombatProgress, DiceRoll, MoveChoice, MoveRollFor, Pending, SideState, Task } from "./types.js";
import {
  applyEmbark,
  boatsMoveProblem,
  disembarkHalfMove,
  embarkedOptions,
  embarkedUnits,
  embarkOptions,
  interpenetrateProblem,
  interpenetrationOptions,
  landUnit,
  moveStandsIndependently,
  moveThroughFriends,
  standHeadingsProblem,
} from "./manoeuvres.js";
import { ObjectCache } from "../../../core/object-cache.js";

/** Opponent hands the duel AI samples per lead inside a battle (its default is 24; 8 keeps whole battles fast). */
export const DUEL_AI_SAMPLES = 8;

export const SIDE_LIST: readonly Side[] = ["red", "black"];
export function other(side: Side): Side {
  return side === "red" ? "black" : "red";
}
/** Red deploys on the south half facing north (90°); black on the north half facing south (270°). */
export function forwardHeading(side: Side): number {
  return side === "red" ? 90 : 270;
}

/** Is `heading` a move towards the enemy (any component towards the enemy's half)? */
export function isAdvancing(side: Side, heading: number): boolean {
  return Math.cos(((heading - forwardHeading(side)) * Math.PI) / 180) > 0.01;
}

/**
 * A unit record with its fields in one fixed order, so that every unit of every state shares one
 * object shape (a second one with `embarked`). Records copied by spreads at many places take many
 * shapes, and the engine's reads of unit fields then go through V8's slow megamorphic path.
 */
export function unitRecord(bu: BattleUnit, u: UnitState): BattleUnit {
  const r: BattleUnit = {
    id: bu.id,
    side: bu.side,
    u,
    stands: bu.stands,
    initialStands: bu.initialStands,
    deployed: bu.deployed,
    charged: bu.charged,
    pursuing: bu.pursuing,
    retiring: bu.retiring,
    followingUp: bu.followingUp,
    fightToDeath: bu.fightToDeath,
    looting: bu.looting,
    moved: bu.moved,
    mustCharge: bu.mustCharge,
    lastMove: bu.lastMove,
  };
  if (bu.embarked !== undefined) r.embarked = bu.embarked;
  return r;
}

/** A unit's rules state with its fields in one fixed order (see {@link unitRecord}). */
export function unitStateRecord(u: UnitState): UnitState {
  return {
    id: u.id,
    name: u.name,
    kind: u.kind,
    grade: u.grade,
    contingent: u.contingent,
    stands: u.stands,
    aggression: u.aggression,
    dp: { fatigue: u.dp.fatigue, manoeuvre: u.dp.manoeuvre, shooting: u.dp.shooting, combat: u.dp.combat, morale: u.dp.morale },
    formed: u.formed,
    inCombat: u.inCombat,
    status: u.status,
    attachments: u.attachments,
  };
}

/**
 * A writing context's own copy of a state: a new queue (changed in place) and sides container
 * (entries replaced), with the state, its god state and side states built in one fixed field
 * order each (see {@link unitRecord}: copies by spreads take many object shapes).
 */
function stateRecord(state: BattleState): BattleState {
  const g = state.god;
  const side = (sd: SideState): SideState => ({
    name: sd.name,
    half: sd.half,
    tokens: sd.tokens,
    standardApplied: sd.standardApplied,
    contingents: sd.contingents,
    contingentNames: sd.contingentNames,
    bands: sd.bands,
    retinues: sd.retinues,
  });
  return {
    rng: state.rng,
    options: state.options,
    table: state.table,
    scenario: state.scenario,
    turn: state.turn,
    phase: state.phase,
    initiative: state.initiative,
    first: state.first,
    units: state.units,
    leaders: state.leaders,
    sides: { red: side(state.sides.red), black: side(state.sides.black) },
    god: { pack: g.pack, soggy: g.soggy, draw: g.draw, calls: g.calls, standing: g.standing, choices: g.choices },
    queue: state.queue.slice(),
    pending: state.pending,
    declarations: state.declarations,
    shots: state.shots,
    sw15Took: state.sw15Took,
    sw15Threat: state.sw15Threat,
    decisions: state.decisions,
    result: state.result,
    setupEvents: state.setupEvents,
  };
}

/** A leader's state with its fields in one fixed order (see {@link unitRecord}). */
function leaderRecord(l: LeaderState): LeaderState {
  return {
    id: l.id,
    name: l.name,
    contingent: l.contingent,
    unit: l.unit,
    lpValue: l.lpValue,
    lpSpent: l.lpSpent,
    wounds: l.wounds,
    status: l.status,
    commanderInChief: l.commanderInChief,
    exceptional: l.exceptional,
    specialWeapon: l.specialWeapon,
    signalled: l.signalled,
  };
}

export function geomOf(bu: BattleUnit): UnitGeom {
  return { id: bu.id, side: bu.side, formed: bu.u.formed, stands: bu.stands };
}

export function onTable(bu: BattleUnit): boolean {
  return bu.u.status === "active" && bu.deployed && bu.stands.length > 0;
}

/** Can the unit act in the movement, missile and combat phases? */
export function canAct(bu: BattleUnit): boolean {
  return onTable(bu) && !bu.looting;
}

// =============================================================================================
// Context
// =============================================================================================

/**
 * Derived answers about a state: one map per kind of answer (a short constant such as "mo" for
 * move options), keyed by what the answer is about (a unit's or side's id, a leader's record), so
 * that a lookup builds no key string.
 */
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

  /** The answer of kind `kind` about `about` (see {@link Memo}) in this state: `f()`, worked out once. */
  cached<T>(kind: string, about: unknown, f: () => T): T {
    return memoised(this.memo, kind, about, f);
  }
  /** Like `cached`, for answers that depend only on the units' positions on the table (see `geoMemo`). */
  cachedGeometry<T>(kind: string, about: unknown, f: () => T): T {
    return memoised(this.geoMemo, kind, about, f);
  }

  ev(type: string, text: string, detail: Record<string, unknown> = {}): void {
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
  event(e: GameEvent): void {
    this.events.push(e);
  }
  notes(type: string, notes: readonly string[], detail: Record<string, unknown> = {}): void {
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
    this.setUnit({
      ...bu,
      u,
      stands,
      ...(u.status !== "active" ? { pursuing: false, retiring: false, followingUp: false } : {}),
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

  /** SW-27: a stand removed as a casualty is taken from the unengaged stands first (ends of a line first). */
  private trimStands(bu: BattleUnit, keep: number): Stand[] {
    let stands = bu.stands.slice();
    const enemies = this.s.units.filter((e) => e.side !== bu.side && onTable(e));
    const engaged = (s: Stand) => enemies.some((e) => e.stands.some((t) => rectsDistanceOne(s, t) <= CONTACT_TOLERANCE));
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

function memoised<T>(memo: Memo, kind: string, about: unknown, f: () => T): T {
  let answers = memo.get(kind);
  if (answers === undefined) {
    answers = new Map();
    memo.set(kind, answers);
  } else {
    const v = answers.get(about);
    if (v !== undefined || answers.has(about)) return v as T;
  }
  const v = f();
  answers.set(about, v);
  return v;
}

function rectsDistanceOne(a: Stand, b: Stand): number {
  return rectsDistance([rectOf(a)], [rectOf(b)]);
}

/**
 * What is worked out about a stands array, each part on first use. Stands arrays in a state are
 * replaced, never changed, so this is kept on the array (an ObjectCache); everything about an
 * array hangs off one slot, so an array takes one hidden property, not one per kind of answer.
 */
interface StandsFacts {
  /** Tells arrays apart as keys of other arrays' distance tables (a number keeps no array alive). */
  readonly serial: number;
  rects: Rect[] | null;
  /** The rectangles with their bounding boxes (deployment and form-up room). */
  boxed: readonly BoxedRect[] | null;
  box: Box | null;
  /** The stands as a scene prepares them (see `SCENE_STANDS`). */
  scene: SceneStand[] | undefined;
  /** Edge-to-edge distances to other stands arrays, by their serial. */
  distances: Map<number, number> | null;
}
const STANDS_FACTS = new ObjectCache<readonly Stand[], StandsFacts>("stands facts");
let standsSerial = 0;
function standsFacts(stands: readonly Stand[]): StandsFacts {
  let f = STANDS_FACTS.get(stands);
  if (!f) {
    f = { serial: ++standsSerial, rects: null, boxed: null, box: null, scene: undefined, distances: null };
    STANDS_FACTS.set(stands, f);
  }
  return f;
}

/** Prepared scene stands by stands array, kept with the array's other facts. */
const SCENE_STANDS: SceneStandCache = {
  get: (stands) => STANDS_FACTS.get(stands)?.scene,
  set: (stands, prepared) => {
    standsFacts(stands).scene = prepared;
  },
};

/** Prepared rectangles of a stands array, worked out once. */
function standRects(stands: readonly Stand[]): Rect[] {
  const f = standsFacts(stands);
  f.rects ??= stands.map(rectOf);
  return f.rects;
}

export function unitDist(a: BattleUnit, b: BattleUnit): number {
  return standsDistance(a.stands, b.stands);
}

/** Edge-to-edge distance between two stands arrays (infinite if either is empty), kept while `a` lives (units that have not moved keep theirs). */
function standsDistance(a: readonly Stand[], b: readonly Stand[]): number {
  if (a.length === 0 || b.length === 0) return Number.POSITIVE_INFINITY;
  const fa = standsFacts(a);
  const fb = standsFacts(b);
  fa.distances ??= new Map();
  let d = fa.distances.get(fb.serial);
  if (d === undefined) {
    d = rectsDistance(standRects(a), standRects(b));
    fa.distances.set(fb.serial, d);
  }
  return d;
}

/** Bounding box of a stands array's rectangles, worked out once per array. */
function standsBox(stands: readonly Stand[]): Box {
  const f = standsFacts(stands);
  f.box ??= boxesBounds(boxedRects(stands));
  return f.box;
}

/** Half a stand's diagonal: no point of the stand is further than this from its centre. */
function halfDiagonal(st: Stand): number {
  return Math.sqrt(st.width * st.width + st.depth * st.depth) / 2;
}

/**
 * Are two stands arrays further apart than `m` along x or y, judged by the boxes around their
 * stands' centres grown by the half diagonals? Worked out on the spot: cheaper than looking up
 * the exact boxes.
 */
function reachBoxesApart(as: readonly Stand[], bs: readonly Stand[], m: number): boolean {
  const a = reachBox(as);
  const b = reachBox(bs);
  return b.minX > a.maxX + m || b.maxX < a.minX - m || b.minY > a.maxY + m || b.maxY < a.minY - m;
}

/**
 * The box around a stands array's stands' centres grown by their half diagonals (see
 * {@link reachBoxesApart}). Indexed loops over stands arrays here: arrays that carry cached facts
 * take other hidden classes than fresh ones, and `for...of` over the mix profiled slower in this
 * hot path (within about 5.5% of a battle with it, about 4% without).
 */
function reachBox(stands: readonly Stand[]): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  // Stands of a unit share their base: the half diagonal is worked out again only when it changes.
  let width = Number.NaN;
  let depth = Number.NaN;
  let h = 0;
  for (let i = 0; i < stands.length; i++) {
    const s = stands[i];
    if (s.width !== width || s.depth !== depth) {
      width = s.width;
      depth = s.depth;
      h = halfDiagonal(s);
    }
    if (s.x - h < minX) minX = s.x - h;
    if (s.y - h < minY) minY = s.y - h;
    if (s.x + h > maxX) maxX = s.x + h;
    if (s.y + h > maxY) maxY = s.y + h;
  }
  return { minX, minY, maxX, maxY };
}

/**
 * Is unit b within d" of unit a (edge to edge, ruling SW-3)? Far pairs are rejected cheaply from
 * the stands' centres (no point of a stand is further than its half diagonal from its centre):
 * first the boxes around the two units, then stand by stand; only near pairs are measured.
 */
export function within(a: BattleUnit, b: BattleUnit, d: number): boolean {
  if (a.stands.length === 0 || b.stands.length === 0) return false;
  if (reachBoxesApart(a.stands, b.stands, d + 1e-3)) return false;
  // Stand centres further apart than d plus both half diagonals: those stands are too.
  let near = false;
  const as = a.stands;
  const bs = b.stands;
  for (let i = 0; i < as.length; i++) {
    const x = as[i];
    const rx = halfDiagonal(x);
    for (let j = 0; j < bs.length; j++) {
      const y = bs[j];
      const reach = d + 1e-6 + rx + halfDiagonal(y);
      const dx = x.x - y.x;
      const dy = x.y - y.y;
      if (dx * dx + dy * dy <= reach * reach) {
        near = true;
        break;
      }
    }
    if (near) break;
  }
  return near && unitDist(a, b) <= d + 1e-6;
}

// =============================================================================================
// Order of action (seed "Deployment": initiative side first; contingents right to left; retinue,
// then the right and left bands)
// =============================================================================================

export function sideOrder(s: BattleState): Side[] {
  return [s.first, other(s.first)];
}

/**
 * A side's contingents from right to left as the army faces (red faces north: right is east).
 * Depends only on where the units stand (contingents and their units never change), so it is
 * kept in the geometry memo; callers must not change the list.
 */
export function contingentsRightToLeft(ctx: Ctx, side: Side): readonly string[] {
  return ctx.cachedGeometry("crl", side, () => contingentsRightToLeftUncached(ctx, side));
}

function contingentsRightToLeftUncached(ctx: Ctx, side: Side): string[] {
  // Each contingent at the mean x of its units' centres (units on the table, in army order),
  // summed in one pass over the units; contingents with no unit on the table are left out.
  const contingents = ctx.s.sides[side].contingents;
  const sum = contingents.map(() => 0);
  const count = contingents.map(() => 0);
  const units = ctx.s.units;
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (u.side !== side || !onTable(u)) continue;
    const k = contingents.indexOf(u.u.contingent);
    if (k < 0) continue;
    sum[k] += unitCentre(geomOf(u)).x;
    count[k]++;
  }
  const placed: { c: string; x: number }[] = [];
  for (let k = 0; k < contingents.length; k++) if (count[k] > 0) placed.push({ c: contingents[k], x: sum[k] / count[k] });
  placed.sort((a, b) => (side === "red" ? b.x - a.x : a.x - b.x) || (a.c < b.c ? -1 : 1));
  return placed.map((e) => e.c);
}

/** Units of a contingent in acting order: retinue, right band, left band. */
export function contingentUnits(ctx: Ctx, side: Side, c: string): string[] {
  const sd = ctx.s.sides[side];
  return [sd.retinues[c], ...sd.bands[c]];
}

/** A side's units in acting order (contingents right to left); kept in the geometry memo like {@link contingentsRightToLeft}, so callers must not change it. */
export function actingOrder(ctx: Ctx, side: Side): readonly string[] {
  return ctx.cachedGeometry("ao", side, () => {
    const sd = ctx.s.sides[side];
    const out: string[] = [];
    for (const c of contingentsRightToLeft(ctx, side)) {
      out.push(sd.retinues[c]);
      for (const b of sd.bands[c]) out.push(b);
    }
    return out;
  });
}

// =============================================================================================
// Deployment (seed "Deployment", ruling SW-26)
// =============================================================================================

/** Stands of a contingent deployed as one line: left band, retinue, right band (as the army faces). */
export function contingentLine(ctx: Ctx | BattleState, side: Side, contingent: string, x: number, distance: number): { unit: string; stands: Stand[] }[] {
  const s = ctx instanceof Ctx ? ctx.s : ctx;
  const sd = s.sides[side];
  const get = (id: string) => unitIn(s, id);
  const ids = [sd.bands[contingent][1], sd.retinues[contingent], sd.bands[contingent][0]].filter((x): x is string => x !== undefined);
  // Units aboard ship (scenario "embarked") are not in the line.
  const units = ids.map(get).filter((u) => u.embarked === undefined);
  const count = units.reduce((n, u) => n + u.u.stands, 0);
  const mid = s.table.height / 2;
  const facing = forwardHeading(side);
  const y = side === "red" ? mid - distance : mid + distance;
  const base = {
    width: s.table.scale === "28mm" ? 120 / 25.4 : 80 / 25.4,
    depth: s.table.scale === "28mm" ? 50 / 25.4 : 40 / 25.4,
  };
  const all = formLine({ x, y, facing }, count, base);
  // formLine lists stands left to right as the line faces; red's left is west, black's left is east.
  const out: { unit: string; stands: Stand[] }[] = [];
  let k = 0;
  for (const u of units) {
    out.push({ unit: u.id, stands: all.slice(k, k + u.u.stands) });
    k += u.u.stands;
  }
  return out;
}

/** Why a contingent may not be deployed there, or null (ruling SW-26, no overlaps, on the table). */
export function deployProblem(s: BattleState, side: Side, contingent: string, x: number, distance: number): string | null {
  return deployProblemAmong(s, side, contingent, x, distance, null);
}

/** The rectangles of every stand already deployed (what a new contingent may not overlap). */
function deployedRects(s: BattleState): BoxedRect[] {
  return s.units.filter((u) => u.deployed && u.stands.length > 0).flatMap((u) => boxedRects(u.stands));
}

/** A bounding box. */
interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
/** Are two bounding boxes apart (by more than 1e-9)? Rectangles in boxes apart cannot overlap. */
function boxesApart(a: Box, b: Box): boolean {
  return a.minX > b.maxX + 1e-9 || a.maxX < b.minX - 1e-9 || a.minY > b.maxY + 1e-9 || a.maxY < b.minY - 1e-9;
}

/** A stand's rectangle with its bounding box (rectangles whose boxes are apart cannot overlap). */
interface BoxedRect extends Box {
  r: Rect;
}
function boxRect(r: Rect): BoxedRect {
  const b = bounds(rectCorners(r));
  return { r, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
}
function boxedRect(st: Stand): BoxedRect {
  return boxRect(rectOf(st));
}
/** The boxed rectangles of a stands array, worked out once per array (kept with its other facts). */
function boxedRects(stands: readonly Stand[]): readonly BoxedRect[] {
  const f = standsFacts(stands);
  f.boxed ??= standRects(stands).map(boxRect);
  return f.boxed;
}

/** {@link deployProblem} with the deployed stands' rectangles worked out once by the caller (null: work them out). */
function deployProblemAmong(s: BattleState, side: Side, contingent: string, x: number, distance: number, deployed: BoxedRect[] | null): string | null {
  const sd = s.sides[side];
  if (!sd.contingents.includes(contingent)) return `${contingent} is not a contingent of ${side}`;
  const ret = unitIn(s, sd.retinues[contingent]);
  if (ret.deployed) return `${sd.contingentNames[contingent]} is already deployed`;
  if (!Number.isFinite(x) || !Number.isFinite(distance)) return "deployment x and distance must be numbers";
  return placedLineProblem(placedLine(s, side, contingent, x, distance), deployed ?? deployedRects(s));
}

/** Why a contingent's line may not stand there: off its half of the table (ruling SW-26), or overlapping a stand already deployed; or null. */
function placedLineProblem(placed: PlacedLine, deployed: readonly BoxedRect[]): string | null {
  if (placed.problem) return placed.problem;
  const near = deployed.filter((o) => !boxesApart(o, placed.box));
  if (near.length === 0) return null;
  for (const { unit, rects } of placed.line) {
    for (const b of rects) {
      for (const o of near) if (!boxesApart(o, b) && rectsOverlap(b.r, o.r, 1e-6)) return `${unit} would overlap a unit already deployed`;
    }
  }
  return null;
}

/** A contingent's deployment line with its rectangles, their bounding box and its table problem (ruling SW-26), which no other unit affects. */
interface PlacedLine {
  line: { unit: string; rects: BoxedRect[] }[];
  box: Box;
  problem: string | null;
}
/** One contingent's placed lines by distance from the centre line, then by x. */
type PlacedLines = Map<number, Map<number, PlacedLine>>;
/**
 * Placed lines by table and contingent: before deployment a contingent's line depends only on the
 * table, the contingent's units and their stand counts (in the key), so each candidate place is
 * worked out once per table, not once per deployment decision.
 */
const PLACED_LINES = new WeakMap<object, Map<string, PlacedLines>>();
function placedLines(s: BattleState, side: Side, contingent: string): PlacedLines {
  let byKey = PLACED_LINES.get(s.table);
  if (!byKey) {
    byKey = new Map();
    PLACED_LINES.set(s.table, byKey);
  }
  const sd = s.sides[side];
  const ids = [sd.retinues[contingent], ...sd.bands[contingent]];
  const key = `${side}|${contingent}|${ids.map((id) => `${id}:${unitIn(s, id).u.stands}`).join(",")}`;
  let lines = byKey.get(key);
  if (!lines) {
    lines = new Map();
    byKey.set(key, lines);
  }
  return lines;
}
function placedLine(s: BattleState, side: Side, contingent: string, x: number, distance: number, lines = placedLines(s, side, contingent)): PlacedLine {
  let byX = lines.get(distance);
  if (!byX) {
    byX = new Map();
    lines.set(distance, byX);
  }
  let placed = byX.get(x);
  if (!placed) {
    const half = s.sides[side].half;
    let problem: string | null = null;
    const line = contingentLine(s, side, contingent, x, distance).map(({ unit, stands }) => {
      for (const st of stands) {
        const why = problem === null ? deploymentProblem(st, half, s.table) : null;
        if (why) problem = `${unit}: ${why}`;
      }
      return { unit, rects: stands.map(boxedRect) };
    });
    placed = { line, box: boxesBounds(line.flatMap((l) => l.rects)), problem };
    byX.set(x, placed);
  }
  return placed;
}

export function deployOptions(s: BattleState, side: Side): { contingent: string; x: number; distance: number }[] {
  const sd = s.sides[side];
  const out: { contingent: string; x: number; distance: number }[] = [];
  const pending = sd.contingents.filter((c) => !unitIn(s, sd.retinues[c]).deployed);
  const deployed = deployedRects(s);
  for (const c of pending) {
    // A contingent not yet deployed at a place on the table: deployProblem's checks of the contingent and its numbers pass.
    const lines = placedLines(s, side, c);
    let found = 0;
    for (const step of [s.options.deployStep, 1]) {
      for (const distance of s.options.deployDistances) {
        if (!Number.isFinite(distance)) continue;
        for (let x = step; x < s.table.width; x += step) {
          if (placedLineProblem(placedLine(s, side, c, x, distance, lines), deployed) === null) {
            out.push({ contingent: c, x, distance });
            found++;
          }
        }
      }
      if (found > 0) break;
    }
  }
  return out;
}

export function applyDeploy(ctx: Ctx, side: Side, contingent: string, x: number, distance: number): void {
  for (const l of contingentLine(ctx, side, contingent, x, distance)) {
    const bu = ctx.unit(l.unit);
    ctx.setUnit({ ...bu, stands: l.stands, deployed: true });
  }
  ctx.ev("deploy", `${side} deploys ${ctx.s.sides[side].contingentNames[contingent]} at x ${x}", ${distance}" from the centre line`, {
    side,
    contingent,
    x,
    distance,
  });
}

function unitIn(s: BattleState, id: string): BattleUnit {
  const u = s.units.find((x) => x.id === id);
  if (!u) throw new RangeError(`unknown unit "${id}"`);
  return u;
}

function currentDraw(s: BattleState) {
  if (!s.god.draw) throw new Error("no god card has been drawn this turn");
  return s.god.draw;
}

function undeployed(s: BattleState, side: Side): string[] {
  const sd = s.sides[side];
  return sd.contingents.filter((c) => !unitIn(s, sd.retinues[c]).deployed);
}

function cincLp(ctx: Ctx, side: Side): number | null {
  const l = ctx.s.leaders.find((x) => x.id.startsWith(`${side}.`) && x.commanderInChief && x.status === "alive");
  return l ? l.lpValue : null;
}

// =============================================================================================
// The task loop
// =============================================================================================

export function run(ctx: Ctx): void {
  const s = ctx.s;
  while (s.pending === null && s.result === null) {
    const task = s.queue.shift();
    if (!task) throw new Error("battle engine: the task queue ran dry");
    runTask(ctx, task);
  }
}

function push(ctx: Ctx, ...tasks: Task[]): void {
  ctx.s.queue.unshift(...tasks);
}

function runTask(ctx: Ctx, task: Task): void {
  switch (task.t) {
    case "deploy":
      deployTask(ctx);
      return;
    case "turn-start":
      turnStart(ctx);
      return;
    case "initiative":
      initiativeTask(ctx);
      return;
    case "initiative-choice":
      initiativeChoiceTask(ctx);
      return;
    case "gods":
      godsTask(ctx);
      return;
    case "holy-call":
      holyCallTask(ctx, task.side);
      return;
    case "god-resolve":
      godResolveTask(ctx);
      return;
    case "god-effect":
      godEffectTask(ctx);
      return;
    case "leadership":
      leadershipTask(ctx);
      return;
    case "leader":
      leaderTask(ctx, task.leader);
      return;
    case "challenge":
      challengeTask(ctx, task.challenger, task.fighter, task.fromKing);
      return;
    case "camp":
      campTask(ctx, task.unit);
      return;
    case "movement":
      movementTask(ctx);
      return;
    case "move":
      if (frontUnitFirst(ctx, task)) return;
      moveTask(ctx, task.unit);
      return;
    case "sw15":
      return;
    case "missiles":
      missilesTask(ctx);
      return;
    case "shoot":
      shootTask(ctx, task.unit);
      return;
    case "resolve-missiles":
      resolveMissiles(ctx);
      return;
    case "fire":
      fireShot(ctx, task.shot);
      return;
    case "missile-hits":
      missileHits(ctx);
      return;
    case "combat":
      combatTask(ctx);
      return;
    case "declare":
      declareTask(ctx, task.unit);
      return;
    case "charge-tests":
      chargeTests(ctx);
      return;
    case "charge-test":
      chargeTestTask(ctx, task.unit);
      return;
    case "fight":
      fight(ctx);
      return;
    case "melee":
      startCombat(ctx, task.red, task.black, task.chain ?? 0);
      return;
    case "fight-end":
      fightEnd(ctx);
      return;
    case "end-turn":
      endTurn(ctx);
      return;
  }
}

/** The deployment: who deploys next (seed "Deployment"), or the first turn once all have deployed. */
function deployTask(ctx: Ctx): void {
  const s = ctx.s;
  const red = undeployed(s, "red");
  const black = undeployed(s, "black");
  if (red.length === 0 && black.length === 0) {
    push(ctx, { t: "turn-start" });
    return;
  }
  let side: Side;
  if (red.length === 0) side = "black";
  else if (black.length === 0) side = "red";
  else {
    const r = rollDeployment(ctx.rng, {
      redCincLp: cincLp(ctx, "red"),
      blackCincLp: cincLp(ctx, "black"),
    });
    side = r.deploysFirst;
    ctx.notes("deployment-dice", r.notes, { side });
  }
  push(ctx, { t: "deploy" });
  s.pending = { kind: "deploy", side };
}

/** Per-phase initiative (house option): the winner chooses who goes first in the next phase. */
function initiativeChoiceTask(ctx: Ctx): void {
  const s = ctx.s;
  if (s.initiative) s.pending = { kind: "initiative", side: s.initiative };
}

/** The fighting of a combat phase is over: units that followed up and are out of combat stop following up. */
function fightEnd(ctx: Ctx): void {
  const s = ctx.s;
  ctx.touch();
  s.units = s.units.map((u) => (u.followingUp && !u.u.inCombat ? unitRecord({ ...u, followingUp: false }, u.u) : u));
}

/** A new turn: its phases in order (seed "Turn Sequence"). */
function turnStart(ctx: Ctx): void {
  const s = ctx.s;
  s.turn += 1;
  s.phase = "initiative";
  ctx.touch();
  s.leaders = s.leaders.map((l) => (l.lpSpent === 0 ? l : leaderRecord({ ...l, lpSpent: 0 }))); // ruling SW-7
  s.units = s.units.map((u) => (u.charged || u.mustCharge ? unitRecord({ ...u, charged: false, mustCharge: false }, u.u) : u));
  ctx.ev("turn", `Turn ${s.turn} begins`, { number: s.turn });
  if (s.options.initiativeChoice === "per-phase") {
    // Seed "Turn Sequence": the winner decides whether to go first or second for each phase.
    const c: Task = { t: "initiative-choice" };
    push(ctx, { t: "initiative" }, c, { t: "gods" }, c, { t: "leadership" }, c, { t: "movement" }, c, { t: "missiles" }, c, { t: "combat" }, { t: "end-turn" });
  } else push(ctx, { t: "initiative" }, { t: "gods" }, { t: "leadership" }, { t: "movement" }, { t: "missiles" }, { t: "combat" }, { t: "end-turn" });
}

/** The initiative roll (seed "Turn Sequence"). */
function initiativeTask(ctx: Ctx): void {
  const s = ctx.s;
  const r = rollInitiative(ctx.rng, {
    redCincLp: cincLp(ctx, "red"),
    blackCincLp: cincLp(ctx, "black"),
  });
  s.initiative = r.winner;
  ctx.notes("initiative", r.notes, { rolls: r.rolls, winner: r.winner });
  if (s.options.initiativeChoice !== "per-phase") s.pending = { kind: "initiative", side: r.winner };
}

/** The gods phase: the card is drawn, each side may call on its holy person. */
function godsTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "gods";
  const d = drawGodCard(s.god.pack, ctx.rng);
  s.god = {
    ...s.god,
    pack: d.pack,
    draw: d,
    calls: { red: false, black: false },
    standing: null,
    choices: {},
  };
  ctx.ev("god-card", `The gods' card is drawn: ${cardText(d.card)}`, {
    card: d.card,
    jokerNumber: d.jokerNumber,
  });
  const tasks: Task[] = sideOrder(s).map((side) => ({ t: "holy-call", side }) as Task);
  push(ctx, ...tasks, { t: "god-resolve" }, { t: "god-effect" });
}

/** A side may call on its holy person. */
function holyCallTask(ctx: Ctx, side: Side): void {
  const s = ctx.s;
  const l = holyLeader(ctx, side);
  if (l) s.pending = { kind: "holy-call", side: side, leader: l.id };
}

/** The calls made: a single caller may cancel the card. */
function godResolveTask(ctx: Ctx): void {
  const s = ctx.s;
  const caller = holyCaller(s.god.calls);
  if (caller && !(s.god.calls.red && s.god.calls.black)) {
    s.pending = { kind: "holy-cancel", side: caller };
    return;
  }
  // No single caller (or both called, ruling SW-10): the card stands as drawn.
  applyHolyCancel(ctx, false, false);
}

/** The leadership phase: each leader acts (contingents right to left), then the camp followers. */
function leadershipTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "leadership";
  s.sw15Took = [];
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) {
    for (const c of contingentsRightToLeft(ctx, side)) {
      const l = ctx.contingentLeader(c);
      if (l) tasks.push({ t: "leader", leader: l.id });
    }
  }
  for (const side of sideOrder(s)) {
    for (const id of actingOrder(ctx, side)) if (ctx.unit(id).u.attachments.includes("camp-followers")) tasks.push({ t: "camp", unit: id });
  }
  push(ctx, ...tasks);
}

/** A leader with something to do spends his leadership points. */
function leaderTask(ctx: Ctx, leaderId: string): void {
  const s = ctx.s;
  const l = ctx.leader(leaderId);
  if (leadOptions(ctx, l).length > 1) s.pending = { kind: "lead", side: sideOfId(l.id), leader: l.id };
}

/** Camp followers with somewhere to go or someone to help. */
function campTask(ctx: Ctx, unitId: string): void {
  const s = ctx.s;
  const bu = ctx.unit(unitId);
  if (onTable(bu) && bu.u.attachments.includes("camp-followers") && (campTargets(ctx, bu).length > 0 || campMoves(ctx, bu).length > 0)) {
    s.pending = { kind: "camp", side: bu.side, unit: bu.id };
  }
}

/** The movement phase: every unit in acting order. */
function movementTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "movement";
  s.sw15Took = [];
  ctx.touch();
  s.units = s.units.map((u) => (u.moved ? unitRecord({ ...u, moved: false }, u.u) : u));
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) {
    const order = actingOrder(ctx, side);
    // Units aboard ship decide after their side's units on the table (docs: "Boats").
    for (const id of [...order, ...embarkedUnits(ctx, side).filter((e) => !order.includes(e))]) tasks.push({ t: "move", unit: id });
  }
  push(ctx, ...tasks);
}

/** The missile phase: every unit may plan a shot, then all shots are rolled. */
function missilesTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "missiles";
  s.shots = [];
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) for (const id of actingOrder(ctx, side)) tasks.push({ t: "shoot", unit: id });
  push(ctx, ...tasks, { t: "resolve-missiles" });
}

/** A unit with a target may shoot. */
function shootTask(ctx: Ctx, unitId: string): void {
  const s = ctx.s;
  const bu = ctx.unit(unitId);
  if (!canAct(bu) || shootingRefusal(bu.u)) return;
  const targets = shootingOptions(ctx, bu);
  if (targets.length === 0) return;
  s.pending = { kind: "shoot", side: bu.side, unit: bu.id };
}

/** The combat phase: every unit may declare a charge, then the charge tests and the fighting. */
function combatTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "combat";
  s.declarations = [];
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) for (const id of actingOrder(ctx, side)) tasks.push({ t: "declare", unit: id });
  push(ctx, ...tasks, { t: "charge-tests" }, { t: "fight" });
}


export function sideOfId(id: string): Side {
  return id.startsWith("red.") ? "red" : "black";
}

function cardText(card: import("../../../core/cards.js").Card): string {
  if ("joker" in card) return `Joker`;
  return `${card.rank} of ${card.suit}`;
}

// =============================================================================================
// Gods (seed "The Gods and Fortune", rulings SW-9, SW-10, SW-11)
// =============================================================================================

export function holyLeader(ctx: Ctx, side: Side): LeaderState | null {
  for (const l of ctx.s.leaders) {
    if (sideOfId(l.id) !== side || l.status !== "alive") continue;
    if (!ctx.hasUnit(l.unit)) continue;
    const u = ctx.unit(l.unit);
    if (u.u.status !== "active") continue;
    if (holyCallRefusal(l, u.u) === null) return l;
  }
  return null;
}

export function godChoiceOptions(ctx: Ctx, p: Extract<Pending, { kind: "god-choice" }>): string[] {
  const side = p.affected;
  switch (p.effect) {
    case "bad-omen":
      return ctx
        .sideUnits(side)
        .filter((u) => u.u.status === "active")
        .map((u) => u.id);
    case "beautiful-woman":
      return ctx
        .sideUnits(side)
        .filter((u) => u.u.status === "active" && u.u.kind === "retinue")
        .map((u) => u.id);
    case "new-hero":
      return ctx.s.leaders
        // SW-11: the hero joins the leader's retinue, so only a leader still with his (active) retinue can take him.
        .filter((l) => sideOfId(l.id) === side && l.status === "alive" && ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.status === "active" && ctx.unit(l.unit).u.kind === "retinue")
        .map((l) => l.id);
    case "favoured-leader":
      return ctx.s.leaders.filter((l) => sideOfId(l.id) === side && l.status === "alive").map((l) => l.id);
  }
}

const CHOICE_KEY = {
  "bad-omen": "badOmenUnit",
  "beautiful-woman": "queenRetinue",
  "new-hero": "kingLeader",
  "favoured-leader": "aceLeader",
} as const;

function godEffectTask(ctx: Ctx): void {
  const s = ctx.s;
  const standing = s.god.standing;
  if (!standing) return;
  const effect = godEffectOf(standing.draw);
  const affected: Side[] = effect.affects === "both" ? ["red", "black"] : [effect.affects];
  if (effect.kind === "bad-omen" || effect.kind === "beautiful-woman" || effect.kind === "new-hero" || effect.kind === "favoured-leader") {
    for (const side of affected) {
      const key = CHOICE_KEY[effect.kind];
      if (s.god.choices[side]?.[key] !== undefined) continue;
      const chooser = effect.chooser === "opponent" ? other(side) : side;
      const p: Pending = {
        kind: "god-choice",
        side: chooser,
        effect: effect.kind,
        affected: side,
      };
      const opts = godChoiceOptions(ctx, p);
      if (opts.length === 0) continue;
      if (opts.length === 1) {
        s.god = {
          ...s.god,
          choices: {
            ...s.god.choices,
            [side]: { ...s.god.choices[side], [key]: opts[0] },
          },
        };
        continue;
      }
      push(ctx, { t: "god-effect" });
      s.pending = p;
      return;
    }
  }
  const sides = {} as Record<Side, GodSide>;
  for (const side of SIDE_LIST) {
    sides[side] = {
      units: ctx.sideUnits(side).map((u) => u.u),
      leaders: s.leaders.filter((l) => sideOfId(l.id) === side),
      tokens: s.sides[side].tokens,
    };
  }
  let applied = effect;
  if (effect.kind === "new-hero" && effect.affects !== "both" && s.god.choices[effect.affects]?.kingLeader === undefined) {
    // No leader of the affected side still stands with his retinue: the King has no one to join.
    ctx.ev("god-effect", `${effect.text}: no ${effect.affects} leader is with his retinue, so no hero comes forward`, { effect: effect.kind });
    applied = { ...effect, kind: "none" };
  }
  const app = applyGodEffect(applied, sides, s.god.soggy, s.god.choices);
  for (const side of SIDE_LIST) {
    for (const u of app.sides[side].units) if (u !== ctx.unit(u.id).u) ctx.setU(u);
    for (const l of app.sides[side].leaders) ctx.setLeader(l);
    s.sides[side] = { ...s.sides[side], tokens: app.sides[side].tokens };
  }
  s.god = { ...s.god, soggy: app.soggyGround };
  ctx.notes("god-effect", app.notes, { effect: effect.kind });
  if (app.challenge)
    push(ctx, {
      t: "challenge",
      challenger: app.challenge.challenger,
      fighter: "heroic-champion",
      fromKing: true,
    });
}

function godEffectOf(d: { card: import("../../../core/cards.js").Card; jokerNumber: 1 | 2 | null }) {
  return godEffect(d.card, d.jokerNumber);
}

export function applyHolyCall(ctx: Ctx, side: Side, leaderId: string, call: boolean): void {
  if (!call) {
    ctx.ev("holy-call", `${side} does not call on the holy person`, { side });
    return;
  }
  const l = ctx.leader(leaderId);
  const r = callHolyPerson(l, ctx.unit(l.unit).u);
  ctx.setLeader(r.value);
  ctx.s.god = { ...ctx.s.god, calls: { ...ctx.s.god.calls, [side]: true } };
  ctx.notes("holy-call", r.notes, { side, leader: l.id }); // ruling SW-10
}

export function applyHolyCancel(ctx: Ctx, cancel: boolean, redraw: boolean): void {
  const s = ctx.s;
  const inv = resolveInvocation(currentDraw(s), ctx.rng, {
    calls: s.god.calls,
    cancel,
    redraw: cancel && redraw,
  });
  ctx.notes("god", inv.notes.slice(1));
  s.god = {
    ...s.god,
    pack: inv.pack,
    standing: inv.standing
      ? {
          draw: {
            pack: inv.pack,
            card: inv.standing.card,
            jokerNumber: inv.standing.jokerNumber,
          },
        }
      : null,
  };
}

// =============================================================================================
// The Seven (ruling SW-11): a kept Seven re-rolls any one set of dice thrown by its own side
// =============================================================================================

/**
 * Could re-rolling this set of dice help its side (docs/shieldwall/battle.md, "The Seven")? The
 * Seven is offered only then: not for a control test of 3–4 (the player already acts as he
 * wishes), a charge test that succeeded, a move roll at the top of its dice or reaching its
 * declared stop without fatigue, a shot or free hack where every die scored, nor a combat roll
 * where every die hit or the side already has a Victory.
 */
export function fortuneMatters(ctx: Ctx, roll: DiceRoll): boolean {
  switch (roll.what) {
    case "control":
      return roll.result.outcome !== "free";
    case "charge":
      return !roll.result.charges && !roll.result.automatic;
    case "move": {
      const r = roll.result;
      if (r.fatigue > 0) return true;
      if (r.roll.total >= topMoveDice(roll.dice)) return false;
      const m = roll.for.k === "move" ? roll.for.move : null;
      const stopAt = m && "stopAt" in m ? m.stopAt : undefined;
      return !(stopAt !== undefined && r.inches >= stopAt);
    }
    case "shooting":
      return roll.result.hits < roll.result.dice;
    case "free-hack":
      return roll.result.casualties < roll.dice;
    case "combat": {
      const last = roll.fight.rounds[roll.fight.rounds.length - 1];
      const mine = roll.side === "red" ? last.result : mirrorResult(last.result);
      const dice = roll.result.units.reduce((n, u) => n + u.roll.faces.length, 0);
      return mine !== "victory" && roll.result.hits - roll.result.autoHits < dice;
    }
  }
}

/** A set of dice has been thrown: its side may re-roll it with a kept Seven if that could help; otherwise (or then) the engine goes on. */
function rolled(ctx: Ctx, side: Side, roll: DiceRoll): void {
  if (ctx.s.sides[side].tokens.fortune > 0 && fortuneMatters(ctx, roll)) {
    ctx.s.pending = { kind: "fortune", side, unit: roll.unit, roll };
    return;
  }
  afterRoll(ctx, roll);
}

/** A set of dice just thrown: its event in the narrative, then {@link rolled}. */
function thrown(ctx: Ctx, side: Side, roll: DiceRoll): void {
  rollEvent(ctx, roll);
  rolled(ctx, side, roll);
}

/** A unit's move dice thrown on the current ground, for `f` (see {@link thrown}). */
function throwMoveDice(ctx: Ctx, side: Side, unit: string, dice: { kind: MoveKind; extraD6: boolean; formed: boolean }, f: MoveRollFor): void {
  thrown(ctx, side, { what: "move", unit, dice, for: f, result: rollMoveDice(ctx, dice) });
}

/** What the engine does with a set of dice once it is final. */
function afterRoll(ctx: Ctx, roll: DiceRoll): void {
  switch (roll.what) {
    case "control":
      afterControl(ctx, roll.unit, roll.result);
      return;
    case "charge":
      if (roll.result.charges) chargeMove(ctx, roll.unit, roll.target);
      else chargeFails(ctx, roll.unit);
      return;
    case "shooting":
      ctx.s.shots[roll.shot] = { ...ctx.s.shots[roll.shot], hits: roll.result.hits };
      return;
    case "free-hack":
      afterFreeHack(ctx, roll.target, roll.after, roll.result.casualties);
      return;
    case "combat":
      combatOffers(ctx, roll.fight);
      return;
    case "move": {
      const f = roll.for;
      switch (f.k) {
        case "move":
          diceMove(ctx, roll.unit, f.move, f.voluntary, roll.result);
          return;
        case "bloodlust":
          bloodlustAdvance(ctx, roll.unit, roll.result);
          return;
        case "pursuit":
          afterPursuitMove(ctx, roll.unit, roll.result);
          return;
        case "retire":
          afterRetire(ctx, roll.unit, f, roll.result);
          return;
        case "rout":
          afterRout(ctx, roll.unit, f.after, roll.result);
          return;
        case "pursue":
          afterPursue(ctx, roll.unit, f.after, f.engagedStands, roll.result);
          return;
      }
    }
  }
}

/** The same set of dice thrown again: the same rules function with the battle's generator. */
function rerollDice(ctx: Ctx, roll: DiceRoll): DiceRoll {
  switch (roll.what) {
    case "control": {
      const bu = ctx.unit(roll.unit);
      return { ...roll, result: resolveControl(ctx.rng, { grade: bu.u.grade, aggression: bu.u.aggression }) };
    }
    case "charge":
      return { ...roll, result: resolveCharge(ctx.rng, chargeInputFor(ctx, roll.unit)) };
    case "move":
      return { ...roll, result: rollMoveDice(ctx, roll.dice) };
    case "shooting":
      return { ...roll, result: resolveShooting(ctx.rng, roll.input) };
    case "free-hack":
      return { ...roll, result: resolveFreeHack(ctx.rng, roll.dice) };
    case "combat": {
      const f = roll.fight;
      const last = f.rounds[f.rounds.length - 1];
      const current = roundInput(f.input, last.round) ?? f.input;
      const result = rollCombatSide(ctx.rng, roll.side === "red" ? current.a : current.b, current.chargeCombat);
      const rounds = [...f.rounds.slice(0, -1), withSideRoll(last, roll.side === "red" ? "a" : "b", result)];
      return { ...roll, fight: { ...f, rounds }, result };
    }
  }
}

/**
 * Throws a unit's move dice on the current ground. The dice input is built field by field: a
 * spread followed by a new field (`{ ...dice, soggyGround }`) takes V8's slow path, about 1 µs.
 */
function rollMoveDice(ctx: Ctx, dice: { kind: MoveKind; extraD6: boolean; formed: boolean }): MoveRoll {
  return rollMove(ctx.rng, { kind: dice.kind, extraD6: dice.extraD6, formed: dice.formed, soggyGround: ctx.s.god.soggy });
}

/** The dice of a roll in a few words, for the narrative ("AvD 2 = 2: halt"). */
function diceText(roll: DiceRoll): string {
  switch (roll.what) {
    case "control":
      return `AvD ${roll.result.face} = ${roll.result.text}`;
    case "charge":
      return roll.result.text;
    case "move":
      return `${roll.result.roll.dice.join("+")} [${roll.result.roll.faces.join(", ")}] = ${roll.result.inches}"${roll.result.fatigue > 0 ? ` (${roll.result.fatigue} fatigue DP${roll.result.fatigue > 1 ? "s" : ""})` : ""}`;
    case "shooting":
      return `[${roll.result.roll.faces.join(", ")}]: ${roll.result.hits} hit${roll.result.hits === 1 ? "" : "s"}`;
    case "free-hack":
      return `[${roll.result.roll.faces.join(", ")}]: ${roll.result.casualties} stand${roll.result.casualties === 1 ? "" : "s"}`;
    case "combat":
      return `${roll.result.units.map((u) => `[${u.roll.faces.join(", ")}]`).join(" ")} = ${roll.result.hits} hit${roll.result.hits === 1 ? "" : "s"}`;
  }
}

const ROLL_NAME: Record<DiceRoll["what"], string> = {
  control: "control test",
  charge: "charge test",
  move: "move dice",
  shooting: "shooting dice",
  "free-hack": "free hack",
  combat: "combat dice",
};

/** The event a set of dice makes in the narrative when thrown (the same again after a re-roll). */
function rollEvent(ctx: Ctx, roll: DiceRoll): void {
  switch (roll.what) {
    case "control": {
      const bu = ctx.unit(roll.unit);
      const r = roll.result;
      const mod = controlModifier({ grade: bu.u.grade, aggression: bu.u.aggression });
      ctx.event({
        type: "control-test",
        text: `${bu.u.name} takes a control test (${roll.reasons.join("; ")}): AvD ${r.face}${r.modifier ? ` ${r.modifier > 0 ? "+" : "-"} ${Math.abs(r.modifier)}` : ""} = ${r.text}`,
        turn: ctx.s.turn,
        phase: ctx.s.phase,
        unit: roll.unit,
        dice: [r.face],
        modifiers: mod.parts,
        total: r.total,
        outcome: r.outcome,
      });
      return;
    }
    case "charge": {
      const r = roll.result;
      ctx.ev("charge-test", `${ctx.unit(roll.unit).u.name} charges ${ctx.unit(roll.target).u.name}? ${r.text}`, {
        unit: roll.unit,
        target: roll.target,
        dice: r.face === null ? [] : [r.face],
        modifier: r.modifier,
        charges: r.charges,
      });
      return;
    }
    case "move": {
      const name = ctx.unit(roll.unit).u.name;
      const r = roll.result;
      const detail = { unit: roll.unit, dice: r.roll.faces, inches: r.inches };
      const f = roll.for;
      switch (f.k) {
        case "move": {
          const m = f.move;
          const stopAt = "stopAt" in m ? m.stopAt : undefined;
          const dice = `${roll.dice.extraD6 ? "AvD+D6" : "AvD"} [${r.roll.faces.join(", ")}] = ${r.inches}"${stopAt !== undefined ? `, declared stop at ${stopAt}"` : ""}`;
          // The most frequent dice: one literal (see `Ctx.event`).
          ctx.event({ type: "move-dice", text: `${name} rolls ${dice}`, turn: ctx.s.turn, phase: ctx.s.phase, unit: roll.unit, dice: r.roll.faces, inches: r.inches, extraD6: roll.dice.extraD6, stopAt: stopAt ?? null });
          return;
        }
        case "bloodlust":
          return; // its move's text carries the dice
        case "pursuit":
          ctx.ev("move-dice", `${name} pursuit continues: AvD+D6 [${r.roll.faces.join(", ")}] = ${r.inches}"`, detail);
          return;
        case "retire":
          ctx.ev("move-dice", `${name} ${f.what}: AvD+D6 [${r.roll.faces.join(", ")}] +1 = ${r.inches}" (ruling SW-2)`, detail);
          return;
        case "rout":
          ctx.ev("move-dice", `${name} breaks: AvD+D6 [${r.roll.faces.join(", ")}] +1 = ${r.inches}" (ruling SW-2)`, detail);
          return;
        case "pursue":
          ctx.ev("move-dice", `${name} pursues: AvD+D6 [${r.roll.faces.join(", ")}] = ${r.inches}" (ruling SW-2)`, detail);
          return;
      }
      return;
    }
    case "shooting": {
      const shooter = ctx.unit(roll.unit);
      const target = ctx.unit(roll.target);
      const r = roll.result;
      const i = roll.input;
      ctx.ev(
        "shooting",
        `${shooter.u.name} shoots at ${target.u.name}${target.u.inCombat ? " (its outflanking stands: the unit is in combat)" : ""}: ${i.shooterStands} stand${i.shooterStands > 1 ? "s" : ""}, ${r.dice} dice${i.skilledArcher ? " (skilled archer)" : ""}${i.targetIsRetinue ? ", halved for a retinue" : ""}${i.targetInCover ? ", halved for cover" : ""} [${r.roll.faces.join(", ")}]: ${r.hits} hit${r.hits === 1 ? "" : "s"}`,
        {
          shooter: shooter.id,
          target: target.id,
          dice: r.roll.faces,
          hits: r.hits,
          archer: i.skilledArcher,
          cover: i.targetInCover,
        },
      );
      return;
    }
    case "free-hack": {
      const h = roll.result;
      ctx.ev(
        "free-hack",
        `${ctx.unit(roll.unit).u.name} catches ${ctx.unit(roll.target).u.name}: free hack, ${h.roll.faces.length} dice [${h.roll.faces.join(", ")}], ${h.casualties} stand${h.casualties === 1 ? "" : "s"} lost`,
        { unit: roll.unit, target: roll.target, dice: h.roll.faces, casualties: h.casualties },
      );
      return;
    }
    case "combat":
      return; // the combat's event, once it is decided, carries every die
  }
}

/** The Seven (SW-11): play it to re-roll the set of dice just thrown (the second result stands), or keep it. */
export function applyFortune(ctx: Ctx, p: Extract<Pending, { kind: "fortune" }>, reroll: boolean): void {
  let roll = p.roll;
  if (reroll) {
    const side = p.side;
    const sd = ctx.s.sides[side];
    ctx.s.sides[side] = { ...sd, tokens: useToken(sd.tokens, "fortune") };
    const again = rerollDice(ctx, roll);
    const who = roll.what === "combat" ? roll.fight[side].map((id) => ctx.unit(id).u.name).join(", ") : ctx.unit(roll.unit).u.name;
    ctx.ev("fortune", `${side} plays a kept Seven: ${who} ${roll.what === "combat" && roll.fight[side].length > 1 ? "re-roll their" : "re-rolls its"} ${ROLL_NAME[roll.what]} (ruling SW-11): ${diceText(roll)} → ${diceText(again)}`, {
      side,
      unit: p.unit,
      what: roll.what,
      before: diceFaces(roll),
      after: diceFaces(again),
    });
    rollEvent(ctx, again);
    roll = again;
  } else {
    const who = roll.what === "combat" ? roll.fight[p.side].map((id) => ctx.unit(id).u.name).join(", ") : ctx.unit(roll.unit).u.name;
    ctx.ev("fortune-kept", `${p.side} keeps its Seven (ruling SW-11): the ${ROLL_NAME[roll.what]} of ${who} stand${roll.what === "control" || roll.what === "charge" || roll.what === "free-hack" ? "s" : ""} (${diceText(roll)})`, { side: p.side, unit: p.unit, what: roll.what });
  }
  afterRoll(ctx, roll);
}

/** Every die of a roll, for the event's detail. */
function diceFaces(roll: DiceRoll): number[] {
  switch (roll.what) {
    case "control":
      return [roll.result.face];
    case "charge":
      return roll.result.face === null ? [] : [roll.result.face];
    case "move":
    case "shooting":
    case "free-hack":
      return roll.result.roll.faces;
    case "combat":
      return roll.result.units.flatMap((u) => u.roll.faces);
  }
}

// =============================================================================================
// Leadership (seed "Leaders", "Personal Combat", "Deployment"; rulings SW-7, SW-8)
// =============================================================================================

export function leaderInCombat(ctx: Ctx, l: LeaderState): boolean {
  return ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.inCombat;
}

/** Friendly units within 2" of the leader's retinue (ruling SW-4), not in combat. */
function leaderReach(ctx: Ctx, l: LeaderState): BattleUnit[] {
  const home = ctx.leaderUnit(l);
  if (!home) return [];
  return friendsWithin2(ctx, home)
    .map((id) => ctx.unit(id))
    .filter((u) => !u.u.inCombat);
}

/** The unit and the friendly units on the table within 2" of it, in army order: kept in the geometry memo (a leader acts several times a turn). */
function friendsWithin2(ctx: Ctx, home: BattleUnit): readonly string[] {
  return ctx.cachedGeometry("fw2", home.id, () =>
    ctx
      .sideUnits(home.side)
      .filter((u) => onTable(u) && (u.id === home.id || within(home, u, 2)))
      .map((u) => u.id),
  );
}

/**
 * Has `l` an enemy leader to challenge: one alive whose unit is on the table? The same answer as
 * `closestEnemyLeader(ctx, l) !== null` (units on the table are a finite distance apart), without
 * measuring any distance.
 */
export function enemyLeaderOnTable(ctx: Ctx, l: LeaderState): boolean {
  if (!ctx.leaderUnit(l)) return false;
  const side = sideOfId(l.id);
  for (const e of ctx.s.leaders) if (sideOfId(e.id) !== side && e.status === "alive" && ctx.leaderUnit(e)) return true;
  return false;
}

export function closestEnemyLeader(ctx: Ctx, l: LeaderState): LeaderState | null {
  const home = ctx.leaderUnit(l);
  if (!home) return null;
  let best: LeaderState | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const e of ctx.s.leaders) {
    if (sideOfId(e.id) === sideOfId(l.id) || e.status !== "alive") continue;
    const eu = ctx.leaderUnit(e);
    if (!eu) continue;
    const d = unitDist(home, eu);
    if (d < bestD - 1e-9) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

function fighterKinds(ctx: Ctx, l: LeaderState): FighterKind[] {
  const kinds: FighterKind[] = ["leader", "champion"];
  if (ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.attachments.includes("heroic-champion")) kinds.push("heroic-champion");
  return kinds;
}

export function leadOptions(ctx: Ctx, l: LeaderState): BattleDecision[] {
  return ctx.cached("lo", l, () => leadOptionsUncached(ctx, l));
}

function leadOptionsUncached(ctx: Ctx, l: LeaderState): BattleDecision[] {
  const out: BattleDecision[] = [{ type: "lead", action: "done" }];
  if (l.status !== "alive" || !ctx.leaderUnit(l) || leaderInCombat(ctx, l)) return out; // ruling SW-8
  const left = lpLeft(l);
  const reach = leaderReach(ctx, l);
  if (left >= LP_COSTS.increaseCohesion) for (const u of reach) if (totalDp(u.u) > 0) out.push({ type: "lead", action: "cohesion", target: u.id });
  if (left >= LP_COSTS.changeAggression) {
    for (const u of reach) {
      if (u.u.aggression !== "bloodlust") out.push({ type: "lead", action: "raise", target: u.id });
      if (u.u.aggression !== "shaken" && u.u.aggression !== "present") out.push({ type: "lead", action: "lower", target: u.id });
    }
  }
  if (!l.signalled && left >= LP_COSTS.signalAdvance) out.push({ type: "lead", action: "signal" });
  if (left >= LP_COSTS.issueChallenge && enemyLeaderOnTable(ctx, l))
    for (const f of fighterKinds(ctx, l)) out.push({ type: "lead", action: "challenge", fighter: f });
  return out;
}

export function applyLead(ctx: Ctx, l: LeaderState, d: Extract<BattleDecision, { type: "lead" }>): void {
  if (d.action === "done") {
    ctx.ev("lead", `${l.name} is done for this turn (${lpLeft(l)} LP left, which lapse)`, { leader: l.id });
    return;
  }
  const inCombat = leaderInCombat(ctx, l);
  const side = sideOfId(l.id);
  push(ctx, { t: "leader", leader: l.id });
  if (d.action === "cohesion" || d.action === "raise" || d.action === "lower") {
    const target = ctx.unit(d.target);
    const home = ctx.leaderUnit(l);
    if (!home) throw new RangeError(`${l.name} has no unit on the table`);
    const tgt = {
      unit: target.u,
      within2: target.id === home.id || within(home, target, 2),
    };
    const r = d.action === "cohesion" ? increaseCohesion(l, inCombat, tgt) : changeAggression(l, inCombat, tgt, d.action);
    ctx.setLeader(r.leader);
    ctx.setU(r.unit);
    ctx.notes("lead", r.notes, {
      leader: l.id,
      action: d.action,
      target: target.id,
    });
    return;
  }
  if (d.action === "signal") {
    const units = ctx.sideUnits(side).filter((u) => u.u.contingent === l.contingent && onTable(u) && !u.u.inCombat);
    const standard = ctx.sideUnits(side).filter((u) => onTable(u) && u.u.attachments.includes("battle-standard"));
    const inputs = units.map((u) => ({
      unit: u.u,
      battleStandardWithin2: standard.some((b) => b.id === u.id || within(b, u, 2)),
    }));
    const r = signalAdvance(l, inCombat, inputs);
    ctx.setLeader(r.leader);
    ctx.notes("signal", r.notes, { leader: l.id });
    // Initial moves, in acting order, straight ahead (unformed units: towards the enemy's half).
    for (const id of contingentUnits(ctx, side, l.contingent)) {
      const m = r.moves.find((x) => x.unit === id);
      if (!m || m.inches <= 0) continue;
      const bu = ctx.unit(id);
      const heading = bu.u.formed ? unitFacing(geomOf(bu)) : forwardHeading(side);
      moveStraight(ctx, bu, heading, m.inches, "initial move");
    }
    return;
  }
  // Challenge.
  push(ctx, {
    t: "challenge",
    challenger: l.id,
    fighter: d.fighter,
    fromKing: false,
  });
}

function challengeTask(ctx: Ctx, challengerId: string, fighter: FighterKind, fromKing: boolean): void {
  const l = ctx.leader(challengerId);
  const target = closestEnemyLeader(ctx, l);
  let issued: ReturnType<typeof issueChallenge>;
  try {
    issued = issueChallenge({
      challenger: l,
      retinueInCombat: leaderInCombat(ctx, l),
      target,
      fromKing,
    });
  } catch (err) {
    ctx.ev("challenge", `No challenge: ${(err as Error).message}`, {
      leader: l.id,
    });
    return;
  }
  ctx.setLeader(issued.value);
  if (!target) return;
  ctx.notes("challenge", issued.notes, { leader: l.id, target: target.id });
  ctx.s.pending = {
    kind: "answer",
    side: sideOfId(target.id),
    leader: target.id,
    challenger: l.id,
    fromKing,
    challengerFighter: fighter,
  };
}

export function answerOptions(ctx: Ctx, p: Extract<Pending, { kind: "answer" }>): BattleDecision[] {
  const l = ctx.leader(p.leader);
  const out: BattleDecision[] = [{ type: "answer", accept: false, fighter: "leader" }];
  if (l.status === "alive" && !leaderInCombat(ctx, l) && lpLeft(l) >= LP_COSTS.acceptChallenge) {
    for (const f of fighterKinds(ctx, l)) out.push({ type: "answer", accept: true, fighter: f });
  }
  return out;
}

export function applyAnswer(ctx: Ctx, p: Extract<Pending, { kind: "answer" }>, accept: boolean, fighter: FighterKind): void {
  const target = ctx.leader(p.leader);
  const ans = answerChallenge({ leader: target, retinueInCombat: leaderInCombat(ctx, target), accept }, ctx.rng);
  ctx.notes("challenge-answer", ans.notes, { leader: target.id, accept });
  let targetFighter: FighterKind | null = null;
  if (ans.kind === "accepted") {
    ctx.setLeader(ans.leader);
    targetFighter = fighter;
  } else if (ans.kind === "refused") {
    const r = ans.refusal;
    ctx.setLeader(r.leader);
    if (r.leaderKilled) leaderDies(ctx, r.leader.id, false);
    if (r.fighter) targetFighter = "champion";
  }
  if (targetFighter === null) return;
  fightDuel(ctx, p.challenger, p.challengerFighter, target.id, targetFighter);
}

function fightDuel(ctx: Ctx, aLeaderId: string, aKind: FighterKind, bLeaderId: string, bKind: FighterKind): void {
  const la = ctx.leader(aLeaderId);
  const lb = ctx.leader(bLeaderId);
  const heroic = (l: LeaderState) => ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.attachments.includes("heroic-champion");
  const fa = appointFighter(aKind === "heroic-champion" && !heroic(la) ? "champion" : aKind, la, heroic(la));
  const fb = appointFighter(bKind === "heroic-champion" && !heroic(lb) ? "champion" : bKind, lb, heroic(lb));
  const seed = ctx.rng.int(0, 0x7fffffff);
  const start = dealDuel({ a: fa, b: fb }, seed);
  let duel: DuelState;
  if (ctx.s.options.duelPlayer === "random") {
    duel = playOut(duelGame, start, { a: randomPlayer(duelGame, seed + 1), b: randomPlayer(duelGame, seed + 2) }, { keepEvents: false }).state;
  } else {
    // Two computer players: no moves to check or events to describe, only the outcome counts.
    const ai = (k: number) => heuristicDuelPlayer(seed + k, { samples: DUEL_AI_SAMPLES });
    duel = playDuelQuietly(start, { a: ai(1), b: ai(2) });
  }
  const outcome = duel.outcome;
  if (!outcome) throw new Error("the duel ended without an outcome");
  const nameOf = (l: LeaderState, k: FighterKind) => (k === "leader" ? l.name : `${l.name}'s ${FIGHTER_NAME[k]}`);
  ctx.ev(
    "duel",
    `Personal combat: ${nameOf(la, fa.kind)} against ${nameOf(lb, fb.kind)}, ${duel.exchanges.length} exchanges, wounds ${outcome.wounds.a}-${outcome.wounds.b}`,
    {
      a: aLeaderId,
      b: bLeaderId,
      fighters: { a: fa.kind, b: fb.kind },
      wounds: outcome.wounds,
      end: outcome.end,
      seed,
    },
  );
  const sa = sideOfId(la.id);
  const sb = sideOfId(lb.id);
  const c = duelConsequences(outcome, {
    a: { leader: la, fighter: fa, units: ctx.sideUnits(sa).map((u) => u.u) },
    b: { leader: lb, fighter: fb, units: ctx.sideUnits(sb).map((u) => u.u) },
  });
  for (const side of [c.a, c.b]) {
    ctx.setLeader(side.leader);
    for (const u of side.units) if (u !== ctx.unit(u.id).u) ctx.setU(u);
  }
  ctx.notes("duel-result", c.notes, { a: aLeaderId, b: bLeaderId });
  for (const u of [...c.a.units, ...c.b.units]) if (u.status !== "active" && ctx.unit(u.id).deployed) unitGone(ctx, ctx.unit(u.id), "destroyed");
}

export function campTargets(ctx: Ctx, host: BattleUnit): BattleUnit[] {
  return ctx
    .sideUnits(host.side)
    .filter((u) => onTable(u) && u.u.contingent === host.u.contingent && totalDp(u.u) > 0 && (u.id === host.id || within(host, u, 2)));
}

/** Units the camp followers may move to join (ruling SW-6, "camp followers may be attached to any unit"): any other unit of the army on the table. */
export function campMoves(ctx: Ctx, host: BattleUnit): BattleUnit[] {
  return ctx.sideUnits(host.side).filter((u) => onTable(u) && u.id !== host.id);
}

export function applyCamp(ctx: Ctx, hostId: string, target: string | null, moveTo?: string): void {
  const host = ctx.unit(hostId);
  if (target === null) ctx.ev("camp", `${host.u.name}'s camp followers tend no one`, { unit: hostId });
  else {
    const t = ctx.unit(target);
    const r = campFollowersRemoveDp({
      host: host.u,
      target: t.u,
      within2: t.id === host.id || within(host, t, 2),
    });
    ctx.setU(r.value);
    ctx.notes("camp", r.notes, { unit: hostId, target });
  }
  if (moveTo !== undefined) {
    // Camp followers may move to join a different unit in the command phase (seed "Supernumeraries").
    const m = moveCampFollowers(ctx.unit(hostId).u, ctx.unit(moveTo).u);
    ctx.setU(m.from);
    ctx.setU(m.to);
    ctx.notes("camp-move", m.notes, { unit: hostId, to: moveTo });
  }
}

// =============================================================================================
// Movement (seed "Movement", "Manoeuvre", "Control Test", "Rest and Reform"; rulings SW-1, SW-2, SW-15)
// =============================================================================================

function enemiesOnTable(ctx: Ctx, side: Side): BattleUnit[] {
  return ctx.s.units.filter((u) => u.side !== side && onTable(u));
}

/** The nearest enemy unit the unit can see (seed "Movement": "visible enemy"), or null. */
export function nearestVisibleEnemy(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  const id = ctx.cachedGeometry("nve", bu.id, () => nearestVisibleEnemyUncached(ctx, bu)?.id ?? null);
  return id === null ? null : ctx.unit(id);
}

function nearestVisibleEnemyUncached(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  const scene = ctx.scene();
  const es = enemiesOnTable(ctx, bu.side)
    .map((e) => ({ e, d: unitDist(bu, e) }))
    .sort((a, b) => a.d - b.d || (a.e.id < b.e.id ? -1 : 1));
  for (const { e } of es) if (unitSees(scene, bu.id, e.id)) return e;
  return null;
}

export function nearestEnemy(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  const id = ctx.cachedGeometry("ne", bu.id, () => nearestEnemyUncached(ctx, bu)?.id ?? null);
  return id === null ? null : ctx.unit(id);
}

/** A lower bound on the edge-to-edge distance between two units: stand centres less half diagonals. */
function distanceLowerBound(a: BattleUnit, b: BattleUnit): number {
  let best = Number.POSITIVE_INFINITY;
  const as = a.stands;
  const bs = b.stands;
  for (let i = 0; i < as.length; i++) {
    const x = as[i];
    const rx = halfDiagonal(x);
    for (let j = 0; j < bs.length; j++) {
      const y = bs[j];
      const dx = x.x - y.x;
      const dy = x.y - y.y;
      const d = Math.sqrt(dx * dx + dy * dy) - rx - halfDiagonal(y);
      if (d < best) best = d;
    }
  }
  return Math.max(0, best);
}

function nearestEnemyUncached(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  // Enemies in order of the distance between bounding boxes (ties in army order), each only while
  // that bound could still beat the best so far: then the tighter bound of the stands, and the
  // exact distance only if that one could too. Picked one at a time: few are ever looked at.
  // The enemies on the table and their box distances gathered in one indexed pass (this runs for
  // every unit offered a move, each time on new positions).
  const box = standsBox(bu.stands);
  const enemies: BattleUnit[] = [];
  const lower: number[] = [];
  const done: boolean[] = [];
  const units = ctx.s.units;
  for (let i = 0; i < units.length; i++) {
    const e = units[i];
    if (e.side === bu.side || !onTable(e)) continue;
    enemies.push(e);
    lower.push(boxDistance(box, standsBox(e.stands)));
    done.push(false);
  }
  let best: BattleUnit | null = null;
  let bd = Number.POSITIVE_INFINITY;
  for (;;) {
    let k = -1;
    for (let i = 0; i < enemies.length; i++) if (!done[i] && (k < 0 || lower[i] < lower[k])) k = i;
    if (k < 0 || lower[k] > bd + 1e-9) break;
    done[k] = true;
    const e = enemies[k];
    if (distanceLowerBound(bu, e) > bd + 1e-9) continue;
    const d = unitDist(bu, e);
    // Ties go to the unit listed first, as a plain scan in army order would.
    if (d < bd - 1e-9 || (Math.abs(d - bd) <= 1e-9 && best !== null && ctx.s.units.indexOf(e) < ctx.s.units.indexOf(best))) {
      bd = d;
      best = e;
    }
  }
  return best;
}

/** The distance between two bounding boxes (0 if they meet): no point of one is nearer the other. */
function boxDistance(a: Box, b: Box): number {
  const dx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
  const dy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
  return Math.sqrt(dx * dx + dy * dy);
}

export function headingTo(from: BattleUnit, to: BattleUnit): number {
  const a = unitCentre(geomOf(from));
  const b = unitCentre(geomOf(to));
  return normaliseDegrees(vectorHeading({ x: b.x - a.x, y: b.y - a.y }));
}

/** The heading of a "toward" move: towards the nearest enemy (edge to edge, ruling SW-3), clamped to the 22½° arc for a formed unit. */
export function towardHeading(ctx: Ctx, bu: BattleUnit): number {
  const e = nearestEnemy(ctx, bu);
  return towardHeadingOf(bu, e ? headingTo(bu, e) : null);
}

/** {@link towardHeading} with the heading to the unit's nearest enemy `h` already known (null: there is none). */
function towardHeadingOf(bu: BattleUnit, h: number | null): number {
  const facing = bu.u.formed ? unitFacing(geomOf(bu)) : forwardHeading(bu.side);
  if (h === null) return facing;
  if (!bu.u.formed) return h;
  let off = normaliseDegrees(h - facing);
  if (off > 180) off -= 360;
  off = Math.max(-22.5, Math.min(22.5, off));
  return normaliseDegrees(facing + off);
}

/** SW-15: enemy units of contingents that have not signalled, approached to within 8" by this move. */
export function sw15Check(ctx: Ctx, mover: BattleUnit, before: Stand[]): void {
  const s = ctx.s;
  const after = mover.stands;
  if (after.length === 0) return;
  for (const e of enemiesOnTable(ctx, mover.side)) {
    if (s.sw15Took.includes(e.id) || ctx.signalled(e.u.contingent)) continue;
    if (!within(mover, e, 8)) continue;
    // Cached distances: the mover's earlier stands were usually measured against this enemy before the move.
    const was = standsDistance(before, e.stands);
    const now = unitDist(mover, e);
    if (!(now < was - 1e-6) || now > 8 + 1e-6) continue;
    const r = enemyAdvancingBeforeSignal(e.u, {
      contingentSignalled: ctx.signalled(e.u.contingent),
      enemyAdvancedWithin8: true,
      alreadyThisPhase: false,
    });
    if (!r.took) continue;
    ctx.setU(r.value);
    s.sw15Took = [...s.sw15Took, e.id];
    ctx.notes("sw15", [`${mover.u.name} advances to within 8" of ${e.u.name}, whose leader has not signalled the advance (ruling SW-15)`, ...r.notes], {
      unit: e.id,
      mover: mover.id,
    });
  }
}

/** Moves a unit straight, halting 2" from visible enemy and short of other stands and obstacles. Returns the distance moved. */
export function moveStraight(
  ctx: Ctx,
  bu: BattleUnit,
  heading: number,
  distance: number,
  what: string,
  opts: { zone?: number; offTable?: boolean; unform?: boolean } = {},
): number {
  const scene = ctx.scene();
  const plan = planMove(scene, bu.id, heading, distance, {
    zone: opts.zone ?? 2,
    stopAtTableEdge: !opts.offTable,
  });
  const before = bu.stands;
  let formed = bu.u.formed && !opts.unform;
  if (plan.difficult.length > 0 && formed) formed = false;
  const moved = plan.unit.stands;
  const u = formed === bu.u.formed ? bu.u : { ...bu.u, formed };
  ctx.setUnit({ ...bu, u, stands: moved });
  const stop = plan.stoppedBy ? ` (stopped by ${describeStop(ctx, plan.stoppedBy)})` : "";
  ctx.ev(
    "move",
    `${bu.u.name} ${what}: ${plan.distance.toFixed(2)}" of ${distance.toFixed(2)}" on heading ${Math.round(normaliseDegrees(heading))}°${stop}${plan.difficult.length > 0 && bu.u.formed ? "; difficult terrain: it becomes unformed" : ""}`,
    {
      unit: bu.id,
      heading,
      asked: distance,
      distance: plan.distance,
      stoppedBy: plan.stoppedBy,
    },
  );
  if (plan.distance > 1e-6) sw15Check(ctx, ctx.unit(bu.id), before);
  return plan.distance;
}

export function describeStop(ctx: Ctx, stop: NonNullable<ReturnType<typeof planMove>["stoppedBy"]>): string {
  switch (stop.kind) {
    case "enemy-zone":
      return `halting 2" from visible enemy ${ctx.unit(stop.unit).u.name}`;
    case "stand":
      return `${stop.friend ? "friends" : "enemy"} in the way (${ctx.unit(stop.unit).u.name})`;
    case "obstacle":
      return `obstacle ${stop.id}`;
    case "table-edge":
      return "the table edge";
  }
}

function unbrokenLineToRetinue(ctx: Ctx, bu: BattleUnit, home: BattleUnit): boolean {
  // Units of the contingent chained in base contact (no breaks) to the leader's unit.
  const members = ctx.sideUnits(bu.side).filter((u) => onTable(u) && u.u.contingent === bu.u.contingent);
  const seen = new Set([home.id]);
  const stack = [home];
  while (stack.length > 0) {
    const cur = stack.pop() as BattleUnit;
    for (const m of members) {
      if (seen.has(m.id)) continue;
      if (within(cur, m, 0.1)) {
        seen.add(m.id);
        stack.push(m);
      }
    }
  }
  return seen.has(bu.id);
}

/** How far ahead a unit's move may reach (AvD+D6 at most 11", +1" for a retire move). */
export const MOVE_REACH = 12;

/**
 * The friendly unit (same side, yet to move this phase) whose stands lie in the path of unit
 * `bu`'s move: the corridor its stands sweep straight ahead for {@link MOVE_REACH} inches, ahead
 * as it faces (formed) or towards the enemy's half (unformed, facing all round; away from it when
 * retiring); the nearest such friend, or null if none.
 */
export function unitInFront(ctx: Ctx, bu: BattleUnit, candidates: readonly string[]): BattleUnit | null {
  if (bu.stands.length === 0) return null;
  const others: BattleUnit[] = [];
  for (const id of candidates) {
    const o = ctx.unit(id);
    if (o.id === bu.id || o.side !== bu.side || !canAct(o) || o.u.inCombat || o.moved) continue;
    if (mayMoveWithRetinue(bu, o)) continue; // they may move as one body (a group move moves its front unit first)
    others.push(o);
  }
  if (others.length === 0) return null;
  // A retiring unit's move goes away from the enemy.
  const heading = bu.u.formed ? unitFacing(geomOf(bu)) : bu.retiring ? normaliseDegrees(forwardHeading(bu.side) + 180) : forwardHeading(bu.side);
  const f = headingVector(heading);
  const r = { x: f.y, y: -f.x };
  let fMax = Number.NEGATIVE_INFINITY;
  let rMin = Number.POSITIVE_INFINITY;
  let rMax = Number.NEGATIVE_INFINITY;
  for (const st of standRects(bu.stands)) {
    // The stand's reach along f and its extent across r (projections of its corners).
    const a = st.cx * f.x + st.cy * f.y + st.hd * Math.abs(st.fx * f.x + st.fy * f.y) + st.hw * Math.abs(st.rx * f.x + st.ry * f.y);
    const b = st.cx * r.x + st.cy * r.y;
    const half = st.hd * Math.abs(st.fx * r.x + st.fy * r.y) + st.hw * Math.abs(st.rx * r.x + st.ry * r.y);
    if (a > fMax) fMax = a;
    if (b - half < rMin) rMin = b - half;
    if (b + half > rMax) rMax = b + half;
  }
  const fc = fMax + MOVE_REACH / 2;
  const rc = (rMin + rMax) / 2;
  // The corridor ahead, a hair narrower so units merely side by side are not in the way.
  const corridor = makeRect(f.x * fc + r.x * rc, f.y * fc + r.y * rc, f.x, f.y, r.x, r.y, (rMax - rMin) / 2 - 0.01, MOVE_REACH / 2);
  const ex = corridor.hd * Math.abs(f.x) + corridor.hw * Math.abs(r.x);
  const ey = corridor.hd * Math.abs(f.y) + corridor.hw * Math.abs(r.y);
  const minX = corridor.cx - ex;
  const maxX = corridor.cx + ex;
  const minY = corridor.cy - ey;
  const maxY = corridor.cy + ey;
  // The nearest friend in the corridor; distances are measured only once a second one is found
  // (usually none or one is in the way).
  let best: BattleUnit | null = null;
  let bestGap = Number.NaN;
  for (const o of others) {
    const box = standsBox(o.stands);
    if (box.minX > maxX || box.maxX < minX || box.minY > maxY || box.maxY < minY) continue;
    if (!standRects(o.stands).some((st) => rectsOverlap(corridor, st, 0.01))) continue;
    if (best === null) {
      best = o;
      continue;
    }
    if (Number.isNaN(bestGap)) bestGap = unitDist(bu, best);
    const gap = unitDist(bu, o);
    if (gap < bestGap) {
      bestGap = gap;
      best = o;
    }
  }
  return best;
}

/** Could `other` join a group move led by `bu` (seed "Movement": same contingent, within 2" of the retinue, formed, facing the same way)? */
function mayMoveWithRetinue(bu: BattleUnit, other: BattleUnit): boolean {
  if (bu.u.kind !== "retinue" || !bu.u.formed || other.u.contingent !== bu.u.contingent || !other.u.formed || other.pursuing || other.retiring) return false;
  return within(bu, other, 2) && angleBetweenDegrees(unitFacing(geomOf(other)), unitFacing(geomOf(bu))) <= 1;
}

/** Sorts units front first along `heading` (by their stands' furthest reach that way); ties keep their order. */
function sortFrontFirst(units: BattleUnit[], heading: number): void {
  const f = headingVector(heading);
  const reach = new Map(units.map((u) => [u.id, Math.max(...u.stands.flatMap((st) => rectCorners(rectOf(st)).map((p) => p.x * f.x + p.y * f.y)))]));
  units.sort((a, b) => (reach.get(b.id) ?? 0) - (reach.get(a.id) ?? 0));
}

/**
 * Seed "Movement": "All movement is conducted from right to left except where two moves
 * intersect, the front unit may move first." Before a unit moves, a friendly unit still to move
 * this phase that stands in its path (see {@link unitInFront}) moves first; the unit then moves
 * straight after it. Each unit gives way at most once a phase, so the order always ends. Option
 * `crossingMoves: "right-to-left"` keeps the strict acting order. Returns true if it reordered.
 */
function frontUnitFirst(ctx: Ctx, task: Extract<Task, { t: "move" }>): boolean {
  if (task.gaveWay || ctx.s.options.crossingMoves === "right-to-left") return false;
  const bu = ctx.unit(task.unit);
  if (!canAct(bu) || bu.u.inCombat || bu.moved) return false;
  // The rest of this phase's moves: the move tasks at the head of the queue.
  const queue = ctx.s.queue;
  const later: string[] = [];
  for (let n = 0; n < queue.length; n++) {
    const t = queue[n];
    if (t.t !== "move") break;
    later.push(t.unit);
  }
  const front = unitInFront(ctx, bu, later);
  if (!front) return false;
  const i = later.indexOf(front.id);
  const moved = queue[i];
  queue.splice(i, 1);
  push(ctx, moved, { t: "move", unit: bu.id, gaveWay: true });
  ctx.ev("front-first", `${front.u.name} is in the path of ${bu.u.name} and moves first (seed "Movement": where two moves intersect, the front unit may move first)`, {
    unit: front.id,
    behind: bu.id,
  });
  return true;
}

function moveTask(ctx: Ctx, id: string): void {
  const bu = ctx.unit(id);
  if (bu.embarked !== undefined) {
    // Aboard ship: no control test; disembark or hold (docs: "Boats").
    if (bu.u.status === "active" && !bu.moved) ctx.s.pending = { kind: "move", side: bu.side, unit: id };
    return;
  }
  if (!canAct(bu) || bu.u.inCombat || bu.moved) return;
  const leader = ctx.contingentLeader(bu.u.contingent);
  const home = leader && leader.status === "alive" ? ctx.leaderUnit(leader) : null;
  // A leader aboard ship is beyond 2" of every unit on the table (docs: "Boats").
  const leaderAboard = leader?.status === "alive" && ctx.hasUnit(leader.unit) && ctx.unit(leader.unit).embarked !== undefined;
  const beyond2 = home ? home.id !== bu.id && !within(home, bu, 2) : leaderAboard;
  const need = mustTakeControlTest({
    beyond2OfRetinue: beyond2,
    unbrokenLineSameDirection: home && beyond2 ? unbrokenLineToRetinue(ctx, bu, home) : false,
    ceasingPursuit: bu.pursuing,
    leaderKilled: leader?.status !== "alive",
  });
  if (!need.must) {
    offerMove(ctx, id);
    return;
  }
  const result = resolveControl(ctx.rng, {
    grade: bu.u.grade,
    aggression: bu.u.aggression,
  });
  const roll: DiceRoll = { what: "control", unit: id, reasons: need.reasons, result };
  thrown(ctx, bu.side, roll);
}

/** The control test's result, once final (seed "Control Test"). */
function afterControl(ctx: Ctx, id: string, r: ControlResult): void {
  const bu = ctx.unit(id);
  if (bu.pursuing) {
    if (r.pursuitContinues) {
      pursuitMove(ctx, bu);
      return;
    }
    ctx.setUnit({ ...bu, pursuing: false });
    ctx.ev("pursuit-ends", `${bu.u.name} ceases pursuit`, { unit: id });
  }
  const cur = ctx.unit(id);
  switch (r.outcome) {
    case "retire":
      retireMove(ctx, cur, "retires (control test)", [], { k: "mark-moved" });
      return;
    case "halt":
      ctx.ev("halt", `${cur.u.name} halts`, { unit: id });
      markMoved(ctx, id);
      return;
    case "advance-and-charge": {
      const dice = { kind: "normal" as const, extraD6: false, formed: cur.u.formed };
      throwMoveDice(ctx, cur.side, id, dice, { k: "bloodlust" }); // its move's event carries the dice
      return;
    }
    case "repeat-move": {
      const last = cur.lastMove;
      if (last && moveProblem(ctx, cur, last) === null) {
        ctx.ev("repeat-move", `${cur.u.name} repeats its last move`, {
          unit: id,
        });
        applyMove(ctx, cur, last, false);
      } else {
        ctx.ev("halt", `${cur.u.name} has no last move to repeat and stays`, {
          unit: id,
        });
        markMoved(ctx, id);
      }
      return;
    }
    case "free":
      offerMove(ctx, id);
      return;
  }
}

/** The unit moves as its player wishes: the move decision (or it stays if it has no legal move). */
function offerMove(ctx: Ctx, id: string): void {
  const bu = ctx.unit(id);
  if (moveOptions(ctx, bu).length === 0) {
    ctx.ev("halt", `${bu.u.name} has no legal move and stays`, { unit: id });
    markMoved(ctx, id);
    return;
  }
  ctx.s.pending = { kind: "move", side: bu.side, unit: id };
}

/** Blood Lust's advance towards the nearest enemy after a control test of 5+, once its dice are final. */
function bloodlustAdvance(ctx: Ctx, id: string, roll: MoveRoll): void {
  const cur = ctx.unit(id);
  const dist = moveStraight(ctx, cur, towardHeading(ctx, cur), roll.inches, `advances towards the nearest enemy (Blood Lust, AvD ${roll.roll.faces.join("+")})`);
  takeFatigue(ctx, id, roll.fatigue, dist);
  ctx.setUnit({ ...ctx.unit(id), mustCharge: true, moved: true });
}

function markMoved(ctx: Ctx, id: string): void {
  const u = ctx.unit(id);
  if (u.u.status === "active") ctx.setUnit({ ...u, moved: true });
}

function takeFatigue(ctx: Ctx, id: string, fatigue: number, _distance: number): void {
  const u = ctx.unit(id);
  if (fatigue === 0 || !u.u.formed || u.u.status !== "active") return;
  const r = applyFatigue(u.u, fatigue);
  ctx.setU(r.value);
  ctx.notes("fatigue", r.notes, { unit: id });
}

const OFFSETS = [-22.5, -11.25, 0, 11.25, 22.5];
const COMPASS: readonly number[] = [0, 45, 90, 135, 180, 225, 270, 315];
const RIGHT_ANGLES: readonly number[] = [0, 90, 180, 270];

/** The headings `hs` and then `extra` if it is not among them (null: none). */
function withHeading(hs: readonly number[], extra: number | null): readonly number[] {
  return extra === null || hs.includes(extra) ? hs : [...hs, extra];
}

/** Enumerated movement choices (any other parameters are validated by {@link moveProblem}). */
export function moveOptions(ctx: Ctx, bu: BattleUnit): MoveChoice[] {
  return ctx.cached("mo", bu.id, () => moveOptionsUncached(ctx, bu));
}

function moveOptionsUncached(ctx: Ctx, bu: BattleUnit): MoveChoice[] {
  if (bu.embarked !== undefined) return embarkedOptions(ctx, bu);
  const facts = candidateFacts(ctx, bu);
  return moveCandidates(ctx, bu, facts).filter((m) => candidateAllowed(ctx, bu, m, facts));
}

/** What the enumerated choices of one unit in one state share: its {@link MoveFacts} and more. */
interface CandidateFacts {
  move: MoveFacts;
  /** The rounded heading to the nearest enemy (form-up facings, unformed moves), or null when there is none. */
  enemyHeading: number | null;
  /** The heading of a "toward" move (see {@link towardHeading}). */
  toward: number;
}

function candidateFacts(ctx: Ctx, bu: BattleUnit): CandidateFacts {
  const e = nearestEnemy(ctx, bu);
  const h = e ? headingTo(bu, e) : null;
  return { move: moveFacts(ctx, bu), enemyHeading: h === null ? null : Math.round(h), toward: towardHeadingOf(bu, h) };
}

/**
 * Every movement choice the unit's state offers, legal or not: {@link moveOptions} keeps those
 * {@link candidateAllowed} accepts, in this order (random players pick by index).
 */
export function moveCandidates(ctx: Ctx, bu: BattleUnit, facts: CandidateFacts = candidateFacts(ctx, bu)): MoveChoice[] {
  const out: MoveChoice[] = [];
  const { enemyHeading } = facts;
  const { bloodlustForced } = facts.move;
  if (bu.retiring) {
    out.push({ kind: "retire" });
    out.push(...formUpOptions(bu, enemyHeading));
    out.push({ kind: "hold" });
    return out;
  }
  if (!bloodlustForced) out.push({ kind: "rest" }, { kind: "hold" });
  if (bu.u.formed) {
    for (const extraD6 of [false, true]) {
      for (const offset of OFFSETS) out.push({ kind: "advance", offset, extraD6 });
      out.push({ kind: "toward", extraD6 });
    }
    out.push({ kind: "about-face" });
    if (!bloodlustForced) {
      out.push({ kind: "advance", offset: 0, extraD6: false, stopAt: 2 }, { kind: "advance", offset: 0, extraD6: true, stopAt: 4 });
      // Declared stop to line up with a friend ahead (seed "Movement": "to line up with friendly troops").
      const align = alignDistance(ctx, bu);
      if (align !== null) out.push({ kind: "advance", offset: 0, extraD6: false, stopAt: align }, { kind: "advance", offset: 0, extraD6: true, stopAt: align });
      if (bu.u.kind === "retinue")
        out.push(
          { kind: "advance", offset: 0, extraD6: false, group: true },
          { kind: "toward", extraD6: false, group: true },
          { kind: "advance", offset: 0, extraD6: true, group: true },
        );
      for (const direction of ["forward", "back", "left", "right"] as const) out.push({ kind: "step", direction, distance: 2 });
      for (const heading of withHeading(RIGHT_ANGLES, enemyHeading)) out.push({ kind: "change-direction", heading, extraD6: false });
    } else if (enemyHeading !== null) out.push({ kind: "change-direction", heading: enemyHeading, extraD6: false });
  } else {
    out.push(...formUpOptions(bu, enemyHeading));
    for (const heading of withHeading(COMPASS, enemyHeading)) for (const extraD6 of bloodlustForced ? [false, true] : [false]) out.push({ kind: "unformed-move", heading, extraD6 });
  }
  // Voluntary interpenetration where a friend is in the way; embarking where the unit touches boats (docs: "Interpenetration", "Boats").
  out.push(...interpenetrationOptions(ctx, bu, bu.u.formed ? null : enemyHeading), ...embarkOptions(ctx, bu));
  return out;
}

/**
 * Is a choice from {@link moveCandidates} legal: the same answer as `moveProblem(...) === null`
 * (a property test checks it), without the checks such a choice passes by construction (its
 * parameters are well formed, a formed unit's advance stays within the arc, stops short are only
 * offered without Blood Lust, group moves only to a retinue, retiring units get only their moves).
 */
function candidateAllowed(ctx: Ctx, bu: BattleUnit, m: MoveChoice, candidate: CandidateFacts): boolean {
  const facts = candidate.move;
  if (m.kind === "embark") return boatsMoveProblem(ctx, bu, m) === null;
  if (bloodlustBars(bu, m, facts)) return false;
  switch (m.kind) {
    case "advance":
      return headingAllowed(bu, facts, unitFacing(facts.geom) + m.offset);
    case "toward":
      return headingAllowed(bu, facts, candidate.toward);
    case "step":
      return maySideStep(bu.u.grade) && advanceProblem(bu, facts, stepHeading(facts.geom, m.direction)) === null;
    case "change-direction":
    case "unformed-move":
      return headingAllowed(bu, facts, m.heading);
    case "form-up":
      return !bu.u.formed && !bu.u.inCombat && formUpRoomProblem(ctx, bu, m.facing) === null;
    default:
      return true;
  }
}

/** May the unit move on `heading` now: Blood Lust after the signal only advances, and an advance needs the signal and no Shaken (seed "Movement", "Aggression Levels")? */
function headingAllowed(bu: BattleUnit, facts: MoveFacts, heading: number): boolean {
  return !(facts.bloodlustForced && !isAdvancing(bu.side, heading)) && advanceProblem(bu, facts, heading) === null;
}

/**
 * How far straight ahead the unit must move for its front edge to be level with the front of the
 * nearest friendly formed unit facing the same way that is ahead of it (within 12"), or null.
 */
export function alignDistance(ctx: Ctx, bu: BattleUnit): number | null {
  if (!bu.u.formed || bu.stands.length === 0) return null;
  const facing = unitFacing(geomOf(bu));
  const f = headingVector(facing);
  const front = (u: BattleUnit) => {
    const st = u.stands[0];
    return st.x * f.x + st.y * f.y + st.depth / 2;
  };
  const mine = front(bu);
  let best: number | null = null;
  // The cheap tests first: how far ahead the friend's front is, then its facing, then the distance.
  const units = ctx.s.units;
  for (let i = 0; i < units.length; i++) {
    const o = units[i];
    if (o.side !== bu.side || o.id === bu.id || !onTable(o) || !o.u.formed) continue;
    const d = front(o) - mine;
    if (d <= 0.05 || d > 12 || angleBetweenDegrees(unitFacing(geomOf(o)), facing) > 1 || !within(bu, o, 12)) continue;
    if (best === null || d < best) best = d;
  }
  return best === null ? null : Math.round(best * 1000) / 1000;
}

/** Form up facing the enemy's half, and facing the nearest enemy (`enemyHeading`, rounded) when that differs. */
function formUpOptions(bu: BattleUnit, enemyHeading: number | null): MoveChoice[] {
  const out: MoveChoice[] = [{ kind: "form-up", facing: forwardHeading(bu.side) }];
  if (enemyHeading !== null && enemyHeading !== forwardHeading(bu.side)) out.push({ kind: "form-up", facing: enemyHeading });
  return out;
}

/** The formed line an unformed unit forms up into: centred on its stands, facing `facing`. */
export function formUpStands(bu: BattleUnit, facing: number): Stand[] {
  const c = unitCentre(geomOf(bu));
  const f = headingVector(facing);
  const st = bu.stands[0];
  return formLine({ x: c.x + (f.x * st.depth) / 2, y: c.y + (f.y * st.depth) / 2, facing }, bu.stands.length, { width: st.width, depth: st.depth });
}

function finiteNumber(x: unknown): x is number {
  return typeof x === "number" && Number.isFinite(x);
}

/** What every check of one unit's movement choices in one state shares, worked out once. */
export interface MoveFacts {
  bloodlustForced: boolean;
  /** Why the unit may not move towards the enemy now (Shaken, or no signal yet), or null. */
  advanceBlock: string | null;
  geom: UnitGeom;
}

export function moveFacts(ctx: Ctx, bu: BattleUnit): MoveFacts {
  const signalled = ctx.signalled(bu.u.contingent);
  const r = mayAdvance(bu.u, signalled);
  return { bloodlustForced: bu.u.aggression === "bloodlust" && signalled, advanceBlock: r.ok ? null : r.reason, geom: geomOf(bu) };
}

const RETIRING_MOVES: ReadonlySet<string> = new Set(["retire", "form-up", "hold"]);
const BLOOD_LUST_BARRED: ReadonlySet<string> = new Set(["rest", "hold", "step"]);

/** Why a move on `heading` is barred (it advances while the unit may not), or null. */
function advanceProblem(bu: BattleUnit, facts: MoveFacts, heading: number): string | null {
  return isAdvancing(bu.side, heading) ? facts.advanceBlock : null;
}

/** Why a declared stop short is refused (seed "Movement"), or null when none is declared. */
function stopProblem(facts: MoveFacts, stopAt: unknown): string | null {
  if (stopAt === undefined) return null;
  if (!finiteNumber(stopAt) || stopAt < 0) return "stopAt must be a number of inches, 0 or more";
  if (facts.bloodlustForced) return `units with Blood Lust may not stop short (seed "Movement")`;
  return null;
}
const STEP_DIRECTIONS: ReadonlySet<string> = new Set(["forward", "back", "left", "right"]);

/** Does Blood Lust after the signal bar this move (seed "Aggression Levels": no rest, hold or step, no about face away from the enemy)? */
function bloodlustBars(bu: BattleUnit, m: MoveChoice, facts: MoveFacts): boolean {
  return facts.bloodlustForced && (BLOOD_LUST_BARRED.has(m.kind) || (m.kind === "about-face" && bu.u.formed && isAdvancing(bu.side, unitFacing(facts.geom))));
}

/** Why the unit has no room to form up facing `facing` (the line off the table or overlapping another stand), or null. */
function formUpRoomProblem(ctx: Ctx, bu: BattleUnit, facing: number): string | null {
  const stands = formUpStands(bu, facing);
  const boxes = stands.map(boxedRect);
  // Other units' stands near the whole line first, then near each stand.
  const line = boxesBounds(boxes);
  const near = ctx.scene().stands.filter((o) => o.unit !== bu.id && !boxesApart(o, line));
  for (const [i, st] of stands.entries()) {
    if (!standOnTable(st, ctx.s.table)) return "the formed line would not be wholly on the table";
    const b = boxes[i];
    for (const o of near) if (!boxesApart(o, b) && rectsOverlap(b.r, o.rect, 1e-6)) return "there is no room to form up there";
  }
  return null;
}

/** Why a movement choice is illegal for this unit now, or null. Validates any parameters. `facts`: {@link moveFacts} of this unit in this state, when the caller checks many choices. */
export function moveProblem(ctx: Ctx, bu: BattleUnit, m: MoveChoice, facts: MoveFacts = moveFacts(ctx, bu)): string | null {
  const { bloodlustForced, geom } = facts;
  if (m === null || typeof m !== "object") return "a move must be an object with a kind";
  if (bu.embarked !== undefined || m.kind === "embark" || m.kind === "disembark") return boatsMoveProblem(ctx, bu, m);
  const through = interpenetrateProblem(m) ?? standHeadingsProblem(ctx, bu, m);
  if (through) return through;
  if (bu.retiring && !RETIRING_MOVES.has(m.kind))
    return `${bu.u.name} is retiring: it may retire a further move, form up or hold (seed "Moves Following Combat")`;
  if (bloodlustBars(bu, m, facts)) return `${bu.u.name} has Blood Lust after the signal: it must advance towards the enemy (seed "Aggression Levels")`;
  switch (m.kind) {
    case "rest":
    case "hold":
      return null;
    case "advance":
    case "toward": {
      if (!bu.u.formed) return `${bu.u.name} is unformed: use an unformed move`;
      if (typeof m.extraD6 !== "boolean") return "extraD6 must be true or false (the optional D6 is declared before rolling)";
      if (m.kind === "advance" && (!finiteNumber(m.offset) || Math.abs(m.offset) > 22.5 + 1e-9))
        return `offset must be a number of degrees within ±22.5 (ruling SW-1)`;
      const heading = m.kind === "advance" ? unitFacing(geom) + m.offset : towardHeading(ctx, bu);
      const arc = arcProblem(geom, heading);
      if (arc) return arc;
      if (bloodlustForced && !isAdvancing(bu.side, heading)) return `${bu.u.name} has Blood Lust: it must advance towards the enemy`;
      if (m.group !== undefined && typeof m.group !== "boolean") return "group must be true or false";
      if (m.group && bu.u.kind !== "retinue") return 'only a retinue leads a group move (seed "Movement": units within 2" of the leader\'s retinue)';
      return stopProblem(facts, m.stopAt) ?? advanceProblem(bu, facts, heading);
    }
    case "about-face":
      if (!bu.u.formed) return "an unformed unit faces all round; it does not about face";
      return null;
    case "step": {
      if (!bu.u.formed) return "only a formed unit side-steps";
      if (!maySideStep(bu.u.grade))
        return `only A and B grade units may side-step, step back or step forward (seed "Manoeuvre"); ${bu.u.name} is ${bu.u.grade}`;
      if (!STEP_DIRECTIONS.has(m.direction)) return "step direction must be forward, back, left or right";
      if (!finiteNumber(m.distance) || m.distance <= 0 || m.distance > 2 + 1e-9) return `a step is more than 0" and at most 2" (ruling SW-1)`;
      return advanceProblem(bu, facts, stepHeading(geom, m.direction));
    }
    case "change-direction":
    case "unformed-move": {
      if (m.kind === "change-direction" && !bu.u.formed) return "the unit is already unformed: use an unformed move";
      if (m.kind === "unformed-move" && bu.u.formed) return "the unit is formed: change direction to move on another heading";
      if (!finiteNumber(m.heading)) return "heading must be a number of degrees";
      if (typeof m.extraD6 !== "boolean") return "extraD6 must be true or false";
      if (bloodlustForced && !isAdvancing(bu.side, m.heading)) return `${bu.u.name} has Blood Lust: it must advance towards the enemy`;
      return stopProblem(facts, m.stopAt) ?? advanceProblem(bu, facts, m.heading);
    }
    case "form-up": {
      if (bu.u.formed) return `${bu.u.name} is already formed`;
      if (bu.u.inCombat) return 'a unit in combat may not reform (seed "Manoeuvre")';
      if (!finiteNumber(m.facing)) return "facing must be a number of degrees";
      return formUpRoomProblem(ctx, bu, m.facing);
    }
    case "retire":
      return bu.retiring ? null : "only a unit that retired from combat retires a further move";
    default:
      return `unknown move kind "${(m as { kind: string }).kind}"`;
  }
}

export function applyMove(ctx: Ctx, bu: BattleUnit, m: MoveChoice, voluntary = true): void {
  const id = bu.id;
  switch (m.kind) {
    case "rest": {
      const es = enemiesOnTable(ctx, bu.side);
      const r = restAndReform({
        unit: bu.u,
        beyond2OfEnemy: !es.some((e) => within(bu, e, 2)),
        beyond8OfEnemy: !es.some((e) => within(bu, e, 8)),
        signalled: ctx.signalled(bu.u.contingent),
      });
      ctx.setU(r.value);
      ctx.notes("rest", [`${bu.u.name} rests and reforms`, ...r.notes], {
        unit: id,
      });
      break;
    }
    case "hold":
      ctx.ev("hold", `${bu.u.name} holds its ground`, { unit: id });
      break;
    case "about-face": {
      ctx.setUnit({ ...bu, stands: aboutFace(geomOf(bu)).stands });
      ctx.ev("about-face", `${bu.u.name} about faces (half its move, ruling SW-1)`, { unit: id });
      break;
    }
    case "step": {
      moveStraight(ctx, bu, stepHeading(geomOf(bu), m.direction), m.distance, `steps ${m.direction} (no dice, no DPs)`);
      break;
    }
    case "advance":
    case "toward":
    case "change-direction":
    case "unformed-move": {
      // The move dice (a set a kept Seven may re-roll, ruling SW-11); the move follows once they are final.
      const dice = { kind: "normal" as const, extraD6: m.extraD6, formed: m.kind === "advance" || m.kind === "toward" };
      throwMoveDice(ctx, bu.side, id, dice, { k: "move", move: m, voluntary });
      return;
    }
    case "form-up": {
      const r = formUp(bu.u);
      ctx.setUnit({
        ...bu,
        u: r.value,
        stands: formUpStands(bu, m.facing),
        retiring: false,
      });
      ctx.notes("form-up", r.notes, { unit: id, facing: m.facing });
      break;
    }
    case "retire":
      retireMove(ctx, bu, "retires a further move", [], { k: "finish-move", move: m });
      return;
    case "disembark": {
      landUnit(ctx, bu);
      if (m.heading === undefined) break;
      // The other half of the move: the move dice (a set a kept Seven may re-roll, ruling SW-11), then the move.
      const dice = { kind: "normal" as const, extraD6: m.extraD6 === true, formed: false };
      throwMoveDice(ctx, bu.side, id, dice, { k: "move", move: m, voluntary });
      return;
    }
    case "embark":
      applyEmbark(ctx, bu, m);
      break;
  }
  finishMove(ctx, id, m, voluntary);
}

/** After a move: the unit has moved; a voluntary move is remembered for a control test's "repeat last move". */
function finishMove(ctx: Ctx, id: string, m: MoveChoice, voluntary: boolean): void {
  const after = ctx.unit(id);
  if (after.u.status === "active")
    ctx.setUnit({
      ...after,
      moved: true,
      lastMove: voluntary && m.kind !== "retire" ? m : after.lastMove,
    });
}

/** A chosen move with dice, once the dice are final. */
function diceMove(ctx: Ctx, id: string, m: MoveChoice, voluntary: boolean, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  if (m.kind === "advance" || m.kind === "toward") {
    const heading = m.kind === "advance" ? unitFacing(geomOf(bu)) + m.offset : towardHeading(ctx, bu);
    const dist = m.stopAt !== undefined ? Math.min(roll.inches, m.stopAt) : roll.inches;
    const group = [bu];
    if (m.group) {
      const f = unitFacing(geomOf(bu));
      for (const other of ctx.sideUnits(bu.side)) {
        if (other.id === bu.id || other.u.contingent !== bu.u.contingent || !canAct(other) || !other.u.formed || other.u.inCombat || other.moved) continue;
        if (other.pursuing || other.retiring || !within(bu, other, 2)) continue;
        if (angleBetweenDegrees(unitFacing(geomOf(other)), f) > 1) continue;
        if (
          moveProblem(ctx, other, {
            kind: "advance",
            offset: m.kind === "advance" ? m.offset : 0,
            extraD6: m.extraD6,
          }) !== null
        )
          continue;
        group.push(other);
      }
      if (group.length > 1)
        ctx.ev("group-move", `${group.map((g) => g.u.name).join(", ")} move as one body on the same roll (seed "Movement")`, {
          units: group.map((g) => g.id),
        });
    }
    // Where two moves intersect the front unit moves first (seed "Movement"): the body moves front to back.
    if (group.length > 1 && ctx.s.options.crossingMoves !== "right-to-left") sortFrontFirst(group, heading);
    for (const g of group) {
      const cur = ctx.unit(g.id);
      const d = m.interpenetrate ? moveThroughFriends(ctx, cur, heading, dist, "moves") : moveStraight(ctx, cur, heading, dist, "moves");
      takeFatigue(ctx, g.id, roll.fatigue, d);
      markMoved(ctx, g.id);
    }
  } else if (m.kind === "change-direction" || m.kind === "unformed-move") {
    const dist = m.stopAt !== undefined ? Math.min(roll.inches, m.stopAt) : roll.inches;
    if (m.kind === "change-direction") {
      ctx.setUnit({ ...bu, u: { ...bu.u, formed: false } });
      ctx.ev("change-direction", `${bu.u.name} changes direction and becomes unformed (seed "Manoeuvre")`, { unit: id });
    }
    if (m.headings) moveStandsIndependently(ctx, ctx.unit(id), m.headings, dist, "moves unformed");
    else if (m.interpenetrate) moveThroughFriends(ctx, ctx.unit(id), m.heading, dist, "moves unformed");
    else moveStraight(ctx, ctx.unit(id), m.heading, dist, "moves unformed");
  } else if (m.kind === "disembark" && m.heading !== undefined) disembarkHalfMove(ctx, id, m.heading, roll.inches);
  finishMove(ctx, id, m, voluntary);
}

// =============================================================================================
// Missile exchange (seed "Missile Exchange", ruling SW-16)
// =============================================================================================

/** Eligible targets and how many stands of the shooter can shoot each. */
export function shootingOptions(ctx: Ctx, bu: BattleUnit): { target: string; stands: number }[] {
  return ctx.cached("so", bu.id, () => shootingOptionsUncached(ctx, bu));
}

function shootingOptionsUncached(ctx: Ctx, bu: BattleUnit): { target: string; stands: number }[] {
  // Enemy engaged in combat with friends are not eligible targets, however, outflanking stands are (seed).
  const counts = shootingTargetUnits(ctx.scene(), bu.id, 2, { allRound: !bu.u.formed }, (id, stand) => !ctx.unit(id).u.inCombat || outflankingStands(ctx, id).includes(stand));
  return [...counts.entries()].map(([target, stands]) => ({ target, stands })).sort((a, b) => (a.target < b.target ? -1 : 1));
}

/**
 * Seed "Missile Exchange": "Enemy engaged in combat with friends are not eligible targets,
 * however, outflanking stands are." The stands of enemy unit `id` that outflank a friend (of the
 * shooters): each stand touching the flank or rear edge of a stand of a formed friendly unit.
 * Only these stands may be shot at (range and line of sight are taken to them); the unit's other
 * stands are not targets. An unformed friend faces all round and cannot be outflanked.
 */
export function outflankingStands(ctx: Ctx, id: string): number[] {
  return ctx.cached("of", id, () => {
    const e = ctx.unit(id);
    const tol = ctx.s.table.options.contactTolerance;
    const out = new Set<number>();
    for (const f of ctx.sideUnits(other(e.side))) {
      if (!onTable(f) || !f.u.formed || !within(f, e, tol)) continue;
      for (const c of unitContacts(geomOf(e), geomOf(f), tol)) if (c.aspectOfB === "flank" || c.aspectOfB === "rear") out.add(c.standOfA);
    }
    return [...out].sort((a, b) => a - b);
  });
}

export function shootDecisions(ctx: Ctx, bu: BattleUnit): BattleDecision[] {
  const used = ctx.s.shots.filter((x) => x.archer && sideOfId(x.shooter) === bu.side).length;
  const archer = ctx.s.sides[bu.side].tokens.skilledArcher > used;
  // "Units may shoot": holding fire is allowed.
  const out: BattleDecision[] = [{ type: "shoot", target: null, archer: false }];
  for (const t of shootingOptions(ctx, bu)) {
    out.push({ type: "shoot", target: t.target, archer: false });
    if (archer) out.push({ type: "shoot", target: t.target, archer: true });
  }
  return out;
}

/** Every planned shot is rolled in turn (each shooting unit's dice a set a kept Seven may re-roll, SW-11); the hits apply once all have shot. */
function resolveMissiles(ctx: Ctx): void {
  const s = ctx.s;
  if (s.shots.length === 0) return;
  push(ctx, ...s.shots.map((_, i): Task => ({ t: "fire", shot: i })), { t: "missile-hits" });
}

function fireShot(ctx: Ctx, i: number): void {
  const s = ctx.s;
  const shot = s.shots[i];
  const shooter = ctx.unit(shot.shooter);
  const target = ctx.unit(shot.target);
  const opt = shootingOptions(ctx, shooter).find((o) => o.target === shot.target);
  if (!opt) return;
  const input = {
    shooterStands: opt.stands,
    skilledArcher: shot.archer,
    targetIsRetinue: target.u.kind === "retinue",
    targetInCover: target.stands.some((st) => standIn(st, s.table, "cover")),
  };
  const result = resolveShooting(ctx.rng, input);
  if (shot.archer)
    s.sides[shooter.side] = {
      ...s.sides[shooter.side],
      tokens: useToken(s.sides[shooter.side].tokens, "skilledArcher"),
    };
  const roll: DiceRoll = { what: "shooting", unit: shooter.id, target: target.id, shot: i, input, result };
  thrown(ctx, shooter.side, roll);
}

function missileHits(ctx: Ctx): void {
  const s = ctx.s;
  const hits = new Map<string, number>();
  for (const shot of s.shots) if (shot.hits !== undefined) hits.set(shot.target, (hits.get(shot.target) ?? 0) + shot.hits);
  // Results are applied only once both sides have shot (seed "Missile Exchange").
  for (const [id, h] of [...hits.entries()].sort()) {
    if (h === 0) continue;
    const t = ctx.unit(id);
    const r = applyShootingHits(t.u, h);
    ctx.setU(r.value);
    ctx.notes("missile-hits", r.notes, { unit: id, hits: h });
    const l = ctx.leaderOfUnit(id);
    if (l) {
      const rolls = leaderRiskRolls({ missileHits: h, engagedInCombat: false });
      for (let i = 0; i < rolls; i++) if (leaderRisk(ctx, l.id, false)) break;
    }
    if (r.value.status !== "active") unitGone(ctx, ctx.unit(id), "destroyed");
  }
  s.shots = [];
}

/** One risk-to-leaders roll; true if the leader died. */
function leaderRisk(ctx: Ctx, leaderId: string, inCombat: boolean): boolean {
  const l = ctx.leader(leaderId);
  if (l.status !== "alive") return true;
  const r = resolveLeaderRisk(ctx.rng, l);
  ctx.setLeader(r.value);
  ctx.ev("leader-risk", `Risk to ${l.name}: D6 [${r.faces.join(", ")}]: ${r.notes.join("; ")}`, { leader: l.id, dice: r.faces, outcome: r.outcome });
  if (r.value.status !== "alive") {
    leaderDies(ctx, l.id, inCombat);
    return true;
  }
  return false;
}

/** A leader has died: his contingent (or the whole army for the commander-in-chief) drops a level. */
function leaderDies(ctx: Ctx, leaderId: string, inNormalCombat: boolean): void {
  const l = ctx.leader(leaderId);
  const side = sideOfId(l.id);
  const r = leaderKilled(
    ctx.sideUnits(side).map((u) => u.u),
    l,
  );
  for (const u of r.value) if (u !== ctx.unit(u.id).u) ctx.setU(u);
  ctx.notes("leader-killed", r.notes, { leader: l.id });
  if (inNormalCombat && ctx.hasUnit(l.unit)) {
    const home = ctx.unit(l.unit);
    if (home.u.status === "active") {
      ctx.setUnit({ ...home, fightToDeath: true });
      ctx.ev("fight-to-death", `${home.u.name} will fight to the death for ${l.name} (seed "Risk to Leaders")`, { unit: home.id });
    }
  }
  for (const u of r.value)
    if (u.status !== "active" && ctx.unit(u.id).deployed && ctx.unit(u.id).stands.length === 0) unitGone(ctx, ctx.unit(u.id), "destroyed");
}

/**
 * A unit has left play (destroyed, broken or surrendered): morale of units within 2" (seed
 * "Aggression Levels", ruling SW-14) and the fate of a leader with it (retinue eliminated).
 * Call with the unit as it was on the table (stands still known), or after with `where`.
 */
function unitGone(ctx: Ctx, bu: BattleUnit, how: string, where: Stand[] = bu.stands): void {
  const ghost: BattleUnit = { ...bu, stands: where };
  if (where.length > 0) {
    for (const u of ctx.s.units) {
      if (!onTable(u) || u.id === bu.id || !within(ghost, u, 2)) continue;
      const r = u.side === bu.side ? friendBrokenNearby(u.u, { brokenGrade: bu.u.grade, within2: true }) : enemyBrokenNearby(u.u, { within2: true });
      if (r.value !== u.u) {
        ctx.setU(r.value);
        ctx.notes("morale", r.notes, { unit: u.id, cause: bu.id });
      }
    }
  }
  const l = ctx.s.leaders.find((x) => x.unit === bu.id && x.status === "alive");
  if (l) {
    const friends = ctx.sideUnits(bu.side).filter((u) => onTable(u) && u.id !== bu.id && (u.u.grade === "A" || u.u.grade === "B"));
    friends.sort((a, b) => unitDist(ghost, a) - unitDist(ghost, b) || (a.id < b.id ? -1 : 1));
    const r = resolveRetinueEliminated(ctx.rng, l, friends[0]?.id ?? null);
    ctx.setLeader(r.value);
    ctx.notes("retinue-eliminated", r.notes, {
      leader: l.id,
      dice: [r.face],
      outcome: r.outcome,
    });
    if (r.value.status === "killed") leaderDies(ctx, l.id, false);
  }
  ctx.ev("unit-lost", `${bu.u.name} is ${how}`, { unit: bu.id, how });
}

// =============================================================================================
// Charges and combat (seed "Charges and Combat", "Moves Following Combat"; SW-17–SW-21, SW-27)
// =============================================================================================

/** The edge of `target` that faces the point p (front, flank or rear). */
/**
 * The edge of the target stand a charger whose centre is at p comes in on: the front if p is in
 * front of the line of the target's front edge, the rear if behind the line of its rear edge,
 * otherwise the flank on p's side (a flank charge must start beside the target, not in front).
 */
export function facingEdge(target: Stand, px: number, py: number): Edge {
  const r = rectOf(target);
  const { u, v } = toLocal(r, px, py);
  if (v >= r.hd) return "front";
  if (v <= -r.hd) return "rear";
  return u >= 0 ? "right" : "left";
}

/** A clear charge move found: the move, the target stand it contacts and on which edge. */
export interface ChargeFound {
  plan: ChargeMove;
  stand: number;
  edge: Edge;
}

/**
 * A clear charge move onto the target, trying its stands nearest first; null if none. Kept while
 * nothing moves, so the charge move made after the charge test reuses the one found when the
 * charge was declared.
 */
export function chargePlan(ctx: Ctx, charger: BattleUnit, target: BattleUnit): ChargeFound | null {
  const plans = ctx.cachedGeometry("cp", charger.id, () => new Map<string, ChargeFound | null>());
  let found = plans.get(target.id);
  if (found === undefined) {
    found = chargePlanUncached(ctx, charger, target);
    plans.set(target.id, found);
  }
  return found;
}

function chargePlanUncached(ctx: Ctx, charger: BattleUnit, target: BattleUnit): ChargeFound | null {
  const scene = ctx.scene();
  const c = unitCentre(geomOf(charger));
  const order = target.stands.map((st, i) => ({ i, d: Math.hypot(st.x - c.x, st.y - c.y) })).sort((a, b) => a.d - b.d);
  for (const { i } of order) {
    const edge = facingEdge(target.stands[i], c.x, c.y);
    const plan = planChargeMove(scene, charger.id, { unit: target.id, stand: i }, edge);
    if (plan.clear) return { plan, stand: i, edge };
  }
  return null;
}

/** Enemy units this unit may charge: within 2", visible, and reachable by a clear charge move. */
export function chargeTargets(ctx: Ctx, bu: BattleUnit): string[] {
  return ctx.cachedGeometry("ct", bu.id, () => chargeTargetsUncached(ctx, bu));
}

function chargeTargetsUncached(ctx: Ctx, bu: BattleUnit): string[] {
  const scene = ctx.scene();
  const out: string[] = [];
  for (const e of enemiesOnTable(ctx, bu.side)) {
    if (!within(bu, e, 2)) continue;
    // The charge move before the sight line: it is blocked far more often than sight is (same answer, fewer sight lines).
    if (!chargePlan(ctx, bu, e)) continue;
    if (!unitSees(scene, bu.id, e.id)) continue;
    out.push(e.id);
  }
  return out.sort((a, b) => unitDist(bu, ctx.unit(a)) - unitDist(bu, ctx.unit(b)) || (a < b ? -1 : 1));
}

function declareTask(ctx: Ctx, id: string): void {
  const bu = ctx.unit(id);
  if (!canAct(bu) || bu.u.inCombat || bu.u.aggression === "shaken") return; // Shaken units may not initiate a charge
  const forced = bu.mustCharge || bu.pursuing || bu.u.aggression === "bloodlust";
  if (!forced && !ctx.signalled(bu.u.contingent)) return;
  if (bu.retiring) return;
  const targets = chargeTargets(ctx, bu);
  if (targets.length === 0) return;
  if (forced) {
    const why = bu.pursuing
      ? "pursuers encountering new enemy charge them"
      : bu.u.aggression === "bloodlust"
        ? 'Blood Lust must declare a charge within 2"'
        : "control test: advance and charge";
    ctx.s.declarations = [...ctx.s.declarations, { unit: id, target: targets[0] }];
    ctx.ev("declare", `${bu.u.name} must charge ${ctx.unit(targets[0]).u.name} (${why})`, { unit: id, target: targets[0], automatic: true });
    return;
  }
  ctx.s.pending = { kind: "charge", side: bu.side, unit: id };
}

function chargeTests(ctx: Ctx): void {
  const s = ctx.s;
  const tasks: Task[] = [];
  // Test the retinue first within each contingent, then the bands right to left; initiative side first.
  for (const side of sideOrder(s)) {
    for (const c of contingentsRightToLeft(ctx, side)) for (const id of contingentUnits(ctx, side, c)) if (s.declarations.some((d) => d.unit === id)) tasks.push({ t: "charge-test", unit: id });
  }
  push(ctx, ...tasks);
}

/**
 * The charge test's inputs for unit `id` as the table stands now (seed "Charges and Combat"):
 * shared by the test itself and by computer players weighing a charge.
 */
export function chargeInputFor(ctx: Ctx, id: string): ChargeInput {
  const bu = ctx.unit(id);
  const l = ctx.leaderOfUnit(id);
  const standard = ctx.sideUnits(bu.side).some((u) => onTable(u) && u.u.attachments.includes("battle-standard") && (u.id === id || within(u, bu, 2)));
  const friend = ctx.s.declarations.some((d) => d.unit !== id && sideOfId(d.unit) === bu.side && within(ctx.unit(d.unit), bu, 2));
  return {
    grade: bu.u.grade,
    aggression: bu.u.aggression,
    dp: totalDp(bu.u),
    unformed: !bu.u.formed,
    retinueWithLeader: bu.u.kind === "retinue" && l !== undefined,
    friendChargingWithin2: friend,
    battleStandardWithin2: standard,
  };
}

/** One charge test (seed "Charges and Combat"): a failure costs 1 morale DP and the unit stays; a kept Seven may re-roll it first (SW-11). */
export function chargeTestTask(ctx: Ctx, id: string): void {
  const s = ctx.s;
  const dec = s.declarations.find((d) => d.unit === id);
  if (!dec) return;
  const bu = ctx.unit(id);
  const target = ctx.unit(dec.target);
  if (!canAct(bu) || !onTable(target) || bu.u.aggression === "shaken") return;
  const roll: DiceRoll = { what: "charge", unit: id, target: target.id, result: resolveCharge(ctx.rng, chargeInputFor(ctx, id)) };
  thrown(ctx, bu.side, roll);
}

export function chargeFails(ctx: Ctx, id: string): void {
  const applied = applyChargeResult(ctx.unit(id).u, false);
  ctx.setU(applied.value);
  ctx.notes("charge-failed", applied.notes.slice(1), { unit: id });
}

function chargeMove(ctx: Ctx, id: string, targetId: string): void {
  const s = ctx.s;
  const bu = ctx.unit(id);
  const target = ctx.unit(targetId);
  const engaged = unitContacts(geomOf(bu), geomOf(target), s.table.options.contactTolerance).length > 0;
  if (engaged) {
    ctx.setUnit({ ...bu, charged: true });
    return;
  }
  const p = chargePlan(ctx, bu, target);
  if (!p) {
    ctx.ev("charge-blocked", `${bu.u.name} finds no clear way into contact with ${target.u.name} and stays where it is`, { unit: id, target: target.id });
    return;
  }
  const formed = bu.u.formed && p.plan.obstaclesCrossed.length === 0;
  ctx.setUnit({
    ...bu,
    u: formed === bu.u.formed ? bu.u : { ...bu.u, formed },
    stands: p.plan.unit.stands,
    charged: true,
  });
  ctx.ev("charge-move", `${bu.u.name} charges into contact with the ${p.edge} of ${target.u.name}${p.edge === "front" ? "" : " (a flank or rear charge)"}`, {
    unit: id,
    target: target.id,
    edge: p.edge,
    distance: p.plan.distance,
  });
}

interface Engagement {
  red: Set<string>;
  black: Set<string>;
}

/** Groups of units in contact with enemy: each group is one combat (seed "Resolving combat"). */
export function findCombats(ctx: Ctx): readonly Engagement[] {
  // Contacts depend only on where units stand: kept in the geometry memo (the fight phase asks
  // again right after marking units in combat). Callers must not change the groups.
  return ctx.cachedGeometry("fc", null, () => findCombatsUncached(ctx));
}

function findCombatsUncached(ctx: Ctx): Engagement[] {
  const tol = ctx.s.table.options.contactTolerance;
  const live = ctx.s.units.filter((u) => onTable(u));
  const red = live.filter((u) => u.side === "red");
  const black = live.filter((u) => u.side === "black");
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let p = parent.get(x) ?? x;
    while (p !== (parent.get(p) ?? p)) p = parent.get(p) ?? p;
    return p;
  };
  const engaged = new Set<string>();
  for (const r of red) {
    for (const b of black) {
      if (!within(r, b, tol)) continue;
      if (unitContacts(geomOf(r), geomOf(b), tol).length === 0) continue;
      engaged.add(r.id);
      engaged.add(b.id);
      const pr = find(r.id);
      const pb = find(b.id);
      if (pr !== pb) parent.set(pb, pr);
    }
  }
  const groups = new Map<string, Engagement>();
  for (const u of live) {
    if (!engaged.has(u.id)) continue;
    const root = find(u.id);
    let g = groups.get(root);
    if (!g) {
      g = { red: new Set(), black: new Set() };
      groups.set(root, g);
    }
    g[u.side].add(u.id);
  }
  return [...groups.values()];
}

function refreshInCombat(ctx: Ctx): void {
  const engaged = new Set<string>();
  for (const g of findCombats(ctx)) for (const id of [...g.red, ...g.black]) engaged.add(id);
  for (const u of ctx.s.units) {
    const want = onTable(u) && engaged.has(u.id);
    if (u.u.inCombat !== want) ctx.setUnit({ ...u, u: { ...u.u, inCombat: want } });
  }
}

/**
 * Does a stand of the unit stand on high ground or in cover (its opponents' combat modifier)?
 * One look at the features under each stand for both flags, kept in the geometry memo: every
 * combatant of a combat asks it of each of its foes.
 */
function onGroundOrCover(ctx: Ctx, bu: BattleUnit): boolean {
  return ctx.cachedGeometry("gc", bu.id, () => bu.stands.some((st) => featuresUnder(standPolygon(st), ctx.s.table).some((f) => f.highGround || f.cover)));
}

function combatant(ctx: Ctx, bu: BattleUnit, foes: BattleUnit[], friends: Set<string>, chargeCombat: boolean): Combatant {
  const tol = ctx.s.table.options.contactTolerance;
  const engagedStands = new Set<number>();
  let frontContact = false;
  for (const f of foes) {
    for (const c of unitContacts(geomOf(f), geomOf(bu), tol)) {
      engagedStands.add(c.standOfB);
      if (c.aspectOfB === "front" || !bu.u.formed) frontContact = true;
    }
  }
  // Flank support: otherwise unengaged friendly stands touching the unit's flanks (max 1 each flank).
  const flanks = new Set<string>();
  for (const fr of ctx.sideUnits(bu.side)) {
    if (!onTable(fr) || fr.id === bu.id || friends.has(fr.id) || fr.u.inCombat) continue;
    if (!within(fr, bu, tol)) continue;
    for (const c of unitContacts(geomOf(fr), geomOf(bu), tol)) if (c.aspectOfB === "flank" && c.edgeOfB) flanks.add(c.edgeOfB);
  }
  const ground = (u: BattleUnit) => onGroundOrCover(ctx, u);
  const l = ctx.leaderOfUnit(bu.id);
  const charged = chargeCombat && bu.charged && bu.u.aggression !== "shaken";
  return {
    unit: bu.u,
    engagedStands: Math.max(1, Math.min(bu.u.stands, engagedStands.size)),
    charged,
    flankOrRear: !frontContact,
    opponentHasGround: foes.some(ground) && !ground(bu),
    leader: l !== undefined && (bu.u.grade === "A" || bu.u.grade === "B"),
    flankSupport: Math.min(2, flanks.size) as 0 | 1 | 2,
    followingUp: bu.followingUp,
    fightToTheDeath: bu.fightToDeath,
  };
}

/** The combat phase's fighting: every group of units in contact is one combat, fought in turn. */
function fight(ctx: Ctx): void {
  refreshInCombat(ctx);
  const tasks: Task[] = findCombats(ctx).map((g) => ({ t: "melee", red: [...g.red], black: [...g.black] }));
  push(ctx, ...tasks, { t: "fight-end" });
}

/** One combat: round 1 is rolled (each side's dice a set its kept Seven may re-roll, SW-11). `chain`: how many pursuit charges led to it this phase. */
function startCombat(ctx: Ctx, redIds: string[], blackIds: string[], chain = 0): void {
  const reds = redIds.map((id) => ctx.unit(id)).filter(onTable);
  const blacks = blackIds.map((id) => ctx.unit(id)).filter(onTable);
  if (reds.length === 0 || blacks.length === 0) return;
  const chargeCombat = [...reds, ...blacks].some((u) => u.charged);
  const g = { red: new Set(redIds), black: new Set(blackIds) };
  const input: CombatInput = {
    chargeCombat,
    a: reds.map((u) => combatant(ctx, u, blacks, g.red, chargeCombat)),
    b: blacks.map((u) => combatant(ctx, u, reds, g.black, chargeCombat)),
  };
  // A follow-up only counts for the side whose opponent fell back.
  if (input.a.some((c) => c.followingUp) && input.b.some((c) => c.followingUp)) for (const c of [...input.a, ...input.b]) c.followingUp = false;
  const problem = combatProblem(input);
  if (problem) throw new RangeError(problem);
  const progress: CombatProgress = { red: reds.map((u) => u.id), black: blacks.map((u) => u.id), input, rounds: [], offered: [] };
  if (chain > 0) progress.chain = chain; // set afterwards: a spread of a conditional object takes V8's slow path
  rollCombatRound(ctx, progress);
}

function rollCombatRound(ctx: Ctx, fight: CombatProgress): void {
  const round = (fight.rounds.length + 1) as 1 | 2;
  const current = roundInput(fight.input, round);
  if (!current) throw new Error("no refight to roll");
  const r = rollRound(ctx.rng, current, round);
  combatOffers(ctx, { ...fight, rounds: [...fight.rounds, r], offered: [] });
}

/** After a round's dice: each side keeping a Seven (initiative side first) may re-roll its own dice; then the combat goes on. */
function combatOffers(ctx: Ctx, fight: CombatProgress): void {
  const last = fight.rounds[fight.rounds.length - 1];
  for (const side of sideOrder(ctx.s)) {
    if (fight.offered.includes(side)) continue;
    const offered = { ...fight, offered: [...fight.offered, side] };
    const roll: DiceRoll = { what: "combat", side, unit: fight[side][0], fight: offered, result: side === "red" ? last.a : last.b };
    if (ctx.s.sides[side].tokens.fortune > 0 && fortuneMatters(ctx, roll)) {
      ctx.s.pending = { kind: "fortune", side, unit: roll.unit, roll };
      return;
    }
    fight = offered;
  }
  const round = last.round;
  if (last.result === "inconclusive" && round === 1 && roundInput(fight.input, 2)) {
    rollCombatRound(ctx, fight);
    return;
  }
  finishCombat(ctx, fight);
}

/** The combat's result once its dice are final: the log, the units, risk to leaders, and the moves following combat. */
function finishCombat(ctx: Ctx, fight: CombatProgress): void {
  const reds = fight.red.map((id) => ctx.unit(id));
  const blacks = fight.black.map((id) => ctx.unit(id));
  const chargeCombat = fight.input.chargeCombat;
  const res = combatFromRounds(fight.input, fight.rounds);
  ctx.ev(
    "combat",
    `Combat: ${reds.map((u) => u.u.name).join(", ")} against ${blacks.map((u) => u.u.name).join(", ")} (${chargeCombat ? "charge combat" : "no charges"}): ${RESULT_NAME[res.result]} for red`,
    {
      red: reds.map((u) => u.id),
      black: blacks.map((u) => u.id),
      result: res.result,
      rounds: res.rounds.map((r) => ({
        red: r.a.units.map((u) => u.roll.faces),
        black: r.b.units.map((u) => u.roll.faces),
        redHits: r.a.hits,
        blackHits: r.b.hits,
        result: r.result,
      })),
    },
  );
  ctx.notes("combat-detail", res.notes);
  const positions = new Map<string, Stand[]>([...reds, ...blacks].map((u) => [u.id, u.stands]));
  for (const o of res.units) {
    const bu = ctx.unit(o.id);
    ctx.setUnit({ ...bu, followingUp: false });
    ctx.setU(o.unit);
  }
  // Risk to leaders engaged in the combat.
  for (const u of [...reds, ...blacks]) {
    const l = ctx.leaderOfUnit(u.id);
    if (!l) continue;
    const rolls = leaderRiskRolls({ missileHits: 0, engagedInCombat: true });
    for (let i = 0; i < rolls; i++) if (leaderRisk(ctx, l.id, true)) break;
  }
  movesAfterCombat(ctx, res.units, positions, true, fight.chain ?? 0);
}

function centroidOf(units: BattleUnit[], positions: Map<string, Stand[]>): { x: number; y: number } {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const u of units) {
    for (const st of positions.get(u.id) ?? u.stands) {
      x += st.x;
      y += st.y;
      n++;
    }
  }
  return n === 0 ? { x: 0, y: 0 } : { x: x / n, y: y / n };
}

function awayHeading(bu: BattleUnit, foes: BattleUnit[], positions: Map<string, Stand[]>): number {
  const c = unitCentre(geomOf(bu));
  const f = centroidOf(foes, positions);
  const dx = c.x - f.x;
  const dy = c.y - f.y;
  if (Math.hypot(dx, dy) < 1e-9) return normaliseDegrees(forwardHeading(bu.side) + 180);
  return normaliseDegrees(vectorHeading({ x: dx, y: dy }));
}

/** A retire move (AvD+D6+1, ruling SW-2) away from `foes` (default: enemy within 8"); its dice may be re-rolled with a Seven (SW-11), then `then`. */
function retireMove(ctx: Ctx, bu: BattleUnit, what: string, foes: string[], then: AfterRetire): void {
  const es = foes.length > 0 ? foes : enemiesOnTable(ctx, bu.side).filter((e) => within(bu, e, 8)).map((e) => e.id);
  const dice = { kind: "retire" as const, extraD6: true, formed: false };
  throwMoveDice(ctx, bu.side, bu.id, dice, { k: "retire", what, foes: es, then });
}

/** The retire move once its dice are final; true if the unit got away (it is now retiring). */
function retireMoveRolled(ctx: Ctx, id: string, foes: string[], roll: MoveRoll): boolean {
  const bu = ctx.unit(id);
  const es = foes.map((f) => ctx.unit(f));
  const heading = es.length > 0 ? awayHeading(bu, es, new Map()) : normaliseDegrees(forwardHeading(bu.side) + 180);
  const before = bu.stands;
  ctx.setUnit({ ...bu, u: { ...bu.u, formed: false } });
  const d = moveStraight(ctx, ctx.unit(bu.id), heading, roll.inches, "retires", { zone: 0 });
  if (d < 0.25) {
    const r = unableToMove(ctx.unit(bu.id).u, "retire", false);
    ctx.setU(r.unit);
    ctx.notes("unable-to-move", r.notes, { unit: bu.id });
    return false;
  }
  ctx.setUnit({ ...ctx.unit(bu.id), retiring: true, pursuing: false });
  retiringMorale(ctx, ctx.unit(bu.id), before);
  return true;
}

function afterRetire(ctx: Ctx, id: string, f: Extract<MoveRollFor, { k: "retire" }>, roll: MoveRoll): void {
  const away = retireMoveRolled(ctx, id, f.foes, roll);
  const then = f.then;
  if (then.k === "finish-move") finishMove(ctx, id, then.move, true);
  else if (then.k === "mark-moved") markMoved(ctx, id);
  else aftermathStep(ctx, away ? { ...then.after, fled: [...then.after.fled, { id, how: "retire" }] } : then.after);
}

function retiringMorale(ctx: Ctx, bu: BattleUnit, before: Stand[]): void {
  const ghost = { ...bu, stands: before };
  for (const u of ctx.s.units) {
    if (!onTable(u) || u.id === bu.id || !within(ghost, u, 2)) continue;
    const r =
      u.side === bu.side
        ? friendRetiringNearby(u.u, {
            retiringGrade: bu.u.grade,
            within2: true,
          })
        : enemyBrokenNearby(u.u, { within2: true });
    if (r.value !== u.u) {
      ctx.setU(r.value);
      ctx.notes("morale", r.notes, { unit: u.id, cause: bu.id });
    }
  }
  standardFalls(ctx, bu);
}

/** SW-14: a battle standard retiring or routing shakes its whole army once. */
function standardFalls(ctx: Ctx, bu: BattleUnit): void {
  if (!bu.u.attachments.includes("battle-standard")) return;
  const sd = ctx.s.sides[bu.side];
  if (sd.standardApplied) return;
  const r = battleStandardRetiring(
    ctx.sideUnits(bu.side).map((u) => u.u),
    false,
  );
  for (const u of r.value) if (u !== ctx.unit(u.id).u) ctx.setU(u);
  ctx.s.sides[bu.side] = { ...sd, standardApplied: true };
  ctx.notes("battle-standard", r.notes, { side: bu.side });
}

/**
 * The moves following a combat (seed "Moves Following Combat"): losers first, then the winners,
 * then broken units leave play. A step whose dice a side may re-roll with a kept Seven (retire,
 * rout, pursuit, free hack; ruling SW-11) resumes the rest once the dice are final.
 */
export function movesAfterCombat(ctx: Ctx, outcomes: UnitOutcome[], positions: Map<string, Stand[]>, refresh = false, chain = 0): void {
  // A loop rather than Object.fromEntries, which took about 10 µs here.
  const where: Record<string, Stand[]> = {};
  for (const [id, stands] of positions) where[id] = stands;
  const after: Aftermath = { outcomes, positions: where, step: 0, fled: [], fellBack: {}, refresh };
  // Set afterwards rather than spread in from a conditional object (that takes V8's slow path).
  if (chain > 0) after.chain = chain;
  aftermathStep(ctx, after);
}

function aftermathStep(ctx: Ctx, after: Aftermath): void {
  const { outcomes } = after;
  const n = outcomes.length;
  const positions = new Map(Object.entries(after.positions));
  const foesOf = (id: string) => {
    const side = ctx.unit(id).side;
    return outcomes.map((o) => ctx.unit(o.id)).filter((u) => u.side !== side);
  };
  // Units that lost move first.
  const losersFirst = [...outcomes].sort((a, b) => rank(a.move) - rank(b.move));
  let a = after;
  while (a.step < 2 * n) {
    const i = a.step;
    a = { ...a, step: i + 1 };
    if (i < n) {
      const o = losersFirst[i];
      const bu = ctx.unit(o.id);
      switch (o.move) {
        case "eliminated":
          if (bu.stands.length > 0 || positions.get(o.id)) unitGone(ctx, bu, "destroyed", positions.get(o.id) ?? bu.stands);
          break;
        case "fall-back": {
          if (!onTable(bu)) break;
          const heading = bu.u.formed ? normaliseDegrees(unitFacing(geomOf(bu)) + 180) : awayHeading(bu, foesOf(o.id), positions);
          const depth = bu.stands[0].depth;
          const c0 = unitCentre(geomOf(bu));
          const d = moveStraight(ctx, bu, heading, depth, "falls back, facing the enemy", { zone: 0 });
          if (d < depth - 0.05) {
            // Unable to fall back: remain in place and take 1 DP (put back where it stood).
            ctx.setUnit({ ...ctx.unit(o.id), stands: bu.stands });
            const r = unableToMove(ctx.unit(o.id).u, "fall-back", false);
            ctx.setU(r.unit);
            ctx.notes("unable-to-move", r.notes, { unit: o.id });
            if (r.unit.status !== "active") unitGone(ctx, bu, "destroyed");
          } else {
            const c1 = unitCentre(geomOf(ctx.unit(o.id)));
            a = { ...a, fellBack: { ...a.fellBack, [o.id]: { dx: c1.x - c0.x, dy: c1.y - c0.y } } };
          }
          break;
        }
        case "retire":
          if (!onTable(bu)) break;
          retireMove(
            ctx,
            bu,
            "retires from the combat",
            foesOf(o.id).map((f) => f.id),
            { k: "aftermath", after: a },
          );
          return;
        case "break": {
          if (!onTable(bu)) break;
          const dice = { kind: "rout" as const, extraD6: true, formed: false };
          throwMoveDice(ctx, bu.side, o.id, dice, { k: "rout", after: a });
          return;
        }
        case "separate": {
          if (!onTable(bu)) break;
          const heading = bu.u.formed ? normaliseDegrees(unitFacing(geomOf(bu)) + 180) : awayHeading(bu, foesOf(o.id), positions);
          moveStraight(ctx, bu, heading, 1, 'separates (moves back 1")', {
            zone: 0,
          });
          break;
        }
        default:
          break;
      }
      continue;
    }
    // Winners: pursue, follow up, remain.
    const o = outcomes[i - n];
    const bu = ctx.unit(o.id);
    if (!onTable(bu)) continue;
    if (o.move === "pursue") {
      const dice = { kind: "pursuit" as const, extraD6: true, formed: false };
      throwMoveDice(ctx, bu.side, o.id, dice, { k: "pursue", after: a, engagedStands: o.engagedStands });
      return;
    } else if (o.move === "follow-up") {
      const foes = foesOf(o.id).filter((f) => a.fellBack[f.id] !== undefined);
      const v = foes.length > 0 ? (a.fellBack[foes[0].id] ?? null) : null;
      if (v) {
        const dist = Math.hypot(v.dx, v.dy);
        moveStraight(ctx, bu, vectorHeading({ x: v.dx, y: v.dy }), dist, "follows up", { zone: 0 });
        ctx.setUnit({ ...ctx.unit(o.id), followingUp: true });
      }
    }
  }
  // Broken units that were not destroyed by a free hack leave play now (ruling SW-20).
  for (const f of a.fled) {
    const bu = ctx.unit(f.id);
    if (f.how === "break" && bu.u.status === "active") {
      const at = bu.stands;
      ctx.setU({ ...bu.u, status: "broken" });
      unitGone(ctx, bu, "broken and dispersed", at);
    }
  }
  // Pursuers encountering new enemy charge them at once (the units of this combat are not new).
  const notNew: ReadonlySet<string> = new Set(outcomes.map((o) => o.id));
  const chargers = (a.pursuers ?? []).filter((id) => pursuitCharge(ctx, id, notNew) !== null);
  if (a.refresh) refreshInCombat(ctx);
  if (a.refresh && chargers.length > 0) pursuitCombats(ctx, chargers, (a.chain ?? 0) + 1);
}

/** Most immediate pursuit combats fought in a chain from one combat; any further one waits for the next combat phase. */
export const MAX_PURSUIT_CHAIN = 8;

/**
 * Seed "Moves Following Combat", Pursue: a pursuit charge "is worked out immediately as a new
 * charge": the combat each pursuer charged into is fought at once, before the phase's other
 * combats still to fight (which it absorbs if the target was in one of them), as a charge combat;
 * its units may already have fought this phase.
 */
function pursuitCombats(ctx: Ctx, chargers: readonly string[], chain: number): void {
  if (chain > MAX_PURSUIT_CHAIN) return;
  const groups = findCombats(ctx).filter((g) => chargers.some((id) => g.red.has(id) || g.black.has(id)));
  if (groups.length === 0) return;
  const units = new Set(groups.flatMap((g) => [...g.red, ...g.black]));
  // A combat still to fight this phase that the new one took in is fought as part of it.
  const q = ctx.s.queue;
  for (let i = q.length - 1; i >= 0; i--) {
    const t = q[i];
    if (t.t === "melee" && [...t.red, ...t.black].some((id) => units.has(id))) q.splice(i, 1);
  }
  push(ctx, ...groups.map((g): Task => ({ t: "melee", red: [...g.red], black: [...g.black], chain })));
}

/** A breaking unit's rout move once its dice are final (seed "Moves Following Combat", SW-2, SW-20). */
function afterRout(ctx: Ctx, id: string, after: Aftermath, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  const foes = after.outcomes.map((o) => ctx.unit(o.id)).filter((u) => u.side !== bu.side);
  const heading = awayHeading(bu, foes, new Map(Object.entries(after.positions)));
  const before = bu.stands;
  ctx.setUnit({ ...bu, u: { ...bu.u, formed: false } });
  const d = moveStraight(ctx, ctx.unit(id), heading, roll.inches, "routs", { zone: 0, offTable: true });
  standardFalls(ctx, bu);
  if (d < 0.25) {
    const enemyNear = foes.some((e) => onTable(e) && within(bu, e, 2));
    const r = unableToMove(ctx.unit(id).u, "break", enemyNear);
    ctx.notes("unable-to-move", r.notes, { unit: id });
    if (r.unit.status !== "active") {
      const at = ctx.unit(id).stands;
      ctx.setU(r.unit);
      unitGone(ctx, { ...bu, u: r.unit }, "surrendered", at.length > 0 ? at : before);
      aftermathStep(ctx, after);
      return;
    }
  }
  aftermathStep(ctx, { ...after, fled: [...after.fled, { id, how: "break" }] });
}

function rank(m: string): number {
  return ["eliminated", "fall-back", "retire", "break", "separate", "remain", "follow-up", "pursue"].indexOf(m);
}

/** The visible enemy unit (not one of `notNew`) whose 2" a straight move would first enter; null if none. */
function newEnemyOnPath(ctx: Ctx, bu: BattleUnit, heading: number, distance: number, notNew: ReadonlySet<string>): string | null {
  const plan = planMove(ctx.scene(), bu.id, heading, distance, { zone: 2, stopAtTableEdge: true });
  const stop = plan.stoppedBy;
  return stop && stop.kind === "enemy-zone" && !notNew.has(stop.unit) ? stop.unit : null;
}

/** A winner's pursuit once its dice are final: it catches the nearest fleeing enemy or is outdistanced. */
function afterPursue(ctx: Ctx, id: string, before: Aftermath, engagedStands: number, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  const live = before.fled
    .map((f) => ctx.unit(f.id))
    .filter((u) => u.side !== bu.side)
    .filter(onTable);
  ctx.setUnit({ ...bu, u: { ...bu.u, formed: false }, pursuing: true });
  if (live.length === 0) {
    aftermathStep(ctx, before);
    return;
  }
  live.sort((a, b) => unitDist(bu, a) - unitDist(bu, b));
  const t = live[0];
  const gap = unitDist(bu, t);
  const caught = roll.inches >= gap - 1e-6;
  const heading = headingTo(bu, t);
  const want = Math.min(roll.inches, gap + 0.01);
  // It makes a pursuit move: it may encounter new enemy (charged at the end of the moves after combat).
  const after: Aftermath = { ...before, pursuers: [...(before.pursuers ?? []), id] };
  // Coming within 2" of a visible enemy unit that was not in this combat, it halts there (and charges it).
  if (newEnemyOnPath(ctx, ctx.unit(bu.id), heading, want, new Set(after.outcomes.map((o) => o.id))) !== null) {
    moveStraight(ctx, ctx.unit(bu.id), heading, want, "pursues");
    aftermathStep(ctx, after);
    return;
  }
  moveStraight(ctx, ctx.unit(bu.id), heading, want, "pursues", { zone: 0 });
  if (!caught) {
    ctx.ev("outdistanced", `${t.u.name} outdistances ${bu.u.name}`, {
      unit: t.id,
      pursuer: bu.id,
    });
    aftermathStep(ctx, after);
    return;
  }
  const dice = Math.max(1, engagedStands);
  const hack: DiceRoll = { what: "free-hack", unit: id, target: t.id, dice, after, result: resolveFreeHack(ctx.rng, dice) };
  thrown(ctx, bu.side, hack);
}

/** The free hack's casualties once its dice are final (ruling SW-20). */
function afterFreeHack(ctx: Ctx, targetId: string, after: Aftermath, casualties: number): void {
  const cur = ctx.unit(targetId);
  const left = cur.u.stands - casualties;
  const at = cur.stands;
  if (left <= 0) {
    ctx.setU({ ...cur.u, stands: 0, status: "destroyed" });
    unitGone(ctx, cur, "cut down by its pursuers", at);
    aftermathStep(ctx, after);
    return;
  }
  ctx.setU({ ...cur.u, stands: left });
  const f = after.fled.find((x) => x.id === targetId);
  if (f && f.how === "retire") {
    // Retiring units break if caught by pursuers.
    standardFalls(ctx, ctx.unit(targetId));
    ctx.ev("caught", `${cur.u.name} is caught while retiring and breaks`, {
      unit: targetId,
    });
    aftermathStep(ctx, { ...after, fled: after.fled.map((x) => (x.id === targetId ? { id: x.id, how: "break" as const } : x)) });
    return;
  }
  aftermathStep(ctx, after);
}

/**
 * Seed "Moves Following Combat", Pursue: "Pursuers encountering new enemy automatically charge
 * them. Note that the pursuers will be unformed. A new target must react according to the normal
 * charge responses if it is charged in these circumstances. This is worked out immediately as a
 * new charge." After its pursuit move, a pursuer with a visible enemy unit within 2" (not one of
 * `notNew`: after combat, the units of that combat) that a clear charge move reaches charges the nearest at once: no declaration and no
 * charge test (the charge is automatic, like Blood Lust's), the normal charge move into contact
 * (it stays unformed), and the target, which declared no charge, stands to receive at the halt
 * (seed "Charges and Combat"). Both are then in combat and the pursuit ends. A Shaken pursuer
 * does not charge (Shaken units may not initiate a charge). Returns the target, or null.
 */
function pursuitCharge(ctx: Ctx, id: string, notNew: ReadonlySet<string>): string | null {
  const bu = ctx.unit(id);
  if (!canAct(bu) || bu.u.aggression === "shaken") return null;
  const targetId = chargeTargets(ctx, bu).find((t) => !notNew.has(t));
  if (targetId === undefined) return null;
  const target = ctx.unit(targetId);
  ctx.ev(
    "pursuit-charge",
    `${bu.u.name} pursues into ${target.u.name} and charges them at once, unformed and with no charge test; ${target.u.name} stands to receive at the halt (seed "Moves Following Combat": pursuers encountering new enemy automatically charge them)`,
    { unit: id, target: targetId, automatic: true },
  );
  chargeMove(ctx, id, targetId);
  const cur = ctx.unit(id);
  // No clear way in after all (the charge-blocked event says so): it stays a pursuer.
  if (unitContacts(geomOf(cur), geomOf(ctx.unit(targetId)), ctx.s.table.options.contactTolerance).length === 0) return null;
  ctx.setUnit({ ...cur, pursuing: false, mustCharge: false, u: { ...cur.u, inCombat: true } });
  const t = ctx.unit(targetId);
  if (!t.u.inCombat) ctx.setUnit({ ...t, u: { ...t.u, inCombat: true } });
  return targetId;
}

/** A pursuer's move in the movement phase: towards the nearest enemy, the enemy camp, or off the enemy's table edge. */
function pursuitMove(ctx: Ctx, bu: BattleUnit): void {
  const dice = { kind: "pursuit" as const, extraD6: true, formed: false };
  throwMoveDice(ctx, bu.side, bu.id, dice, { k: "pursuit" });
}

/** The movement-phase pursuit once its dice are final. */
function afterPursuitMove(ctx: Ctx, id: string, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  const e = nearestVisibleEnemy(ctx, bu);
  if (e) {
    moveStraight(ctx, bu, headingTo(bu, e), roll.inches, "pursues towards the enemy");
    // Pursuers encountering new enemy charge them at once; the combat is fought in this turn's combat phase.
    const charged = pursuitCharge(ctx, bu.id, new Set());
    const cur = ctx.unit(bu.id);
    if (!charged && within(cur, e, 2)) ctx.setUnit({ ...cur, mustCharge: true });
    markMoved(ctx, bu.id);
    return;
  }
  const camp = campOf(ctx.s.table, other(bu.side));
  if (camp) {
    let x = 0;
    let y = 0;
    for (const p of camp.polygon) {
      x += p.x;
      y += p.y;
    }
    const c = unitCentre(geomOf(bu));
    const tx = x / camp.polygon.length;
    const ty = y / camp.polygon.length;
    const dist = Math.hypot(tx - c.x, ty - c.y);
    moveStraight(ctx, bu, vectorHeading({ x: tx - c.x, y: ty - c.y }), Math.min(roll.inches, dist), "heads for the enemy camp");
    const cur = ctx.unit(bu.id);
    const c2 = unitCentre(geomOf(cur));
    if (Math.hypot(tx - c2.x, ty - c2.y) <= 2) {
      ctx.setUnit({ ...cur, looting: true, pursuing: false });
      ctx.ev("loot", `${bu.u.name} reaches the enemy camp and loots it (out of the fight, not lost)`, { unit: bu.id });
    }
    markMoved(ctx, bu.id);
    return;
  }
  moveStraight(ctx, bu, forwardHeading(bu.side), roll.inches, "pursues towards the enemy table edge", { offTable: true });
  const cur = ctx.unit(bu.id);
  if (cur.stands.some((st) => !standOnTable(st, ctx.s.table))) {
    ctx.setU({ ...cur.u, status: "left-table" });
    ctx.ev("left-table", `${bu.u.name} pursues off the table: out of the battle, not lost (ruling SW-21)`, { unit: bu.id });
    return;
  }
  markMoved(ctx, bu.id);
}

// =============================================================================================
// End of turn: victory (ruling SW-25, house rule)
// =============================================================================================

export function lostUnits(s: BattleState, side: Side): number {
  return s.units.filter((u) => u.side === side && (u.u.status === "broken" || u.u.status === "destroyed" || u.u.status === "surrendered")).length;
}

export function lostStands(s: BattleState, side: Side): number {
  let n = 0;
  for (const u of s.units) {
    if (u.side !== side) continue;
    const kept = u.u.status === "active" || u.u.status === "left-table" ? u.u.stands : 0;
    n += u.initialStands - kept;
  }
  return n;
}

export function armyBroken(s: BattleState, side: Side): string | null {
  const units = s.units.filter((u) => u.side === side).length;
  const lost = lostUnits(s, side);
  if (lost >= Math.ceil(units / 2)) return `${side} has lost ${lost} of ${units} units`;
  if (s.leaders.filter((l) => sideOfId(l.id) === side).every((l) => l.status !== "alive")) return `${side}'s leaders are all dead or captured`;
  // Units aboard ship are not on the table (house rule, docs: "Boats").
  if (!s.units.some((u) => u.side === side && u.u.status === "active" && u.embarked === undefined)) return `${side} has no units left on the table`;
  return null;
}

function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "end";
  const finish = (winner: Side | null, reason: string) => {
    s.result = {
      winner,
      rewards: {
        red: winner === null ? 0.5 : winner === "red" ? 1 : 0,
        black: winner === null ? 0.5 : winner === "black" ? 1 : 0,
      },
      reason,
    };
    s.phase = "over";
    s.queue = [];
    ctx.ev("result", winner ? `${s.sides[winner].name} (${winner}) wins: ${reason}` : `The battle is a draw: ${reason}`, { winner, reason });
  };
  ctx.ev(
    "turn-end",
    `End of turn ${s.turn}: red has lost ${lostUnits(s, "red")} units (${lostStands(s, "red")} stands), black ${lostUnits(s, "black")} units (${lostStands(s, "black")} stands)`,
    {
      lost: { red: lostUnits(s, "red"), black: lostUnits(s, "black") },
    },
  );
  // ruling SW-25 (house rule)
  const redOut = armyBroken(s, "red");
  const blackOut = armyBroken(s, "black");
  const anyoneLeft = s.units.some((u) => u.u.status === "active" && u.embarked === undefined);
  if (s.options.victory === "sw25" || !anyoneLeft) {
    if (redOut && blackOut) {
      finish(null, `both armies broke in the same turn (${redOut}; ${blackOut}) (ruling SW-25, house rule)`);
      return;
    }
    if (redOut) {
      finish("black", `${redOut} (ruling SW-25, house rule)`);
      return;
    }
    if (blackOut) {
      finish("red", `${blackOut} (ruling SW-25, house rule)`);
      return;
    }
  }
  if (s.turn >= s.options.turnLimit) {
    const r = lostStands(s, "red");
    const b = lostStands(s, "black");
    if (r === b) {
      finish(null, `turn limit ${s.options.turnLimit}: both lost ${r} stands (ruling SW-25, house rule)`);
      return;
    }
      finish(r < b ? "red" : "black", `turn limit ${s.options.turnLimit}: red lost ${r} stands, black ${b} (ruling SW-25, house rule)`);
      return;
  }
  push(ctx, { t: "turn-start" });
}
