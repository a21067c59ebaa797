import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Dist } from "../../src/core/distribution.js";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";
import {
  applyChargeResult,
  applyRisk,
  applyShootingHits,
  type ChargeInput,
  ChargeRefused,
  chargeDist,
  chargeModifiers,
  controlDist,
  controlModifier,
  controlResult,
  freeHackDist,
  leaderRiskDist,
  leaderRiskRolls,
  missileExchange,
  mustDeclareCharge,
  mustTakeControlTest,
  probeUnit,
  resolveCharge,
  resolveControl,
  resolveFreeHack,
  resolveLeaderRisk,
  resolveRetinueEliminated,
  resolveShooting,
  retinueEliminatedDist,
  retinueEliminatedOutcome,
  riskOutcome,
  riskOutcomeDist,
  shootingDice,
  shootingHitsDist,
  shootingRefusal,
  shootingTargetDist,
  targetOutcome,
} from "../../src/rulesets/shieldwall/checks.js";
import { AGGRESSION_LEVELS, type Aggression, emptyDp, type Grade, type LeaderState, probeLeader, totalDp, type UnitState } from "../../src/rulesets/shieldwall/units.js";

const GRADES: Grade[] = ["A", "B", "C", "D"];

function leader(over: Partial<LeaderState> = {}): LeaderState {
  return probeLeader({ id: "l", name: "Godric", lpValue: 3, ...over });
}

/** Seeded frequencies agree with the exact distribution within 4.5 standard errors for every outcome. */
function agrees<T>(dist: Dist<T>, sample: () => T, n: number, key: (v: T) => string = (v) => JSON.stringify(v)): void {
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = key(sample());
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const exact = new Map<string, number>();
  for (const o of dist.outcomes()) exact.set(key(o.value), (exact.get(key(o.value)) ?? 0) + o.p.toNumber());
  for (const k of counts.keys()) expect(exact.has(k), `seeded outcome ${k} is impossible in the exact distribution`).toBe(true);
  for (const [k, p] of exact) {
    const f = (counts.get(k) ?? 0) / n;
    expect(Math.abs(f - p), `outcome ${k}: seeded ${f} vs exact ${p}`).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-9);
  }
}

describe("Shieldwall control test", () => {
  it("Control test: who must test", () => {
    const none = { beyond2OfRetinue: false, unbrokenLineSameDirection: false, ceasingPursuit: false, leaderKilled: false };
    expect(mustTakeControlTest(none).must).toBe(false);
    expect(mustTakeControlTest({ ...none, beyond2OfRetinue: true }).must).toBe(true);
    expect(mustTakeControlTest({ ...none, beyond2OfRetinue: true, unbrokenLineSameDirection: true }).must).toBe(false);
    expect(mustTakeControlTest({ ...none, ceasingPursuit: true }).reasons).toEqual(["to cease pursuit"]);
    expect(mustTakeControlTest({ ...none, leaderKilled: true }).reasons).toEqual(["its leader has been killed"]);
  });

  it("Control test: modifiers by aggression and the optional A-grade choice", () => {
    const m = (aggression: Aggression, grade: Grade = "B", aGradeChoice?: "plus" | "minus" | "none") => controlModifier({ grade, aggression, aGradeChoice }).total;
    expect([m("shaken"), m("present"), m("ready"), m("bloodlust")]).toEqual([-1, 0, 1, 2]);
    expect(m("ready", "A", "plus")).toBe(2);
    expect(m("ready", "A", "minus")).toBe(0);
    expect(m("ready", "A", "none")).toBe(1);
    expect(() => m("ready", "B", "plus")).toThrow(/A grade only/);
  });

  it("Control test: results 2-, 3-4 and 5+", () => {
    expect(controlResult(2, "shaken").outcome).toBe("retire");
    expect(controlResult(1, "ready").outcome).toBe("halt");
    expect(controlResult(2, "bloodlust")).toMatchObject({ outcome: "halt", pursuitContinues: false });
    for (const t of [3, 4]) expect(controlResult(t, "bloodlust")).toMatchObject({ outcome: "free", pursuitContinues: false });
    expect(controlResult(5, "bloodlust")).toMatchObject({ outcome: "advance-and-charge", pursuitContinues: true });
    expect(controlResult(7, "present")).toMatchObject({ outcome: "repeat-move", pursuitContinues: true });
    // Exact: a Shaken unit rolls AvD − 1, so it retires on an AvD of 2 or 3 (3 faces in 6).
    expect(controlDist({ grade: "C", aggression: "shaken" }).probOf("retire")).toEqual(Fraction.of(1, 2));
    // Blood Lust keeps pursuing on AvD + 2 ≥ 5: faces 3, 3, 4, 4, 5.
    expect(controlDist({ grade: "B", aggression: "bloodlust" }).probOf("advance-and-charge")).toEqual(Fraction.of(5, 6));
  });

  it("Control test: exact distribution matches seeded rolls", () => {
    for (const aggression of AGGRESSION_LEVELS) {
      for (const aGradeChoice of ["plus", "minus", "none"] as const) {
        const input = { grade: "A" as Grade, aggression, aGradeChoice };
        const rng = Random.fromSeed(aggression.length * 7 + aGradeChoice.length);
        agrees(controlDist(input), () => resolveControl(rng, input).outcome, 3000, (v) => v);
        // Every seeded result is the rule applied to its own face.
        const r = resolveControl(rng, input);
        expect(r.outcome).toBe(controlResult(r.face + r.modifier, aggression).outcome);
      }
    }
  });
});

