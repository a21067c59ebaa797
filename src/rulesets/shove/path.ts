/**
 * Ruling SH-6 for the screen: a shortest path of orthogonal steps from a blue token to the
 * victory square that crosses no red token (blue tokens do not block it; a red token on the
 * victory square itself does not close it) — the path red must leave open. The same reading as
 * the simulator's `pathOpen` (sim.ts), which decides legality; this one also returns the squares.
 */
import { geometryOf, type ShoveState } from "./game.js";

/** The squares of the path, from a blue token's square to the victory square; null if closed (or no blue token is left). */
export function openPathSquares(state: ShoveState): number[] | null {
  const g = geometryOf(state.config.board);
  const occupant = new Int8Array(g.cells); // 0 empty, 1 red, 2 blue
  state.tokens.forEach((sq, k) => {
    if (sq >= 0) occupant[sq] = k < g.nRed ? 1 : 2;
  });
  const from = new Int32Array(g.cells).fill(-2);
  const v = g.victory;
  if (occupant[v] === 2) return [v];
  from[v] = -1;
  const queue = [v];
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head];
    for (let d = 0; d < 4; d++) {
      const q = g.nb[p * 4 + d];
      if (q < 0 || from[q] !== -2) continue;
      from[q] = p;
      if (occupant[q] === 2) {
        const path = [q];
        for (let at = p; at !== -1; at = from[at]) path.push(at);
        return path;
      }
      if (occupant[q] === 1) continue;
      queue.push(q);
    }
  }
  return null;
}
