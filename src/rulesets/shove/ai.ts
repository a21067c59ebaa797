/**
 * Computer players for Shove. All of them use the rules only through the simulator (sim.ts) or
 * the game interface (game.ts):
 * - `random`: a uniformly random legal decision.
 * - `mcts`: Monte Carlo tree search over single decisions (core `mctsSearch`), the D4 a chance
 *   event resampled on every iteration, random playouts on the fast simulator.
 * - `strong`: the same search with heuristic playouts (blue heads for the victory square, red
 *   pushes and shadows the leading blue token) and twice the iterations; red keeps the threat
 *   guard (guard.ts) and checks its pick against the solver over the next {@link RED_HORIZON}
 *   turns, blue walks in when a free walk fits its actions, and from
 *   {@link ENDGAME_TURNS} turns before the end it plays the solver's exact choice whenever the
 *   solver finishes within {@link ENDGAME_NODES} nodes.
 */
import { type Player, type PlayerId, playOut } from "../../core/game.js";
import { Random } from "../../core/random.js";
import { mctsSearch } from "../../core/search/mcts.js";
import { formatAction, loadState, parseAction, newSim, resolveConfig, type ShoveConfig, type ShoveMove, type ShoveOptions, type ShoveState, shove, winReasonText } from "./game.js";
import { guardSearch } from "./guard.js";
import { actionCode, BLUE, END, KIND_MOVE, RED, type ShoveSim } from "./sim.js";
import { ShoveSolver, SolverBudgetExceeded } from "./solver.js";
import { BlueWalker } from "./walk.js";

export const AI_LEVELS = ["random", "mcts", "strong"] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

/**
 * The level every front end (CLI, web page, online seat) offers by default. `strong`, because
 * `mcts` with random playouts loses to a person walking one token straight to the victory square
 * (issue 26; test/shove/plans.test.ts plays the trivial plans against it).
 */
export const DEFAULT_LEVEL: AiLevel = "strong";

/** Default iterations per decision of the MCTS levels. */
export const DEFAULT_ITERATIONS: Record<AiLevel, number> = { random: 0, mcts: 1000, strong: 2000 };

/**
 * The strongest level solves the rest of the game exactly from this many turns before the end
 * (counting the current one) — when the solver finishes within {@link ENDGAME_NODES} nodes. A
 * node budget, not a clock, so play stays repeatable; a turn whose attempt ran out is not tried
 * again until the next turn.
 */
export const ENDGAME_TURNS = 2;
export const ENDGAME_NODES = 250_000;

/**
 * Red's look-ahead at the strongest level: wherever the endgame solver gave no choice (before
 * the endgame, or it ran out of nodes earlier in the turn), red's pick (search, then guard) is
 * checked against the solver with the game cut off this many turns ahead (counting the current
 * one), and replaced by the solver's choice when that gives blue a smaller chance of reaching
 * the victory square within them. Tried at each shorter horizon down to 2 when the solver runs
 * out of {@link ENDGAME_NODES} (each of red's decisions tries again: fewer actions left make a
 * smaller search).
 */
export const RED_HORIZON = 3;

/** A uniform index below n (multiply-shift: bias below 2^-27 for n ≤ 32, fine for playouts). */
function below(rng: Random, n: number): number {
  return Math.floor((rng.nextUint32() * n) / 4294967296);
}

/**
 * One uniformly random legal action, applied: candidates are drawn without replacement until
 * one is legal (rejection gives the uniform distribution over the legal set).
 */
export function randomAction(sim: ShoveSim, rng: Random, buf: Int32Array): number {
  let n = sim.candidates(buf);
  while (n > 0) {
    const i = below(rng, n);
    const code = buf[i];
    if (sim.act(code) === 0) return code;
    buf[i] = buf[--n];
  }
  throw new Error("no legal action (the game is over)");
}

/** Plays uniformly random legal actions to the end; the simulator's own rng draws the D4. */
export function randomPlayout(sim: ShoveSim, rng: Random, buf: Int32Array): void {
  while (!sim.over) randomAction(sim, rng, buf);
}

/** Static distance of every square to the victory square, ignoring tokens (for playout hints). */
export function staticDistances(sim: ShoveSim): Int16Array {
  const g = sim.g;
  const out = new Int16Array(g.cells).fill(-1);
  const queue: number[] = [g.victory];
  out[g.victory] = 0;
  while (queue.length) {
    const p = queue.shift()!;
    for (let d = 0; d < 4; d++) {
      const q = g.nb[p * 4 + d];
      if (q >= 0 && out[q] < 0) {
        out[q] = out[p] + 1;
        queue.push(q);
      }
    }
  }
  return out;
}

/**
 * A cheap playout policy: blue usually steps a token closer to the victory square (the one
 * nearest first), red usually pushes when it can, and otherwise either side plays at random.
 */
