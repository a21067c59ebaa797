/**
 * Dice expressions in the common roll notation: "3d6", "AvD+D6", "2d6-1", "1d7", "4d6kh3",
 * "2d20kl1", "3d6!", "2d20r1", "d6r<3". Parsed into terms and a modifier, then rolled (every
 * throw kept for the log) or turned into an exact distribution (src/core/dice-exact.ts).
 *
 * Per die, in this order: the first throw; a face in the reroll set is thrown once more and the
 * new face stands; while the die shows its highest face it explodes (thrown again and added), at
 * most `explodeDepth` extra throws. Keep/drop then picks among the dice's totals.
 */
import { AVERAGE_DIE, D4, D6, type Die, type Roll } from "./dice.js";
import { type DenseDist, densePairs, dieTotalDist, type KeepSpec, keptSumDist, keptSumWork, negate, power, convolve } from "./dice-exact.js";
import { Dist } from "./distribution.js";
import type { Random } from "./random.js";

export interface DiceTerm {
  die: Die;
  count: number;
  sign: 1 | -1;
  /** Keep only the highest/lowest dice (`kh3`, `kl1`; `dl1` on 4 dice is `kh3`). */
  keep?: KeepSpec;
  /** Faces rerolled once (`r1`, `r<3`). */
  reroll: number[];
  /** The highest face explodes (`!`). */
  explode: boolean;
  /** The term as written, e.g. "4d6kh3". */
  text: string;
}

export interface DiceExpression {
  /** Dice to add (sign +1) or subtract (sign -1). */
  terms: DiceTerm[];
  modifier: number;
  /** At most this many extra throws per exploding die. */
  explodeDepth: number;
  text: string;
}

/** A bad dice expression: the message names the part at fault. */
export class DiceExpressionError extends SyntaxError {
  override name = "DiceExpressionError";
  constructor(
    message: string,
    /** The part of the expression at fault ("4d6kh5"), or the whole text. */
    readonly part: string,
  ) {
    super(message);
  }
}

/** A die with faces 1..n. */
function plain(n: number): Die {
  return n === 4 ? D4 : n === 6 ? D6 : { name: `D${n}`, faces: Array.from({ length: n }, (_, i) => i + 1) };
}

/** The dice an expression may name, for messages and help. */
export const DICE_NAMES = "dN for any N from 1 to 10000 (d4, d6, d7, d20, d100, d% = d100) and AvD (the average die)";

/** At most this many dice in one expression, and modifiers within ±this bound (sane limits). */
export const MAX_DICE = 1000;
export const MAX_MODIFIER = 1_000_000;
/** The largest die: 10000 sides (a sane limit; a d10000 still rolls at once). */
export const MAX_SIDES = 10_000;
/** Extra throws per exploding die when none is asked for: AnyDice's default explode depth. */
export const DEFAULT_EXPLODE_DEPTH = 2;
/** At most this many extra throws per exploding die. */
export const MAX_EXPLODE_DEPTH = 20;

export interface ParseOptions {
  /** Extra throws per exploding die (default {@link DEFAULT_EXPLODE_DEPTH}). */
  explodeDepth?: number;
}

const MODIFIERS = "kh, kl, dh, dl, ! (explode) and r (reroll once)";

function parseTerm(part: string, sign: 1 | -1): DiceTerm {
  const head = /^(\d*)(?:d(\d+|%|avd)|(avd))/i.exec(part);
  if (!head) throw new DiceExpressionError(`"${part}" is not a dice term: the dice are ${DICE_NAMES} (e.g. 3d6, 1d20, 4d6kh3, 3d6!, 2d20r1, AvD, or a number)`, part);
  const kind = (head[2] ?? head[3]).toLowerCase();
  const count = head[1] === "" ? 1 : Number(head[1]);
  if (count < 1 || count > MAX_DICE) throw new DiceExpressionError(`"${part}": between 1 and ${MAX_DICE} dice, please`, part);
  let die: Die;
  if (kind === "avd") die = AVERAGE_DIE;
  else {
    const sides = kind === "%" ? 100 : Number(kind);
    if (sides < 1 || sides > MAX_SIDES) throw new DiceExpressionError(`"${part}": a die has between 1 and ${MAX_SIDES} sides (MAX_SIDES), got ${kind}`, part);
    die = plain(sides);
  }
  const term: DiceTerm = { die, count, sign, reroll: [], explode: false, text: part };
  let rest = part.slice(head[0].length);
  while (rest !== "") {
    const keep = /^([kd])([hl]?)(\d*)/i.exec(rest);
    const reroll = /^r(<=|>=|<|>|=)?(\d+)/i.exec(rest);
    if (keep) {
      if (term.keep) throw new DiceExpressionError(`"${part}": one keep or drop per term, please ("${keep[0]}" is a second)`, part);
      const drop = keep[1].toLowerCase() === "d";
      const high = (keep[2] || (drop ? "l" : "h")).toLowerCase() === "h";
      const n = keep[3] === "" ? 1 : Number(keep[3]);
      if (drop ? n > count - 1 : n < 1 || n > count) {
        throw new DiceExpressionError(`"${part}": "${keep[0]}" ${drop ? `drops ${n} of ${count} dice; at most ${count - 1}` : `keeps ${n} of ${count} dice; between 1 and ${count}`}, please`, part);
      }
      term.keep = drop ? { which: high ? "lowest" : "highest", count: count - n } : { which: high ? "highest" : "lowest", count: n };
      rest = rest.slice(keep[0].length);
    } else if (rest.startsWith("!")) {
      if (rest.startsWith("!!")) throw new DiceExpressionError(`"${part}": compounding dice ("!!") are not supported; "!" explodes`, part);
      if (term.explode) throw new DiceExpressionError(`"${part}": "!" twice`, part);
      term.explode = true;
      rest = rest.slice(1);
    } else if (reroll) {
      const n = Number(reroll[2]);
      const cmp = reroll[1] ?? "=";
      const test = (f: number) => (cmp === "<" ? f < n : cmp === "<=" ? f <= n : cmp === ">" ? f > n : cmp === ">=" ? f >= n : f === n);
      const faces = [...new Set(die.faces)].filter(test);
      if (faces.length === 0) throw new DiceExpressionError(`"${part}": "${reroll[0]}" rerolls no face of the ${die.name} (faces ${[...new Set(die.faces)].join(", ")})`, part);
      term.reroll = [...new Set([...term.reroll, ...faces])].sort((a, b) => a - b);
      rest = rest.slice(reroll[0].length);
    } else {
      throw new DiceExpressionError(`"${part}": "${rest}" is not a dice modifier; the modifiers are ${MODIFIERS} (e.g. 4d6kh3, 3d6!, 2d20r1)`, part);
    }
  }
  return term;
}

