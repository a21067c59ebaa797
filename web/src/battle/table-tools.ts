/**
 * The table's tools: the tape, line of sight and zones (docs/web.md, "Measuring"), and dragging a
 * move. Pure state code (tested in test/web/table-tools.test.ts) plus the signals the table reads.
 * Every verdict comes from the ruleset through the worker (`TableQuery`); what is here only picks
 * stands, keeps the answers, words them and picks among the engine's listed options.
 */
import { signal } from "@preact/signals";
import type { BattleDecision, MoveHalt, TapeMeasure, UnitZones } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { FromWorker, OptionView, TableQuery } from "./protocol.js";
import { moveHeading } from "./store.js";

export type Tool = "inspect" | "tape" | "sight" | "zones";

export interface StandPick {
  unit: string;
  stand: number;
}

export interface ToolState {
  tool: Tool;
  /** The first stand picked (the tape's start, the viewer). */
  first: StandPick | null;
  second: StandPick | null;
  zonesUnit: string | null;
  /** The query awaiting its answer (answers to older ones are dropped). */
  waiting: number | null;
  measure: TapeMeasure | null;
  zones: UnitZones | null;
  /** The 2" halt of a move by heading (degrees, rounded to 0.01°), for the unit being dragged. */
  halts: Record<string, MoveHalt>;
  problem: string | null;
}

export const initialTools: ToolState = { tool: "inspect", first: null, second: null, zonesUnit: null, waiting: null, measure: null, zones: null, halts: {}, problem: null };

let nextId = 0;
/** A fresh query id (unique within the page). */
export function queryId(): number {
  return ++nextId;
}

/** Chooses a tool: what was measured or shown goes. */
export function chooseTool(ts: ToolState, tool: Tool): ToolState {
  return { ...initialTools, halts: ts.halts, tool };
}

/**
 * A stand (or unit, for zones) tapped with the current tool: the new state and the question to
 * send the ruleset (null: none yet). The tape and the sight line take two stands: the first tap
 * picks the start, the second the end; a third starts again.
 */
export function pickStand(ts: ToolState, pick: StandPick, id: number): { next: ToolState; query: TableQuery | null } {
  if (ts.tool === "inspect") return { next: ts, query: null };
  if (ts.tool === "zones") {
    return { next: { ...ts, zonesUnit: pick.unit, zones: null, waiting: id, problem: null }, query: { kind: "zones", unit: pick.unit } };
  }
  if (ts.first === null || ts.second !== null) return { next: { ...ts, first: pick, second: null, measure: null, waiting: null, problem: null }, query: null };
  if (ts.first.unit === pick.unit && ts.first.stand === pick.stand) return { next: { ...ts, first: null, measure: null }, query: null };
  return { next: { ...ts, second: pick, measure: null, waiting: id, problem: null }, query: { kind: "measure", from: ts.first, to: pick } };
}

/** The question to ask again after the table changed (a decision moved the units), if any. */
export function requery(ts: ToolState, id: number): { next: ToolState; query: TableQuery | null } {
  // Halts belong to the unit that was moving and where it stood: asked again when needed.
  if (ts.tool === "zones" && ts.zonesUnit) return { next: { ...ts, halts: {}, waiting: id }, query: { kind: "zones", unit: ts.zonesUnit } };
  if ((ts.tool === "tape" || ts.tool === "sight") && ts.first && ts.second) return { next: { ...ts, halts: {}, waiting: id }, query: { kind: "measure", from: ts.first, to: ts.second } };
  return { next: { ...ts, halts: {} }, query: null };
}

export const haltKey = (heading: number) => (Math.round(heading * 100) / 100).toFixed(2);

/** Keeps the ruleset's answer (an answer to an older question is dropped, except halts, which are kept by heading). */
export function receive(ts: ToolState, msg: Extract<FromWorker, { type: "answer" }>): ToolState {
  const a = msg.answer;
  if (a?.kind === "halt") return { ...ts, halts: { ...ts.halts, [haltKey(a.halt.heading)]: a.halt } };
  if (msg.id !== ts.waiting) return ts;
  if (!a) return { ...ts, waiting: null, problem: msg.problem, measure: null, zones: null };
  if (a.kind === "measure") return { ...ts, waiting: null, measure: a.measure, problem: null };
  return { ...ts, waiting: null, zones: a.zones, problem: null };
}

/** Inches to one decimal, with the inch mark. */
export const inches = (d: number) => `${(Math.round(d * 10) / 10).toFixed(1)}"`;

