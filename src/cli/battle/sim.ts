/**
 * The generic simulation runner: N games of any registered game between named computer
 * players, spread over worker threads. Game i always has seed deriveSeed(seed, i) and its
 * outcome is aggregated in index order, so the result is the same for any number of workers.
 *
 * With `workers: K` this thread plays beside K-1 worker threads (it has the engine loaded
 * already; a thread must load it again). Worker threads run the compiled sim-worker.js from
 * dist/ (they cannot load TypeScript); with `workers` 0 or 1 the games run in this thread only.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PlayerId } from "../../core/game.js";
import { deriveSeed } from "../../core/records.js";
import { accumulate, type Interval, type MeanSummary, normalInterval, summarizeMean, wilsonInterval } from "../../core/stats.js";
import { UsageError } from "../errors.js";
import { packageRoot } from "../package-root.js";
import type { AiSpec } from "./ai.js";
import { type BattleGameEntry, battleGame } from "./catalog.js";
import { makePlayers, playGame } from "./run.js";

/** What one game contributes to the statistics. */
export interface GameOutcome {
  index: number;
  seed: number;
  winner: PlayerId | null;
  ending: string;
  turns: number;
  losses: Record<PlayerId, number>;
  decisions: number;
  /** The game's named counts per player (`GameSummary.tallies`). */
  tallies?: Record<string, Record<PlayerId, number>>;
  /** Events by type (only when the simulation counts events). */
  events?: Record<string, number>;
  /** Set when the game could not be played to its end (an engine error); such games are left out of the statistics. */
  error?: string;
}

/** A game of a simulation failed; names its index and seed so it can be played again alone. */
export class SimGameError extends Error {
  override name = "SimGameError";
  constructor(
    readonly index: number,
    readonly seed: number,
    readonly reason: string,
  ) {
    super(`game ${index} (seed ${seed}) failed: ${reason}; see it with muster battle --seed ${seed} (same scenario and players), or pass --skip-failures`);
  }
}

export interface SimSpec {
  gameId: string;
  /** The game's options (a scenario), plain data: it is copied to every worker. */
  options: unknown;
  /** Computer player per side; sides left out play the game's default. */
  players: Record<PlayerId, AiSpec>;
  games: number;
  seed: number;
  /** Worker threads (0: play in this thread). */
  workers: number;
  /** Called after every finished game with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** The compiled worker module (default: found next to this module or in dist/). */
  workerUrl?: URL;
  /** Count a game that fails (engine error) and go on, instead of stopping the whole run. */
  skipFailures?: boolean;
  /** Count how often each event type fired (`muster sim --events`). */
  countEvents?: boolean;
  /** Batches queued per worker thread (default 2; 1 was the old runner, kept for the bench's before/after). */
  batchesInFlight?: number;
  /**
   * With K workers, this thread (engine already loaded and warm) plays too, beside K-1 worker
   * threads; K = 1 then starts no thread at all. Default true; false is the old runner (K threads,
   * this one idle), kept for the bench's before/after.
   */
  mainThreadPlays?: boolean;
}

export interface RateSummary {
  count: number;
  rate: number;
  /** Wilson score 95% interval. */
  ci95: Interval;
  /** Normal-approximation 95% interval, for comparison. */
  ci95Normal: Interval;
}

export interface SimReport {
  game: string;
  title: string;
  players: Record<PlayerId, string>;
  games: number;
  seed: number;
  wins: Record<PlayerId, RateSummary>;
  draws: RateSummary;
  turns: MeanSummary & { min: number; max: number };
  lossUnit: string;
  losses: Record<PlayerId, MeanSummary>;
  decisions: MeanSummary;
  /** How games ended, most frequent first. */
  endings: { ending: string; count: number }[];
  /** Games that failed with an engine error (only with skipFailures), left out of every figure above. */
  failures: { count: number; first: { index: number; seed: number; error: string }[] };
  /** The game's per-game counts (e.g. challenges issued), per player: total over the games and mean per game. */
  tallies?: { name: string; perPlayer: Record<PlayerId, { total: number; mean: number }> }[];
  /** How often each event type fired (only with `countEvents`): every type the game lists, zeros included, then any it does not list. */
  events?: EventTally[];
  /** Per-game outcomes, in index order (only when asked for). */
  outcomes?: GameOutcome[];
}

