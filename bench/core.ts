/** Core library measures: generator speed, dice, exact distributions, MCTS on the fixture. */
import { D6, rollDie, successesDist } from "../src/core/dice.js";
import { Dist } from "../src/core/distribution.js";
import { pig } from "../src/core/fixtures/pig.js";
import { Random } from "../src/core/random.js";
import { mctsSearch } from "../src/core/search/mcts.js";
import { type BenchSection, medianMs, opsPerSecond } from "./harness.js";

export const coreBench: BenchSection = {
  name: "core",
  run() {
    const rng = Random.fromSeed(1);
    const batch = 10_000;
    const randomIntegersPerSecond = opsPerSecond(() => {
      for (let i = 0; i < batch; i++) rng.int(1, 100);
    }, 500, batch);
    const d6RollsPerSecond = opsPerSecond(() => {
      for (let i = 0; i < batch; i++) rollDie(rng, D6);
    }, 500, batch);
    const successes60DiceMs = medianMs(() => successesDist(60, 5, D6));
    const d6 = Dist.uniform([1, 2, 3, 4, 5, 6]);
    const convolution60DiceMs = medianMs(() => d6.map((f) => (f >= 5 ? 1 : 0)).times(60));
    // Mid-turn, so both roll and hold are open and the search has a real choice.
    const state = { ...pig.setup({ target: 50 }, 1), turnTotal: 12 };
    const iterations = 2000;
    const mctsMs = medianMs(() => mctsSearch(pig, state, "p1", { seed: 1, iterations }), 5);
    return {
      randomIntegersPerSecond,
      d6RollsPerSecond,
      successes60DiceMs,
      successes60DiceByConvolutionMs: convolution60DiceMs,
      mctsIterationsPerSecondPig: Math.round((iterations * 1000) / mctsMs),
    };
  },
};
