/**
 * The Shove simulator's fixed parts (sim.ts): sides, directions and action codes, the rule
 * options, refusal and win codes, and the board's neighbour tables (Geometry).
 */
import type { BoardSpec } from "./board.js";
import { squareName } from "./board.js";

export const BLUE = 0;
export const RED = 1;
export type Side = typeof BLUE | typeof RED;
export const SIDE_NAMES = ["blue", "red"] as const;

/** Directions: up = towards higher rows, down = towards row 1, left = towards file a. */
export const UP = 0;
export const DOWN = 1;
export const LEFT = 2;
export const RIGHT = 3;
export const DIR_NAMES = ["up", "down", "left", "right"] as const;

export const END = -1;
export const KIND_MOVE = 0;
export const KIND_PUSH = 1;
export const actionCode = (square: number, kind: number, dir: number): number => square * 8 + kind * 4 + dir;
export const actionSquare = (code: number): number => code >> 3;
export const actionKind = (code: number): number => (code >> 2) & 1;
export const actionDir = (code: number): number => code & 3;

/** Neighbour table values off the board. */
export const WALL = -1;
export const OPEN = -2;

/** Options of the rules (all named; defaults from the seed and rulings). */
export interface RuleOptions {
  /** SH-2 / SH-7: the game lasts this many turns (default 10). */
  turnLimit: number;
  /** SH-5: turns a red token may go without moving before it is locked (default 4). */
  redLockTurns: number;
  /** SH-5: the same for blue (default 3). */
  blueLockTurns: number;
  /** SH-3: squares a pushed token travels (default 2). */
  pushDistance: number;
  /**
   * Our decision (seed and rulings silent): may red spend an action on a push that moves nothing
   * (the blue token is against a wall or a red token)? Default false: such a push is refused.
   */
  emptyPushes: boolean;
}

export const DEFAULT_RULES: RuleOptions = Object.freeze({ turnLimit: 10, redLockTurns: 4, blueLockTurns: 3, pushDistance: 2, emptyPushes: false });

/** Why an action is refused (0 = legal). */
export const Refusal = {
  OK: 0,
  OVER: 1,
  NO_TOKEN: 2,
  NOT_YOURS: 3,
  MUST_LEAVE: 4,
  LOCKED: 5,
  EDGE: 6,
  OCCUPIED: 7,
  VICTORY_LAST: 8,
  BLUE_PUSH: 9,
  NO_TARGET: 10,
  NOTHING: 11,
  PATH: 12,
  AWAIT_ROLL: 13,
} as const;

/** How the game ended. */
export const WinReason = { NONE: 0, BLUE_ON_VICTORY: 1, NO_RED: 2, NO_BLUE: 3, TURN_LIMIT: 4 } as const;

/** The board's fixed geometry: neighbour table and sizes. */
export class Geometry {
  readonly width: number;
  readonly height: number;
  readonly cells: number;
  readonly victory: number;
  /** nb[square * 4 + dir]: the neighbouring square, or WALL / OPEN past an edge. */
  readonly nb: Int16Array;
  /** ring[square * 8 + i]: the 8 squares around, clockwise from above (N NE E SE S SW W NW), -1 off the board. */
  readonly ring: Int16Array;
  readonly nRed: number;
  readonly nBlue: number;
  readonly tokens: number;

  constructor(readonly board: BoardSpec) {
    const { width, height } = board;
    this.width = width;
    this.height = height;
    this.cells = width * height;
    this.victory = board.victory;
    this.nRed = board.red.length;
    this.nBlue = board.blue.length;
    this.tokens = this.nRed + this.nBlue;
    this.nb = new Int16Array(this.cells * 4);
    for (let sq = 0; sq < this.cells; sq++) {
      const col = sq % width;
      const row = Math.floor(sq / width);
      this.nb[sq * 4 + UP] = row + 1 < height ? sq + width : board.walls.top ? WALL : OPEN;
      this.nb[sq * 4 + DOWN] = row > 0 ? sq - width : board.walls.bottom ? WALL : OPEN;
      this.nb[sq * 4 + LEFT] = col > 0 ? sq - 1 : board.walls.left ? WALL : OPEN;
      this.nb[sq * 4 + RIGHT] = col + 1 < width ? sq + 1 : board.walls.right ? WALL : OPEN;
    }
    this.ring = new Int16Array(this.cells * 8);
    const at = (c: number, r: number) => (c >= 0 && c < width && r >= 0 && r < height ? r * width + c : -1);
    for (let sq = 0; sq < this.cells; sq++) {
      const c = sq % width;
      const r = Math.floor(sq / width);
      const around = [at(c, r + 1), at(c + 1, r + 1), at(c + 1, r), at(c + 1, r - 1), at(c, r - 1), at(c - 1, r - 1), at(c - 1, r), at(c - 1, r + 1)];
      this.ring.set(around, sq * 8);
    }
  }

  name(square: number): string {
    return squareName(this.board, square);
  }
}