/** Parses a dice expression; throws {@link DiceExpressionError} naming the bad part. */
export function parseDice(text: string, options: ParseOptions = {}): DiceExpression {
  const src = text.replace(/\s+/g, "");
  if (src === "") throw new DiceExpressionError("empty dice expression", text);
  const explodeDepth = options.explodeDepth ?? DEFAULT_EXPLODE_DEPTH;
  if (!Number.isInteger(explodeDepth) || explodeDepth < 0 || explodeDepth > MAX_EXPLODE_DEPTH) {
    throw new DiceExpressionError(`explode depth: a whole number from 0 to ${MAX_EXPLODE_DEPTH} (MAX_EXPLODE_DEPTH), got ${explodeDepth}`, String(explodeDepth));
  }
  const terms: DiceTerm[] = [];
  let modifier = 0;
  // Split at each + or - that follows something: "3d6+-2" leaves an empty part, named below.
  const pieces = src.split(/(?=[+-])/);
  for (const piece of pieces) {
    const sign: 1 | -1 = piece.startsWith("-") ? -1 : 1;
    const part = /^[+-]/.test(piece) ? piece.slice(1) : piece;
    if (part === "") throw new DiceExpressionError(`"${src}": a "${piece || src[0]}" with nothing after it`, src);
    if (/^\d+$/.test(part)) {
      modifier += sign * Number(part);
      if (!(Math.abs(modifier) <= MAX_MODIFIER)) throw new DiceExpressionError(`"${part}": a modifier between -${MAX_MODIFIER} and ${MAX_MODIFIER}, please`, part);
      continue;
    }
    const term = parseTerm(part, sign);
    if (terms.reduce((n, t) => n + t.count, term.count) > MAX_DICE) throw new DiceExpressionError(`"${text}": at most ${MAX_DICE} dice in all, please`, text);
    terms.push(term);
  }
  return { terms, modifier, explodeDepth, text: src };
}

/** "4d6kh3: 4 D6, keep the highest 3" — what each term means, for the page and the command line. */
export function describeExpression(expr: DiceExpression): string[] {
  const lines = expr.terms.map((t) => {
    const parts = [`${t.sign < 0 ? "minus " : ""}${t.count} ${t.die.name}`];
    if (t.reroll.length > 0) parts.push(`reroll ${t.reroll.join(", ")} once (the new face stands)`);
    if (t.explode) parts.push(`exploding on ${Math.max(...t.die.faces)}: at most ${expr.explodeDepth} extra throw${expr.explodeDepth === 1 ? "" : "s"} per die (explode depth ${expr.explodeDepth})`);
    if (t.keep && t.keep.count < t.count) parts.push(`keep the ${t.keep.which} ${t.keep.count}`);
    return `${t.text}: ${parts.join(", ")}`;
  });
  if (expr.modifier !== 0) lines.push(`${expr.modifier > 0 ? "+" : ""}${expr.modifier}`);
  return lines;
}

// ---- rolling ----

/** One die as thrown: every throw in order, whether the first was rerolled, its total, whether it counts. */
export interface DieRoll {
  throws: number[];
  /** The first throw was rerolled (it is throws[0] and does not count). */
  rerolled: boolean;
  total: number;
  kept: boolean;
}

