/**
 * The "advance and charge everything" player (issue 4): a plain baseline for the commander AI.
 * It signals the advance at once, moves straight at the nearest enemy, always charges when
 * allowed (the nearest target), never rests, issues a challenge whenever it can and accepts every
 * challenge with its leader; it plays a personal combat's cards with the duel AI; any other decision is the first legal choice. Deterministic (it needs
 * no seed; the seed is accepted for a uniform interface).
 */
import type { Player, PlayerId } from "../../../core/game.js";
import { battleGame } from "../battle/game.js";
import { nearestEnemy } from "../battle/queries.js";
import type { BattleDecision, BattleState, MoveChoice } from "../battle/types.js";
import { unitCentre } from "../geometry/unit.js";
import { angleBetweenDegrees, normaliseDegrees, vectorHeading } from "../geometry/vec.js";
import { geomOf } from "../battle/unit-facts.js";
import { contextOf } from "./view.js";
import { duelChoice } from "./duel.js";
import type { Side } from "../army.js";

export const ADVANCE_PLAYER_NAME = "advance";

/** The advance policy's choice among the legal decisions of the pending decision. */
export function advanceChoice(state: BattleState, side: PlayerId): BattleDecision {
  const moves = battleGame.legalMoves(state, side);
  if (moves.length === 0) throw new Error(`no legal decision for ${side}`);
  const p = state.pending;
  const first = moves[0];
  if (!p) return first;
  switch (p.kind) {
    case "lead":
      return (
        moves.find((m) => m.type === "lead" && m.action === "signal") ??
        moves.find((m) => m.type === "lead" && m.action === "challenge" && m.fighter === "leader") ??
        first
      );
    case "answer":
      return moves.find((m) => m.type === "answer" && m.accept && m.fighter === "leader") ?? first;
    case "duel":
      // The cards of a personal combat: the duel AI, as the engine played them before issue 14 item 17.
      return duelChoice(state, p, side as Side, 0);
    case "charge":
      // Always charge when allowed: the nearest target (the engine lists targets nearest first).
      return moves.find((m) => m.type === "charge" && m.target !== null) ?? first;
    case "move": {
      const ctx = contextOf(state);
      const bu = ctx.unit(p.unit);
      const options = moves.map((m) => (m as Extract<BattleDecision, { type: "move" }>).move);
      const pick = (f: (m: MoveChoice) => boolean) => options.find(f);
      // Aboard ship: land and move on.
      const land = pick((m) => m.kind === "disembark" && m.heading !== undefined) ?? pick((m) => m.kind === "disembark");
      if (land) return { type: "move", move: land };
      const toward = pick((m) => m.kind === "toward" && !m.extraD6 && !m.group) ?? pick((m) => m.kind === "toward");
      if (toward) return { type: "move", move: toward };
      // Unformed: straight at the nearest enemy (the heading nearest the line to it).
      const e = nearestEnemy(ctx, bu);
      const unformed = options.filter((m): m is Extract<MoveChoice, { kind: "unformed-move" }> => m.kind === "unformed-move");
      if (e && unformed.length > 0) {
        const a = unitCentre(geomOf(bu));
        const b = unitCentre(geomOf(e));
        const h = normaliseDegrees(vectorHeading({ x: b.x - a.x, y: b.y - a.y }));
        const best = unformed.reduce((x, y) => (angleBetweenDegrees(y.heading, h) < angleBetweenDegrees(x.heading, h) ? y : x));
        return { type: "move", move: best };
      }
      // Never rests: anything but a rest.
      const noRest = options.find((m) => m.kind !== "rest");
      return { type: "move", move: noRest ?? options[0] };
    }
    default:
      return first;
  }
}

/** The advance policy as a player; `seed` is accepted for the registry's uniform interface. */
export function advancePolicy(_seed = 0): Player<BattleState, BattleDecision> {
  return { name: ADVANCE_PLAYER_NAME, choose: (state, side) => advanceChoice(state, side) };
}
