/** Dice (ruling C-1): D4, D6, the average die, and pools of them. Every roll keeps its faces. */
import { Dist } from "./distribution.js";
import { Fraction } from "./fraction.js";
import { Random } from "./random.js";

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
  if (rng instanceof GivenFaces) return rng.take(die);
  return die.faces[rng.int(0, die.faces.length - 1)];
}

/** Thrown by GivenFaces when a roll needs a die beyond the faces given: which die comes next. */
export class MoreDiceNeeded extends Error {
  constructor(readonly die: Die, readonly given: number) {
    super(`faces: the roll throws more dice than the ${given} given (next: a ${die.name})`);
  }
}

/**
 * Dice thrown at the table instead of by the generator: each die the rules throw takes the next
 * face given, so a roll from real dice goes through the very same resolution as a seeded one.
 * A face the die does not show is refused naming its place; any other use of randomness throws.
 */
export class GivenFaces extends Random {
  private used = 0;
  constructor(private readonly faces: readonly number[]) {
    super([1, 2, 3, 4]);
  }

  /** How many of the given faces the roll has used. */
  get count(): number {
    return this.used;
  }

  take(die: Die): number {
    if (this.used >= this.faces.length) throw new MoreDiceNeeded(die, this.faces.length);
    const face = this.faces[this.used];
    if (!die.faces.includes(face)) throw new RangeError(`faces.${this.used}: a ${die.name} shows ${[...new Set(die.faces)].join(", ")}, got ${String(face)}`);
    this.used++;
    return face;
  }

  override int(): number {
    throw new Error("dice thrown at the table: this roll needs a random choice that is not a die");
  }

  override nextUint32(): number {
    throw new Error("dice thrown at the table: this roll needs a random choice that is not a die");
  }
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
