/**
 * The duel advisor (issue 7). Every exchange is a zero-sum matrix game: A picks a row (card), B a
 * column, and the payoff is A's chance of winning the whole duel from the resulting position
 * (a duel in which both commanders fall counts 1/2, and so does one still undecided when the
 * exchange limit runs out — house rule, default 200 exchanges, as in `duel play`).
 *
 * Position values come from value iteration over every position (Shapley's method for stochastic
 * games), one layer per remaining exchange: V_0 is 1/2 for every undecided position, and V_k of a
 * position is the value of its matrix game over V_(k−1) of the positions it leads to. That is
 * backward induction on the real, finite game, so the mixed strategies it gives are optimal for
 * it; in particular no side is ever advised to repeat a position forever when breaking the cycle
 * would help it. (A stationary fixed point — the limit of infinitely many exchanges — can be
 * indifferent between breaking a cycle and repeating it, which is why the exchange limit is kept.)
 * Positions repeat (Take Cover against Take Cover at full Might returns to the same position), and
 * exact fractions over hundreds of layers and positions grow far too large, so value iteration
 * runs in floating point; it stops early once no value moves by more than 1e-13 in a layer (the
 * later layers are then the same). The transition probabilities are exact, and the matrix game at
 * the position asked about is solved exactly over fractions (simplex over {@link Fraction}) from
 * the values rounded to 10 decimals.
 */
import { Fraction } from "../../core/fraction.js";
import type { Player } from "../../core/game.js";
import { Random } from "../../core/random.js";
import { type Deck, type Pair, type Side, pairOf } from "./deck.js";
import { type DuelSetup, type ExchangeRolls, type Position, applyExchange, deckAt, exchangeDist, legalCards, maxMight, outcomeOf, sideCap, sideDists } from "./exchange.js";
import { DEFAULT_EXCHANGE_LIMIT, type ContestMove, type ContestState } from "./game.js";
import { type GameSolution, floatField, fractionField, matrixGameValue, solveMatrixGame } from "./matrix-game.js";

export interface SolveOptions {
  /** Exchanges left: an undecided duel after this many is a draw (house rule, default 200). */
  horizon: number;
  /** Stop early when no position's value changes by more than this in a layer. */
  tolerance: number;
}

export const DEFAULT_SOLVE: SolveOptions = { horizon: DEFAULT_EXCHANGE_LIMIT, tolerance: 1e-13 };

/** Decimal places kept when the float values are turned into exact fractions. */
export const VALUE_PLACES = 10;

interface Transition {
  next: Int32Array;
  p: Float64Array;
}

export interface DuelSolution {
  setup: DuelSetup;
  horizon: number;
  /** A's winning chance (draws 1/2) for every position with the full horizon left. */
  values: Float64Array;
  index(pos: Position): number;
  /** A's winning chance at a position with `left` exchanges left (default: the horizon). */
  valueAt(pos: Position, left?: number): number;
  /** Layers computed; after the last one nothing changed by more than the tolerance. */
  layers: number;
  /** Largest change in the last layer computed. */
  residual: number;
  /** Largest change in each layer: changes[k] between k−1 and k exchanges left (changes[0] unused). */
  changes: number[];
  /** True if the values stopped changing before the horizon (they are the limit values). */
  converged: boolean;
  positions: number;
  /** Cards legal for A and B at a position. */
  cards(pos: Position): { a: string[]; b: string[] };
  /** The float matrix at a position with `left` exchanges left (this one included). */
  floatMatrix(pos: Position, left?: number): number[][];
}

/** Value of a finished position: 1 if A won, 0 if B won, 1/2 if both fell. */
export function terminalValue(pos: Position): number {
  const o = outcomeOf(pos);
  return o === "A" ? 1 : o === "B" ? 0 : 0.5;
}

