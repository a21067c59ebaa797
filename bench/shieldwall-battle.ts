/** Shieldwall battle measures: whole random battles per second on one core, and time per decision. */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { playOut } from "../src/core/game.js";
import { randomPlayer } from "../src/core/search/random-player.js";
import { type ArmyFile, armySchema } from "../src/rulesets/shieldwall/army.js";
import { type BattleSetup, battleGame, parseScenario } from "../src/rulesets/shieldwall/battle/index.js";
import type { BenchSection } from "./harness.js";

/** The project folder: this runs from dist/bench/ after the build, or from bench/ under vitest. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      readFileSync(resolve(dir, "package.json"));
      return dir;
    } catch {
      dir = resolve(dir, "..");
    }
  }
  return process.cwd();
}

export function loadBattleSetup(file: string): BattleSetup {
  const path = resolve(projectRoot(), "data/shieldwall/scenarios", file);
  const scenario = parseScenario(JSON.parse(readFileSync(path, "utf8")));
  const army = (a: string | ArmyFile): ArmyFile => (typeof a === "string" ? armySchema.parse(JSON.parse(readFileSync(resolve(dirname(path), a), "utf8"))) : a);
  return { scenario, armies: { red: army(scenario.armies.red), black: army(scenario.armies.black) } };
}

function playRandomBattle(setup: BattleSetup, seed: number) {
  return playOut(battleGame, battleGame.setup(setup, seed), { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1_000_000) }, { keepEvents: false });
}

/**
 * Random battles per second on one core. V8 keeps compiling and re-optimising the engine for about
 * the first hundred battles (on a second thread, which a per-CPU figure would count), so the
 * first `coldBattles` are timed on their own (the rate a one-off run sees), then warm-up goes on
 * to `warmMs`, and the steady rate (what a long `muster sim` run sees) is timed over `ms`.
 */
function measure(setup: BattleSetup, coldBattles: number, warmMs: number, ms: number): Record<string, number> {
  const coldStart = performance.now();
  let seed = 1_000_000_000;
  for (let i = 0; i < coldBattles; i++) playRandomBattle(setup, seed++);
  const coldMs = performance.now() - coldStart;
  while (performance.now() - coldStart < warmMs) playRandomBattle(setup, seed++);
  let battles = 0;
  let decisions = 0;
  let turns = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  seed = 1;
  while (performance.now() - start < ms || battles < 5) {
    const r = playRandomBattle(setup, seed++);
    battles++;
    decisions += r.decisions.length;
    turns += r.state.turn;
  }
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return {
    battles,
    /** Steady state, after the warm-up. */
    randomBattlesPerSecond: Number(((battles * 1000) / elapsed).toFixed(2)),
    /** Per CPU-second of this process (the garbage collector's helper threads included). */
    randomBattlesPerCpuSecond: Number(((battles * 1000) / cpuMs).toFixed(2)),
    /** The first battles of a fresh process, while the engine is still being compiled. */
    coldBattles,
    coldRandomBattlesPerSecond: Number(((coldBattles * 1000) / coldMs).toFixed(2)),
    msCpuPerDecision: Number((cpuMs / decisions).toFixed(4)),
    msPerBattle: Number((elapsed / battles).toFixed(2)),
    decisionsPerBattle: Math.round(decisions / battles),
    msPerDecision: Number((elapsed / decisions).toFixed(4)),
    turnsPerBattle: Number((turns / battles).toFixed(2)),
  };
}

export const shieldwallBattleBench: BenchSection = {
  name: "shieldwall-battle",
  run() {
    return {
      maldon991: measure(loadBattleSetup("maldon-991.json"), 50, 8000, 6000),
      raid: measure(loadBattleSetup("raid.json"), 100, 4000, 3000),
    };
  },
};
