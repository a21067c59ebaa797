/** Exact rational numbers over BigInt, always kept reduced with a positive denominator. */

export function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export function lcm(a: bigint, b: bigint): bigint {
  if (a === 0n || b === 0n) return 0n;
  return (a / gcd(a, b)) * b;
}

/** What a probability looks like in JSON output: reduced fraction plus a decimal. */
export interface FractionJson {
  fraction: string;
  decimal: number;
}

export class Fraction {
  readonly n: bigint;
  readonly d: bigint;

  private constructor(n: bigint, d: bigint) {
    this.n = n;
    this.d = d;
  }

  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  /** n/d reduced; accepts integers as number or bigint. */
  static of(n: bigint | number, d: bigint | number = 1n): Fraction {
    let nn = toBig(n);
    let dd = toBig(d);
    if (dd === 0n) throw new RangeError("fraction with zero denominator");
    if (dd < 0n) {
      nn = -nn;
      dd = -dd;
    }
    const g = gcd(nn, dd);
    return g === 1n ? new Fraction(nn, dd) : new Fraction(nn / g, dd / g);
  }

  /** Parses "n/d" or "n". */
  static parse(text: string): Fraction {
    const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(text);
    if (!m) throw new SyntaxError(`not a fraction: "${text}"`);
    return Fraction.of(BigInt(m[1]), m[2] ? BigInt(m[2]) : 1n);
  }

  add(o: Fraction): Fraction {
    return Fraction.of(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o: Fraction): Fraction {
    return Fraction.of(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  mul(o: Fraction): Fraction {
    return Fraction.of(this.n * o.n, this.d * o.d);
  }
  div(o: Fraction): Fraction {
    if (o.n === 0n) throw new RangeError("division by zero");
    return Fraction.of(this.n * o.d, this.d * o.n);
  }
  neg(): Fraction {
    return new Fraction(-this.n, this.d);
  }
  /** 1 - this: the complement of a probability. */
  complement(): Fraction {
    return Fraction.ONE.sub(this);
  }
  cmp(o: Fraction): number {
    const x = this.n * o.d - o.n * this.d;
    return x < 0n ? -1 : x > 0n ? 1 : 0;
  }
  eq(o: Fraction): boolean {
    return this.n === o.n && this.d === o.d;
  }
  isZero(): boolean {
    return this.n === 0n;
  }

  toString(): string {
    return this.d === 1n ? this.n.toString() : `${this.n}/${this.d}`;
  }

  /** Nearest double (exact enough for display; the fraction is the truth). */
  toNumber(): number {
    // Scale so both parts fit in doubles without losing the ratio.
    const bits = Math.max(bitLength(this.n), bitLength(this.d)) - 1000;
    if (bits > 0) return Number(this.n >> BigInt(bits)) / Number(this.d >> BigInt(bits));
    return Number(this.n) / Number(this.d);
  }

  /** Decimal string rounded half-up to `places` digits, computed exactly. */
  toDecimal(places = 6): string {
    const neg = this.n < 0n;
    const n = neg ? -this.n : this.n;
    const scale = 10n ** BigInt(places);
    const scaled = (n * scale * 2n + this.d) / (2n * this.d);
    const whole = scaled / scale;
    const frac = (scaled % scale).toString().padStart(places, "0");
    const body = places > 0 ? `${whole}.${frac}` : `${whole}`;
    return neg && scaled !== 0n ? `-${body}` : body;
  }

  /** A percentage string such as "41.67%". */
  toPercent(places = 2): string {
    return `${this.mul(Fraction.of(100)).toDecimal(places)}%`;
  }

  toJSON(): FractionJson {
    return { fraction: this.toString(), decimal: this.toNumber() };
  }
}

function toBig(x: bigint | number): bigint {
  if (typeof x === "bigint") return x;
  if (!Number.isInteger(x)) throw new RangeError(`fraction part must be an integer, got ${x}`);
  return BigInt(x);
}

function bitLength(x: bigint): number {
  if (x < 0n) x = -x;
  return x === 0n ? 0 : x.toString(2).length;
}