/** Runs value iteration over every position of the duel (float), layer by layer. */
export function solveDuel(setup: DuelSetup, options: Partial<SolveOptions> = {}): DuelSolution {
  const { horizon, tolerance } = { ...DEFAULT_SOLVE, ...options };
  if (!Number.isInteger(horizon) || horizon < 1) throw new RangeError(`the horizon must be a whole number of exchanges >= 1, got ${horizon}`);
  const MA = maxMight(setup, "A");
  const MB = maxMight(setup, "B");
  const D = setup.options.maxDistance;
  const size = (MA + 1) * (MB + 1) * (D + 1);
  const index = (p: Position) => (p.mightA * (MB + 1) + p.mightB) * (D + 1) + p.distance;
  const base = new Float64Array(size);
  // Float roll tables per pair and cut-offs, from the exact distributions (each computed once).
  const rollCache = new Map<string, { r: ExchangeRolls; p: number }[]>();
  const rollsFor = (deck: Deck, pair: Pair, pos: Position) => {
    const capA = sideCap(setup, pair, "A", pos);
    const capB = sideCap(setup, pair, "B", pos);
    const key = `${deck.kind}|${pair.a}|${pair.b}|${capA}|${capB}`;
    let list = rollCache.get(key);
    if (!list) {
      // The two sides' tests are independent: the product of their exact distributions.
      const [da, db] = sideDists(setup, pair, pos);
      const la = da.outcomes().map((o) => [o.value, o.p.toNumber()] as const);
      const lb = db.outcomes().map((o) => [o.value, o.p.toNumber()] as const);
      list = [];
      for (const [A, pa] of la) for (const [B, pb] of lb) list.push({ r: { A, B }, p: pa * pb });
      rollCache.set(key, list);
    }
    return list;
  };
  interface Node {
    idx: number;
    a: string[];
    b: string[];
    t: Transition[][];
  }
  const nodes: Node[] = [];
  const nodeAt = new Int32Array(size).fill(-1);
  const acc = new Float64Array(size); // scratch: probability of each next position
  for (let ma = 0; ma <= MA; ma++) {
    for (let mb = 0; mb <= MB; mb++) {
      for (let d = 0; d <= D; d++) {
        const pos = { mightA: ma, mightB: mb, distance: d };
        const idx = index(pos);
        base[idx] = terminalValue(pos);
        if (outcomeOf(pos) !== null) continue;
        const deck = deckAt(setup, pos);
        const a = legalCards(setup, pos, "A");
        const b = legalCards(setup, pos, "B");
        const t = a.map((ca) =>
          b.map((cb) => {
            const pair = pairOf(deck, ca, cb);
            const touched: number[] = [];
            for (const { r, p } of rollsFor(deck, pair, pos)) {
              const next = index(applyExchange(setup, pos, pair, r).position);
              if (acc[next] === 0) touched.push(next);
              acc[next] += p;
            }
            const tr = { next: Int32Array.from(touched), p: Float64Array.from(touched, (k) => acc[k]) };
            for (const k of touched) acc[k] = 0;
            return tr;
          }),
        );
        nodeAt[idx] = nodes.length;
        nodes.push({ idx, a, b, t });
      }
    }
  }
  const matrixOf = (n: Node, prev: Float64Array) =>
    n.t.map((row) =>
      row.map((tr) => {
        let s = 0;
        for (let k = 0; k < tr.next.length; k++) s += tr.p[k] * prev[tr.next[k]];
        return s;
      }),
    );
  // layers[k] = values with k exchanges left.
  const layers: Float64Array[] = [base];
  let residual = Number.POSITIVE_INFINITY;
  const changes: number[] = [Number.POSITIVE_INFINITY];
  while (layers.length <= horizon && residual > tolerance) {
    const prev = layers[layers.length - 1];
    const next = Float64Array.from(prev);
    residual = 0;
    for (const n of nodes) {
      const v = matrixGameValue(matrixOf(n, prev));
      const diff = Math.abs(v - prev[n.idx]);
      if (diff > residual) residual = diff;
      next[n.idx] = v;
    }
    layers.push(next);
    changes.push(residual);
  }
  const layer = (left: number) => layers[Math.max(0, Math.min(left, layers.length - 1))];
  const nodeFor = (pos: Position) => {
    const k = nodeAt[index(pos)];
    if (k < 0) throw new RangeError("the duel is already decided at this position");
    return nodes[k];
  };
  return {
    setup,
    horizon,
    values: layer(horizon),
    index,
    valueAt: (pos, left = horizon) => layer(left)[index(pos)],
    layers: layers.length - 1,
    residual,
    changes,
    converged: residual <= tolerance,
    positions: nodes.length,
    cards: (pos) => {
      const n = nodeFor(pos);
      return { a: n.a, b: n.b };
    },
    floatMatrix: (pos, left = horizon) => matrixOf(nodeFor(pos), layer(left - 1)),
  };
}

