/**
 * Game records beyond the basics in game.ts: a registry of games by id (so a record can be
 * replayed knowing only `record.game`), records with a state hash after every decision
 * (checkpoints) so a replay can name the first decision that diverges, and per-game seeds
 * derived from one base seed.
 *
 * Pure: no clock, console or files (the registry is a plain in-memory map).
 */
import type { z } from "zod";
import {
  type BaseState,
  type DecisionRecord,
  type Game,
  type GameEvent,
  type GameRecord,
  makeRecord,
  type PlayerId,
  play,
  type ReplayFailureKind,
  replay,
  stateHash,
} from "./game.js";

/** A game of any state, decision and options type (method parameters are checked loosely). */
export type AnyGame = Game<BaseState, unknown, unknown>;

const games = new Map<string, AnyGame>();

/** Registers a game under its id (registering the same game twice is harmless). */
export function registerGame<S extends BaseState, M, O>(game: Game<S, M, O>): void {
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

// ---- games a generic runner can play ----

/** Where an event belongs in a narrative. */
export interface Position {
  turn?: number;
  phase?: string;
}

/**
 * Reads a file named (by a relative path) inside an options file, validated with `schema` and
 * then `problems` (each message naming the place and rule); `field` is where the path was given.
 * The front end does the reading and puts the file names into its errors.
 */
export type IncludeFile = <T>(path: string, field: string, schema: z.ZodType<T>, rule?: string, problems?: (value: T) => { message: string; field?: string; rule?: string }[]) => T;

/**
 * An options file format other than the options' own JSON (a Shove board's text, a Shieldwall
 * scenario naming its army files): text in, options out. Pure: other files come through `include`.
 * Throws {@link OptionsError} (its message names the line or field).
 */
export interface OptionsFileFormat<O> {
  /** "json": the front end parses the file as JSON and passes the value; "text": the text itself. */
  readonly format: "json" | "text";
  /** The options of a file's content, and a title for output (e.g. the scenario's name). */
  parse(content: unknown, include: IncludeFile): { options: O; title?: string };
  /** The shipped file used when none is given (path parts under data/); otherwise the game's default options. */
  readonly defaultFile?: readonly string[];
}

/** A game with what a generic runner (battle, sim, replay; a server) needs besides the game. */
export interface PlayableGame<S extends BaseState, M, O> {
  readonly game: Game<S, M, O>;
  /** Computer player for a side that is not named. */
  readonly defaultAi: string;
  /** How the default options are called in output. */
  readonly defaultLabel: string;
  /** An options file format besides JSON (see {@link OptionsFileFormat}). */
  readonly optionsFile?: OptionsFileFormat<O>;
  /** The turn and phase of a state (default: `state.turn` and `state.phase`). */
  position?(state: S): Position;
  /** A decision limit that no sane game reaches (protects against an engine loop). */
  readonly maxDecisions?: number;
}

/** A playable game of any types (the types are checked where it is defined, by {@link definePlayable}). */
export type AnyPlayable = PlayableGame<BaseState, unknown, unknown>;

/** Checks a playable game's parts against one another, and gives it the erased type a registry keeps. */
export function definePlayable<S extends BaseState, M, O>(p: PlayableGame<S, M, O>): AnyPlayable {
  return p;
}

/** A computer player a ruleset offers for some of its games. */
export interface ComputerPlayerEntry {
  readonly name: string;
  readonly description: string;
  /** Game ids it plays. */
  readonly games: readonly string[];
  make(seed: number): { name: string; choose(state: BaseState, player: PlayerId): unknown };
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
