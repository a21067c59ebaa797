import { describe, expect, it } from "vitest";
import { renderBoard, renderStatus } from "../../src/rulesets/shove/render.js";
import { pos, run } from "./helpers.js";

describe("Shove screen (board diagram and status)", () => {
  it("the board shows coordinates, tokens, the victory square, walls and open edges", () => {
    const text = renderBoard(pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"] }));
    const lines = text.split("\n");
    expect(lines[0]).toBe("     a   b   c   d   e   f   g");
    expect(lines[1]).toMatch(/^ {4}=+$/);
    expect(lines).toContain(" 6 : B   .   B   .   B   .   B : 6");
    expect(lines).toContain(" 1 : .   .   .   *   .   .   . : 1");
  });

  it("SH-5: locked tokens are marked and listed with their idle turns, tokens about to lock are warned", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], side: "red", idle: { b3: 4, d3: 3, a6: 3 } });
    expect(renderBoard(s)).toContain(" 3 : .   R!  .   R   .   R   . : 3");
    const status = renderStatus(s);
    expect(status).toContain("Locked (SH-5, marked !): b3 (red, 4 turns without moving)");
    expect(status).toContain("Move this turn or be locked next turn (SH-5): d3");
    expect(status).toContain("Locked at blue's next turn (SH-5): a6");
    expect(renderStatus(run(s, "b3 up", "d3 up"))).not.toContain("Move this turn");
  });

  it("SH-7: the status names the winner and why", () => {
    const s = run(pos({ red: ["b3", "f3", "a4"], blue: ["d2", "a8", "c8", "g8"], roll: 4 }), "d2 down");
    expect(renderStatus(s)).toMatch(/Game over after turn 1: blue wins — blue reached the victory square \(SH-7\)\./);
  });
});

describe("issue 15: the Shove screen a newcomer reads", () => {
  it("SH-5: a locked token in the last column keeps the board's right border in its column", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], side: "blue", idle: { g6: 4 } });
    const lines = renderBoard(s).split("\n");
    expect(lines).toContain(" 6 : B   .   B   .   B   .   B!: 6");
    const rows = lines.filter((l) => /^ \d /.test(l));
    expect(new Set(rows.map((l) => l.length)).size).toBe(1);
    expect(new Set(rows.map((l) => l.slice(0, -2).search(/[:|] ?$/))).size).toBe(1);
  });
});
