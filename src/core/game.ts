/**
 * The interface every ruleset implements, and the machinery built on it: validated application
 * of decisions, game records and replay with a state hash.
 *
 * Conventions (borrowed in spirit from boardgame.io and OpenSpiel, written for our needs):
 * - State is plain serialisable data. Its random generator lives at `state.rng`, so chance
 *   outcomes are a pure function of the state (ruling C-2), and a search can resample chance by
 *   replacing `state.rng`.
 * - `toMove` names one player at a time, and a search or a front end that plays the players in
 *   turn follows it. A game whose rules have players choose at once (secretly) also declares
 *   `mayDecide`: any player it allows may decide, in either order, and the other player's view
 *   does not show the choice until all are revealed.
 * - `apply` never mutates its input.
 */
import type { z } from "zod";
import { hashValue } from "./hash.js";
import type { Random, RandomState } from "./random.js";

export type PlayerId = string;

export interface BaseState {
  rng: RandomState;
}

/** Something that happened, for logs, narration and the screen. */
export interface GameEvent {
  type: string;
  /** One readable sentence. */
  text: string;
  [detail: string]: unknown;
}

export interface GameResult {
  /** Winner, or null for a draw. */
  winner: PlayerId | null;
  /** Per-player reward in [0, 1] (1 win, 0.5 draw, 0 loss unless a game says otherwise). */
  rewards: Record<PlayerId, number>;
  reason: string;
  /**
   * A machine-readable category of the ending (e.g. "vanquished", "turn-limit-draw"): the same
   * for every game that ended the same way, unlike `reason`, which names units and numbers.
   */
  code?: string;
}

export interface Applied<S> {
  state: S;
  events: GameEvent[];
}

/**
 * A game's declared options (in the spirit of OpenSpiel's declared parameters): any caller — the
 * command line, a web page, a server — can validate options given as JSON and fill in defaults
 * without knowing the game.
 */
export interface GameOptionsSpec<O> {
  /** Validates options given as JSON; an error's path names the field. */
  readonly schema: z.ZodType<O>;
  /** The options used when none are given (they pass `schema`). */
  defaults(): O;
  /** One line per top-level option field, for help screens. */
  readonly describe?: Readonly<Record<string, string>>;
}

/**
 * Options (or an options file) refused: the message names the field and the rule. Front ends put
 * the file's name in front of it.
 */
export class OptionsError extends Error {
  override name = "OptionsError";
  constructor(
    message: string,
    readonly field?: string,
    readonly rule?: string,
  ) {
    super(message);
  }
}

/** What statistics over many games need from one finished game. */
export interface GameSummary {
  /** Game turns played (a game's own notion of a turn). */
  turns: number;
  /** Losses per side, in the game's {@link GameStats.lossUnit}. */
  losses: Record<PlayerId, number>;
  /** How the game ended, as a short category for counting (not a unique sentence). */
  ending: string;
  /**
   * Named counts of this game per player (e.g. "challenges issued": { red: 2, black: 5 }), in the
   * order the game lists them; `muster sim` shows their mean per game.
   */
  tallies?: Record<string, Record<PlayerId, number>>;
}

/** How to read a finished game for statistics (`muster sim`). */
export interface GameStats<S> {
  /** What losses count ("stands", "tokens", "points"). */
  readonly lossUnit: string;
  /** Whether {@link summarize} needs the game's events (otherwise it gets an empty list). */
  readonly needsEvents?: boolean;
  /** Every event type the game can emit, in display order (`muster sim --events` lists them all, zeros included). */
  readonly eventKinds?: readonly string[];
  summarize(state: S, result: GameResult, events: readonly GameEvent[]): GameSummary;
}

export interface Game<S extends BaseState, M, O = unknown> {
  /** Identifier used in records and on the command line. */
  readonly id: string;
  /** Human name, e.g. "Shieldwall battle". */
  readonly title: string;
  /** The players' ids, as the rulebook names the sides. */
  readonly players: readonly PlayerId[];
  /** A display name for each player id. */
  readonly playerNames: Readonly<Record<PlayerId, string>>;
  /** The options `setup` takes: schema and defaults. */
  readonly options: GameOptionsSpec<O>;
  /** Statistics of a finished game (turns, losses, ending), for simulations. */
  readonly stats?: GameStats<S>;

