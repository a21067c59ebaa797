/**
 * The two ways to run the attack of attack.ts: a seeded roll with every die kept (for play), and
 * the exact outcome distribution over every die result (for the odds). Both drive the same
 * {@link advance}, so they cannot disagree about the rule.
 */
import { D6, type Roll, roll3d6, rollPool } from "../../core/dice.js";
import { Fraction } from "../../core/fraction.js";
import type { Random } from "../../core/random.js";
import { type AttackPlan, advance, firstStep, OUTCOMES, type Outcome, type Pending, type Purpose, type Step } from "./attack.js";
import { LOCATIONS, type Location, RANDOM_LOCATIONS } from "./locations.js";
import { FACES_D6, TOTALS_3D6 } from "./success.js";

export interface DieStep {
  purpose: Purpose;
  roll: Roll;
  /** What the result meant. */
  note: string;
}

export interface AttackRecord {
  outcome: Outcome;
  location: Location | null;
  steps: DieStep[];
}

/** Resolves one attack with dice from `rng`, keeping every die. */
export function resolveAttack(plan: AttackPlan, rng: Random): AttackRecord {
  let step: Step = firstStep(plan);
  const steps: DieStep[] = [];
  while (!step.done) {
    const roll = step.need === "3d6" ? roll3d6(rng) : rollPool(rng, 1, D6);
    const next = advance(plan, step, roll.total);
    steps.push({ purpose: step.purpose, roll, note: next.note() });
    step = next.step;
  }
  return { outcome: step.outcome, location: step.location, steps };
}

/** Resolves one attack from given die totals, in the order the rule asks for them (for tests and replays). */
export function resolveWithTotals(plan: AttackPlan, totals: readonly number[]): { outcome: Outcome; location: Location | null; used: number } {
  let step: Step = firstStep(plan);
  let used = 0;
  while (!step.done) {
    if (used >= totals.length) throw new RangeError(`the attack needs more than ${totals.length} dice`);
    step = advance(plan, step, totals[used++]).step;
  }
  return { outcome: step.outcome, location: step.location, used };
}

export interface ExactOutcome {
  /** The six outcomes, summing to exactly 1; `hit` excludes critical hits. */
  p: Record<Outcome, Fraction>;
  /** The chance the attack lands on each location (hits and critical hits). */
  hitByLocation: Record<string, Fraction>;
}

/**
 * The common denominator of every path: at most three 3d6 rolls (attack, location, defence) and
 * two 1d6 (hand, cover) — 216³ · 6² = 362,797,056, so weights stay exact in doubles.
 */
const DENOMINATOR = 216 ** 3 * 36;

/** w / DENOMINATOR as a Fraction, reduced first in doubles (exact below 2^53) to spare BigInt work. */
function fraction(w: number): Fraction {
  let a = w;
  let b = DENOMINATOR;
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a === 0 ? Fraction.ZERO : Fraction.of(BigInt(w / a), BigInt(DENOMINATOR / a));
}

const PURPOSE_INDEX: Record<Purpose, number> = { attack: 0, location: 1, hand: 2, cover: 3, defence: 4 };
const LOCATION_INDEX = new Map<Location, number>(LOCATIONS.map((l, i) => [l, i + 1]));

/** Steps that are equal in everything the rest of the attack depends on share a key. */
function key(s: Pending): number {
  return PURPOSE_INDEX[s.purpose] * 64 + (s.crit ? 32 : 0) + (s.location ? (LOCATION_INDEX.get(s.location) ?? 0) : 0);
}

/**
 * The exact distribution of the attack's outcome: breadth-first over the steps of
 * {@link advance}, merging equal steps, with every 3d6 total and 1d6 face at its exact weight.
 */
export function exactOutcome(plan: AttackPlan): ExactOutcome {
  const weights: Record<Outcome, number> = { criticalHit: 0, hit: 0, shield: 0, defended: 0, miss: 0, criticalMiss: 0 };
  const byLocation = new Map<Location, number>();
  let frontier: { state: Pending; w: number }[] = [{ state: firstStep(plan), w: DENOMINATOR }];
  while (frontier.length > 0) {
    const next = new Map<number, { state: Pending; w: number }>();
    for (const { state, w } of frontier) {
      const faces = state.need === "3d6" ? TOTALS_3D6 : FACES_D6;
      const unit = w / (state.need === "3d6" ? 216 : 6);
      for (const [value, ways] of faces) {
        const step = advance(plan, state, value).step;
        const wt = unit * ways;
        if (step.done) {
          weights[step.outcome] += wt;
          if ((step.outcome === "hit" || step.outcome === "criticalHit") && step.location) byLocation.set(step.location, (byLocation.get(step.location) ?? 0) + wt);
        } else {
          const k = key(step);
          const entry = next.get(k);
          if (entry) entry.w += wt;
          else next.set(k, { state: step, w: wt });
        }
      }
    }
    frontier = [...next.values()];
  }
  const p = {} as Record<Outcome, Fraction>;
  for (const o of OUTCOMES) p[o] = fraction(weights[o]);
  const hitByLocation: Record<string, Fraction> = {};
  const shown = plan.aimed ? [plan.aimed] : RANDOM_LOCATIONS;
  for (const loc of shown) hitByLocation[loc] = fraction(byLocation.get(loc) ?? 0);
  return { p, hitByLocation };
}