describe("Shieldwall charge test", () => {
  const base: ChargeInput = { grade: "B", aggression: "present", dp: 0, unformed: false, retinueWithLeader: false, friendChargingWithin2: false, battleStandardWithin2: false };

  it("Charge: Shaken units may not charge", () => {
    expect(() => resolveCharge(Random.fromSeed(1), { ...base, aggression: "shaken" })).toThrow(ChargeRefused);
    expect(() => chargeDist({ ...base, aggression: "shaken" })).toThrow(/Shaken unit may not initiate a charge/);
  });

  it("Charge: Blood Lust must declare and charges automatically", () => {
    const input = { ...base, aggression: "bloodlust" as Aggression, grade: "D" as Grade, dp: 5, unformed: true };
    expect(mustDeclareCharge(input)).toBe(true);
    expect(chargeDist(input).probOf(true)).toEqual(Fraction.of(1));
    expect(resolveCharge(Random.fromSeed(1), input)).toMatchObject({ charges: true, automatic: true, face: null });
  });

  it("Charge test: a D6 of 4 or more after modifiers charges", () => {
    expect(chargeDist(base).probOf(true)).toEqual(Fraction.of(1, 2));
    expect(chargeDist({ ...base, grade: "D" }).probOf(true)).toEqual(Fraction.of(1, 3));
    expect(chargeDist({ ...base, grade: "A", aggression: "ready", retinueWithLeader: true }).probOf(true)).toEqual(Fraction.of(1));
  });

  it("Charge test: every modifier", () => {
    const total = (over: Partial<ChargeInput>) => chargeModifiers({ ...base, ...over }).total;
    expect(total({})).toBe(0);
    expect(total({ retinueWithLeader: true })).toBe(1);
    expect(total({ aggression: "ready" })).toBe(1);
    expect(total({ friendChargingWithin2: true })).toBe(1);
    expect(total({ grade: "A" })).toBe(1);
    expect(total({ grade: "C" })).toBe(0);
    expect(total({ grade: "D" })).toBe(-1);
    expect(total({ unformed: true })).toBe(-1);
    expect(total({ dp: 1 })).toBe(0);
    expect(total({ dp: 2 })).toBe(-1);
    expect(total({ dp: 3, unformed: true })).toBe(-1); // one −1 for "unformed or 2 or more DPs"
    expect(total({ battleStandardWithin2: true })).toBe(1);
    // The option that reads it as two modifiers.
    expect(chargeModifiers({ ...base, dp: 3, unformed: true }, { chargeDisorderPenalty: "each" }).total).toBe(-2);
    expect(chargeModifiers({ ...base, dp: 3 }, { chargeDisorderPenalty: "each" }).total).toBe(-1);
    expect(total({ grade: "A", aggression: "ready", retinueWithLeader: true, friendChargingWithin2: true, battleStandardWithin2: true })).toBe(5);
  });

  it("Charge test: exact probability matches seeded rolls", () => {
    fc.assert(
      fc.property(
        fc.record({
          grade: fc.constantFrom(...GRADES),
          aggression: fc.constantFrom<Aggression>("present", "ready"),
          dp: fc.integer({ min: 0, max: 6 }),
          unformed: fc.boolean(),
          retinueWithLeader: fc.boolean(),
          friendChargingWithin2: fc.boolean(),
          battleStandardWithin2: fc.boolean(),
        }),
        fc.integer({ min: 0, max: 1e6 }),
        (input, seed) => {
          const p = chargeDist(input).probOf(true);
          // The exact chance is the share of faces that pass the same rule.
          const m = chargeModifiers(input).total;
          expect(p).toEqual(Fraction.of([1, 2, 3, 4, 5, 6].filter((f) => f + m >= 4).length, 6));
          const rng = Random.fromSeed(seed);
          for (let i = 0; i < 20; i++) {
            const r = resolveCharge(rng, input);
            expect(r.charges).toBe((r.face ?? 0) + r.modifier >= 4);
          }
        },
      ),
      { seed: 17, numRuns: 200 },
    );
    const input = { ...base, grade: "D" as Grade, battleStandardWithin2: true, dp: 2 };
    const rng = Random.fromSeed(3);
    agrees(chargeDist(input), () => resolveCharge(rng, input).charges, 4000);
  });

  it("Charge test: a failed charge gives 1 morale DP", () => {
    const u = probeUnit({ grade: "C", stands: 2, aggression: "ready", dp: 1 });
    expect(applyChargeResult(u, true).value).toEqual(u);
    const f = applyChargeResult(u, false).value;
    expect(f.dp.morale).toBe(1);
    expect(totalDp(f)).toBe(2);
    // With 4 DPs already it is an aggression drop instead (SW-12).
    const full = applyChargeResult(probeUnit({ grade: "C", stands: 2, aggression: "ready", dp: 4 }), false).value;
    expect(full).toMatchObject({ aggression: "present" });
    expect(totalDp(full)).toBe(4);
  });
});

