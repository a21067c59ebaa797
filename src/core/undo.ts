/**
 * Which decisions a player may take back (issue 16): his own latest decisions, back to the last
 * one that consumed randomness (dice thrown, cards drawn: its result was seen) or the last decision
 * of another player (who acted on it). A game with an undo keeps no trace of the undone decisions:
 * its record replays without them.
 */
import type { BaseState, PlayerId } from "./game.js";

/** One decision made, as undo sees it. */
export interface UndoStep {
  player: PlayerId;
  /** Applying it consumed randomness (the state's random generator moved). */
  randomUsed: boolean;
}

/**
 * How many of the last `steps` `player` may take back: the trailing run of his own decisions that
 * consumed no randomness. A decision that consumed randomness is not undoable itself, and blocks
 * every one before it; so does a decision of another player.
 */
export function undoableSteps(steps: readonly UndoStep[], player: PlayerId): number {
  let n = 0;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i];
    if (s.player !== player || s.randomUsed) break;
    n++;
  }
  return n;
}

/** Whether going from `before` to `after` drew on the game's random generator (ruling C-2: its state lives in the game state). */
export function randomConsumed(before: BaseState, after: BaseState): boolean {
  return before.rng.some((w, i) => w !== after.rng[i]);
}
