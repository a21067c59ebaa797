import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";
import { probeUnit } from "../../src/rulesets/shieldwall/checks.js";
import { applyFatigue, fatigueDps, formUp, maySideStep, moveDice, moveDist, rollMove, topMoveDice } from "../../src/rulesets/shieldwall/move-dice.js";
import { totalDp } from "../../src/rulesets/shieldwall/units.js";

describe("Shieldwall movement dice and fatigue", () => {
  it("SW-2: the highest the move dice can show is 5 on the AvD alone, 11 with the D6 (rout, retire and pursuit always roll both)", () => {
    expect(topMoveDice({ kind: "normal", extraD6: false })).toBe(5);
    expect(topMoveDice({ kind: "normal", extraD6: true })).toBe(11);
    for (const kind of ["rout", "retire", "pursuit"] as const) expect(topMoveDice({ kind, extraD6: false })).toBe(11);
    // No throw of the dice shows more.
    const rng = Random.fromSeed(11);
    for (let i = 0; i < 200; i++) expect(rollMove(rng, { kind: "normal", extraD6: true, formed: false, soggyGround: false }).roll.total).toBeLessThanOrEqual(11);
  });
  it("Movement rates: AvD plus an optional D6", () => {
    expect(moveDice({ kind: "normal", extraD6: false }).map((d) => d.name)).toEqual(["AvD"]);
    expect(moveDice({ kind: "normal", extraD6: true }).map((d) => d.name)).toEqual(["AvD", "D6"]);
    const one = moveDist({ kind: "normal", extraD6: false, formed: true, soggyGround: false });
    expect(one.map((m) => m.inches).mean()).toEqual(Fraction.of(7, 2));
    const rng = Random.fromSeed(6);
    for (let i = 0; i < 50; i++) {
      const m = rollMove(rng, { kind: "normal", extraD6: true, formed: true, soggyGround: false });
      expect(m.roll.faces).toHaveLength(2);
      expect(m.inches).toBe(m.roll.total);
    }
  });

  it('SW-2 rout, retire and pursuit roll both dice, +1" to rout and retire', () => {
    for (const kind of ["rout", "retire", "pursuit"] as const) expect(moveDice({ kind, extraD6: false })).toHaveLength(2);
    const rng = Random.fromSeed(2);
    const rout = rollMove(rng, { kind: "rout", extraD6: false, formed: false, soggyGround: false });
    expect(rout.inches).toBe(rout.roll.total + 1);
    const pursuit = rollMove(rng, { kind: "pursuit", extraD6: false, formed: false, soggyGround: false });
    expect(pursuit.inches).toBe(pursuit.roll.total);
    expect(moveDist({ kind: "retire", extraD6: false, formed: false, soggyGround: false }).map((m) => m.inches).mean()).toEqual(Fraction.of(7 + 7, 2).add(Fraction.of(1)));
  });

  it("Fatigue: a formed unit takes 1 DP for each 5 or 6 on its move dice", () => {
    expect(fatigueDps([5, 6], true, false)).toBe(2);
    expect(fatigueDps([4, 4], true, false)).toBe(0);
    expect(fatigueDps([5, 2], true, false)).toBe(1);
    // Exact: AvD shows 5 on 1 face in 6, the D6 5-6 on 2 in 6.
    const d = moveDist({ kind: "normal", extraD6: true, formed: true, soggyGround: false }).map((m) => m.fatigue);
    expect(d.mean()).toEqual(Fraction.of(1, 6).add(Fraction.of(1, 3)));
    // Fatigue DPs are always added, even past 4 (SW-12).
    const u = probeUnit({ grade: "B", stands: 2, aggression: "ready", dp: 4 });
    const r = applyFatigue(u, 2).value;
    expect(totalDp(r)).toBe(6);
    expect(r.dp.fatigue).toBe(2);
    expect(r.aggression).toBe("ready");
  });

  it("Fatigue: an unformed unit takes none", () => {
    expect(fatigueDps([5, 6], false, false)).toBe(0);
    expect(fatigueDps([5, 6], false, true)).toBe(0);
    const d = moveDist({ kind: "retire", extraD6: false, formed: false, soggyGround: true }).map((m) => m.fatigue);
    expect(d.probOf(0)).toEqual(Fraction.of(1));
  });

  it("First joker: on soggy ground fatigue DPs come on 4-6", () => {
    expect(fatigueDps([4, 4], true, true)).toBe(2);
    expect(fatigueDps([3, 4], true, true)).toBe(1);
    const d = moveDist({ kind: "normal", extraD6: true, formed: true, soggyGround: true }).map((m) => m.fatigue);
    // AvD 4-5: 3 faces in 6; D6 4-6: 3 in 6.
    expect(d.mean()).toEqual(Fraction.of(1));
  });

  it("SW-1 side-step is for A and B grades only", () => {
    expect(["A", "B", "C", "D"].map((g) => maySideStep(g as "A"))).toEqual([true, true, false, false]);
  });

  it("SW-1 form up: not while in combat", () => {
    const u = { ...probeUnit({ grade: "C", stands: 2, aggression: "present" }), formed: false };
    expect(formUp(u).value.formed).toBe(true);
    expect(() => formUp({ ...u, inCombat: true })).toThrow(/in combat and may not reform/);
  });
});
