/**
 * Dice expressions such as "3d6", "AvD+D6", "2d6-1" or "d4": parsed into dice and a modifier,
 * then rolled or turned into an exact distribution.
 */
import { AVERAGE_DIE, D4, D6, type Die, dieDist, type Roll, roll } from "./dice.js";
import { Dist } from "./distribution.js";
import type { Random } from "./random.js";

export interface DiceExpression {
  /** Dice to add (sign +1) or subtract (sign -1). */
  terms: { die: Die; count: number; sign: 1 | -1 }[];
  modifier: number;
  text: string;
}

/** A die with faces 1..n. */
function plain(n: number): Die {
  return { name: `D${n}`, faces: Array.from({ length: n }, (_, i) => i + 1) };
}

/** The dice an expression may name: the common polyhedral dice and the average die. */
const NAMED: Record<string, Die> = { d2: plain(2), d3: plain(3), d4: D4, d6: D6, d8: plain(8), d10: plain(10), d12: plain(12), d20: plain(20), d100: plain(100), avd: AVERAGE_DIE };

/** The dice names an expression accepts, for messages and help. */
export const DICE_NAMES = "d2, d3, d4, d6, d8, d10, d12, d20, d100 and AvD (the average die)";

/** At most this many dice in one expression, and modifiers within ±this bound (sane limits). */
export const MAX_DICE = 1000;
export const MAX_MODIFIER = 1_000_000;

/** Parses a dice expression; throws SyntaxError naming the bad part. */
export function parseDice(text: string): DiceExpression {
  const src = text.replace(/\s+/g, "");
  if (src === "") throw new SyntaxError("empty dice expression");
  const terms: DiceExpression["terms"] = [];
  let modifier = 0;
  const re = /([+-]?)([^+-]+)/g;
  let consumed = 0;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    consumed += m[0].length;
    const sign: 1 | -1 = m[1] === "-" ? -1 : 1;
    const part = m[2];
    if (/^\d+$/.test(part)) {
      modifier += sign * Number(part);
      if (!(Math.abs(modifier) <= MAX_MODIFIER)) throw new SyntaxError(`"${part}": a modifier between -${MAX_MODIFIER} and ${MAX_MODIFIER}, please`);
      continue;
    }
    const dm = /^(\d*)d(\d+|avd)$/i.exec(part) ?? /^(\d*)(avd)$/i.exec(part);
    const die = dm ? NAMED[dm[2].toLowerCase() === "avd" ? "avd" : `d${Number(dm[2])}`] : undefined;
    if (!dm || !die) throw new SyntaxError(`"${part}" is not a dice term: the dice are ${DICE_NAMES} (e.g. 3d6, 1d20, 2d4+1, AvD, or a number)`);
    const count = dm[1] === "" ? 1 : Number(dm[1]);
    if (count < 1 || count > MAX_DICE) throw new SyntaxError(`"${part}": between 1 and ${MAX_DICE} dice, please`);
    if (terms.reduce((n, t) => n + t.count, count) > MAX_DICE) throw new SyntaxError(`"${text}": at most ${MAX_DICE} dice in all, please`);
    terms.push({ die, count, sign });
  }
  if (consumed !== src.length || terms.length === 0 && modifier === 0 && !/\d/.test(src)) {
    throw new SyntaxError(`cannot read dice expression "${text}"`);
  }
  return { terms, modifier, text: src };
}

/** Rolls an expression: every die's face is kept. */
export function rollExpression(rng: Random, expr: DiceExpression): { rolls: Roll[]; total: number } {
  const rolls: Roll[] = [];
  let total = expr.modifier;
  for (const t of expr.terms) {
    const r = roll(rng, Array.from({ length: t.count }, () => t.die));
    rolls.push(r);
    total += t.sign * r.total;
  }
  return { rolls, total };
}

/** The exact distribution is refused beyond this many possible totals (a sane limit: some 1 s of work). */
export const MAX_DIST_TOTALS = 2000;

/** How many totals an expression can show (its range plus one). */
export function expressionSpan(expr: DiceExpression): number {
  return 1 + expr.terms.reduce((n, t) => n + t.count * (Math.max(...t.die.faces) - Math.min(...t.die.faces)), 0);
}

/** The exact distribution of an expression's total; a RangeError beyond {@link MAX_DIST_TOTALS} totals. */
export function expressionDist(expr: DiceExpression): Dist<number> {
  const span = expressionSpan(expr);
  if (span > MAX_DIST_TOTALS) throw new RangeError(`"${expr.text}" can show ${span} different totals; exact odds are worked out for at most ${MAX_DIST_TOTALS} (e.g. 100d20, 20d100, 400d6)`);
  let dist = Dist.certain(expr.modifier);
  for (const t of expr.terms) {
    const part = dieDist(t.die).times(t.count);
    dist = t.sign === 1 ? dist.add(part) : dist.sub(part);
  }
  return dist;
}
