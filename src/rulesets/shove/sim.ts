/**
 * The Shove rules, once: a compact mutable simulator over one small Int16Array, used by the
 * game interface (game.ts), the computer players, the solver and the benchmarks. Every rule of
 * the seed and rulings SH-1..SH-7 lives here and nowhere else.
 *
 * Actions are small integers: `square * 8 + kind * 4 + direction` (kind 0 = move the token on
 * `square`, kind 1 = the red token on `square` pushes the blue token next to it), or END
 * (pass the remaining actions). Copying a position is one `Int16Array.set`; nothing deep-copies.
 */
import type { Random } from "../../core/random.js";
import { BLUE, DEFAULT_RULES, DIR_NAMES, END, Geometry, OPEN, RED, Refusal, type RuleOptions, type Side, SIDE_NAMES, WALL, WinReason } from "./sim-geometry.js";

export * from "./sim-geometry.js";

// Layout of the position array.
const TURN = 0;
const SIDE = 1;
const ROLL = 2;
const LEFT_ACTIONS = 3;
const WINNER = 4;
const REASON = 5;
const ALIVE_RED = 6;
const ALIVE_BLUE = 7;
/** 1 when the SH-6 path is known to be open (positions reached by legal actions), 0 if unknown. */
const PATH_OK = 8;
/** How many tokens of the side to act are still locked (SH-5). */
const LOCKS = 9;
const HEADER = 10;

/** A plain snapshot of a simulator position (what the public game state stores). */
export interface SimSnapshot {
  turn: number;
  side: Side;
  roll: number;
  actionsLeft: number;
  /** -1 while the game goes on. */
  winner: number;
  reason: number;
  /** Square of each token (red tokens first, then blue), -1 once removed. */
  tokens: number[];
  /** Own turns each token has ended without moving (SH-5). */
  idle: number[];
  /** 1 if the token has moved this turn. */
  moved: number[];
  /** 1 if the token was locked at the start of its side's turn and has not moved yet (SH-5). */
  locked: number[];
}

export class ShoveSim {
  readonly g: Geometry;
  readonly rules: RuleOptions;
  /** The whole position: header, then per token square/idle/moved/locked, then the squares, then a sentinel cell (always 1). */
  readonly s: Int16Array;
  readonly posAt: number;
  readonly idleAt: number;
  readonly movedAt: number;
  readonly lockedAt: number;
  readonly cellAt: number;
  /** Draws the D4 at the start of each turn; null in chance mode (the solver sets rolls). */
  rng: Random | null;
  // Hot-path copies of the geometry and views into `s` (same memory, no offsets to add).
  private readonly nb: Int16Array;
  /**
   * nbc[square * 4 + dir]: like `nb`, but a step off the board leads to the sentinel cell
   * (index `cells` of `cellV`, the last number of `s`), which always reads as a red token: never
   * empty, never blue. Lets the candidate scan and SH-4 count without testing for edges.
   */
  private readonly nbc: Int16Array;
  /** ringc: the geometry's ring with off-board squares turned into the sentinel cell too. */
  private readonly ringc: Int16Array;
  private readonly nRed: number;
  private readonly nTokens: number;
  private readonly victory: number;
  /** cellV[square]: token + 1 on the square, 0 if empty (a view of `s`). */
  private readonly cellV: Int16Array;
  private readonly posV: Int16Array;
  private readonly idleV: Int16Array;
  private readonly movedV: Int16Array;
  private readonly lockedV: Int16Array;
  private readonly scratch: Int16Array;
  private readonly saved: Int16Array;
  private readonly candidateBuf: Int32Array;
  private readonly queue: Int16Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** The start position before the first roll (filled on the first {@link reset}); empty until then. */
  private readonly start: Int16Array;
  private startReady = false;

