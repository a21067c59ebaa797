/**
 * Blue's walk to the victory square: the fewest steps from the victory square back to the
 * nearest blue token over squares that do not block. One breadth-first walker shared by the
 * guard (guard.ts: red tokens block) and the solver's shortcut and bound (solver.ts: every red
 * token, or only those blue cannot remove in time). The first blue token reached is the nearest,
 * and the squares between it and the victory square are free of blue tokens too, so with red
 * tokens blocking it is a walk blue can make one step per action.
 */
import type { ShoveSim } from "./sim.js";

export class BlueWalker {
  /** The blue token the last {@link distance} reached (-1 if none within the cap). */
  token = -1;
  private readonly dist: Int16Array;
  private readonly queue: Int32Array;

  constructor(cells: number) {
    this.dist = new Int16Array(cells);
    this.queue = new Int32Array(cells);
  }

  /**
   * Steps of the nearest blue token from the victory square, or `cap + 1` if none is within
   * `cap`. Red tokens block; with `blocked`, only red tokens on squares it marks do (the others
   * are passed as if removed).
   */
  distance(sim: ShoveSim, cap: number, blocked: Uint8Array | null = null): number {
    const g = sim.g;
    const nb = g.nb;
    const nRed = g.nRed;
    const s = sim.s;
    const cellAt = sim.cellAt;
    const dist = this.dist;
    const queue = this.queue;
    dist.fill(-1);
    dist[g.victory] = 0;
    queue[0] = g.victory;
    let head = 0;
    let tail = 1;
    this.token = -1;
    while (head < tail) {
      const p = queue[head++];
      const t = s[cellAt + p] - 1;
      if (t >= nRed) {
        this.token = t;
        return dist[p];
      }
      if (dist[p] >= cap) continue;
      const base = p * 4;
      for (let d = 0; d < 4; d++) {
        const q = nb[base + d];
        if (q < 0 || dist[q] >= 0) continue;
        const u = s[cellAt + q] - 1;
        if (u >= 0 && u < nRed && (blocked === null || blocked[q] === 1)) continue;
        dist[q] = dist[p] + 1;
        queue[tail++] = q;
      }
    }
    return cap + 1;
  }

  /**
   * After a {@link distance} that reached a token: the direction of that token's first step
   * along its walk (a neighbour one step nearer the victory square), or -1.
   */
  firstStep(sim: ShoveSim): number {
    if (this.token < 0) return -1;
    const p = sim.pos(this.token);
    const nb = sim.g.nb;
    for (let d = 0; d < 4; d++) {
      const q = nb[p * 4 + d];
      if (q >= 0 && this.dist[q] === this.dist[p] - 1 && (q === sim.g.victory || sim.tokenAt(q) < 0)) return d;
    }
    return -1;
  }
}

/**
 * The same walk as {@link BlueWalker.distance}, for the solver's hot path: squares as bits of a
 * few 32-bit words (whole rows to a word), and the breadth-first search as a flood fill, one
 * layer of steps per round of shifts. The nearest blue token is the first layer that holds one:
 * squares of nearer layers hold none, so its walk crosses only free squares.
 */
export class BitWalker {
  /** The squares (bits) of the layer where the last {@link distance} met blue tokens. */
  readonly hit: Int32Array;
  /** The squares (bits) nearer the victory square than that layer (within one step fewer). */
  readonly nearer: Int32Array;
  /** The squares holding blue tokens, red tokens that block, and free squares (scratch). */
  readonly blue: Int32Array;
  readonly blocked: Int32Array;
  private readonly reach: Int32Array;
  private readonly grown: Int32Array;
  private readonly free: Int32Array;
  /** Per word: its squares on the board; and the masks of the first and last file. */
  private readonly valid: Int32Array;
  private readonly firstFile: number;
  private readonly lastFile: number;
  private readonly rowMask: number;
  private readonly width: number;
  private readonly topShift: number;
  private readonly n: number;
  private readonly victoryWord: number;
  private readonly victoryBit: number;
  /** Per square: its word and its bit. */
  readonly wordOf: Int32Array;
  readonly bitOf: Int32Array;

  constructor(width: number, height: number, victory: number) {
    const rows = Math.floor(32 / width);
    const n = Math.ceil(height / rows);
    this.n = n;
    this.width = width;
    this.topShift = width * (rows - 1);
    const ones = (bits: number) => (bits >= 32 ? -1 : (1 << bits) - 1);
    this.rowMask = ones(width);
    let first = 0;
    let last = 0;
    for (let r = 0; r < rows; r++) {
      first |= 1 << (r * width);
      last |= 1 << (r * width + width - 1);
    }
    this.firstFile = first;
    this.lastFile = last;
    this.valid = new Int32Array(n);
    for (let i = 0; i < n; i++) this.valid[i] = ones(width * Math.min(rows, height - i * rows));
    const cells = width * height;
    this.wordOf = new Int32Array(cells);
    this.bitOf = new Int32Array(cells);
    for (let sq = 0; sq < cells; sq++) {
      const row = Math.floor(sq / width);
      this.wordOf[sq] = Math.floor(row / rows);
      this.bitOf[sq] = 1 << ((row % rows) * width + (sq % width));
    }
    this.victoryWord = this.wordOf[victory];
    this.victoryBit = this.bitOf[victory];
    this.hit = new Int32Array(n);
    this.nearer = new Int32Array(n);
    this.blue = new Int32Array(n);
    this.blocked = new Int32Array(n);
    this.reach = new Int32Array(n);
    this.grown = new Int32Array(n);
    this.free = new Int32Array(n);
  }

