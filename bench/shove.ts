/** Shove measures: random complete games per second (simulator and game interface), MCTS iterations, solver nodes. */
import { performance } from "node:perf_hooks";
import { playOut } from "../src/core/game.js";
import { Random } from "../src/core/random.js";
import { mctsSearch } from "../src/core/search/mcts.js";
import { randomPlayer } from "../src/core/search/random-player.js";
import { AI_LEVELS, makePlayout, randomPlayout, shovePlayer } from "../src/rulesets/shove/ai.js";
import { PLAN_SIDES, planPlayer, TRIVIAL_PLANS } from "../src/rulesets/shove/plans.js";
import { newSim, resolveConfig, shove } from "../src/rulesets/shove/game.js";
import { solveDeepening } from "../src/rulesets/shove/solver.js";
import { type BenchSection, opsPerSecond } from "./harness.js";

/**
 * Issue 26: each level against each trivial plan from the plan's colours, at the level's full
 * budget: the computer's wins out of `games` (SHOVE_PLAN_GAMES raises the count).
 */
function trivialPlanResults(config: ReturnType<typeof resolveConfig>, games: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const level of AI_LEVELS) {
    for (const plan of TRIVIAL_PLANS) {
      for (const side of PLAN_SIDES[plan]) {
        let wins = 0;
        const t0 = performance.now();
        for (let i = 0; i < games; i++) {
          const start = shove.setup(config, 1000 + i);
          const ai = shovePlayer(start.config, { level, seed: i });
          const person = planPlayer(start.config, plan, i);
          const players = side === "blue" ? { blue: person, red: ai } : { blue: ai, red: person };
          if (playOut(shove, start, players, { keepEvents: false }).result.winner !== side) wins++;
        }
        out[`${level} v ${plan} (${side})`] = `${wins}/${games} computer wins, ${Math.round((performance.now() - t0) / games)} ms/game`;
      }
    }
  }
  return out;
}

export const shoveBench: BenchSection = {
  name: "shove",
  run() {
    const config = resolveConfig({});
    // Random complete games on the simulator (the engine's hot path: no state copies per action).
    const sim = newSim(config);
    const rng = Random.fromSeed(1);
    sim.rng = rng;
    const buf = new Int32Array(64);
    const batch = 1000;
    const randomGamesPerSecond = opsPerSecond(() => {
      for (let i = 0; i < batch; i++) {
        sim.reset();
        randomPlayout(sim, rng, buf);
      }
    }, 2000, batch);
    // The same measured in CPU time of this process (robust when the machine is shared).
    const cpu0 = process.cpuUsage();
    const games = 100_000;
    for (let i = 0; i < games; i++) {
      sim.reset();
      randomPlayout(sim, rng, buf);
    }
    const cpu = process.cpuUsage(cpu0);
    const randomGamesPerCpuSecond = Math.round(games / ((cpu.user + cpu.system) / 1e6));
    // The same through the public game interface (plain states, validation, events).
    let seed = 0;
    const gameInterfaceRandomGamesPerSecond = opsPerSecond(() => {
      seed++;
      playOut(shove, shove.setup({}, seed), { blue: randomPlayer(shove, seed), red: randomPlayer(shove, seed + 1) }, { keepEvents: false });
    }, 1000);
    // MCTS iterations from the start position (blue to act), random and heuristic playouts.
    const start = shove.setup({}, 3);
    const mctsRate = (level: "mcts" | "strong") => {
      const iterations = 3000;
      const t0 = performance.now();
      const stats = mctsSearch(shove, start, "blue", { seed: 1, iterations, playout: makePlayout(config, level === "strong") });
      return Math.round((stats.iterations * 1000) / (performance.now() - t0));
    };
    const mctsIterationsPerSecond = mctsRate("mcts");
    const strongIterationsPerSecond = mctsRate("strong");
    // Solver: iterative deepening from the start of the default board before the first roll,
    // 60 s in all (SHOVE_SOLVER_SECONDS changes it): depth reached, nodes/s, table hit rate.
    const solverSeconds = Number(process.env.SHOVE_SOLVER_SECONDS ?? 60);
    const t0 = performance.now();
    const deep = solveDeepening(config, start, config.rules.turnLimit, () => performance.now(), { beforeRoll: true, maxMs: solverSeconds * 1000, maxNodes: 2_000_000_000 });
    const seconds = (performance.now() - t0) / 1000;
    const solvedNodes = deep.steps.reduce((n, s) => n + s.nodes, 0) + deep.stoppedNodes;
    const last = deep.steps[deep.steps.length - 1];
    const solver = { nodes: solvedNodes };
    const solverNodesPerSecond = Math.round(solvedNodes / seconds);
    const solverDepth = {
      budgetSeconds: solverSeconds,
      solvedTurnsLeft: last?.turnsLeft ?? 0,
      steps: deep.steps.map((s) => ({ turnsLeft: s.turnsLeft, blueWins: s.blueWins.toString(), nodes: s.nodes, seconds: Number(s.seconds.toFixed(2)), tableHitRate: Number(s.tableHitRate.toFixed(3)) })),
      stopped: deep.stoppedAt === null ? null : { turnsLeft: deep.stoppedAt, nodes: deep.stoppedNodes, seconds: Number(deep.stoppedSeconds.toFixed(1)) },
    };
    return {
      randomGamesPerSecond,
      randomGamesPerCpuSecond,
      gameInterfaceRandomGamesPerSecond,
      mctsIterationsPerSecond,
      strongIterationsPerSecond,
      solverNodesPerSecond,
      solverNodesMeasured: solver.nodes,
      solverDepth,
      trivialPlans: trivialPlanResults(config, Number(process.env.SHOVE_PLAN_GAMES ?? 10)),
    };
  },
};

