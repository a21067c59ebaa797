/**
 * Exact distributions of dice totals as dense integer weights: one die after its rerolls and
 * explosions, a pool of such dice summed or with the highest/lowest kept, and sums of pools.
 *
 * Weights are BigInts over one shared total, indexed by value from an offset, so convolving is
 * multiplying polynomials. That is done by Kronecker substitution: the weights are packed as
 * fixed-width digits of one BigInt, V8's big multiplication (Karatsuba and beyond) multiplies
 * them, and the digits are read back. Twenty exploding d6 take a fraction of a millisecond this
 * way, several times faster than convolving a `Dist` (a map of outcomes) term by term.
 */

/** Weights by value: P(offset + i) = weights[i] / total. */
export interface DenseDist {
  offset: number;
  weights: bigint[];
  total: bigint;
}

/** One kind of die as the notation builds it. */
export interface DieSpec {
  /** Every face, repeats allowed (the average die shows 3 and 4 twice). */
  faces: readonly number[];
  /** Faces rerolled once (the second throw stands, whatever it shows). */
  reroll: readonly number[];
  /** Whether the highest face explodes: the die is thrown again and the throws added. */
  explode: boolean;
}

/** Which dice of a pool count. */
export interface KeepSpec {
  which: "highest" | "lowest";
  count: number;
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** The plain throw of a die: each face equally likely. */
function faceDist(faces: readonly number[]): DenseDist {
  const lo = Math.min(...faces);
  const hi = Math.max(...faces);
  const weights: bigint[] = Array.from({ length: hi - lo + 1 }, () => 0n);
  for (const f of faces) weights[f - lo] += 1n;
  return { offset: lo, weights, total: BigInt(faces.length) };
}

/** The first throw with its reroll: a face in the set is thrown once more and the new face stands. */
function withReroll(faces: readonly number[], reroll: readonly number[]): DenseDist {
  const base = faceDist(faces);
  if (reroll.length === 0) return base;
  const s = base.total;
  const again = BigInt(faces.filter((f) => reroll.includes(f)).length);
  const weights = base.weights.map((w, i) => (reroll.includes(base.offset + i) ? 0n : w * s) + again * w);
  return { offset: base.offset, weights, total: s * s };
}

/**
 * A die thrown, then thrown again while it shows its highest face, at most `depth` extra throws
 * (the last one never explodes), the throws added.
 */
function explodeChain(first: DenseDist, plain: DenseDist, top: number, depth: number): DenseDist {
  if (depth === 0) return first;
  const tail = explodeChain(plain, plain, top, depth - 1);
  const lo = first.offset;
  const hi = Math.max(first.offset + first.weights.length - 1, top + tail.offset + tail.weights.length - 1);
  const weights: bigint[] = Array.from({ length: hi - lo + 1 }, () => 0n);
  first.weights.forEach((w, i) => {
    if (w === 0n) return;
    const v = first.offset + i;
    if (v !== top) weights[v - lo] += w * tail.total;
    else tail.weights.forEach((t, j) => (weights[top + tail.offset + j - lo] += w * t));
  });
  return { offset: lo, weights, total: first.total * tail.total };
}

/** One die's total after its reroll and explosions. */
export function dieTotalDist(spec: DieSpec, explodeDepth: number): DenseDist {
  const first = withReroll(spec.faces, spec.reroll);
  if (!spec.explode) return first;
  return explodeChain(first, faceDist(spec.faces), Math.max(...spec.faces), explodeDepth);
}

/** Digit width (a multiple of 4 bits, for hex reading) that holds any weight up to `bound`. */
function digitBits(bound: bigint): number {
  return Math.ceil((bitLength(bound) + 1) / 4) * 4;
}

/** The weights as the digits of one number, built through its hex text (shifting it digit by digit would take quadratic time). */
function pack(weights: readonly bigint[], bits: number): bigint {
  const chars = bits / 4;
  const digits: string[] = [];
  for (let i = weights.length - 1; i >= 0; i--) digits.push(weights[i].toString(16).padStart(chars, "0"));
  return BigInt(`0x${digits.join("")}`);
}

function unpack(x: bigint, bits: number, length: number): bigint[] {
  const chars = bits / 4;
  const hex = x.toString(16).padStart(length * chars, "0");
  const out: bigint[] = new Array<bigint>(length);
  for (let i = 0; i < length; i++) {
    const end = hex.length - i * chars;
    out[i] = BigInt(`0x${hex.slice(end - chars, end)}`);
  }
  return out;
}

/** X + Y for independent X, Y. */
export function convolve(a: DenseDist, b: DenseDist): DenseDist {
  if (a.weights.length === 1) return { offset: a.offset + b.offset, weights: b.weights.map((w) => w * a.weights[0]), total: a.total * b.total };
  if (b.weights.length === 1) return convolve(b, a);
  const total = a.total * b.total;
  const bits = digitBits(total);
  const length = a.weights.length + b.weights.length - 1;
  return { offset: a.offset + b.offset, weights: unpack(pack(a.weights, bits) * pack(b.weights, bits), bits, length), total };
}

/** The sum of n independent copies. */
export function power(d: DenseDist, n: number): DenseDist {
  if (n === 0) return { offset: 0, weights: [1n], total: 1n };
  const total = d.total ** BigInt(n);
  const bits = digitBits(total);
  const length = n * (d.weights.length - 1) + 1;
  return { offset: n * d.offset, weights: unpack(pack(d.weights, bits) ** BigInt(n), bits, length), total };
}

/** -X. */
export function negate(d: DenseDist): DenseDist {
  return { offset: -(d.offset + d.weights.length - 1), weights: [...d.weights].reverse(), total: d.total };
}

/** X + c. */
export function shift(d: DenseDist, c: number): DenseDist {
  return { offset: d.offset + c, weights: d.weights, total: d.total };
}

/**
 * The sum of the `keep.count` highest (or lowest) of n independent dice of distribution `die`.
 * The dice's values are visited from the best kept end; `ways[j]` holds, as a packed polynomial
 * over the kept sum, the weight of the first j dice placed (so the first `keep.count` placed are
 * the kept ones). Placing c more dice of value v multiplies by C(n-j, c)·w(v)^c.
 */
export function keptSumDist(die: DenseDist, n: number, keep: KeepSpec): DenseDist {
  const k = Math.min(keep.count, n);
  const values: [number, bigint][] = [];
  die.weights.forEach((w, i) => w > 0n && values.push([die.offset + i, w]));
  if (keep.which === "highest") values.reverse();
  const lo = values.reduce((m, [v]) => Math.min(m, v), Infinity);
  const hi = values.reduce((m, [v]) => Math.max(m, v), -Infinity);
  const total = die.total ** BigInt(n);
  const bits = digitBits(total * 2n ** BigInt(n));
  const b = BigInt(bits);
  const choose: bigint[][] = [];
  for (let r = 0; r <= n; r++) {
    choose.push([1n]);
    for (let c = 1; c <= r; c++) choose[r].push((choose[r][c - 1] * BigInt(r - c + 1)) / BigInt(c));
  }
  let ways: bigint[] = Array.from({ length: n + 1 }, (_, j) => (j === 0 ? 1n : 0n));
  for (const [v, w] of values) {
    const next = [...ways];
    const powers = [1n];
    for (let c = 1; c <= n; c++) powers.push(powers[c - 1] * w);
    for (let j = 0; j < n; j++) {
      if (ways[j] === 0n) continue;
      for (let c = 1; j + c <= n; c++) {
        const kept = Math.max(0, Math.min(k, j + c) - j);
        next[j + c] += (ways[j] * choose[n - j][c] * powers[c]) << (b * BigInt(kept * (v - lo)));
      }
    }
    ways = next;
  }
  return { offset: k * lo, weights: unpack(ways[n], bits, k * (hi - lo) + 1), total };
}

/** How much work {@link keptSumDist} does, in big-number operations times digits: for a limit. */
export function keptSumWork(valueCount: number, n: number, keptSpan: number): number {
  return valueCount * ((n * (n + 1)) / 2) * keptSpan;
}

/** The (value, weight) pairs of positive weight. */
export function densePairs(d: DenseDist): [number, bigint][] {
  const out: [number, bigint][] = [];
  d.weights.forEach((w, i) => w > 0n && out.push([d.offset + i, w]));
  return out;
}
