/**
 * One GURPS attack resolved a die at a time in the browser: the ruleset's own `advance`
 * (src/rulesets/gurps/attack.ts) does every step; this file keeps the dice thrown so far and the
 * seeded generator's state, so the same seed gives the same attack.
 */
import { D6, roll3d6, rollPool } from "../../../src/core/dice.js";
import { Random, type RandomState } from "../../../src/core/random.js";
import { type AttackPlan, advance, firstStep, OUTCOME_NAMES, type Purpose, type Step } from "../../../src/rulesets/gurps/attack.js";

export interface ThrownStep {
  purpose: Purpose;
  faces: number[];
  total: number;
  note: string;
}

export interface AttackSession {
  plan: AttackPlan;
  steps: ThrownStep[];
  step: Step;
  rng: RandomState;
}

export const PURPOSE_NAME: Record<Purpose, string> = {
  attack: "attack roll (3d6)",
  location: "hit location (3d6)",
  hand: "which hand (1d6)",
  cover: "random cover (1d6)",
  defence: "defence roll (3d6)",
};

export function startAttack(plan: AttackPlan, seed: number): AttackSession {
  return { plan, steps: [], step: firstStep(plan), rng: Random.fromSeed(seed).state() };
}

/** Throws the die the pending step needs (or uses `total` if given) and takes the attack one step on. */
export function throwNext(s: AttackSession, total?: number): AttackSession {
  if (s.step.done) return s;
  const rng = new Random(s.rng);
  const roll = total === undefined ? (s.step.need === "3d6" ? roll3d6(rng) : rollPool(rng, 1, D6)) : { dice: [], faces: [], total };
  const next = advance(s.plan, s.step, roll.total);
  return { plan: s.plan, steps: [...s.steps, { purpose: s.step.purpose, faces: roll.faces, total: roll.total, note: next.note() }], step: next.step, rng: rng.state() };
}

/** Throws until the attack is resolved. */
export function throwAll(s: AttackSession): AttackSession {
  let t = s;
  while (!t.step.done) t = throwNext(t);
  return t;
}

export function resultText(s: AttackSession): string | null {
  if (!s.step.done) return null;
  const hit = s.step.outcome === "hit" || s.step.outcome === "criticalHit";
  return `${OUTCOME_NAMES[s.step.outcome]}${hit && s.step.location ? ` (${s.step.location})` : ""}`;
}
