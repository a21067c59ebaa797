import { describe, expect, it } from "vitest";
import { play } from "../../src/core/game.js";
import { shove } from "../../src/rulesets/shove/game.js";
import { pos, run, squares, why } from "./helpers.js";

const FAR_BLUE = ["a8", "c8", "e8", "g8"];

describe("Shove set-up (SH-1, seed: Set-up)", () => {
  it("SH-1: the default board starts red on b3 d3 f3 and blue on a6 c6 e6 g6, blue first", () => {
    const s = shove.setup({}, 7);
    expect(squares(s, "red")).toEqual(["b3", "d3", "f3"]);
    expect(squares(s, "blue")).toEqual(["a6", "c6", "e6", "g6"]);
    expect(s.side).toBe("blue");
    expect(s.turn).toBe(1);
    expect(s.roll).toBeGreaterThanOrEqual(1);
    expect(s.roll).toBeLessThanOrEqual(4);
    expect(s.actionsLeft).toBe(s.roll);
  });
});

describe("Shove turn (SH-2, seed: Actions)", () => {
  it("SH-2: one D4 roll gives both sides the same number of actions, blue then red", () => {
    const s = shove.setup({}, 11);
    const afterBlue = run(s, "end");
    expect(afterBlue.side).toBe("red");
    expect(afterBlue.actionsLeft).toBe(s.roll);
    const afterRed = run(afterBlue, "end");
    expect(afterRed.turn).toBe(2);
    expect(afterRed.side).toBe("blue");
    expect(afterRed.actionsLeft).toBe(afterRed.roll);
  });

  it("SH-2: the turn passes on its own when the actions are used up, any token any number of times", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], roll: 3 });
    const t = run(s, "c6 down", "c5 down", "c4 right");
    expect(squares(t, "blue")).toEqual(["a6", "d4", "e6", "g6"]);
    expect(t.side).toBe("red");
    expect(t.actionsLeft).toBe(3);
  });
});

describe("Shove movement (seed: Movement)", () => {
  it("seed Movement: a token moves one square up, down, left or right for one action", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: FAR_BLUE, side: "red", roll: 4 });
    const t = run(s, "b3 up", "b4 right", "c4 down", "c3 left");
    expect(squares(t, "red")).toEqual(["b3", "d3", "f3"]);
  });

  it("seed Movement: no token moves onto or through another token", () => {
    const s = pos({ red: ["b3", "b4", "f3"], blue: FAR_BLUE, side: "red" });
    expect(why(s, "b3 up")).toMatch(/b4 is occupied/);
  });

  it("seed Movement: a token cannot step off the board, even across an open edge", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: FAR_BLUE });
    expect(why(s, "a8 left")).toMatch(/edge of the board/);
    expect(why(s, "a8 up")).toMatch(/edge of the board/);
  });

  it("seed Movement: diagonal moves are not decisions at all", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: FAR_BLUE });
    expect(why(s, "a8 up-right")).toMatch(/cannot read/);
    expect(shove.legalMoves(s, "blue").every((m) => /^(end|[a-g][1-8] (up|down|left|right))$/.test(m))).toBe(true);
  });

  it("seed Movement: it is a side's own tokens that it moves", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: FAR_BLUE });
    expect(why(s, "b3 up")).toMatch(/not blue's/);
    expect(why(s, "d5 up")).toMatch(/no token on d5/);
  });
});

