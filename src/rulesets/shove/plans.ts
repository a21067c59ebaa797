/**
 * Trivial plans a person might try against the computer (issue 26): the yardstick the default
 * level must beat. Each is a Player built on the simulator, deterministic given its seed.
 * - `straight-walk` (blue): walk one token (the first still on the board) along a shortest
 *   free path to the victory square, nothing else.
 * - `nearest-walk` (blue): every action steps whichever blue token is nearest the victory square.
 * - `always-push` (red): push whenever a push is legal, otherwise end the turn (moving only when
 *   a lock forces it).
 * - `idle` (red): end every turn at once, moving only when a lock forces it (a blue that cannot
 *   beat a red doing nothing is broken).
 * - `random` (either side): a uniformly random legal decision.
 */
import type { Player } from "../../core/game.js";
import { Random } from "../../core/random.js";
import { formatAction, loadState, newSim, type ShoveConfig, type ShoveMove, type ShoveState } from "./game.js";
import { actionKind, BLUE, END, KIND_MOVE, type ShoveSim } from "./sim.js";

export const TRIVIAL_PLANS = ["straight-walk", "nearest-walk", "always-push", "idle", "random"] as const;
export type TrivialPlan = (typeof TRIVIAL_PLANS)[number];
/** Which colours a plan can play. */
export const PLAN_SIDES: Record<TrivialPlan, readonly ("blue" | "red")[]> = {
  "straight-walk": ["blue"],
  "nearest-walk": ["blue"],
  "always-push": ["red"],
  idle: ["red"],
  random: ["blue", "red"],
};

/** Distances to the victory square through squares free of red tokens (blue tokens ignored). */
function freeDistances(sim: ShoveSim): Int16Array {
  const g = sim.g;
  const out = new Int16Array(g.cells).fill(-1);
  out[g.victory] = 0;
  const queue = [g.victory];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i];
    for (let d = 0; d < 4; d++) {
      const q = g.nb[p * 4 + d];
      if (q < 0 || out[q] >= 0) continue;
      const t = sim.tokenAt(q);
      if (t >= 0 && t < g.nRed) continue;
      out[q] = out[p] + 1;
      queue.push(q);
    }
  }
  return out;
}

/** The legal move of `token` that lowers its distance most, or null. */
function stepOf(sim: ShoveSim, legal: readonly number[], token: number, dist: Int16Array): number | null {
  const p = sim.pos(token);
  if (p < 0 || dist[p] < 0) return null;
  let best: number | null = null;
  for (const code of legal) {
    if (code === END || actionKind(code) !== KIND_MOVE || code >> 3 !== p) continue;
    const q = sim.g.nb[p * 4 + (code & 3)];
    if (q >= 0 && dist[q] >= 0 && dist[q] < dist[p] && (best === null || dist[q] < dist[sim.g.nb[p * 4 + (best & 3)]])) best = code;
  }
  return best;
}

function decide(plan: TrivialPlan, sim: ShoveSim, rng: Random): number {
  const legal = sim.legalActions();
  const g = sim.g;
  const pick = () => legal[Math.floor(rng.float() * legal.length)];
  const fallback = () => (legal.includes(END) ? END : pick());
  if (plan === "random") return pick();
  if (plan === "idle") return fallback();
  if (plan === "always-push") {
    const push = legal.find((c) => c !== END && actionKind(c) !== KIND_MOVE);
    return push ?? fallback();
  }
  if (sim.side !== BLUE) return fallback();
  const dist = freeDistances(sim);
  if (plan === "straight-walk") {
    for (let k = g.nRed; k < g.tokens; k++) {
      if (sim.pos(k) < 0) continue;
      return stepOf(sim, legal, k, dist) ?? fallback();
    }
    return fallback();
  }
  // nearest-walk
  const order: number[] = [];
  for (let k = g.nRed; k < g.tokens; k++) if (sim.pos(k) >= 0 && dist[sim.pos(k)] >= 0) order.push(k);
  order.sort((a, b) => dist[sim.pos(a)] - dist[sim.pos(b)]);
  for (const k of order) {
    const step = stepOf(sim, legal, k, dist);
    if (step !== null) return step;
  }
  return fallback();
}

/** A player following a trivial plan. */
export function planPlayer(config: ShoveConfig, plan: TrivialPlan, seed: number): Player<ShoveState, ShoveMove> {
  const sim = newSim(config);
  const rng = Random.fromSeed(seed, 5);
  return {
    name: plan,
    choose(state: ShoveState): ShoveMove {
      loadState(sim, state);
      return formatAction(sim.g, decide(plan, sim, rng));
    },
  };
}
