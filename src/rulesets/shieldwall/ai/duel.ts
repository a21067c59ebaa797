/**
 * A computer side's card play in a personal combat inside the battle (issue 14 item 17): the duel
 * AI (duel/ai.ts, docs/shieldwall/personal-combat.md), with the sample count the engine used when
 * it played battle duels itself, so the commander's duels are as strong as before.
 */
import type { Side } from "../army.js";
import { duelSeat } from "../battle/duel-seat.js";
import { DUEL_AI_SAMPLES } from "../battle/phases/leadership.js";
import type { BattleDecision, BattleState, Pending } from "../battle/types.js";
import { heuristicDuelPlayer } from "../duel/ai.js";
import { hashString } from "./view.js";

/**
 * The duel AI's discard or card for `side`'s fighter. It reads only its own hand, the cards played
 * and the counts (it samples the other hand from the unseen cards), so it never uses what its side
 * may not see. Deterministic: seeded from the player's seed and the decision's number.
 */
export function duelChoice(state: BattleState, p: Extract<Pending, { kind: "duel" }>, side: Side, seed: number): BattleDecision {
  const seat = duelSeat(p.duel, side);
  if (seat === null) throw new RangeError(`${side} fights in no side of this personal combat`);
  const ai = heuristicDuelPlayer(hashString(`${seed}:${state.decisions}:duel`), { samples: DUEL_AI_SAMPLES });
  return { type: "duel", move: ai.choose(p.duel.game, seat) };
}
