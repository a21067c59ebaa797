/**
 * A simulation worker thread: plays the games it is handed (by index) and posts their outcomes,
 * in small bundles (at least every 50 ms) so quick games do not drown in messages while the
 * progress display still moves. Runs compiled (dist/src/cli/battle/sim-worker.js); see sim.ts.
 */
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { battleGame } from "./catalog.js";
import { type FromWorker, type GameOutcome, type ToWorker, tryPlayIndexed, type WorkerInit } from "./sim.js";

const init = workerData as WorkerInit;
const port = parentPort;
if (!port) throw new Error("sim-worker.js runs as a worker thread");
const entry = battleGame(init.gameId);

port.on("message", (msg: ToWorker) => {
  if (msg.type === "stop") {
    port.close();
    return;
  }
  let bundle: GameOutcome[] = [];
  let last = performance.now();
  const flush = () => {
    if (bundle.length > 0) port.postMessage({ type: "outcomes", outcomes: bundle } satisfies FromWorker);
    bundle = [];
    last = performance.now();
  };
  for (const index of msg.indices) {
    const outcome = entry
      ? tryPlayIndexed(entry, init.options, init.players, init.seed, index, init.countEvents)
      : { index, seed: 0, winner: null, ending: "failed", turns: 0, losses: {}, decisions: 0, error: `unknown game "${init.gameId}"` };
    if (outcome.error !== undefined && !init.skipFailures) {
      flush();
      port.postMessage({ type: "error", index, message: outcome.error } satisfies FromWorker);
      return;
    }
    bundle.push(outcome);
    if (performance.now() - last >= 50) flush();
  }
  flush();
  port.postMessage({ type: "idle" } satisfies FromWorker);
});
port.postMessage({ type: "idle" } satisfies FromWorker);
