/**
 * Blue's walk to the victory square: the fewest steps from the victory square back to the
 * nearest blue token over squares that do not block. One breadth-first walker shared by the
 * guard (guard.ts: red tokens block) and the solver's shortcut and bound (solver.ts: every red
 * token, or only those blue cannot remove in time). The first blue token reached is the nearest,
 * and the squares between it and the victory square are free of blue tokens too, so with red
 * tokens blocking it is a walk blue can make one step per action.
 */
import type { ShoveSim } from "./sim.js";

export class BlueWalker {
  /** The blue token the last {@link distance} reached (-1 if none within the cap). */
  token = -1;
  private readonly dist: Int16Array;
  private readonly queue: Int32Array;

  constructor(cells: number) {
    this.dist = new Int16Array(cells);
    this.queue = new Int32Array(cells);
  }

  /**
   * Steps of the nearest blue token from the victory square, or `cap + 1` if none is within
   * `cap`. Red tokens block; with `blocked`, only red tokens on squares it marks do (the others
   * are passed as if removed).
   */
  distance(sim: ShoveSim, cap: number, blocked: Uint8Array | null = null): number {
    const g = sim.g;
    const nb = g.nb;
    const nRed = g.nRed;
    const s = sim.s;
    const cellAt = sim.cellAt;
    const dist = this.dist;
    const queue = this.queue;
    dist.fill(-1);
    dist[g.victory] = 0;
    queue[0] = g.victory;
    let head = 0;
    let tail = 1;
    this.token = -1;
    while (head < tail) {
      const p = queue[head++];
      const t = s[cellAt + p] - 1;
      if (t >= nRed) {
        this.token = t;
        return dist[p];
      }
      if (dist[p] >= cap) continue;
      const base = p * 4;
      for (let d = 0; d < 4; d++) {
        const q = nb[base + d];
        if (q < 0 || dist[q] >= 0) continue;
        const u = s[cellAt + q] - 1;
        if (u >= 0 && u < nRed && (blocked === null || blocked[q] === 1)) continue;
        dist[q] = dist[p] + 1;
        queue[tail++] = q;
      }
    }
    return cap + 1;
  }

  /**
   * After a {@link distance} that reached a token: the direction of that token's first step
   * along its walk (a neighbour one step nearer the victory square), or -1.
   */
  firstStep(sim: ShoveSim): number {
    if (this.token < 0) return -1;
    const p = sim.pos(this.token);
    const nb = sim.g.nb;
    for (let d = 0; d < 4; d++) {
      const q = nb[p * 4 + d];
      if (q >= 0 && this.dist[q] === this.dist[p] - 1 && (q === sim.g.victory || sim.tokenAt(q) < 0)) return d;
    }
    return -1;
  }
}
