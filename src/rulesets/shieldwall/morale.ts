/**
 * Every trigger in the seed's DP list and aggression list ("Cohesion, Morale and Aggression"),
 * as plain functions over explicit inputs. Distances arrive as booleans ("within 2"") decided by
 * the table (issue 4) or by the players at a real table. DPs and aggression changes go through
 * addDisorder / dropAggression / raiseAggression (rulings SW-12, SW-13).
 */
import { addDisorder, type Changed, dropAggression, GRADE_RANK, type Grade, raiseAggression, type UnitState } from "./units.js";

function unchanged<T>(value: T, note: string): Changed<T> {
  return { value, notes: [note] };
}

/** Applies a per-unit change to every unit that matches; the others are returned as they were. */
export function forEachUnit(units: readonly UnitState[], match: (u: UnitState) => boolean, f: (u: UnitState) => Changed<UnitState>): Changed<UnitState[]> {
  const notes: string[] = [];
  const value = units.map((u) => {
    if (u.status !== "active" || !match(u)) return u;
    const r = f(u);
    notes.push(...r.notes);
    return r.value;
  });
  return { value, notes };
}

/**
 * "1 DP if a friendly equal or higher grade unit retiring within 2"": a morale DP (ruling SW-12),
 * grade order A > B > C > D (ruling SW-14).
 */
export function friendRetiringNearby(unit: UnitState, input: { retiringGrade: Grade; within2: boolean }): Changed<UnitState> {
  if (!input.within2) return unchanged(unit, `${unit.name}: the retiring friend is not within 2"`);
  if (GRADE_RANK[input.retiringGrade] < GRADE_RANK[unit.grade]) return unchanged(unit, `${unit.name}: a lower-grade friend retiring does not disorder it`);
  return addDisorder(unit, "morale");
}

/** "−1 level if any equal or higher grade unit broken or destroyed within 2"" (ruling SW-14). */
export function friendBrokenNearby(unit: UnitState, input: { brokenGrade: Grade; within2: boolean }): Changed<UnitState> {
  if (!input.within2) return unchanged(unit, `${unit.name}: the broken friend is not within 2"`);
  if (GRADE_RANK[input.brokenGrade] < GRADE_RANK[unit.grade]) return unchanged(unit, `${unit.name}: a lower-grade friend breaking does not shake it`);
  return dropAggression(unit, 1);
}

/**
 * "−1 level if the leader is killed (at any distance)": every unit of his contingent, or of the
 * whole army when he was the commander-in-chief. `units` are the units of the leader's army.
 */
export function leaderKilled(units: readonly UnitState[], leader: { contingent: string; commanderInChief: boolean; name: string }): Changed<UnitState[]> {
  const r = forEachUnit(units, (u) => leader.commanderInChief || u.contingent === leader.contingent, (u) => dropAggression(u, 1));
  return { value: r.value, notes: [`${leader.name} is killed${leader.commanderInChief ? " (commander-in-chief: the whole army is shaken)" : ""}`, ...r.notes] };
}

/**
 * "−1 level if a Battle Standard is routing or retiring" (ruling SW-14): once, to every unit of
 * the standard's army, when its unit starts to retire or break. `alreadyApplied` is true when the
 * standard already fell back before; then nothing happens.
 */
export function battleStandardRetiring(units: readonly UnitState[], alreadyApplied: boolean): Changed<UnitState[]> & { applied: boolean } {
  if (alreadyApplied) return { value: [...units], notes: ["the battle standard has already shaken the army once"], applied: true };
  const r = forEachUnit(units, () => true, (u) => dropAggression(u, 1));
  return { value: r.value, notes: ["the battle standard is retiring: every unit of its army drops one level", ...r.notes], applied: true };
}

/** "+1 if an enemy unit broken/destroyed/retiring within 2"". */
export function enemyBrokenNearby(unit: UnitState, input: { within2: boolean }): Changed<UnitState> {
  if (!input.within2) return unchanged(unit, `${unit.name}: the enemy's rout is not within 2"`);
  return raiseAggression(unit, 1);
}

/**
 * Personal combat consequences for the units: "+1 from leader or champion winning personal
 * combat" for every unit of the winner's contingent, and "1 DP if leader or champion lost
 * personal combat" (a morale DP, ruling SW-12) for every unit of the loser's contingent.
 * `units` may hold both armies; contingent ids are matched together with the side's units.
 */
export function personalCombatOutcome(
  winnerUnits: readonly UnitState[],
  loserUnits: readonly UnitState[],
  input: { winnerContingent: string; loserContingent: string },
): { winners: UnitState[]; losers: UnitState[]; notes: string[] } {
  const w = forEachUnit(winnerUnits, (u) => u.contingent === input.winnerContingent, (u) => raiseAggression(u, 1));
  const l = forEachUnit(loserUnits, (u) => u.contingent === input.loserContingent, (u) => addDisorder(u, "morale"));
  return { winners: w.value, losers: l.value, notes: [...w.notes, ...l.notes] };
}

/**
 * "1 DP for each unit with enemy advancing towards them within 8" before they have signalled the
 * advance" (ruling SW-15): at the end of an enemy move, if the unit's contingent has not
 * signalled and an enemy that moved towards it ended within 8", 1 morale DP — at most one such DP
 * per unit per phase (`alreadyThisPhase`).
 */
export function enemyAdvancingBeforeSignal(
  unit: UnitState,
  input: { contingentSignalled: boolean; enemyAdvancedWithin8: boolean; alreadyThisPhase: boolean },
): Changed<UnitState> & { took: boolean } {
  if (input.contingentSignalled) return withTook(unchanged(unit, `${unit.name}'s contingent has signalled the advance`), false);
  if (!input.enemyAdvancedWithin8) return withTook(unchanged(unit, `${unit.name}: no enemy advanced to within 8"`), false);
  if (input.alreadyThisPhase) return withTook(unchanged(unit, `${unit.name} already took this phase's DP for advancing enemy`), false);
  return withTook(addDisorder(unit, "morale"), true);
}

/** A change and whether the DP was taken, in one literal (a spread followed by a new field takes V8's slow path). */
function withTook(c: Changed<UnitState>, took: boolean): Changed<UnitState> & { took: boolean } {
  return { value: c.value, notes: c.notes, took };
}

/** "1 DP if failed attempt to charge" (a morale DP, ruling SW-12). */
export function failedCharge(unit: UnitState): Changed<UnitState> {
  const r = addDisorder(unit, "morale");
  return { value: r.value, notes: [`${unit.name} fails to charge`, ...r.notes] };
}
