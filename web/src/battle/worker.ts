/// <reference lib="webworker" />
/**
 * The engine's Web Worker (docs/web.md, "Worker protocol"): holds the battle, applies decisions,
 * runs computer players with a short pause between decisions so the user sees each step, and
 * posts snapshots, events and errors to the UI. The UI never computes a rule.
 */
import { handleMessage, type Host } from "./worker-host.js";

declare const self: DedicatedWorkerGlobalScope;

const host: Host = {
  post: (msg) => self.postMessage(msg),
  setTimer: (f, ms) => setTimeout(f, ms),
  clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

self.onmessage = (e: MessageEvent) => handleMessage(host, e.data);
