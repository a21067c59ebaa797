/**
 * Red's guard (issue 26): a cheap threat check that keeps blue's next turn from reaching the
 * victory square. Red's remaining actions this turn are searched exhaustively (at most 4 deep);
 * each way of ending the turn is scored by blue's threat distance — the fewest steps any blue
 * token needs to the victory square through squares free of red tokens (blue tokens pass, as
 * they can step aside). A roll is at most 4, so a distance of 5 or more is safe for one turn.
 */
import { RED, END, type ShoveSim } from "./sim.js";
import { BlueWalker } from "./walk.js";

/** Distances beyond this count as the same (far enough for two turns of walking). */
const FAR = 9;
/** A distance at or beyond this is out of reach of blue's next roll (a D4). */
export const SAFE = 5;

/** The fewest steps any blue token needs to the victory square past red tokens, capped at FAR. */
export function threatDistance(sim: ShoveSim, walker: BlueWalker): number {
  return Math.min(walker.distance(sim, FAR - 1), FAR);
}

/** Score of a red turn's end: threat distance first, then fewer blue tokens left. */
function score(sim: ShoveSim, walker: BlueWalker): number {
  if (sim.over) return sim.winner === RED ? 1e6 : -1e6;
  return threatDistance(sim, walker) * 100 - sim.aliveCount(0) - 30 * exposedRed(sim);
}

/** Red tokens touching a blue token: one more blue step beside them removes them (SH-4). */
function exposedRed(sim: ShoveSim): number {
  const g = sim.g;
  let n = 0;
  for (let k = 0; k < g.nRed; k++) {
    const p = sim.pos(k);
    if (p < 0) continue;
    for (let d = 0; d < 4; d++) {
      const q = g.nb[p * 4 + d];
      if (q >= 0 && sim.tokenAt(q) >= g.nRed) {
        n++;
        break;
      }
    }
  }
  return n;
}

export interface GuardResult {
  /** The best score reachable by the end of this turn, and its first actions. */
  best: number;
  bestFirst: number[];
  /** The best score reachable after each legal first action. */
  byFirst: Map<number, number>;
}

/** Exhaustive search over the rest of red's turn (red to act, roll drawn). */
export function guardSearch(sim: ShoveSim, make: () => ShoveSim): GuardResult {
  const g = sim.g;
  const depth = Math.max(1, sim.actionsLeft);
  const walker = new BlueWalker(g.cells);
  const buf = new Int32Array(g.tokens * 8 + 1);
  const copies = Array.from({ length: depth + 2 }, make);
  const endScore = (s: ShoveSim): number => {
    if (s.over) return score(s, walker);
    if (s.check(END) !== 0) return -Infinity;
    return score(s, walker);
  };
  const search = (s: ShoveSim, level: number): number => {
    let best = endScore(s);
    if (s.over || s.side !== RED || s.actionsLeft === 0 || level > depth) return best;
    const n = s.candidates(buf);
    const codes = Array.from(buf.subarray(0, n)).filter((c) => c !== END);
    const child = copies[level];
    for (const code of codes) {
      child.copyFrom(s);
      child.rng = null;
      if (child.act(code) !== 0) continue;
      const v = child.side === RED || child.over ? search(child, level + 1) : score(child, walker);
      if (v > best) best = v;
    }
    return best;
  };
  const byFirst = new Map<number, number>();
  let best = -Infinity;
  const root = make();
  root.copyFrom(sim);
  root.rng = null;
  for (const code of sim.legalActions()) {
    let v: number;
    if (code === END) v = endScore(root);
    else {
      const child = copies[0];
      child.copyFrom(root);
      child.rng = null;
      if (child.act(code) !== 0) continue;
      v = child.side === RED && !child.over ? search(child, 1) : score(child, walker);
    }
    byFirst.set(code, v);
    if (v > best) best = v;
  }
  const bestFirst = [...byFirst].filter(([, v]) => v === best).map(([c]) => c);
  return { best, bestFirst, byFirst };
}
