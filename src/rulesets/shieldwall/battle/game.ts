/**
 * The Shieldwall battle as a `Game<BattleState, BattleDecision, BattleSetup>` (core/game.ts):
 * players "red" and "black"; `setup` builds the initial state from a parsed scenario and parsed
 * armies; `legalMoves` enumerates the choices of the pending decision; `validate` checks any
 * submitted decision (including parameters outside the enumerated set); `apply` applies it and
 * runs the engine to the next decision. See docs/shieldwall/battle.md.
 */
import type { Applied, Game, GameResult, PlayerId } from "../../../core/game.js";
import { canonicalJson } from "../../../core/hash.js";
import { Random, seedState } from "../../../core/random.js";
import { type ArmyFile, armyProblems, buildForce, formatProblem, type Side } from "../army.js";
import { defaultTable } from "../geometry/table.js";
import { newGodPack, noTokens } from "../gods.js";
import { applyDeploy } from "./phases/deployment.js";
import { deployProblem, noRoomLeft } from "./placement.js";
import { Ctx, memoKind } from "./ctx.js";
import { sideOfId } from "./unit-facts.js";
import { DECISIONS, run } from "./loop.js";
import { type DecisionKindName, type DecisionOf, isDecisionOf, type PendingOf } from "./decision-kind.js";
import { battleEnding } from "./phases/end-turn.js";
import { type Scenario, scenarioOptions } from "./scenario.js";
import type { BattleDecision, BattleState, BattleUnit, Pending, SideState } from "./types.js";
import type { BattleSetup } from "./scenario.js";
import { battleOptions, battleStats } from "./options.js";
import { battleDeterminize, battleView, battleViewEvent } from "./duel-seat.js";

/** Builds the battle's initial state (before any decision) from a scenario, the two parsed armies and a seed. */
/**
 * Puts the scenario's `embarked` units aboard ship (docs/shieldwall/battle.md, "Boats"): no
 * stands on the table, counted as deployed (a whole contingent aboard is not deployed by dice).
 * Throws a RangeError naming the field.
 */
function embarkAtStart(state: BattleState, scenario: Scenario): void {
  for (const side of ["red", "black"] as const) {
    const list = scenario.embarked?.[side] ?? [];
    const ids = new Set(list.map((e) => `${side}.${e.unit}`));
    list.forEach((e, i) => {
      const id = `${side}.${e.unit}`;
      const k = state.units.findIndex((u) => u.id === id);
      if (k < 0)
        throw new RangeError(
          `embarked.${side}[${i}].unit: no unit "${e.unit}" in the ${side} army (its units: ${state.units
            .filter((u) => u.side === side)
            .map((u) => u.id.slice(side.length + 1))
            .join(", ")})`,
        );
      const bu = state.units[k];
      const sd = state.sides[side];
      if (bu.u.kind === "retinue") {
        const missing = sd.bands[bu.u.contingent].filter((b) => !ids.has(b));
        if (missing.length > 0)
          throw new RangeError(
            `embarked.${side}[${i}].unit: a retinue starts aboard only with its whole contingent (its bands deploy in line with it); also list ${missing.map((m) => m.slice(side.length + 1)).join(", ")}`,
          );
      }
      state.units[k] = { ...bu, deployed: true, embarked: e.boats };
    });
  }
}