  constructor(g: Geometry, rules: RuleOptions = DEFAULT_RULES, rng: Random | null = null) {
    this.g = g;
    this.rules = rules;
    const t = g.tokens;
    this.posAt = HEADER;
    this.idleAt = HEADER + t;
    this.movedAt = HEADER + 2 * t;
    this.lockedAt = HEADER + 3 * t;
    this.cellAt = HEADER + 4 * t;
    this.s = new Int16Array(this.cellAt + g.cells + 1);
    this.nb = g.nb;
    this.nbc = g.nb.map((q) => (q < 0 ? g.cells : q));
    this.ringc = g.ring.map((q) => (q < 0 ? g.cells : q));
    this.nRed = g.nRed;
    this.nTokens = g.tokens;
    this.victory = g.victory;
    this.cellV = this.s.subarray(this.cellAt);
    this.cellV[g.cells] = 1;
    this.posV = this.s.subarray(this.posAt, this.idleAt);
    this.idleV = this.s.subarray(this.idleAt, this.movedAt);
    this.movedV = this.s.subarray(this.movedAt, this.lockedAt);
    this.lockedV = this.s.subarray(this.lockedAt, this.cellAt);
    this.scratch = new Int16Array(this.s.length);
    this.saved = new Int16Array(this.s.length);
    this.candidateBuf = new Int32Array(g.tokens * 8 + 1);
    this.queue = new Int16Array(g.cells);
    this.seen = new Uint32Array(g.cells);
    this.start = new Int16Array(this.s.length);
    this.rng = rng;
  }

  // ---- reading ----

  get turn(): number {
    return this.s[TURN];
  }
  get side(): Side {
    return this.s[SIDE] as Side;
  }
  get roll(): number {
    return this.s[ROLL];
  }
  get actionsLeft(): number {
    return this.s[LEFT_ACTIONS];
  }
  get winner(): number {
    return this.s[WINNER];
  }
  get winReason(): number {
    return this.s[REASON];
  }
  get over(): boolean {
    return this.s[WINNER] >= 0;
  }
  /** True at the start of a turn in chance mode, before {@link startTurn} gives the roll. */
  get awaitingRoll(): boolean {
    return this.s[WINNER] < 0 && this.s[ROLL] === 0;
  }
  /** Tokens of the side to act still locked this turn (SH-5). */
  get locksPending(): number {
    return this.s[LOCKS];
  }
  aliveCount(side: Side): number {
    return this.s[side === RED ? ALIVE_RED : ALIVE_BLUE];
  }
  tokenSide(token: number): Side {
    return token < this.g.nRed ? RED : BLUE;
  }
  /** Token on a square, or -1. */
  tokenAt(square: number): number {
    return this.s[this.cellAt + square] - 1;
  }
  pos(token: number): number {
    return this.s[this.posAt + token];
  }
  idle(token: number): number {
    return this.s[this.idleAt + token];
  }
  isLocked(token: number): boolean {
    return this.s[this.lockedAt + token] === 1;
  }
  hasMoved(token: number): boolean {
    return this.s[this.movedAt + token] === 1;
  }
  lockLimit(side: Side): number {
    return side === RED ? this.rules.redLockTurns : this.rules.blueLockTurns;
  }
  /** The first token of `side` still locked this turn (SH-5), or -1. */
  pendingLock(side: Side): number {
    const lo = side === RED ? 0 : this.g.nRed;
    const hi = side === RED ? this.g.nRed : this.g.tokens;
    for (let k = lo; k < hi; k++) if (this.s[this.lockedAt + k] === 1) return k;
    return -1;
  }

  // ---- setting up and copying ----

