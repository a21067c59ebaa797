/** The computer players' thread (see computer.ts): one request at a time, answers with the decision. */
import { parentPort } from "node:worker_threads";
import { type ComputerRequest, computeDecision } from "./computer.js";

parentPort?.on("message", (msg: { id: number; req: ComputerRequest }) => {
  try {
    parentPort!.postMessage({ id: msg.id, decision: computeDecision(msg.req) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
