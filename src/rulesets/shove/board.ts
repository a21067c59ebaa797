/**
 * Shove boards: the plain board description, the built-in default board (ruling SH-1, a house
 * rule: the printed board picture is missing), square names, and the text board-file format
 * (documented in docs/shove.md). Pure: parsing takes a string and throws {@link BoardFormatError}
 * naming the line or field.
 */

export type Edge = "bottom" | "top" | "left" | "right";
export const EDGES: readonly Edge[] = ["bottom", "top", "left", "right"];

/** A board as plain data. Squares are numbered `(row - 1) * width + column` (column a = 0). */
export interface BoardSpec {
  name: string;
  width: number;
  height: number;
  /** Which outer edges have a wall; the others are open (a token pushed across leaves the board). */
  walls: Record<Edge, boolean>;
  /** Red's start squares. */
  red: number[];
  /** Blue's start squares. */
  blue: number[];
  victory: number;
}

export const MAX_WIDTH = 26;
export const MAX_HEIGHT = 26;
export const MAX_TOKENS_PER_SIDE = 8;

/** ruling SH-1 (house rule): 7 columns a–g by 8 rows, victory square d1, walls along rows 1 and 8. */
export const DEFAULT_BOARD: BoardSpec = Object.freeze({
  name: "default (SH-1, house rule)",
  width: 7,
  height: 8,
  walls: Object.freeze({ bottom: true, top: true, left: false, right: false }) as Record<Edge, boolean>,
  red: Object.freeze([1 + 2 * 7, 3 + 2 * 7, 5 + 2 * 7]) as number[], // b3 d3 f3
  blue: Object.freeze([0 + 5 * 7, 2 + 5 * 7, 4 + 5 * 7, 6 + 5 * 7]) as number[], // a6 c6 e6 g6
  victory: 3, // d1
}) as BoardSpec;

export class BoardFormatError extends Error {
  override name = "BoardFormatError";
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
  }
}

export function columnLetter(col: number): string {
  return String.fromCharCode(97 + col);
}

export function squareName(board: { width: number }, square: number): string {
  const col = square % board.width;
  const row = Math.floor(square / board.width) + 1;
  return `${columnLetter(col)}${row}`;
}

/** The square for a name like "d4", or null when it is not a square of the board. */
export function parseSquare(board: { width: number; height: number }, text: string): number | null {
  const m = /^([a-z])(\d{1,2})$/.exec(text.trim().toLowerCase());
  if (!m) return null;
  const col = m[1].charCodeAt(0) - 97;
  const row = Number(m[2]);
  if (col >= board.width || row < 1 || row > board.height) return null;
  return (row - 1) * board.width + col;
}

/** Checks a board's shape and start squares (not the rules of the start position; see the game). */
export function checkBoardShape(b: BoardSpec): string | null {
  if (!Number.isInteger(b.width) || b.width < 2 || b.width > MAX_WIDTH) return `width must be a whole number from 2 to ${MAX_WIDTH}, got ${b.width}`;
  if (!Number.isInteger(b.height) || b.height < 2 || b.height > MAX_HEIGHT) return `height must be a whole number from 2 to ${MAX_HEIGHT}, got ${b.height}`;
  const n = b.width * b.height;
  const seen = new Set<number>();
  const inRange = (sq: number) => Number.isInteger(sq) && sq >= 0 && sq < n;
  if (!inRange(b.victory)) return "victory square is off the board";
  for (const [side, list] of [["red", b.red], ["blue", b.blue]] as const) {
    if (list.length < 1) return `${side} needs at least one start square`;
    if (list.length > MAX_TOKENS_PER_SIDE) return `${side} has ${list.length} start squares; at most ${MAX_TOKENS_PER_SIDE}`;
    for (const sq of list) {
      if (!inRange(sq)) return `${side} start square ${sq} is off the board`;
      if (sq === b.victory) return `${side} start square ${squareName(b, sq)} is the victory square (SH-6, SH-7)`;
      if (seen.has(sq)) return `start square ${squareName(b, sq)} is used twice`;
      seen.add(sq);
    }
  }
  return null;
}

/**
 * Parses the text board format:
 *
 * ```
 * # comment
 * name: my board
 * walls: bottom top
 * 8 . . . . . . .
 * …
 * 1 . . . V . . .
 *   a b c d e f g
 * ```
 *
 * Grid lines start with their row number, highest row first, down to row 1; squares are `.`
 * (empty), `R` (red start), `B` (blue start) or `V` (the victory square), separated by spaces.
 * The letter line under the grid is optional.
 */
