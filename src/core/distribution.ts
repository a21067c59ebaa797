/**
 * Exact finite discrete distributions.
 *
 * Probabilities are integer weights over one shared BigInt total, so convolution and products
 * multiply integers without a gcd per step; fractions are reduced only when read out. Outcomes
 * may be numbers, strings, booleans or plain objects (objects are merged by canonical JSON).
 */
import { Fraction, gcd, lcm } from "./fraction.js";
import { canonicalJson } from "./hash.js";

interface Entry<T> {
  value: T;
  weight: bigint;
}

function keyOf(value: unknown): unknown {
  return value !== null && typeof value === "object" ? canonicalJson(value) : value;
}

export interface Outcome<T> {
  value: T;
  p: Fraction;
}

export class Dist<T> {
  private constructor(
    private readonly table: Map<unknown, Entry<T>>,
    /** Sum of all weights; P(v) = weight(v) / total. */
    private readonly total: bigint,
  ) {}

  // ---- construction ----

  /** Builds from (value, weight) pairs; equal values merge; zero weights are dropped. */
  static weighted<T>(pairs: Iterable<readonly [T, bigint | number]>): Dist<T> {
    const table = new Map<unknown, Entry<T>>();
    let total = 0n;
    for (const [value, w] of pairs) {
      const weight = typeof w === "bigint" ? w : BigInt(w);
      if (weight < 0n) throw new RangeError("negative weight");
      if (weight === 0n) continue;
      addTo(table, value, weight);
      total += weight;
    }
    if (total === 0n) throw new RangeError("a distribution needs at least one outcome of positive weight");
    return new Dist(table, total).normalised();
  }

  /** Each listed value equally likely (repeats count more than once). */
  static uniform<T>(values: Iterable<T>): Dist<T> {
    return Dist.weighted(Array.from(values, (v) => [v, 1n] as const));
  }

  static certain<T>(value: T): Dist<T> {
    return Dist.weighted([[value, 1n]]);
  }

  /** From exact probabilities, which must sum to 1. */
  static fromFractions<T>(pairs: Iterable<readonly [T, Fraction]>): Dist<T> {
    const list = Array.from(pairs);
    const common = list.reduce((acc, [, p]) => lcm(acc, p.d), 1n);
    const weights = list.map(([v, p]) => [v, p.n * (common / p.d)] as const);
    if (weights.reduce((s, [, w]) => s + w, 0n) !== common) throw new RangeError("probabilities must sum to 1");
    return Dist.weighted(weights);
  }

  /** true with probability p. */
  static bernoulli(p: Fraction): Dist<boolean> {
    if (p.n < 0n || p.n > p.d) throw new RangeError(`probability out of range: ${p}`);
    return Dist.weighted([
      [true, p.n],
      [false, p.d - p.n],
    ]);
  }

