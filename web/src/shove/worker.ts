/** Shove's computer players run here, so the board never freezes while one thinks (MCTS levels). */
import { shovePlayer } from "../../../src/rulesets/shove/ai.js";
import type { ShoveState } from "../../../src/rulesets/shove/game.js";
import type { AiLevel } from "../../../src/rulesets/shove/ai.js";

export interface ThinkRequest {
  id: number;
  state: ShoveState;
  level: AiLevel;
  seed: number;
}
export type ThinkReply = { id: number; move: string } | { id: number; error: string };

self.onmessage = (e: MessageEvent<ThinkRequest>) => {
  const { id, state, level, seed } = e.data;
  try {
    const player = shovePlayer(state.config, { level, seed });
    (self as unknown as Worker).postMessage({ id, move: player.choose(state, state.side) } satisfies ThinkReply);
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies ThinkReply);
  }
};
