import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { probeUnit } from "../../src/rulesets/shieldwall/checks.js";
import {
  battleStandardRetiring,
  enemyAdvancingBeforeSignal,
  enemyBrokenNearby,
  friendBrokenNearby,
  friendRetiringNearby,
  leaderKilled,
  personalCombatOutcome,
} from "../../src/rulesets/shieldwall/morale.js";
import {
  AGGRESSION_LEVELS,
  type Aggression,
  addDisorder,
  aggressionIndex,
  DP_KINDS,
  dropAggression,
  emptyDp,
  type Grade,
  raiseAggression,
  totalDp,
  type UnitState,
} from "../../src/rulesets/shieldwall/units.js";

function unit(over: Partial<UnitState> = {}): UnitState {
  return { ...probeUnit({ grade: "B", stands: 2, aggression: "present" }), ...over };
}

describe("Shieldwall disorder points and aggression", () => {
  it("SW-13 aggression levels run Shaken, Present, Ready, Blood Lust", () => {
    expect([...AGGRESSION_LEVELS]).toEqual(["shaken", "present", "ready", "bloodlust"]);
    let u = unit({ aggression: "shaken" });
    for (const next of ["present", "ready", "bloodlust"] as Aggression[]) {
      u = raiseAggression(u).value;
      expect(u.aggression).toBe(next);
    }
  });

  it("SW-13 raising Blood Lust has no effect", () => {
    const u = unit({ aggression: "bloodlust" });
    const r = raiseAggression(u, 2);
    expect(r.value).toEqual(u);
    expect(r.notes[0]).toMatch(/already at Blood Lust/);
  });

  it("SW-13 a Shaken unit that drops loses a stand", () => {
    const r = dropAggression(unit({ aggression: "shaken", stands: 2 }));
    expect(r.value).toMatchObject({ aggression: "shaken", stands: 1, status: "active" });
  });

  it("SW-13 a unit with no stands left is destroyed", () => {
    const r = dropAggression(unit({ aggression: "present", stands: 1 }), 2);
    expect(r.value).toMatchObject({ aggression: "shaken", stands: 0, status: "destroyed" });
    // Nothing more happens to a destroyed unit.
    expect(addDisorder(r.value, "combat").value).toEqual(r.value);
  });

  it("SW-12 each DP keeps its kind", () => {
    for (const k of DP_KINDS) {
      const u = addDisorder(unit({ dp: emptyDp() }), k, 2).value;
      expect(u.dp).toEqual({ ...emptyDp(), [k]: 2 });
    }
    let u = unit({ dp: emptyDp() });
    for (const k of ["morale", "fatigue", "combat", "shooting"] as const) u = addDisorder(u, k).value;
    expect(u.dp).toEqual({ fatigue: 1, manoeuvre: 0, shooting: 1, combat: 1, morale: 1 });
  });

  it("SW-12 a fifth combat, shooting or morale DP becomes an aggression drop", () => {
    for (const kind of ["combat", "shooting", "morale"] as const) {
      const u = unit({ aggression: "ready", dp: { ...emptyDp(), fatigue: 4 } });
      const r = addDisorder(u, kind);
      expect(totalDp(r.value)).toBe(4);
      expect(r.value.aggression).toBe("present");
      // A Shaken unit over 4 DPs loses a stand instead (SW-13).
      const s = addDisorder({ ...u, aggression: "shaken" }, kind);
      expect(s.value.stands).toBe(1);
    }
  });

  it("SW-12 fatigue and manoeuvre DPs are always added", () => {
    for (const kind of ["fatigue", "manoeuvre"] as const) {
      const u = unit({ aggression: "ready", dp: { ...emptyDp(), combat: 4 } });
      const r = addDisorder(u, kind, 2);
      expect(totalDp(r.value)).toBe(6);
      expect(r.value.aggression).toBe("ready");
    }
  });

  it("SW-12 property: a DP never lowers the count and changes aggression only past 4", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DP_KINDS),
        fc.constantFrom(...AGGRESSION_LEVELS),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 2 }),
        (kind, aggression, dp, stands) => {
          const u = unit({ aggression, stands, dp: { ...emptyDp(), fatigue: dp } });
          const r = addDisorder(u, kind).value;
          const overflow = dp >= 4 && kind !== "fatigue" && kind !== "manoeuvre";
          if (overflow) {
            expect(totalDp(r)).toBe(dp);
            if (aggression === "shaken") expect(r.stands).toBe(stands - 1);
            else expect(aggressionIndex(r.aggression)).toBe(aggressionIndex(aggression) - 1);
          } else {
            expect(totalDp(r)).toBe(dp + 1);
            expect(r.aggression).toBe(aggression);
          }
        },
      ),
      { seed: 12, numRuns: 300 },
    );
  });

  it('SW-14 a friend of equal or higher grade retiring within 2" gives 1 morale DP', () => {
    const c = unit({ grade: "C", dp: emptyDp() });
    for (const g of ["A", "B", "C"] as Grade[]) expect(friendRetiringNearby(c, { retiringGrade: g, within2: true }).value.dp.morale).toBe(1);
    expect(friendRetiringNearby(c, { retiringGrade: "D", within2: true }).value).toEqual(c);
    expect(friendRetiringNearby(c, { retiringGrade: "A", within2: false }).value).toEqual(c);
  });

  it('SW-14 an equal or higher grade friend broken or destroyed within 2" drops one level', () => {
    const b = unit({ grade: "B", aggression: "ready" });
    expect(friendBrokenNearby(b, { brokenGrade: "A", within2: true }).value.aggression).toBe("present");
    expect(friendBrokenNearby(b, { brokenGrade: "B", within2: true }).value.aggression).toBe("present");
    expect(friendBrokenNearby(b, { brokenGrade: "C", within2: true }).value).toEqual(b);
    expect(friendBrokenNearby(b, { brokenGrade: "A", within2: false }).value).toEqual(b);
  });

  it("Leader killed: his contingent drops one level, the whole army for the commander-in-chief", () => {
    const army = [unit({ id: "r", contingent: "x", aggression: "ready" }), unit({ id: "b", contingent: "x" }), unit({ id: "o", contingent: "y", aggression: "ready" })];
    const r = leaderKilled(army, { contingent: "x", commanderInChief: false, name: "Offa" });
    expect(r.value.map((u) => u.aggression)).toEqual(["present", "shaken", "ready"]);
    const c = leaderKilled(army, { contingent: "x", commanderInChief: true, name: "Byrhtnoth" });
    expect(c.value.map((u) => u.aggression)).toEqual(["present", "shaken", "present"]);
    expect(c.notes[0]).toMatch(/commander-in-chief/);
  });

  it("SW-14 a retiring battle standard drops every unit of its army once", () => {
    const army = [unit({ id: "a", contingent: "x", aggression: "bloodlust" }), unit({ id: "b", contingent: "y" })];
    const first = battleStandardRetiring(army, false);
    expect(first.value.map((u) => u.aggression)).toEqual(["ready", "shaken"]);
    expect(first.applied).toBe(true);
    const again = battleStandardRetiring(first.value, first.applied);
    expect(again.value).toEqual(first.value);
  });

  it('Enemy broken, destroyed or retiring within 2" raises one level', () => {
    const u = unit({ aggression: "present" });
    expect(enemyBrokenNearby(u, { within2: true }).value.aggression).toBe("ready");
    expect(enemyBrokenNearby(u, { within2: false }).value).toEqual(u);
  });

  it("Personal combat: the loser's contingent takes 1 morale DP, the winner's rises one level", () => {
    const winners = [unit({ id: "w1", contingent: "w" }), unit({ id: "w2", contingent: "v" })];
    const losers = [unit({ id: "l1", contingent: "l", dp: emptyDp() }), unit({ id: "l2", contingent: "m", dp: emptyDp() })];
    const r = personalCombatOutcome(winners, losers, { winnerContingent: "w", loserContingent: "l" });
    expect(r.winners.map((u) => u.aggression)).toEqual(["ready", "present"]);
    expect(r.losers.map((u) => u.dp.morale)).toEqual([1, 0]);
  });

  it('SW-15 enemy advancing within 8" before the signal gives 1 morale DP, once per phase', () => {
    const u = unit({ dp: emptyDp() });
    const hit = enemyAdvancingBeforeSignal(u, { contingentSignalled: false, enemyAdvancedWithin8: true, alreadyThisPhase: false });
    expect(hit.took).toBe(true);
    expect(hit.value.dp.morale).toBe(1);
    expect(enemyAdvancingBeforeSignal(hit.value, { contingentSignalled: false, enemyAdvancedWithin8: true, alreadyThisPhase: true }).value).toEqual(hit.value);
    expect(enemyAdvancingBeforeSignal(u, { contingentSignalled: true, enemyAdvancedWithin8: true, alreadyThisPhase: false }).took).toBe(false);
    expect(enemyAdvancingBeforeSignal(u, { contingentSignalled: false, enemyAdvancedWithin8: false, alreadyThisPhase: false }).took).toBe(false);
  });
});
