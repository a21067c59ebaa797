/**
 * What the worker does with each message, written against a small host (post, timers) so that
 * tests run it in Node without a Worker.
 */
import type { FromWorker, ToWorker } from "./protocol.js";
import { BattleSession } from "./session.js";
import { setupFromScenario, shippedSetup } from "./scenarios.js";
import { answerQuery } from "./table-queries.js";

export interface Host {
  post(msg: FromWorker): void;
  setTimer(f: () => void, ms: number): unknown;
  clearTimer(t: unknown): void;
}

export const DEFAULT_DELAY_MS = 350;

interface WorkerState {
  session: BattleSession | null;
  battles: number;
  timer: unknown;
  delayMs: number;
  paused: boolean;
}

const hosts = new WeakMap<Host, WorkerState>();

function stateOf(host: Host): WorkerState {
  let w = hosts.get(host);
  if (!w) {
    w = { session: null, battles: 0, timer: null, delayMs: DEFAULT_DELAY_MS, paused: false };
    hosts.set(host, w);
  }
  return w;
}

/** Plans the next computer decision, if a computer is to move. */
function schedule(host: Host, w: WorkerState): void {
  if (w.timer !== null) host.clearTimer(w.timer);
  w.timer = null;
  const s = w.session;
  if (!s || w.paused) return;
  const side = s.computerToMove();
  if (side === null) return;
  host.post({ type: "thinking", battle: s.battle, side });
  w.timer = host.setTimer(() => {
    w.timer = null;
    if (w.session !== s) return;
    try {
      host.post(s.computerStep());
    } catch (err) {
      host.post({ type: "error", battle: s.battle, message: (err as Error).message, during: "computer" });
      return;
    }
    schedule(host, w);
  }, w.delayMs);
}

export function handleMessage(host: Host, msg: ToWorker): void {
  const w = stateOf(host);
  switch (msg.type) {
    case "start": {
      if (w.timer !== null) host.clearTimer(w.timer);
      w.timer = null;
      if (msg.delayMs !== undefined) w.delayMs = msg.delayMs;
      w.paused = false;
      const battle = ++w.battles;
      try {
        const setup = "shipped" in msg.scenario ? shippedSetup(msg.scenario.shipped) : setupFromScenario(msg.scenario.file);
        const session = new BattleSession(battle, setup, msg.seed, msg.players);
        w.session = session;
        host.post({ type: "started", battle, scenario: session.state.scenario, players: msg.players, seed: msg.seed, snapshot: session.snapshot(), events: session.setupEvents });
      } catch (err) {
        const label = "file" in msg.scenario ? `${msg.scenario.fileName}: ` : "";
        host.post({ type: "error", battle: null, message: `${label}${(err as Error).message}`, during: "start" });
        return;
      }
      schedule(host, w);
      return;
    }
    case "decide": {
      const s = w.session;
      if (!s) {
        host.post({ type: "error", battle: null, message: "no battle is running", during: "decide" });
        return;
      }
      host.post(s.decide(msg.side, msg.decision));
      schedule(host, w);
      return;
    }
    case "pause":
      w.paused = msg.paused;
      schedule(host, w);
      return;
    case "delay":
      w.delayMs = Math.max(0, msg.delayMs);
      return;
    case "record":
      if (!w.session) host.post({ type: "error", battle: null, message: "no battle is running", during: "decide" });
      else host.post({ type: "record", battle: w.session.battle, record: w.session.record() });
      return;
    case "query": {
      const s = w.session;
      if (!s) {
        host.post({ type: "error", battle: null, message: "no battle is running", during: "decide" });
        return;
      }
      try {
        host.post({ type: "answer", battle: s.battle, id: msg.id, answer: answerQuery(s.state, msg.query), problem: null });
      } catch (err) {
        host.post({ type: "answer", battle: s.battle, id: msg.id, answer: null, problem: (err as Error).message });
      }
      return;
    }
  }
}
