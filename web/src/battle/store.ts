/**
 * The UI's state: a pure reducer over the worker's messages (tested in test/web/store.test.ts)
 * and the Preact signals the components read. Nothing here computes a rule: it keeps what the
 * worker sent and derives only presentation (names, grouping, filters).
 */
import { signal } from "@preact/signals";
import type { GameEvent } from "../../../src/core/game.js";
import type { BattleDecision, BattleState, Pending, Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { HintView } from "./hint.js";
import type { Controller, FromWorker, OptionView, ReplayStep, Snapshot } from "./protocol.js";

export interface LogEntry {
  n: number;
  kind: "event" | "decision" | "error" | "setup";
  text: string;
  side?: Side;
  turn: number;
  phase: string;
  /** Decisions made when it was logged: undoing back below it removes it. */
  step: number;
  /** Units it names (lit on the table when the entry is clicked). */
  units: string[];
  /** The faces of the dice it reports, in order. */
  dice: number[];
  /** The engine's event type (events only). */
  type?: string;
}

export interface BattleView {
  battle: number;
  scenario: string;
  players: Record<Side, Controller>;
  seed: number;
  snapshot: Snapshot;
  log: LogEntry[];
  /** Side whose computer player is thinking. */
  thinking: Side | null;
  /** The last refusal or failure, in the engine's words (cleared by the next applied decision). */
  error: string | null;
  /** Units named by the last decision's events (marked on the table so each step is seen). */
  lastActed: string[];
  /** Set when this is a record in the replay viewer (no decisions are made). */
  replay: ReplayStep | null;
  /**
   * Losses (units destroyed, broken or surrendered; leaders lost) announced in the page: each
   * once, as the decision that caused it arrives; kept until the person's next decision or dismissed.
   */
  losses: LogEntry[];
  /** The hint asked for (hint.ts), kept while the snapshot it was asked at is shown. */
  hint?: { seq: number; hint: HintView | null; problem: string | null };
}

export interface UiState {
  screen: "setup" | "battle";
  battle: BattleView | null;
  /** Why the last start failed (e.g. an uploaded scenario's named field). */
  startError: string | null;
}

export const initialUi: UiState = { screen: "setup", battle: null, startError: null };

/** The engine's events that announce a loss: a unit destroyed, broken or surrendered, a leader killed or captured. */
export const LOSS_EVENTS: ReadonlySet<string> = new Set(["unit-lost", "leader-lost"]);

/** At most this many log entries are kept (the oldest go first). */
export const LOG_LIMIT = 5000;

function appendLog(log: LogEntry[], entries: Omit<LogEntry, "n">[]): LogEntry[] {
  let n = log.length > 0 ? log[log.length - 1].n : 0;
  const out = log.concat(entries.map((e) => ({ ...e, n: ++n })));
  return out.length > LOG_LIMIT ? out.slice(out.length - LOG_LIMIT) : out;
}

const eventEntries = (events: GameEvent[], state: BattleState, step: number, kind: LogEntry["kind"] = "event"): Omit<LogEntry, "n">[] =>
  events.map((e) => ({
    kind,
    text: e.text,
    turn: typeof e.turn === "number" ? e.turn : state.turn,
    phase: typeof e.phase === "string" ? e.phase : state.phase,
    step,
    units: actedUnits([e], null),
    dice: diceOf(e),
    type: e.type,
  }));

const faces = (v: unknown): number[] => (Array.isArray(v) ? v.flatMap((x) => (typeof x === "number" ? [x] : Array.isArray(x) ? faces(x) : [])) : []);

/** The faces of the dice an engine event reports: its `dice`, or each round's dice of a combat. */
export function diceOf(e: GameEvent): number[] {
  if (Array.isArray(e.dice)) return faces(e.dice);
  if (Array.isArray(e.rounds)) return e.rounds.flatMap((r: { red?: unknown; black?: unknown }) => [...faces(r.red), ...faces(r.black)]);
  return [];
}

/** Units an engine event names (its `unit`, `target` or `units` fields), the decision's subject first. */
export function actedUnits(events: GameEvent[], subject: string | null): string[] {
  const ids = new Set<string>();
  if (subject) ids.add(subject);
  for (const e of events) {
    for (const key of ["unit", "target", "shooter"]) if (typeof e[key] === "string") ids.add(e[key] as string);
    for (const key of ["units", "red", "black"]) if (Array.isArray(e[key])) for (const u of e[key] as unknown[]) if (typeof u === "string") ids.add(u);
  }
  return [...ids].filter((id) => /^(red|black)\./.test(id));
}

/** The UI state after a message from the worker. Messages of an older battle are ignored. */
export function reduce(ui: UiState, msg: FromWorker): UiState {
  const b = ui.battle;
  switch (msg.type) {
    case "started":
      return {
        screen: "battle",
        startError: null,
        battle: {
          battle: msg.battle,
          scenario: msg.scenario,
          players: msg.players,
          seed: msg.seed,
          snapshot: msg.snapshot,
          log: appendLog([], eventEntries(msg.events, msg.snapshot.state, msg.snapshot.step, "setup")),
          thinking: null,
          error: null,
          lastActed: [],
          replay: null,
          losses: [],
        },
      };
    case "replayed": {
      const same = b !== null && b.replay !== null && b.battle === msg.battle;
      if (same && msg.snapshot.seq <= b.snapshot.seq) return ui;
      const d = msg.replay.decision;
      const before = same ? b.snapshot.state : msg.snapshot.state;
      const head: Omit<LogEntry, "n">[] = d
        ? [{ kind: "decision", side: d.side, text: `${d.side}: ${d.text}`, turn: before.turn, phase: before.phase, step: msg.replay.step, units: [], dice: [] }]
        : [];
      return {
        screen: "battle",
        startError: null,
        battle: {
          battle: msg.battle,
          scenario: msg.scenario,
          players: { red: "human", black: "human" },
          seed: msg.seed,
          snapshot: msg.snapshot,
          log: appendLog([], [...head, ...eventEntries(msg.events, msg.snapshot.state, msg.replay.step, d ? "event" : "setup")]),
          thinking: null,
          error: null,
          lastActed: actedUnits(msg.events, null),
          replay: msg.replay,
          losses: [],
        },
      };
    }
    case "undone": {
      if (!b || b.battle !== msg.battle || msg.snapshot.seq <= b.snapshot.seq) return ui;
      const keep = b.log.filter((e) => e.step <= msg.snapshot.step);
      const note: Omit<LogEntry, "n"> = { kind: "decision", side: msg.side, text: `${msg.side} (you): took back a decision`, turn: msg.snapshot.state.turn, phase: msg.snapshot.state.phase, step: msg.snapshot.step, units: [], dice: [] };
      return { ...ui, battle: { ...b, snapshot: msg.snapshot, thinking: null, error: null, lastActed: [], log: appendLog(keep, [note]), losses: [] } };
    }
    case "applied": {
      if (!b || b.battle !== msg.battle || msg.snapshot.seq <= b.snapshot.seq) return ui;
      const who = msg.by === "human" ? `${msg.side} (you)` : `${msg.side} (${msg.by})`;
      const before = b.snapshot.state;
      const p = before.pending;
      const subject = p && "unit" in p ? p.unit : p && "leader" in p ? p.leader : null;
      const about = subject ? `${namesOf(before).get(subject) ?? subject} — ` : "";
      const step = msg.snapshot.step;
      const decision: Omit<LogEntry, "n"> = { kind: "decision", side: msg.side, text: `${who}: ${about}${msg.text}`, turn: before.turn, phase: before.phase, step, units: subject ? [subject].filter((id) => /^(red|black)\./.test(id)) : [], dice: [] };
      const log = appendLog(b.log, [decision, ...eventEntries(msg.events, msg.snapshot.state, step)]);
      // The new entries that announce a loss: each is announced once, now.
      const fresh = log.slice(log.length - msg.events.length).filter((e) => e.type !== undefined && LOSS_EVENTS.has(e.type));
      return {
        ...ui,
        battle: {
          ...b,
          snapshot: msg.snapshot,
          thinking: null,
          error: null,
          lastActed: actedUnits(msg.events, subject),
          log,
          losses: [...(msg.by === "human" ? [] : b.losses), ...fresh].slice(-6),
        },
      };
    }
    case "record":
    case "answer":
      return ui;
    case "hint":
      if (!b || b.battle !== msg.battle || b.snapshot.seq !== msg.seq) return ui;
      return { ...ui, battle: { ...b, hint: { seq: msg.seq, hint: msg.hint, problem: msg.problem } } };
    case "thinking":
      if (!b || b.battle !== msg.battle) return ui;
      return { ...ui, battle: { ...b, thinking: msg.side } };
    case "error":
      if (msg.during === "start" || (msg.during === "load" && ui.screen === "setup")) return { ...ui, startError: msg.message };
      if (!b || (msg.battle !== null && b.battle !== msg.battle)) return ui;
      return {
        ...ui,
        battle: {
          ...b,
          thinking: null,
          error: msg.message,
          log: appendLog(b.log, [
            { kind: "error", text: msg.during === "decide" ? `refused: ${msg.message}` : `error: ${msg.message}`, turn: b.snapshot.state.turn, phase: b.snapshot.state.phase, step: b.snapshot.step, units: [], dice: [] },
          ]),
        },
      };
  }
}

// ---- presentation helpers (pure) ----

/** Unit, leader and contingent names by id, for showing the engine's ids as names. */
export function namesOf(state: BattleState): Map<string, string> {
  const m = new Map<string, string>();
  for (const u of state.units) m.set(u.id, u.u.name);
  for (const l of state.leaders) m.set(l.id, l.name);
  for (const side of ["red", "black"] as const) for (const [id, name] of Object.entries(state.sides[side].contingentNames)) if (!m.has(id)) m.set(id, name);
  return m;
}

/** Replaces every id (e.g. "black.b-band1") in an engine text with its name. */
export function withNames(text: string, names: Map<string, string>): string {
  return text.replace(/\b(red|black)\.[A-Za-z0-9_-]+/g, (id) => names.get(id) ?? id);
}

/** Ids of the units (and contingents, leaders) a decision concerns, the pending one's subject first. */
export function involved(pending: Pending | null, d: BattleDecision): string[] {
  const ids: string[] = [];
  if (pending && "unit" in pending) ids.push(pending.unit);
  if (pending && "leader" in pending) ids.push(pending.leader);
  switch (d.type) {
    case "deploy":
      ids.push(d.contingent);
      break;
    case "god-choice":
      ids.push(d.target);
      break;
    case "lead":
      if ("target" in d) ids.push(d.target);
      break;
    case "camp":
      if (d.target) ids.push(d.target);
      if (d.moveTo) ids.push(d.moveTo);
      break;
    case "shoot":
    case "charge":
      if (d.target) ids.push(d.target);
      break;
    default:
      break;
  }
  return ids;
}

/** The group an option is listed under: the unit, leader or contingent it is about. */
export function subjectOf(state: BattleState, d: BattleDecision): string {
  const p = state.pending;
  if (d.type === "deploy") return d.contingent;
  if (p && "unit" in p) return p.unit;
  if (p && "leader" in p) return p.leader;
  return p ? p.side : "";
}

export interface OptionGroup {
  subject: string;
  options: { index: number; option: OptionView }[];
}

/** Options grouped by subject, in the engine's order. */
export function groupOptions(state: BattleState, options: OptionView[]): OptionGroup[] {
  const groups: OptionGroup[] = [];
  options.forEach((option, index) => {
    const subject = subjectOf(state, option.decision);
    let g = groups.find((x) => x.subject === subject);
    if (!g) groups.push((g = { subject, options: [] }));
    g.options.push({ index, option });
  });
  return groups;
}

/** Units of a contingent or leader's contingent, so that selecting a unit also finds its contingent's options. */
export function unitMatches(state: BattleState, selected: string, ids: string[]): boolean {
  if (ids.includes(selected)) return true;
  const u = state.units.find((x) => x.id === selected);
  if (!u) return false;
  if (ids.includes(u.u.contingent)) return true;
  return state.leaders.some((l) => ids.includes(l.id) && l.unit === selected);
}

/** Options concerning `selected` (all when nothing is selected or none concerns it). */
export function filterOptions(state: BattleState, options: OptionView[], selected: string | null): { shown: number[]; filtered: boolean } {
  const all = options.map((_, i) => i);
  if (!selected) return { shown: all, filtered: false };
  const shown = all.filter((i) => unitMatches(state, selected, involved(state.pending, options[i].decision)));
  return shown.length > 0 ? { shown, filtered: true } : { shown: all, filtered: false };
}

/**
 * An option's button text: the engine's description with names, the enemy leader a challenge
 * goes to, and the LPs it spends (both from the ruleset, sent with the option).
 */
export function optionLabel(option: OptionView, names: Map<string, string>): string {
  let text = withNames(option.text, names);
  if (option.challenges) text = text.replace(/^challenge\b/, `challenge ${names.get(option.challenges) ?? option.challenges}`);
  return option.lpCost ? `${text} · costs ${option.lpCost} LP` : text;
}

/** A heading for an option within its group (moves by kind, deployments by depth), or "" for none. */
export function optionCategory(d: BattleDecision): string {
  if (d.type === "deploy") return `${d.distance}" from the centre line`;
  if (d.type === "lead") return d.action === "done" || d.action === "signal" ? "" : d.action === "challenge" ? "Challenge" : d.action === "cohesion" ? "Cohesion" : "Aggression";
  if (d.type === "camp") return d.moveTo ? "Tend, then join another unit" : "Tend";
  if (d.type !== "move") return "";
  const m = d.move;
  switch (m.kind) {
    case "rest":
    case "hold":
      return "Stay";
    case "advance":
    case "toward":
      return m.extraD6 ? "Advance (AvD + D6)" : "Advance (AvD)";
    case "about-face":
    case "step":
      return "Turn or step";
    case "change-direction":
    case "unformed-move":
    case "form-up":
      return "Change direction, move unformed, form up";
    default:
      return "";
  }
}

/** Indexes of `options` by category, categories in order of first appearance. */
export function byCategory(options: { index: number; option: OptionView }[]): { category: string; options: { index: number; option: OptionView }[] }[] {
  const out: { category: string; options: { index: number; option: OptionView }[] }[] = [];
  for (const o of options) {
    const c = optionCategory(o.option.decision);
    let g = out.find((x) => x.category === c);
    if (!g) out.push((g = { category: c, options: [] }));
    g.options.push(o);
  }
  return out;
}

/**
 * The legal deployment nearest a point tapped on the table (inches): of the contingent given (or
 * else the first contingent offered), the option whose front-line centre (x, and the distance
 * from the centre line on the deciding side's half) is closest. Null when no deployment is pending.
 */
export function nearestDeploy(state: BattleState, options: OptionView[], at: { x: number; y: number }, contingent?: string): number | null {
  const p = state.pending;
  if (!p || p.kind !== "deploy") return null;
  const mid = state.table.height / 2;
  const deploys = options.map((o, i) => ({ d: o.decision, i })).filter((o): o is { d: Extract<BattleDecision, { type: "deploy" }>; i: number } => o.d.type === "deploy");
  if (deploys.length === 0) return null;
  const wanted = contingent && deploys.some((o) => o.d.contingent === contingent) ? contingent : deploys[0].d.contingent;
  let best: number | null = null;
  let bestDist = Infinity;
  for (const { d, i } of deploys) {
    if (d.contingent !== wanted) continue;
    const frontY = state.sides[p.side].half === "south" ? mid - d.distance : mid + d.distance;
    const dist = Math.hypot(d.x - at.x, frontY - at.y);
    if (dist < bestDist) {
      bestDist = dist;
      best = i;
    }
  }
  return best;
}

/** The heading (degrees, anticlockwise from east) a move option points, given the unit's facing; null for none. */
export function moveHeading(d: BattleDecision, facing: number): number | null {
  if (d.type !== "move") return null;
  const m = d.move;
  switch (m.kind) {
    case "advance":
      return facing + m.offset;
    case "change-direction":
    case "unformed-move":
      return m.headings ? null : m.heading;
    case "disembark":
      return m.heading ?? null;
    default:
      return null;
  }
}

/**
 * The legal move pointing nearest the direction of a point tapped on the table (from the moving
 * unit's centre): the first such option in the engine's order. Null when no move is pending or none
 * has a heading.
 */
export function nearestMove(state: BattleState, options: OptionView[], at: { x: number; y: number }): number | null {
  const p = state.pending;
  if (!p || p.kind !== "move") return null;
  const bu = state.units.find((u) => u.id === p.unit);
  if (!bu || bu.stands.length === 0) return null;
  const cx = bu.stands.reduce((n, st) => n + st.x, 0) / bu.stands.length;
  const cy = bu.stands.reduce((n, st) => n + st.y, 0) / bu.stands.length;
  const want = (Math.atan2(at.y - cy, at.x - cx) * 180) / Math.PI;
  let best: number | null = null;
  let bestGap = Infinity;
  options.forEach((o, i) => {
    const h = moveHeading(o.decision, bu.stands[0].facing);
    if (h === null) return;
    const gap = Math.abs((((h - want) % 360) + 540) % 360 - 180);
    if (gap < bestGap - 1e-9) {
      bestGap = gap;
      best = i;
    }
  });
  return best;
}

const PHASE_NAME: Record<string, string> = {
  deployment: "deployment",
  initiative: "initiative",
  gods: "invoke the gods",
  leadership: "leadership",
  movement: "movement",
  missiles: "missile exchange",
  combat: "combat",
  end: "end of turn",
  over: "battle over",
};
export const phaseName = (p: string) => PHASE_NAME[p] ?? p;

/** One line saying what the pending decision is about. */
export function pendingPrompt(state: BattleState, names: Map<string, string>): string {
  const p = state.pending;
  if (!p) return state.result ? "The battle is over." : "";
  const n = (id: string) => names.get(id) ?? id;
  switch (p.kind) {
    case "deploy":
      return "Deploy a contingent: choose where its front line stands (x across the table, distance from the centre line).";
    case "initiative":
      return "You won the initiative: choose who acts first.";
    case "holy-call":
      return `Call on the holy person with ${n(p.leader)}?`;
    case "holy-cancel":
      return "The holy person may cancel the gods' card.";
    case "god-choice":
      return `The gods' card (${p.effect.replace("-", " ")}): choose who it touches.`;
    case "lead":
      return `${n(p.leader)} may spend leadership points.`;
    case "answer":
      return `${n(p.challenger)} challenges ${n(p.leader)} to single combat: accept or refuse.`;
    case "camp":
      return `Camp followers of ${n(p.unit)}: tend a unit, and maybe join another.`;
    case "move":
      return p.follow ? `Move ${n(p.unit)} its retinue's way (spared the control test).` : `Move ${n(p.unit)}.`;
    case "control":
      return `${n(p.unit)} takes a control test: add the A grade +1 or −1, or neither?`;
    case "shoot":
      return `${n(p.unit)} may shoot.`;
    case "charge":
      return p.forced ? `${n(p.unit)} has Blood Lust and must charge: choose the target.` : `${n(p.unit)} may declare a charge.`;
    case "fortune":
      return `You hold a Seven: re-roll ${n(p.unit)}'s ${p.roll.what} dice?`;
    case "duel":
      return `Personal combat: ${p.duel.a.name} against ${p.duel.b.name}.`;
  }
}

// ---- signals ----

export const ui = signal<UiState>(initialUi);
/** The unit the user tapped (its card is shown and the options are filtered to it). */
export const selectedUnit = signal<string | null>(null);
/** The unit under the pointer. */
export const hoveredUnit = signal<string | null>(null);
/** The computer players are paused. */
export const paused = signal(false);
/** Index of the option under the pointer (previewed on the table). */
export const hoveredOption = signal<number | null>(null);
/** Units lit on the table by clicking a log entry. */
export const litUnits = signal<string[]>([]);
/** "New battle" was pressed during a running battle: the page asks before throwing it away. */
export const confirmingNew = signal(false);
/** Index of the option picked by tapping the table (previewed until confirmed or replaced). */
export const pickedOption = signal<number | null>(null);

export function dispatch(msg: FromWorker): void {
  ui.value = reduce(ui.value, msg);
  if (msg.type === "started") {
    confirmingNew.value = false;
    paused.value = false;
    selectedUnit.value = null;
    hoveredOption.value = null;
  }
  if (msg.type === "started" || msg.type === "replayed" || msg.type === "undone") litUnits.value = [];
  if (msg.type === "applied" || msg.type === "started" || msg.type === "undone") {
    hoveredOption.value = null;
    pickedOption.value = null;
    // A unit picked for one decision must not silently filter the next one's options.
    selectedUnit.value = null;
  }
}

/**
 * The odds to show beside the options: the focused option's (pointed at or picked), or else one
 * for each different set of odds among the options (moves share theirs: AvD, AvD + D6), at most `limit`.
 */
export function oddsShown(options: OptionView[], focus: number | null, limit = 4): { index: number; others: number }[] {
  if (focus !== null && options[focus]?.odds) return [{ index: focus, others: 0 }];
  const seen = new Map<string, { index: number; others: number }>();
  options.forEach((o, i) => {
    if (!o.odds) return;
    const key = JSON.stringify(o.odds);
    const had = seen.get(key);
    if (had) had.others++;
    else seen.set(key, { index: i, others: 0 });
  });
  return [...seen.values()].slice(0, limit);
}