/** The tape's verdicts in words, each with its answer (the rules' words; the ruleset decided each). */
export function verdicts(m: TapeMeasure, names: Map<string, string>): { label: string; yes: boolean; why?: string }[] {
  const who = names.get(m.from.unit) ?? m.from.unit;
  const blockers = m.sight.blockers.map((b) => b.name).join("; ");
  return [
    { label: 'within 2"', yes: m.within2 },
    { label: 'within 8"', yes: m.within8 },
    { label: `in the 22½° arc of ${who}'s front`, yes: m.inArc, why: m.arc === null ? "unformed: moves any way" : undefined },
    { label: "in sight", yes: m.sight.clear, why: m.sight.clear ? (m.sight.allRound ? "unformed: sees all round" : undefined) : `blocked: ${blockers || "no clear line from the front edge"}` },
  ];
}

// ---- dragging a move ----

/** What a drag of the moving unit asks for: a heading (degrees) and a distance (inches). */
export interface DragMove {
  heading: number;
  distance: number;
  extraD6: boolean;
  /** Declare a stop at the dragged distance (where the engine lists such a move). */
  stop: boolean;
}

const angleGap = (a: number, b: number) => Math.abs((((a - b) % 360) + 540) % 360 - 180);

type MoveDecision = Extract<BattleDecision, { type: "move" }>;

/** The distinct headings of the listed move options with a heading (for snapping the ghost). */
export function moveHeadings(options: readonly OptionView[], facing: number): number[] {
  const out: number[] = [];
  for (const o of options) {
    const h = moveHeading(o.decision, facing);
    if (h !== null && !out.some((x) => angleGap(x, h) < 1e-6)) out.push(h);
  }
  return out;
}

/** The listed heading nearest `want` (null if none). */
export function snapHeading(headings: readonly number[], want: number): number | null {
  let best: number | null = null;
  for (const h of headings) if (best === null || angleGap(h, want) < angleGap(best, want) - 1e-9) best = h;
  return best;
}

/**
 * The engine's listed move nearest the drag: the nearest heading first, then the extra D6 as
 * toggled, then a declared stop nearest the dragged distance (or none, if not toggled). Never a
 * move the engine did not list: `index` is into `options`; `mismatch` says what of the drag no
 * listed move has (so the player sees it before committing).
 */
export function nearestMoveOption(options: readonly OptionView[], facing: number, drag: DragMove): { index: number; mismatch: string[] } | null {
  let best: { index: number; score: number; mismatch: string[] } | null = null;
  options.forEach((o, index) => {
    if (o.decision.type !== "move") return;
    const h = moveHeading(o.decision, facing);
    if (h === null) return;
    const m = (o.decision as MoveDecision).move;
    const extra = "extraD6" in m ? m.extraD6 === true : false;
    const stopAt = "stopAt" in m ? m.stopAt : undefined;
    const mismatch: string[] = [];
    let score = angleGap(h, drag.heading) * 1000;
    if (extra !== drag.extraD6) {
      score += 500;
      mismatch.push(drag.extraD6 ? "no listed move on this heading takes the extra D6" : "every listed move on this heading takes the extra D6");
    }
    if (drag.stop) {
      if (stopAt === undefined) {
        score += 100;
        mismatch.push(`no listed move on this heading declares a stop near ${inches(drag.distance)}`);
      } else score += Math.abs(stopAt - drag.distance);
    } else if (stopAt !== undefined) score += 200;
    if (!best || score < best.score - 1e-9) best = { index, score, mismatch };
  });
  if (!best) return null;
  const { index, mismatch } = best;
  return { index, mismatch };
}

/** The listed moves' extra-D6 and declared-stop choices on a heading, so the toggles offer only what the engine lists. */
export function moveChoicesOn(options: readonly OptionView[], facing: number, heading: number): { extraD6: boolean[]; stops: number[] } {
  const extra = new Set<boolean>();
  const stops = new Set<number>();
  for (const o of options) {
    const h = moveHeading(o.decision, facing);
    if (h === null || angleGap(h, heading) > 1e-6) continue;
    const m = (o.decision as MoveDecision).move;
    if ("extraD6" in m && typeof m.extraD6 === "boolean") extra.add(m.extraD6);
    if ("stopAt" in m && m.stopAt !== undefined) stops.add(m.stopAt);
  }
  return { extraD6: [...extra].sort(), stops: [...stops].sort((a, b) => a - b) };
}

// ---- signals ----

export const tools = signal<ToolState>(initialTools);
/** The move being dragged or dropped (null: none). */
export const dragMove = signal<DragMove | null>(null);

/** The worker's answer to a table question (engine.ts routes it here). */
export function answered(msg: Extract<FromWorker, { type: "answer" }>): void {
  tools.value = receive(tools.value, msg);
}
