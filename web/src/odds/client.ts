/** The page's side of the odds worker: one run at a time; a new run cancels a running one (the worker is replaced). */
import type { RunOutcome } from "./run.js";
import type { OddsReply, OddsRequest } from "./worker.js";

let worker: Worker | null = null;
let busy = false;
let next = 1;

export function runInWorker(name: string, input: unknown, onProgress: (done: number) => void): { done: Promise<RunOutcome>; cancel: () => void } {
  if (worker && busy) {
    worker.terminate();
    worker = null;
  }
  worker ??= new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  const w = worker;
  const id = next++;
  busy = true;
  let settle: (r: RunOutcome) => void = () => {};
  const done = new Promise<RunOutcome>((resolve) => (settle = resolve));
  w.onmessage = (e: MessageEvent<OddsReply>) => {
    const m = e.data;
    if (m.id !== id) return;
    if (m.type === "progress") return onProgress(m.done);
    busy = false;
    settle(m);
  };
  w.onerror = (e) => {
    busy = false;
    settle({ type: "error", message: e.message || "the calculator's worker failed" });
  };
  w.postMessage({ id, name, input } satisfies OddsRequest);
  return {
    done,
    cancel: () => {
      if (busy && worker === w) {
        w.terminate();
        worker = null;
        busy = false;
      }
    },
  };
}
