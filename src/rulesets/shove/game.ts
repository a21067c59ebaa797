/**
 * Shove as a {@link Game}: plain serialisable state on top of the simulator (sim.ts), which holds
 * every rule. Decisions are strings in the notation the screen uses: "b3 up", "push d4 from d3",
 * "end". The D4 at the start of each turn is a chance event drawn inside `apply` from `state.rng`.
 */
import { z } from "zod";
import { nameText } from "../../core/input-limits.js";
import { type Applied, type Game, type GameEvent, type GameResult, type GameSummary, type PlayerId } from "../../core/game.js";
import { Random, type RandomState, seedState } from "../../core/random.js";
import { BoardFormatError, type BoardSpec, checkBoardShape, DEFAULT_BOARD, MAX_HEIGHT, MAX_WIDTH, parseBoard, parseSquare } from "./board.js";
import {
  actionCode,
  BLUE,
  DEFAULT_RULES,
  DIR_NAMES,
  END,
  Geometry,
  KIND_MOVE,
  KIND_PUSH,
  RED,
  type RuleOptions,
  Refusal,
  type Side,
  SIDE_NAMES,
  ShoveSim,
  type SimSnapshot,
  WinReason,
} from "./sim.js";

export type SideName = "blue" | "red";
export type ShoveMove = string;

export interface ShoveOptions {
  /** The board (default: SH-1's board, a house rule). */
  board?: BoardSpec;
  /** Rule options; missing ones take their defaults (see {@link DEFAULT_RULES}). */
  rules?: Partial<RuleOptions>;
}

/** Options after defaults: part of every state and record. */
export interface ShoveConfig {
  board: BoardSpec;
  rules: RuleOptions;
}

export interface ShoveState {
  rng: RandomState;
  config: ShoveConfig;
  turn: number;
  side: SideName;
  /** This turn's D4 (SH-2). */
  roll: number;
  actionsLeft: number;
  /** Square of each token, red tokens first then blue; -1 once removed. */
  tokens: number[];
  idle: number[];
  moved: number[];
  locked: number[];
  winner: SideName | null;
  /** WinReason code, 0 while the game goes on. */
  reason: number;
}

export function resolveConfig(options: ShoveOptions = {}): ShoveConfig {
  const board = options.board ?? DEFAULT_BOARD;
  const rules = { ...DEFAULT_RULES, ...(options.rules ?? {}) };
  return { board, rules };
}

const geometries = new WeakMap<BoardSpec, Geometry>();
const sims = new WeakMap<ShoveConfig, ShoveSim>();

export function geometryOf(board: BoardSpec): Geometry {
  let g = geometries.get(board);
  if (!g) {
    g = new Geometry(board);
    geometries.set(board, g);
  }
  return g;
}

/** A fresh simulator for a configuration (owned by the caller). */
export function newSim(config: ShoveConfig, rng: Random | null = null): ShoveSim {
  return new ShoveSim(geometryOf(config.board), config.rules, rng);
}

/** The shared simulator for a configuration, loaded with `state` (for short synchronous use only). */
function loaded(state: ShoveState): ShoveSim {
  let sim = sims.get(state.config);
  if (!sim) {
    sim = newSim(state.config);
    sims.set(state.config, sim);
  }
  loadState(sim, state);
  return sim;
}

export function loadState(sim: ShoveSim, state: ShoveState): void {
  sim.load(toSnapshot(state));
  sim.rng = new Random(state.rng);
}

function toSnapshot(state: ShoveState): SimSnapshot {
  return {
    turn: state.turn,
    side: state.side === "red" ? RED : BLUE,
    roll: state.roll,
    actionsLeft: state.actionsLeft,
    winner: state.winner === null ? -1 : state.winner === "red" ? RED : BLUE,
    reason: state.reason,
    tokens: state.tokens,
    idle: state.idle,
    moved: state.moved,
    locked: state.locked,
  };
}

/** The public state of a simulator position (with its generator's state). */
export function stateOf(sim: ShoveSim, config: ShoveConfig, rng: RandomState): ShoveState {
  const snap = sim.snapshot();
  return {
    rng,
    config,
    turn: snap.turn,
    side: SIDE_NAMES[snap.side],
    roll: snap.roll,
    actionsLeft: snap.actionsLeft,
    tokens: snap.tokens,
    idle: snap.idle,
    moved: snap.moved,
    locked: snap.locked,
    winner: snap.winner < 0 ? null : SIDE_NAMES[snap.winner],
    reason: snap.reason,
  };
}

/**
 * Problems with a board's start position under the rules (null if none): shape, no red token
 * touching two blue ones (SH-4), and an open path from blue to the victory square (SH-6).
 */
