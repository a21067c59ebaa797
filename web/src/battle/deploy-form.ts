/**
 * A deployment anywhere, not only on the offered grid: `deployProblem` (battle/placement.ts)
 * accepts any front-line centre x and distance from the centre line where the contingent fits
 * (seed "Deployment"). This only builds the decision from the form's texts; the engine checks it
 * and names what is wrong.
 */
import type { BattleDecision } from "../../../src/rulesets/shieldwall/battle/index.js";

export interface DeployFormInput {
  contingent: string;
  /** The front line's centre, inches from the west edge. */
  x: string;
  /** Inches from the centre line. */
  distance: string;
}

/** The form's first values: the first offered place of `contingent` (or of the first contingent offered). */
export function deployFormStart(offered: readonly { contingent: string; x: number; distance: number }[], contingent?: string): DeployFormInput {
  const o = offered.find((p) => contingent === undefined || p.contingent === contingent) ?? offered[0];
  return o ? { contingent: o.contingent, x: String(o.x), distance: String(o.distance) } : { contingent: contingent ?? "", x: "", distance: "" };
}

/** The deploy decision the form describes, or what is wrong with a field's text (numbers only: the rules are the engine's). */
export function deployFromForm(f: DeployFormInput): { decision: BattleDecision } | { error: string } {
  const x = Number(f.x);
  if (f.x.trim() === "" || !Number.isFinite(x)) return { error: `x: a number of inches from the west edge, got "${f.x}"` };
  const distance = Number(f.distance);
  if (f.distance.trim() === "" || !Number.isFinite(distance)) return { error: `distance: a number of inches from the centre line, got "${f.distance}"` };
  return { decision: { type: "deploy", contingent: f.contingent, x, distance } };
}