export function createBattle(scenario: Scenario, armies: Record<Side, ArmyFile>, seed: number): BattleState {
  const options = scenarioOptions(scenario);
  const rng = new Random(seedState(seed, 7));
  const table = scenario.table ?? defaultTable();
  const units: BattleUnit[] = [];
  const leaders: BattleState["leaders"] = [];
  const sides = {} as Record<Side, SideState>;
  for (const side of ["red", "black"] as const) {
    const army = armies[side];
    const problems = armyProblems(army);
    if (problems.length > 0) throw new RangeError(`armies.${side}: ${formatProblem(problems[0])}`);
    const force = buildForce(army, rng, { startingDp: options.startingDp });
    const pre = (id: string) => `${side}.${id}`;
    const sd: SideState = {
      name: army.name,
      half: side === "red" ? "south" : "north",
      tokens: noTokens(),
      standardApplied: false,
      contingents: [],
      contingentNames: {},
      bands: {},
      retinues: {},
    };
    army.contingents.forEach((c, i) => {
      const cid = pre(c.id ?? `contingent${i + 1}`);
      sd.contingents.push(cid);
      sd.contingentNames[cid] = c.name ?? c.leader.name;
      sd.bands[cid] = [];
    });
    for (const u of force.units) {
      const id = pre(u.id);
      const contingent = pre(u.contingent);
      units.push({
        id,
        side,
        u: { ...u, id, contingent },
        stands: [],
        initialStands: u.stands,
        deployed: false,
        charged: false,
        pursuing: false,
        quarry: null,
        retiring: false,
        followingUp: false,
        followedUp: [],
        fightToDeath: false,
        looting: false,
        moved: false,
        mustCharge: false,
        lastMove: null,
      });
      if (u.kind === "retinue") sd.retinues[contingent] = id;
      else sd.bands[contingent].push(id);
    }
    for (const l of force.leaders)
      leaders.push({
        ...l,
        id: pre(l.id),
        contingent: pre(l.contingent),
        unit: pre(l.unit),
      });
    sides[side] = sd;
  }
  const state: BattleState = {
    rng: rng.state(),
    options,
    table,
    scenario: scenario.name,
    turn: 0,
    phase: "deployment",
    initiative: null,
    first: "red",
    units,
    leaders,
    sides,
    god: {
      pack: newGodPack(rng),
      soggy: false,
      draw: null,
      calls: { red: false, black: false },
      standing: null,
      choices: {},
    },
    queue: [{ t: "deploy" }],
    pending: null,
    declarations: [],
    shots: [],
    sw15Took: [],
    sw15Threat: [],
    decisions: 0,
    result: null,
    setupEvents: [],
  };
  state.rng = rng.state();
  embarkAtStart(state, scenario);
  const ctx = new Ctx(state);
  for (const u of state.units) {
    const place = u.embarked !== undefined ? (state.table.boats ?? []).find((b) => b.id === u.embarked) : undefined;
    if (place) ctx.ev("embarked", `${u.u.name} (${u.side}) starts aboard ship at ${place.name ?? place.id}: off the table until it disembarks`, { unit: u.id, boats: place.id });
  }
  // Fixed deployment from the scenario (seed "Deployment": may be modified to suit a scenario).
  for (const side of ["red", "black"] as const) {
    for (const p of scenario.deployment?.[side] ?? []) {
      const cid = `${side}.${p.contingent}`;
      const why = deployProblem(ctx.s, side, cid, p.x, p.distance ?? 3);
      if (why) throw new RangeError(`deployment.${side}: contingent "${p.contingent}": ${why}`);
      applyDeploy(ctx, side, cid, p.x, p.distance ?? 3);
    }
  }
  run(ctx);
  const out = ctx.finish();
  out.setupEvents = ctx.events;
  refuseUndeployable(out);
  return out;
}

/**
 * A table where the armies cannot deploy (seed "Deployment", ruling SW-26) is refused at setup,
 * naming the field, instead of a game that stops with no legal decision. Each side's remaining
 * contingents are set down one after another at their first place (`noRoomLeft`, placement.ts):
 * if one finds none, the table is too small for the armies. Every deployment decision keeps that
 * test true, so no side is ever left without a legal place.
 */
function refuseUndeployable(start: BattleState): void {
  for (const side of ["red", "black"] as const) {
    const stuck = noRoomLeft(start, side);
    if (stuck === null) continue;
    const sd = start.sides[side];
    const pending = sd.contingents.filter((c) => !start.units.find((u) => u.id === sd.retinues[c])?.deployed);
    const t = start.table;
    throw new RangeError(
      `table: the ${t.width}" × ${t.height}" table has no room to deploy ${side}'s contingent "${sd.contingentNames[stuck] ?? stuck}"${pending.length > 1 ? " beside the others" : ""} (each line must fit in its own half, its front between ${t.options.deployMin}" and ${t.options.deployMax}" from the centre line, ruling SW-26); use a larger table`,
    );
  }
}

/**
 * The decision kinds (decision-kind.ts) are defined in their phases and gathered in loop.ts
 * `DECISIONS`; these run the one for the pending decision. Generic over the kind, so the pending
 * decision and the decision keep their matching types without casts.
 */

/** The enumerated choices of a pending decision of kind `kind` (its phase's table entry). */
function optionsOf<K extends DecisionKindName>(ctx: Ctx, kind: K, p: PendingOf<K>): BattleDecision[] {
  return DECISIONS[kind].options(ctx, p);
}

/** Why `d` (not one of the enumerated choices, already of the right type) is illegal, if its kind decides beyond them. */
function problemOf<K extends DecisionKindName>(ctx: Ctx, kind: K, p: PendingOf<K>, d: DecisionOf<K>): string | null | undefined {
  const check = DECISIONS[kind].problem;
  return check === undefined ? undefined : check(ctx, p, d);
}

function applyOf<K extends DecisionKindName>(ctx: Ctx, kind: K, p: PendingOf<K>, d: BattleDecision, side: Side): void {
  const type = d.type;
  if (!isDecisionOf(d, kind)) throw new Error(`the pending decision is "${kind}", not "${type}"`);
  DECISIONS[kind].apply(ctx, p, d, side);
}

function describeOf<K extends DecisionKindName>(kind: K, d: DecisionOf<K>): string {
  return DECISIONS[kind].describe(d);
}

const DECISION_OPTIONS = memoKind<Pending, BattleDecision[]>("decisionOptions", false);

/**
 * The enumerated choices of a state's pending decision `p`, worked out once per state object
 * (states are never changed once made; kept in the state's memo, keyed by the pending decision:
 * a state may inherit the memo of the one before it when nothing else changed, but every pending
 * decision is a new object): `legalMoves` hands out copies of the list, and validating one of
 * those very choices is then an identity check.
 */
function stateOptions(ctx: Ctx, p: Pending): BattleDecision[] {
  return ctx.cached(DECISION_OPTIONS, p, () => optionsOf(ctx, p.kind, p));
}