  /** The start position of the board; the first roll is drawn (or awaited in chance mode). */
  reset(): void {
    const s = this.s;
    if (!this.startReady) {
      s.fill(0, 0, this.cellAt + this.g.cells); // keeps the sentinel cell
      const b = this.g.board;
      s[TURN] = 1;
      s[WINNER] = -1;
      s[ALIVE_RED] = this.g.nRed;
      s[ALIVE_BLUE] = this.g.nBlue;
      const starts = [...b.red, ...b.blue];
      for (let k = 0; k < starts.length; k++) {
        s[this.posAt + k] = starts[k];
        s[this.cellAt + starts[k]] = k + 1;
      }
      // The start position is fixed: search its SH-6 path once and keep the whole position.
      s[PATH_OK] = this.pathOpen() ? 1 : 0;
      this.start.set(s);
      this.startReady = true;
    } else {
      s.set(this.start);
    }
    this.beginTurn();
  }

  copyFrom(other: ShoveSim): void {
    this.s.set(other.s);
  }

  load(snap: SimSnapshot): void {
    const s = this.s;
    s.fill(0, 0, this.cellAt + this.g.cells); // keeps the sentinel cell
    s[TURN] = snap.turn;
    s[SIDE] = snap.side;
    s[ROLL] = snap.roll;
    const lo = snap.side === RED ? 0 : this.g.nRed;
    const hi = snap.side === RED ? this.g.nRed : this.g.tokens;
    for (let k = lo; k < hi; k++) if (snap.locked[k] === 1 && snap.tokens[k] >= 0) s[LOCKS]++;
    s[LEFT_ACTIONS] = snap.actionsLeft;
    s[WINNER] = snap.winner;
    s[REASON] = snap.reason;
    let red = 0;
    let blue = 0;
    for (let k = 0; k < this.g.tokens; k++) {
      const p = snap.tokens[k];
      s[this.posAt + k] = p;
      s[this.idleAt + k] = snap.idle[k];
      s[this.movedAt + k] = snap.moved[k];
      s[this.lockedAt + k] = snap.locked[k];
      if (p >= 0) {
        s[this.cellAt + p] = k + 1;
        if (k < this.g.nRed) red++;
        else blue++;
      }
    }
    s[ALIVE_RED] = red;
    s[ALIVE_BLUE] = blue;
  }

  snapshot(): SimSnapshot {
    const s = this.s;
    const t = this.g.tokens;
    const tokens = new Array<number>(t);
    const idle = new Array<number>(t);
    const moved = new Array<number>(t);
    const locked = new Array<number>(t);
    for (let k = 0; k < t; k++) {
      tokens[k] = s[this.posAt + k];
      idle[k] = s[this.idleAt + k];
      moved[k] = s[this.movedAt + k];
      locked[k] = s[this.lockedAt + k];
    }
    return { turn: s[TURN], side: s[SIDE] as Side, roll: s[ROLL], actionsLeft: s[LEFT_ACTIONS], winner: s[WINNER], reason: s[REASON], tokens, idle, moved, locked };
  }

  // ---- turn structure (SH-2, SH-5, SH-7) ----

  /** Start of a turn: blue acts first. Draws the D4 unless in chance mode. */
  private beginTurn(): void {
    this.s[SIDE] = BLUE;
    if (this.rng === null) {
      this.s[ROLL] = 0;
      this.s[LEFT_ACTIONS] = 0;
      return;
    }
    // Same value as rng.int(1, 4) from the same draw: for a range of 4, Lemire's method never
    // rejects (2^32 mod 4 = 0) and returns 1 + floor(x * 4 / 2^32) = 1 + (x >>> 30).
    this.startTurn(1 + (this.rng.nextUint32() >>> 30));
  }

  /** Takes back the current turn's roll before anyone acted (so the solver can average over it). */
  clearRoll(): void {
    this.s[ROLL] = 0;
    this.s[LEFT_ACTIONS] = 0;
    this.s[SIDE] = BLUE;
  }

  /** Gives the turn's D4 roll (chance mode) — ruling SH-2: one roll for both sides. */
  startTurn(roll: number): void {
    this.s[ROLL] = roll;
    this.s[SIDE] = BLUE;
    this.s[LEFT_ACTIONS] = roll;
    this.lockSide(BLUE);
  }