export function boardProblem(board: BoardSpec): string | null {
  const shape = checkBoardShape(board);
  if (shape) return shape;
  const sim = new ShoveSim(new Geometry(board), DEFAULT_RULES, null);
  sim.reset();
  for (let k = 0; k < sim.g.nRed; k++) {
    const p = sim.pos(k);
    let blue = 0;
    for (let d = 0; d < 4; d++) {
      const q = sim.g.nb[p * 4 + d];
      if (q >= 0 && sim.tokenAt(q) >= sim.g.nRed) blue++;
    }
    if (blue >= 2) return `red start square ${sim.g.name(p)} touches two blue tokens (SH-4)`;
  }
  if (!sim.pathOpen()) return "no open path from a blue start square to the victory square (SH-6)";
  return null;
}

// ---- notation ----

const actionNames = new WeakMap<Geometry, string[]>();

/** The decision for an action code: "b3 up", "push d4 from d3" or "end". */
export function formatAction(g: Geometry, code: number): ShoveMove {
  if (code === END) return "end";
  let names = actionNames.get(g);
  if (!names) {
    names = [];
    actionNames.set(g, names);
  }
  let name = names[code];
  if (name === undefined) {
    name = formatActionText(g, code);
    names[code] = name;
  }
  return name;
}

function formatActionText(g: Geometry, code: number): ShoveMove {
  const sq = code >> 3;
  const dir = code & 3;
  if ((code >> 2) & 1) return `push ${g.name(g.nb[sq * 4 + dir])} from ${g.name(sq)}`;
  return `${g.name(sq)} ${DIR_NAMES[dir]}`;
}

const DIR_WORDS: Record<string, number> = { up: 0, u: 0, down: 1, d: 1, left: 2, l: 2, right: 3, r: 3 };

const parsedCache = new WeakMap<Geometry, Map<string, { code: number } | { error: string }>>();

/** Parses a decision; `{ error }` says what is wrong with the notation. */
export function parseAction(g: Geometry, text: string): { code: number } | { error: string } {
  if (typeof text !== "string") return { error: `a decision is text such as "b3 up", "push d4 from d3" or "end", got ${JSON.stringify(text) ?? typeof text}` };
  let cache = parsedCache.get(g);
  if (!cache) {
    cache = new Map();
    parsedCache.set(g, cache);
  }
  let hit = cache.get(text);
  if (hit === undefined) {
    hit = parseActionText(g, text);
    if (cache.size < 10_000) cache.set(text, hit);
  }
  return hit;
}

function parseActionText(g: Geometry, text: string): { code: number } | { error: string } {
  const words = String(text).trim().toLowerCase().split(/\s+/);
  if (words.length === 1 && (words[0] === "end" || words[0] === "pass")) return { code: END };
  if (words.length === 2 && words[1] in DIR_WORDS) {
    const sq = parseSquare(g, words[0]);
    if (sq === null) return { error: `"${words[0]}" is not a square of this board (a1 to ${g.name(g.cells - 1)})` };
    return { code: actionCode(sq, KIND_MOVE, DIR_WORDS[words[1]]) };
  }
  if (words.length === 4 && words[0] === "push" && words[2] === "from") {
    const target = parseSquare(g, words[1]);
    const from = parseSquare(g, words[3]);
    if (target === null) return { error: `"${words[1]}" is not a square of this board` };
    if (from === null) return { error: `"${words[3]}" is not a square of this board` };
    for (let d = 0; d < 4; d++) if (g.nb[from * 4 + d] === target) return { code: actionCode(from, KIND_PUSH, d) };
    return { error: `${words[1]} is not next to ${words[3]}: a push needs touching tokens (SH-3)` };
  }
  return { error: `cannot read "${text}": expected e.g. "b3 up", "push d4 from d3" or "end"` };
}

/** The canonical spelling of a decision ("C6 D" → "c6 down"), or the text itself if unreadable. */
export function canonicalMove(config: ShoveConfig, text: string): ShoveMove {
  const g = geometryOf(config.board);
  const parsed = parseAction(g, text);
  return "error" in parsed ? text : formatAction(g, parsed.code);
}

export function winReasonText(state: { reason: number; config: ShoveConfig }): string {
  switch (state.reason) {
    case WinReason.BLUE_ON_VICTORY:
      return "blue reached the victory square (SH-7)";
    case WinReason.NO_RED:
      return "blue removed every red token (SH-7)";
    case WinReason.NO_BLUE:
      return "red removed every blue token (SH-7)";
    case WinReason.TURN_LIMIT:
      return `blue did not reach the victory square within ${state.config.rules.turnLimit} turns (SH-7)`;
    default:
      return "the game goes on";
  }
}

