/** Helpers for the Shove tests: hand-built positions and readable token lists. */
import { play } from "../../src/core/game.js";
import { geometryOf, type PositionSpec, positionState, type ShoveOptions, type ShoveState, shove } from "../../src/rulesets/shove/game.js";

export function pos(spec: PositionSpec, options: ShoveOptions = {}): ShoveState {
  return positionState(options, spec);
}

/** Plays decisions in order (each by the side to act); returns the final state. */
export function run(state: ShoveState, ...moves: string[]): ShoveState {
  for (const m of moves) state = play(shove, state, shove.toMove(state) ?? "blue", m).state;
  return state;
}

/** Squares of the living tokens of a side, sorted. */
export function squares(state: ShoveState, side: "red" | "blue"): string[] {
  const g = geometryOf(state.config.board);
  const out: string[] = [];
  state.tokens.forEach((sq, k) => {
    if (sq >= 0 && (k < g.nRed) === (side === "red")) out.push(g.name(sq));
  });
  return out.sort();
}

export function why(state: ShoveState, move: string): string | null {
  return shove.validate(state, state.side, move);
}
