/**
 * Command line measures (`muster sim`, the one bench section that imports src/cli): games per second through the sim runner's single-game routine,
 * simulation throughput on 1 and 2 worker threads (thread start-up included) for Pig, Shove and
 * the Shieldwall battle (commander v commander), record checking, and the statistics helpers.
 */
import { performance } from "node:perf_hooks";
import { battleGame } from "../src/cli/battle/catalog.js";
import { playGame } from "../src/cli/battle/run.js";
import { dataPath, loadScenario } from "../src/cli/battle/scenarios.js";
import { playIndexed, runSim } from "../src/cli/battle/sim.js";
import { checkedRecord, verifyRecord } from "../src/core/records.js";
import { wilsonInterval } from "../src/core/stats.js";
import { type BenchResults, type BenchSection, opsPerSecond } from "./harness.js";

async function simGamesPerSecond(gameId: string, options: unknown, games: number, workers: number): Promise<number> {
  const t0 = performance.now();
  await runSim({ gameId, options, players: {}, games, seed: 1, workers });
  return Math.round((games * 1000) / (performance.now() - t0));
}

export const battleBench: BenchSection = {
  name: "battle",
  async run() {
    const out: BenchResults = {};
    for (const id of ["pig", "shove"]) {
      const entry = battleGame(id);
      if (!entry) continue;
      let i = 0;
      out[`${id}RandomGamesPerSecondOneThread`] = opsPerSecond(() => playIndexed(entry, {}, {}, 1, i++), 1000);
      out[`${id}SimGamesPerSecond1Worker`] = await simGamesPerSecond(id, {}, id === "pig" ? 20_000 : 4_000, 1);
      out[`${id}SimGamesPerSecond2Workers`] = await simGamesPerSecond(id, {}, id === "pig" ? 20_000 : 4_000, 2);
    }
    // Whole Shieldwall battles between the default players (commander v commander), through the same routine (one thread, then 2 workers).
    const sw = battleGame("shieldwall-battle");
    if (sw) {
      for (const [name, file] of [
        ["maldon", "maldon-991.json"],
        ["raid", "raid.json"],
      ] as const) {
        const options = loadScenario("shieldwall-battle", dataPath("shieldwall", "scenarios", file)).options;
        let i = 0;
        // Slow games: time whole games for about 3 s after one warm-up game (opsPerSecond rounds to integers).
        playIndexed(sw, options, {}, 1, i++);
        const start = performance.now();
        let n = 0;
        while (performance.now() - start < 3000) {
          playIndexed(sw, options, {}, 1, i++);
          n++;
        }
        out[`shieldwall${name === "maldon" ? "Maldon" : "Raid"}GamesPerSecondOneThread`] = Number(((n * 1000) / (performance.now() - start)).toFixed(2));
        const t0 = performance.now();
        const games = name === "maldon" ? 12 : 40;
        await runSim({ gameId: sw.id, options, players: {}, games, seed: 1, workers: 2 });
        out[`shieldwall${name === "maldon" ? "Maldon" : "Raid"}SimGamesPerSecond2Workers`] = Number(((games * 1000) / (performance.now() - t0)).toFixed(2));
        // Random against random through `muster sim` on every core (the "all cores" figure).
        const t1 = performance.now();
        const randomGames = name === "maldon" ? 100 : 200;
        await runSim({ gameId: sw.id, options, players: { red: { name: "random" }, black: { name: "random" } }, games: randomGames, seed: 1, workers: 2 });
        out[`shieldwall${name === "maldon" ? "Maldon" : "Raid"}RandomSimGamesPerSecond2Workers`] = Number(((randomGames * 1000) / (performance.now() - t1)).toFixed(2));
      }
    }
    // Verifying a record with a checkpoint after every decision (a Shove game of ~60 decisions).
    const shove = battleGame("shove");
    if (shove) {
      const played = playGame(shove, {}, {}, 5, { record: true });
      const record = checkedRecord(shove.game, {}, 5, played.decisions);
      out.shoveRecordDecisions = record.decisions.length;
      out.shoveRecordVerificationsPerSecond = opsPerSecond(() => verifyRecord(shove.game, record), 1000);
    }
    let k = 0;
    out.wilsonIntervalsPerSecond = opsPerSecond(() => wilsonInterval(k++ % 1000, 1000), 300);
    return out;
  },
};
