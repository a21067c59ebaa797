import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { battleGame, registerBattleGame } from "../../src/cli/battle/catalog.js";
import { simText } from "../../src/cli/battle/index.js";
import { playGame } from "../../src/cli/battle/run.js";
import { dataPath, loadScenario } from "../../src/cli/battle/scenarios.js";
import { SHIELDWALL_BATTLE_ID } from "../../src/rulesets/shieldwall/battle/index.js";
import { aggregate, type GameOutcome, playIndexed, runSim, type SimReport } from "../../src/cli/battle/sim.js";
import { deriveSeed } from "../../src/core/records.js";
import { wilsonInterval } from "../../src/core/stats.js";
import { runCli } from "../helpers/cli.js";

// Worker threads run compiled JavaScript. Compile the worker and what it imports into a private
// folder (not dist/, which other builds may be rewriting), so the test runs today's sources.
const out = join(process.cwd(), "node_modules", ".cache", `muster-sim-test-${process.pid}`);
let workerUrl: URL;

beforeAll(() => {
  mkdirSync(out, { recursive: true });
  const tsc = join(process.cwd(), "node_modules", "typescript", "bin", "tsc");
  // Transpile only (--noCheck): type checking is `npm run typecheck`'s job, and this must not
  // fail on a type error in work in progress elsewhere.
  const flags = ["--noCheck", "--outDir", out, "--rootDir", ".", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--target", "ES2022", "--skipLibCheck", "--types", "node"];
  execFileSync(process.execPath, [tsc, ...flags, "src/cli/battle/sim-worker.ts"], { stdio: "pipe" });
  const file = join(out, "src", "cli", "battle", "sim-worker.js");
  expect(existsSync(file)).toBe(true);
  workerUrl = pathToFileURL(file);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The report without anything that may differ between runs of the same simulation. */
function stable(r: SimReport): SimReport {
  return JSON.parse(JSON.stringify(r));
}

describe("muster sim: results do not depend on the number of worker threads (C-2)", () => {
  it("C-2: Pig, 60 games: this thread, 1, 2 and 3 workers give identical reports", async () => {
    const spec = { gameId: "pig", options: { target: 30 }, players: {}, games: 60, seed: 77 };
    const here = await runSim({ ...spec, workers: 0 }, true);
    for (const workers of [1, 2, 3]) {
      const threaded = await runSim({ ...spec, workers, workerUrl }, true);
      expect(stable(threaded)).toEqual(stable(here));
    }
    expect(here.outcomes?.map((o) => o.index)).toEqual([...Array(60).keys()]);
  });

  it("C-2: Pig, 45 games on 2 and 3 workers: one, two or three batches in flight per thread, this thread playing too or not, give the report of this thread", async () => {
    const spec = { gameId: "pig", options: { target: 30 }, players: {}, games: 45, seed: 5 };
    const here = await runSim({ ...spec, workers: 0 }, true);
    for (const workers of [2, 3])
      for (const batchesInFlight of [1, 2, 3])
        for (const mainThreadPlays of [true, false]) {
          const threaded = await runSim({ ...spec, workers, workerUrl, batchesInFlight, mainThreadPlays }, true);
          expect(stable(threaded)).toEqual(stable(here));
        }
  });

  it("C-2: Shove with an MCTS side, 6 games: 2 workers equal this thread", async () => {
    const spec = { gameId: "shove", options: {}, players: { red: { name: "mcts", arg: "4" } }, games: 6, seed: 5 };
    const here = await runSim({ ...spec, workers: 0 });
    const two = await runSim({ ...spec, workers: 2, workerUrl });
    expect(stable(two)).toEqual(stable(here));
    expect(here.players).toEqual({ blue: "random", red: "mcts:4" });
  });

  it("C-2: Shieldwall battle (raid scenario), 3 games: 2 workers equal this thread", async () => {
    const options = loadScenario(SHIELDWALL_BATTLE_ID, dataPath("shieldwall", "scenarios", "raid.json")).options;
    const spec = { gameId: "shieldwall-battle", options, players: {}, games: 3, seed: 12 };
    const here = await runSim({ ...spec, workers: 0 }, true);
    const two = await runSim({ ...spec, workers: 2, workerUrl }, true);
    expect(stable(two)).toEqual(stable(here));
    expect(here.lossUnit).toBe("stands");
    expect(here.wins.red.count + here.wins.black.count + here.draws.count).toBe(3);
  });

  it("progress is reported for every game, ending at the total", async () => {
    const seen: number[] = [];
    await runSim({ gameId: "pig", options: {}, players: {}, games: 25, seed: 1, workers: 2, workerUrl, onProgress: (d, t) => seen.push(d * 1000 + t) });
    expect(seen).toEqual([...Array(25).keys()].map((i) => (i + 1) * 1000 + 25));
  });
});

describe("sim statistics", () => {
  const found = battleGame("pig");
  if (!found) throw new Error("pig is not in the catalog");
  const entry = found;
  const outcomes: GameOutcome[] = [...Array(40).keys()].map((i) => playIndexed(entry, {}, {}, 9, i));

  it("game i has seed deriveSeed(seed, i) and is the game muster battle plays with that seed", () => {
    for (const o of outcomes.slice(0, 5)) {
      expect(o.seed).toBe(deriveSeed(9, o.index));
      const g = playGame(entry, {}, {}, o.seed);
      expect([g.result.winner, g.summary.turns, g.summary.losses, g.decisionCount]).toEqual([o.winner, o.turns, o.losses, o.decisions]);
    }
  });

  it("counts, Wilson intervals and means follow from the outcomes, in any arrival order", () => {
    const r = aggregate(entry, { players: {}, seed: 9 }, outcomes);
    const p1 = outcomes.filter((o) => o.winner === "p1").length;
    expect(r.games).toBe(40);
    expect(r.wins.p1.count).toBe(p1);
    expect(r.wins.p2.count + r.wins.p1.count + r.draws.count).toBe(40);
    expect(r.wins.p1.rate).toBe(p1 / 40);
    expect(r.wins.p1.ci95).toEqual(wilsonInterval(p1, 40));
    expect(r.turns.mean).toBeCloseTo(outcomes.reduce((a, o) => a + o.turns, 0) / 40, 10);
    expect(r.turns.min).toBe(Math.min(...outcomes.map((o) => o.turns)));
    expect(r.losses.p2.mean).toBeCloseTo(outcomes.reduce((a, o) => a + o.losses.p2, 0) / 40, 10);
    expect(r.endings).toEqual([{ ending: "reached the target", count: 40 }]);
    const shuffled = [...outcomes].reverse();
    shuffled.push(shuffled.splice(3, 1)[0]);
    expect(aggregate(entry, { players: {}, seed: 9 }, shuffled)).toEqual(r);
  });
});

describe("muster sim on the command line", () => {
  it("prints win and draw rates with 95% confidence intervals, turns and losses", async () => {
    const r = await runCli(["sim", "--game", "pig", "--games", "30", "--workers", "0", "--seed", "4", "--no-progress"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const rep = await runSim({ gameId: "pig", options: {}, players: {}, games: 30, seed: 4, workers: 0 });
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    expect(r.stdout).toMatch(/^Pig: 30 games, p1: random, p2: random; scenario target 50 \(default\); seed 4; this thread; [\d.]+ s$/m);
    expect(r.stdout).toContain(`p1 wins`);
    expect(r.stdout).toContain(`${pct(rep.wins.p1.rate)}  (95% CI ${pct(rep.wins.p1.ci95.low)}–${pct(rep.wins.p1.ci95.high)}, Wilson)`);
    expect(r.stdout).toMatch(/draws +0 +0\.0% +\(95% CI 0\.0%–11\.4%, Wilson\)/);
    expect(r.stdout).toContain(`turns          mean ${rep.turns.mean.toFixed(2)} (standard error ${rep.turns.se.toFixed(3)}`);
    expect(r.stdout).toContain(`p1 losses      mean ${rep.losses.p1.mean.toFixed(2)} points wiped out by a 1`);
  });

  it("--json gives the report; --per-game lists each game's seed", async () => {
    const r = await runCli(["--json", "sim", "--game", "pig", "--games", "8", "--workers", "0", "--seed", "4", "--per-game"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ game: "pig", games: 8, seed: 4, workers: 0, players: { p1: "random", p2: "random" } });
    expect(j.outcomes.map((o: GameOutcome) => o.seed)).toEqual([...Array(8).keys()].map((i) => deriveSeed(4, i)));
    expect(typeof j.seconds).toBe("number");
  });

  it("bad arguments are one line and exit code 2", async () => {
    const cases: [string[], RegExp][] = [
      [["sim", "--game", "pig", "--games", "0"], /--games must be between 1 and 10000000, got 0/],
      [["sim", "--game", "pig", "--games", "many"], /--games must be a whole number, got "many"/],
      [["sim", "--game", "pig", "--games", "5", "--workers", "-1"], /--workers must be between 0 and 256, got -1/],
      [["sim", "--game", "pig"], /required option '--games <n>' not specified/],
      [["sim", "--game", "go", "--games", "5"], /--game: unknown game "go"/],
      [["sim", "--game", "shove", "--games", "5", "--black", "random"], /--black: Shove has no side "black"; its sides are blue, red/],
      [["sim", "--game", "shove", "--games", "5", "--red", "commander"], /--red: unknown computer player "commander" for shove/],
    ];
    for (const [args, pattern] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^muster: [^\n]+\n$/);
      expect(r.stderr).toMatch(pattern);
    }
  });
});

describe("sim: a game that fails with an engine error", () => {
  // A Pig whose setup breaks for some seeds, standing in for an engine bug.
  const pigEntry = battleGame("pig");
  if (!pigEntry) throw new Error("pig is not in the catalog");
  const broken = {
    ...pigEntry,
    id: "broken-pig-test",
    game: { ...pigEntry.game, id: "broken-pig-test", setup: (o: unknown, seed: number) => (seed % 4 === 0 ? (() => { throw new Error("the card needs a choice"); })() : pigEntry.game.setup(o, seed)) },
  };
  registerBattleGame(broken);
  const failing = [...Array(30).keys()].filter((i) => deriveSeed(3, i) % 4 === 0);

  it("stops the run by default, naming the game index and the seed to replay it with", async () => {
    expect(failing.length).toBeGreaterThan(0);
    const first = failing[0];
    await expect(runSim({ gameId: "broken-pig-test", options: {}, players: {}, games: 30, seed: 3, workers: 0 })).rejects.toThrow(
      `game ${first} (seed ${deriveSeed(3, first)}) failed: the card needs a choice; see it with muster battle --seed ${deriveSeed(3, first)}`,
    );
  });

  it("--skip-failures counts and names failed games and leaves them out of every figure", async () => {
    const r = await runSim({ gameId: "broken-pig-test", options: {}, players: {}, games: 30, seed: 3, workers: 0, skipFailures: true });
    expect(r.failures.count).toBe(failing.length);
    expect(r.failures.first.map((f) => f.index)).toEqual(failing.slice(0, 10));
    expect(r.games).toBe(30 - failing.length);
    expect(r.wins.p1.count + r.wins.p2.count + r.draws.count).toBe(r.games);
    const good = await runSim({ gameId: "pig", options: {}, players: {}, games: 30, seed: 3, workers: 0 }, true);
    const kept = (good.outcomes ?? []).filter((o) => !failing.includes(o.index));
    expect(r.turns.mean).toBeCloseTo(kept.reduce((a, o) => a + o.turns, 0) / kept.length, 10);
  });
});

describe("sim text when no game finishes", () => {
  it("says so in one line instead of printing empty rates", async () => {
    const pigEntry = battleGame("pig");
    if (!pigEntry) throw new Error("pig is not in the catalog");
    registerBattleGame({ ...pigEntry, id: "always-broken-test", game: { ...pigEntry.game, id: "always-broken-test", setup: () => { throw new Error("no"); } } });
    const r = await runSim({ gameId: "always-broken-test", options: {}, players: {}, games: 3, seed: 1, workers: 0, skipFailures: true });
    const text = simText(r, { scenario: "x", workers: 0, seconds: 0 });
    expect(text.split("\n")[1]).toBe(`  no game finished: all 3 failed with an engine error; first: game 0 (seed ${deriveSeed(1, 0)}): no`);
    expect(text).not.toMatch(/NaN/);
  });
});
