/**
 * Random Maldon battles per second of two builds, side by side in one process: blocks of battles
 * alternate between the builds (in turn-swapped order), so machine load and V8's warm-up weigh on
 * both alike. Use it before and after a change meant to keep (or improve) the engine's speed:
 *
 *   git worktree add --detach /tmp/before <rev> && (cd /tmp/before && ln -s "$OLDPWD/node_modules" && npx tsc -p tsconfig.build.json)
 *   npm run speed:compare -- /tmp/before .        # WARM, BLOCK (ms) and ROUNDS in the environment
 *
 * Each folder must hold a built project (dist/) with the shipped scenario. Prints JSON. By default
 * both sides are the random player on Maldon (the engine's speed); `SCENARIO=raid-landing.json` and
 * `RED=commander` time another shipped scenario and the commander's decisions (red) with the engine;
 * `redMsPerDecision` is the red player's own mean time per decision in each build.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

type PlayOne = (seed: number) => void;

/** Time spent in the red player's `choose` and its decisions, summed over a build's blocks. */
interface Thinking {
  ms: number;
  decisions: number;
}

async function load(root: string, scenarioFile: string, red: "random" | "commander", thinking: Thinking): Promise<PlayOne> {
  const mod = (p: string) => import(pathToFileURL(resolve(root, "dist/src", p)).href);
  const [battle, core, random, army, ai] = await Promise.all([
    mod("rulesets/shieldwall/battle/index.js"),
    mod("core/game.js"),
    mod("core/search/random-player.js"),
    mod("rulesets/shieldwall/army.js"),
    mod("rulesets/shieldwall/ai/index.js"),
  ]);
  const path = resolve(root, "data/shieldwall/scenarios", scenarioFile);
  const scenario = battle.parseScenario(JSON.parse(readFileSync(path, "utf8")));
  const armyOf = (a: unknown) => (typeof a === "string" ? army.armySchema.parse(JSON.parse(readFileSync(resolve(dirname(path), a), "utf8"))) : a);
  const setup = { scenario, armies: { red: armyOf(scenario.armies.red), black: armyOf(scenario.armies.black) } };
  const g = battle.battleGame;
  return (seed) => {
    const inner = red === "commander" ? ai.commanderPlayer(seed) : random.randomPlayer(g, seed);
    // The red player's own time per decision (the measure for the commander).
    const redPlayer = {
      name: inner.name,
      choose: (state: unknown, side: string) => {
        const t0 = performance.now();
        const d = inner.choose(state, side);
        thinking.ms += performance.now() - t0;
        thinking.decisions++;
        return d;
      },
    };
    core.playOut(g, g.setup(setup, seed), { red: redPlayer, black: random.randomPlayer(g, seed + 1_000_000) }, { keepEvents: false });
  };
}

/** Battles per wall-clock second and per CPU-second of one block. */
function block(play: PlayOne, ms: number, firstSeed: number): { wall: number; cpu: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let n = 0;
  while (performance.now() - t0 < ms) play(firstSeed + n++);
  const c = process.cpuUsage(c0);
  return { wall: (n * 1000) / (performance.now() - t0), cpu: (n * 1e6) / (c.user + c.system) };
}

async function main(): Promise<void> {
  const roots = process.argv.slice(2);
  if (roots.length !== 2) {
    process.stderr.write("usage: npm run speed:compare -- BEFORE_FOLDER AFTER_FOLDER (each a built project)\n");
    process.exitCode = 2;
    return;
  }
  const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const warm = env("WARM", 8000);
  const blockMs = env("BLOCK", 3000);
  const rounds = env("ROUNDS", 10);
  const scenarioFile = process.env.SCENARIO ?? "maldon-991.json";
  const red = process.env.RED === "commander" ? "commander" : "random";
  const thinking: Thinking[] = roots.map(() => ({ ms: 0, decisions: 0 }));
  const builds = await Promise.all(roots.map((root, i) => load(root, scenarioFile, red, thinking[i])));
  builds.forEach((play) => block(play, warm, 1e9));
  for (const t of thinking) Object.assign(t, { ms: 0, decisions: 0 });
  const wall: number[][] = builds.map(() => []);
  const cpu: number[][] = builds.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const b = block(builds[i], blockMs, 1 + r * 10_000);
      wall[i].push(b.wall);
      cpu[i].push(b.cpu);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const round = (x: number, places = 1) => Number(x.toFixed(places));
  const report = {
    battles: { scenario: scenarioFile, red, black: "random" },
    blocks: { rounds, blockSeconds: blockMs / 1000, warmSeconds: warm / 1000 },
    before: { folder: roots[0], battlesPerSecond: round(mean(wall[0])), battlesPerCpuSecond: round(mean(cpu[0])), redMsPerDecision: round(thinking[0].ms / thinking[0].decisions, 3), redDecisions: thinking[0].decisions },
    after: { folder: roots[1], battlesPerSecond: round(mean(wall[1])), battlesPerCpuSecond: round(mean(cpu[1])), redMsPerDecision: round(thinking[1].ms / thinking[1].decisions, 3), redDecisions: thinking[1].decisions },
    /** The red player's mean time per decision, after over before (the commander's speed ratio with RED=commander). */
    redMsPerDecisionAfterOverBefore: round(thinking[1].ms / thinking[1].decisions / (thinking[0].ms / thinking[0].decisions), 3),
    afterOverBefore: round(mean(wall[1]) / mean(wall[0]), 3),
    afterOverBeforePerCpuSecond: round(mean(cpu[1]) / mean(cpu[0]), 3),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
