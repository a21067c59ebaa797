/**
 * Shieldwall computer players: time the commander and the advance policy take per decision (the
 * player's own `choose`, not the engine's apply), by decision kind, over whole battles against
 * the random player; and whole commander battles per second. No win rates here (docs/shieldwall/ai.md).
 */
import { performance } from "node:perf_hooks";
import { type Player, play } from "../src/core/game.js";
import { randomPlayer } from "../src/core/search/random-player.js";
import { advancePolicy, commanderPlayer } from "../src/rulesets/shieldwall/ai/index.js";
import { type BattleDecision, type BattleSetup, type BattleState, battleGame } from "../src/rulesets/shieldwall/battle/index.js";
import type { BenchSection } from "./harness.js";
import { loadBattleSetup } from "./shieldwall-battle.js";

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function measure(setup: BattleSetup, make: (seed: number) => Player<BattleState, BattleDecision>, ms: number): Record<string, unknown> {
  const times: number[] = [];
  const byKind = new Map<string, number[]>();
  let battles = 0;
  let seed = 1;
  const start = performance.now();
  while (performance.now() - start < ms || battles < 3) {
    let s = battleGame.setup(setup, seed);
    const ai = make(seed);
    const rnd = randomPlayer(battleGame, seed + 1_000_000);
    for (let side = battleGame.toMove(s); side !== null; side = battleGame.toMove(s)) {
      let d: BattleDecision;
      if (side === "red") {
        const kind = s.pending?.kind ?? "none";
        const t0 = performance.now();
        d = ai.choose(s, side);
        const dt = performance.now() - t0;
        times.push(dt);
        const list = byKind.get(kind) ?? [];
        list.push(dt);
        byKind.set(kind, list);
      } else d = rnd.choose(s, side);
      s = play(battleGame, s, side, d).state;
    }
    battles++;
    seed++;
  }
  const elapsed = performance.now() - start;
  times.sort((a, b) => a - b);
  const kinds: Record<string, unknown> = {};
  for (const [k, list] of [...byKind.entries()].sort()) {
    list.sort((a, b) => a - b);
    kinds[k] = { decisions: list.length, meanMs: Number((list.reduce((a, b) => a + b, 0) / list.length).toFixed(4)), p95Ms: Number(quantile(list, 0.95).toFixed(4)) };
  }
  return {
    battles,
    battlesPerSecond: Number(((battles * 1000) / elapsed).toFixed(2)),
    decisions: times.length,
    meanMsPerDecision: Number((times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)).toFixed(4)),
    p50MsPerDecision: Number(quantile(times, 0.5).toFixed(4)),
    p95MsPerDecision: Number(quantile(times, 0.95).toFixed(4)),
    maxMsPerDecision: Number((times[times.length - 1] ?? 0).toFixed(4)),
    byKind: kinds,
  };
}

export const shieldwallAiBench: BenchSection = {
  name: "shieldwall-ai",
  run() {
    const maldon = loadBattleSetup("maldon-991.json");
    const raid = loadBattleSetup("raid.json");
    return {
      "commander (red) v random, Maldon": measure(maldon, (seed) => commanderPlayer(seed), 4000),
      "commander (red) v random, raid": measure(raid, (seed) => commanderPlayer(seed), 2000),
      "advance (red) v random, Maldon": measure(maldon, (seed) => advancePolicy(seed), 1500),
    };
  },
};