/** Why the decision is illegal now, or null. */
export function decisionProblem(state: BattleState, player: PlayerId, d: BattleDecision): string | null {
  if (state.result) return "the battle is over";
  const p = state.pending;
  if (!p) return "no decision is pending";
  if (player !== p.side) return `it is ${p.side}'s decision, not ${player}'s`;
  if (d === null || typeof d !== "object" || typeof (d as { type?: unknown }).type !== "string") return "a decision is an object with a type";
  const type = d.type;
  if (!isDecisionOf(d, p.kind)) return `the pending decision is "${p.kind}", not "${type}"`;
  const ctx = new Ctx(state, true);
  if (DECISIONS[p.kind].problemDecides) return problemOf(ctx, p.kind, p, d) ?? null;
  const opts = stateOptions(ctx, p);
  // One of the very choices `legalMoves` handed out for this state: legal, with no check worked out again.
  if (opts.includes(d)) return null;
  const why = problemOf(ctx, p.kind, p, d);
  if (why !== undefined) return why;
  // Decisions compare by canonical JSON (keys sorted), so the order of submitted fields does not matter.
  const want = canonicalJson(d);
  if (opts.some((o) => canonicalJson(o) === want)) return null;
  return `not a legal ${p.kind} decision now; legal: ${opts.map((o) => describeDecision(o)).join(" | ")}`;
}

export function describeDecision(d: BattleDecision): string {
  return describeOf(d.type, d);
}

/**
 * A decision `decider` made, described for `viewer` (a side or an onlooker): a personal combat's
 * discards are face down, so others learn only how many (ruling SW-24); otherwise as
 * {@link describeDecision}.
 */
export function describeDecisionFor(d: BattleDecision, decider: PlayerId, viewer: PlayerId): string {
  if (d.type === "duel" && d.move.type === "discard" && decider !== viewer) return `discard ${d.move.cards.length} card${d.move.cards.length === 1 ? "" : "s"} (face down)`;
  return describeDecision(d);
}

/** Applies a validated decision and runs the engine to the next decision. */
export function applyDecision(state: BattleState, player: PlayerId, d: BattleDecision): Applied<BattleState> {
  const ctx = new Ctx(state);
  const s = ctx.s;
  const p = s.pending;
  if (!p) throw new Error("no decision is pending");
  s.pending = null;
  s.decisions += 1;
  applyOf(ctx, p.kind, p, d, player as Side);
  run(ctx);
  return { state: ctx.finish(), events: ctx.events };
}

export const SHIELDWALL_BATTLE_ID = "shieldwall-battle";

/** The id `battleView` gets for someone at no seat (any id other than a side). */
const ONLOOKER = "onlooker";

/**
 * The battle's result with its machine-readable `code` (ruling SW-25: "half-units-lost",
 * "leaders-lost", "no-units-left", "both-broke", "turn-limit-win", "turn-limit-draw"), or null
 * while it goes on. The code is worked out from the final state by the function that ended the
 * battle (`battleEnding`), so the stored result, part of the state and its hash, needs none.
 */
function resultWithCode(state: BattleState): GameResult | null {
  const r = state.result;
  if (r === null) return null;
  const end = battleEnding(state);
  return end === null ? r : { winner: r.winner, rewards: r.rewards, reason: r.reason, code: end.code };
}

export const battleGame: Game<BattleState, BattleDecision, BattleSetup> = {
  id: SHIELDWALL_BATTLE_ID,
  title: "Shieldwall battle",
  players: ["red", "black"],
  playerNames: { red: "Red", black: "Black" },
  options: battleOptions,
  stats: battleStats,
  setup(options: BattleSetup, seed: number): BattleState {
    return createBattle(options.scenario, options.armies, seed);
  },
  toMove(state: BattleState): PlayerId | null {
    if (state.result) return null;
    return state.pending?.side ?? null;
  },
  legalMoves(state: BattleState, player: PlayerId): BattleDecision[] {
    if (state.result || !state.pending || state.pending.side !== player) return [];
    return stateOptions(new Ctx(state, true), state.pending).slice();
  },
  validate(state: BattleState, player: PlayerId, move: BattleDecision): string | null {
    return decisionProblem(state, player, move);
  },
  apply(state: BattleState, player: PlayerId, move: BattleDecision): Applied<BattleState> {
    return applyDecision(state, player, move);
  },
  result(state: BattleState): GameResult | null {
    return resultWithCode(state);
  },
  view(state: BattleState, player: PlayerId): BattleState {
    // Hidden: future draws (generator, god pile order) and a personal combat's hands (duel-seat.ts).
    return battleView(state, player);
  },
  onlookerView(state: BattleState): BattleState {
    // An onlooker at a personal combat sees what both fighters see: wounds, cards led, hand sizes.
    return battleView(state, ONLOOKER);
  },
  determinize: battleDeterminize,
  viewEvent: (event, player) => battleViewEvent(event, player),
  describeMove(_state: BattleState, _player: PlayerId, move: BattleDecision): string {
    return describeDecision(move);
  },
};

export { sideOfId };
