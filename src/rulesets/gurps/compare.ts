/**
 * The same attack under all four treatments of the shield, side by side, to answer the seed's
 * own question of which option plays best — and, where the GM lets the attacker choose to treat
 * the shield as cover (seed "Attacker choice"), which treatment serves him best.
 */
import { Fraction } from "../../core/fraction.js";
import { type AttackInput, MODES, type Mode, planAttack } from "./attack.js";
import { type ExactOutcome, exactOutcome } from "./resolve.js";

export type Treatment = { mode: Mode; available: true; notes: string[]; effectiveSkill: number; odds: ExactOutcome } | { mode: Mode; available: false; reason: string; rule: string };

export interface Comparison {
  treatments: Treatment[];
  /**
   * Attacker's choice: among the written rules and each cover treatment, the one giving the
   * highest chance of striking the body (hit or critical hit); ties keep the earlier one.
   */
  attackerBest: Mode;
  /** The chance of striking the body under each available treatment. */
  bodyStruck: Partial<Record<Mode, Fraction>>;
  /**
   * Seed "Attacker choice": where the GM plays a cover treatment as the attacker's option, should
   * he treat the shield as cover ("cover") or leave it to give its DB ("db")? Per cover treatment.
   */
  attackerChoice: Partial<Record<Exclude<Mode, "db">, "cover" | "db">>;
}

export function bodyStruck(o: ExactOutcome): Fraction {
  return o.p.criticalHit.add(o.p.hit);
}

export function compareTreatments(input: AttackInput): Comparison {
  const treatments: Treatment[] = [];
  const struck: Partial<Record<Mode, Fraction>> = {};
  let best: Mode | null = null;
  let bestP = Fraction.of(-1);
  for (const mode of MODES) {
    const planned = planAttack(input, mode);
    if (!planned.ok) {
      treatments.push({ mode, available: false, reason: planned.reason, rule: planned.rule });
      continue;
    }
    const odds = exactOutcome(planned.plan);
    treatments.push({ mode, available: true, notes: planned.plan.notes, effectiveSkill: planned.plan.effectiveSkill, odds });
    const p = bodyStruck(odds);
    struck[mode] = p;
    if (p.cmp(bestP) > 0) {
      best = mode;
      bestP = p;
    }
  }
  const choice: Comparison["attackerChoice"] = {};
  for (const mode of ["abstract", "random", "specific"] as const) {
    const cover = struck[mode];
    const db = struck.db;
    if (cover && db) choice[mode] = cover.cmp(db) > 0 ? "cover" : "db";
  }
  return { treatments, attackerBest: best ?? "db", bodyStruck: struck, attackerChoice: choice };
}
