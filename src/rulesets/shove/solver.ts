/**
 * Exact solver: the probability that blue wins under perfect play by both sides, by expectimax
 * over the D4 (a chance node at the start of every turn, each face 1/4) with blue maximising and
 * red minimising over single actions. Values are dyadic rationals (k / 4^turns), exact in
 * doubles, and reported as {@link Fraction}s.
 *
 * What keeps it small:
 * - alpha–beta windows through every node, the chance nodes included (Ballard's Star1: a roll's
 *   window is what the other rolls could still make up), with the table keeping lower and upper
 *   bounds; the root is searched only with zero windows (v, v + 4^-K), from v = 0 up (MTD(f)):
 *   where red holds (value 0, as from the start of the default board) the first proves it with
 *   one red refutation per red node, and above 0 each test raises v until one proves it exact;
 * - a transposition table of packed keys, tokens of a colour sorted and a mirror-symmetric board's
 *   mirror images merged (solver-table.ts); it is keyed by turns remaining, so iterative deepening
 *   reuses every entry of the shallower searches; idle counts and moved flags are left out
 *   wherever no SH-5 lock can follow from them before the game ends;
 * - bounds from the table's entries for the same position with another roll or other actions
 *   left ({@link ShoveSolver.dominance}): ending a part of a turn early is always allowed, so more
 *   actions never hurt the side that has them (from 2 turns left: 21% fewer nodes after a first
 *   roll of 1 with 4 turns left);
 * - move ordering: two killer actions per level (the last that cut off there), then red's `end`,
 *   then the actions that cut off before (history); blue tries the steps towards the victory
 *   square first; chance nodes try rolls 1 to 4, in the last turn 4 to 1;
 * - exact bounds. Upper: red may always just end its turns, so blue's value is at most its value
 *   against that passive red, where blue needs at least as many actions as its nearest token's
 *   walk to the victory square past the red tokens it cannot remove in time (SH-4), or as
 *   removing every red token takes (SH-7); its actions are its actions left plus the rolls still
 *   to come, so the value is at most the chance those add up to the need (0: no win possible).
 *   In the last turn and the turn before it the upper bound counts SH-5 too: a blue token
 *   locked in the last turn must move before any other may, one action outside the walk each.
 *   Lower: blue to act with a free walk of d steps that no lock stops wins at once (1), and
 *   before a roll at least (5 - d)/4. Both narrow the window. In the last turn red cannot act
 *   before the end, so a roll that loses ends the chance node (every smaller roll loses too);
 *   where the upper bound is blue's walk alone, only a nearest token's step towards the victory
 *   square can lower the need, so blue's other moves are left out when the bound says they
 *   cannot beat the best so far;
 * - walks as bitboard flood fills (walk.ts, BitWalker).
 *
 * Measured from the start of the default board before the first roll (2 shared vCPUs, Node 20):
 * 3 turns left took 43.5 million nodes and 27–34 s before the zero window, the chance bound,
 * the idle masking and the killers; then 2.2 million nodes and under 4 s, now 1.15 million
 * (P(blue wins) = 0 at 1, 2 and 3 turns left). 4 turns left is still out of reach of 60 s
 * (about 76 million nodes in the 58 s left on session 14's machine, unfinished); its search after
 * a first roll of 1 alone takes 14.9 million nodes (31.3 million before the lock bound and the
 * left-out moves, 18.9 million before the bounds from other actions left). 4 turns left is worth
 * 1/128 to blue (rolls 1–3: 0; roll 4: 1/32): one search without a budget takes 493 million nodes
 * (855 million before the bounds from other actions left; docs/shove.md).
 *
 * "Turns left" shortens the game: the position is solved as if the turn limit (SH-7) came after
 * K more turns, counting the current one. The engine never reads a clock: a time budget comes in
 * as a `now()` function and a deadline from the caller.
 */
import { D4, poolSumDist } from "../../core/dice.js";
import { Fraction } from "../../core/fraction.js";
import { loadState, newSim, type ShoveConfig, type ShoveState } from "./game.js";
import { BLUE, END, RED, type ShoveSim } from "./sim.js";
import { PackedTable } from "./solver-table.js";
import { BitWalker } from "./walk.js";

export class SolverBudgetExceeded extends Error {
  override name = "SolverBudgetExceeded";
}

