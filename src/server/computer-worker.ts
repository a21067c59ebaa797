/** The computer players' thread (see computer.ts): one request at a time, answers with the decision. */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { type ComputerRequest, computeDecision } from "./computer.js";

// The computers' lane runs niced. On Linux the nice value is the calling thread's alone; where it
// cannot be set (another system, a container's limits) the lane runs at normal priority.
const nice = (workerData as { nice?: number } | null)?.nice ?? 0;
if (nice > 0) {
  try {
    setPriority(0, nice);
  } catch {
    // Normal priority: only slower to give way under load.
  }
}

parentPort?.on("message", (msg: { id: number; req: ComputerRequest }) => {
  try {
    parentPort!.postMessage({ id: msg.id, decision: computeDecision(msg.req) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