  /** ruling SH-5: a token that has gone its side's limit of turns without moving is locked. */
  private lockSide(side: Side): void {
    const pos = this.posV;
    const idle = this.idleV;
    const moved = this.movedV;
    const locked = this.lockedV;
    const limit = side === RED ? this.rules.redLockTurns : this.rules.blueLockTurns;
    const lo = side === RED ? 0 : this.nRed;
    const hi = side === RED ? this.nRed : this.nTokens;
    let locks = 0;
    for (let k = lo; k < hi; k++) {
      moved[k] = 0;
      const l = pos[k] >= 0 && idle[k] >= limit ? 1 : 0;
      locked[k] = l;
      locks += l;
    }
    this.s[LOCKS] = locks;
  }

  /** Ends the current side's turn (SH-2); after red's turn the next turn starts or the limit ends the game (SH-7). */
  endTurn(): void {
    const s = this.s;
    const pos = this.posV;
    const idle = this.idleV;
    const moved = this.movedV;
    const locked = this.lockedV;
    const side = s[SIDE] as Side;
    const limit = side === RED ? this.rules.redLockTurns : this.rules.blueLockTurns;
    const lo = side === RED ? 0 : this.nRed;
    const hi = side === RED ? this.nRed : this.nTokens;
    for (let k = lo; k < hi; k++) {
      if (pos[k] < 0) continue;
      // ruling SH-5: being pushed does not count as moving; idle is capped at the limit.
      if (moved[k] === 1) idle[k] = 0;
      else if (idle[k] < limit) idle[k]++;
      moved[k] = 0;
      locked[k] = 0;
    }
    if (side === BLUE) {
      s[SIDE] = RED;
      s[LEFT_ACTIONS] = s[ROLL];
      this.lockSide(RED);
      return;
    }
    s[LEFT_ACTIONS] = 0;
    if (s[TURN] >= this.rules.turnLimit) {
      // ruling SH-7: red wins when the 10th turn ends.
      s[WINNER] = RED;
      s[REASON] = WinReason.TURN_LIMIT;
      return;
    }
    s[TURN]++;
    this.beginTurn();
  }

  // ---- actions ----

  /** The red token standing on the victory square (it must leave with red's next action, SH-6), or -1. */
  redOnVictory(): number {
    const k = this.cellV[this.victory] - 1;
    return k >= 0 && k < this.nRed ? k : -1;
  }

  /** Checks the action without the trial application (everything but SH-6's path and empty pushes). */
  private staticCheck(code: number): number {
    const s = this.s;
    if (s[WINNER] >= 0) return Refusal.OVER;
    if (s[ROLL] === 0) return Refusal.AWAIT_ROLL;
    const side = s[SIDE];
    if (code === END) return side === RED && this.redOnVictory() >= 0 ? Refusal.MUST_LEAVE : Refusal.OK;
    const sq = code >> 3;
    if (sq < 0 || sq >= this.g.cells) return Refusal.NO_TOKEN;
    const cell = this.cellV;
    const nRed = this.nRed;
    const k = cell[sq] - 1;
    if (k < 0) return Refusal.NO_TOKEN;
    if ((k < nRed ? RED : BLUE) !== side) return Refusal.NOT_YOURS;
    const t = this.nb[sq * 4 + (code & 3)];
    if ((code >> 2) & 1) {
      if (side !== RED) return Refusal.BLUE_PUSH;
      // ruling SH-6: the token on the victory square must leave with red's next action.
      if (this.redOnVictory() >= 0) return Refusal.MUST_LEAVE;
      if (t < 0) return Refusal.NO_TARGET;
      const target = cell[t] - 1;
      if (target < nRed) return Refusal.NO_TARGET; // empty (-1) or red
      return Refusal.OK;
    }
    const onV = side === RED ? this.redOnVictory() : -1;
    if (onV >= 0 && onV !== k) return Refusal.MUST_LEAVE;
    // ruling SH-5: while a locked token has not moved, no other token of its side may move.
    // (The red token on the victory square always may: leaving it comes first, SH-6.)
    if (onV !== k && s[LOCKS] > 0 && this.lockedV[k] === 0) return Refusal.LOCKED;
    if (t < 0) return Refusal.EDGE;
    if (cell[t] !== 0) return Refusal.OCCUPIED;
    // ruling SH-6: red may enter the victory square only with an action left after this one.
    if (side === RED && t === this.victory && s[LEFT_ACTIONS] < 2) return Refusal.VICTORY_LAST;
    return Refusal.OK;
  }