export interface SolveOptions {
  /** Stop (incomplete) after this many nodes in one `solve` (default 20 million). */
  maxNodes?: number;
  /** Slots of the transposition table (rounded up to a power of two; default 2^21, 2^23 in {@link solveDeepening}). */
  maxEntries?: number;
  /**
   * Treat the position as the start of its turn before the D4 is rolled (only allowed when blue
   * has not acted yet this turn), so the value averages over the roll.
   */
  beforeRoll?: boolean;
  /** Use the transposition table (default true; off only to cross-check it). */
  useTable?: boolean;
  /** Use the shortcuts and bounds (default true; off only to cross-check them). */
  useBounds?: boolean;
  /** Merge mirror images on a symmetric board (default true; off only to cross-check it). */
  useSymmetry?: boolean;
  /** Use alpha–beta windows (default true; off only to cross-check them). */
  useWindows?: boolean;
  /** Bound a position by the same position's entries with other actions left (default true; off only to cross-check it). */
  useDominance?: boolean;
  /** A time budget: stop (incomplete) once `now()` passes `deadline` (checked every 4096 nodes; the clock is injected). */
  now?: () => number;
  deadline?: number;
}

export interface SolveResult {
  turnsLeft: number;
  /** Exact probability that blue wins with perfect play by both sides. */
  blueWins: Fraction;
  nodes: number;
  tableEntries: number;
}

/** An exact choice for play: the best action now (a simulator code) and its value. */
export interface SolvedChoice {
  code: number;
  blueWins: number;
  nodes: number;
}

export class ShoveSolver {
  /** Nodes searched by this solver (all calls). */
  nodes = 0;
  /** Nodes decided by another roll's or actions left's table entry ({@link dominance}). */
  dominanceCuts = 0;
  private readonly table: PackedTable;
  private stack: ShoveSim[] = [];
  private buf: Int32Array[] = [];
  private order: Int32Array[] = [];
  /** Each level's table key, packed on entry and kept for the store on exit. */
  private keys: Int32Array[] = [];
  /** Per level, the action that last cut the search off there (tried first). */
  private killers = new Int32Array(0);
  private readonly maxNodes: number;
  private nodeLimit = 0;
  private lastTurn = 0;
  /** Blue's walks to the victory square (bitboard flood fills). */
  private readonly walker: BitWalker;
  private readonly col: Int16Array;
  private readonly row: Int16Array;
  private readonly staticDist: Int16Array;
  /** History counters per action code and side: how often the action cut a search off. */
  private readonly history: Int32Array;
  private readonly beforeRoll: boolean;
  private readonly useTable: boolean;
  private readonly useBounds: boolean;
  private readonly useWindows: boolean;
  private readonly useDominance: boolean;
  private readonly now: (() => number) | undefined;
  private readonly deadline: number;
  private readonly cells: number;

  constructor(
    readonly config: ShoveConfig,
    opts: SolveOptions = {},
  ) {
    this.maxNodes = opts.maxNodes ?? 20_000_000;
    this.beforeRoll = opts.beforeRoll ?? false;
    this.useTable = opts.useTable ?? true;
    this.useBounds = opts.useBounds ?? true;
    this.useWindows = opts.useWindows ?? true;
    this.useDominance = opts.useDominance ?? true;
    this.now = opts.now;
    this.deadline = opts.deadline ?? Number.POSITIVE_INFINITY;
    const probe = newSim(config, null);
    const g = probe.g;
    this.cells = g.cells;
    this.table = new PackedTable(g, config.rules.redLockTurns, config.rules.blueLockTurns, this.useTable ? (opts.maxEntries ?? 1 << 21) : 1, opts.useSymmetry ?? true);
    // Only squares holding red tokens are read: each is written before it is read.
    this.col = Int16Array.from({ length: g.cells }, (_, sq) => sq % g.width);
    this.row = Int16Array.from({ length: g.cells }, (_, sq) => Math.floor(sq / g.width));
    this.walker = new BitWalker(g.width, g.height, g.victory);
    this.history = new Int32Array(2 * (g.cells * 8 + 1));
    // Steps from the victory square ignoring tokens, for blue's move ordering.
    this.staticDist = new Int16Array(g.cells).fill(-1);
    const q = [g.victory];
    this.staticDist[g.victory] = 0;
    for (let i = 0; i < q.length; i++) {
      for (let d = 0; d < 4; d++) {
        const n = g.nb[q[i] * 4 + d];
        if (n >= 0 && this.staticDist[n] < 0) {
          this.staticDist[n] = this.staticDist[q[i]] + 1;
          q.push(n);
        }
      }
    }
  }

  get tableEntries(): number {
    return this.table.size;
  }

  /** Table look-ups that found their position, out of all look-ups. */
  get tableHitRate(): number {
    return this.table.probes === 0 ? 0 : this.table.hits / this.table.probes;
  }

