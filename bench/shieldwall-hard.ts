/**
 * The `hard` Shieldwall player (issue 26): time per decision, over whole battles as red against the
 * commander; every decision, and the searched ones (more than one candidate) apart, with the work
 * units they spent. Wall-clock and this process's CPU time (on a shared machine the CPU time is the
 * one-core figure). Win rates are measured with `muster sim` (docs/shieldwall/ai.md, "The hard player").
 */
import { performance } from "node:perf_hooks";
import { play } from "../src/core/game.js";
import { commanderPlayer, DEFAULT_HARD_OPTIONS, hardSearch } from "../src/rulesets/shieldwall/ai/index.js";
import { type BattleDecision, type BattleSetup, battleGame } from "../src/rulesets/shieldwall/battle/index.js";
import type { BenchSection } from "./harness.js";
import { loadBattleSetup } from "./shieldwall-battle.js";

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summary(list: number[]): Record<string, number> {
  const s = [...list].sort((a, b) => a - b);
  const r = (x: number) => Number(x.toFixed(2));
  return { n: s.length, mean: r(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)), p95: r(quantile(s, 0.95)), max: r(s[s.length - 1] ?? 0) };
}

function measure(setup: BattleSetup, battles: number): Record<string, unknown> {
  const wall: number[] = [];
  const cpu: number[] = [];
  const searchedWall: number[] = [];
  const searchedCpu: number[] = [];
  const work: number[] = [];
  for (let seed = 1; seed <= battles; seed++) {
    let s = battleGame.setup(setup, seed);
    const black = commanderPlayer(seed + 1_000_000);
    for (let side = battleGame.toMove(s); side !== null; side = battleGame.toMove(s)) {
      let d: BattleDecision;
      if (side === "red") {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const r = hardSearch(s, "red", DEFAULT_HARD_OPTIONS, seed);
        const dt = performance.now() - t0;
        const cu = process.cpuUsage(c0);
        const dc = (cu.user + cu.system) / 1000;
        wall.push(dt);
        cpu.push(dc);
        if (r.candidates.length > 1) {
          searchedWall.push(dt);
          searchedCpu.push(dc);
          work.push(r.work);
        }
        d = r.best;
      } else d = black.choose(s, side);
      s = play(battleGame, s, side, d).state;
    }
  }
  return {
    battles,
    budget: DEFAULT_HARD_OPTIONS.budget,
    everyDecisionWallMs: summary(wall),
    everyDecisionCpuMs: summary(cpu),
    searchedWallMs: summary(searchedWall),
    searchedCpuMs: summary(searchedCpu),
    searchedWorkUnits: summary(work),
  };
}

export const shieldwallHardBench: BenchSection = {
  name: "shieldwall-hard",
  run() {
    return {
      "hard (red) v commander, raid": measure(loadBattleSetup("raid.json"), 3),
      "hard (red) v commander, Maldon": measure(loadBattleSetup("maldon-991.json"), 2),
    };
  },
};
