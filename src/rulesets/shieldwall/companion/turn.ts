/**
 * The turn at the table (seed "Turn Sequence" and "Deployment"): the six phases in the seed's
 * order, each with what to do in plain words, and the acting order as a checklist — the side with
 * the initiative first, its contingents from right to left, in each the retinue and then the bands.
 * The end of a turn refreshes the leaders' LPs (ruling SW-7).
 */
import { type Side } from "../army.js";
import { lpLeft, refreshLeader } from "../leaders.js";
import { AGGRESSION_NAME, type UnitState } from "../units.js";
import { CompanionError, type CompanionState, logged, otherSide, PHASE_IDS, type PhaseId } from "./state.js";
import type { TestKind } from "./tests.js";

export interface PhaseInfo {
  id: PhaseId;
  number: number;
  title: string;
  /** What the players do, in the seed's order, for someone without the rulebook. */
  howTo: string[];
}

export const PHASES: Record<PhaseId, PhaseInfo> = {
  initiative: {
    id: "initiative",
    number: 1,
    title: "Initiative",
    howTo: ["Each side rolls a D6, +1 for the side whose commander-in-chief has more LPs; ties roll again.", "The winner chooses who acts first in every phase of this turn."],
  },
  gods: {
    id: "gods",
    number: 2,
    title: "Invoke the gods",
    howTo: [
      "Draw a card from the god pack: red cards affect red, black cards black, jokers both.",
      "A leader with a holy person may spend 1 LP to call on him: a single caller may cancel the card and draw another, which stands. Both calling cancel out.",
      "Apply the card at once (a Five or Seven may be kept as a token).",
    ],
  },
  leadership: {
    id: "leadership",
    number: 3,
    title: "Leadership",
    howTo: [
      "Each leader whose retinue is not in combat spends his LPs on units within 2\" of his retinue: remove 1 DP (2 LPs), raise or lower aggression a level (2 LPs), signal the advance (1 LP: every unit of the contingent makes its initial move), challenge the closest enemy leader (3 LPs).",
      "Fight personal combats. Camp followers remove DPs.",
    ],
  },
  movement: {
    id: "movement",
    number: 4,
    title: "Movement",
    howTo: [
      "Units further than 2\" from their leader's retinue, pursuers who want to stop and units whose leader was killed take a control test first.",
      "Move each unit (AvD, optionally + D6; fatigue DP on each die of 5-6) stopping 2\" from the enemy, or rest to remove a DP.",
      "Shaken units may not advance; units may not advance before their leader signalled.",
    ],
  },
  missiles: {
    id: "missiles",
    number: 5,
    title: "Missile exchange",
    howTo: ["Units not in combat shoot at enemies within 2\": 2 D6 per stand, each 6 hits; halved against a retinue or cover.", "Hits count only once both sides have shot: then end the exchange to apply them, and roll the risk to leaders hit."],
  },
  combat: {
    id: "combat",
    number: 6,
    title: "Charges and combat",
    howTo: [
      "Declare and test charges (initiative side first): a unit within 2\" of its target charges on a D6 of 4+ after modifiers; a failure costs 1 DP. Shaken units may not charge; Blood Lust charges automatically.",
      "Resolve each combat; the result table moves the units. Then free hacks on caught routers, and risk to the leaders who fought.",
    ],
  },
};

export interface ChecklistItem {
  id: string;
  side: Side | null;
  text: string;
  /** The unit or leader the item is about. */
  subject: string | null;
  /** The tests the item may need. */
  tests: TestKind[];
  done: boolean;
}

/** Sides in acting order: the one with the initiative first (red until it is settled). */
export function sideOrder(state: CompanionState): Side[] {
  const first = state.first ?? "red";
  return [first, otherSide(first)];
}

/** A side's active units in acting order: contingents right to left, each retinue then its bands (seed "Deployment"). */
export function actingOrder(state: CompanionState, side: Side): UnitState[] {
  const s = state.sides[side];
  const out: UnitState[] = [];
  const order = [...s.contingentOrder, ...s.units.map((u) => u.contingent).filter((c) => !s.contingentOrder.includes(c))];
  for (const c of [...new Set(order)]) {
    const units = s.units.filter((u) => u.contingent === c && u.status === "active");
    out.push(...units.filter((u) => u.kind === "retinue"), ...units.filter((u) => u.kind !== "retinue"));
  }
  return out;
}

function unitLine(u: UnitState): string {
  return `${u.name} (${u.grade}, ${AGGRESSION_NAME[u.aggression]}${u.inCombat ? ", in combat" : ""})`;
}