  get symmetric(): boolean {
    return this.table.symmetric;
  }

  /** Prepares the search stack for `state` solved with `turnsLeft` turns to go; returns the root. */
  private prepare(state: ShoveState, turnsLeft: number): ShoveSim {
    if (!Number.isInteger(turnsLeft) || turnsLeft < 1) throw new RangeError(`turns left must be at least 1, got ${turnsLeft}`);
    if (turnsLeft > 255) throw new RangeError(`turns left must be at most 255, got ${turnsLeft}`);
    const limit = state.turn + turnsLeft - 1;
    const config: ShoveConfig = { board: this.config.board, rules: { ...this.config.rules, turnLimit: limit } };
    this.lastTurn = limit;
    const depth = turnsLeft * 10 + 12;
    this.stack = Array.from({ length: depth }, () => newSim(config, null));
    const width = this.stack[0].g.tokens * 8 + 1;
    this.buf = Array.from({ length: depth }, () => new Int32Array(width));
    this.order = Array.from({ length: depth }, () => new Int32Array(width));
    this.killers = new Int32Array(2 * depth).fill(-2);
    this.keys = Array.from({ length: depth }, () => new Int32Array(this.table.words));
    this.progress = new Int32Array(depth * 2 * this.walker.hit.length);
    const root = this.stack[0];
    loadState(root, state);
    root.rng = null; // chance mode: rolls are enumerated, not drawn
    if (this.beforeRoll) {
      if (state.side !== "blue" || state.actionsLeft !== state.roll || state.moved.some((m) => m === 1)) {
        throw new RangeError("before the roll: the position must be at the start of a turn, before blue acts");
      }
      root.clearRoll();
    }
    this.nodeLimit = this.nodes + this.maxNodes;
    return root;
  }

  /** Solves `state` with `turnsLeft` turns to go. Throws {@link SolverBudgetExceeded} past the node or time budget. */
  solve(state: ShoveState, turnsLeft: number): SolveResult {
    if (state.winner !== null) {
      return { turnsLeft, blueWins: state.winner === "blue" ? Fraction.ONE : Fraction.ZERO, nodes: 0, tableEntries: this.table.size };
    }
    this.prepare(state, turnsLeft);
    const startNodes = this.nodes;
    const v = this.exactValue(0, turnsLeft);
    return { turnsLeft, blueWins: toFraction(v, turnsLeft), nodes: this.nodes - startNodes, tableEntries: this.table.size };
  }

  /**
   * The exact best action for the side to act in `state` (roll known) with `turnsLeft` turns to
   * go: blue's highest chance, red's lowest; ties go to the first in candidate order (`end`
   * first for red). Throws {@link SolverBudgetExceeded} past the budget.
   */
  bestAction(state: ShoveState, turnsLeft: number): SolvedChoice {
    if (state.winner !== null) throw new RangeError("the game is over");
    const root = this.prepare(state, turnsLeft);
    if (root.awaitingRoll) throw new RangeError("the roll is not known yet");
    const startNodes = this.nodes;
    const blue = root.side === BLUE;
    const next = this.stack[1];
    let best = blue ? -1 : 2;
    let bestCode = END;
    const legal = root.legalActions();
    if (!blue) legal.sort((a, b) => (a === END ? -1 : b === END ? 1 : 0));
    const step = 4 ** -turnsLeft;
    for (const code of legal) {
      next.copyFrom(root);
      if (next.act(code) !== 0) continue;
      let v: number;
      if (!this.useWindows || (blue ? best < 0 : best > 1)) v = this.exactValue(1, turnsLeft);
      else {
        // A zero window at the best so far: only a strictly better action needs its exact value.
        const bound = blue ? this.value(1, best, best + step) : this.value(1, best - step, best);
        if (blue ? bound <= best : bound >= best) continue;
        // Blue's bound is a lower bound on the value (fail high), where the zero-window steps may start.
        v = this.exactValue(1, turnsLeft, blue ? bound : 0);
      }
      if (blue ? v > best : v < best) {
        best = v;
        bestCode = code;
      }
      if (blue ? best >= 1 : best <= 0) break;
    }
    return { code: bestCode, blueWins: best, nodes: this.nodes - startNodes };
  }

