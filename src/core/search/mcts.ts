/**
 * Monte Carlo tree search with UCT over the generic game interface.
 *
 * Open-loop and information-set style: each iteration first samples a concrete state consistent
 * with what the searching player knows (`game.determinize`, when the game hides information)
 * and gives it a fresh random generator, so chance events are resampled on every visit. Tree
 * nodes are keyed by the sequence of decisions, and UCB uses how often each child was available
 * (SO-ISMCTS, Cowling, Powley & Whitehouse 2012), which copes with legal sets that vary between
 * samples. Deterministic given its seed when bounded by iterations.
 */
import type { BaseState, Game, Player, PlayerId } from "../game.js";
import { moveKeyOf } from "../game.js";
import { Random, type RandomState } from "../random.js";

export interface MctsOptions<S, M> {
  /** Iterations per decision (default 1000 when no time limit is given). */
  iterations?: number;
  /** Time budget per decision in milliseconds, measured with `now`. */
  timeMs?: number;
  seed: number;
  /** UCB exploration constant (default √2). */
  exploration?: number;
  /** Clock for time-bounded search; injected so the engine itself never reads the clock. */
  now?: () => number;
  /**
   * Asked every 16 iterations: true ends the search now with what it has (an outer budget,
   * such as a simulation's time limit, running out). Injected like the clock.
   */
  stop?: () => boolean;
  /** Rollout policy (default: uniformly random legal decisions). */
  rollout?: (state: S, player: PlayerId, rng: Random) => M;
  /** Stop rollouts after this many decisions and score with `evaluate` (default: play to the end). */
  maxRolloutDecisions?: number;
  /** Rewards in [0,1] for a non-terminal state (used when a rollout is cut short). */
  evaluate?: (state: S) => Record<PlayerId, number>;
  /**
   * A whole rollout done by the game itself (e.g. on a fast internal simulator): rewards in
   * [0,1] from `state`. When given, it replaces the decision-by-decision rollout above.
   */
  playout?: (state: S, rng: Random) => Record<PlayerId, number>;
}

interface Node<M> {
  move: M | null;
  player: PlayerId | null;
  visits: number;
  availability: number;
  reward: number;
  children: Map<string, Node<M>>;
}

function newNode<M>(move: M | null, player: PlayerId | null): Node<M> {
  return { move, player, visits: 0, availability: 0, reward: 0, children: new Map() };
}

export interface SearchStats<M> {
  iterations: number;
  best: M;
  /** Per root decision: visits and mean reward for the searching player. */
  children: { move: M; visits: number; meanReward: number }[];
}

/** Runs one search from `state` for `player` and reports the statistics. */
export function mctsSearch<S extends BaseState, M>(
  game: Game<S, M, unknown>,
  state: S,
  player: PlayerId,
  opts: MctsOptions<S, M>,
  rng: Random = Random.fromSeed(opts.seed, 2),
): SearchStats<M> {
  const c = opts.exploration ?? Math.SQRT2;
  const rootMoves = game.legalMoves(state, player);
  if (rootMoves.length === 0) throw new Error(`no legal decision for ${player}`);
  const root = newNode<M>(null, null);
  const rootKeys = new Set(rootMoves.map((m) => moveKeyOf(game, m)));
  const budgetIterations = opts.iterations ?? (opts.timeMs === undefined ? 1000 : Number.POSITIVE_INFINITY);
  const deadline = opts.timeMs !== undefined && opts.now ? opts.now() + opts.timeMs : null;
  if (opts.timeMs !== undefined && !opts.now) throw new Error("a time-bounded search needs a clock (opts.now)");

  let iterations = 0;
  if (rootMoves.length > 1) {
    const stop = opts.stop;
    while (iterations < budgetIterations && (iterations % 16 !== 0 || ((deadline === null || opts.now!() < deadline) && (stop === undefined || iterations === 0 || !stop())))) {
      iterate(game, state, player, root, rng, c, opts);
      iterations++;
    }
  }

  const children = [...root.children.entries()]
    .filter(([k]) => rootKeys.has(k))
    .map(([, n]) => ({ move: n.move as M, visits: n.visits, meanReward: n.visits ? n.reward / n.visits : 0 }));
  children.sort((a, b) => b.visits - a.visits || b.meanReward - a.meanReward);
  const best = children.length > 0 ? children[0].move : rootMoves[0];
  return { iterations, best, children };
}

function freshRandomState(rng: Random): RandomState {
  const s: RandomState = [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), (rng.nextUint32() | 1) >>> 0];
  return s;
}

function iterate<S extends BaseState, M>(
  game: Game<S, M, unknown>,
  rootState: S,
  me: PlayerId,
  root: Node<M>,
  rng: Random,
  c: number,
  opts: MctsOptions<S, M>,
): void {
  let state: S = game.determinize ? game.determinize(rootState, me, rng) : rootState;
  state = { ...state, rng: freshRandomState(rng) };
  const path: Node<M>[] = [];
  let node = root;

  // Selection and expansion.
  for (;;) {
    const mover = game.toMove(state);
    if (mover === null) break;
    const legal = game.legalMoves(state, mover);
    const untried: [string, M][] = [];
    let best: Node<M> | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const m of legal) {
      const key = moveKeyOf(game, m);
      const child = node.children.get(key);
      if (!child) {
        untried.push([key, m]);
        continue;
      }
      child.availability++;
      const score = child.reward / child.visits + c * Math.sqrt(Math.log(child.availability) / child.visits);
      if (score > bestScore) {
        bestScore = score;
        best = child;
      }
    }
    if (untried.length > 0) {
      const [key, m] = untried[rng.int(0, untried.length - 1)];
      const child = newNode<M>(m, mover);
      child.availability = 1;
      node.children.set(key, child);
      state = game.apply(state, mover, m).state;
      path.push(child);
      break;
    }
    node = best!;
    // Children are keyed by decision, so a stored move may be replayed against a new sample.
    state = game.apply(state, mover, node.move as M).state;
    path.push(node);
  }

  // Rollout.
  if (opts.playout && game.toMove(state) !== null) {
    const rewards = opts.playout(state, rng);
    for (const n of path) {
      n.visits++;
      n.reward += rewards[n.player!] ?? 0;
    }
    root.visits++;
    return;
  }
  let depth = 0;
  const limit = opts.maxRolloutDecisions ?? Number.POSITIVE_INFINITY;
  for (let mover = game.toMove(state); mover !== null && depth < limit; mover = game.toMove(state), depth++) {
    const m = opts.rollout ? opts.rollout(state, mover, rng) : rng.pick(game.legalMoves(state, mover));
    state = game.apply(state, mover, m).state;
  }
  const result = game.result(state);
  const rewards = result ? result.rewards : opts.evaluate ? opts.evaluate(state) : evenRewards(game.players);

  for (const n of path) {
    n.visits++;
    n.reward += rewards[n.player!] ?? 0;
  }
  root.visits++;
}

function evenRewards(players: readonly PlayerId[]): Record<PlayerId, number> {
  return Object.fromEntries(players.map((p) => [p, 0.5]));
}

/** A computer player that runs {@link mctsSearch} for each decision. */
export function mctsPlayer<S extends BaseState, M>(game: Game<S, M, unknown>, opts: MctsOptions<S, M>): Player<S, M> {
  const rng = Random.fromSeed(opts.seed, 2);
  return {
    name: `mcts(${opts.iterations ?? `${opts.timeMs}ms`})`,
    choose(state: S, player: PlayerId): M {
      return mctsSearch(game, state, player, opts, rng).best;
    },
  };
}