export function heuristicAction(sim: ShoveSim, rng: Random, buf: Int32Array, dist: Int16Array): number {
  const g = sim.g;
  if (sim.side === BLUE && rng.float() < 0.85) {
    // Nearest blue tokens first; try their steps that lower the distance.
    let bestCode = END;
    let bestDist = 1 << 14;
    for (let k = g.nRed; k < g.tokens; k++) {
      const p = sim.pos(k);
      if (p < 0) continue;
      for (let d = 0; d < 4; d++) {
        const q = g.nb[p * 4 + d];
        if (q < 0 || dist[q] >= dist[p]) continue;
        const score = dist[q] * 4 + below(rng, 4);
        if (score < bestDist && sim.tokenAt(q) < 0) {
          bestDist = score;
          bestCode = p * 8 + d;
        }
      }
    }
    if (bestCode !== END && sim.act(bestCode) === 0) return bestCode;
  } else if (sim.side === RED && rng.float() < 0.7) {
    const n = sim.candidates(buf);
    let pushes = 0;
    for (let i = 0; i < n; i++) {
      const c = buf[i];
      if (c !== END && (c >> 2) & 1) {
        const t = g.nb[(c >> 3) * 4 + (c & 3)];
        if (t >= 0 && sim.tokenAt(t) >= g.nRed) buf[pushes++] = c;
      }
    }
    while (pushes > 0) {
      const i = below(rng, pushes);
      if (sim.act(buf[i]) === 0) return buf[i];
      buf[i] = buf[--pushes];
    }
  }
  return randomAction(sim, rng, buf);
}

export function heuristicPlayout(sim: ShoveSim, rng: Random, buf: Int32Array, dist: Int16Array): void {
  while (!sim.over) heuristicAction(sim, rng, buf, dist);
}

/** The MCTS playout of a level: a whole game on a private simulator, rewards for both sides. */
export function makePlayout(config: ShoveConfig, heuristic: boolean): (state: ShoveState, rng: Random) => Record<PlayerId, number> {
  const sim = newSim(config);
  const buf = new Int32Array(sim.g.tokens * 8 + 1);
  const dist = staticDistances(sim);
  return (state, r) => {
    loadState(sim, state);
    sim.rng = r; // the D4 of later turns is resampled on every playout
    if (heuristic) heuristicPlayout(sim, r, buf, dist);
    else randomPlayout(sim, r, buf);
    return sim.winner === BLUE ? { blue: 1, red: 0 } : { blue: 0, red: 1 };
  };
}

export interface AiOptions {
  level: AiLevel;
  seed: number;
  /** Iterations per decision for the MCTS levels (default {@link DEFAULT_ITERATIONS}). */
  iterations?: number;
}

/** A computer player of the given level for games of this configuration. */
export function shovePlayer(config: ShoveConfig, opts: AiOptions): Player<ShoveState, ShoveMove> {
  const rng = Random.fromSeed(opts.seed, 3);
  if (opts.level === "random") {
    const sim = newSim(config);
    return {
      name: "random",
      choose(state: ShoveState): ShoveMove {
        loadState(sim, state);
        const legal = sim.legalActions();
        if (legal.length === 0) throw new Error("no legal decision");
        return formatAction(sim.g, legal[below(rng, legal.length)]);
      },
    };
  }
  const iterations = opts.iterations ?? DEFAULT_ITERATIONS[opts.level];
  const playout = makePlayout(config, opts.level === "strong");
  const sim = newSim(config);
  const probe = newSim(config);
  const strong = opts.level === "strong";
  const walker = new BlueWalker(sim.g.cells);
  let solver: ShoveSolver | null = null;
  let failedTurn = -1;
  /** The solver's exact choice, when the rest of the game is within its reach and the choice matters. */
  const endgame = (state: ShoveState): number | null => {
    const left = state.config.rules.turnLimit - state.turn + 1;
    if (left > ENDGAME_TURNS || state.turn === failedTurn) return null;
    solver ??= new ShoveSolver(config, { maxNodes: ENDGAME_NODES, maxEntries: 1 << 17 });
    try {
      const best = solver.bestAction(state, left);
      // A lost game (or a certain one for the other side) leaves every action equal against
      // perfect play: then the search's pick, which still hopes for a mistake, is better.
      const hopeless = state.side === "blue" ? best.blueWins === 0 : best.blueWins === 1;
      return hopeless ? null : best.code;
    } catch (err) {
      if (!(err instanceof SolverBudgetExceeded)) throw err;
      failedTurn = state.turn;
      return null;
    }
  };
  /** Red's look-ahead ({@link RED_HORIZON}): `picked`, or the solver's choice when that is better within the horizon. */
  const lookAhead = (state: ShoveState, picked: number): number => {
    const left = state.config.rules.turnLimit - state.turn + 1;
    let turns = Math.min(RED_HORIZON, left);
    solver ??= new ShoveSolver(config, { maxNodes: ENDGAME_NODES, maxEntries: 1 << 17 });
    for (; turns >= 2; turns--) {
      try {
        const best = solver.bestAction(state, turns);
        // Blue certain to get there: every action is equal, keep the pick that hopes for a mistake.
        if (best.blueWins === 1 || best.code === picked) return picked;
        return solver.actionValue(state, turns, picked) > best.blueWins ? best.code : picked;
      } catch (err) {
        if (!(err instanceof SolverBudgetExceeded)) throw err;
      }
    }
    return picked;
  };
  return {
    name: `${opts.level}(${iterations})`,
    choose(state: ShoveState, player: PlayerId): ShoveMove {
      // Decisive moves first: an action that wins at once is always taken.
      loadState(sim, state);
      const me = sim.side;
      for (const code of sim.legalActions()) {
        probe.copyFrom(sim);
        probe.rng = null;
        if (probe.act(code) === 0 && probe.over && probe.winner === me) return formatAction(sim.g, code);
      }
      if (strong) {
        const exact = endgame(state);
        if (exact !== null) return formatAction(sim.g, exact);
        if (me === BLUE) {
          // A free walk to the victory square within the actions left wins: take its first step.
          const d = walker.distance(sim, sim.actionsLeft);
          const locks = sim.locksPending;
          if (d <= sim.actionsLeft && (locks === 0 || (sim.isLocked(walker.token) && (locks === 1 || d === 1)))) {
            const dir = walker.firstStep(sim);
            if (dir >= 0) return formatAction(sim.g, actionCode(sim.pos(walker.token), KIND_MOVE, dir));
          }
        }
      }
      const choice = mctsSearch(shove, state, player, { seed: opts.seed, iterations, playout }, rng).best;
      if (me === BLUE) return strong ? advance(sim, probe, walker, choice) ?? choice : choice;
      if (opts.level === "mcts") return choice;
      // Red's guard: never let the search's pick give blue a shorter walk than red can keep.
      loadState(sim, state);
      const guard = guardSearch(sim, () => newSim(config));
      const code = parseAction(sim.g, choice);
      const picked = "code" in code && guard.byFirst.get(code.code) === guard.best ? code.code : guard.bestFirst[0];
      return formatAction(sim.g, lookAhead(state, picked));
    },
  };
}