  /**
   * The exact value (blue's chance) of playing `code` in `state` (roll known) with `turnsLeft`
   * turns to go. Throws {@link SolverBudgetExceeded} past the budget, RangeError if illegal.
   */
  actionValue(state: ShoveState, turnsLeft: number, code: number): number {
    if (state.winner !== null) throw new RangeError("the game is over");
    const root = this.prepare(state, turnsLeft);
    if (root.awaitingRoll) throw new RangeError("the roll is not known yet");
    const next = this.stack[1];
    next.copyFrom(root);
    if (next.act(code) !== 0) throw new RangeError("that action is not legal here");
    return this.exactValue(1, turnsLeft);
  }

  /**
   * The exact value at `level` by zero-window tests (MTD(f) from a first guess of 0): values are
   * multiples of 4^-turnsLeft, so the window (v, v + 4^-turnsLeft) decides whether the value is
   * above v; a test that fails high returns a new lower bound, one that fails low proves v
   * exact. Where red holds (value 0, as from the start of the default board) the first test
   * proves it with one red refutation per red node; above 0, proving "at most v" for the best v
   * found costs far less than a full window (0, 1), which makes the search prove every blue
   * alternative's exact value below the best (a first roll of 4 with 4 turns left from the start:
   * 471 instead of 736 million nodes). `lowerBound`: a value already known to be at most the exact one.
   */
  private exactValue(level: number, turnsLeft: number, lowerBound = 0): number {
    if (!this.useWindows) return this.value(level, 0, 1);
    const step = 4 ** -turnsLeft;
    let v = lowerBound;
    for (;;) {
      const r = this.value(level, v, v + step);
      if (r <= v) return v;
      v = r;
    }
  }

  /**
   * Marks which red tokens blue could remove (SH-4: two blue tokens beside it) within `a`
   * actions, red standing still: the two nearest blue tokens' steps to a square beside it.
   * Returns the most steps any red token needs (above `a` when some cannot be removed): removing
   * every red token takes at least that many blue actions.
   */
  private markRemovable(sim: ShoveSim, a: number): number {
    const g = sim.g;
    const blocked = this.walker.blocked;
    const wordOf = this.walker.wordOf;
    const bitOf = this.walker.bitOf;
    blocked.fill(0);
    const col = this.col;
    const row = this.row;
    const s = sim.s;
    const posAt = sim.posAt;
    let most = 0;
    for (let r = 0; r < g.nRed; r++) {
      const p = s[posAt + r];
      if (p < 0) continue;
      let first = 1 << 14;
      let second = 1 << 14;
      for (let k = g.nRed; k < g.tokens; k++) {
        const q = s[posAt + k];
        if (q < 0) continue;
        const dc = col[p] - col[q];
        const dr = row[p] - row[q];
        const steps = (dc < 0 ? -dc : dc) + (dr < 0 ? -dr : dr) - 1;
        if (steps < first) {
          second = first;
          first = steps;
        } else if (steps < second) second = steps;
      }
      if (first + second > a) blocked[wordOf[p]] |= bitOf[p];
      if (first + second > most) most = first + second;
    }
    return most;
  }

  /**
   * A lower bound on the blue actions needed to win against a red that only ends its turns, if
   * it is at most `a` (else above `a`): the nearest blue token's steps to the victory square past
   * the red tokens blue cannot remove within `a` actions (blue tokens passed through), or the
   * steps to remove every red token (SH-4, SH-7), whichever is fewer.
   */
  private blueNeeds(sim: ShoveSim, a: number): number {
    const removeAll = this.markRemovable(sim, a);
    this.walker.markBlue(sim);
    const walk = this.walker.distance(a);
    this.lastWalk = walk;
    this.lastRemoveAll = removeAll;
    return walk < removeAll ? walk : removeAll;
  }

  /**
   * An upper bound on blue's chance (0 when no blue win is possible). Red may always just end its
   * turns (when no red token stands on the victory square), so blue's value is at most its value
   * against that passive red: blue then needs at least {@link blueNeeds} actions (a token on the
   * victory square, or every red token removed), and the actions it gets are its actions left
   * this turn plus the rolls still to come (4 at most a turn), whatever either side does. So the
   * value is at most the chance that those rolls add up to the need. In red's part of the last
   * turn nothing blue can do remains.
   */
  private passiveBound(sim: ShoveSim): number {
    const later = this.lastTurn - sim.turn;
    this.progressNeed = -1;
    if (later === 0 && sim.side === RED) return 0;
    if (sim.redOnVictory() >= 0) return 1;
    const dice = later + (sim.awaitingRoll ? 1 : 0);
    const known = sim.awaitingRoll || sim.side === RED ? 0 : sim.actionsLeft;
    const a = known + 4 * dice;
    const need = this.blueNeeds(sim, a);
    if (need > a) return 0;
    // SH-5 locks of the last turn, where the win cannot come before it.
    if (later === 0 || (later === 1 && need > known)) {
      const locked = this.lockedNeed(sim, later, need);
      if (locked > need) {
        if (later === 0 || !sim.awaitingRoll) return locked > a ? 0 : diceAtLeast(dice, locked - known);
        // Before the roll of the turn before last: a roll of at least the walk may still win in
        // that turn (no lock counts then); any smaller roll must win in the last turn.
        let sum = 0;
        for (let r = 1; r <= 4; r++) sum += r >= need ? 1 : diceAtLeast(1, locked - r);
        return sum / 4;
      }
    }
    if (need === this.lastWalk && this.lastRemoveAll > need) this.progressNeed = need;
    return diceAtLeast(dice, need - known);
  }