/** The current phase's checklist in acting order. */
export function checklist(state: CompanionState): ChecklistItem[] {
  const items: Omit<ChecklistItem, "done">[] = [];
  const add = (id: string, side: Side | null, text: string, subject: string | null = null, tests: TestKind[] = []) => items.push({ id: `${state.phase}:${id}`, side, text, subject, tests });
  const order = sideOrder(state);
  switch (state.phase) {
    case "initiative":
      add("roll", null, "Roll for the initiative", null, ["initiative"]);
      add("choose", null, state.first ? `${state.first} acts first this turn` : "The winner chooses who acts first");
      break;
    case "gods":
      add("draw", null, "Draw the god card");
      add("calls", null, "Holy persons: call or not (initiative side decides first)");
      add("apply", null, "Apply the card's effect");
      break;
    case "leadership":
      for (const side of order) {
        for (const u of actingOrder(state, side)) {
          for (const l of state.sides[side].leaders.filter((x) => x.unit === u.id && x.status === "alive")) {
            add(`lead:${l.id}`, side, `${l.name}: ${lpLeft(l)} LP${lpLeft(l) === 1 ? "" : "s"} to spend${u.inCombat ? " — his retinue is in combat: no LPs (ruling SW-8)" : ""}${l.signalled ? "" : "; advance not yet signalled"}`, l.id, ["refusal"]);
          }
        }
      }
      add("duels", null, "Fight any personal combats");
      add("camp", null, "Camp followers remove DPs");
      break;
    case "movement":
      for (const side of order) for (const u of actingOrder(state, side)) add(`move:${u.id}`, side, `${unitLine(u)}: control test if needed, then move or rest`, u.id, ["control", "move", "rest"]);
      break;
    case "missiles":
      for (const side of order) for (const u of actingOrder(state, side)) if (!u.inCombat) add(`shoot:${u.id}`, side, `${unitLine(u)}: shoot at an enemy within 2"?`, u.id, ["shooting"]);
      add("end", null, "End the exchange: apply the hits, then the risk to leaders hit", null, ["leader-risk"]);
      break;
    case "combat":
      for (const side of order) for (const u of actingOrder(state, side)) if (!u.inCombat) add(`charge:${u.id}`, side, `${unitLine(u)}: charge an enemy within 2"?`, u.id, ["charge"]);
      for (const side of order) for (const u of actingOrder(state, side)) if (u.inCombat) add(`fight:${u.id}`, side, `${unitLine(u)}: resolve its combat`, u.id, ["combat", "free-hack"]);
      add("after", null, "Moves following combat; risk to leaders who fought; a destroyed retinue's leader rolls", null, ["leader-risk", "retinue-eliminated"]);
      break;
  }
  return items.map((i) => ({ ...i, done: state.done.includes(i.id) }));
}

/** Ticks or unticks a checklist item. */
export function toggleDone(state: CompanionState, itemId: string): CompanionState {
  const done = state.done.includes(itemId) ? state.done.filter((x) => x !== itemId) : [...state.done, itemId];
  return { ...state, done };
}

/**
 * The winner of the initiative chooses who acts first (seed "Turn Sequence" 1: "for each phase in
 * the turn", as the battle's default `initiativeChoice` "per-phase"): allowed in every phase.
 */
export function chooseFirst(state: CompanionState, side: Side): CompanionState {
  if (state.first === side) return state;
  return logged({ ...state, first: side }, [`${side} acts first${state.phase === "initiative" ? " this turn" : " in this phase"}`]);
}

/** Moves a contingent one place towards the right of its side's line (the players' table sets the order). */
export function moveContingentRight(state: CompanionState, side: Side, contingent: string): CompanionState {
  const order = [...state.sides[side].contingentOrder];
  const i = order.indexOf(contingent);
  if (i < 0) throw new CompanionError(`no ${side} contingent "${contingent}"`);
  if (i === 0) return state;
  [order[i - 1], order[i]] = [order[i], order[i - 1]];
  return { ...state, sides: { ...state.sides, [side]: { ...state.sides[side], contingentOrder: order } } };
}

/** Why the phase cannot end yet, or null. */
export function phaseEndProblem(state: CompanionState): string | null {
  if (state.rolled) return "a roll is waiting: apply it or set it aside";
  if (state.duel) return "a personal combat is being fought: finish it first";
  if (state.phase === "initiative" && state.first === null) return "roll for the initiative first (or choose who acts first)";
  if (state.phase === "gods" && state.god.inPlay) return "the god card must be applied first";
  if (state.phase === "missiles" && Object.values(state.missileHits).some((h) => h > 0)) return "end the exchange first: its hits are not applied yet";
  return null;
}

/** The next phase; after combat, the next turn: the leaders' LPs refresh (ruling SW-7), charges are forgotten. */
export function nextPhase(state: CompanionState): CompanionState {
  const why = phaseEndProblem(state);
  if (why) throw new CompanionError(why);
  const i = PHASE_IDS.indexOf(state.phase);
  if (i < PHASE_IDS.length - 1) {
    const phase = PHASE_IDS[i + 1];
    return logged({ ...state, phase, done: [] }, [`— ${PHASES[phase].number}. ${PHASES[phase].title}`]);
  }
  const refresh = (side: Side) => ({ ...state.sides[side], leaders: state.sides[side].leaders.map(refreshLeader) });
  const next: CompanionState = { ...state, turn: state.turn + 1, phase: "initiative", done: [], chargedThisTurn: [], sides: { red: refresh("red"), black: refresh("black") } };
  return logged(next, [`Turn ${next.turn} begins: every leader's LPs refresh (ruling SW-7)`]);
}
