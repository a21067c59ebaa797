/**
 * The solver's transposition table: positions packed into a few 32-bit words, kept in typed
 * arrays (no strings, no per-entry objects). A key is canonical: tokens of one colour are
 * interchangeable, so they are sorted by square, and on a board with a left–right mirror
 * symmetry (walls and victory square symmetric) a position and its mirror image share a key —
 * the rules (SH-2..SH-7) never look at a token's identity or at left and right.
 *
 * The key holds what decides the rest of the game: turns remaining (not the turn number, so a
 * value found while deepening to K turns stays valid at K + 1), the side to act, the roll (blue's
 * part only: red's actions come from it), actions left, and per token its square, idle count,
 * moved and locked flags (SH-5); idle counts and moved flags only where a lock could still follow
 * from them before the game ends ({@link PackedTable.relevantIdle}). Entries keep a lower and an
 * upper bound of blue's chance; the table has a fixed size, two slots a key, and a new entry
 * replaces one of them (the one with fewer turns remaining; every stored bound is true, so
 * losing one costs only time).
 */
import type { Geometry, ShoveSim } from "./sim.js";

/** Where the roll and the actions left (3 bits each) sit in a key's first word. */
const ROLL_SHIFT = 9;
const ACTIONS_SHIFT = 12;

export class PackedTable {
  readonly words: number;
  private readonly keys: Int32Array;
  private readonly lower: Float64Array;
  private readonly upper: Float64Array;
  private readonly used: Uint8Array;
  private readonly mask: number;
  /** The key being built (one position). */
  readonly key: Int32Array;
  private readonly sqBits: number;
  private readonly idleBits: number;
  private readonly mirror: Int16Array | null;
  /** One position's token codes, red then blue, each colour sorted; and its mirror image's. */
  private readonly codes: Int32Array;
  private readonly mirrored: Int32Array;
  size = 0;
  hits = 0;
  probes = 0;

  constructor(
    readonly g: Geometry,
    private readonly redLock: number,
    private readonly blueLock: number,
    capacity: number,
    useSymmetry = true,
  ) {
    this.sqBits = bitsFor(g.cells + 1);
    this.idleBits = bitsFor(Math.max(redLock, blueLock) + 1);
    const tokenBits = this.sqBits + this.idleBits + 2;
    // Header: turns remaining (8 bits), side (1), roll (3), actions left (3).
    this.words = Math.ceil((15 + tokenBits * g.tokens) / 32);
    let size = 1;
    while (size < capacity) size *= 2;
    this.mask = size - 1;
    this.keys = new Int32Array(size * this.words);
    this.lower = new Float64Array(size);
    this.upper = new Float64Array(size);
    this.used = new Uint8Array(size);
    this.key = new Int32Array(this.words);
    this.mirror = useSymmetry ? mirrorOf(g) : null;
    this.codes = new Int32Array(g.tokens);
    this.mirrored = new Int32Array(g.tokens);
  }

  get symmetric(): boolean {
    return this.mirror !== null;
  }

  /**
   * Packs `sim` (with `turnsRemaining`) into {@link key}: of the position and its mirror image,
   * the one whose sorted token codes (red, then blue) come first, so both share one key.
   */
  pack(sim: ShoveSim, turnsRemaining: number): void {
    const s = sim.s;
    const g = this.g;
    const side = sim.side;
    const idleBits = this.idleBits;
    const posAt = sim.posAt;
    const idleAt = sim.idleAt;
    const movedAt = sim.movedAt;
    const lockedAt = sim.lockedAt;
    const map = this.mirror;
    const codes = this.codes;
    const mirrored = this.mirrored;
    // Each colour's token codes sorted (tokens of a colour are interchangeable), as they stand and mirrored.
    for (let colour = 0; colour < 2; colour++) {
      const lo = colour === 0 ? 0 : g.nRed;
      const n = colour === 0 ? g.nRed : g.nBlue;
      const from = this.relevantIdle(colour === 0 ? 1 : 0, side, sim.roll === 0, turnsRemaining);
      for (let i = 0; i < n; i++) {
        const k = lo + i;
        const p = s[posAt + k];
        let code = 0;
        let image = 0;
        if (p >= 0) {
          const idle = s[idleAt + k];
          const idleMask = idle >= from ? -1 : 0;
          const rest = ((idle & idleMask) << 2) | ((s[movedAt + k] & idleMask) << 1) | s[lockedAt + k];
          code = ((p + 1) << (idleBits + 2)) | rest;
          if (map !== null) image = ((map[p] + 1) << (idleBits + 2)) | rest;
        }
        insertSorted(codes, lo, i, code);
        if (map !== null) insertSorted(mirrored, lo, i, image);
      }
    }
    let list = codes;
    if (map !== null) {
      for (let i = 0; i < g.tokens; i++) {
        if (codes[i] === mirrored[i]) continue;
        if (mirrored[i] < codes[i]) list = mirrored;
        break;
      }
    }
    const out = this.key;
    out.fill(0);
    // Header: turns remaining, side, roll (blue's part only), actions left.
    out[0] = (turnsRemaining & 0xff) | (side << 8) | ((side === 0 ? sim.roll : 0) << ROLL_SHIFT) | (sim.actionsLeft << ACTIONS_SHIFT);
    let bit = 15;
    const tokenBits = this.sqBits + idleBits + 2;
    for (let i = 0; i < g.tokens; i++) {
      const value = list[i];
      const w = bit >>> 5;
      const off = bit & 31;
      out[w] |= value << off;
      if (off + tokenBits > 32) out[w + 1] |= value >>> (32 - off);
      bit += tokenBits;
    }
  }