function eventsOf(before: SimSnapshot, after: ShoveSim, side: Side, code: number, config: ShoveConfig): GameEvent[] {
  const g = after.g;
  const events: GameEvent[] = [];
  const who = SIDE_NAMES[side];
  events.push({ type: code === END ? "end" : (code >> 2) & 1 ? "push" : "move", text: code === END ? `${who} ends the turn` : `${who}: ${formatAction(g, code)}`, side: who, move: formatAction(g, code) });
  for (let k = 0; k < g.tokens; k++) {
    const was = before.tokens[k];
    const now = after.pos(k);
    if (was === now || was < 0) continue;
    const colour = k < g.nRed ? "red" : "blue";
    if (now < 0 && colour === "red") {
      // A red token that moved and was removed at once stood on its new square.
      const at = code !== END && code >> 3 === was && ((code >> 2) & 1) === 0 ? g.nb[was * 4 + (code & 3)] : was;
      events.push({ type: "removed", text: `red token on ${g.name(at)} removed: it touches two blue tokens (SH-4)`, square: g.name(at) });
    }
    else if (now < 0) events.push({ type: "removed", text: `blue token on ${g.name(was)} pushed off the board (SH-3)`, square: g.name(was) });
    else if (code !== END && (code >> 2) & 1) events.push({ type: "pushed", text: `blue token pushed from ${g.name(was)} to ${g.name(now)} (SH-3)`, from: g.name(was), to: g.name(now) });
  }
  if (after.over) {
    events.push({ type: "result", text: `${SIDE_NAMES[after.winner]} wins: ${winReasonText({ reason: after.winReason, config })}` });
  } else if (after.turn !== before.turn) {
    events.push({ type: "roll", text: `turn ${after.turn}: the D4 shows ${after.roll}, ${after.roll} action${after.roll === 1 ? "" : "s"} each (SH-2)`, turn: after.turn, roll: after.roll });
  }
  return events;
}

function sideOf(player: PlayerId): Side | null {
  return player === "blue" ? BLUE : player === "red" ? RED : null;
}

const int = (what: string) => z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`);

/** A board as JSON (its start position is checked by {@link boardProblem}, see {@link shoveOptionsSchema}). */
export const boardSchema = z.strictObject({
  name: nameText(),
  width: int("width").min(2).max(MAX_WIDTH),
  height: int("height").min(2).max(MAX_HEIGHT),
  walls: z.strictObject({ bottom: z.boolean(), top: z.boolean(), left: z.boolean(), right: z.boolean() }),
  red: z.array(int("a red start square")),
  blue: z.array(int("a blue start square")),
  victory: int("victory"),
});

/** Rule options as JSON; each may be left out (defaults: {@link DEFAULT_RULES}). */
export const rulesSchema = z
  .strictObject({
    turnLimit: int("turnLimit").min(1).max(50),
    redLockTurns: int("redLockTurns").min(1).max(50),
    blueLockTurns: int("blueLockTurns").min(1).max(50),
    pushDistance: int("pushDistance").min(1).max(26),
    emptyPushes: z.boolean(),
  })
  .partial();

/** Shove's options as JSON: errors name the field (a board's start position included, SH-4, SH-6). */
export const shoveOptionsSchema: z.ZodType<ShoveOptions> = z.strictObject({ board: boardSchema.optional(), rules: rulesSchema.optional() }).superRefine((o, ctx) => {
  if (!o.board) return;
  const problem = boardProblem(o.board);
  if (problem) ctx.addIssue({ code: "custom", path: ["board"], message: problem });
});

/**
 * A board from the text format (docs/shove.md), its start position checked: the options of a
 * game on it. Throws {@link BoardFormatError} naming the line or the rule.
 */
export function boardFromText(text: string): BoardSpec {
  const board = parseBoard(text);
  const problem = boardProblem(board);
  if (problem) throw new BoardFormatError(problem);
  return board;
}

/** Result codes by WinReason: how a game of Shove ended. */
export const SHOVE_RESULT_CODES = ["blue-on-victory", "no-red", "no-blue", "turn-limit"] as const;

function summarize(s: ShoveState): GameSummary {
  const nRed = s.config.board.red.length;
  let red = 0;
  let blue = 0;
  s.tokens.forEach((sq, k) => {
    if (sq < 0) {
      if (k < nRed) red++;
      else blue++;
    }
  });
  return { turns: s.turn, losses: { blue, red }, ending: winReasonText(s) };
}

export const shove: Game<ShoveState, ShoveMove, ShoveOptions> = {
  id: "shove",
  title: "Shove",
  players: ["blue", "red"],
  playerNames: { blue: "Blue", red: "Red" },
  options: {
    schema: shoveOptionsSchema,
    defaults: () => ({ board: DEFAULT_BOARD }),
    describe: {
      board: "the board (default: ruling SH-1, a house rule); a board file's text format is read by boardFromText",
      rules: `rule options: turnLimit, redLockTurns, blueLockTurns, pushDistance, emptyPushes (defaults ${JSON.stringify(DEFAULT_RULES)})`,
    },
  },
  stats: { lossUnit: "tokens", summarize },

  setup(options, seed) {
    const config = resolveConfig(options);
    const problem = boardProblem(config.board);
    if (problem) throw new RangeError(`board ${config.board.name}: ${problem}`);
    const rng = new Random(seedState(seed));
    const sim = newSim(config, rng);
    sim.reset();
    return stateOf(sim, config, rng.state());
  },

  toMove: (s) => (s.winner === null ? s.side : null),

  legalMoves(s, player) {
    if (s.winner !== null || player !== s.side) return [];
    const sim = loaded(s);
    return sim.legalActions().map((c) => formatAction(sim.g, c));
  },

  validate(s, player, move) {
    if (s.winner !== null) return "the game is over";
    const side = sideOf(player);
    if (side === null) return `unknown player "${player}": expected blue or red`;
    if (player !== s.side) return `it is ${s.side}'s turn`;
    const sim = loaded(s);
    const parsed = parseAction(sim.g, move);
    if ("error" in parsed) return parsed.error;
    const r = sim.check(parsed.code);
    return r === Refusal.OK ? null : sim.explain(parsed.code, r);
  },

  apply(s, player, move): Applied<ShoveState> {
    const sim = loaded(s);
    const parsed = parseAction(sim.g, move);
    if ("error" in parsed) throw new Error(parsed.error);
    const before = toSnapshot(s);
    const r = sim.act(parsed.code);
    if (r !== Refusal.OK) throw new Error(sim.explain(parsed.code, r));
    const events = eventsOf(before, sim, sideOf(player) ?? BLUE, parsed.code, s.config);
    return { state: stateOf(sim, s.config, sim.rng!.state()), events };
  },

  result(s): GameResult | null {
    if (s.winner === null) return null;
    const loser = s.winner === "red" ? "blue" : "red";
    return { winner: s.winner, rewards: { [s.winner]: 1, [loser]: 0 }, reason: winReasonText(s), code: SHOVE_RESULT_CODES[s.reason - 1] ?? "unknown" };
  },

  view: (s) => s,
  moveKey: (m) => m,
  describeMove: (_s, player, move) => `${player}: ${move}`,
};

