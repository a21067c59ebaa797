/**
 * Exact solver: the probability that blue wins under perfect play by both sides, by expectimax
 * over the D4 (a chance node at the start of every turn, each face 1/4) with blue maximising and
 * red minimising over single actions, a transposition table keyed by the position, and cut-offs
 * when a side reaches its best possible value. Values are dyadic rationals (k / 4^turns), exact
 * in doubles, and reported as {@link Fraction}s.
 *
 * "Turns left" shortens the game: the position is solved as if the turn limit (SH-7) came after
 * K more turns, counting the current one.
 */
import { Fraction } from "../../core/fraction.js";
import { loadState, newSim, type ShoveConfig, type ShoveState } from "./game.js";
import { BLUE, END, RED, type ShoveSim } from "./sim.js";

export class SolverBudgetExceeded extends Error {
  override name = "SolverBudgetExceeded";
}

export interface SolveOptions {
  /** Solve as if this many turns remain, counting the current one (default: all that remain). */
  turnsLeft?: number;
  /** Stop (incomplete) after this many nodes (default 20 million). */
  maxNodes?: number;
  /** Largest transposition table (default 4 million entries); past it, new entries are not stored. */
  maxEntries?: number;
  /**
   * Treat the position as the start of its turn before the D4 is rolled (only allowed when blue
   * has not acted yet this turn), so the value averages over the roll.
   */
  beforeRoll?: boolean;
  /** Use the transposition table (default true; off only to cross-check it). */
  useTable?: boolean;
  /** Use the "no blue win possible" bound (default true; off only to cross-check it). */
  useBounds?: boolean;
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

export class ShoveSolver {
  nodes = 0;
  private readonly table = new Map<string, number>();
  private stack: ShoveSim[] = [];
  private buf: Int32Array[] = [];
  private readonly maxNodes: number;
  private readonly maxEntries: number;
  private readonly key: number[];
  private lastTurn = 0;
  private blocked = new Uint8Array(0);
  private dist = new Int16Array(0);
  private queue = new Int16Array(0);
  private readonly beforeRoll: boolean;
  private readonly useTable: boolean;
  private readonly useBounds: boolean;

  constructor(
    readonly config: ShoveConfig,
    opts: SolveOptions = {},
  ) {
    this.maxNodes = opts.maxNodes ?? 20_000_000;
    this.maxEntries = opts.maxEntries ?? 4_000_000;
    this.key = [];
    this.beforeRoll = opts.beforeRoll ?? false;
    this.useTable = opts.useTable ?? true;
    this.useBounds = opts.useBounds ?? true;
    this.now = opts.now;
    this.deadline = opts.deadline ?? Number.POSITIVE_INFINITY;
  }

  private readonly now: (() => number) | undefined;
  private readonly deadline: number;

  get tableEntries(): number {
    return this.table.size;
  }

  /** Solves `state` with `turnsLeft` turns to go. Throws {@link SolverBudgetExceeded} past the node budget. */
  solve(state: ShoveState, turnsLeft: number): SolveResult {
    if (state.winner !== null) {
      return { turnsLeft, blueWins: state.winner === "blue" ? Fraction.ONE : Fraction.ZERO, nodes: 0, tableEntries: 0 };
    }
    if (!Number.isInteger(turnsLeft) || turnsLeft < 1) throw new RangeError(`turns left must be at least 1, got ${turnsLeft}`);
    const limit = state.turn + turnsLeft - 1;
    const config: ShoveConfig = { board: this.config.board, rules: { ...this.config.rules, turnLimit: limit } };
    this.lastTurn = limit;
    this.table.clear();
    const depth = turnsLeft * 10 + 12;
    this.stack = Array.from({ length: depth }, () => newSim(config, null));
    this.buf = Array.from({ length: depth }, () => new Int32Array(this.stack[0].g.tokens * 8 + 1));
    const root = this.stack[0];
    this.blocked = new Uint8Array(root.g.cells);
    this.dist = new Int16Array(root.g.cells);
    this.queue = new Int16Array(root.g.cells);
    loadState(root, state);
    root.rng = null; // chance mode: rolls are enumerated, not drawn
    if (this.beforeRoll) {
      if (state.side !== "blue" || state.actionsLeft !== state.roll || state.moved.some((m) => m === 1)) {
        throw new RangeError("before the roll: the position must be at the start of a turn, before blue acts");
      }
      root.clearRoll();
    }
    const startNodes = this.nodes;
    const v = this.value(0);
    // Every chance node divides by 4: the value times 4^turnsLeft is a whole number.
    const scale = 4 ** turnsLeft;
    const n = Math.round(v * scale);
    if (Math.abs(n - v * scale) > 1e-6) throw new Error(`solver value ${v} is not a multiple of 1/${scale}`);
    return { turnsLeft, blueWins: Fraction.of(BigInt(n), BigInt(scale)), nodes: this.nodes - startNodes, tableEntries: this.table.size };
  }

  private keyOf(sim: ShoveSim): string {
    const s = sim.s;
    const k = this.key;
    k.length = 0;
    k.push(sim.turn, sim.side, sim.roll, sim.actionsLeft);
    const g = sim.g;
    for (let sq = 0; sq < g.cells; sq++) {
      const t = sim.tokenAt(sq);
      if (t < 0) k.push(0);
      else k.push(1 + (t < g.nRed ? 1 : 0) + 2 * (s[sim.idleAt + t] + 64 * (s[sim.movedAt + t] + 2 * s[sim.lockedAt + t])));
    }
    return String.fromCharCode(...k);
  }

