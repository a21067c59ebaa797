/**
 * Playing one game between computer players: the single routine behind `muster battle` and
 * every game of `muster sim` (so `muster battle --seed S` replays game i of a sim whose game seed
 * was S). Pure: the same (game, options, players, seed) always gives the same game.
 */
import { type DecisionRecord, type GameEvent, type GameResult, type PlayerId, eventFor, play, stateHash } from "../../core/game.js";
import { deriveSeed } from "../../core/records.js";
import { type AiSpec, type AnyPlayer, formatAiSpec, makeAi } from "./ai.js";
import { type BattleGameEntry, defaultPosition, type GameSummary, type Position } from "./catalog.js";

/** One event with the decision that caused it and where it belongs in the narrative. */
export interface LoggedEvent {
  /** Index of the decision whose application produced the event (-1: the set-up, before any decision). */
  decision: number;
  player: PlayerId;
  turn?: number;
  phase?: string;
  event: GameEvent;
}

export interface PlayGameOptions {
  /** Keep every event with its turn and phase (for narratives). */
  log?: boolean;
  /** Keep every decision and the state hash after each (for records). */
  record?: boolean;
  /** Called with each logged event as the game goes (with `log`), so a narrative can be streamed. */
  onLog?: (item: LoggedEvent) => void;
  /**
   * Log the events as this player may see them (`eventFor`): any id that is not a player's, such as
   * {@link SPECTATOR}, sees only public events (no hand of a personal combat). Default: every event.
   */
  viewer?: PlayerId;
  /** Count the events of each type (the set-up's included), for `muster sim --events`. */
  countEvents?: boolean;
}

/** The viewer id of a narrative told to onlookers: it sees what every player may see, nothing more. */
export const SPECTATOR = "spectator";

/** The name of each side's computer player, as `playGame` reports them. */
export function playerNames(entry: BattleGameEntry, specs: Record<PlayerId, AiSpec>): Record<PlayerId, string> {
  const names: Record<PlayerId, string> = {};
  for (const side of entry.game.players) names[side] = formatAiSpec(specs[side] ?? { name: entry.defaultAi });
  return names;
}

export interface PlayedBattle {
  seed: number;
  result: GameResult;
  summary: GameSummary;
  decisionCount: number;
  decisions: DecisionRecord<unknown>[];
  checkpoints: string[];
  log: LoggedEvent[];
  finalState: unknown;
  players: Record<PlayerId, string>;
  /** Events by type (only with `countEvents`). */
  eventCounts?: Record<string, number>;
}

/** The seed of the computer player on side number `sideIndex` in a game with seed `gameSeed`. */
export function playerSeed(gameSeed: number, sideIndex: number): number {
  return deriveSeed(gameSeed, sideIndex + 1);
}

export function makePlayers(entry: BattleGameEntry, options: unknown, specs: Record<PlayerId, AiSpec>, gameSeed: number): Record<PlayerId, AnyPlayer> {
  const players: Record<PlayerId, AnyPlayer> = {};
  entry.game.players.forEach((side, i) => {
    const spec = specs[side] ?? { name: entry.defaultAi };
    players[side] = makeAi(spec, { game: entry.game, options, side, seed: playerSeed(gameSeed, i) });
  });
  return players;
}

function positionOf(entry: BattleGameEntry, state: Parameters<NonNullable<BattleGameEntry["position"]>>[0], event: GameEvent): Position {
  const base = (entry.position ?? defaultPosition)(state);
  const turn = typeof event.turn === "number" ? event.turn : base.turn;
  const phase = typeof event.phase === "string" ? event.phase : base.phase;
  const out: Position = {};
  if (turn !== undefined) out.turn = turn;
  if (phase !== undefined) out.phase = phase;
  return out;
}

/** Plays one game to its end. Throws if it runs past the entry's decision limit. */
export function playGame(entry: BattleGameEntry, options: unknown, specs: Record<PlayerId, AiSpec>, gameSeed: number, opts: PlayGameOptions = {}): PlayedBattle {
  const { game } = entry;
  let state = game.setup(options, gameSeed);
  const players = makePlayers(entry, options, specs, gameSeed);
  const limit = entry.maxDecisions ?? 1_000_000;
  const keepEvents = opts.log === true || entry.summaryNeedsEvents === true;
  const events: GameEvent[] = [];
  const log: LoggedEvent[] = [];
  const decisions: DecisionRecord<unknown>[] = [];
  const checkpoints: string[] = [];
  let count = 0;
  // Events of the set-up itself (a game state may carry them as `setupEvents`: the Shieldwall
  // battle's fixed deployment, first deployment dice, units starting aboard ship), before any decision.
  const initial = (state as { setupEvents?: unknown }).setupEvents;
  const keep = (item: LoggedEvent) => {
    log.push(item);
    opts.onLog?.(item);
  };
  if (opts.log && Array.isArray(initial)) for (const e of initial as GameEvent[]) keep({ decision: -1, player: "", ...positionOf(entry, state, e), event: e });
  const eventCounts: Record<string, number> | undefined = opts.countEvents ? {} : undefined;
  const count1 = (e: GameEvent) => {
    if (eventCounts) eventCounts[e.type] = (eventCounts[e.type] ?? 0) + 1;
  };
  if (Array.isArray(initial)) for (const e of initial as GameEvent[]) count1(e);
  for (let mover = game.toMove(state); mover !== null; mover = game.toMove(state)) {
    if (count >= limit) throw new Error(`${entry.title}: the game did not end within ${limit} decisions (seed ${gameSeed})`);
    const move = players[mover].choose(state, mover);
    const applied = play(game, state, mover, move);
    if (eventCounts) for (const e of applied.events) count1(e);
    if (keepEvents) {
      for (const e of applied.events) {
        events.push(e);
        if (!opts.log) continue;
        const seen = opts.viewer === undefined ? e : eventFor(game, e, opts.viewer, applied.state);
        if (seen !== null) keep({ decision: count, player: mover, ...positionOf(entry, state, seen), event: seen });
      }
    }
    state = applied.state;
    if (opts.record) {
      decisions.push({ player: mover, move });
      checkpoints.push(stateHash(state));
    }
    count++;
  }
  const result = game.result(state);
  if (!result) throw new Error(`${entry.title}: no result at the end of the game (seed ${gameSeed})`);
  const summary = entry.summarize({ state, result, decisions: count, events });
  const played: PlayedBattle = { seed: gameSeed, result, summary, decisionCount: count, decisions, checkpoints, log, finalState: state, players: playerNames(entry, specs) };
  if (eventCounts) played.eventCounts = eventCounts;
  return played;
}
