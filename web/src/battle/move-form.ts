/**
 * A move with the player's own parameters (seed "Movement", "Manoeuvre", ruling SW-1): the engine
 * accepts any move its `moveProblem` allows, not only the listed ones — an advance at any angle
 * within the 22½° arc, a declared stop at any distance, the optional D6, passing through friends.
 * This only builds the decision from the form's texts; the engine checks it and names what is wrong.
 */
import type { BattleDecision, MoveChoice } from "../../../src/rulesets/shieldwall/battle/index.js";

export interface MoveFormInput {
  kind: "advance" | "toward" | "change-direction" | "unformed-move";
  /** Degrees off straight ahead (advance) or the heading in degrees anticlockwise from east (change of direction, unformed move). */
  angle: string;
  extraD6: boolean;
  /** Declared stop in inches; blank for none. */
  stopAt: string;
  interpenetrate: boolean;
  /**
   * Unformed moves only (seed "Unformed Units": "move stands independently"): each stand's own
   * heading in degrees, in the order of the unit's stands; all blank: the stands keep together on
   * the move's heading. Any filled: blanks take the move's heading.
   */
  standHeadings: string[];
}

export const MOVE_FORM_DEFAULT: MoveFormInput = { kind: "advance", angle: "0", extraD6: false, stopAt: "", interpenetrate: false, standHeadings: [] };

/** The move decision the form describes, or what is wrong with a field's text (numbers only: the rules are the engine's). */
export function moveFromForm(f: MoveFormInput): { decision: BattleDecision } | { error: string } {
  const angle = Number(f.angle);
  if (f.kind !== "toward" && (f.angle.trim() === "" || !Number.isFinite(angle))) return { error: `${f.kind === "advance" ? "offset" : "heading"}: a number of degrees, got "${f.angle}"` };
  let stopAt: number | undefined;
  if (f.stopAt.trim() !== "") {
    stopAt = Number(f.stopAt);
    if (!Number.isFinite(stopAt)) return { error: `declared stop: a number of inches, got "${f.stopAt}"` };
  }
  let headings: number[] | undefined;
  if ((f.kind === "change-direction" || f.kind === "unformed-move") && f.standHeadings.some((h) => h.trim() !== "")) {
    headings = [];
    for (const [i, h] of f.standHeadings.entries()) {
      const v = h.trim() === "" ? angle : Number(h);
      if (!Number.isFinite(v)) return { error: `stand ${i + 1}'s heading: a number of degrees, got "${h}"` };
      headings.push(v);
    }
  }
  let move: MoveChoice;
  switch (f.kind) {
    case "advance":
      move = { kind: "advance", offset: angle, extraD6: f.extraD6 };
      break;
    case "toward":
      move = { kind: "toward", extraD6: f.extraD6 };
      break;
    case "change-direction":
      move = { kind: "change-direction", heading: angle, extraD6: f.extraD6 };
      break;
    case "unformed-move":
      move = { kind: "unformed-move", heading: angle, extraD6: f.extraD6 };
      break;
  }
  if (stopAt !== undefined) (move as { stopAt?: number }).stopAt = stopAt;
  if (f.interpenetrate) (move as { interpenetrate?: boolean }).interpenetrate = true;
  if (headings) (move as { headings?: number[] }).headings = headings;
  return { decision: { type: "move", move } };
}
