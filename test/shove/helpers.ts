/** Helpers for the Shove tests: hand-built positions and readable token lists. */
import { play, playOut } from "../../src/core/game.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { geometryOf, type PositionSpec, positionState, type ShoveOptions, type ShoveState, shove } from "../../src/rulesets/shove/game.js";

export function pos(spec: PositionSpec, options: ShoveOptions = {}): ShoveState {
  return positionState(options, spec);
}

/** The position after the first `decisions` decisions of a random game (seed `seed`) with `options`. */
export function randomPlayPosition(options: ShoveOptions, seed: number, decisions: number): ShoveState {
  const game = playOut(shove, shove.setup(options, seed), { blue: randomPlayer(shove, seed), red: randomPlayer(shove, seed + 1) });
  let s = shove.setup(options, seed);
  for (const d of game.decisions.slice(0, decisions)) s = shove.apply(s, d.player, d.move).state;
  return s;
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
