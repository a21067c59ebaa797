/** The GURPS page's state code (web/src/gurps/attack-state.ts): a die at a time, the same attack as the ruleset's seeded resolution. */
import { describe, expect, it } from "vitest";
import { Random } from "../../src/core/random.js";
import { exampleAttack, MODES, planAttack } from "../../src/rulesets/gurps/attack.js";
import { compareResult } from "../../src/rulesets/gurps/calculators.js";
import { resolveAttack } from "../../src/rulesets/gurps/resolve.js";
import { resultText, startAttack, throwAll, throwNext } from "../../web/src/gurps/attack-state.js";

describe("one attack, a die at a time", () => {
  it.each(MODES)("%s: throwing step by step gives the seeded resolution's dice, notes and outcome", (mode) => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = planAttack(exampleAttack({ mode }));
      if (!r.ok) throw new Error(r.reason);
      const whole = resolveAttack(r.plan, Random.fromSeed(seed));
      let s = startAttack(r.plan, seed);
      let guard = 0;
      while (!s.step.done && guard++ < 10) s = throwNext(s);
      expect(s.steps.map((x) => [x.purpose, x.faces, x.note])).toEqual(whole.steps.map((x) => [x.purpose, x.roll.faces, x.note]));
      expect(s.step.done && s.step.outcome).toBe(whole.outcome);
      expect(throwAll(startAttack(r.plan, seed))).toEqual(s);
      expect(resultText(s)).toBeTruthy();
    }
  });

  it("a given total is used instead of a throw", () => {
    const r = planAttack(exampleAttack({ mode: "db", defense: { kind: "none", value: 0 } }));
    if (!r.ok) throw new Error(r.reason);
    const s = throwNext(startAttack(r.plan, 1), 18);
    expect(s.step).toMatchObject({ done: true, outcome: "criticalMiss" });
    expect(resultText(s)).toMatch(/critical miss/i);
  });

  it("the compare view has all four treatments, each summing to 1 where available", () => {
    const c = compareResult(exampleAttack()) as { treatments: Record<string, Record<string, { decimal: number }> & { available: boolean }> };
    expect(Object.keys(c.treatments)).toEqual([...MODES]);
    for (const t of Object.values(c.treatments)) {
      if (!t.available) continue;
      const sum = ["criticalHit", "hit", "shield", "defended", "miss", "criticalMiss"].reduce((a, k) => a + t[k].decimal, 0);
      expect(sum).toBeCloseTo(1, 12);
    }
  });
});