  /** Marks the squares of the living blue tokens in {@link blue}. */
  markBlue(sim: ShoveSim): void {
    this.markTokens(sim, sim.g.nRed, sim.g.tokens, this.blue);
  }

  /** Marks the squares of every living red token in {@link blocked}. */
  markAllRed(sim: ShoveSim): void {
    this.markTokens(sim, 0, sim.g.nRed, this.blocked);
  }

  /** Clears `bits`, then marks the squares of the living tokens `from` up to `to`. */
  private markTokens(sim: ShoveSim, from: number, to: number, bits: Int32Array): void {
    const s = sim.s;
    const posAt = sim.posAt;
    bits.fill(0);
    for (let k = from; k < to; k++) {
      const p = s[posAt + k];
      if (p >= 0) bits[this.wordOf[p]] |= this.bitOf[p];
    }
  }

  /**
   * Steps from the victory square to the nearest square of {@link blue} over squares not in
   * {@link blocked}, or `cap + 1` if none is within `cap`; the squares met are left in {@link hit}.
   */
  distance(cap: number): number {
    if (this.n <= 2) return this.distance2(cap);
    const n = this.n;
    const reach = this.reach;
    const grown = this.grown;
    const free = this.free;
    const blue = this.blue;
    const valid = this.valid;
    reach.fill(0);
    this.nearer.fill(0);
    reach[this.victoryWord] = this.victoryBit;
    for (let i = 0; i < n; i++) free[i] = valid[i] & ~this.blocked[i];
    const w = this.width;
    const top = this.topShift;
    const rowMask = this.rowMask;
    const notFirst = ~this.firstFile;
    const notLast = ~this.lastFile;
    for (let d = 0; ; d++) {
      let met = 0;
      for (let i = 0; i < n; i++) met |= reach[i] & blue[i];
      if (met !== 0) {
        for (let i = 0; i < n; i++) this.hit[i] = reach[i] & blue[i];
        return d;
      }
      this.nearer.set(reach);
      if (d >= cap) return cap + 1;
      let changed = 0;
      for (let i = 0; i < n; i++) {
        const x = reach[i];
        let y = x | ((x & notFirst) >>> 1) | ((x & notLast) << 1) | (x << w) | (x >>> w);
        if (i > 0) y |= (reach[i - 1] >>> top) & rowMask;
        if (i + 1 < n) y |= (reach[i + 1] & rowMask) << top;
        y &= free[i];
        grown[i] = y;
        changed |= y ^ x;
      }
      if (changed === 0) return cap + 1;
      reach.set(grown);
    }
  }

  /** {@link distance} on a board of at most two words (the default board's 7 × 8), in locals. */
  private distance2(cap: number): number {
    const two = this.n === 2;
    const v = this.victoryWord;
    let r0 = v === 0 ? this.victoryBit : 0;
    let r1 = v === 1 ? this.victoryBit : 0;
    const f0 = this.valid[0] & ~this.blocked[0];
    const f1 = two ? this.valid[1] & ~this.blocked[1] : 0;
    const b0 = this.blue[0];
    const b1 = two ? this.blue[1] : 0;
    const w = this.width;
    const top = this.topShift;
    const rowMask = this.rowMask;
    const notFirst = ~this.firstFile;
    const notLast = ~this.lastFile;
    let p0 = 0;
    let p1 = 0;
    for (let d = 0; ; d++) {
      if (((r0 & b0) | (r1 & b1)) !== 0) {
        this.hit[0] = r0 & b0;
        this.nearer[0] = p0;
        if (two) {
          this.hit[1] = r1 & b1;
          this.nearer[1] = p1;
        }
        return d;
      }
      if (d >= cap) return cap + 1;
      p0 = r0;
      p1 = r1;
      const y0 = (r0 | ((r0 & notFirst) >>> 1) | ((r0 & notLast) << 1) | (r0 << w) | (r0 >>> w) | ((r1 & rowMask) << top)) & f0;
      const y1 = (r1 | ((r1 & notFirst) >>> 1) | ((r1 & notLast) << 1) | (r1 << w) | (r1 >>> w) | ((r0 >>> top) & rowMask)) & f1;
      if (y0 === r0 && y1 === r1) return cap + 1;
      r0 = y0;
      r1 = y1;
    }
  }
}
