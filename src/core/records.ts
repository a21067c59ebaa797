/**
 * Game records beyond the basics in game.ts: a registry of games by id (so a record can be
 * replayed knowing only `record.game`), records with a state hash after every decision
 * (checkpoints) so a replay can name the first decision that diverges, and per-game seeds
 * derived from one base seed.
 *
 * Pure: no clock, console or files (the registry is a plain in-memory map).
 */
import {
  type BaseState,
  type DecisionRecord,
  type Game,
  type GameEvent,
  type GameRecord,
  makeRecord,
  play,
  type ReplayFailureKind,
  replay,
  stateHash,
} from "./game.js";

/** A game of any state, decision and options type (method parameters are checked loosely). */
export type AnyGame = Game<BaseState, unknown, unknown>;

const games = new Map<string, AnyGame>();

/** Registers a game under its id (registering the same game twice is harmless). */
export function registerGame(game: AnyGame): void {
  const known = games.get(game.id);
  if (known && known !== game) throw new Error(`another game is already registered as "${game.id}"`);
  games.set(game.id, game);
}

export function findGame(id: string): AnyGame | undefined {
  return games.get(id);
}

export function registeredGameIds(): string[] {
  return [...games.keys()].sort();
}

/** A record that also keeps the state hash after each decision (`checkpoints`, see GameRecord). */
export type CheckedRecord<M = unknown, O = unknown> = GameRecord<M, O>;

/** Makes a record with checkpoints by replaying the decisions (they must all be legal). */
export function checkedRecord<S extends BaseState, M, O>(game: Game<S, M, O>, options: O, seed: number, decisions: DecisionRecord<M>[]): CheckedRecord<M, O> {
  let state = game.setup(options, seed);
  const checkpoints: string[] = [];
  for (const d of decisions) {
    state = play(game, state, d.player, d.move).state;
    checkpoints.push(stateHash(state));
  }
  return { ...makeRecord(game, options, seed, decisions, state), checkpoints };
}

export type Verification<S> =
  | { ok: true; state: S; events: GameEvent[]; decisions: number; hash: string }
  | {
      ok: false;
      state: S;
      events: GameEvent[];
      /** Index of the first decision that is refused or leads to a different state; null when only the final hash differs. */
      index: number | null;
      kind: ReplayFailureKind;
      reason: string;
      hash: string;
    };

/** {@link replay} in the shape the command line reports: ok, or where and why it diverges. */
export function verifyRecord<S extends BaseState, M, O>(game: Game<S, M, O>, record: CheckedRecord<M, O>): Verification<S> {
  const r = replay(game, record);
  if (r.matches || !r.failure) return { ok: true, state: r.state, events: r.events, decisions: record.decisions.length, hash: r.hash };
  return { ok: false, state: r.state, events: r.events, index: r.failure.index, kind: r.failure.kind, reason: r.failure.reason, hash: r.hash };
}

/**
 * The seed of game `index` of a series started from `seed`: a SplitMix-style mix of both, so
 * neighbouring games get unrelated seeds, and a game's seed depends only on (seed, index) —
 * not on which thread plays it. Result in [0, 2^31 − 1).
 */
export function deriveSeed(seed: number, index: number): number {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`index must be a whole number ≥ 0, got ${index}`);
  let h = Math.imul((seed >>> 0) ^ 0x5bd1e995, 0x9e3779b1) ^ Math.floor(seed / 0x100000000);
  h = (h + Math.imul(index >>> 0, 0x85ebca6b) + Math.floor(index / 0x100000000)) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) % 2_147_483_647;
}