  /** A new game from options and a seed. */
  setup(options: O, seed: number): S;
  /** The player who must decide now, or null when the game is over. */
  toMove(state: S): PlayerId | null;
  /**
   * Whether `player` may decide now. Only games where players choose at once declare it (the
   * Contest's secret cards, CC-5): then every player it allows may decide, in any order, and
   * `toMove` is one of them (the one a turn-by-turn caller plays first). Without it only `toMove`
   * may decide. Use {@link mayDecide}, which covers both.
   */
  mayDecide?(state: S, player: PlayerId): boolean;
  /** Every legal decision for `player` now (empty when he may not decide). */
  legalMoves(state: S, player: PlayerId): M[];
  /** Why a decision is illegal, or null if it is legal. */
  validate(state: S, player: PlayerId, move: M): string | null;
  /** Applies a legal decision. Callers go through {@link play}, which validates first. */
  apply(state: S, player: PlayerId, move: M): Applied<S>;
  result(state: S): GameResult | null;
  /** What `player` may see: hidden information of the others removed. */
  view(state: S, player: PlayerId): unknown;
  /**
   * What an onlooker who sits at no seat may see: never more than every seat sees (a personal
   * combat's hands only as their sizes). Without it, a spectator gets what all the seats' views
   * share, field by field.
   */
  onlookerView?(state: S): unknown;
  /**
   * An event as `player` may see it (`state` is the state after it), or null when it is hidden
   * from him, e.g. the cards dealt to the other side. Without it every event is public. Every
   * program that shows one seat the events (the web app, the server) passes them through
   * {@link eventFor}.
   */
  viewEvent?(event: GameEvent, player: PlayerId, state: S): GameEvent | null;
  /**
   * A full state consistent with what `player` knows, hidden information resampled with `rng`
   * (for information-set search). Games without hidden information omit it.
   */
  determinize?(state: S, player: PlayerId, rng: Random): S;
  /** A stable key for a decision (defaults to canonical JSON). */
  moveKey?(move: M): string;
  /** One line describing a decision, for logs. */
  describeMove?(state: S, player: PlayerId, move: M): string;
}

/** An event as `player` may see it: the game's `viewEvent`, or the event itself when the game has none. */
export function eventFor<S extends BaseState, M, O>(game: Game<S, M, O>, event: GameEvent, player: PlayerId, state: S): GameEvent | null {
  return game.viewEvent ? game.viewEvent(event, player, state) : event;
}

/** Whether `player` may decide now: the game's `mayDecide`, or being the one to move. */
export function mayDecide<S extends BaseState, M, O>(game: Game<S, M, O>, state: S, player: PlayerId): boolean {
  if (game.mayDecide) return game.toMove(state) !== null && game.mayDecide(state, player);
  return game.toMove(state) === player;
}

/** Every player who may decide now, in the game's order of players (empty when the game is over). */
export function decidersOf<S extends BaseState, M, O>(game: Game<S, M, O>, state: S): PlayerId[] {
  if (!game.mayDecide) {
    const mover = game.toMove(state);
    return mover === null ? [] : [mover];
  }
  return game.players.filter((p) => mayDecide(game, state, p));
}

/** Raised when a decision is refused; the message is the rule's reason. */
export class IllegalMoveError extends Error {
  constructor(
    readonly player: PlayerId,
    readonly move: unknown,
    reason: string,
  ) {
    super(reason);
    this.name = "IllegalMoveError";
  }
}

/** Validates then applies one decision. Throws {@link IllegalMoveError} with the reason. */
export function play<S extends BaseState, M, O>(game: Game<S, M, O>, state: S, player: PlayerId, move: M): Applied<S> {
  const mover = game.toMove(state);
  if (mover === null) throw new IllegalMoveError(player, move, "the game is over");
  if (!mayDecide(game, state, player)) throw new IllegalMoveError(player, move, `it is ${mover}'s decision, not ${player}'s`);
  const reason = game.validate(state, player, move);
  if (reason !== null) throw new IllegalMoveError(player, move, reason);
  return game.apply(state, player, move);
}

export function isTerminal<S extends BaseState>(game: Game<S, unknown, unknown>, state: S): boolean {
  return game.toMove(state) === null;
}

export function stateHash(state: unknown): string {
  return hashValue(state);
}

// ---- records and replay ----

export interface DecisionRecord<M> {
  player: PlayerId;
  move: M;
}

/** Everything needed to reproduce a game exactly (ruling C-2). */
export interface GameRecord<M = unknown, O = unknown> {
  game: string;
  /** Record format version. */
  format: 1;
  options: O;
  seed: number;
  decisions: DecisionRecord<M>[];
  /** Hash of the final state, to verify a replay. */
  finalHash: string;
  result?: GameResult | null;
  /** Optional: `checkpoints[i]` is the state hash after decision i, so a replay can name the first divergence. */
  checkpoints?: string[];
}

