/**
 * What a phase hands on to code it may not import: a roll's continuation (what follows once a set
 * of dice is final) and the moves following combat after a combat. Phases never import one another
 * and the shared modules (dice.ts) never import a phase, so the loop (loop.ts), the one file that
 * names every phase, fills these slots when it is loaded.
 */
import type { Stand } from "../geometry/stand.js";
import type { UnitOutcome } from "../combat.js";
import type { Ctx } from "./ctx.js";
import type { DiceRoll } from "./types.js";

export interface HandOffs {
  /** What the engine does with a set of dice once it is final (loop.ts `afterRoll`). */
  afterRoll(ctx: Ctx, roll: DiceRoll): void;
  /** The moves following a combat (phases/aftermath.ts). */
  movesAfterCombat(ctx: Ctx, outcomes: UnitOutcome[], positions: Map<string, Stand[]>, refresh?: boolean, chain?: number): void;
}

function unwired(): never {
  throw new Error("battle engine: the task loop (battle/loop.ts) is not loaded");
}

/** The hand-offs, filled by loop.ts (see {@link wireHandOffs}). */
export const next: HandOffs = { afterRoll: unwired, movesAfterCombat: unwired };

/** Called once by loop.ts. */
export function wireHandOffs(h: HandOffs): void {
  next.afterRoll = h.afterRoll;
  next.movesAfterCombat = h.movesAfterCombat;
}