  /**
   * Applies the action if it is legal and returns 0; otherwise leaves the position unchanged and
   * returns the {@link Refusal} code. The single entry point for every rule of an action.
   */
  act(code: number): number {
    const r = this.staticCheck(code);
    if (r !== 0) return r;
    const s = this.s;
    if (code === END) {
      this.endTurn();
      return 0;
    }
    const side = s[SIDE];
    const sq = code >> 3;
    const dir = code & 3;
    const to = this.nb[sq * 4 + dir];
    if (side === BLUE) {
      // Blue moves never close the path (blue tokens do not block it): no trial needed.
      this.moveToken(sq, to);
      this.removeAround(to);
      this.checkWin();
      this.spendAction();
      return 0;
    }
    const push = (code >> 2) & 1;
    if (push === 0 && s[PATH_OK] === 1 && this.simpleSquare(to, sq)) {
      // A red move that cannot close the SH-6 path: no trial copy needed. Only the mover's
      // blue neighbours changed, so only the mover can fall to SH-4.
      this.moveToken(sq, to);
      this.removeIfTouched(this.cellV[to] - 1);
      this.checkWin();
      this.spendAction();
      return 0;
    }
    this.scratch.set(s);
    // Whether the SH-6 path may have closed: known open before, it stays open after a push that
    // removes no blue token (pushed tokens slide through free squares and stay connected) and after
    // a move onto a square whose free neighbours stay connected around it (a "simple" square).
    let mayClose = s[PATH_OK] === 0;
    if (push === 1) {
      const blueBefore = s[ALIVE_BLUE];
      const moved = this.push(to, dir, this.rules.pushDistance);
      if (!moved && !this.rules.emptyPushes) {
        s.set(this.scratch);
        return Refusal.NOTHING;
      }
      if (s[ALIVE_BLUE] !== blueBefore) mayClose = true;
    } else {
      this.moveToken(sq, to);
      mayClose = true;
    }
    this.removeTouched();
    this.checkWin();
    // ruling SH-6: after every red action some blue token must still have a path to the victory square.
    if (s[WINNER] < 0 && mayClose) {
      if (!this.pathOpen()) {
        s.set(this.scratch);
        return Refusal.PATH;
      }
      s[PATH_OK] = 1;
    }
    this.spendAction();
    return 0;
  }

  /** Why `code` is refused (0 if legal), without changing the position. */
  check(code: number): number {
    const r = this.staticCheck(code);
    if (r !== 0 || code === END || this.s[SIDE] === BLUE) return r;
    this.saved.set(this.s);
    const result = this.act(code);
    this.s.set(this.saved);
    return result;
  }

  private spendAction(): void {
    const s = this.s;
    if (s[WINNER] >= 0) return;
    if (--s[LEFT_ACTIONS] <= 0) this.endTurn();
  }

  private moveToken(from: number, to: number): void {
    const cell = this.cellV;
    const k = cell[from] - 1;
    cell[from] = 0;
    cell[to] = k + 1;
    this.posV[k] = to;
    this.movedV[k] = 1;
    if (this.lockedV[k] === 1) {
      this.lockedV[k] = 0;
      this.s[LOCKS]--;
    }
  }

