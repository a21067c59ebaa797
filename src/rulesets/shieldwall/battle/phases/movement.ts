/**
 * The movement phase (seed "Movement", "Manoeuvre", "Control Test", "Rest and Reform"; rulings SW-1,
 * SW-2, SW-15): units in acting order, control tests, chosen moves and their dice, and pursuers' moves.
 */
import { type ControlResult, mustTakeControlTest, resolveControl } from "../../checks.js";
import { aboutFace, distanceBeforeOverlap, planMove, stepHeading, unitFacing } from "../../geometry/movement.js";
import { distanceToTableEdge } from "../../geometry/table.js";
import { unitContacts } from "../../geometry/contact.js";
import { resolveFreeHack } from "../../checks.js";
import { unitDist, within } from "../../geometry/proximity.js";
import { rectCorners, rectOf, type Stand } from "../../geometry/stand.js";
import { angleBetweenDegrees, headingVector } from "../../geometry/vec.js";
import { restAndReform } from "../../leaders.js";
import { type MoveRoll, formUp } from "../../move-dice.js";
import { Ctx, push } from "../ctx.js";
import { throwMoveDice, thrown } from "../dice.js";
import { announceLosses, markMoved, moveStraight, planStraight, pursueToCampOrEdge, pursuitCharge, retireMove, takeFatigue } from "../effects.js";
import { applyEmbark, disembarkHalfMove, embarkedUnits, landUnit, moveStandsIndependently, moveThroughFriends } from "../manoeuvres.js";
import { formUpStands, moveOptions, moveProblem } from "../move-options.js";
import { actingOrder, controlInputFor, enemiesOnTable, headingTo, nearestVisibleEnemy, sideOrder, towardHeading, unitInFront } from "../queries.js";
import { unitRecord } from "../records.js";
import type { Aftermath, BattleState, BattleUnit, DiceRoll, MoveChoice, Task } from "../types.js";
import { ruleOption } from "../types.js";
import { addDisorder } from "../../units.js";
import { canAct, geomOf, onTable } from "../unit-facts.js";
import type { DecisionKind } from "../decision-kind.js";

