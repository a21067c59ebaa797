/**
 * A simulation worker thread: plays the games it is handed (by index) and posts each outcome.
 * Runs compiled (dist/src/cli/battle/sim-worker.js); see sim.ts for the protocol.
 */
import { parentPort, workerData } from "node:worker_threads";
import { battleGame } from "./catalog.js";
import { type FromWorker, playIndexed, type ToWorker, type WorkerInit } from "./sim.js";

const init = workerData as WorkerInit;
const port = parentPort;
if (!port) throw new Error("sim-worker.js runs as a worker thread");
const entry = battleGame(init.gameId);

port.on("message", (msg: ToWorker) => {
  if (msg.type === "stop") {
    port.close();
    return;
  }
  for (const index of msg.indices) {
    try {
      if (!entry) throw new Error(`unknown game "${init.gameId}"`);
      const outcome = playIndexed(entry, init.options, init.players, init.seed, index);
      port.postMessage({ type: "outcome", outcome } satisfies FromWorker);
    } catch (err) {
      port.postMessage({ type: "error", index, message: (err as Error).message } satisfies FromWorker);
      return;
    }
  }
  port.postMessage({ type: "idle" } satisfies FromWorker);
});
port.postMessage({ type: "idle" } satisfies FromWorker);