/** A hand-built position: tokens by square name, red tokens first in `tokens` order. */
export interface PositionSpec {
  red: string[];
  blue: string[];
  turn?: number;
  side?: SideName;
  roll?: number;
  /** Actions left for the side to act (default: the roll). */
  actionsLeft?: number;
  /** Turns without moving per token, by square name (SH-5); default 0. */
  idle?: Record<string, number>;
}

/**
 * A position built by hand (tests, analysis): locks of the side to act are derived from `idle`
 * (SH-5). Throws RangeError naming the bad field.
 */
export function positionState(options: ShoveOptions, spec: PositionSpec, seed = 1): ShoveState {
  const config = resolveConfig(options);
  const g = geometryOf(config.board);
  const squares = [...spec.red, ...spec.blue].map((name) => {
    const sq = parseSquare(g, name);
    if (sq === null) throw new RangeError(`position: "${name}" is not a square of the board`);
    return sq;
  });
  // Fewer tokens than the board starts with stand for removed ones.
  if (spec.red.length > g.nRed) throw new RangeError(`position: ${spec.red.length} red tokens, the board has ${g.nRed}`);
  if (spec.blue.length > g.nBlue) throw new RangeError(`position: ${spec.blue.length} blue tokens, the board has ${g.nBlue}`);
  if (new Set(squares).size !== squares.length) throw new RangeError("position: two tokens on one square");
  const tokens = new Array(g.tokens).fill(-1);
  spec.red.forEach((_, i) => {
    tokens[i] = squares[i];
  });
  spec.blue.forEach((_, i) => {
    tokens[g.nRed + i] = squares[spec.red.length + i];
  });
  const side = spec.side ?? "blue";
  const roll = spec.roll ?? 4;
  const idle = tokens.map((sq) => (sq >= 0 ? (spec.idle?.[g.name(sq)] ?? 0) : 0));
  const limit = side === "red" ? config.rules.redLockTurns : config.rules.blueLockTurns;
  const locked = tokens.map((sq, k) => ((k < g.nRed) === (side === "red") && sq >= 0 && idle[k] >= limit ? 1 : 0));
  return {
    rng: seedState(seed),
    config,
    turn: spec.turn ?? 1,
    side,
    roll,
    actionsLeft: spec.actionsLeft ?? roll,
    tokens,
    idle,
    moved: tokens.map(() => 0),
    locked,
    winner: null,
    reason: 0,
  };
}
