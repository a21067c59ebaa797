/** Helpers for the Shove tests: hand-built positions and readable token lists. */
import { play, playOut } from "../../src/core/game.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { geometryOf, type PositionSpec, positionState, type ShoveOptions, type ShoveState, shove } from "../../src/rulesets/shove/game.js";

export function pos(spec: PositionSpec, options: ShoveOptions = {}): ShoveState {
  return positionState(options, spec);
}

/**
 * A random game (seed `seed`; red's random player on `seed + redOffset`) with `options`, re-played
 * from the start until `stop(state, decisionsPlayed)` holds or the game ends: the position there.
 */
export function randomPlayUntil(options: ShoveOptions, seed: number, stop: (s: ShoveState, played: number) => boolean, redOffset = 1): ShoveState {
  const start = shove.setup(options, seed);
  const game = playOut(shove, start, { blue: randomPlayer(shove, seed), red: randomPlayer(shove, seed + redOffset) });
  let s = start;
  for (let i = 0; i < game.decisions.length && !stop(s, i); i++) s = shove.apply(s, game.decisions[i].player, game.decisions[i].move).state;
  return s;
}

/** The position after the first `decisions` decisions of a random game (seed `seed`) with `options`. */
export function randomPlayPosition(options: ShoveOptions, seed: number, decisions: number): ShoveState {
  return randomPlayUntil(options, seed, (_, played) => played >= decisions);
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