  /**
   * After blue's move from `from` to `to` (or `end`), blue needs no fewer actions than before
   * unless the move is a step of a nearest token towards the victory square: the other tokens'
   * walks only lengthen (a red token blue could not remove in time stays so with one action
   * fewer: the two nearest blue tokens came at most one step closer), and removing every red
   * token takes at least one step less only if it took more than the walk. So where the passive
   * bound came from the walk alone ({@link progressNeed}), any other move's child is bounded by
   * the same need with one action fewer. Reads the walker's last {@link blueNeeds}.
   */
  private isProgress(level: number, code: number): boolean {
    if (code === END) return false;
    const nb = this.stack[0].g.nb;
    const from = code >> 3;
    const to = nb[from * 4 + (code & 3)];
    if (to < 0) return false;
    const w = this.walker;
    const base = level * 2 * w.hit.length;
    return (this.progress[base + w.wordOf[from]] & w.bitOf[from]) !== 0 && (this.progress[base + w.hit.length + w.wordOf[to]] & w.bitOf[to]) !== 0;
  }

  /**
   * Keeps the walker's nearest tokens and nearer squares for {@link isProgress} at `level`, and
   * returns the bound on blue's other moves: the same need with one action fewer.
   */
  private keepProgress(sim: ShoveSim, level: number): number {
    const w = this.walker;
    const n = w.hit.length;
    this.progress.set(w.hit, level * 2 * n);
    this.progress.set(w.nearer, level * 2 * n + n);
    // Blue's part of a rolled turn: the rolls still to come, and one action fewer than it has left.
    return diceAtLeast(this.lastTurn - sim.turn, this.progressNeed - (sim.actionsLeft - 1));
  }

  /**
   * SH-5 in the last turn: while a blue token locked then has not moved, no other blue token may
   * move, so a walk by another token costs one action more per such lock (each is an action
   * outside the walk; a locked walker's own steps are the walk). The tokens counted: in the last
   * turn once rolled, the locks still pending; before its roll and in red's part of the turn
   * before last, the idle counts at the limit; in blue's part of the turn before last (or before
   * its roll), the tokens one short of it that have not moved this turn (moving one then is an
   * action too). In the turn before last only called when no win fits in blue's actions of that
   * turn (`need`, the plain walk or removal, is more). Returns `need` raised by the locks where the walk decides
   * it (removing every red token is not raised). Reads the walker's last {@link blueNeeds}.
   */
  private lockedNeed(sim: ShoveSim, later: number, need: number): number {
    const walk = this.lastWalk;
    if (walk > need) return need;
    const g = sim.g;
    const s = sim.s;
    const pending = later === 0 && !sim.awaitingRoll;
    const threshold = this.config.rules.blueLockTurns - (later === 1 && sim.side === BLUE ? 1 : 0);
    const hit = this.walker.hit;
    const wordOf = this.walker.wordOf;
    const bitOf = this.walker.bitOf;
    let locks = 0;
    let walkerLocked = 0;
    for (let k = g.nRed; k < g.tokens; k++) {
      const p = s[sim.posAt + k];
      if (p < 0) continue;
      if (pending ? s[sim.lockedAt + k] === 0 : s[sim.movedAt + k] === 1 || s[sim.idleAt + k] < threshold) continue;
      locks++;
      if ((hit[wordOf[p]] & bitOf[p]) !== 0) walkerLocked = 1;
    }
    if (locks === 0) return need;
    const locked = walk + locks - walkerLocked;
    return locked < this.lastRemoveAll ? locked : this.lastRemoveAll;
  }

