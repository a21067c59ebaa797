/**
 * What the worker does with each message, written against a small host (post, timers) so that
 * tests run it in Node without a Worker.
 */
import type { GameEvent } from "../../../src/core/game.js";
import { battleGame, type BattleState, describeDecision, type Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { FromWorker, Snapshot, ToWorker } from "./protocol.js";
import { type BattleRecord, checkBattleRecord, replayStates } from "./record-file.js";
import { withChoices } from "./setup-form.js";
import { BattleSession } from "./session.js";
import { setupFromScenario, shippedSetup } from "./scenarios.js";
import { answerQuery } from "./table-queries.js";

export interface Host {
  post(msg: FromWorker): void;
  setTimer(f: () => void, ms: number): unknown;
  clearTimer(t: unknown): void;
}

export const DEFAULT_DELAY_MS = 350;

/** A record open in the replay viewer. */
interface Replay {
  battle: number;
  fileName: string;
  record: BattleRecord;
  hash: string;
  states: BattleState[];
  events: GameEvent[][];
  seq: number;
}

interface WorkerState {
  session: BattleSession | null;
  replay: Replay | null;
  battles: number;
  timer: unknown;
  delayMs: number;
  paused: boolean;
}

const hosts = new WeakMap<Host, WorkerState>();

function stateOf(host: Host): WorkerState {
  let w = hosts.get(host);
  if (!w) {
    w = { session: null, replay: null, battles: 0, timer: null, delayMs: DEFAULT_DELAY_MS, paused: false };
    hosts.set(host, w);
  }
  return w;
}

/** Stops a computer decision that is waiting for its timer. */
function stopComputer(host: Host, w: WorkerState): void {
  if (w.timer !== null) host.clearTimer(w.timer);
  w.timer = null;
}

/** A record file checked and replayed (`checkBattleRecord`), or null after posting its named error. */
function verifiedRecord(host: Host, msg: { record: unknown; fileName: string }) {
  const checked = checkBattleRecord(msg.record);
  if (!("error" in checked)) return checked;
  host.post({ type: "error", battle: null, message: `${msg.fileName}: ${checked.error}`, during: "load" });
  return null;
}

/** Plans the next computer decision, if a computer is to move. */
function schedule(host: Host, w: WorkerState): void {
  stopComputer(host, w);
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
      stopComputer(host, w);
      if (msg.delayMs !== undefined) w.delayMs = msg.delayMs;
      w.paused = false;
      const battle = ++w.battles;
      w.replay = null;
      try {
        const base = "shipped" in msg.scenario ? shippedSetup(msg.scenario.shipped) : setupFromScenario(msg.scenario.file);
        const setup = withChoices(base, msg);
        const session = new BattleSession(battle, setup, msg.seed, msg.players);
        w.session = session;
        host.post({ type: "started", battle, scenario: session.state.scenario, players: msg.players, seed: msg.seed, snapshot: session.snapshot(), events: session.setupEvents });
      } catch (err) {
        const message = (err as Error).message;
        const label = "file" in msg.scenario && !/^(red|black) army \(/.test(message) ? `${msg.scenario.fileName}: ` : "";
        host.post({ type: "error", battle: null, message: `${label}${message}`, during: "start" });
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
    case "undo": {
      const s = w.session;
      if (!s) {
        host.post({ type: "error", battle: null, message: "no battle is running", during: "decide" });
        return;
      }
      // A computer about to answer is stopped first: it decides again on the state undo leaves.
      stopComputer(host, w);
      host.post(s.undo(msg.side));
      schedule(host, w);
      return;
    }
    case "load": {
      const checked = verifiedRecord(host, msg);
      if (!checked) return;
      stopComputer(host, w);
      if (msg.delayMs !== undefined) w.delayMs = msg.delayMs;
      w.paused = false;
      w.replay = null;
      const battle = ++w.battles;
      const session = BattleSession.fromRecord(battle, checked.record, msg.players);
      w.session = session;
      const loaded: GameEvent = { type: "loaded", text: `Loaded ${msg.fileName}: ${checked.record.decisions.length} decisions replayed and verified (hash ${checked.hash}); play goes on.` };
      host.post({ type: "started", battle, scenario: session.state.scenario, players: msg.players, seed: session.seed, snapshot: session.snapshot(), events: [...session.setupEvents, loaded] });
      schedule(host, w);
      return;
    }
    case "replay": {
      const checked = verifiedRecord(host, msg);
      if (!checked) return;
      stopComputer(host, w);
      w.session = null;
      const { states, events } = replayStates(checked.record);
      w.replay = { battle: ++w.battles, fileName: msg.fileName, record: checked.record, hash: checked.hash, states, events, seq: 0 };
      host.post(replayStep(w.replay, 0));
      return;
    }
    case "replay-step":
      if (!w.replay) host.post({ type: "error", battle: null, message: "no record is open in the replay viewer", during: "load" });
      else host.post(replayStep(w.replay, msg.step));
      return;
    case "pause":
      w.paused = msg.paused;
      schedule(host, w);
      return;
    case "delay":
      w.delayMs = Math.max(0, msg.delayMs);
      return;
    case "hint": {
      const s = w.session;
      if (!s) {
        host.post({ type: "error", battle: null, message: "no battle is running", during: "decide" });
        return;
      }
      host.post(s.hint(msg.side));
      return;
    }
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

/** The replay viewer's message for step `step` (clamped to the record). */
function replayStep(r: Replay, step: number): FromWorker {
  const at = Math.max(0, Math.min(Math.trunc(step) || 0, r.record.decisions.length));
  const state = r.states[at];
  const d = at > 0 ? r.record.decisions[at - 1] : null;
  r.seq += 1;
  const snapshot: Snapshot = {
    seq: r.seq,
    state,
    toMove: battleGame.toMove(state) as Side | null,
    options: [],
    thinking: false,
    result: battleGame.result(state),
    undoable: { red: 0, black: 0 },
    step: at,
  };
  return {
    type: "replayed",
    battle: r.battle,
    scenario: state.scenario,
    seed: r.record.seed,
    replay: { fileName: r.fileName, total: r.record.decisions.length, step: at, hash: r.hash, decision: d ? { side: d.player as Side, text: describeDecision(d.move) } : null },
    snapshot,
    events: r.events[at],
  };
}