  /**
   * No blue win is possible. Red may always just end its turns (when no red token stands on the
   * victory square), so blue's value is at most its value against that passive red: blue then
   * needs a token on the victory square within its remaining actions (this turn's, then 4 a
   * turn), or every red token removed (SH-4 needs a blue token next to each). Red tokens no blue
   * token can reach stay where they are and block; the others might be removed, so the distance
   * search passes through them; blue tokens are passed through too (a lower bound). In red's part
   * of the last turn nothing blue can do remains.
   */
  private hopeless(sim: ShoveSim): boolean {
    const later = this.lastTurn - sim.turn;
    if (later === 0 && sim.side === RED) return true;
    if (sim.redOnVictory() >= 0) return false;
    const a = (sim.awaitingRoll ? 4 : sim.side === BLUE ? sim.actionsLeft : 0) + 4 * later;
    const g = sim.g;
    const w = g.width;
    const blocked = this.blocked;
    blocked.fill(0);
    let stuck = false;
    for (let r = 0; r < g.nRed; r++) {
      const p = sim.pos(r);
      if (p < 0) continue;
      let reachable = false;
      for (let k = g.nRed; k < g.tokens && !reachable; k++) {
        const q = sim.pos(k);
        if (q >= 0 && Math.abs((p % w) - (q % w)) + Math.abs(Math.floor(p / w) - Math.floor(q / w)) <= a + 1) reachable = true;
      }
      if (!reachable) {
        stuck = true;
        blocked[p] = 1;
      }
    }
    if (!stuck) return false; // every red token might be removed
    // Breadth-first distances from the victory square through squares no stuck red token holds.
    const dist = this.dist;
    dist.fill(-1);
    const queue = this.queue;
    dist[g.victory] = 0;
    queue[0] = g.victory;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const p = queue[head++];
      if (dist[p] >= a) continue;
      for (let d = 0; d < 4; d++) {
        const q = g.nb[p * 4 + d];
        if (q < 0 || dist[q] >= 0 || blocked[q]) continue;
        dist[q] = dist[p] + 1;
        queue[tail++] = q;
      }
    }
    for (let k = g.nRed; k < g.tokens; k++) {
      const p = sim.pos(k);
      if (p >= 0 && dist[p] >= 0 && dist[p] <= a) return false;
    }
    return true;
  }

  private value(level: number): number {
    const sim = this.stack[level];
    if (sim.over) return sim.winner === BLUE ? 1 : 0;
    if (++this.nodes > this.maxNodes) throw new SolverBudgetExceeded(`node budget of ${this.maxNodes} exceeded`);
    if ((this.nodes & 0xfff) === 0 && this.now !== undefined && this.now() > this.deadline) throw new SolverBudgetExceeded("time budget exceeded");
    if (this.useBounds && this.hopeless(sim)) return 0;
    const key = this.useTable ? this.keyOf(sim) : "";
    const known = this.useTable ? this.table.get(key) : undefined;
    if (known !== undefined) return known;
    const next = this.stack[level + 1];
    let v: number;
    if (sim.awaitingRoll) {
      v = 0;
      for (let roll = 1; roll <= 4; roll++) {
        next.copyFrom(sim);
        next.startTurn(roll);
        v += this.value(level + 1);
      }
      v /= 4;
    } else {
      const blue = sim.side === BLUE;
      v = blue ? 0 : 1;
      const buf = this.buf[level];
      const n = sim.candidates(buf);
      // Red tries ending the turn first (often best, and a quick cut-off when it is worth 0).
      for (let j = 0; j < n; j++) {
        const code = blue ? buf[j] : j === 0 ? END : buf[j - 1];
        if (!blue && j > 0 && code === END) continue;
        next.copyFrom(sim);
        if (next.act(code) !== 0) continue;
        const c = this.value(level + 1);
        if (blue ? c > v : c < v) v = c;
        if (blue ? v === 1 : v === 0) break;
      }
    }
    if (this.useTable && this.table.size < this.maxEntries) this.table.set(key, v);
    return v;
  }
}

export interface DeepeningStep extends SolveResult {
  seconds: number;
  nodesPerSecond: number;
}

/**
 * Solves with 1, 2, … up to `maxTurnsLeft` turns left until the budget runs out; `now` is an
 * injected clock (ms). Returns the solved steps and whether the last requested depth was reached.
 */
export function solveDeepening(
  config: ShoveConfig,
  state: ShoveState,
  maxTurnsLeft: number,
  now: () => number,
  opts: SolveOptions & { maxMs?: number; onStep?: (step: DeepeningStep) => void; onStart?: (turnsLeft: number) => void } = {},
): { steps: DeepeningStep[]; stoppedAt: number | null; stoppedNodes: number; stoppedSeconds: number; stoppedReason: string | null } {
  const steps: DeepeningStep[] = [];
  const deadline = opts.maxMs === undefined ? undefined : now() + opts.maxMs;
  for (let k = 1; k <= maxTurnsLeft; k++) {
    const solver = new ShoveSolver(config, { ...opts, now, deadline });
    const t0 = now();
    opts.onStart?.(k);
    try {
      const r = solver.solve(state, k);
      const seconds = (now() - t0) / 1000;
      const step = { ...r, seconds, nodesPerSecond: seconds > 0 ? Math.round(r.nodes / seconds) : r.nodes };
      steps.push(step);
      opts.onStep?.(step);
    } catch (err) {
      if (!(err instanceof SolverBudgetExceeded)) throw err;
      return { steps, stoppedAt: k, stoppedNodes: solver.nodes, stoppedSeconds: (now() - t0) / 1000, stoppedReason: err.message };
    }
  }
  return { steps, stoppedAt: null, stoppedNodes: 0, stoppedSeconds: 0, stoppedReason: null };
}
