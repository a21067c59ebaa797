/**
 * The phase summary (issue 25): for a player who does not read the whole log, what happened in
 * this phase so far, whose decision it is, who acts first, and what is still to do. Pure
 * presentation over the state and the log (tested in test/web/phase-summary.test.ts): the work
 * left is the engine's own queue of tasks up to the next phase, counted by kind and side.
 */
import type { BattleState, Side, Task } from "../../../src/rulesets/shieldwall/battle/index.js";
import { type LogEntry, LOSS_EVENTS } from "./store.js";

export interface PhaseSummary {
  /** "Turn 2 of 12 · movement". */
  title: string;
  /** "Red (The English at Maldon, 991) acts first." */
  first: string | null;
  /** Decisions and events of this phase so far: a count and the last few lines. */
  happened: { decisions: number; recent: string[]; losses: string[] };
  /** What is still to do this phase, e.g. "3 red units to move", "1 combat to fight". */
  left: string[];
}

/** Tasks that start a phase: the work of this phase ends before the first of them. */
const PHASE_STARTS = new Set<Task["t"]>(["turn-start", "initiative", "gods", "leadership", "movement", "missiles", "combat", "end-turn"]);

const TASK_WORDS: Partial<Record<Task["t"], [string, string]>> = {
  leader: ["leader to act", "leaders to act"],
  camp: ["camp followers to tend", "camp followers to tend"],
  move: ["unit to move", "units to move"],
  shoot: ["unit to shoot", "units to shoot"],
  declare: ["unit to declare a charge or not", "units to declare a charge or not"],
  "charge-test": ["charge test to throw", "charge tests to throw"],
  melee: ["combat to fight", "combats to fight"],
  "holy-call": ["holy person's call to make", "holy persons' calls to make"],
};

const sideOf = (id: string): Side | null => (id.startsWith("red.") ? "red" : id.startsWith("black.") ? "black" : null);

function taskSide(t: Task): Side | null {
  if ("side" in t) return t.side;
  if ("unit" in t) return sideOf(t.unit);
  if ("leader" in t) return sideOf(t.leader);
  return null;
}

export function phaseSummary(s: BattleState, log: readonly LogEntry[], phaseName: (p: string) => string, whose: string): PhaseSummary {
  const title = `${s.turn === 0 ? "Set-up" : `Turn ${s.turn} of ${s.options.turnLimit}`} · ${phaseName(s.phase)}`;
  const here = log.filter((e) => e.turn === s.turn && e.phase === s.phase && e.kind !== "setup");
  const events = here.filter((e) => e.kind === "event");
  const losses = events.filter((e) => e.type !== undefined && LOSS_EVENTS.has(e.type)).map((e) => e.text);
  const happened = { decisions: here.filter((e) => e.kind === "decision").length, recent: events.slice(-4).map((e) => e.text), losses };
  // The work left: the pending decision's task is already taken off the queue.
  const counts = new Map<string, number>();
  for (const t of s.queue) {
    if (PHASE_STARTS.has(t.t)) break;
    const words = TASK_WORDS[t.t];
    if (!words) continue;
    const side = taskSide(t);
    const key = `${side ?? ""}|${t.t}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const left = [...counts].map(([key, n]) => {
    const [side, t] = key.split("|") as [string, Task["t"]];
    const [one, many] = TASK_WORDS[t]!;
    return `${n} ${side ? `${side} ` : ""}${n === 1 ? one : many}`;
  });
  if (whose) left.unshift(whose);
  const first = s.turn > 0 && s.phase !== "deployment" ? `${s.first === "red" ? "Red" : "Black"} (${s.sides[s.first].name}) acts first.` : null;
  return { title, first, happened, left };
}
