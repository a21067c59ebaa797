import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { captureStdio, scratchFiles } from "../helpers/cli.js";
import { runPlay } from "../../src/cli/shove/play.js";
import { shove } from "../../src/rulesets/shove/game.js";

const io = captureStdio();
const { dir, file } = scratchFiles("muster-shove-");
const run = (...args: string[]) => main(["node", "muster", ...args]);

const human = { kind: "human" } as const;

describe("muster shove play (terminal)", () => {
  it("shows the board with coordinates, the roll, actions left and locks; refuses bad input and re-prompts", async () => {
    let text = "";
    const summary = await runPlay({ options: {}, seed: 3, blue: human, red: human }, ["b3 up", "c6 sideways", "c6 down", "help", "end"], (s) => {
      text += s;
    });
    expect(text).toContain("     a   b   c   d   e   f   g");
    expect(text).toMatch(/ 6 : B {3}\. {3}B/);
    expect(text).toMatch(/Turn 1 of 10 · the D4 shows \d · blue to act, \d actions? left/);
    expect(text).toContain("Locked (SH-5): none");
    expect(text).toContain("Refused: the token on b3 is not blue's.");
    expect(text).toContain('Refused: cannot read "c6 sideways"');
    expect(text).toContain("push d4 from d3");
    expect(text).toMatch(/red, \d actions? left \(e\.g\. [a-g]\d (up|down|left|right)|red, \d actions? left \(e\.g\. push/);
    expect(text).toMatch(/blue, \d actions? left \(e\.g\. [a-g]\d (up|down|left|right), end, undo, help\)> /);
    expect(summary.finished).toBe(false);
    expect(summary.record.decisions.map((d) => d.move)).toEqual(["c6 down", "end"].slice(0, summary.record.decisions.length));
  });

  it("undo takes back your own actions within your turn only", async () => {
    let text = "";
    let seed = 1;
    while (shove.setup({}, seed).roll < 3) seed++;
    const summary = await runPlay({ options: {}, seed, blue: human, red: human }, ["undo", "c6 down", "c5 down", "undo", "undo", "undo", "E6 D"], (s) => {
      text += s;
    });
    expect(text).toContain("Nothing to undo: you have taken no action this turn.");
    expect(text.match(/Undone\./g)?.length).toBe(2);
    expect(summary.record.decisions[0].move).toBe("e6 down");
  });

  it("a whole game between computer players from the command line saves a record that replays (SH-7)", async () => {
    const rec = join(dir, "game.json");
    expect(await run("--seed", "5", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", rec)).toBe(0);
    expect(io.out).toMatch(/Game over after turn \d+: (red|blue) wins/);
    expect(io.out).toContain(`Game record saved to ${rec}`);
    io.out = "";
    expect(await run("shove", "replay", rec)).toBe(0);
    expect(io.out).toMatch(/Verified: \d+ decisions re-played from seed 5; the final state hash matches\./);
    io.out = "";
    expect(await run("--json", "shove", "replay", rec)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.verified).toBe(true);
    expect(j.finished).toBe(true);
  });

  it("replay refuses a record whose decision is illegal, naming the decision and the rule (exit 1, as muster replay)", async () => {
    const rec = join(dir, "g2.json");
    await run("--seed", "6", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", rec);
    const record = JSON.parse(readFileSync(rec, "utf8"));
    record.decisions[0].move = "b3 up";
    const bad = file("tampered.json", record);
    io.err = "";
    expect(await run("shove", "replay", bad)).toBe(1);
    expect(io.err).toMatch(/the replay diverges at decision 0 \(blue: b3 up\): the token on b3 is not blue's/);
    const hash = JSON.parse(readFileSync(rec, "utf8"));
    hash.finalHash = "0000000000000000";
    delete hash.checkpoints;
    io.err = "";
    expect(await run("shove", "replay", file("hash.json", hash))).toBe(1);
    expect(io.err).toMatch(/the replay diverges: the final state hashes to [0-9a-f]{16}, the record says 0000000000000000/);
  });

  it("bad record files: not JSON, wrong game, bad board inside → exit 2 with the field", async () => {
    expect(await run("shove", "replay", file("x.json", "{ nope"))).toBe(2);
    expect(io.err).toMatch(/not valid JSON/);
    io.err = "";
    expect(await run("shove", "replay", file("y.json", { game: "pig", format: 1, options: {}, seed: 1, decisions: [], finalHash: "" }))).toBe(2);
    expect(io.err).toMatch(/field game: game must be "shove"/);
    io.err = "";
    const board = { name: "b", width: 3, height: 2, walls: { bottom: true, top: true, left: true, right: true }, red: [1], blue: [0, 2], victory: 4 };
    expect(await run("shove", "replay", file("z.json", { game: "shove", format: 1, options: { board }, seed: 1, decisions: [], finalHash: "" }))).toBe(2);
    expect(io.err).toMatch(/field options.board: red start square b1 touches two blue tokens \(SH-4\)/);
    io.err = "";
    expect(await run("shove", "replay", join(dir, "missing.json"))).toBe(2);
    expect(io.err).toMatch(/no such file/);
  });
});

describe("muster shove: board files and arguments", () => {
  it("SH-1: shove board shows the default board, labelled a house rule", async () => {
    expect(await run("shove", "board")).toBe(0);
    expect(io.out).toMatch(/default \(SH-1, house rule\) — default board: ruling SH-1, a house rule/);
    expect(io.out).toContain("walls: bottom top");
  });

  it("a bad board file is refused with its line (exit 2, one line, no stack trace)", async () => {
    const f = file("bad.board", "walls: bottom top\n2 . B\n1 R V .\n");
    expect(await run("shove", "board", f)).toBe(2);
    expect(io.err).toBe(`muster: ${f}: line 3: row 1 has 3 squares, expected 2\n`);
    io.err = "";
    expect(await run("shove", "play", "--board", f, "--blue", "ai:random", "--red", "ai:random")).toBe(2);
    expect(io.err).toMatch(/line 3/);
  });

  it("bad arguments exit 2 with a clear message", async () => {
    expect(await run("shove", "play", "--red", "robot")).toBe(2);
    expect(io.err).toMatch(/--red must be human, ai, ai:LEVEL/);
    io.err = "";
    expect(await run("shove", "play", "--blue", "ai:genius")).toBe(2);
    expect(io.err).toMatch(/unknown computer level "genius"/);
    io.err = "";
    expect(await run("shove", "balance", "--games", "many")).toBe(2);
    expect(io.err).toMatch(/--games must be a whole number/);
    io.err = "";
    expect(await run("shove", "balance")).toBe(2);
    expect(io.err).toMatch(/--games/);
    io.err = "";
    expect(await run("shove", "solve", "--turns-left", "0")).toBe(2);
    expect(io.err).toMatch(/--turns-left must be between 1 and 10/);
    io.err = "";
    expect(await run("shove", "tournament", "--a", "mcts", "--b", "oracle", "--games", "2")).toBe(2);
    expect(io.err).toMatch(/unknown computer level "oracle"/);
  });
});

describe("muster shove solve, balance and tournament", () => {
  it("solve reports exact fractions per depth and how far it reached (SH-7)", async () => {
    expect(await run("shove", "solve", "--turns-left", "3", "--max-nodes", "20000")).toBe(0);
    expect(io.out).toMatch(/1 turn left: P\(blue wins\) = 0 ≈ 0\.000000/);
    expect(io.out).toMatch(/2 turns left: P\(blue wins\) = 0 ≈ 0\.000000/);
    expect(io.out).toMatch(/Solved with up to 2 turns left; 3 turns left stopped at the node budget/);
    expect(io.out).toMatch(/nodes\/s/);
  });

  it("solve --position solves the end of a record; --json gives fractions", async () => {
    const summary = await runPlay({ options: {}, seed: 9, blue: human, red: human }, ["c6 down"], () => {});
    const rec = file("p.json", summary.record);
    expect(await run("--json", "shove", "solve", "--position", rec, "--turns-left", "1")).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.solvedUpTo).toBe(1);
    expect(j.steps[0].blueWins.fraction).toMatch(/^\d+(\/\d+)?$/);
    io.err = "";
    expect(await run("shove", "solve", "--position", rec, "--board", "data/shove/narrow.board")).toBe(2);
    expect(io.err).toMatch(/do not mix/);
  });

  it("balance prints win rates with 95% confidence intervals", async () => {
    expect(await run("--seed", "2", "shove", "balance", "--games", "6", "--level", "random")).toBe(0);
    expect(io.out).toMatch(/blue wins \d+ \([\d.]+%, 95% CI [\d.]+%–[\d.]+%\), red wins \d+/);
    io.out = "";
    expect(await run("--json", "--seed", "2", "shove", "balance", "--games", "6", "--level", "random", "--board", "data/shove/narrow.board")).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.blueWins + j.redWins).toBe(6);
    expect(j.board).toBe("narrow");
  });

  it("tournament plays both ways and reports each side's rate with its interval", async () => {
    expect(await run("--json", "--seed", "4", "shove", "tournament", "--a", "random", "--b", "random", "--games", "3")).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.gamesEachWay).toBe(3);
    expect(j.aOverall.wins).toBe(j.aAsBlue.wins + j.aAsRed.wins);
    expect(j.aOverall.ci95[0]).toBeLessThanOrEqual(j.aOverall.rate);
    expect(j.aOverall.ci95[1]).toBeGreaterThanOrEqual(j.aOverall.rate);
  });
});

describe("muster shove options", () => {
  it("SH-7 (option turnLimit): --turns shortens the game and the record keeps it for replay", async () => {
    const rec = join(dir, "short.json");
    expect(await run("--seed", "12", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--turns", "2", "--out", rec)).toBe(0);
    expect(io.out).toMatch(/Game over after turn [12]:/);
    const record = JSON.parse(readFileSync(rec, "utf8"));
    expect(record.options.rules.turnLimit).toBe(2);
    io.out = "";
    expect(await run("shove", "replay", rec)).toBe(0);
    expect(io.out).toContain("Verified");
    io.err = "";
    expect(await run("shove", "play", "--turns", "0", "--blue", "ai:random", "--red", "ai:random")).toBe(2);
    expect(io.err).toMatch(/--turns must be between 1 and 50/);
  });
});