/** A term as rolled: `faces` holds each die's total, `total` the kept dice's sum (without the sign). */
export interface TermRoll extends Roll {
  term: string;
  sign: 1 | -1;
  detail: DieRoll[];
}

function rollOne(rng: Random, t: DiceTerm, depth: number): DieRoll {
  const throwDie = () => t.die.faces[rng.int(0, t.die.faces.length - 1)];
  const throws = [throwDie()];
  const rerolled = t.reroll.includes(throws[0]);
  if (rerolled) throws.push(throwDie());
  let total = throws[throws.length - 1];
  const top = Math.max(...t.die.faces);
  for (let extra = 0, face = total; t.explode && face === top && extra < depth; extra++) {
    face = throwDie();
    throws.push(face);
    total += face;
  }
  return { throws, rerolled, total, kept: true };
}

/** Rolls an expression: every throw of every die is kept, dropped dice marked. */
export function rollExpression(rng: Random, expr: DiceExpression): { rolls: TermRoll[]; total: number } {
  const rolls: TermRoll[] = [];
  let total = expr.modifier;
  for (const t of expr.terms) {
    const detail = Array.from({ length: t.count }, () => rollOne(rng, t, expr.explodeDepth));
    if (t.keep) {
      // Ties: the earlier die counts (any choice gives the same total).
      const order = detail.map((_, i) => i).sort((a, b) => (t.keep!.which === "highest" ? detail[b].total - detail[a].total : detail[a].total - detail[b].total) || a - b);
      for (const i of order.slice(t.keep.count)) detail[i].kept = false;
    }
    const sum = detail.reduce((s, d) => s + (d.kept ? d.total : 0), 0);
    rolls.push({ term: t.text, sign: t.sign, dice: detail.map(() => t.die.name), faces: detail.map((d) => d.total), total: sum, detail });
    total += t.sign * sum;
  }
  return { rolls, total };
}

/** "4d6kh3 [5, 3, 1 dropped, 6] = 14"; a reroll shows as "1→4", explosions as "6+6+2". */
export function describeTermRoll(r: TermRoll): string {
  const dice = r.detail.map((d) => {
    const shown = d.rerolled ? `${d.throws[0]}→${d.throws.slice(1).join("+")}` : d.throws.join("+");
    return `${shown}${d.kept ? "" : " dropped"}`;
  });
  return `${r.sign < 0 ? "-" : ""}${r.term} [${dice.join(", ")}] = ${r.total}`;
}

// ---- exact odds ----

/** The exact distribution is refused beyond this many possible totals (a sane limit: some 1 s of work). */
export const MAX_DIST_TOTALS = 2000;
/** Keep/drop over many dice is refused beyond this much work (about a second). */
export const MAX_KEEP_WORK = 4_000_000;

function dieRange(t: DiceTerm, depth: number): [number, number] {
  const lo = Math.min(...t.die.faces);
  const hi = Math.max(...t.die.faces);
  return [lo, t.explode ? (depth + 1) * hi : hi];
}

/** How many totals an expression can show (its range plus one). */
export function expressionSpan(expr: DiceExpression): number {
  return 1 + expr.terms.reduce((n, t) => {
    const [lo, hi] = dieRange(t, expr.explodeDepth);
    return n + (t.keep?.count ?? t.count) * (hi - lo);
  }, 0);
}

/** The exact dense distribution of one term (without its sign). */
export function termDense(t: DiceTerm, explodeDepth: number): DenseDist {
  const die = dieTotalDist({ faces: t.die.faces, reroll: t.reroll, explode: t.explode }, explodeDepth);
  if (!t.keep || t.keep.count >= t.count) return power(die, t.count);
  const values = die.weights.filter((w) => w > 0n).length;
  const [lo, hi] = dieRange(t, explodeDepth);
  const work = keptSumWork(values, t.count, t.keep.count * (hi - lo) + 1);
  if (work > MAX_KEEP_WORK) throw new RangeError(`"${t.text}": keeping ${t.keep.count} of ${t.count} such dice is too much work for exact odds (MAX_KEEP_WORK); try fewer dice`);
  return keptSumDist(die, t.count, t.keep);
}

/** The exact dense distribution of an expression's total; a RangeError beyond {@link MAX_DIST_TOTALS} totals. */
export function expressionDense(expr: DiceExpression): DenseDist {
  const span = expressionSpan(expr);
  if (span > MAX_DIST_TOTALS) throw new RangeError(`"${expr.text}" can show ${span} different totals; exact odds are worked out for at most ${MAX_DIST_TOTALS} (e.g. 100d20, 20d100, 300d6)`);
  let acc: DenseDist = { offset: expr.modifier, weights: [1n], total: 1n };
  for (const t of expr.terms) {
    const d = termDense(t, expr.explodeDepth);
    acc = convolve(acc, t.sign === 1 ? d : negate(d));
  }
  return acc;
}

/** The exact distribution of an expression's total; a RangeError beyond {@link MAX_DIST_TOTALS} totals. */
export function expressionDist(expr: DiceExpression): Dist<number> {
  return Dist.weighted(densePairs(expressionDense(expr)));
}