export function makeRecord<S extends BaseState, M, O>(
  game: Game<S, M, O>,
  options: O,
  seed: number,
  decisions: DecisionRecord<M>[],
  finalState: S,
): GameRecord<M, O> {
  return { game: game.id, format: 1, options, seed, decisions, finalHash: stateHash(finalState), result: game.result(finalState) };
}

export type ReplayFailureKind = "refused" | "checkpoint" | "final-hash" | "unfinished-checkpoints";

export interface ReplayOutcome<S> {
  state: S;
  events: GameEvent[];
  hash: string;
  /** True when every decision applies and every hash (checkpoints and final) agrees. */
  matches: boolean;
  /**
   * Why it diverges: the decision refused or leading to another state (index), or, with a null
   * index, a final hash or checkpoint count that differs.
   */
  failure?: { index: number | null; kind: ReplayFailureKind; reason: string };
}

/**
 * Replays a record from its setup and seed, decision by decision, checking the state hash after
 * each decision when the record has checkpoints, and the final state hash.
 */
export function replay<S extends BaseState, M, O>(game: Game<S, M, O>, record: GameRecord<M, O>): ReplayOutcome<S> {
  let state = game.setup(record.options, record.seed);
  const events: GameEvent[] = [];
  const fail = (index: number | null, kind: ReplayFailureKind, reason: string, hash = stateHash(state)): ReplayOutcome<S> => ({
    state,
    events,
    hash,
    matches: false,
    failure: { index, kind, reason },
  });
  const cps = record.checkpoints;
  if (cps && cps.length !== record.decisions.length) {
    return fail(null, "unfinished-checkpoints", `the record has ${record.decisions.length} decisions but ${cps.length} checkpoints`);
  }
  for (let i = 0; i < record.decisions.length; i++) {
    const { player, move } = record.decisions[i];
    try {
      const applied = play(game, state, player, move);
      state = applied.state;
      events.push(...applied.events);
    } catch (err) {
      // A decision of the wrong shape can make a game throw something else: still the record's fault.
      return fail(i, "refused", err instanceof IllegalMoveError ? err.message : `the game cannot apply it: ${(err as Error).message}`);
    }
    if (cps) {
      const h = stateHash(state);
      if (h !== cps[i]) return fail(i, "checkpoint", `the state after it hashes to ${h}, the record says ${cps[i]}`, h);
    }
  }
  const hash = stateHash(state);
  if (hash !== record.finalHash) return fail(null, "final-hash", `the final state hashes to ${hash}, the record says ${record.finalHash}`, hash);
  return { state, events, hash, matches: true };
}

// ---- players ----

/** Anything that chooses decisions: a computer player, or a human behind a prompt. */
export interface Player<S extends BaseState, M> {
  readonly name: string;
  choose(state: S, player: PlayerId): M;
}

export interface PlayedGame<S, M> {
  state: S;
  decisions: DecisionRecord<M>[];
  events: GameEvent[];
  result: GameResult;
}

/** Plays a game to its end with the given players; stops with an error past `maxDecisions`. */
export function playOut<S extends BaseState, M, O>(
  game: Game<S, M, O>,
  state: S,
  players: Record<PlayerId, Player<S, M>>,
  /** `onEvents`: told each decision's events as it is applied (a narrative written as the game goes). */
  opts: { maxDecisions?: number; keepEvents?: boolean; onEvents?: (events: GameEvent[]) => void } = {},
): PlayedGame<S, M> {
  const decisions: DecisionRecord<M>[] = [];
  const events: GameEvent[] = [];
  const limit = opts.maxDecisions ?? 1_000_000;
  for (let mover = game.toMove(state); mover !== null; mover = game.toMove(state)) {
    if (decisions.length >= limit) throw new Error(`game did not end within ${limit} decisions`);
    const move = players[mover].choose(state, mover);
    const applied = play(game, state, mover, move);
    state = applied.state;
    decisions.push({ player: mover, move });
    if (opts.keepEvents !== false) events.push(...applied.events);
    opts.onEvents?.(applied.events);
  }
  return { state, decisions, events, result: game.result(state)! };
}

export function moveKeyOf<M>(game: Game<BaseState, M, unknown>, move: M): string {
  return game.moveKey ? game.moveKey(move) : JSON.stringify(move);
}
