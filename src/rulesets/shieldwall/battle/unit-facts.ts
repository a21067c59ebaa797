/** Facts about sides and units that need no context: sides, headings, on the table or not. */
import type { Side } from "../army.js";
import type { UnitGeom } from "../geometry/unit.js";
import type { BattleUnit } from "./types.js";

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



export function sideOfId(id: string): Side {
  return id.startsWith("red.") ? "red" : "black";
}

/** Seed "Combat": "+1 Following up an opponent that fell back": only against that opponent, not a later one. */
export function followingUpAgainst(bu: BattleUnit, foes: readonly BattleUnit[]): boolean {
  return bu.followingUp && foes.some((f) => bu.followedUp.includes(f.id));
}
