/**
 * Exact odds of Contest of Champions as data (the command line only prints them): a dice test
 * (CC-1: standard, open-ended, versus) and one exchange of two cards.
 */
import { z } from "zod";
import type { Dist } from "../../core/distribution.js";
import { Fraction } from "../../core/fraction.js";
import { openEndedDist, standardDist, versusDist } from "./dice-tests.js";
import { type DuelSetup, exchangeDist, outcomeOf, type Position } from "./exchange.js";

/** The cc-test calculator's input. */
export const ccTestSchema = z
  .strictObject({
    test: z.enum(["standard", "open-ended", "versus"], { error: 'test must be "standard", "open-ended" or "versus" (rule CC-1)' }),
    dice: z.number().int("dice must be a whole number").min(0, "dice must be 0 or more").max(40, "dice must be at most 40"),
    defenderDice: z.number().int("defenderDice must be a whole number").min(0, "defenderDice must be 0 or more").max(40, "defenderDice must be at most 40").optional(),
    cutoff: z.number().int("cutoff must be a whole number").min(0, "cutoff must be 0 or more").max(200, "cutoff must be at most 200").optional(),
  })
  .refine((i) => i.test !== "versus" || i.defenderDice !== undefined, { message: "a versus test needs defenderDice", path: ["defenderDice"] })
  .refine((i) => i.test === "versus" || i.defenderDice === undefined, { message: "defenderDice is only for a versus test", path: ["defenderDice"] })
  .refine((i) => i.test === "open-ended" || i.cutoff === undefined, { message: "cutoff is only for an open-ended test", path: ["cutoff"] });

export type CcTestInput = z.output<typeof ccTestSchema>;

export type TestOdds =
  /** Degrees of the attacker's pass (negative: a fail). */
  | { test: "versus"; dist: Dist<number>; pass: Fraction }
  | { test: "standard"; dist: Dist<number> }
  /** Exact up to `cutoff` successes; `tail` is every count above it; `total` sums rows and tail (1). */
  | { test: "open-ended"; cutoff: number; rows: { value: number; p: Fraction }[]; tail: Fraction; total: Fraction; mean: Fraction };

export function testOdds(input: CcTestInput): TestOdds {
  if (input.test === "versus") {
    const dist = versusDist(input.dice, input.defenderDice ?? 0);
    return { test: "versus", dist, pass: dist.prob((v) => v >= 0) };
  }
  if (input.test === "standard") return { test: "standard", dist: standardDist(input.dice) };
  const cutoff = input.cutoff ?? Math.max(10, 2 * input.dice + 5);
  const d = openEndedDist(input.dice, cutoff + 1);
  const rows = d.outcomes().filter((o) => o.value <= cutoff);
  const tail = d.probOf(cutoff + 1);
  let total = tail;
  for (const o of rows) total = total.add(o.p);
  // 3/5 success per die: 1/2 per throw, 6/5 throws per die.
  return { test: "open-ended", cutoff, rows, tail, total, mean: Fraction.of(input.dice * 3, 5) };
}

export interface ExchangeOdds {
  dist: Dist<Position>;
  aRemoved: Fraction;
  bRemoved: Fraction;
  bothRemoved: Fraction;
  meleeBegins: Fraction;
  mightChangeA: Dist<number>;
  mightChangeB: Dist<number>;
  distanceAfter: Dist<number>;
}

/** The exact result of one exchange in which A plays `cardA` and B plays `cardB` (checked by the caller). */
export function exchangeOdds(setup: DuelSetup, position: Position, cardA: string, cardB: string): ExchangeOdds {
  const dist = exchangeDist(setup, position, cardA, cardB);
  return {
    dist,
    aRemoved: dist.prob((p) => p.mightA === 0 && p.mightB > 0),
    bRemoved: dist.prob((p) => p.mightB === 0 && p.mightA > 0),
    bothRemoved: dist.prob((p) => p.mightA === 0 && p.mightB === 0),
    meleeBegins: dist.prob((p) => p.distance === 0 && outcomeOf(p) === null),
    mightChangeA: dist.map((p) => p.mightA - position.mightA),
    mightChangeB: dist.map((p) => p.mightB - position.mightB),
    distanceAfter: dist.map((p) => p.distance),
  };
}