  /**
   * A lower bound at a chance node: blue wins at once with any roll of at least the steps of a
   * free walk to the victory square that no SH-5 lock stops ({@link walkWins}); 0 if none.
   */
  private walkBound(level: number): number {
    const next = this.stack[level + 1];
    next.copyFrom(this.stack[level]);
    next.startTurn(4);
    const d = this.walkWins(next, 4);
    return d < 0 ? 0 : (5 - d) / 4;
  }

  /**
   * Blue wins at once: a blue token has a walk over empty squares to the victory square no longer
   * than `a` actions, and no SH-5 lock of another token stops it walking. Returns the walk's
   * steps, or -1.
   */
  private walkWins(sim: ShoveSim, a: number): number {
    const walker = this.walker;
    walker.markBlue(sim);
    walker.markAllRed(sim);
    const d = walker.distance(a);
    if (d > a) return -1;
    const locks = sim.locksPending;
    if (locks === 0) return d;
    if (locks > 1 && d > 1) return -1;
    // The walk must be a locked token's (it moves first; with one step it wins at once).
    const g = sim.g;
    for (let k = g.nRed; k < g.tokens; k++) {
      const p = sim.pos(k);
      if (p >= 0 && sim.isLocked(k) && (walker.hit[walker.wordOf[p]] & walker.bitOf[p]) !== 0) return d;
    }
    return -1;
  }

  /** Counts a node against the node and time budgets. */
  private tick(): void {
    if (++this.nodes > this.nodeLimit) throw new SolverBudgetExceeded(`node budget of ${this.maxNodes} exceeded`);
    if ((this.nodes & 0xfff) === 0 && this.now !== undefined && this.now() > this.deadline) throw new SolverBudgetExceeded("time budget exceeded");
  }

  private value(level: number, alpha: number, beta: number): number {
    const sim = this.stack[level];
    if (sim.over) return sim.winner === BLUE ? 1 : 0;
    this.tick();
    if (!this.useWindows) {
      alpha = 0;
      beta = 1;
    }
    let lower = 0;
    let upper = 1;
    // Blue: a bound on every child but the steps of a nearest token towards the victory square (2: none).
    let otherMoves = 2;
    if (this.useBounds) {
      upper = this.passiveBound(sim);
      if (upper <= alpha) return upper;
      if (this.progressNeed >= 0 && !sim.awaitingRoll && sim.side === BLUE) otherMoves = this.keepProgress(sim, level);
      if (sim.awaitingRoll) lower = this.walkBound(level);
      else if (sim.side === BLUE && this.walkWins(sim, sim.actionsLeft) >= 0) return 1;
      if (lower >= beta || lower === upper) return lower;
    }
    const table = this.table;
    const turnsRemaining = this.lastTurn - sim.turn;
    const key = this.keys[level];
    if (this.useTable) {
      table.pack(sim, turnsRemaining);
      key.set(table.key);
      const i = table.find();
      if (i >= 0) {
        const l = table.lowerAt(i);
        const u = table.upperAt(i);
        if (l > lower) lower = l;
        if (u < upper) upper = u;
        if (lower === upper || lower >= beta) return lower;
        if (upper <= alpha) return upper;
      }
    }
    if (this.useTable && this.useDominance && !sim.awaitingRoll && turnsRemaining >= 1) {
      this.dominance(sim, key);
      if (this.domLower > lower) lower = this.domLower;
      if (this.domUpper < upper) upper = this.domUpper;
      if (lower === upper || lower >= beta || upper <= alpha) {
        this.dominanceCuts++;
        return upper <= alpha ? upper : lower;
      }
    }
    // The bounds narrow the window: a value found at a bound is the exact value.
    if (lower > alpha) alpha = lower;
    if (upper < beta) beta = upper;
    const a0 = alpha;
    const b0 = beta;
    const next = this.stack[level + 1];
    let v: number;
    if (sim.awaitingRoll) {
      // Star1: each roll's window is what the rolls still to come (each worth 0..1) could make up.
      let sum = 0;
      v = -1;
      const lastTurn = turnsRemaining === 0 && this.useBounds;
      for (let i = 0; i < 4; i++) {
        const roll = lastTurn ? 4 - i : i + 1;
        const rest = 3 - i;
        const lo = 4 * alpha - sum - rest;
        const hi = 4 * beta - sum;
        next.copyFrom(sim);
        next.startTurn(roll);
        const c = this.value(level + 1, lo > 0 ? lo : 0, hi < 1 ? hi : 1);
        sum += c;
        // In the last turn a smaller roll never does better (red cannot act before the end, and
        // a win ends the game at once): once a roll loses, every smaller one loses too.
        if (c === 0 && lastTurn) break;
        if (c <= lo) {
          v = (sum + rest) / 4; // an upper bound: the value is at most this ≤ alpha
          break;
        }
        if (c >= hi) {
          v = sum / 4; // a lower bound ≥ beta
          break;
        }
      }
      if (v < 0) v = sum / 4;
    } else {
      const blue = sim.side === BLUE;
      v = blue ? 0 : 1;
      const n = this.ordered(sim, level);
      const order = this.order[level];
      const hist = this.history;
      const histBase = blue ? 0 : this.cells * 8 + 1;
      let skipped = false;
      for (let j = 0; j < n; j++) {
        const code = order[j];
        if (otherMoves <= (v > alpha ? v : alpha) && !this.isProgress(level, code)) {
          // This child cannot beat the best so far (or alpha): the bound says so without it.
          skipped = true;
          continue;
        }
        next.copyFrom(sim);
        if (next.act(code) !== 0) continue;
        const c = blue ? this.value(level + 1, v > alpha ? v : alpha, beta) : this.value(level + 1, alpha, v < beta ? v : beta);
        if (blue ? c > v : c < v) v = c;
        if (blue ? v >= beta : v <= alpha) {
          hist[histBase + code + 1] += 1;
          if (this.killers[2 * level] !== code) {
            this.killers[2 * level + 1] = this.killers[2 * level];
            this.killers[2 * level] = code;
          }
          break;
        }
      }
      // A child left out is worth at most `otherMoves`: the value stays a true upper bound.
      if (skipped && otherMoves > v) v = otherMoves;
    }
    if (this.useTable) {
      if (v <= a0) table.storeKey(key, lower, v < upper ? v : upper);
      else if (v >= b0) table.storeKey(key, v > lower ? v : lower, upper);
      else table.storeKey(key, v, v);
    }
    return v;
  }

