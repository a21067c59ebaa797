/**
 * The duel advisor (issue 7). Every exchange is a zero-sum matrix game: A picks a row (card), B a
 * column, and the payoff is A's chance of winning the whole duel from the resulting position
 * (a duel in which both commanders fall counts 1/2, and so does one that never ends — house
 * rule). Position values come from value iteration over every position (Shapley's method for
 * stochastic games). Positions form cycles (Take Cover against Take Cover at full Might returns
 * to the same position), so value iteration runs in floating point to a stated tolerance; the
 * transition probabilities are exact, and the matrix game at the position asked about is solved
 * exactly over fractions (simplex over {@link Fraction}) from those values rounded to 10 decimals.
 */
import type { Dist } from "../../core/distribution.js";
import { Fraction } from "../../core/fraction.js";
import { type Deck, type Side, pairOf } from "./deck.js";
import { type DuelSetup, type ExchangeRolls, type Position, applyExchange, deckAt, exchangeDist, legalCards, maxMight, outcomeOf, rollsDist } from "./exchange.js";
import { type GameSolution, floatField, fractionField, solveMatrixGame } from "./matrix-game.js";

export interface SolveOptions {
  /** Stop when no position's value changes by more than this in a sweep. */
  tolerance: number;
  maxSweeps: number;
}

export const DEFAULT_SOLVE: SolveOptions = { tolerance: 1e-11, maxSweeps: 20_000 };

/** Decimal places kept when the float values are turned into exact fractions. */
export const VALUE_PLACES = 10;

interface Transition {
  next: Int32Array;
  p: Float64Array;
}

export interface DuelSolution {
  setup: DuelSetup;
  /** A's winning chance (draws 1/2) for every position, by {@link DuelSolution.index}. */
  values: Float64Array;
  index(pos: Position): number;
  sweeps: number;
  residual: number;
  converged: boolean;
  positions: number;
  /** Cards legal for A and B at a position, and the float transition tables. */
  cards(pos: Position): { a: string[]; b: string[] };
  /** The float matrix at a position (from the current values). */
  floatMatrix(pos: Position): number[][];
}

/** Value of a finished position: 1 if A won, 0 if B won, 1/2 if both fell. */
export function terminalValue(pos: Position): number {
  const o = outcomeOf(pos);
  return o === "A" ? 1 : o === "B" ? 0 : 0.5;
}

