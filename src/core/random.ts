/**
 * Seeded pseudo-random generator: xoshiro128** 1.1 (Blackman & Vigna, 2018).
 *
 * The whole state is four unsigned 32-bit integers held in a plain array, so it can live inside
 * game state, be serialised as JSON and restored exactly (ruling C-2). Independent streams come
 * from the published jump function, which advances the generator by 2^64 steps.
 */

/** The generator's complete state: four uint32 words. Plain data. */
export type RandomState = [number, number, number, number];

/** SplitMix32 (a published seeding mixer): turns one seed into well-spread words. */
function splitMix32(seed: number): () => number {
  let z = seed >>> 0;
  return () => {
    z = (z + 0x9e3779b9) >>> 0;
    let x = z;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
}

const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];

/** Ranges up to 2^21 keep a 32-bit word times the range below 2^53, exact in a double. */
const SMALL_RANGE = 0x200000;

/** The generator state for `seed`, on independent stream `stream` (0, 1, 2, …). */
export function seedState(seed: number, stream = 0): RandomState {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  // Fold the high bits in too, so seeds beyond 2^32 stay distinct.
  const mix = splitMix32((seed >>> 0) ^ Math.imul(Math.floor(seed / 0x100000000) | 0, 0x27d4eb2d));
  const s: RandomState = [mix(), mix(), mix(), mix()];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1; // the all-zero state is a fixed point
  if (stream <= MAPPED_JUMPS) return stream === 0 ? s : applyJumpMap(jumpMap(stream), s);
  const rng = new Random(s);
  for (let i = 0; i < stream; i++) rng.jump();
  return rng.state();
}

/**
 * Seeding a stream jumps `stream` times. The generator is linear over the 128 bits of its state,
 * so `n` jumps are one linear map: column i (four words) is what `n` jumps make of the state with
 * only bit i set, found by those jumps themselves. Applying it costs about one jump instead of
 * `n`. Maps are kept for the small stream numbers the code uses.
 */
const MAPPED_JUMPS = 16;
const JUMP_MAPS: (Uint32Array | undefined)[] = [];

function jumpMap(jumps: number): Uint32Array {
  let map = JUMP_MAPS[jumps];
  if (!map) {
    map = new Uint32Array(128 * 4);
    for (let bit = 0; bit < 128; bit++) {
      const unit: RandomState = [0, 0, 0, 0];
      unit[bit >> 5] = (1 << (bit & 31)) >>> 0;
      const rng = new Random(unit);
      for (let i = 0; i < jumps; i++) rng.jump();
      map.set(rng.state(), bit * 4);
    }
    JUMP_MAPS[jumps] = map;
  }
  return map;
}

function applyJumpMap(map: Uint32Array, s: Readonly<RandomState>): RandomState {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let bit = 0; bit < 128; bit++) {
    if ((s[bit >> 5] >>> (bit & 31)) & 1) {
      a ^= map[bit * 4];
      b ^= map[bit * 4 + 1];
      c ^= map[bit * 4 + 2];
      d ^= map[bit * 4 + 3];
    }
  }
  return [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
}

/**
 * A generator working on a copy of a {@link RandomState}. Call {@link Random.state} to save the
 * advanced state back into game data.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: Readonly<RandomState>) {
    if (!isRandomState(state)) throw new TypeError("invalid random state: expected four uint32 words, not all zero");
    [this.a, this.b, this.c, this.d] = state;
  }

  static fromSeed(seed: number, stream = 0): Random {
    return new Random(seedState(seed, stream));
  }

  /** A copy of the current state (plain data). */
  state(): RandomState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Next raw 32-bit output. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /**
   * Unbiased integer in [lo, hi] inclusive (range at most 2^32), by Lemire's multiply-and-reject
   * method: no modulo bias.
   */
  int(lo: number, hi: number): number {
    const range = hi - lo + 1;
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || range < 1 || range > 0x100000000) {
      throw new RangeError(`int(${lo}, ${hi}): need integers with lo <= hi and a range of at most 2^32`);
    }
    if (range === 0x100000000) return lo + this.nextUint32();
    for (;;) {
      const x = this.nextUint32();
      // The 64-bit product x · range: its high 32 bits are the answer, its low 32 bits decide rejection.
      let high: number;
      let low: number;
      if (range <= SMALL_RANGE) {
        // Below 2^53: exact in one double (no floating remainder, which is slow).
        const product = x * range;
        high = Math.floor(product / 0x100000000);
        low = product - high * 0x100000000;
      } else {
        // x * range can reach 2^64, past exact doubles: multiply in 16-bit halves.
        const p1 = (x >>> 16) * range;
        const p2 = (x & 0xffff) * range;
        const rest = (p1 % 0x10000) * 0x10000 + p2;
        high = Math.floor(p1 / 0x10000) + Math.floor(rest / 0x100000000);
        low = rest % 0x100000000;
      }
      // Reject a low part below 2^32 mod range (so no modulo bias). That bound is below range,
      // so it needs working out only in the rare case of a low part below range.
      if (low >= range || low >= 0x100000000 % range) return lo + high;
    }
  }

  /** Uniform float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.nextUint32() / 0x100000000;
  }

  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[this.int(0, items.length - 1)];
  }

  /** Fisher–Yates shuffle in place (unbiased: every permutation equally likely). */
  shuffleInPlace<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
    return items;
  }

  /** Advance by 2^64 outputs: the published jump, giving non-overlapping streams. */
  jump(): void {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (const word of JUMP) {
      for (let bit = 0; bit < 32; bit++) {
        if ((word >>> bit) & 1) {
          s0 ^= this.a;
          s1 ^= this.b;
          s2 ^= this.c;
          s3 ^= this.d;
        }
        this.nextUint32();
      }
    }
    this.a = s0 >>> 0;
    this.b = s1 >>> 0;
    this.c = s2 >>> 0;
    this.d = s3 >>> 0;
  }

  /**
   * A new generator on a stream independent of this one: the child starts one jump ahead and
   * this generator moves two jumps ahead, so successive splits never overlap.
   */
  split(): Random {
    const child = new Random(this.state());
    child.jump();
    this.jump();
    this.jump();
    return child;
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

export function isRandomState(value: unknown): value is RandomState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff) &&
    value.some((w) => w !== 0)
  );
}