  /**
   * Bounds from the same position with another roll or other actions left (into
   * {@link domLower}, {@link domUpper}). Ending the part of a turn early is always allowed (red
   * never needs to: it cannot end on the victory square, and with fewer actions it could not have
   * stood there at the end either), so a side with more actions left can do all that one with
   * fewer can: blue's chance never falls with more blue actions left, and never rises with more
   * red actions left (in blue's part, the roll: red then gets as many). So blue with roll R and
   * a actions left is worth at most what it is worth with roll R' ≤ R and b ≥ a actions, and at
   * least what it is worth with R'' ≥ R and c ≤ a; red with a actions left at most what it is
   * worth with fewer, at least what it is worth with more.
   */
  private dominance(sim: ShoveSim, key: Int32Array): void {
    const table = this.table;
    const a = sim.actionsLeft;
    let lo = 0;
    let up = 1;
    if (sim.side === RED) {
      for (let b = 1; b <= 4; b++) {
        if (b === a) continue;
        const i = table.findVariant(key, 0, b);
        if (i < 0) continue;
        if (b < a) up = Math.min(up, table.upperAt(i));
        else lo = Math.max(lo, table.lowerAt(i));
      }
    } else {
      const roll = sim.roll;
      for (let r = a; r <= 4; r++) {
        for (let b = 1; b <= r; b++) {
          if (r === roll && b === a) continue;
          const moreForBlue = r <= roll && b >= a;
          const moreForRed = r >= roll && b <= a;
          if (!moreForBlue && !moreForRed) continue;
          const i = table.findVariant(key, r, b);
          if (i < 0) continue;
          if (moreForBlue) up = Math.min(up, table.upperAt(i));
          if (moreForRed) lo = Math.max(lo, table.lowerAt(i));
        }
      }
    }
    this.domLower = lo;
    this.domUpper = up;
  }

  private domLower = 0;
  private domUpper = 1;

  /** The side's candidates in search order (into `order[level]`); returns the count. */
  private ordered(sim: ShoveSim, level: number): number {
    const buf = this.buf[level];
    const out = this.order[level];
    const n = sim.candidates(buf);
    const blue = sim.side === BLUE;
    const hist = this.history;
    const histBase = blue ? 0 : this.cells * 8 + 1;
    const killer = this.killers[2 * level];
    const killer2 = this.killers[2 * level + 1];
    // Scores: the action that last cut off at this level first (a killer); red's `end` next; blue's steps towards the victory square first; then history.
    const scores = this.scores;
    for (let i = 0; i < n; i++) {
      const code = buf[i];
      let s = hist[histBase + code + 1];
      if (code === killer) s += 1 << 30;
      else if (code === killer2) s += 1 << 29;
      if (code === END) s += blue ? -(1 << 28) : 1 << 28;
      else if (blue) {
        const p = code >> 3;
        const q = sim.g.nb[p * 4 + (code & 3)];
        if (q >= 0 && this.staticDist[q] < this.staticDist[p]) s += 1 << 20;
      }
      // Insertion sort, highest score first (n ≤ 33).
      let j = i;
      while (j > 0 && scores[j - 1] < s) {
        scores[j] = scores[j - 1];
        out[j] = out[j - 1];
        j--;
      }
      scores[j] = s;
      out[j] = code;
    }
    return n;
  }

