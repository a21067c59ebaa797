/** Shieldwall personal combat: duels simulated per second (random v random, AI v AI), MCTS speed. */
import { mctsSearch } from "../src/core/search/mcts.js";
import { simulateDuels } from "../src/rulesets/shieldwall/duel/ai.js";
import { type ShieldwallDuelSetup, dealDuel, shieldwallDuelGame } from "../src/rulesets/shieldwall/duel/game.js";
import { type BenchSection, medianMs, opsPerSecond } from "./harness.js";

const LEADERS: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } };

export const shieldwallDuelBench: BenchSection = {
  name: "shieldwall-duel",
  run() {
    let seed = 1;
    const batch = 100;
    const randomVsRandomDuelsPerSecond = opsPerSecond(() => simulateDuels({ setup: LEADERS, players: { a: "random", b: "random" }, games: batch, seed: seed++ }), 1000, batch);
    const aiVsAiDuelsPerSecond = opsPerSecond(() => simulateDuels({ setup: LEADERS, players: { a: "ai", b: "ai" }, games: batch, seed: seed++ }), 1000, batch);
    const aiVsRandomDuelsPerSecond = opsPerSecond(() => simulateDuels({ setup: LEADERS, players: { a: "ai", b: "random" }, games: batch, seed: seed++ }), 1000, batch);
    // One MCTS decision at the first discard (21 choices) with determinised hidden hands.
    const start = dealDuel(LEADERS, 1);
    const iterations = 1000;
    const mctsMs = medianMs(() => mctsSearch(shieldwallDuelGame, start, "a", { seed: 1, iterations }), 5);
    return {
      randomVsRandomDuelsPerSecond,
      aiVsAiDuelsPerSecond,
      aiVsRandomDuelsPerSecond,
      mctsIterationsPerSecond: Math.round((iterations * 1000) / mctsMs),
    };
  },
};
