/**
 * The non-spatial parts of Shieldwall movement: the move dice and the fatigue they cause
 * (seed "Movement Rates", "Fatigue", ruling SW-2, the first joker's soggy ground), and which
 * manoeuvres a unit may make (ruling SW-1). Where the unit goes is the table's business (issue 4).
 */
import { AVERAGE_DIE, D6, type Die, dieDist, type Roll, roll } from "../../core/dice.js";
import { Dist } from "../../core/distribution.js";
import type { Random } from "../../core/random.js";
import { addDisorder, type Changed, type Grade, type UnitState } from "./units.js";

export const MOVE_KINDS = ["normal", "rout", "retire", "pursuit"] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

export interface MoveDiceInput {
  kind: MoveKind;
  /** The optional extra D6, declared before rolling (normal moves only; SW-2 makes it compulsory otherwise). */
  extraD6: boolean;
}

/** Dice thrown: 1 AvD + optional D6; rout, retire and pursuit roll both (ruling SW-2). */
export function moveDice(input: MoveDiceInput): Die[] {
  return input.kind === "normal" && !input.extraD6 ? [AVERAGE_DIE] : [AVERAGE_DIE, D6];
}

/** The highest total the move dice can show (AvD 5, D6 6), before any bonus. */
export function topMoveDice(input: MoveDiceInput): number {
  return moveDice(input).reduce((t, d) => t + Math.max(...d.faces), 0);
}

/** +1" for rout and retire moves (ruling SW-2). */
export function moveBonus(kind: MoveKind): number {
  return kind === "rout" || kind === "retire" ? 1 : 0;
}

/** Lowest face that causes a fatigue DP: 5 normally, 4 once the first joker has made the ground soggy. */
export function fatigueFrom(soggyGround: boolean): number {
  return soggyGround ? 4 : 5;
}

/** Fatigue DPs from one throw of the move dice: formed units take 1 for each die at or above the threshold; unformed none. */
export function fatigueDps(faces: readonly number[], formed: boolean, soggyGround: boolean): number {
  if (!formed) return 0;
  const from = fatigueFrom(soggyGround);
  return faces.filter((f) => f >= from).length;
}

export interface MoveRoll {
  roll: Roll;
  inches: number;
  fatigue: number;
}

/**
 * Routing, retiring and pursuing units are unformed (seed "Unformed Units"), whatever the unit was
 * before: such a move takes no fatigue (and leaves the unit unformed).
 */
export function moveIsUnformed(kind: MoveKind): boolean {
  return kind !== "normal";
}

/** Whether this move is made formed: a normal move as the unit stands, never a rout, retire or pursuit. */
export function movesFormed(kind: MoveKind, unitFormed: boolean): boolean {
  return unitFormed && !moveIsUnformed(kind);
}

export function rollMove(rng: Random, input: MoveDiceInput & { formed: boolean; soggyGround: boolean }): MoveRoll {
  const r = roll(rng, moveDice(input));
  return { roll: r, inches: r.total + moveBonus(input.kind), fatigue: fatigueDps(r.faces, movesFormed(input.kind, input.formed), input.soggyGround) };
}

/** Exact joint distribution of distance and fatigue DPs of one move. */
export function moveDist(input: MoveDiceInput & { formed: boolean; soggyGround: boolean }): Dist<{ inches: number; fatigue: number }> {
  let d = Dist.certain<number[]>([]);
  for (const die of moveDice(input)) d = d.combine(dieDist(die), (faces, f) => [...faces, f]);
  const bonus = moveBonus(input.kind);
  const formed = movesFormed(input.kind, input.formed);
  return d.map((faces) => ({ inches: faces.reduce((a, b) => a + b, 0) + bonus, fatigue: fatigueDps(faces, formed, input.soggyGround) }));
}

/** The unit takes the fatigue DPs of its move (fatigue kind: always added, ruling SW-12). */
export function applyFatigue(unit: UnitState, fatigue: number): Changed<UnitState> {
  if (fatigue === 0) return { value: unit, notes: [] };
  return addDisorder(unit, "fatigue", fatigue);
}

/** Side-step, step back or step forward: A and B grade only (seed "Manoeuvre"). */
export function maySideStep(grade: Grade): boolean {
  return grade === "A" || grade === "B";
}

/** Form up an unformed unit (the whole move, ruling SW-1); not while in combat. */
export function formUp(unit: UnitState): Changed<UnitState> {
  if (unit.inCombat) throw new RangeError(`${unit.name} is in combat and may not reform`);
  if (unit.formed) return { value: unit, notes: [`${unit.name} is already formed`] };
  return { value: { ...unit, formed: true }, notes: [`${unit.name} forms up (its whole move)`] };
}