describe("Shieldwall shooting", () => {
  const shot = { shooterStands: 2, skilledArcher: false, targetIsRetinue: false, targetInCover: false };

  it("SW-16 two dice per stand, halved against a retinue or cover", () => {
    expect(shootingDice(shot).dice).toBe(4);
    expect(shootingDice({ ...shot, shooterStands: 3 }).dice).toBe(6);
    expect(shootingDice({ ...shot, targetIsRetinue: true }).dice).toBe(2);
    expect(shootingDice({ ...shot, targetInCover: true }).dice).toBe(2);
    // A retinue in cover halves once by default; the option halves twice (round up each time).
    expect(shootingDice({ ...shot, shooterStands: 3, targetIsRetinue: true, targetInCover: true }).dice).toBe(3);
    expect(shootingDice({ ...shot, shooterStands: 3, targetIsRetinue: true, targetInCover: true }, { halveOnceForRetinueInCover: false }).dice).toBe(2);
  });

  it("SW-16 the Five doubles one stand's dice before halving", () => {
    expect(shootingDice({ ...shot, shooterStands: 1, skilledArcher: true }).dice).toBe(4);
    expect(shootingDice({ ...shot, shooterStands: 1, skilledArcher: true, targetIsRetinue: true }).dice).toBe(2);
    expect(shootingDice({ ...shot, shooterStands: 2, skilledArcher: true, targetInCover: true }).dice).toBe(3);
  });

  it("SW-16 hits drop a unit above Present, then give shooting DPs", () => {
    const u = probeUnit({ grade: "B", stands: 2, aggression: "bloodlust", dp: 2 });
    const r = applyShootingHits(u, 4).value;
    // Blood Lust → Ready → Present, then 2 shooting DPs.
    expect(r.aggression).toBe("present");
    expect(r.dp.shooting).toBe(2);
    expect(totalDp(r)).toBe(4);
    // Two more: each overflows (4 DPs already) into a drop, Shaken, then a lost stand.
    const more = applyShootingHits(r, 2).value;
    expect(more).toMatchObject({ aggression: "shaken", stands: 1 });
  });

  it("SW-16 units in combat do not shoot", () => {
    const u = probeUnit({ grade: "B", stands: 2, aggression: "present" });
    expect(shootingRefusal(u)).toBeNull();
    expect(shootingRefusal({ ...u, inCombat: true })).toMatch(/in combat and does not shoot/);
    expect(() => missileExchange(Random.fromSeed(1), [{ ...u, id: "s", inCombat: true }, { ...u, id: "t" }], [{ shooter: "s", target: "t", targetInCover: false }])).toThrow(/does not shoot/);
  });

  it("SW-16 shooting is simultaneous: hits are applied after all rolls", () => {
    // Two units shoot each other; each shoots with its stands as they were before any hit.
    const a: UnitState = { ...probeUnit({ grade: "D", stands: 1, aggression: "shaken", dp: 4 }), id: "a", name: "A" };
    const b: UnitState = { ...probeUnit({ grade: "D", stands: 1, aggression: "shaken", dp: 4 }), id: "b", name: "B" };
    let sawBothDestroyed = false;
    for (let seed = 0; seed < 400 && !sawBothDestroyed; seed++) {
      const r = missileExchange(Random.fromSeed(seed), [a, b], [
        { shooter: "a", target: "b", targetInCover: false },
        { shooter: "b", target: "a", targetInCover: false },
      ]);
      if (r.units.every((u) => u.status === "destroyed")) sawBothDestroyed = true;
      for (const u of r.units) expect(u.status === "destroyed").toBe((r.hits[u.id] ?? 0) > 0);
    }
    expect(sawBothDestroyed).toBe(true);
  });

  it("SW-16 exact shooting distribution matches seeded rolls", () => {
    const input = { shooterStands: 3, skilledArcher: true, targetIsRetinue: false, targetInCover: false };
    const hits = shootingHitsDist(input);
    expect(hits.mean()).toEqual(Fraction.of(8, 6)); // 8 dice, 1/6 each
    const target: UnitState = probeUnit({ grade: "C", stands: 2, aggression: "ready", dp: 3 });
    const after = shootingTargetDist(target, hits);
    const rng = Random.fromSeed(21);
    agrees(after, () => targetOutcome(applyShootingHits(target, resolveShooting(rng, input).hits).value), 4000);
    expect(after.outcomes().reduce((s, o) => s.add(o.p), Fraction.of(0))).toEqual(Fraction.of(1));
    // One hit takes Ready to Present with no DP; a second is the 4th DP.
    expect(after.probOf({ aggression: "present", dp: 3, stands: 2, destroyed: false })).toEqual(hits.probOf(1));
  });
});

