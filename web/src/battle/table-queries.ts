/**
 * Answers the table's questions (the tape, line of sight, zones, a move's halt) with the
 * ruleset's own functions on the battle's current state: the UI draws the answers and computes
 * no rule. Runs in the worker beside the battle (worker-host.ts).
 */
import { type BattleState, measure, moveHalt, unitZones } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { TableAnswer, TableQuery } from "./protocol.js";

export function answerQuery(state: BattleState, q: TableQuery): TableAnswer {
  switch (q.kind) {
    case "measure":
      return { kind: "measure", measure: measure(state, q.from, q.to) };
    case "zones":
      return { kind: "zones", zones: unitZones(state, q.unit) };
    case "halt":
      return { kind: "halt", halt: moveHalt(state, q.unit, q.heading) };
  }
}