  /**
   * The least idle count (SH-5) at which a token of `colour` could still be locked before the
   * game ends; below it the token's idle count and moved flag decide nothing and are left out of
   * the key (more positions merge). A token of a side that has not acted yet this turn is locked
   * at the start of its side's part of turn t + max(0, limit - idle); one whose side is acting
   * or has acted has its next check in a later turn (at the earliest, not moving now:
   * t + 1 + max(0, limit - idle - 1) while acting, t + 1 + max(0, limit - idle) after). Blue's
   * locks matter up to the last turn; red's only before it (red's part of the last turn is worth 0
   * to blue whatever red does: red may always end its turn and the game with it, SH-7).
   */
  private relevantIdle(colour: number, side: number, beforeRoll: boolean, turnsRemaining: number): number {
    const limit = colour === 0 ? this.blueLock : this.redLock;
    const turns = colour === 0 ? turnsRemaining : turnsRemaining - 1;
    const never = 1 << 12;
    if (beforeRoll || (colour === 0 ? false : side === 0)) return turns < 0 ? never : limit - turns; // not acted yet
    if (turns < 1) return never;
    return colour === side ? limit - turns : limit - turns + 1; // acting : acted
  }

  private slot(k: Int32Array): number {
    let h = 0x9e3779b9 | 0;
    for (let i = 0; i < this.words; i++) {
      h = Math.imul(h ^ k[i], 0x85ebca6b);
      h ^= h >>> 13;
    }
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h & this.mask;
  }

  /** Looks {@link key} up: its slot if stored (bounds via {@link lowerAt}/{@link upperAt}), else -1. */
  find(): number {
    this.probes++;
    const i = this.lookUp(this.key);
    if (i >= 0) this.hits++;
    return i;
  }

  /**
   * Looks up the position of a key packed earlier (`k`) with another roll and actions left in
   * its header (the rest of the key, the mirror choice included, does not depend on them): its
   * slot if stored, else -1. Not counted in {@link probes}.
   */
  findVariant(k: Int32Array, roll: number, actionsLeft: number): number {
    const key = this.key;
    key.set(k);
    key[0] = (k[0] & ~((7 << ROLL_SHIFT) | (7 << ACTIONS_SHIFT))) | (roll << ROLL_SHIFT) | (actionsLeft << ACTIONS_SHIFT);
    return this.lookUp(key);
  }

  /** The slot holding key `k` (of its two), or -1. */
  private lookUp(k: Int32Array): number {
    const first = this.slot(k) & ~1;
    for (let i = first; i < first + 2; i++) if (this.used[i] === 1 && this.holds(i, k)) return i;
    return -1;
  }

  private holds(i: number, k: Int32Array): boolean {
    const base = i * this.words;
    for (let w = 0; w < this.words; w++) if (this.keys[base + w] !== k[w]) return false;
    return true;
  }

  lowerAt(i: number): number {
    return this.lower[i];
  }

  upperAt(i: number): number {
    return this.upper[i];
  }

  /** Stores bounds for {@link key} (replacing the slot's previous entry). */
  store(lower: number, upper: number): void {
    this.storeKey(this.key, lower, upper);
  }

  /** Stores bounds for a key packed earlier and kept (a copy of {@link key}). */
  storeKey(k: Int32Array, lower: number, upper: number): void {
    // Two slots a key: its own entry if there, else an empty slot, else the first slot when the
    // new entry has as many turns remaining as the one there (a bigger search kept), else the second.
    const first = this.slot(k) & ~1;
    let i = first;
    if (this.used[first] === 1 && !this.holds(first, k)) {
      const second = first + 1;
      if (this.used[second] === 0 || this.holds(second, k)) i = second;
      else i = (k[0] & 0xff) >= (this.keys[first * this.words] & 0xff) ? first : second;
    }
    if (this.used[i] === 0) {
      this.used[i] = 1;
      this.size++;
    }
    const base = i * this.words;
    for (let w = 0; w < this.words; w++) this.keys[base + w] = k[w];
    this.lower[i] = lower;
    this.upper[i] = upper;
  }
}

/** Inserts `code` into list[lo .. lo + i) kept in ascending order (lists of at most 8). */
function insertSorted(list: Int32Array, lo: number, i: number, code: number): void {
  let j = lo + i;
  while (j > lo && list[j - 1] > code) {
    list[j] = list[j - 1];
    j--;
  }
  list[j] = code;
}

function bitsFor(values: number): number {
  let b = 1;
  while (1 << b < values) b++;
  return b;
}

/**
 * The left–right mirror of each square, if the board's rules are symmetric under it: the left and
 * right edges alike (wall or open) and the victory square on the middle file. Else null.
 */
export function mirrorOf(g: Geometry): Int16Array | null {
  const { walls } = g.board;
  const w = g.width;
  if (walls.left !== walls.right) return null;
  const col = g.victory % w;
  if (col !== w - 1 - col) return null;
  const out = new Int16Array(g.cells);
  for (let sq = 0; sq < g.cells; sq++) out[sq] = sq - (sq % w) + (w - 1 - (sq % w));
  return out;
}
