/** The UI's one link to the engine worker: send requests, and every reply goes to the store. */
import type { FromWorker, ToWorker } from "./protocol.js";
import { dispatch } from "./store.js";
import { answered } from "./table-tools.js";
import { downloadJson } from "../shared/download.js";

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
worker.onmessage = (e: MessageEvent) => {
  const msg = e.data as FromWorker;
  if (msg.type === "answer") return answered(msg);
  if (msg.type === "record") downloadJson(`shieldwall-${msg.record.seed}-${msg.record.decisions.length}.json`, JSON.stringify(msg.record, null, 2));
  dispatch(msg);
};

worker.onerror = (e: ErrorEvent) => dispatch({ type: "error", battle: null, message: `the engine worker failed: ${e.message}`, during: "computer" });

export function send(msg: ToWorker): void {
  worker.postMessage(msg);
}
