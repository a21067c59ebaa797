/**
 * The signal's choice of units taking the battle standard's extra inch (seed "Deployment": "A
 * unit with less than Blood Lust aggression may choose to add 1" to their initial move if battle
 * standard is within 2""): the screen's choices come from the engine, any subset is sent, and the
 * engine refuses a unit that may not.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../src/rulesets/shieldwall/battle/index.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { BattleSession } from "../../web/src/battle/session.js";
import { initialTicks, signalDecision, toggleTick } from "../../web/src/battle/signal-form.js";

/** A hot-seat Maldon played by the first listed option until a leader may signal with the standard's inch for two units or more. */
function atSignal(seed = 3): { session: BattleSession; choices: string[] } {
  const session = new BattleSession(1, shippedSetup("maldon-991"), seed, { red: "human", black: "human" });
  for (let i = 0; i < 3000 && session.toMove(); i++) {
    const choices = session.options().find((o) => o.standardChoices)?.standardChoices;
    if (choices && choices.length >= 2) return { session, choices };
    const r = session.decide(session.toMove()!, session.options()[0].decision);
    if (r.type === "error") throw new Error(r.message);
  }
  throw new Error("no signal with the battle standard's inch for two units");
}

const standOf = (s: BattleState, unit: string) => s.units.find((u) => u.id === unit)!.stands[0];

describe("the signal's battle standard inch, unit by unit (seed \"Deployment\")", () => {
  it("ticks start all on, toggle in the engine's order, and build the signal decision", () => {
    expect(initialTicks(["a", "b", "c"])).toEqual(["a", "b", "c"]);
    expect(toggleTick(["a", "b", "c"], ["a", "b", "c"], "b")).toEqual(["a", "c"]);
    expect(toggleTick(["a", "b", "c"], ["c"], "a")).toEqual(["a", "c"]);
    expect(signalDecision([])).toEqual({ type: "lead", action: "signal", standard: [] });
  });

  it("offers the engine's eligible units on the signal option; a subset moves only those an inch further", () => {
    const { session, choices } = atSignal();
    const side = session.toMove()!;
    const [skipped, ...taking] = choices;
    const before = session.state;
    const all = session.decide(side, signalDecision(choices));
    expect(all.type).toBe("applied");
    const withAll = session.state;
    expect(session.undo(side).type).toBe("undone");
    expect(session.state).toEqual(before);
    const some = session.decide(side, signalDecision(taking));
    expect(some.type === "applied" && some.text).toContain(`the battle standard's extra inch for ${taking.join(", ")}`);
    // The same dice: the unit left out moved 1" less than with the inch, the others as far.
    const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
    const moved = (s: BattleState, u: string) => dist(standOf(s, u), standOf(before, u));
    expect(moved(withAll, skipped) - moved(session.state, skipped)).toBeCloseTo(1, 6);
    for (const u of taking) expect(moved(session.state, u)).toBeCloseTo(moved(withAll, u), 6);
  });

  it("refuses a unit the engine does not list, with its reason", () => {
    const { session, choices } = atSignal();
    const side = session.toMove()!;
    const outsider = session.state.units.find((u) => !choices.includes(u.id))!.id;
    const r = session.decide(side, signalDecision([outsider]));
    expect(r.type === "error" && r.message).toContain(`${outsider} may not take the battle standard's extra inch`);
  });
});
