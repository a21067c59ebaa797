/**
 * Hard's scenario plans (issue 26; docs/shieldwall/ai.md, "Scenario plans"): for a known scenario
 * and side, commander options found by simulated battles to play that table better than hard's
 * general options — how to deploy (a tight line, wider gaps, facing the enemy) above all. A plan is
 * the tuner's output (`npm run tune:commander -- --plan SCENARIO:SIDE`), an opening book in the
 * sense of game programs: a scenario matches only by its fingerprint (name, table, units), so an
 * edited scenario or army falls back to the general options until it is tuned again.
 */
import type { Side } from "../../army.js";
import type { BattleState } from "../../battle/types.js";
import type { CommanderOptions } from "../commander.js";
import { hashString } from "../view.js";

export interface ScenarioPlan {
  /** {@link scenarioFingerprint} of the scenario the plan was tuned on. */
  fingerprint: string;
  /** For people reading the list: the scenario's file name and what the tuning measured. */
  scenario: string;
  side: Side;
  options: Partial<CommanderOptions>;
  measured: string;
}

/** A unit's facts that never change in a battle. */
function unitFacts(s: BattleState): (string | number)[][] {
  return s.units.map((u) => [u.id, u.side, u.u.kind, u.u.grade, u.u.contingent, u.initialStands]);
}

/**
 * What identifies a scenario for its plans: its name, the table (size, terrain, camps, boats) and
 * every unit's fixed facts (id, side, kind, grade, contingent, stands at the start) — none of which
 * changes during a battle, so any state of the battle gives the same fingerprint.
 */
export function scenarioFingerprint(s: BattleState): string {
  const { width, height, terrain, camps, boats } = s.table;
  const text = JSON.stringify({ scenario: s.scenario, table: { width, height, terrain, camps, boats: boats ?? [] }, units: unitFacts(s) });
  // Two independent 32-bit hashes: a chance match of another scenario is negligible.
  return hashString(text).toString(16).padStart(8, "0") + hashString(`${text.length}:${text}`).toString(16).padStart(8, "0");
}

/** The shipped plans (see the file comment; each entry's `measured` says on what evidence). */
export const SCENARIO_PLANS: readonly ScenarioPlan[] = [];

// A battle's states share their table object: fingerprints are kept per table, with the units'
// fixed facts they were taken from (one table may be set up with other armies), so a search's
// thousands of rollout states compare a few fields instead of hashing the scenario again.
const known = new WeakMap<object, { facts: (string | number)[][]; fingerprint: string }[]>();

function sameFacts(s: BattleState, facts: (string | number)[][]): boolean {
  if (facts.length !== s.units.length) return false;
  return s.units.every((u, i) => {
    const f = facts[i];
    return f[0] === u.id && f[1] === u.side && f[2] === u.u.kind && f[3] === u.u.grade && f[4] === u.u.contingent && f[5] === u.initialStands;
  });
}

function fingerprintOf(s: BattleState): string {
  const entries = known.get(s.table) ?? [];
  const hit = entries.find((e) => sameFacts(s, e.facts));
  if (hit) return hit.fingerprint;
  const fingerprint = scenarioFingerprint(s);
  entries.push({ facts: unitFacts(s), fingerprint });
  known.set(s.table, entries);
  return fingerprint;
}

/** The plan's options for this scenario and side, or none. */
export function scenarioPlan(s: BattleState, side: Side, plans: readonly ScenarioPlan[] = SCENARIO_PLANS): Partial<CommanderOptions> {
  if (plans.length === 0) return {};
  const fingerprint = fingerprintOf(s);
  return plans.find((p) => p.fingerprint === fingerprint && p.side === side)?.options ?? {};
}
