/** The UI's one link to the engine worker: send requests, and every reply goes to the store. */
import type { FromWorker, ToWorker } from "./protocol.js";
import { dispatch } from "./store.js";
import { answered } from "./table-tools.js";

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
worker.onmessage = (e: MessageEvent) => {
  const msg = e.data as FromWorker;
  if (msg.type === "answer") return answered(msg);
  if (msg.type === "record") download(`shieldwall-${msg.record.seed}-${msg.record.decisions.length}.json`, JSON.stringify(msg.record, null, 2));
  dispatch(msg);
};

/** Saves a text file through the browser. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
worker.onerror = (e: ErrorEvent) => dispatch({ type: "error", battle: null, message: `the engine worker failed: ${e.message}`, during: "computer" });

export function send(msg: ToWorker): void {
  worker.postMessage(msg);
}