describe("Shove pushing (SH-3, seed: Pushing)", () => {
  it("SH-3 chain push of three tokens: each takes the next one's square, the last goes two on", () => {
    const s = pos({ red: ["d2", "a1", "g1"], blue: ["d3", "d4", "d5", "g8"], side: "red" });
    const t = run(s, "push d3 from d2");
    expect(squares(t, "blue")).toEqual(["d4", "d5", "d7", "g8"]);
    expect(t.actionsLeft).toBe(3);
  });

  it("SH-3: a pushed token travels two squares straight away from the pusher", () => {
    const s = pos({ red: ["c3", "a1", "g1"], blue: ["d3", "a8", "c8", "g8"], side: "red" });
    expect(squares(run(s, "push d3 from c3"), "blue")).toEqual(["a8", "c8", "f3", "g8"]);
  });

  it("SH-3 push stopped by a wall: the row-8 wall stops the token after one square", () => {
    const s = pos({ red: ["d6", "a1", "g1"], blue: ["d7", "a4", "b5", "g4"], side: "red" });
    expect(squares(run(s, "push d7 from d6"), "blue")).toEqual(["a4", "b5", "d8", "g4"]);
  });

  it("SH-3: a red token in the way stops the pushed token", () => {
    const s = pos({ red: ["d3", "d6", "g1"], blue: ["d4", "a8", "c8", "g8"], side: "red" });
    expect(squares(run(s, "push d4 from d3"), "blue")).toEqual(["a8", "c8", "d5", "g8"]);
  });

  it("SH-3 push off an open edge: crossing the a-file edge removes the token", () => {
    const s = pos({ red: ["c4", "d3", "g1"], blue: ["b4", "c8", "e8", "g8"], side: "red" });
    const t = run(s, "push b4 from c4");
    expect(squares(t, "blue")).toEqual(["c8", "e8", "g8"]);
    const u = pos({ red: ["b5", "d3", "g1"], blue: ["a5", "c8", "e8", "g8"], side: "red" });
    expect(squares(run(u, "push a5 from b5"), "blue")).toEqual(["c8", "e8", "g8"]);
  });

  it("SH-3: a chain pushes its last token off an open edge", () => {
    const s = pos({ red: ["e4", "d2", "g1"], blue: ["d4", "c4", "g8", "a8"], side: "red" });
    // d4 pushed left into c4: c4 goes b4, a4; d4 takes c4.
    expect(squares(run(s, "push d4 from e4"), "blue")).toEqual(["a4", "a8", "c4", "g8"]);
    const t = pos({ red: ["d4", "d2", "g1"], blue: ["c4", "b4", "g8", "e8"], side: "red" });
    // c4 into b4: b4 goes to a4 then off the board; c4 takes b4.
    expect(squares(run(t, "push c4 from d4"), "blue")).toEqual(["b4", "e8", "g8"]);
  });

  it("SH-3: a blue token that cannot move at all leaves the pushed token short of it", () => {
    const s = pos({ red: ["d5", "a1", "g1"], blue: ["d6", "d8", "a4", "g4"], side: "red" });
    // d6 goes to d7; d8 against the wall cannot move, so d6 stops on d7.
    expect(squares(run(s, "push d6 from d5"), "blue")).toEqual(["a4", "d7", "d8", "g4"]);
  });

  it("SH-3 (option emptyPushes, default off): a push that moves nothing is refused", () => {
    const s = pos({ red: ["d7", "a1", "g1"], blue: ["d8", "a4", "c5", "g4"], side: "red" });
    expect(why(s, "push d8 from d7")).toMatch(/would move nothing/);
    const allowed = pos({ red: ["d7", "a1", "g1"], blue: ["d8", "a4", "c5", "g4"], side: "red" }, { rules: { emptyPushes: true } });
    const t = run(allowed, "push d8 from d7");
    expect(squares(t, "blue")).toEqual(["a4", "c5", "d8", "g4"]);
    expect(t.actionsLeft).toBe(3);
  });

  it("seed Pushing: only red pushes, and only a blue token it touches", () => {
    const s = pos({ red: ["d3", "a1", "g1"], blue: ["d4", "a8", "c8", "g8"] });
    expect(why(s, "push d3 from d4")).toMatch(/only red pushes/);
    const r = pos({ red: ["d3", "a1", "g1"], blue: ["d5", "a8", "c8", "g8"], side: "red" });
    expect(why(r, "push d5 from d3")).toMatch(/not next to/);
    expect(why(r, "push d4 from d3")).toMatch(/no blue token up of d3/);
  });

  it("seed Pushing: red may move and push in the same turn", () => {
    const s = pos({ red: ["d2", "a1", "g1"], blue: ["c4", "a8", "e8", "g8"], side: "red" });
    const t = run(s, "d2 up", "d3 up", "push c4 from d4");
    expect(squares(t, "blue")).toEqual(["a4", "a8", "e8", "g8"]);
  });
});

describe("Shove removal (SH-4, seed: Removing tokens)", () => {
  it("SH-4 two red tokens removed by one blue move", () => {
    const s = pos({ red: ["c4", "e4", "b1"], blue: ["c3", "e3", "d5", "g8"] });
    const t = run(s, "d5 down");
    expect(squares(t, "red")).toEqual(["b1"]);
  });

  it("SH-4: a red token that moves between two blue tokens is removed at once", () => {
    const s = pos({ red: ["d3", "a1", "g1"], blue: ["c4", "e4", "a8", "g8"], side: "red" });
    const t = run(s, "d3 up");
    expect(squares(t, "red")).toEqual(["a1", "g1"]);
  });

  it("SH-4: a push that brings a blue token next to a red one already touching blue removes it", () => {
    const s = pos({ red: ["d3", "c6", "g1"], blue: ["d4", "b6", "a8", "g8"], side: "red" });
    // d4 is pushed up to d6, next to c6, which already touches b6.
    const t = run(s, "push d4 from d3");
    expect(squares(t, "blue")).toEqual(["a8", "b6", "d6", "g8"]);
    expect(squares(t, "red")).toEqual(["d3", "g1"]);
  });

  it("SH-4: touching one blue token is safe", () => {
    const s = pos({ red: ["d3", "a1", "g1"], blue: ["c4", "a8", "e8", "g8"], side: "red" });
    expect(squares(run(s, "d3 up"), "red")).toEqual(["a1", "d4", "g1"]);
  });
});