describe("Shieldwall shooting invariants", () => {
  it("SW-16 property: the target's outcome table sums to 1 and shooting never raises, heals or reinforces", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(...AGGRESSION_LEVELS),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 2 }),
        (stands, skilledArcher, cover, aggression, dp, targetStands) => {
          const input = { shooterStands: stands, skilledArcher, targetIsRetinue: false, targetInCover: cover };
          const target = probeUnit({ grade: "C", stands: targetStands, aggression, dp });
          const after = shootingTargetDist(target, shootingHitsDist(input));
          expect(after.outcomes().reduce((s, o) => s.add(o.p), Fraction.of(0))).toEqual(Fraction.of(1));
          for (const { value } of after.outcomes()) {
            expect(AGGRESSION_LEVELS.indexOf(value.aggression)).toBeLessThanOrEqual(AGGRESSION_LEVELS.indexOf(aggression));
            expect(value.dp).toBeGreaterThanOrEqual(dp);
            expect(value.stands).toBeLessThanOrEqual(targetStands);
            expect(value.destroyed).toBe(value.stands === 0);
          }
          // No hits, no change.
          expect(after.probOf(targetOutcome(target))).toEqual(shootingHitsDist(input).probOf(0));
        },
      ),
      { seed: 16, numRuns: 150 },
    );
  });
});

