/** A player that picks uniformly among the legal decisions; deterministic given its seed. */
import type { BaseState, Game, Player, PlayerId } from "../game.js";
import { Random } from "../random.js";

export function randomPlayer<S extends BaseState, M>(game: Game<S, M, unknown>, seed: number): Player<S, M> {
  const rng = Random.fromSeed(seed, 1);
  return {
    name: "random",
    choose(state: S, player: PlayerId): M {
      const moves = game.legalMoves(state, player);
      if (moves.length === 0) throw new Error(`no legal decision for ${player}`);
      return rng.pick(moves);
    },
  };
}
