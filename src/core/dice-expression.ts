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

const NAMED: Record<string, Die> = { d4: D4, d6: D6, avd: AVERAGE_DIE };

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
      continue;
    }
    const dm = /^(\d*)(d4|d6|avd)$/i.exec(part);
    if (!dm) throw new SyntaxError(`"${part}" is not a dice term (use e.g. 3d6, 2d4, AvD, or a number)`);
    const count = dm[1] === "" ? 1 : Number(dm[1]);
    if (count < 1 || count > 1000) throw new SyntaxError(`"${part}": between 1 and 1000 dice, please`);
    terms.push({ die: NAMED[dm[2].toLowerCase()], count, sign });
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

/** The exact distribution of an expression's total. */
export function expressionDist(expr: DiceExpression): Dist<number> {
  let dist = Dist.certain(expr.modifier);
  for (const t of expr.terms) {
    const part = dieDist(t.die).times(t.count);
    dist = t.sign === 1 ? dist.add(part) : dist.sub(part);
  }
  return dist;
}