/** One event type's count over a simulation. */
export interface EventTally {
  type: string;
  /** Events of this type over all games. */
  count: number;
  /** Games in which it fired at least once. */
  games: number;
  /** Mean per game. */
  perGame: number;
  /** False for a type the game does not list in `stats.eventKinds` (a defect: the list is incomplete). */
  listed: boolean;
}

export function entryOrThrow(gameId: string): BattleGameEntry {
  const entry = battleGame(gameId);
  if (!entry) throw new UsageError(`unknown game "${gameId}"`);
  return entry;
}

/** Plays game `index` of a series (pure). */
export function playIndexed(entry: BattleGameEntry, options: unknown, players: Record<PlayerId, AiSpec>, seed: number, index: number, countEvents = false): GameOutcome {
  const gameSeed = deriveSeed(seed, index);
  const g = playGame(entry, options, players, gameSeed, { countEvents });
  const out: GameOutcome = { index, seed: gameSeed, winner: g.result.winner, ending: g.summary.ending, turns: g.summary.turns, losses: g.summary.losses, decisions: g.decisionCount };
  if (g.summary.tallies) out.tallies = g.summary.tallies;
  if (g.eventCounts) out.events = g.eventCounts;
  return out;
}

/** Like {@link playIndexed}, but an error becomes a failed outcome instead of being thrown. */
export function tryPlayIndexed(entry: BattleGameEntry, options: unknown, players: Record<PlayerId, AiSpec>, seed: number, index: number, countEvents = false): GameOutcome {
  try {
    return playIndexed(entry, options, players, seed, index, countEvents);
  } catch (err) {
    return { index, seed: deriveSeed(seed, index), winner: null, ending: "failed", turns: 0, losses: {}, decisions: 0, error: (err as Error).message };
  }
}

function rate(count: number, n: number): RateSummary {
  return { count, rate: n === 0 ? Number.NaN : count / n, ci95: wilsonInterval(count, n), ci95Normal: normalInterval(count, n) };
}

/** Statistics over outcomes (sorted by index first, so the order they arrived in does not matter). */
export function aggregate(entry: BattleGameEntry, spec: Pick<SimSpec, "players" | "seed" | "countEvents">, outcomes: readonly GameOutcome[], keepOutcomes = false): SimReport {
  const all = [...outcomes].sort((a, b) => a.index - b.index);
  const failed = all.filter((o) => o.error !== undefined);
  const sorted = all.filter((o) => o.error === undefined);
  const n = sorted.length;
  const sides = entry.game.players;
  const wins: Record<PlayerId, RateSummary> = {};
  for (const side of sides) wins[side] = rate(sorted.filter((o) => o.winner === side).length, n);
  const draws = rate(sorted.filter((o) => o.winner === null).length, n);
  const turnsList = sorted.map((o) => o.turns);
  const losses: Record<PlayerId, MeanSummary> = {};
  for (const side of sides) losses[side] = summarizeMean(accumulate(sorted.map((o) => o.losses[side] ?? 0)));
  const endingCounts = new Map<string, number>();
  for (const o of sorted) endingCounts.set(o.ending, (endingCounts.get(o.ending) ?? 0) + 1);
  const endings = [...endingCounts.entries()].map(([ending, count]) => ({ ending, count })).sort((a, b) => b.count - a.count || (a.ending < b.ending ? -1 : 1));
  const players: Record<PlayerId, string> = {};
  for (const side of sides) {
    const s = spec.players[side] ?? { name: entry.defaultAi };
    players[side] = s.arg === undefined ? s.name : `${s.name}:${s.arg}`;
  }
  const report: SimReport = {
    game: entry.id,
    title: entry.title,
    players,
    games: n,
    seed: spec.seed,
    wins,
    draws,
    turns: { ...summarizeMean(accumulate(turnsList)), min: n ? Math.min(...turnsList) : Number.NaN, max: n ? Math.max(...turnsList) : Number.NaN },
    lossUnit: entry.lossUnit,
    losses,
    decisions: summarizeMean(accumulate(sorted.map((o) => o.decisions))),
    endings,
    failures: { count: failed.length, first: failed.slice(0, 10).map((o) => ({ index: o.index, seed: o.seed, error: o.error ?? "" })) },
  };
  const tallies = tallyNames(sorted);
  if (tallies.length > 0) {
    report.tallies = tallies.map((name) => {
      const perPlayer: Record<PlayerId, { total: number; mean: number }> = {};
      for (const side of sides) {
        const total = sorted.reduce((a, o) => a + (o.tallies?.[name]?.[side] ?? 0), 0);
        perPlayer[side] = { total, mean: n === 0 ? Number.NaN : total / n };
      }
      return { name, perPlayer };
    });
  }
  if (spec.countEvents) report.events = eventTallies(entry.game.stats?.eventKinds ?? [], sorted);
  if (keepOutcomes) report.outcomes = all;
  return report;
}

