/** Dice (ruling C-1): D4, D6, the average die, and pools of them. Every roll keeps its faces. */
import { Dist } from "./distribution.js";
import { Fraction } from "./fraction.js";
import type { Random } from "./random.js";

export interface Die {
  /** Short name used in logs: "D6", "AvD". */
  readonly name: string;
  /** Every face, repeats allowed (the average die shows 3 and 4 twice). */
  readonly faces: readonly number[];
}

export const D4: Die = { name: "D4", faces: [1, 2, 3, 4] };
export const D6: Die = { name: "D6", faces: [1, 2, 3, 4, 5, 6] };
/** The average die (ruling C-1): faces 2, 3, 3, 4, 4, 5. */
export const AVERAGE_DIE: Die = { name: "AvD", faces: [2, 3, 3, 4, 4, 5] };

/** One throw of a set of dice, for the log and the screen. */
export interface Roll {
  /** Names of the dice thrown, in order, e.g. ["AvD", "D6"]. */
  dice: string[];
  faces: number[];
  total: number;
}

export function rollDie(rng: Random, die: Die): number {
  return die.faces[rng.int(0, die.faces.length - 1)];
}

/** Throws each die once and records every face. */
export function roll(rng: Random, dice: readonly Die[]): Roll {
  const faces = dice.map((d) => rollDie(rng, d));
  return { dice: dice.map((d) => d.name), faces, total: faces.reduce((a, b) => a + b, 0) };
}

/** N dice of one kind (N×D6, 3d6, …). */
export function rollPool(rng: Random, count: number, die: Die = D6): Roll {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`dice count must be a whole number >= 0, got ${count}`);
  return roll(rng, Array.from({ length: count }, () => die));
}

export function roll3d6(rng: Random): Roll {
  return rollPool(rng, 3, D6);
}

/** How many faces of a roll reach `target` (e.g. hits on 5+). */
export function countAtLeast(r: Roll, target: number): number {
  let n = 0;
  for (const f of r.faces) if (f >= target) n++;
  return n;
}

/** "AvD+D6 [3, 5] = 8" style text. */
export function describeRoll(r: Roll): string {
  const same = r.dice.length > 1 && r.dice.every((d) => d === r.dice[0]);
  const names = same ? `${r.dice.length}${r.dice[0].replace(/^D/, "d")}` : r.dice.join("+");
  return `${names} [${r.faces.join(", ")}] = ${r.total}`;
}

// ---- exact distributions of dice ----

/** The exact distribution of one die's face. */
export function dieDist(die: Die): Dist<number> {
  return Dist.uniform(die.faces);
}

/** Sum of `count` dice of one kind. */
export function poolSumDist(count: number, die: Die = D6): Dist<number> {
  return dieDist(die).times(count);
}

/** Number of dice among `count` showing at least `target`. */
export function successesDist(count: number, target: number, die: Die = D6): Dist<number> {
  const hits = die.faces.filter((f) => f >= target).length;
  return Dist.binomial(count, Fraction.of(hits, die.faces.length));
}
