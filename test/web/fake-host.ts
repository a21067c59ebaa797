/** The battle worker run in Node through worker-host.ts with a fake host (manual timers): shared by the web tests. */
import type { FromWorker, ToWorker } from "../../web/src/battle/protocol.js";
import { handleMessage, type Host } from "../../web/src/battle/worker-host.js";

export function fakeHost() {
  const posted: FromWorker[] = [];
  let timers: { id: number; f: () => void }[] = [];
  let next = 0;
  const host: Host = {
    // Every message crosses the worker boundary by structured clone: check that it can.
    post: (msg) => posted.push(structuredClone(msg)),
    setTimer: (f) => {
      timers.push({ id: ++next, f });
      return next;
    },
    clearTimer: (t) => (timers = timers.filter((x) => x.id !== t)),
  };
  const send = (msg: ToWorker) => handleMessage(host, structuredClone(msg));
  /** Runs pending timers (computer decisions) until none is left or `until` holds. */
  const run = (until: () => boolean = () => false, max = 100_000) => {
    for (let i = 0; i < max && timers.length > 0 && !until(); i++) timers.shift()!.f();
  };
  const last = <T extends FromWorker["type"]>(type: T) => [...posted].reverse().find((m) => m.type === type) as Extract<FromWorker, { type: T }> | undefined;
  return { host, posted, send, run, last, timers: () => timers.length };
}