/** The tally names in the order the games give them (first game first). */
function tallyNames(outcomes: readonly GameOutcome[]): string[] {
  const names: string[] = [];
  for (const o of outcomes) for (const k of Object.keys(o.tallies ?? {})) if (!names.includes(k)) names.push(k);
  return names;
}

/** Every listed event type's count (zeros included), then any type fired that the game does not list. */
export function eventTallies(kinds: readonly string[], outcomes: readonly GameOutcome[]): EventTally[] {
  const n = outcomes.length;
  const row = (type: string, listed: boolean): EventTally => {
    let count = 0;
    let games = 0;
    for (const o of outcomes) {
      const c = o.events?.[type] ?? 0;
      count += c;
      if (c > 0) games++;
    }
    return { type, count, games, perGame: n === 0 ? Number.NaN : count / n, listed };
  };
  const listed = new Set(kinds);
  const unlisted = new Set<string>();
  for (const o of outcomes) for (const k of Object.keys(o.events ?? {})) if (!listed.has(k)) unlisted.add(k);
  return [...kinds.map((k) => row(k, true)), ...[...unlisted].sort().map((k) => row(k, false))];
}


/** The compiled worker: beside this module when running from dist/, else in dist/ under the package root. */
export function defaultWorkerUrl(): URL {
  const beside = new URL("./sim-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const built = join(packageRoot(), "dist", "src", "cli", "battle", "sim-worker.js");
  if (existsSync(built)) return pathToFileURL(built);
  throw new UsageError("worker threads run the compiled program, which is missing: run `npm run build` (or use --workers 0)");
}

/** Checks a spec in this thread before any work starts (bad options or players fail here, once). */
export function preflight(entry: BattleGameEntry, spec: SimSpec): void {
  if (!Number.isSafeInteger(spec.games) || spec.games < 1) throw new UsageError(`games must be a whole number ≥ 1, got ${spec.games}`);
  if (!Number.isSafeInteger(spec.workers) || spec.workers < 0) throw new UsageError(`workers must be a whole number ≥ 0, got ${spec.workers}`);
  makePlayers(entry, spec.options, spec.players, deriveSeed(spec.seed, 0));
}

/** Messages between the runner and its workers. */
export type ToWorker = { type: "games"; indices: number[] } | { type: "stop" };
export type FromWorker = { type: "outcomes"; outcomes: GameOutcome[] } | { type: "idle" } | { type: "error"; index: number; message: string };

export interface WorkerInit {
  gameId: string;
  options: unknown;
  players: Record<PlayerId, AiSpec>;
  seed: number;
  skipFailures: boolean;
  countEvents: boolean;
}

/** Runs the simulation and aggregates it. */
export async function runSim(spec: SimSpec, keepOutcomes = false): Promise<SimReport> {
  const entry = entryOrThrow(spec.gameId);
  preflight(entry, spec);
  const k = Math.min(spec.workers, spec.games);
  const mainPlays = spec.mainThreadPlays !== false;
  const outcomes = k === 0 || (k === 1 && mainPlays) ? runHere(entry, spec) : await runWorkers(entry, spec, mainPlays ? k - 1 : k, mainPlays);
  return aggregate(entry, spec, outcomes, keepOutcomes);
}

function runHere(entry: BattleGameEntry, spec: SimSpec): GameOutcome[] {
  const out: GameOutcome[] = [];
  for (let i = 0; i < spec.games; i++) {
    const o = tryPlayIndexed(entry, spec.options, spec.players, spec.seed, i, spec.countEvents === true);
    if (o.error !== undefined && !spec.skipFailures) throw new SimGameError(i, o.seed, o.error);
    out.push(o);
    spec.onProgress?.(i + 1, spec.games);
  }
  return out;
}

/** Runs the games on k worker threads and, when `mainPlays`, one game at a time in this thread too. */
function runWorkers(entry: BattleGameEntry, spec: SimSpec, k: number, mainPlays: boolean): Promise<GameOutcome[]> {
  const url = spec.workerUrl ?? defaultWorkerUrl();
  const init: WorkerInit = { gameId: spec.gameId, options: spec.options, players: spec.players, seed: spec.seed, skipFailures: spec.skipFailures === true, countEvents: spec.countEvents === true };
  // Hand out small batches on demand so fast and slow threads stay busy to the end.
  const batch = Math.max(1, Math.min(50, Math.floor(spec.games / (k * 8))));
  let next = 0;
  const outcomes: GameOutcome[] = [];
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let finished = false;
    let live = k;
    let hereDone = !mainPlays;
    const settle = () => {
      if (live > 0 || !hereDone || finished) return;
      finished = true;
      if (outcomes.length === spec.games) resolve(outcomes);
      else reject(new Error(`worker threads stopped after ${outcomes.length} of ${spec.games} games`));
    };
    const fail = (err: Error) => {
      if (finished) return;
      finished = true;
      for (const w of workers) void w.terminate();
      reject(err);
    };
    const feed = (w: Worker) => {
      if (next >= spec.games) {
        w.postMessage({ type: "stop" } satisfies ToWorker);
        return;
      }
      const indices: number[] = [];
      for (let j = 0; j < batch && next < spec.games; j++) indices.push(next++);
      w.postMessage({ type: "games", indices } satisfies ToWorker);
    };
    for (let i = 0; i < k; i++) {
      const w = new Worker(url, { workerData: init });
      workers.push(w);
      // Two batches in flight per thread: the next is already waiting when one ends, so a thread
      // never idles for the round trip through this (possibly busy) thread.
      let primed = false;
      const inFlight = Math.max(1, spec.batchesInFlight ?? 2);
      w.on("message", (msg: FromWorker) => {
        if (finished) return;
        if (msg.type === "outcomes") {
          for (const o of msg.outcomes) {
            outcomes.push(o);
            spec.onProgress?.(outcomes.length, spec.games);
          }
        } else if (msg.type === "idle") {
          feed(w);
          if (!primed) {
            primed = true;
            for (let extra = 1; extra < inFlight; extra++) feed(w);
          }
        } else fail(new SimGameError(msg.index, deriveSeed(spec.seed, msg.index), msg.message));
      });
      w.on("error", (err) => fail(err));
      w.on("exit", () => {
        live--;
        settle();
      });
    }
    // This thread plays one game per turn of the event loop, so the threads' messages (and their
    // next batches) are never held up by more than one game.
    const playHere = () => {
      if (finished) return;
      if (next >= spec.games) {
        hereDone = true;
        settle();
        return;
      }
      const index = next++;
      const o = tryPlayIndexed(entry, spec.options, spec.players, spec.seed, index, spec.countEvents === true);
      if (o.error !== undefined && !spec.skipFailures) {
        fail(new SimGameError(index, o.seed, o.error));
        return;
      }
      outcomes.push(o);
      spec.onProgress?.(outcomes.length, spec.games);
      setImmediate(playHere);
    };
    if (mainPlays) setImmediate(playHere);
  });
}