/** Runs value iteration over every position of the duel (float, to `tolerance`). */
export function solveDuel(setup: DuelSetup, options: SolveOptions = DEFAULT_SOLVE): DuelSolution {
  const MA = maxMight(setup, "A");
  const MB = maxMight(setup, "B");
  const D = setup.options.maxDistance;
  const size = (MA + 1) * (MB + 1) * (D + 1);
  const index = (p: Position) => (p.mightA * (MB + 1) + p.mightB) * (D + 1) + p.distance;
  const values = new Float64Array(size);
  // Float roll tables per deck and pair, from the exact distributions (computed once).
  const rollCache = new Map<string, { r: ExchangeRolls; p: number }[]>();
  const rollsFor = (deck: Deck, a: string, b: string) => {
    const key = `${deck.kind}|${a}|${b}`;
    let list = rollCache.get(key);
    if (!list) {
      const d: Dist<ExchangeRolls> = rollsDist(setup, pairOf(deck, a, b));
      list = d.outcomes().map((o) => ({ r: o.value, p: o.p.toNumber() }));
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
  for (let ma = 0; ma <= MA; ma++) {
    for (let mb = 0; mb <= MB; mb++) {
      for (let d = 0; d <= D; d++) {
        const pos = { mightA: ma, mightB: mb, distance: d };
        const idx = index(pos);
        if (outcomeOf(pos) !== null) {
          values[idx] = terminalValue(pos);
          continue;
        }
        values[idx] = 0.5;
        const deck = deckAt(setup, pos);
        const a = legalCards(setup, pos, "A");
        const b = legalCards(setup, pos, "B");
        const t = a.map((ca) =>
          b.map((cb) => {
            const pair = pairOf(deck, ca, cb);
            const merged = new Map<number, number>();
            for (const { r, p } of rollsFor(deck, ca, cb)) {
              const next = index(applyExchange(setup, pos, pair, r).position);
              merged.set(next, (merged.get(next) ?? 0) + p);
            }
            return { next: Int32Array.from(merged.keys()), p: Float64Array.from(merged.values()) };
          }),
        );
        nodeAt[idx] = nodes.length;
        nodes.push({ idx, a, b, t });
      }
    }
  }
  const matrixOf = (n: Node) =>
    n.t.map((row) =>
      row.map((tr) => {
        let s = 0;
        for (let k = 0; k < tr.next.length; k++) s += tr.p[k] * values[tr.next[k]];
        return s;
      }),
    );
  let sweeps = 0;
  let residual = Number.POSITIVE_INFINITY;
  while (sweeps < options.maxSweeps && residual > options.tolerance) {
    residual = 0;
    for (const n of nodes) {
      const v = solveMatrixGame(floatField, matrixOf(n)).value;
      const diff = Math.abs(v - values[n.idx]);
      if (diff > residual) residual = diff;
      values[n.idx] = v;
    }
    sweeps++;
  }
  const nodeFor = (pos: Position) => {
    const k = nodeAt[index(pos)];
    if (k < 0) throw new RangeError("the duel is already decided at this position");
    return nodes[k];
  };
  return {
    setup,
    values,
    index,
    sweeps,
    residual,
    converged: residual <= options.tolerance,
    positions: nodes.length,
    cards: (pos) => {
      const n = nodeFor(pos);
      return { a: n.a, b: n.b };
    },
    floatMatrix: (pos) => matrixOf(nodeFor(pos)),
  };
}

/** A position's value as an exact fraction: exact when decided, else rounded to 10 places. */
export function exactValue(sol: DuelSolution, pos: Position): Fraction {
  if (outcomeOf(pos) !== null) {
    const v = terminalValue(pos);
    return v === 0.5 ? Fraction.of(1, 2) : Fraction.of(v);
  }
  const scale = 10 ** VALUE_PLACES;
  return Fraction.of(Math.round(sol.values[sol.index(pos)] * scale), scale);
}

export interface Advice {
  position: Position;
  deck: { name: string; kind: "ranged" | "melee"; house: boolean };
  cardsA: string[];
  cardsB: string[];
  /** matrix[i][j]: A's chance of winning the duel if A plays cardsA[i] and B plays cardsB[j]. */
  matrix: Fraction[][];
  /** Optimal mixed strategies (exact) and the value of this exchange's game to A. */
  game: GameSolution<Fraction>;
  solution: { sweeps: number; residual: number; converged: boolean; positions: number; tolerance: number };
}

/**
 * Advice at a position: the exact matrix of A's winning chances for every card pair (exact
 * transition probabilities × position values), and the game solved exactly.
 */
export function advise(sol: DuelSolution, pos: Position, tolerance = DEFAULT_SOLVE.tolerance): Advice {
  const { setup } = sol;
  if (outcomeOf(pos) !== null) throw new RangeError("the duel is already decided: a commander is at 0 Might");
  const deck = deckAt(setup, pos);
  const cardsA = legalCards(setup, pos, "A");
  const cardsB = legalCards(setup, pos, "B");
  const matrix = cardsA.map((ca) =>
    cardsB.map((cb) =>
      exchangeDist(setup, pos, ca, cb)
        .outcomes()
        .reduce((acc, o) => acc.add(o.p.mul(exactValue(sol, o.value))), Fraction.ZERO),
    ),
  );
  return {
    position: pos,
    deck: { name: deck.name, kind: deck.kind, house: deck.house },
    cardsA,
    cardsB,
    matrix,
    game: solveMatrixGame(fractionField, matrix),
    solution: { sweeps: sol.sweeps, residual: sol.residual, converged: sol.converged, positions: sol.positions, tolerance },
  };
}

/** The float mixed strategy of one side at a position (for the computer player). */
export function floatStrategy(sol: DuelSolution, pos: Position, side: Side): { cards: string[]; probs: number[] } {
  const { a, b } = sol.cards(pos);
  const s = solveMatrixGame(floatField, sol.floatMatrix(pos));
  const raw = side === "A" ? s.row : s.col;
  const clean = raw.map((x) => Math.max(0, x));
  const total = clean.reduce((x, y) => x + y, 0);
  return { cards: side === "A" ? a : b, probs: clean.map((x) => x / total) };
}
