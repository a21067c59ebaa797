/**
 * The records that enter a battle state, each built by one function in one field order. Objects
 * of one kind copied by spreads at many places take many V8 shapes and their reads go megamorphic
 * (docs/architecture.md, "Keeping the Shieldwall engine fast"); `test/shieldwall/battle/records.test.ts`
 * checks the order on the states of random battles.
 */
import type { LeaderState, UnitState } from "../units.js";
import type { BattleState, BattleUnit, SideState } from "./types.js";

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
    quarry: bu.quarry,
    retiring: bu.retiring,
    followingUp: bu.followingUp,
    followedUp: bu.followedUp,
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
export function stateRecord(state: BattleState): BattleState {
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
export function leaderRecord(l: LeaderState): LeaderState {
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
