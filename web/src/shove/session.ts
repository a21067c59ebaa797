/**
 * A Shove game in the browser, as pure state (tested in Node): the ruleset's `shove` game applies
 * every decision; people's decisions may be undone within their own turn (the D4 is thrown only
 * when a turn ends, so undoing changes no die); a record (src/core/records.ts format) can be saved,
 * and loaded back only after `verifyRecord` replays it; a loaded record can be stepped through.
 */
import { type DecisionRecord, type GameEvent, type GameRecord, makeRecord, play } from "../../../src/core/game.js";
import { verifyRecord } from "../../../src/core/records.js";
import { AI_LEVELS, type AiLevel } from "../../../src/rulesets/shove/ai.js";
import { columnLetter } from "../../../src/rulesets/shove/board.js";
import { geometryOf, parseAction, shove, shoveOptionsSchema, type ShoveOptions, type ShoveState } from "../../../src/rulesets/shove/game.js";

export type SideName = "blue" | "red";
export type PlayerKind = "human" | AiLevel;
export const PLAYER_KINDS: readonly PlayerKind[] = ["human", ...AI_LEVELS];

export interface ShoveGame {
  options: ShoveOptions;
  seed: number;
  players: Record<SideName, PlayerKind>;
  /** The start state and the state after each decision. */
  states: ShoveState[];
  decisions: DecisionRecord<string>[];
  /** Events of each decision. */
  events: GameEvent[][];
  /** Replay of a loaded record: the decision shown (states index); null when playing. */
  replayAt: number | null;
}

export function newGame(seed: number, players: Record<SideName, PlayerKind>, options: ShoveOptions = {}): ShoveGame {
  return { options, seed, players, states: [shove.setup(options, seed)], decisions: [], events: [], replayAt: null };
}

export function current(g: ShoveGame): ShoveState {
  return g.states[g.replayAt ?? g.states.length - 1];
}

/** Whether a person decides now. */
export function personToMove(g: ShoveGame): boolean {
  const s = current(g);
  return g.replayAt === null && s.winner === null && g.players[s.side] === "human";
}

export function computerToMove(g: ShoveGame): boolean {
  const s = current(g);
  return g.replayAt === null && s.winner === null && g.players[s.side] !== "human";
}

/** Applies a decision of the side to move; throws the engine's reason if refused. */
export function decide(g: ShoveGame, move: string): ShoveGame {
  const s = current(g);
  const r = play(shove, s, s.side, move);
  return { ...g, states: [...g.states, r.state], decisions: [...g.decisions, { player: s.side, move }], events: [...g.events, r.events] };
}

/** How many decisions can be undone: the people's own decisions of the turn in progress. */
export function undoable(g: ShoveGame): number {
  if (g.replayAt !== null) return 0;
  const s = current(g);
  if (s.winner !== null || g.players[s.side] !== "human") return 0;
  let n = 0;
  for (let i = g.states.length - 2; i >= 0; i--) {
    const before = g.states[i];
    if (before.turn !== s.turn || before.side !== s.side) break;
    n++;
  }
  return n;
}

export function undo(g: ShoveGame): ShoveGame {
  if (undoable(g) === 0) return g;
  return { ...g, states: g.states.slice(0, -1), decisions: g.decisions.slice(0, -1), events: g.events.slice(0, -1) };
}

export function recordOf(g: ShoveGame): GameRecord<string, ShoveOptions> {
  const last = g.states[g.states.length - 1];
  return makeRecord(shove, { board: last.config.board, rules: last.config.rules }, g.seed, g.decisions, last);
}

/** A record file read back: verified by replaying it (options checked with the game's schema); the game to step through, or the reason it is refused. */
export function loadRecord(text: string): { game: ShoveGame } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { error: `not valid JSON: ${(err as Error).message}` };
  }
  const r = data as Partial<GameRecord<string, ShoveOptions>>;
  if (typeof r !== "object" || r === null) return { error: "a record is a JSON object" };
  if (r.game !== shove.id) return { error: `field game: this is a record of "${String(r.game)}", not of Shove` };
  if (r.format !== 1) return { error: "field format: expected 1" };
  if (!Number.isSafeInteger(r.seed)) return { error: "field seed: must be a whole number" };
  if (!Array.isArray(r.decisions)) return { error: "field decisions: must be a list" };
  const opts = shoveOptionsSchema.safeParse(r.options ?? {});
  if (!opts.success) return { error: `field options: ${opts.error.issues[0].message}` };
  const record = { ...(r as GameRecord<string, ShoveOptions>), options: opts.data };
  let v: ReturnType<typeof verifyRecord>;
  try {
    v = verifyRecord(shove, record);
  } catch (err) {
    return { error: `the record cannot be replayed: ${(err as Error).message}` };
  }
  if (!v.ok) return { error: `the record does not verify${v.index !== null ? ` at decision ${v.index + 1}` : ""}: ${v.reason}` };
  let g = newGame(record.seed, { blue: "human", red: "human" }, record.options);
  for (const d of record.decisions) g = decide(g, d.move);
  return { game: { ...g, replayAt: 0 } };
}

export function replayTo(g: ShoveGame, at: number | null): ShoveGame {
  return { ...g, replayAt: at === null ? null : Math.max(0, Math.min(at, g.states.length - 1)) };
}

/** What a legal decision does on the board: which square it acts from and onto. */
export interface BoardAction {
  move: string;
  kind: "move" | "push" | "end";
  from: number;
  /** The square moved onto, or the pushed token's square; -1 off the board. */
  to: number;
}

/** The board actions of the legal decisions `moves` (by default the engine's; online play passes the list the server sent). */
export function boardActions(s: ShoveState, moves: readonly string[] = shove.legalMoves(s, s.side)): BoardAction[] {
  const g = geometryOf(s.config.board);
  return moves.map((move) => {
    const p = parseAction(g, move);
    if ("error" in p || move === "end") return { move, kind: "end" as const, from: -1, to: -1 };
    const sq = p.code >> 3;
    const dir = p.code & 3;
    return { move, kind: (p.code >> 2) & 1 ? ("push" as const) : ("move" as const), from: sq, to: g.nb[sq * 4 + dir] };
  });
}

export function squareLabel(s: ShoveState, sq: number): string {
  const w = s.config.board.width;
  return `${columnLetter(sq % w)}${Math.floor(sq / w) + 1}`;
}

/** The squares a decision acted on in the state it was made in (its token's square and where it went or pushed), for highlighting. */
export function decisionSquares(before: ShoveState, move: string): number[] {
  const g = geometryOf(before.config.board);
  const p = parseAction(g, move);
  if ("error" in p || move === "end") return [];
  const sq = p.code >> 3;
  const to = g.nb[sq * 4 + (p.code & 3)];
  return to >= 0 ? [sq, to] : [sq];
}