/**
 * Blue's progress floor (strong level): when the search's pick does not bring blue's nearest
 * free walk to the victory square closer, and a step of that walk does without stopping beside
 * a red token (where it could be pushed), take the step. Keeps a short search from wandering
 * while red stands still. Returns the replacement decision, or null to keep the pick.
 */
function advance(sim: ShoveSim, probe: ShoveSim, walker: BlueWalker, choice: ShoveMove): ShoveMove | null {
  const g = sim.g;
  const far = 4 * g.cells;
  const before = walker.distance(sim, far);
  if (before > far) return null;
  const parsed = parseAction(g, choice);
  if ("code" in parsed && parsed.code !== END) {
    probe.copyFrom(sim);
    probe.rng = null;
    if (probe.act(parsed.code) === 0 && (probe.over || walker.distance(probe, far) < before)) return null;
  }
  walker.distance(sim, far);
  const dir = walker.firstStep(sim);
  if (dir < 0) return null;
  const from = sim.pos(walker.token);
  const to = g.nb[from * 4 + dir];
  for (let d = 0; d < 4; d++) {
    const q = g.nb[to * 4 + d];
    const t = q >= 0 ? sim.tokenAt(q) : -1;
    if (t >= 0 && t < g.nRed) return null;
  }
  const code = actionCode(from, KIND_MOVE, dir);
  return sim.check(code) === 0 ? formatAction(g, code) : null;
}

/** Shove's levels as the online server offers them (the board comes from the state). */
export function shoveComputerPlayer(level: AiLevel, seed: number): Player<ShoveState, ShoveMove> {
  let inner: Player<ShoveState, ShoveMove> | null = null;
  let board: ShoveConfig | null = null;
  return {
    name: level,
    choose(state: ShoveState, player: PlayerId): ShoveMove {
      if (!inner || board !== state.config) {
        inner = shovePlayer(state.config, { level, seed });
        board = state.config;
      }
      return inner.choose(state, player);
    },
  };
}

export interface MatchResult {
  games: number;
  blueWins: number;
  /** How the games ended (SH-7 reasons) and how often. */
  reasons: Record<string, number>;
}

/** Plays `games` games between two computer levels (game i uses seed + i); pure and repeatable. */
export function playMatch(
  options: ShoveOptions,
  blue: { level: AiLevel; iterations?: number },
  red: { level: AiLevel; iterations?: number },
  games: number,
  seed: number,
  onGame?: (done: number, blueWins: number) => void,
): MatchResult {
  const config = resolveConfig(options);
  let blueWins = 0;
  const reasons: Record<string, number> = {};
  for (let i = 0; i < games; i++) {
    const s = seed + i;
    const start = shove.setup(config, s);
    const players = {
      blue: shovePlayer(start.config, { ...blue, seed: s * 2 + 1 }),
      red: shovePlayer(start.config, { ...red, seed: s * 2 + 2 }),
    };
    const game = playOut(shove, start, players, { keepEvents: false });
    if (game.result.winner === "blue") blueWins++;
    const why = winReasonText(game.state);
    reasons[why] = (reasons[why] ?? 0) + 1;
    onGame?.(i + 1, blueWins);
  }
  return { games, blueWins, reasons };
}
