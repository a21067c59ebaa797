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
}

export const MOVE_FORM_DEFAULT: MoveFormInput = { kind: "advance", angle: "0", extraD6: false, stopAt: "", interpenetrate: false };

/** The move decision the form describes, or what is wrong with a field's text (numbers only: the rules are the engine's). */
export function moveFromForm(f: MoveFormInput): { decision: BattleDecision } | { error: string } {
  const angle = Number(f.angle);
  if (f.kind !== "toward" && (f.angle.trim() === "" || !Number.isFinite(angle))) return { error: `${f.kind === "advance" ? "offset" : "heading"}: a number of degrees, got "${f.angle}"` };
  let stopAt: number | undefined;
  if (f.stopAt.trim() !== "") {
    stopAt = Number(f.stopAt);
    if (!Number.isFinite(stopAt)) return { error: `declared stop: a number of inches, got "${f.stopAt}"` };
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
  return { decision: { type: "move", move } };
}