/** A position's value as an exact fraction: exact when decided, else rounded to 10 places. */
export function exactValue(sol: DuelSolution, pos: Position, left = sol.horizon): Fraction {
  if (outcomeOf(pos) !== null) {
    const v = terminalValue(pos);
    return v === 0.5 ? Fraction.of(1, 2) : Fraction.of(v);
  }
  if (left <= 0) return Fraction.of(1, 2);
  const scale = 10 ** VALUE_PLACES;
  return Fraction.of(Math.round(sol.valueAt(pos, left) * scale), scale);
}

export interface Advice {
  position: Position;
  /** Exchanges left, this one included. */
  left: number;
  deck: { name: string; kind: "ranged" | "melee"; house: boolean };
  cardsA: string[];
  cardsB: string[];
  /** matrix[i][j]: A's chance of winning the duel if A plays cardsA[i] and B plays cardsB[j]. */
  matrix: Fraction[][];
  /** Optimal mixed strategies (exact) and the value of this exchange's game to A. */
  game: GameSolution<Fraction>;
  solution: { layers: number; residual: number; converged: boolean; positions: number; horizon: number };
}

/**
 * Advice at a position with `left` exchanges left (this one included): the exact matrix of A's
 * winning chances for every card pair (exact transition probabilities × position values with one
 * exchange fewer left), and the game solved exactly.
 */
export function advise(sol: DuelSolution, pos: Position, left = sol.horizon): Advice {
  const { setup } = sol;
  if (outcomeOf(pos) !== null) throw new RangeError("the duel is already decided: a commander is at 0 Might");
  if (!Number.isInteger(left) || left < 1 || left > sol.horizon) throw new RangeError(`exchanges left must be between 1 and ${sol.horizon}, got ${left}`);
  const deck = deckAt(setup, pos);
  const cardsA = legalCards(setup, pos, "A");
  const cardsB = legalCards(setup, pos, "B");
  const matrix = cardsA.map((ca) =>
    cardsB.map((cb) =>
      exchangeDist(setup, pos, ca, cb)
        .outcomes()
        .reduce((acc, o) => acc.add(o.p.mul(exactValue(sol, o.value, left - 1))), Fraction.ZERO),
    ),
  );
  return {
    position: pos,
    left,
    deck: { name: deck.name, kind: deck.kind, house: deck.house },
    cardsA,
    cardsB,
    matrix,
    game: solveMatrixGame(fractionField, matrix),
    solution: { layers: sol.layers, residual: sol.residual, converged: sol.converged, positions: sol.positions, horizon: sol.horizon },
  };
}

/** The float mixed strategy of one side at a position with `left` exchanges left. */
export function floatStrategy(sol: DuelSolution, pos: Position, side: Side, left = sol.horizon): { cards: string[]; probs: number[] } {
  const { a, b } = sol.cards(pos);
  const s = solveMatrixGame(floatField, sol.floatMatrix(pos, left));
  const raw = side === "A" ? s.row : s.col;
  const clean = raw.map((x) => Math.max(0, x));
  const total = clean.reduce((x, y) => x + y, 0);
  return { cards: side === "A" ? a : b, probs: clean.map((x) => x / total) };
}

/** Picks a card from a mixed strategy with a uniform draw `u` in [0, 1). */
export function sampleStrategy(cards: string[], probs: number[], u: number): string {
  let x = u;
  let k = 0;
  while (k < cards.length - 1 && x >= probs[k]) x -= probs[k++];
  return cards[k];
}

/** What the computer player needs to see of a duel state. */
export interface DuelView {
  position: Position;
  exchanges: number;
  exchangeLimit: number;
}

/**
 * The computer player: at each exchange it draws its card from the advisor's optimal mixed
 * strategy for the position and the exchanges left; seeded, so a game replays.
 */
export function advisedPlayer(sol: DuelSolution, seed: number): Player<ContestState, ContestMove> {
  const rng = Random.fromSeed(seed, 1);
  return {
    name: "advised mixed strategy",
    choose(state: DuelView, player: string) {
      const left = Math.min(sol.horizon, state.exchangeLimit - state.exchanges);
      const s = floatStrategy(sol, state.position, player as Side, left);
      return { card: sampleStrategy(s.cards, s.probs, rng.float()) };
    },
  };
}
