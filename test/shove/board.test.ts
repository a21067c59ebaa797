import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BoardFormatError, DEFAULT_BOARD, formatBoard, parseBoard, parseSquare, squareName } from "../../src/rulesets/shove/board.js";
import { boardProblem } from "../../src/rulesets/shove/game.js";

describe("Shove boards (SH-1 and board files)", () => {
  it("SH-1: the default board is 7 × 8 with walls on rows 1 and 8, open a- and g-files, victory d1", () => {
    expect(DEFAULT_BOARD.width).toBe(7);
    expect(DEFAULT_BOARD.height).toBe(8);
    expect(DEFAULT_BOARD.walls).toEqual({ bottom: true, top: true, left: false, right: false });
    expect(squareName(DEFAULT_BOARD, DEFAULT_BOARD.victory)).toBe("d1");
    expect(DEFAULT_BOARD.red.map((s) => squareName(DEFAULT_BOARD, s))).toEqual(["b3", "d3", "f3"]);
    expect(DEFAULT_BOARD.blue.map((s) => squareName(DEFAULT_BOARD, s))).toEqual(["a6", "c6", "e6", "g6"]);
    expect(boardProblem(DEFAULT_BOARD)).toBeNull();
  });

  it("SH-1: the shipped default board file is the built-in board", () => {
    const file = parseBoard(readFileSync("data/shove/default.board", "utf8"));
    expect({ ...file, name: "" }).toEqual({ ...DEFAULT_BOARD, walls: { ...DEFAULT_BOARD.walls }, red: [...DEFAULT_BOARD.red], blue: [...DEFAULT_BOARD.blue], name: "" });
  });

  it("SH-1: every shipped board file is valid", () => {
    for (const f of ["default.board", "narrow.board", "walled.board"]) {
      const b = parseBoard(readFileSync(`data/shove/${f}`, "utf8"));
      expect(boardProblem(b)).toBeNull();
    }
  });

  it("board files round-trip through the text format", () => {
    const b = parseBoard(formatBoard(DEFAULT_BOARD));
    expect(formatBoard(b)).toBe(formatBoard(DEFAULT_BOARD));
  });

  it("square names: a1 is square 0, columns are letters, rows numbers", () => {
    expect(parseSquare(DEFAULT_BOARD, "a1")).toBe(0);
    expect(parseSquare(DEFAULT_BOARD, "g8")).toBe(55);
    expect(parseSquare(DEFAULT_BOARD, "h1")).toBeNull();
    expect(parseSquare(DEFAULT_BOARD, "a9")).toBeNull();
  });

  const bad: [string, string, RegExp][] = [
    ["no walls line", "3 . B .\n2 . . .\n1 R V .\n", /missing "walls:"/],
    ["unknown edge", "walls: bottom north\n2 B .\n1 R V\n", /line 1: walls: unknown edge "north"/],
    ["short row", "walls: none\n3 . B .\n2 . .\n1 R V .\n", /line 3: row 2 has 2 squares, expected 3/],
    ["rows out of order", "walls: none\n3 . B .\n1 . . .\n2 R V .\n", /line 3: row number 1 out of order/],
    ["unknown symbol", "walls: none\n2 . B X\n1 R V .\n", /line 2: square c2: unknown symbol "X"/],
    ["two victory squares", "walls: none\n2 V B .\n1 R V .\n", /second victory square at b1/],
    ["no victory square", "walls: none\n2 . B .\n1 R . .\n", /no victory square/],
    ["no red", "walls: none\n2 . B .\n1 . V .\n", /red needs at least one start square/],
    ["header after grid", "walls: none\n2 . B .\nname: late\n1 R V .\n", /line 3: header "name" must come before the grid/],
    ["wrong letter line", "walls: none\n2 . B .\n1 R V .\n  a b d\n", /line 4: letter line should read "a b c"/],
    ["garbage", "walls: none\nhello\n", /line 2: expected a header/],
  ];
  for (const [what, text, message] of bad) {
    it(`a bad board file is refused with the line or field: ${what}`, () => {
      expect(() => parseBoard(text)).toThrow(BoardFormatError);
      expect(() => parseBoard(text)).toThrow(message);
    });
  }

  it("SH-4 SH-6: a board whose start breaks the rules is refused", () => {
    const touching = parseBoard("walls: none\n3 B R B\n2 . . .\n1 . V .\n");
    expect(boardProblem(touching)).toMatch(/touches two blue tokens \(SH-4\)/);
    const closed = parseBoard("walls: bottom top left right\n3 B B B\n2 R R R\n1 . V .\n");
    expect(boardProblem(closed)).toMatch(/no open path .* \(SH-6\)/);
  });
});