describe("Shove required movement (SH-5)", () => {
  it("SH-5 a locked token blocking every other move: the refusal names the locked token", () => {
    const s = pos({ red: ["b3", "d4", "f3"], blue: FAR_BLUE, side: "red", idle: { b3: 4 } });
    expect(why(s, "d4 up")).toBe("d4 cannot move: b3 is locked, it has not moved for 4 turns and must move first (SH-5)");
    expect(shove.legalMoves(s, "red").sort()).toEqual(["b3 down", "b3 left", "b3 right", "b3 up", "end"]);
    const t = run(s, "b3 up");
    expect(why(t, "d4 up")).toBeNull();
  });

  it("SH-5: blue's limit is 3 turns, red's is 4", () => {
    const blue = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], idle: { a6: 3, c6: 2 } });
    expect(why(blue, "c6 down")).toMatch(/a6 is locked/);
    const red = pos({ red: ["b3", "d3", "f3"], blue: FAR_BLUE, side: "red", idle: { b3: 3 } });
    expect(why(red, "d3 up")).toBeNull();
  });

  it("SH-5: red may still push while a token is locked", () => {
    const s = pos({ red: ["b3", "d4", "f3"], blue: ["d5", "a8", "e8", "g8"], side: "red", idle: { b3: 4 } });
    expect(why(s, "push d5 from d4")).toBeNull();
    expect(squares(run(s, "push d5 from d4"), "blue")).toEqual(["a8", "d7", "e8", "g8"]);
  });

  it("SH-5: a locked token that cannot move stops every other move that turn", () => {
    const s = pos({ red: ["a1", "a2", "b1"], blue: FAR_BLUE, side: "red", idle: { a1: 4 } });
    expect(shove.legalMoves(s, "red")).toEqual(["end"]);
  });

  it("SH-5: the idle count grows each turn a token does not move, being pushed does not count", () => {
    let s = pos({ red: ["d4", "a1", "g1"], blue: ["d5", "a8", "e8", "g8"], roll: 1, idle: { d5: 2 } });
    s = run(s, "a8 down"); // d5 does not move: its third turn without moving
    s = run(s, "push d5 from d4"); // red pushes it to d7: not a move of its own
    expect(s.side).toBe("blue");
    const g = squares(s, "blue");
    expect(g).toContain("d7");
    expect(why(s, "e8 down")).toMatch(/d7 is locked, it has not moved for 3 turns/);
  });

  it("SH-5: with two locked tokens either may move first, the others wait for both", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: FAR_BLUE, side: "red", idle: { b3: 4, d3: 4 } });
    expect(why(s, "f3 up")).toMatch(/locked/);
    const t = run(s, "d3 up");
    expect(why(t, "f3 up")).toMatch(/b3 is locked/);
    expect(why(run(t, "b3 up"), "f3 up")).toBeNull();
  });
});

describe("Shove victory square (SH-6, seed: Victory Square)", () => {
  it("SH-6 a red move refused because it would close the path to the victory square", () => {
    const s = pos({ red: ["c1", "e1", "d3"], blue: ["a6", "c6", "e6", "g6"], side: "red" });
    expect(why(s, "d3 down")).toBe("red must leave blue an open path to the victory square (SH-6)");
    expect(shove.legalMoves(s, "red")).not.toContain("d3 down");
  });

  it("SH-6: red may pass through the victory square with an action left, and must leave it next", () => {
    const s = pos({ red: ["c1", "a4", "g4"], blue: ["a6", "c6", "e6", "g6"], side: "red", roll: 3 });
    const on = run(s, "c1 right");
    expect(squares(on, "red")).toContain("d1");
    expect(why(on, "end")).toMatch(/must leave it/);
    expect(why(on, "a4 up")).toMatch(/must leave it/);
    const off = run(on, "d1 right");
    expect(squares(off, "red")).toContain("e1");
    expect(why(off, "end")).toBeNull();
  });

  it("SH-6: red may not enter the victory square with its last action", () => {
    const s = pos({ red: ["c1", "a4", "g4"], blue: ["a6", "c6", "e6", "g6"], side: "red", roll: 2, actionsLeft: 1 });
    expect(why(s, "c1 right")).toMatch(/only with an action left/);
  });

  it("SH-6: a red token on the victory square may leave it even while another token is locked", () => {
    const s = pos({ red: ["c1", "a4", "g4"], blue: ["a6", "c6", "e6", "g6"], side: "red", roll: 4, idle: { c1: 4, a4: 4 } });
    const on = run(s, "c1 right");
    expect(why(on, "d1 up")).toBeNull();
  });
});

