/**
 * The web app's engine worker, timed in Node on its own code (web/src/battle/session.ts, the
 * BattleSession the worker runs): the computer's decision latency per step — the player's
 * choice, the engine applying it and the snapshot posted to the page — for the commander and
 * mcts (its fixed thinking time, MCTS_TIME_MS), p50/p95 in ms; and the worker's answer to a
 * person's decision (apply plus the next options with their odds). Maldon, the computer red, a
 * person black taking the first option.
 */
import { performance } from "node:perf_hooks";
import { type BattleSetup } from "../src/rulesets/shieldwall/battle/index.js";
import { BattleSession } from "../web/src/battle/session.js";
import type { BenchSection } from "./harness.js";
import { loadBattleSetup } from "./shieldwall-battle.js";

function quantiles(times: number[]): { p50: number; p95: number; n: number } {
  const t = [...times].sort((a, b) => a - b);
  const q = (x: number) => Number((t[Math.min(t.length - 1, Math.floor(x * t.length))] ?? 0).toFixed(3));
  return { p50: q(0.5), p95: q(0.95), n: t.length };
}

function measure(setup: BattleSetup, computer: "commander" | "mcts", ms: number, maxSteps: number) {
  const computerSteps: number[] = [];
  const personSteps: number[] = [];
  const start = performance.now();
  for (let seed = 1; performance.now() - start < ms && computerSteps.length < maxSteps; seed++) {
    const s = new BattleSession(1, setup, seed, { red: computer, black: "human" });
    s.snapshot();
    while (s.toMove() !== null && performance.now() - start < ms && computerSteps.length < maxSteps) {
      if (s.computerToMove()) {
        const t0 = performance.now();
        s.computerStep();
        computerSteps.push(performance.now() - t0);
      } else {
        const option = s.options()[0];
        const t0 = performance.now();
        s.decide("black", option.decision);
        personSteps.push(performance.now() - t0);
      }
    }
  }
  return { computerStepMs: quantiles(computerSteps), personStepMs: quantiles(personSteps) };
}

export const webDecisionsBench: BenchSection = {
  name: "web-decisions",
  run() {
    const setup = loadBattleSetup("maldon-991.json");
    return {
      commander: measure(setup, "commander", 4000, 2000),
      mcts: measure(setup, "mcts", 30_000, 10),
    };
  },
};
