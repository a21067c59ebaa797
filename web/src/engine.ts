/** The UI's one link to the engine worker: send requests, and every reply goes to the store. */
import type { ToWorker } from "./protocol.js";
import { dispatch } from "./store.js";

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
worker.onmessage = (e: MessageEvent) => dispatch(e.data);
worker.onerror = (e: ErrorEvent) => dispatch({ type: "error", battle: null, message: `the engine worker failed: ${e.message}`, during: "computer" });

export function send(msg: ToWorker): void {
  worker.postMessage(msg);
}