describe("Shove victory (SH-7, seed: Victory)", () => {
  it("SH-7: blue wins the moment a blue token reaches the victory square", () => {
    const s = pos({ red: ["b3", "f3", "a4"], blue: ["d2", "a8", "c8", "g8"], roll: 4 });
    const t = run(s, "d2 down");
    expect(t.winner).toBe("blue");
    expect(shove.result(t)?.reason).toMatch(/victory square/);
    expect(shove.legalMoves(t, "blue")).toEqual([]);
  });

  it("SH-7: blue wins when red pushes a blue token onto the victory square", () => {
    const s = pos({ red: ["d3", "a1", "g1"], blue: ["d2", "a8", "c8", "g8"], side: "red" });
    expect(run(s, "push d2 from d3").winner).toBe("blue");
  });

  it("SH-7: blue wins when no red token is left", () => {
    const s = pos({ red: ["d4"], blue: ["c4", "e5", "a8", "g8"] }, {});
    const t = run(s, "e5 down");
    expect(t.winner).toBe("blue");
    expect(shove.result(t)?.reason).toMatch(/every red token/);
  });

  it("SH-7: red wins when no blue token is left", () => {
    const s = pos({ red: ["b4", "d3", "f3"], blue: ["a4"], side: "red" });
    const t = run(s, "push a4 from b4");
    expect(t.winner).toBe("red");
    expect(shove.result(t)?.reason).toMatch(/every blue token/);
  });

  it("SH-7: red wins when the 10th turn ends", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], turn: 10, side: "red", roll: 2 });
    const t = run(s, "end");
    expect(t.winner).toBe("red");
    expect(shove.result(t)?.reason).toMatch(/within 10 turns/);
    const nine = run(pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], turn: 9, side: "red", roll: 2 }), "end");
    expect(nine.winner).toBeNull();
    expect(nine.turn).toBe(10);
  });

  it("SH-7 (option turnLimit): a shorter game ends after its last turn", () => {
    const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"], turn: 3, side: "red", roll: 2 }, { rules: { turnLimit: 3 } });
    expect(run(s, "end").winner).toBe("red");
  });

  it("no decision is taken after the game ends", () => {
    const s = pos({ red: ["b3", "f3", "a4"], blue: ["d2", "a8", "c8", "g8"], roll: 4 });
    const t = run(s, "d2 down");
    expect(() => play(shove, t, "red", "end")).toThrow(/over/);
  });
});

describe("Shove narration (events)", () => {
  it("SH-4: the event names the square where a red token was removed", () => {
    const s = pos({ red: ["d3", "a1", "g1"], blue: ["c4", "e4", "a8", "g8"], side: "red" });
    const { events } = play(shove, s, "red", "d3 up");
    expect(events.map((e) => e.text)).toContain("red token on d4 removed: it touches two blue tokens (SH-4)");
  });

  it("SH-3: pushes and pushes off the board are narrated", () => {
    const s = pos({ red: ["e4", "d2", "g1"], blue: ["d4", "c4", "g8", "b8"], side: "red" });
    const texts = play(shove, s, "red", "push d4 from e4").events.map((e) => e.text);
    expect(texts).toContain("blue token pushed from d4 to c4 (SH-3)");
    expect(texts).toContain("blue token pushed from c4 to a4 (SH-3)");
    const t = pos({ red: ["b5", "d3", "g1"], blue: ["a5", "c8", "e8", "g8"], side: "red" });
    expect(play(shove, t, "red", "push a5 from b5").events.map((e) => e.text)).toContain("blue token on a5 pushed off the board (SH-3)");
  });
});

describe("Shove decision notation (bad input is refused with the reason)", () => {
  const s = pos({ red: ["b3", "d3", "f3"], blue: ["a6", "c6", "e6", "g6"] });
  it("squares off the board, unknown words and unknown players are refused", () => {
    expect(why(s, "z9 up")).toMatch(/"z9" is not a square of this board \(a1 to g8\)/);
    expect(why(s, "c6 jump")).toMatch(/cannot read "c6 jump"/);
    expect(why(s, "push c6 from z1")).toMatch(/"z1" is not a square/);
    expect(shove.validate(s, "green", "c6 down")).toMatch(/unknown player "green"/);
    expect(shove.validate(s, "red", "b3 up")).toMatch(/it is blue's turn/);
  });

  it("short forms and capitals are read: C6 D, pass", () => {
    expect(why(s, "C6 D")).toBeNull();
    expect(why(s, "pass")).toBeNull();
    expect(squares(run(s, "C6 D"), "blue")).toContain("c5");
  });
});