describe("Shieldwall risk to leaders", () => {
  it("SW-7 property: LP values only fall and a leader at 0 LPs is dead", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (lp, rolls) => {
        const d = leaderRiskDist(lp, rolls);
        expect(d.outcomes().reduce((s, o) => s.add(o.p), Fraction.of(0))).toEqual(Fraction.of(1));
        for (const { value } of d.outcomes()) {
          expect(value.lpValue).toBeLessThanOrEqual(lp);
          if (value.lpValue === 0) expect(value.status).toBe("killed");
          if (value.status === "alive") expect(value.lpValue).toBeGreaterThan(0);
        }
        // More rolls never make death less likely.
        expect(leaderRiskDist(lp, rolls + 1).prob((f) => f.status === "killed").cmp(d.prob((f) => f.status === "killed"))).toBeGreaterThan(0);
      }),
      { seed: 7, numRuns: 40 },
    );
  });

  it("Risk to leaders: a 1 then 1 kills, 2-3 costs 2 LPs, 4-6 costs 1 LP", () => {
    for (const f of [2, 3, 4, 5, 6]) expect(riskOutcome(f, null)).toBe("unhurt");
    expect(riskOutcome(1, 1)).toBe("killed");
    expect(riskOutcome(1, 2)).toBe("severe");
    expect(riskOutcome(1, 3)).toBe("severe");
    for (const f of [4, 5, 6]) expect(riskOutcome(1, f)).toBe("light");
    expect(applyRisk(leader({ lpValue: 4 }), "severe").value).toMatchObject({ lpValue: 2, wounds: 1, status: "alive" });
    expect(applyRisk(leader({ lpValue: 4 }), "light").value).toMatchObject({ lpValue: 3, wounds: 1, status: "alive" });
    expect(applyRisk(leader({ lpValue: 4 }), "killed").value.status).toBe("killed");
    const one = riskOutcomeDist();
    expect(one.probOf("killed")).toEqual(Fraction.of(1, 36));
    expect(one.probOf("severe")).toEqual(Fraction.of(2, 36));
    expect(one.probOf("light")).toEqual(Fraction.of(3, 36));
    expect(one.probOf("unhurt")).toEqual(Fraction.of(5, 6));
  });

  it("Risk to leaders: one roll per missile hit, or per shooting with the option", () => {
    expect(leaderRiskRolls({ missileHits: 3, engagedInCombat: false })).toBe(3);
    expect(leaderRiskRolls({ missileHits: 3, engagedInCombat: true })).toBe(4);
    expect(leaderRiskRolls({ missileHits: 3, engagedInCombat: false }, { leaderRiskPerMissileHit: false })).toBe(1);
    expect(leaderRiskRolls({ missileHits: 0, engagedInCombat: false }, { leaderRiskPerMissileHit: false })).toBe(0);
  });

  it("SW-7 a wound that takes the LP value to 0 kills the leader", () => {
    expect(applyRisk(leader({ lpValue: 2 }), "severe").value).toMatchObject({ lpValue: 0, status: "killed" });
    expect(applyRisk(leader({ lpValue: 1 }), "light").value).toMatchObject({ lpValue: 0, status: "killed" });
    // Exact: with 1 LP any wound kills: 1/36 + 2/36 + 3/36 = 1/6.
    expect(leaderRiskDist(1, 1).prob((f) => f.status === "killed")).toEqual(Fraction.of(1, 6));
    expect(leaderRiskDist(2, 1).prob((f) => f.status === "killed")).toEqual(Fraction.of(3, 36));
  });

  it("Risk to leaders: exact distribution matches seeded rolls", () => {
    const rolls = 3;
    const dist = leaderRiskDist(3, rolls);
    const rng = Random.fromSeed(33);
    agrees(
      dist,
      () => {
        let l = leader({ lpValue: 3 });
        for (let i = 0; i < rolls && l.status === "alive"; i++) l = resolveLeaderRisk(rng, l).value;
        return { status: l.status, lpValue: l.lpValue, wounds: l.wounds };
      },
      6000,
    );
  });

  it("Retinue eliminated: 1-3 killed, 4 captured, 5-6 escapes", () => {
    expect([1, 2, 3, 4, 5, 6].map(retinueEliminatedOutcome)).toEqual(["killed", "killed", "killed", "captured", "escapes", "escapes"]);
    const d = retinueEliminatedDist();
    expect(d.probOf("killed")).toEqual(Fraction.of(1, 2));
    expect(d.probOf("captured")).toEqual(Fraction.of(1, 6));
    expect(d.probOf("escapes")).toEqual(Fraction.of(1, 3));
    for (let seed = 0; seed < 60; seed++) {
      const r = resolveRetinueEliminated(Random.fromSeed(seed), leader(), "thegns");
      expect(r.outcome).toBe(retinueEliminatedOutcome(r.face));
      if (r.outcome === "escapes") expect(r.value).toMatchObject({ status: "alive", unit: "thegns" });
      else expect(r.value.status).toBe(r.outcome);
      const none = resolveRetinueEliminated(Random.fromSeed(seed), leader(), null);
      if (none.outcome === "escapes") expect(none.value.status).toBe("captured");
    }
  });
});

describe("Shieldwall pursuit", () => {
  it("Free hack: one die per engaged stand, a casualty on 3+", () => {
    expect(freeHackDist(1).probOf(1)).toEqual(Fraction.of(2, 3));
    expect(freeHackDist(3).mean()).toEqual(Fraction.of(2));
    const rng = Random.fromSeed(5);
    for (let i = 0; i < 50; i++) {
      const r = resolveFreeHack(rng, 4);
      expect(r.roll.faces).toHaveLength(4);
      expect(r.casualties).toBe(r.roll.faces.filter((f) => f >= 3).length);
    }
    agrees(freeHackDist(2), () => resolveFreeHack(rng, 2).casualties, 3000);
  });
});

describe("Shieldwall DP kinds from shooting", () => {
  it("SW-12 shooting DPs are of the shooting kind", () => {
    const u: UnitState = { ...probeUnit({ grade: "B", stands: 2, aggression: "present" }), dp: emptyDp() };
    expect(applyShootingHits(u, 2).value.dp).toEqual({ ...emptyDp(), shooting: 2 });
  });
});