  /** Slides a token without it counting as a move (a push, SH-5). */
  private slide(from: number, to: number): void {
    const cell = this.cellV;
    const k = cell[from] - 1;
    cell[from] = 0;
    cell[to] = k + 1;
    this.posV[k] = to;
  }

  /**
   * ruling SH-3: the token on `sq` is pushed `dist` squares in `dir`, one at a time. A wall or a
   * red token stops it; crossing an open edge removes it; a blue token in the way is itself pushed
   * `dist` squares on, and the pushed token stops on the square it leaves (or, if that token
   * could not move at all, just short of it). Returns whether any token moved.
   */
  private push(sq: number, dir: number, dist: number): boolean {
    const s = this.s;
    const nb = this.nb;
    const cell = this.cellV;
    let cur = sq;
    let moved = false;
    for (let step = 0; step < dist; step++) {
      const nx = nb[cur * 4 + dir];
      if (nx === OPEN) {
        const k = cell[cur] - 1;
        cell[cur] = 0;
        this.posV[k] = -1;
        this.lockedV[k] = 0; // blue tokens are pushed only in red's turn: never counted in LOCKS
        s[ALIVE_BLUE]--;
        return true;
      }
      if (nx === WALL) break;
      const occ = cell[nx] - 1;
      if (occ < 0) {
        this.slide(cur, nx);
        cur = nx;
        moved = true;
        continue;
      }
      if (occ < this.nRed) break;
      if (this.push(nx, dir, dist)) moved = true;
      if (cell[nx] === 0) {
        this.slide(cur, nx);
        moved = true;
      }
      break;
    }
    return moved;
  }

  /**
   * Does blocking `sq` leave its free (non-red, on-board) orthogonal neighbours connected to each
   * other through the ring of 8 squares around it? Then no path through `sq` is lost.
   */
  private simpleSquare(sq: number, vacated: number): boolean {
    const cell = this.cellV;
    const ring = this.ringc;
    const nRed = this.nRed;
    const base = sq * 8;
    // A square is free when it is on the board and holds no red token: cell - 1 (unsigned) is not
    // below nRed (0 = empty wraps to 2^32 - 1; the off-board sentinel reads as red).
    let free = 0;
    let links = 0;
    let firstFree = false;
    let prevFree = false;
    for (let i = 0; i < 8; i += 2) {
      const o = ring[base + i];
      const oFree = o === vacated || (cell[o] - 1) >>> 0 >= nRed;
      if (i === 0) firstFree = oFree;
      if (oFree) free++;
      if (i > 0 && oFree && prevFree && (cell[ring[base + i - 1]] - 1) >>> 0 >= nRed) links++;
      prevFree = oFree;
    }
    if (prevFree && firstFree && (cell[ring[base + 7]] - 1) >>> 0 >= nRed) links++;
    return free - links <= 1;
  }

  /** ruling SH-4: every red token touching two or more blue tokens is removed. */
  private removeTouched(): void {
    for (let k = 0; k < this.nRed; k++) this.removeIfTouched(k);
  }

  /** SH-4 for one red token. */
  private removeIfTouched(k: number): void {
    const s = this.s;
    const nbc = this.nbc;
    const cell = this.cellV;
    const nRed = this.nRed;
    const p = this.posV[k];
    if (p < 0) return;
    const base = p * 4;
    const blue =
      ((nRed - cell[nbc[base]]) >>> 31) + ((nRed - cell[nbc[base + 1]]) >>> 31) + ((nRed - cell[nbc[base + 2]]) >>> 31) + ((nRed - cell[nbc[base + 3]]) >>> 31);
    if (blue >= 2) {
      cell[p] = 0;
      this.posV[k] = -1;
      if (this.lockedV[k] === 1) {
        this.lockedV[k] = 0;
        if (s[SIDE] === RED) s[LOCKS]--;
      }
      s[ALIVE_RED]--;
    }
  }