export function parseBoard(text: string): BoardSpec {
  const lines = text.split(/\r?\n/);
  let name = "custom board";
  let walls: Record<Edge, boolean> | null = null;
  const rows: { row: number; cells: string[]; line: number }[] = [];
  let letters = false;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i].replace(/#.*$/, "").trim();
    if (raw === "") continue;
    const header = /^([a-zA-Z]+)\s*:\s*(.*)$/.exec(raw);
    if (header) {
      if (rows.length > 0) throw new BoardFormatError(`header "${header[1]}" must come before the grid`, lineNo);
      const key = header[1].toLowerCase();
      const value = header[2].trim();
      if (key === "name") {
        if (value === "") throw new BoardFormatError("name is empty", lineNo);
        name = value;
      } else if (key === "walls") {
        walls = { bottom: false, top: false, left: false, right: false };
        const words = value.toLowerCase().split(/[\s,]+/).filter((w) => w !== "");
        if (words.length === 0) throw new BoardFormatError('walls: list the walled edges (bottom, top, left, right) or "none"', lineNo);
        for (const w of words) {
          if (w === "none" && words.length === 1) continue;
          if (!(EDGES as readonly string[]).includes(w)) throw new BoardFormatError(`walls: unknown edge "${w}"; expected bottom, top, left, right or none`, lineNo);
          walls[w as Edge] = true;
        }
      } else {
        throw new BoardFormatError(`unknown header "${header[1]}"; expected name or walls`, lineNo);
      }
      continue;
    }
    if (letters) throw new BoardFormatError("nothing may follow the letter line", lineNo);
    const parts = raw.split(/\s+/);
    if (/^\d+$/.test(parts[0])) {
      rows.push({ row: Number(parts[0]), cells: parts.slice(1), line: lineNo });
      continue;
    }
    if (parts.every((p) => /^[a-z]$/.test(p)) && rows.length > 0) {
      const expected = rows[0].cells.map((_, c) => columnLetter(c));
      if (parts.join(" ") !== expected.join(" ")) throw new BoardFormatError(`letter line should read "${expected.join(" ")}"`, lineNo);
      letters = true;
      continue;
    }
    throw new BoardFormatError(`expected a header (name:, walls:) or a grid row starting with its row number, got "${raw}"`, lineNo);
  }
  if (walls === null) throw new BoardFormatError('missing "walls:" header (field walls)');
  if (rows.length === 0) throw new BoardFormatError("no grid rows (field grid)");
  const height = rows.length;
  const width = rows[0].cells.length;
  if (width < 2 || width > MAX_WIDTH) throw new BoardFormatError(`the grid must be 2 to ${MAX_WIDTH} squares wide, got ${width}`, rows[0].line);
  if (height < 2 || height > MAX_HEIGHT) throw new BoardFormatError(`the grid must have 2 to ${MAX_HEIGHT} rows, got ${height}`);
  const red: number[] = [];
  const blue: number[] = [];
  let victory = -1;
  rows.forEach((r, i) => {
    const expectedRow = height - i;
    if (r.row !== expectedRow) throw new BoardFormatError(`row number ${r.row} out of order: expected ${expectedRow} (highest row first, down to 1)`, r.line);
    if (r.cells.length !== width) throw new BoardFormatError(`row ${r.row} has ${r.cells.length} squares, expected ${width}`, r.line);
    r.cells.forEach((cell, col) => {
      const sq = (r.row - 1) * width + col;
      const where = `${columnLetter(col)}${r.row}`;
      if (cell === ".") return;
      if (cell === "R") red.push(sq);
      else if (cell === "B") blue.push(sq);
      else if (cell === "V") {
        if (victory >= 0) throw new BoardFormatError(`second victory square at ${where}; a board has exactly one`, r.line);
        victory = sq;
      } else throw new BoardFormatError(`square ${where}: unknown symbol "${cell}"; expected . R B or V`, r.line);
    });
  });
  if (victory < 0) throw new BoardFormatError("no victory square (V) on the grid (field victory)");
  red.sort((a, b) => a - b);
  blue.sort((a, b) => a - b);
  const spec: BoardSpec = { name, width, height, walls, red, blue, victory };
  const problem = checkBoardShape(spec);
  if (problem) throw new BoardFormatError(problem);
  return spec;
}

/** The board in the text format (parseBoard(formatBoard(b)) equals b). */
export function formatBoard(b: BoardSpec): string {
  const walled = EDGES.filter((e) => b.walls[e]);
  const out = [`name: ${b.name}`, `walls: ${walled.length ? walled.join(" ") : "none"}`];
  const pad = String(b.height).length;
  for (let row = b.height; row >= 1; row--) {
    const cells: string[] = [];
    for (let col = 0; col < b.width; col++) {
      const sq = (row - 1) * b.width + col;
      cells.push(b.red.includes(sq) ? "R" : b.blue.includes(sq) ? "B" : sq === b.victory ? "V" : ".");
    }
    out.push(`${String(row).padStart(pad)} ${cells.join(" ")}`);
  }
  out.push(`${" ".repeat(pad)} ${Array.from({ length: b.width }, (_, c) => columnLetter(c)).join(" ")}`);
  return `${out.join("\n")}\n`;
}
