import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseAiSpec } from "../../src/cli/battle/ai.js";
import { battleGame } from "../../src/cli/battle/catalog.js";
import { narrate } from "../../src/cli/battle/narrative.js";
import { barLine, progressBar } from "../../src/cli/battle/progress.js";
import { type LoggedEvent, playGame } from "../../src/cli/battle/run.js";
import { dataPath } from "../../src/cli/battle/scenarios.js";
import { pig } from "../../src/core/fixtures/pig.js";
import { replay } from "../../src/core/game.js";
import { runCli } from "../helpers/cli.js";

function entry(id: string) {
  const e = battleGame(id);
  if (!e) throw new Error(`${id} is not in the catalog`);
  return e;
}

const dir = mkdtempSync(join(tmpdir(), "muster-battle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Exit code 2 and exactly one line on stderr, no stack trace. */
async function refused(args: string[], pattern: RegExp): Promise<void> {
  const r = await runCli(args);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^muster: [^\n]+\n$/);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  expect(r.stdout).toBe("");
}

describe("muster battle: narrative and outcome", () => {
  it("plays a game between computer players and prints its events and the outcome", async () => {
    const r = await runCli(["battle", "--game", "pig", "--seed", "3"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Pig: p1 random v p2 random; scenario target 50 (default); seed 3");
    // Every event text of the same game, in order, between the heading and the outcome.
    const played = playGame(entry("pig"), {}, {}, 3, { log: true });
    expect(lines.slice(1, -1)).toEqual(played.log.map((l) => l.event.text));
    expect(lines.at(-1)).toMatch(new RegExp(`^Outcome: ${played.result.winner} wins — ${played.result.reason}\\. ${played.summary.turns} turns; losses \\(points wiped out by a 1\\): p1 \\d+, p2 \\d+\\.$`));
  });

  it("the same seed gives the same battle; another seed another one", async () => {
    const a = await runCli(["battle", "--game", "pig", "--seed", "11"]);
    const b = await runCli(["battle", "--game", "pig", "--seed", "11"]);
    const c = await runCli(["battle", "--game", "pig", "--seed", "12"]);
    expect(a.stdout).toBe(b.stdout);
    expect(c.stdout).not.toBe(a.stdout);
  });

  it("groups events under turn headings (Shove turns) in increasing order", async () => {
    const r = await runCli(["battle", "--game", "shove", "--seed", "5"]);
    expect(r.code).toBe(0);
    const headings = r.stdout.split("\n").filter((l) => /^Turn \d+$/.test(l)).map((l) => Number(l.slice(5)));
    expect(headings[0]).toBe(1);
    expect(headings).toEqual([...headings].sort((x, y) => x - y));
    expect(new Set(headings).size).toBe(headings.length);
    // The D4 roll of a turn sits under that turn's heading (it carries its own turn field).
    const lines = r.stdout.split("\n");
    const i = lines.indexOf("Turn 2");
    expect(lines[i + 1]).toMatch(/^ {2}turn 2: the D4 shows \d/);
  });

  it("narrate: headings for turn and phase changes, events indented beneath", () => {
    const ev = (text: string) => ({ type: "x", text });
    const log: LoggedEvent[] = [
      { decision: 0, player: "red", turn: 1, phase: "initiative", event: ev("red wins the initiative") },
      { decision: 0, player: "red", turn: 1, phase: "initiative", event: ev("card: Five of hearts") },
      { decision: 1, player: "red", turn: 1, phase: "movement", event: ev("red moves") },
      { decision: 2, player: "black", turn: 2, phase: "movement", event: ev("black moves") },
    ];
    expect(narrate(log)).toEqual(["Turn 1", "  Initiative", "    red wins the initiative", "    card: Five of hearts", "  Movement", "    red moves", "Turn 2", "  Movement", "    black moves"]);
    expect(narrate([{ decision: 0, player: "p1", event: ev("p1 rolls 3") }])).toEqual(["p1 rolls 3"]);
    expect(narrate([{ decision: 0, player: "red", turn: 0, phase: "deployment", event: ev("red deploys") }])).toEqual(["Before the first turn", "  Deployment", "    red deploys"]);
  });

  it("--log json prints one JSON object per event and the outcome last", async () => {
    const r = await runCli(["battle", "--game", "shove", "--seed", "9", "--log", "json"]);
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    const last = rows.pop();
    expect(last).toMatchObject({ type: "outcome", game: "shove", seed: 9, players: { blue: "random", red: "random" } });
    expect(["blue", "red"]).toContain(last.winner);
    const played = playGame(entry("shove"), { board: undefined }, {}, 9, { log: true });
    expect(rows.map((e) => e.text)).toEqual(played.log.map((l) => l.event.text));
    for (const e of rows) {
      expect(typeof e.decision).toBe("number");
      expect(typeof e.turn).toBe("number");
      expect(typeof e.type).toBe("string");
    }
  });

  it("--red and --black choose the computer players; --side names any side", async () => {
    const r = await runCli(["battle", "--game", "shove", "--seed", "2", "--red", "mcts:20", "--side", "blue=random", "--log", "json"]);
    expect(r.code).toBe(0);
    const last = JSON.parse(r.stdout.trimEnd().split("\n").pop() ?? "null");
    expect(last.players).toEqual({ blue: "random", red: "mcts:20" });
  });

  it("--out saves a game record with a checkpoint per decision; it replays exactly", async () => {
    const file = join(dir, "sub", "pig.json");
    const r = await runCli(["battle", "--game", "pig", "--seed", "21", "--out", file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Game record saved to ${file}; check it with: muster replay ${file}`);
    const record = JSON.parse(readFileSync(file, "utf8"));
    expect(record).toMatchObject({ game: "pig", format: 1, seed: 21, options: {} });
    expect(record.checkpoints).toHaveLength(record.decisions.length);
    expect(record.decisions.length).toBeGreaterThan(0);
    expect(replay(pig, record).matches).toBe(true);
  });

  it("--list-ai lists the computer players", async () => {
    const r = await runCli(["battle", "--game", "pig", "--list-ai"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^random +picks uniformly/m);
    expect(r.stdout).toMatch(/^mcts +Monte Carlo/m);
  });

  it("default data is found from the package root, not the current folder", () => {
    expect(dataPath("shieldwall", "scenarios", "maldon-991.json")).toBe(join(process.cwd(), "data", "shieldwall", "scenarios", "maldon-991.json"));
  });
});

describe("muster battle: bad arguments are one line and exit code 2", () => {
  it("unknown --log format", () => refused(["battle", "--game", "pig", "--log", "xml"], /--log must be text or json, got "xml"/));
  it("unknown computer player", () => refused(["battle", "--game", "pig", "--side", "p1=genius"], /--side: unknown computer player "genius" for pig; expected one of random, mcts/));
  it("a side the game does not have", () => refused(["battle", "--game", "pig", "--black", "random"], /--black: Pig has no side "black"; its sides are p1, p2/));
  it("--side without =", () => refused(["battle", "--game", "pig", "--side", "p1"], /--side must be SIDE=AI/));
  it("the same side twice", () => refused(["battle", "--game", "pig", "--side", "p1=random", "--side", "p1=mcts"], /given twice/));
  it("bad mcts iterations", () => refused(["battle", "--game", "pig", "--side", "p1=mcts:lots"], /mcts:lots: iterations must be a whole number/));
  it("random takes no argument", () => refused(["battle", "--game", "pig", "--side", "p1=random:3"], /random takes no ":" argument/));
  it("unknown game", () => refused(["battle", "--game", "chess"], /--game: unknown game "chess"; expected one of pig, shove/));
  it("seed that is not a number", () => refused(["battle", "--game", "pig", "--seed", "abc"], /--seed must be a whole number, got "abc"/));
  it("unknown option", () => refused(["battle", "--game", "pig", "--bogus"], /unknown option '--bogus'/));
  it("missing scenario file", () => refused(["battle", "--game", "pig", "--scenario", join(dir, "nope.json")], /cannot read .*nope\.json: no such file/));
  it("scenario that is not JSON", () => {
    const f = join(dir, "bad.json");
    writeFileSync(f, "{ target: ");
    return refused(["battle", "--game", "pig", "--scenario", f], /bad\.json: not valid JSON/);
  });
  it("scenario with a bad field names it", () => {
    const f = join(dir, "zero.json");
    writeFileSync(f, JSON.stringify({ target: 0 }));
    return refused(["battle", "--game", "pig", "--scenario", f], /zero\.json: field target: target must be at least 1/);
  });
  it("--out into a place that cannot be written", () => {
    const blocker = join(dir, "file");
    writeFileSync(blocker, "x");
    return refused(["battle", "--game", "pig", "--seed", "1", "--out", join(blocker, "r.json")], /--out: cannot save the game record/);
  });
  it("parseAiSpec is case-insensitive in the name and keeps the argument", () => {
    expect(parseAiSpec(" MCTS:50 ", "pig", "--red")).toEqual({ name: "mcts", arg: "50" });
  });
});

describe("progress display", () => {
  it("a terminal gets a redrawn bar; the last draw shows the whole run", () => {
    let out = "";
    let t = 0;
    const bar = progressBar("sim", 10, { isTTY: true, columns: 100, write: (s) => (out += s) }, () => t);
    for (let i = 1; i <= 10; i++) {
      t += 50;
      bar.update(i);
    }
    bar.finish();
    expect(out.startsWith("\r")).toBe(true);
    expect(out).toContain("10/10 100%");
    expect(out.endsWith("\n")).toBe(true);
    expect(barLine("sim", 5, 10, 1, 10)).toBe("sim [#####-----] 5/10  50%  5.0/s  eta 1s");
  });

  it("a file or pipe gets a few plain lines, never carriage returns", () => {
    let out = "";
    let t = 0;
    const bar = progressBar("sim", 100, { isTTY: false, write: (s) => (out += s) }, () => t);
    for (let i = 1; i <= 100; i++) {
      t += 1000;
      bar.update(i);
    }
    bar.finish();
    const lines = out.trimEnd().split("\n");
    expect(out).not.toContain("\r");
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines.at(-1)).toMatch(/^sim: 100\/100 \(100%\) after 1m40s$/);
  });
});