  /** Number of successes in n independent trials of probability p (closed form). */
  static binomial(n: number, p: Fraction): Dist<number> {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`binomial needs n >= 0, got ${n}`);
    if (p.n < 0n || p.n > p.d) throw new RangeError(`probability out of range: ${p}`);
    const q = p.d - p.n;
    const pairs: [number, bigint][] = [];
    let choose = 1n;
    for (let k = 0; k <= n; k++) {
      pairs.push([k, choose * p.n ** BigInt(k) * q ** BigInt(n - k)]);
      choose = (choose * BigInt(n - k)) / BigInt(k + 1);
    }
    return Dist.weighted(pairs);
  }

  /** A mixture: pick a component with probability proportional to its weight, then an outcome of it. */
  static mixture<T>(components: Iterable<readonly [Dist<T>, bigint | number | Fraction]>): Dist<T> {
    const list = Array.from(components, ([d, w]) => [d, w instanceof Fraction ? w : Fraction.of(w)] as const);
    const common = list.reduce((acc, [, w]) => lcm(acc, w.d), 1n);
    return Dist.weighted(list.map(([, w], i) => [i, w.n * (common / w.d)] as const)).flatMap((i) => list[i][0]);
  }

  /** Sum of independent numeric distributions (repeated convolution). */
  static sum(dists: Iterable<Dist<number>>): Dist<number> {
    let acc = Dist.certain(0);
    for (const d of dists) acc = acc.add(d);
    return acc;
  }

  // ---- combination ----

  /** The distribution of f(X). */
  map<U>(f: (value: T) => U): Dist<U> {
    const table = new Map<unknown, Entry<U>>();
    for (const { value, weight } of this.table.values()) addTo(table, f(value), weight);
    return new Dist(table, this.total);
  }

  /** Chains a dependent step: for each outcome, a distribution of what follows. */
  flatMap<U>(f: (value: T) => Dist<U>): Dist<U> {
    const parts: [bigint, Dist<U>][] = [];
    let common = 1n;
    for (const { value, weight } of this.table.values()) {
      const next = f(value);
      parts.push([weight, next]);
      common = lcm(common, next.total);
    }
    const table = new Map<unknown, Entry<U>>();
    for (const [weight, next] of parts) {
      const scale = weight * (common / next.total);
      for (const e of next.table.values()) addTo(table, e.value, e.weight * scale);
    }
    return new Dist(table, this.total * common).normalised();
  }

  /** Joint outcome of two independent variables combined by f. */
  combine<U, V>(other: Dist<U>, f: (a: T, b: U) => V): Dist<V> {
    const table = new Map<unknown, Entry<V>>();
    for (const a of this.table.values()) {
      for (const b of other.table.values()) addTo(table, f(a.value, b.value), a.weight * b.weight);
    }
    return new Dist(table, this.total * other.total).normalised();
  }

  /** X + Y for independent numeric X, Y (convolution). */
  add(this: Dist<number>, other: Dist<number>): Dist<number> {
    return this.combine(other, (a, b) => a + b);
  }

  /** X - Y for independent numeric X, Y. */
  sub(this: Dist<number>, other: Dist<number>): Dist<number> {
    return this.combine(other, (a, b) => a - b);
  }

  /** Sum of n independent copies, by repeated doubling. */
  times(this: Dist<number>, n: number): Dist<number> {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`times needs n >= 0, got ${n}`);
    let result = Dist.certain(0);
    let power = this.map((x) => x);
    while (n > 0) {
      if (n & 1) result = result.add(power);
      n >>= 1;
      if (n > 0) power = power.add(power);
    }
    return result;
  }

  /** The distribution given that `pred` holds. Throws if it never does. */
  condition(pred: (value: T) => boolean): Dist<T> {
    const table = new Map<unknown, Entry<T>>();
    let total = 0n;
    for (const [k, e] of this.table) {
      if (pred(e.value)) {
        table.set(k, { value: e.value, weight: e.weight });
        total += e.weight;
      }
    }
    if (total === 0n) throw new RangeError("conditioning on an impossible event");
    return new Dist(table, total).normalised();
  }

  // ---- reading ----

  /** P(pred). */
  prob(pred: (value: T) => boolean): Fraction {
    let w = 0n;
    for (const e of this.table.values()) if (pred(e.value)) w += e.weight;
    return Fraction.of(w, this.total);
  }

  /** P(X = value). */
  probOf(value: T): Fraction {
    return Fraction.of(this.table.get(keyOf(value))?.weight ?? 0n, this.total);
  }

  /** Outcomes with exact probabilities; numbers and strings sorted ascending. */
  outcomes(): Outcome<T>[] {
    const list = Array.from(this.table.values(), (e) => ({ value: e.value, p: Fraction.of(e.weight, this.total) }));
    return list.sort((x, y) => compareValues(x.value, y.value));
  }

  get size(): number {
    return this.table.size;
  }

  support(): T[] {
    return this.outcomes().map((o) => o.value);
  }

  /** [v, P(X >= v)] for each value in the support, ascending. */
  atLeastTable(this: Dist<number>): [number, Fraction][] {
    const sorted = this.outcomes();
    let tail = 0n;
    const rows: [number, Fraction][] = [];
    for (let i = sorted.length - 1; i >= 0; i--) {
      tail += this.table.get(sorted[i].value)!.weight;
      rows.push([sorted[i].value, Fraction.of(tail, this.total)]);
    }
    return rows.reverse();
  }

  /** [v, P(X <= v)] for each value in the support, ascending. */
  atMostTable(this: Dist<number>): [number, Fraction][] {
    let head = 0n;
    return this.outcomes().map((o) => {
      head += this.table.get(o.value)!.weight;
      return [o.value, Fraction.of(head, this.total)];
    });
  }

  atLeast(this: Dist<number>, v: number): Fraction {
    return this.prob((x) => x >= v);
  }

  atMost(this: Dist<number>, v: number): Fraction {
    return this.prob((x) => x <= v);
  }

  mean(this: Dist<number>): Fraction {
    return this.expectation((x) => x);
  }

  /** E[f(X)] for an integer-valued f. */
  expectation(f: (value: T) => number): Fraction {
    let s = 0n;
    for (const e of this.table.values()) {
      const v = f(e.value);
      if (!Number.isInteger(v)) throw new RangeError("expectation needs integer values");
      s += BigInt(v) * e.weight;
    }
    return Fraction.of(s, this.total);
  }

  variance(this: Dist<number>): Fraction {
    const m = this.mean();
    return this.expectation((x) => x * x).sub(m.mul(m));
  }

  /** A readable table: value, P(=), and for numbers P(>=). */
  format(places = 6, label: (value: T) => string = (v) => String(v)): string {
    const rows = this.outcomes();
    const numeric = rows.every((r) => typeof r.value === "number");
    const atLeast = numeric ? new Map((this as unknown as Dist<number>).atLeastTable()) : null;
    const lines = rows.map((r) => {
      const cells = [label(r.value).padStart(8), r.p.toString().padStart(22), r.p.toDecimal(places).padStart(places + 3)];
      if (atLeast) cells.push(`  >= ${atLeast.get(r.value as number)!.toDecimal(places)}`);
      return cells.join("  ");
    });
    return lines.join("\n");
  }

  /** JSON-ready: [{ value, fraction, decimal }]. */
  toJSON(): { value: T; fraction: string; decimal: number }[] {
    return this.outcomes().map((o) => ({ value: o.value, ...o.p.toJSON() }));
  }

  // ---- internal ----

  /** Divides every weight and the total by their common gcd. */
  private normalised(): Dist<T> {
    let g = this.total;
    for (const e of this.table.values()) {
      if (g === 1n) return this;
      g = gcd(g, e.weight);
    }
    if (g === 1n) return this;
    const table = new Map<unknown, Entry<T>>();
    for (const [k, e] of this.table) table.set(k, { value: e.value, weight: e.weight / g });
    return new Dist(table, this.total / g);
  }
}

function addTo<T>(table: Map<unknown, Entry<T>>, value: T, weight: bigint): void {
  const k = keyOf(value);
  const e = table.get(k);
  if (e) e.weight += weight;
  else table.set(k, { value, weight });
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const sa = typeof a === "object" ? canonicalJson(a) : String(a);
  const sb = typeof b === "object" ? canonicalJson(b) : String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