/** The movement phase: every unit in acting order. */
export function movementTask(ctx: Ctx): void {
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

function unbrokenLineToRetinue(ctx: Ctx, bu: BattleUnit, home: BattleUnit, member: (u: BattleUnit) => boolean): boolean {
  // Units of the contingent chained in base contact (no breaks) to the leader's unit.
  const members = ctx.sideUnits(bu.side).filter((u) => onTable(u) && u.u.contingent === bu.u.contingent && member(u));
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
export function frontUnitFirst(ctx: Ctx, task: Extract<Task, { t: "move" }>): boolean {
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

export function moveTask(ctx: Ctx, id: string): void {
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
  const follow = home && beyond2 && !bu.pursuing ? sameWayAsRetinue(ctx, bu, home) : null;
  const need = mustTakeControlTest({
    beyond2OfRetinue: beyond2,
    unbrokenLineSameDirection: follow !== null,
    ceasingPursuit: bu.pursuing,
    leaderKilled: leader?.status !== "alive",
  });
  if (!need.must) {
    offerMove(ctx, id, follow ?? undefined);
    return;
  }
  controlTest(ctx, bu, need.reasons);
}

/** A control test: with option aGradeChoice "player" an A grade unit's player first declares the optional ±1 (the `control` decision). */
function controlTest(ctx: Ctx, bu: BattleUnit, reasons: string[]): void {
  if (bu.u.grade === "A" && ruleOption(ctx.s.options, "aGradeChoice") === "player") ctx.s.pending = { kind: "control", side: bu.side, unit: bu.id, reasons };
  else throwControl(ctx, bu, reasons);
}

/** Throws a unit's control test (with the A grade ±1 its player declared, if any). */
function throwControl(ctx: Ctx, bu: BattleUnit, reasons: string[], aGrade?: "plus" | "minus" | "none"): void {
  const result = resolveControl(ctx.rng, controlInputFor(ctx, bu, aGrade));
  const roll: DiceRoll = aGrade === undefined ? { what: "control", unit: bu.id, reasons, result } : { what: "control", unit: bu.id, reasons, result, aGrade };
  thrown(ctx, bu.side, roll);
}

/**
 * Seed "Control Test": a unit beyond 2" of its retinue need not test if it is "part of a contingent
 * with no breaks between it and the retinue and all intending to move in the same direction". The
 * retinue acts first in its contingent, so its move this phase shows the way the contingent moves:
 * the exemption holds when the retinue (formed) has made a straight move with dice this phase
 * (advance or towards the enemy), and the unit is chained to it in base contact through units of
 * the contingent that all face the retinue's way (a formed unit moves straight ahead, so units
 * facing the same way move in the same direction). Returns the retinue's move, which is then the
 * only move the unit may make (its intent); null when the unit must test.
 */
function sameWayAsRetinue(ctx: Ctx, bu: BattleUnit, home: BattleUnit): MoveChoice | null {
  const m = home.lastMove;
  if (!home.moved || home.retiring || !home.u.formed || !bu.u.formed || !m || (m.kind !== "advance" && m.kind !== "toward")) return null;
  const facing = unitFacing(geomOf(home));
  const sameFacing = (u: BattleUnit) => u.u.formed && angleBetweenDegrees(unitFacing(geomOf(u)), facing) <= 1;
  if (!sameFacing(bu)) return null;
  return unbrokenLineToRetinue(ctx, bu, home, sameFacing) ? m : null;
}

/** The declared A grade ±1 of a control test (seed "Control Test": "+/-1 (optional) if A Grade"), then the test. */
export const CONTROL_DECISION: DecisionKind<"control"> = {
  options: () => (["none", "plus", "minus"] as const).map((aGrade) => ({ type: "control", aGrade })),
  apply(ctx, p, d) {
    const bu = ctx.unit(p.unit);
    ctx.event({ type: "control-choice", text: `${bu.u.name}: ${describeControl(d.aGrade)}`, turn: ctx.s.turn, phase: ctx.s.phase, unit: bu.id, aGrade: d.aGrade });
    throwControl(ctx, bu, p.reasons, d.aGrade);
  },
  describe: (d) => describeControl(d.aGrade),
};

function describeControl(aGrade: "plus" | "minus" | "none"): string {
  return aGrade === "none" ? "control test without the A grade ±1" : `control test with the A grade ${aGrade === "plus" ? "+1" : "−1"}`;
}

/** The control test's result, once final (seed "Control Test"). */
export function afterControl(ctx: Ctx, id: string, r: ControlResult): void {
  const bu = ctx.unit(id);
  if (bu.pursuing) {
    if (r.pursuitContinues) {
      pursuitMove(ctx, bu, r.outcome === "advance-and-charge");
      return;
    }
    ctx.setUnit({ ...bu, pursuing: false, quarry: null });
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
function offerMove(ctx: Ctx, id: string, follow?: MoveChoice): void {
  const bu = ctx.unit(id);
  const options = moveOptions(ctx, bu);
  if (follow !== undefined && !options.some((m) => followsMove(m, follow))) {
    // It cannot move its retinue's way, so it does not intend to: it takes the control test (seed "Control Test").
    controlTest(ctx, bu, ['further than 2" from the leader\'s retinue, and not moving its way']);
    return;
  }
  if (options.length === 0) {
    ctx.ev("halt", `${bu.u.name} has no legal move and stays`, { unit: id });
    markMoved(ctx, id);
    return;
  }
  ctx.s.pending = follow === undefined ? { kind: "move", side: bu.side, unit: id } : { kind: "move", side: bu.side, unit: id, follow };
}

/** Is `m` the retinue's move `follow` (the same kind, and for an advance the same offset; the dice and stop are the unit's)? */
function followsMove(m: MoveChoice, follow: MoveChoice): boolean {
  if (m.kind !== follow.kind) return false;
  return m.kind !== "advance" || (follow.kind === "advance" && m.offset === follow.offset);
}

/** Blood Lust's advance towards the nearest enemy after a control test of 5+, once its dice are final. */
export function bloodlustAdvance(ctx: Ctx, id: string, roll: MoveRoll): void {
  const cur = ctx.unit(id);
  moveStraight(ctx, cur, towardHeading(ctx, cur), roll.inches, `advances towards the nearest enemy (Blood Lust, AvD ${roll.roll.faces.join("+")})`);
  takeFatigue(ctx, id, roll.fatigue, cur.u.formed);
  ctx.setUnit({ ...ctx.unit(id), mustCharge: true, moved: true });
}

/** Seed "Cohesion": "1 DP for some manoeuvre actions" — about face and change direction (option manoeuvreDp). */
function manoeuvreDp(ctx: Ctx, id: string, what: string): void {
  if (ruleOption(ctx.s.options, "manoeuvreDp") !== "turns") return;
  const was = ctx.unit(id);
  const r = addDisorder(was.u, "manoeuvre");
  ctx.setU(r.value);
  ctx.notes("manoeuvre-dp", [`the ${what} costs 1 manoeuvre DP (option manoeuvreDp)`, ...r.notes], { unit: id });
  announceLosses(ctx, [was], "destroyed");
}

/**
 * The move dice a chosen move throws (seed "Movement": AvD, plus a D6 if chosen; formed or not for
 * fatigue), or null for a move without dice. Shared by the move itself and the odds shown before it.
 */
export function moveDiceOf(m: MoveChoice): { kind: "normal"; extraD6: boolean; formed: boolean } | null {
  switch (m.kind) {
    case "advance":
    case "toward":
      return { kind: "normal", extraD6: m.extraD6, formed: true };
    case "change-direction":
    case "unformed-move":
      return { kind: "normal", extraD6: m.extraD6, formed: false };
    case "about-face":
      return m.halfMove === undefined ? null : { kind: "normal", extraD6: m.halfMove.extraD6, formed: true };
    case "disembark":
      return m.heading === undefined ? null : { kind: "normal", extraD6: m.extraD6 === true, formed: false };
    default:
      return null;
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
      manoeuvreDp(ctx, id, "about face");
      const dice = moveDiceOf(m);
      if (dice === null) break;
      // The half move left (ruling SW-1): the move dice (a set a kept Seven may re-roll, SW-11), then half the inches straight ahead.
      throwMoveDice(ctx, bu.side, id, dice, { k: "move", move: m, voluntary });
      return;
    }
    case "step": {
      moveStraight(ctx, bu, stepHeading(geomOf(bu), m.direction), m.distance, `steps ${m.direction} (no dice, no DPs)`);
      break;
    }
    case "advance":
    case "toward":
    case "change-direction":
    case "unformed-move": {
      if (m.kind === "change-direction") manoeuvreDp(ctx, id, "change of direction");
      // The move dice (a set a kept Seven may re-roll, ruling SW-11); the move follows once they are final.
      throwMoveDice(ctx, bu.side, id, moveDiceOf(m)!, { k: "move", move: m, voluntary });
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
      const dice = moveDiceOf(m);
      if (dice === null) break;
      // The other half of the move: the move dice (a set a kept Seven may re-roll, ruling SW-11), then the move.
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
export function finishMove(ctx: Ctx, id: string, m: MoveChoice, voluntary: boolean): void {
  const after = ctx.unit(id);
  if (after.u.status === "active")
    ctx.setUnit({
      ...after,
      moved: true,
      lastMove: voluntary && m.kind !== "retire" ? m : after.lastMove,
    });
}

/** The heading of a formed straight move: the unit's facing turned by the offset, or towards its nearest enemy. */
export function straightHeading(ctx: Ctx, bu: BattleUnit, m: Extract<MoveChoice, { kind: "advance" | "toward" }>): number {
  return m.kind === "advance" ? unitFacing(geomOf(bu)) + m.offset : towardHeading(ctx, bu);
}

/**
 * Option groupMove "same-way" (default): a retinue's formed move with dice always moves the body (seed
 * "Movement"), except the retinue's own declared moves: a stop short, to line up with friends or
 * ground, and a move through friends in its way (they are not moving its way).
 */
function movesAsBody(ctx: Ctx, bu: BattleUnit, m: Extract<MoveChoice, { kind: "advance" | "toward" }>): boolean {
  return m.group === true || (bu.u.kind === "retinue" && m.stopAt === undefined && m.interpenetrate !== true && ruleOption(ctx.s.options, "groupMove") === "same-way");
}

/**
 * The units a straight move of `bu` may move (itself, and for a body every unit of its contingent
 * on the table within 2" of it): a superset of the body {@link diceMove} forms, for bounds that
 * must hold whichever of them then moves.
 */
export function mayMoveWith(ctx: Ctx, bu: BattleUnit, m: Extract<MoveChoice, { kind: "advance" | "toward" }>): BattleUnit[] {
  if (!movesAsBody(ctx, bu, m)) return [bu];
  return ctx.sideUnits(bu.side).filter((u) => u.id === bu.id || (onTable(u) && u.u.contingent === bu.u.contingent && unitDist(bu, u) <= 2.01));
}

/** A chosen move with dice, once the dice are final. */
export function diceMove(ctx: Ctx, id: string, m: MoveChoice, voluntary: boolean, roll: MoveRoll): void {
  const bu = ctx.unit(id);
  if (m.kind === "advance" || m.kind === "toward") {
    const heading = straightHeading(ctx, bu, m);
    const dist = m.stopAt !== undefined ? Math.min(roll.inches, m.stopAt) : roll.inches;
    const group = [bu];
    if (movesAsBody(ctx, bu, m)) {
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
      if (m.interpenetrate) moveThroughFriends(ctx, cur, heading, dist, "moves");
      else moveStraight(ctx, cur, heading, dist, "moves");
      takeFatigue(ctx, g.id, roll.fatigue, cur.u.formed);
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
  } else if (m.kind === "about-face" && m.halfMove !== undefined) {
    moveStraight(ctx, bu, unitFacing(geomOf(bu)), roll.inches / 2, `moves on, half of its ${roll.inches}" after the about face (ruling SW-1)`);
    takeFatigue(ctx, id, roll.fatigue, bu.u.formed);
  } else if (m.kind === "disembark" && m.heading !== undefined) disembarkHalfMove(ctx, id, m.heading, roll.inches);
  finishMove(ctx, id, m, voluntary);
}



/** A pursuer's move in the movement phase (its pursuit continues); `bloodLust`: the control test gave Blood Lust's 5+. */
function pursuitMove(ctx: Ctx, bu: BattleUnit, bloodLust: boolean): void {
  const dice = { kind: "pursuit" as const, extraD6: true, formed: false };
  throwMoveDice(ctx, bu.side, bu.id, dice, bloodLust ? { k: "pursuit", bloodLust: true } : { k: "pursuit" });
}

/** A pursuer's quarry while it still flees on the table (a retirer; a router has left play by now), else null. */
export function fleeingQuarry(ctx: Ctx, bu: BattleUnit): BattleUnit | null {
  if (bu.quarry === null || !ctx.hasUnit(bu.quarry)) return null;
  const q = ctx.unit(bu.quarry);
  return onTable(q) && q.retiring ? q : null;
}

/**
 * The movement-phase pursuit once its dice are final (seed "Moves Following Combat", Pursue;
 * SW-20, SW-21). A pursuer chases its quarry, the unit it was pursuing, while that still flees on
 * the table: catching it gives the free hack and breaks it; a visible new enemy met on the way
 * halts the pursuer 2" from it and is charged at once. With its quarry gone it heads for the
 * enemy camp and loots it, or with no camp for the enemy's table edge and off it. `bloodLust`
 * (control test 5+ in Blood Lust, seed "Control Test"): it advances towards the nearest enemy
 * in sight instead and charges it if it comes within 2" (its quarry, if that is the nearest, is
 * pursued as above); with no enemy in sight it pursues as without.
 */
export function afterPursuitMove(ctx: Ctx, id: string, roll: MoveRoll, bloodLust = false): void {
  const bu = ctx.unit(id);
  const quarry = fleeingQuarry(ctx, bu);
  const nearest = bloodLust ? nearestVisibleEnemy(ctx, bu) : null;
  if (nearest !== null && nearest.id !== quarry?.id) {
    bloodLustPursuit(ctx, bu, nearest, roll);
    return;
  }
  if (quarry !== null) {
    const t = quarry;
    const gap = unitDist(bu, t);
    const heading = headingTo(bu, t);
    const want = Math.min(roll.inches, gap + 0.01);
    const stop = planMove(ctx.scene(), bu.id, heading, want, { zone: 2, stopAtTableEdge: true }).stoppedBy;
    if (stop && stop.kind === "enemy-zone" && stop.unit !== t.id) {
      // New enemy on the way: it halts 2" from it and charges it at once.
      moveStraight(ctx, bu, heading, want, `pursues ${t.u.name}`);
      chargeNewEnemy(ctx, id);
      markMoved(ctx, id);
      return;
    }
    moveStraight(ctx, bu, heading, want, `pursues ${t.u.name}`, { zone: 0 });
    markMoved(ctx, id);
    if (roll.inches < gap - 1e-6) {
      ctx.ev("outdistanced", `${t.u.name} outdistances ${bu.u.name}`, { unit: t.id, pursuer: id });
      return;
    }
    // Caught: a free hack, one die per pursuing stand in contact (at least 1); the retirer then breaks.
    const cur = ctx.unit(id);
    const engaged = new Set(unitContacts(geomOf(cur), geomOf(ctx.unit(t.id)), ctx.s.table.options.contactTolerance).map((c) => c.standOfA));
    const dice = Math.max(1, engaged.size);
    const after: Aftermath = { outcomes: [], positions: { [t.id]: ctx.unit(t.id).stands }, step: 0, fled: [{ id: t.id, how: "retire" }], fellBack: {}, refresh: false };
    const hack: DiceRoll = { what: "free-hack", unit: id, target: t.id, dice, after, result: resolveFreeHack(ctx.rng, dice) };
    thrown(ctx, bu.side, hack);
    return;
  }
  const went = pursueToCampOrEdge(ctx, bu, roll.inches);
  if (went === "left-table") return;
  if (went === "moved") chargeNewEnemy(ctx, id);
  markMoved(ctx, id);
}

/**
 * Seed "Control Test", 5+: "Units in Blood Lust must advance towards the nearest enemy and charge
 * if they come within 2"" — for a pursuer, a full unformed pursuit move towards that enemy (its
 * pursuit continues), halting 2" from visible enemy, and the automatic charge of a pursuer.
 */
function bloodLustPursuit(ctx: Ctx, bu: BattleUnit, enemy: BattleUnit, roll: MoveRoll): void {
  const want = Math.min(roll.inches, unitDist(bu, enemy) + 0.01);
  moveStraight(ctx, bu, headingTo(bu, enemy), want, `advances towards the nearest enemy, ${enemy.u.name} (Blood Lust, pursuit continues)`);
  chargeNewEnemy(ctx, bu.id);
  markMoved(ctx, bu.id);
}

/** Pursuers encountering new enemy charge them at once; the combat is fought in this turn's combat phase. */
function chargeNewEnemy(ctx: Ctx, id: string): void {
  const charged = pursuitCharge(ctx, id, new Set());
  const cur = ctx.unit(id);
  const e = charged ? null : nearestVisibleEnemy(ctx, cur);
  if (e && within(cur, e, 2)) ctx.setUnit({ ...cur, mustCharge: true });
}

/** A move in a few words. */
export function describeMove(m: MoveChoice): string {
  const dice = (x: { extraD6: boolean; stopAt?: number; interpenetrate?: boolean }) =>
    `${x.extraD6 ? "AvD+D6" : "AvD"}${x.stopAt !== undefined ? `, stop at ${x.stopAt}"` : ""}${x.interpenetrate ? ", through friends" : ""}`;
  switch (m.kind) {
    case "advance":
      return `advance ${m.offset === 0 ? "straight" : `${m.offset > 0 ? "left" : "right"} ${Math.abs(m.offset)}°`} (${dice(m)})${m.group ? " with the group" : ""}`;
    case "toward":
      return `advance towards the nearest enemy (${dice(m)})${m.group ? " with the group" : ""}`;
    case "about-face":
      return m.halfMove ? `about face, then half a move straight ahead (${m.halfMove.extraD6 ? "AvD+D6" : "AvD"})` : "about face";
    case "step":
      return `step ${m.direction} ${m.distance}"`;
    case "change-direction":
      return `change direction to ${m.heading}° (${dice(m)}), unformed${m.headings ? `, stands on ${m.headings.join("°/")}°` : ""}`;
    case "unformed-move":
      return `move unformed on ${m.heading}° (${dice(m)})${m.headings ? `, stands on ${m.headings.join("°/")}°` : ""}`;
    case "form-up":
      return `form up facing ${m.facing}°`;
    case "retire":
      return "retire a further move";
    case "rest":
      return "rest and reform";
    case "hold":
      return "hold";
    case "disembark":
      return `disembark${m.heading !== undefined ? ` and move on ${m.heading}° (half of ${m.extraD6 ? "AvD+D6" : "AvD"})` : ""}`;
    case "embark":
      return `embark at ${m.boats}`;
  }
}

/** A unit's move (seed "Movement", "Manoeuvre"): the enumerated choices, or any other `moveProblem` accepts. */
export const MOVE_DECISION: DecisionKind<"move"> = {
  options: (ctx, p) => {
    const all = moveOptions(ctx, ctx.unit(p.unit));
    const follow = p.follow;
    return (follow === undefined ? all : all.filter((m) => followsMove(m, follow))).map((move) => ({ type: "move", move }));
  },
  problem: (ctx, p, d) => {
    if (p.follow !== undefined && (d.move === null || typeof d.move !== "object" || !followsMove(d.move, p.follow)))
      return `${ctx.unit(p.unit).u.name} is spared its control test only to move its retinue's way (${describeMove(p.follow)}; seed "Control Test")`;
    return moveProblem(ctx, ctx.unit(p.unit), d.move);
  },
  apply(ctx, p, d) {
    const bu = ctx.unit(p.unit);
    ctx.event({ type: "move-decision", text: `${bu.u.name}: ${describeMove(d.move)}`, turn: ctx.s.turn, phase: ctx.s.phase, unit: bu.id, move: d.move });
    applyMove(ctx, bu, d.move);
  },
  describe: (d) => describeMove(d.move),
};

/** One unit's part in a previewed move. */
export interface PreviewedMove {
  unit: string;
  /** Inches it would move, of `asked`. */
  distance: number;
  asked: number;
  /** Stopped short by a friendly stand in its way. */
  blockedByFriend: boolean;
  /** Stopped short by the table edge. */
  blockedByEdge: boolean;
  /** Where its stands would end. */
  stands: Stand[];
}

/**
 * Where a formed straight move (advance or towards) would take the unit, and the body that moves
 * with it, if its dice gave `inches`: the engine's own move on a working copy that is then thrown
 * away, so a computer player can weigh moves before any die is thrown (no dice are read).
 */
export function previewMove(state: BattleState, id: string, m: Extract<MoveChoice, { kind: "advance" | "toward" }>, inches: number): PreviewedMove[] {
  // A unit moving alone, straight: its plan is the whole move (nothing after it moves a stand), so
  // the plan is read without running the move on a copy.
  const look = new Ctx(state, true);
  const bu = look.unit(id);
  if (m.interpenetrate !== true && !movesAsBody(look, bu, m)) {
    const asked = m.stopAt !== undefined ? Math.min(inches, m.stopAt) : inches;
    const plan = planStraight(look, bu, straightHeading(look, bu, m), asked);
    const stop = plan.stoppedBy;
    return [{ unit: id, distance: plan.distance, asked, blockedByFriend: stop?.kind === "stand" && stop.friend, blockedByEdge: stop?.kind === "table-edge", stands: plan.unit.stands }];
  }
  const ctx = new Ctx(state);
  ctx.touch();
  diceMove(ctx, id, m, true, { roll: { dice: [], faces: [], total: inches }, inches, fatigue: 0 });
  const out: PreviewedMove[] = [];
  for (const e of ctx.events) {
    if (e.type !== "move" || typeof e.unit !== "string") continue;
    const stop = e.stoppedBy as { kind?: string; friend?: boolean } | null | undefined;
    out.push({ unit: e.unit, distance: Number(e.distance), asked: Number(e.asked), blockedByFriend: stop?.kind === "stand" && stop.friend === true, blockedByEdge: stop?.kind === "table-edge", stands: ctx.unit(e.unit).stands });
  }
  return out;
}

/**
 * Could a friend or the table edge stop the straight move `m` of unit `id` — or of any unit that
 * may move with it as one body (a retinue's contingent within 2") — within `reach` inches? A cheap
 * test before {@link previewMove}, exact in one direction: false means no preview of the move at
 * any length up to `reach` is stopped by a friend or the edge. Every unit of a body moves the same
 * way, so a body member that moved first is only further along the heading than it stands now.
 */
export function friendOrEdgeWithin(state: BattleState, id: string, m: Extract<MoveChoice, { kind: "advance" | "toward" }>, reach: number): boolean {
  const ctx = new Ctx(state, true);
  const bu = ctx.unit(id);
  if (bu.stands.length === 0) return false;
  const d = headingVector(straightHeading(ctx, bu, m));
  const friends = ctx.sideUnits(bu.side).filter((u) => onTable(u));
  for (const mv of mayMoveWith(ctx, bu, m)) {
    const own = mv.stands.map(rectOf);
    for (const r of own) if (distanceToTableEdge(r, d.x, d.y, ctx.s.table) < reach) return true;
    // (A stand cannot be met sooner than it is far.)
    for (const f of friends) if (f.id !== mv.id && unitDist(mv, f) < reach && distanceBeforeOverlap(own, d, f.stands.map(rectOf)).distance < reach) return true;
  }
  return false;
}