  private readonly scores = new Float64Array(256);
  /**
   * Set by {@link passiveBound}: the need when it is the walk alone (no lock raised it, removal
   * takes longer), else -1; see {@link isProgress}.
   */
  private progressNeed = -1;
  /** Per level (blue's), the walker's nearest tokens and nearer squares ({@link keepProgress}). */
  private progress = new Int32Array(0);
  /** The walk and the removal steps of the last {@link blueNeeds}, for {@link lockedNeed}. */
  private lastWalk = 0;
  private lastRemoveAll = 0;
}

/** TAILS[n][x]: the chance that n rolls of the D4 add up to at least x, n ≤ 24 (core's exact pool sums, as doubles: dyadic, so exact). */
const TAILS: Float64Array[] = Array.from({ length: 25 }, (_, n) => {
  const sum = poolSumDist(n, D4);
  const tail = new Float64Array(4 * n + 2);
  for (let x = 4 * n; x >= 0; x--) tail[x] = tail[x + 1] + (x >= n ? sum.probOf(x).toNumber() : 0);
  return tail;
});

/** The chance that `n` rolls of the D4 add up to at least `x` (1, no bound, past 24 rolls). */
export function diceAtLeast(n: number, x: number): number {
  if (x <= n) return 1;
  if (x > 4 * n) return 0;
  return n > 24 ? 1 : TAILS[n][x];
}

/** Every chance node divides by 4: the value times 4^turnsLeft is a whole number. */
function toFraction(v: number, turnsLeft: number): Fraction {
  const scale = 4 ** turnsLeft;
  const n = Math.round(v * scale);
  if (Math.abs(n - v * scale) > 1e-6) throw new Error(`solver value ${v} is not a multiple of 1/${scale}`);
  return Fraction.of(BigInt(n), BigInt(scale));
}

export interface DeepeningStep extends SolveResult {
  seconds: number;
  nodesPerSecond: number;
  /** Table look-ups that hit, out of all look-ups so far. */
  tableHitRate: number;
}

/**
 * Solves with 1, 2, … up to `maxTurnsLeft` turns left until the budget runs out, one table kept
 * throughout (keyed by turns remaining, so each depth reuses the last); `now` is an injected
 * clock (ms). Returns the solved steps and where it stopped.
 */
export function solveDeepening(
  config: ShoveConfig,
  state: ShoveState,
  maxTurnsLeft: number,
  now: () => number,
  opts: SolveOptions & { maxMs?: number; onStep?: (step: DeepeningStep) => void; onStart?: (turnsLeft: number) => void } = {},
): { steps: DeepeningStep[]; stoppedAt: number | null; stoppedNodes: number; stoppedSeconds: number; stoppedReason: string | null } {
  const steps: DeepeningStep[] = [];
  const deadline = opts.maxMs === undefined ? opts.deadline : now() + opts.maxMs;
  // A long search: a bigger table by default (2^23 slots, about 230 MB) than a single solve's.
  const solver = new ShoveSolver(config, { maxEntries: 1 << 23, ...opts, now, deadline });
  for (let k = 1; k <= maxTurnsLeft; k++) {
    const t0 = now();
    const n0 = solver.nodes;
    opts.onStart?.(k);
    try {
      const r = solver.solve(state, k);
      const seconds = (now() - t0) / 1000;
      const step = { ...r, seconds, nodesPerSecond: seconds > 0 ? Math.round(r.nodes / seconds) : r.nodes, tableHitRate: solver.tableHitRate };
      steps.push(step);
      opts.onStep?.(step);
    } catch (err) {
      if (!(err instanceof SolverBudgetExceeded)) throw err;
      return { steps, stoppedAt: k, stoppedNodes: solver.nodes - n0, stoppedSeconds: (now() - t0) / 1000, stoppedReason: err.message };
    }
  }
  return { steps, stoppedAt: null, stoppedNodes: 0, stoppedSeconds: 0, stoppedReason: null };
}
