/**
 * The signal to advance with the battle standard's extra inch for the units the player ticks
 * (seed "Deployment": each unit below Blood Lust with the standard within 2" may choose). The
 * choices are the engine's (`OptionView.standardChoices`); this only builds the decision, which
 * the engine checks again.
 */
import type { BattleDecision } from "../../../src/rulesets/shieldwall/battle/index.js";

/** The units ticked at first: all that may (the extra inch is usually wanted). */
export function initialTicks(choices: readonly string[]): string[] {
  return [...choices];
}

/** Ticks or unticks `unit`, keeping the engine's order of the choices. */
export function toggleTick(choices: readonly string[], ticked: readonly string[], unit: string): string[] {
  const on = ticked.includes(unit);
  return choices.filter((u) => (u === unit ? !on : ticked.includes(u)));
}

/** The signal decision for the ticked units (none ticked: the signal without the extra inch). */
export function signalDecision(ticked: readonly string[]): BattleDecision {
  return { type: "lead", action: "signal", standard: [...ticked] };
}
