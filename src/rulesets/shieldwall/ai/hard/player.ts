/**
 * The `hard` Shieldwall player (issue 26): the commander, except at the decisions that matter
 * (charges, challenges and answers, the holy call, the initiative, the last turn's moves), which
 * it searches with short determinized rollouts (ai/hard/search.ts). Deterministic: a pure function
 * of the state, the side, its options and its seed; its budget is counted in work units, never
 * timed.
 */
import type { Player, PlayerId } from "../../../../core/game.js";
import type { Side } from "../../army.js";
import type { BattleDecision, BattleState } from "../../battle/types.js";
import { DEFAULT_HARD_OPTIONS, type HardOptions, hardSearch } from "./search.js";

export const HARD_PLAYER_NAME = "hard";

/** The hard player's decision in a state. */
export function hardChoice(state: BattleState, side: PlayerId, o: HardOptions = DEFAULT_HARD_OPTIONS, seed = 0): BattleDecision {
  return hardSearch(state, side as Side, o, seed).best;
}

/** The hard player; `options` override the measured defaults (docs/shieldwall/ai.md, "The hard player"). */
export function hardPlayer(seed = 0, options: Partial<HardOptions> = {}): Player<BattleState, BattleDecision> {
  const o: HardOptions = { ...DEFAULT_HARD_OPTIONS, ...options };
  return { name: HARD_PLAYER_NAME, choose: (state, side) => hardChoice(state, side, o, seed) };
}
