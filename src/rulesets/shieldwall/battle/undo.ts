/**
 * What counts as chance seen in a Shieldwall battle, for undo (issue 16, src/core/undo.ts): dice
 * thrown (the generator moved) or a gods' card turned from the pack (shuffled at set-up, so turning
 * one moves no generator but shows what chance dealt). A decision after which either happened may
 * not be taken back.
 */
import { randomConsumed } from "../../../core/undo.js";
import type { BattleState } from "./types.js";

export function chanceSeen(before: BattleState, after: BattleState): boolean {
  if (randomConsumed(before, after)) return true;
  const a = before.god.pack.deck;
  const b = after.god.pack.deck;
  return a.drawPile.length !== b.drawPile.length || a.discards.length !== b.discards.length;
}