  /** SH-4 after a token arrived on `sq`: only red tokens on or next to it can have changed. */
  private removeAround(sq: number): void {
    const nbc = this.nbc;
    const cell = this.cellV;
    const nRed = this.nRed;
    const k = cell[sq] - 1;
    if (k >= 0 && k < nRed) this.removeIfTouched(k);
    const base = sq * 4;
    for (let d = 0; d < 4; d++) {
      const q = nbc[base + d];
      if (q === this.g.cells) continue;
      const j = cell[q] - 1;
      if (j >= 0 && j < nRed) this.removeIfTouched(j);
    }
  }

  /** ruling SH-7: blue wins on the victory square or with no red left; red wins with no blue left. */
  private checkWin(): void {
    const s = this.s;
    if (this.cellV[this.victory] > this.nRed) {
      s[WINNER] = BLUE;
      s[REASON] = WinReason.BLUE_ON_VICTORY;
    } else if (s[ALIVE_RED] === 0) {
      s[WINNER] = BLUE;
      s[REASON] = WinReason.NO_RED;
    } else if (s[ALIVE_BLUE] === 0) {
      s[WINNER] = RED;
      s[REASON] = WinReason.NO_BLUE;
    }
  }

  /**
   * ruling SH-6: is there a path of orthogonal steps from some blue token to the victory square
   * crossing no red token (blue tokens do not block it; walls are the board's edges)? A red token
   * standing on the victory square itself does not close it: it must leave with its next action.
   */
  pathOpen(): boolean {
    const s = this.s;
    const nb = this.g.nb;
    const nRed = this.g.nRed;
    const cellAt = this.cellAt;
    const seen = this.seen;
    const queue = this.queue;
    const stamp = ++this.stamp;
    if (stamp === 0xffffffff) {
      seen.fill(0);
      this.stamp = 1;
    }
    const v = this.g.victory;
    seen[v] = stamp;
    queue[0] = v;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const p = queue[head++];
      const base = p * 4;
      for (let d = 0; d < 4; d++) {
        const q = nb[base + d];
        if (q < 0 || seen[q] === stamp) continue;
        seen[q] = stamp;
        const occ = s[cellAt + q];
        if (occ > nRed) return true;
        if (occ !== 0) continue;
        queue[tail++] = q;
      }
    }
    return false;
  }

  /** Squares reachable from the victory square without crossing red (for the evaluation). */
  distanceMap(out: Int16Array): void {
    const s = this.s;
    const nb = this.g.nb;
    const nRed = this.g.nRed;
    out.fill(-1);
    const queue = this.queue;
    const v = this.g.victory;
    out[v] = 0;
    queue[0] = v;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const p = queue[head++];
      for (let d = 0; d < 4; d++) {
        const q = nb[p * 4 + d];
        if (q < 0 || out[q] >= 0) continue;
        const occ = s[this.cellAt + q];
        if (occ !== 0 && occ <= nRed) continue;
        out[q] = out[p] + 1;
        queue[tail++] = q;
      }
    }
  }

  /**
   * Candidate actions of the side to act, END last; returns the count. Every legal action is a
   * candidate; moves onto the edge or an occupied square and pushes with no blue token to push
   * are left out already (they are never legal), so sampling the list wastes little.
   */
  candidates(out: Int32Array): number {
    const s = this.s;
    if (s[WINNER] >= 0 || s[ROLL] === 0) return 0;
    const nbc = this.nbc;
    const cell = this.cellV;
    const pos = this.posV;
    const nRed = this.nRed;
    let n = 0;
    // Branch-free scan: every direction's code is written and kept (n advances) only when it is
    // a candidate; off the board is the sentinel cell, which is neither empty nor blue.
    if (s[SIDE] === RED) {
      for (let k = 0; k < nRed; k++) {
        const p = pos[k];
        if (p < 0) continue;
        const base = p * 4;
        const code = p * 8;
        // Per direction: empty = (occ - 1) >>> 31 (occ === 0), blue = (nRed - occ) >>> 31 (a push).
        let occ = cell[nbc[base]];
        let blue = (nRed - occ) >>> 31;
        out[n] = code + (blue << 2);
        n += ((occ - 1) >>> 31) | blue;
        occ = cell[nbc[base + 1]];
        blue = (nRed - occ) >>> 31;
        out[n] = code + (blue << 2) + 1;
        n += ((occ - 1) >>> 31) | blue;
        occ = cell[nbc[base + 2]];
        blue = (nRed - occ) >>> 31;
        out[n] = code + (blue << 2) + 2;
        n += ((occ - 1) >>> 31) | blue;
        occ = cell[nbc[base + 3]];
        blue = (nRed - occ) >>> 31;
        out[n] = code + (blue << 2) + 3;
        n += ((occ - 1) >>> 31) | blue;
      }
    } else {
      const tokens = this.nTokens;
      for (let k = nRed; k < tokens; k++) {
        const p = pos[k];
        if (p < 0) continue;
        const base = p * 4;
        const code = p * 8;
        // (cell - 1) >>> 31 is 1 exactly when the square is empty.
        out[n] = code;
        n += (cell[nbc[base]] - 1) >>> 31;
        out[n] = code + 1;
        n += (cell[nbc[base + 1]] - 1) >>> 31;
        out[n] = code + 2;
        n += (cell[nbc[base + 2]] - 1) >>> 31;
        out[n] = code + 3;
        n += (cell[nbc[base + 3]] - 1) >>> 31;
      }
    }
    out[n++] = END;
    return n;
  }

  /** Every legal action now, in candidate order. */
  legalActions(): number[] {
    const buf = this.candidateBuf;
    const n = this.candidates(buf);
    const out: number[] = [];
    for (let i = 0; i < n; i++) if (this.check(buf[i]) === 0) out.push(buf[i]);
    return out;
  }

  /** Readable reason for a refusal of `code` (for the screen and the game interface). */
  explain(code: number, refusal: number): string {
    const g = this.g;
    const sq = code === END ? -1 : code >> 3;
    const where = sq >= 0 && sq < g.cells ? g.name(sq) : "?";
    const side = SIDE_NAMES[this.side];
    switch (refusal) {
      case Refusal.OK:
        return "legal";
      case Refusal.OVER:
        return "the game is over";
      case Refusal.AWAIT_ROLL:
        return "the turn's D4 has not been rolled yet";
      case Refusal.NO_TOKEN:
        return `there is no token on ${where}`;
      case Refusal.NOT_YOURS:
        return `the token on ${where} is not ${side}'s`;
      case Refusal.MUST_LEAVE: {
        const k = this.redOnVictory();
        return `the red token on the victory square ${g.name(this.pos(k))} must leave it with red's next action (SH-6)`;
      }
      case Refusal.LOCKED: {
        const k = this.pendingLock(this.side);
        return `${where} cannot move: ${g.name(this.pos(k))} is locked, it has not moved for ${this.idle(k)} turns and must move first (SH-5)`;
      }
      case Refusal.EDGE:
        return `${where} cannot move ${DIR_NAMES[code & 3]}: that is the edge of the board`;
      case Refusal.OCCUPIED:
        return `${where} cannot move ${DIR_NAMES[code & 3]}: ${g.name(g.nb[sq * 4 + (code & 3)])} is occupied`;
      case Refusal.VICTORY_LAST:
        return "red may enter the victory square only with an action left to leave it (SH-6)";
      case Refusal.BLUE_PUSH:
        return "only red pushes (seed: Pushing)";
      case Refusal.NO_TARGET:
        return `there is no blue token ${DIR_NAMES[code & 3]} of ${where} to push (SH-3)`;
      case Refusal.NOTHING:
        return "that push would move nothing (option emptyPushes is off)";
      case Refusal.PATH:
        return "red must leave blue an open path to the victory square (SH-6)";
      default:
        return `refused (${refusal})`;
    }
  }
}
