import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { type AttackInput, type AttackPlan, DEFAULT_OPTIONS, planAttack } from "../../src/rulesets/gurps/attack.js";
import { applyFlail, coverChanceInSix, coverPenalty, effectiveDb, overallCover, specificCover, type CoverSituation } from "../../src/rulesets/gurps/cover.js";
import { locationPenalty, randomHand, randomLocation } from "../../src/rulesets/gurps/locations.js";
import { exactOutcome, resolveWithTotals } from "../../src/rulesets/gurps/resolve.js";
import { defenceRoll, successRoll, WAYS_3D6 } from "../../src/rulesets/gurps/success.js";
import { attack } from "./fixtures.js";

function plan(over: Partial<AttackInput>): AttackPlan {
  const r = planAttack(attack(over));
  if (!r.ok) throw new Error(r.reason);
  return r.plan;
}

const sit = (over: Partial<CoverSituation>): CoverSituation => ({ db: 3, hex: "front", wielderMoving: false, lobbed: false, shieldWall: false, flailPenalty: 0, ...over });
const o = DEFAULT_OPTIONS;

describe("GC-1 success roll with criticals", () => {
  it("GC-1: 3d6 has 216 throws", () => {
    expect(WAYS_3D6.reduce((a, b) => a + b, 0)).toBe(216);
    expect(WAYS_3D6[10]).toBe(27);
  });
  it("GC-1: 3-4 are always critical successes, 5 at skill 15+, 6 at 16+", () => {
    for (const skill of [-5, 3, 10, 20]) {
      expect(successRoll(skill, 3)).toBe("criticalSuccess");
      expect(successRoll(skill, 4)).toBe("criticalSuccess");
    }
    expect(successRoll(14, 5)).toBe("success");
    expect(successRoll(15, 5)).toBe("criticalSuccess");
    expect(successRoll(15, 6)).toBe("success");
    expect(successRoll(16, 6)).toBe("criticalSuccess");
  });
  it("GC-1: 17 and 18 always fail, 18 always critical, 17 critical at skill 15 or less", () => {
    expect(successRoll(25, 17)).toBe("failure");
    expect(successRoll(16, 17)).toBe("failure");
    expect(successRoll(15, 17)).toBe("criticalFailure");
    expect(successRoll(25, 18)).toBe("criticalFailure");
  });
  it("GC-1: a roll 10 or more over effective skill is a critical failure", () => {
    expect(successRoll(4, 14)).toBe("criticalFailure");
    expect(successRoll(4, 13)).toBe("failure");
    expect(successRoll(0, 10)).toBe("criticalFailure");
  });
  it("GC-1 property: success exactly when the roll is at most effective skill, apart from 3-4 and 17-18", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 30 }), fc.integer({ min: 5, max: 16 }), (skill, roll) => {
        const r = successRoll(skill, roll);
        expect(r === "success" || r === "criticalSuccess").toBe(roll <= skill);
      }),
      { seed: 11, numRuns: 300 },
    );
  });
  it("GC-1: effective skill includes the location penalty and the abstract cover penalty", () => {
    expect(plan({ skill: 14, mode: "abstract", db: 2, location: "skull" }).effectiveSkill).toBe(14 - 7 - 2);
    expect(plan({ skill: 14, mode: "db", db: 2, location: "skull" }).effectiveSkill).toBe(14 - 7);
  });
});

describe("hit locations (Basic Set table)", () => {
  it("Basic Set hit-location table: random location 3-4 skull, 5 face, 6-7 leg, 8 weapon arm, 9-10 torso, 11 groin, 12 shield arm, 13-14 leg, 15 hand, 16 foot, 17-18 neck", () => {
    const got = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map((t) => randomLocation(t, "left"));
    expect(got).toEqual(["skull", "skull", "face", "leg", "leg", "arm-weapon", "torso", "torso", "groin", "arm-shield", "leg", "leg", "hand", "foot", "neck", "neck"]);
    expect(randomLocation(8, "right")).toBe("arm-shield");
    expect(randomHand(2, "left")).toBe("hand-weapon");
    expect(randomHand(5, "left")).toBe("hand-shield");
    expect(randomHand(2, "right")).toBe("hand-shield");
  });
  it("Basic Set hit-location table: aimed locations take their hit penalty, the shield arm -4 and shield hand -8 under the written rules", () => {
    expect(locationPenalty("face", false)).toBe(-5);
    expect(locationPenalty("vitals", false)).toBe(-3);
    expect(locationPenalty("arm-shield", true)).toBe(-4);
    expect(locationPenalty("hand-shield", true)).toBe(-8);
    expect(plan({ mode: "db", location: "hand-shield" }).effectiveSkill).toBe(14 - 8);
    // under cover the cover stands for the shield (option doubleShieldLimbPenaltyUnderCover, off by default)
    expect(plan({ mode: "specific", db: 1, location: "arm-shield" }).effectiveSkill).toBe(14 - 2 - 2);
    expect(plan({ mode: "specific", db: 1, location: "arm-shield", options: { ...o, doubleShieldLimbPenaltyUnderCover: true } }).effectiveSkill).toBe(14 - 4 - 2);
  });
});

describe("seed: The rule (shield as cover) and ruling GC-2 abstract cover", () => {
  const p = plan({ skill: 14, db: 3, mode: "abstract", location: "torso" });
  it("GC-2 seed example: DB 3 as cover gives -3 to hit", () => {
    expect(p.effectiveSkill).toBe(11);
  });
  it("GC-2 seed example: failing by 1-3 strikes the shield", () => {
    for (const roll of [12, 13, 14]) expect(resolveWithTotals(p, [roll]).outcome).toBe("shield");
  });
  it("GC-2 seed example: failing by 4 or more misses", () => {
    for (const roll of [15, 16]) expect(resolveWithTotals(p, [roll]).outcome).toBe("miss");
    expect(resolveWithTotals(p, [17]).outcome).toBe("criticalMiss");
  });
  it("GC-2 seed example: an attack that succeeds bypasses the shield and hits", () => {
    expect(resolveWithTotals(p, [11])).toEqual({ outcome: "hit", location: "torso", used: 1 });
  });
  it("GC-2: a 17 that would fail anyway does not strike the shield", () => {
    const high = plan({ skill: 20, db: 2, mode: "abstract", location: "torso" }); // effective 18
    expect(resolveWithTotals(high, [17]).outcome).toBe("miss");
  });
  it("seed Defending: under cover the defender may still Block, without DB", () => {
    const q = plan({ mode: "abstract", db: 3, location: "torso", defense: { kind: "block", value: 11 } });
    expect(q.defence).toEqual({ kind: "block", target: 11 });
    expect(resolveWithTotals(q, [10, 11]).outcome).toBe("defended");
    expect(resolveWithTotals(q, [10, 12]).outcome).toBe("hit");
  });
  it("seed The rule: a shield protects with its cover or its DB, not both", () => {
    const db = plan({ mode: "db", db: 3, defense: { kind: "block", value: 11 } });
    expect(db.defence?.target).toBe(14);
    expect(db.coverPenalty).toBe(0);
    const exactDb = exactOutcome(db);
    expect(exactDb.p.shield.isZero()).toBe(true);
  });
});

describe("ruling GC-3 random cover", () => {
  it("GC-3: slight 2, half 3, good 4, excellent 5 in 6, full always, none never", () => {
    expect([0, 1, 2, 3, 4, 5].map((l) => coverChanceInSix(l as 0))).toEqual([0, 2, 3, 4, 5, 6]);
    expect([1, 2, 3, 4].map((l) => coverPenalty(l as 1))).toEqual([1, 2, 3, 4]);
  });
  it("GC-3 seed example: half cover (DB 2) is a 50/50 chance that a success strikes the shield", () => {
    const p = plan({ mode: "random", db: 2, location: "torso" });
    expect(p.effectiveSkill).toBe(14); // no penalty
    const odds = exactOutcome(p);
    const success = Fraction.of(196, 216);
    expect(odds.p.shield.eq(success.mul(Fraction.of(1, 2)))).toBe(true);
    expect(resolveWithTotals(p, [10, 3]).outcome).toBe("shield");
    expect(resolveWithTotals(p, [10, 4]).outcome).toBe("hit");
  });
  it("GC-3: a critical success also rolls for random cover", () => {
    const p = plan({ mode: "random", db: 3, location: "torso" });
    expect(resolveWithTotals(p, [3, 4]).outcome).toBe("shield");
    expect(resolveWithTotals(p, [3, 5]).outcome).toBe("criticalHit");
  });
  it("GC-3a: a critical failure is always a critical miss, even under cover", () => {
    for (const mode of ["abstract", "random", "specific", "db"] as const) {
      expect(resolveWithTotals(plan({ mode, skill: 10 }), [18]).outcome).toBe("criticalMiss");
    }
  });
});

describe("ruling GC-4 specific cover", () => {
  it("GC-4 table: DB 1 half cover for shield arm/hand and torso/vitals, a buckler fully covers the hand", () => {
    const s = sit({ db: 1 });
    expect(["arm-shield", "hand-shield", "torso", "vitals", "groin", "leg", "face"].map((l) => specificCover(s, l as "leg", o))).toEqual([2, 2, 2, 2, 0, 0, 0]);
    expect(specificCover(s, "hand-shield", { ...o, buckler: true })).toBe(5);
  });
  it("GC-4 table: DB 2 full shield arm/hand, half torso/vitals/groin", () => {
    const s = sit({ db: 2 });
    expect(["arm-shield", "hand-shield", "torso", "vitals", "groin", "leg"].map((l) => specificCover(s, l as "leg", o))).toEqual([5, 5, 2, 2, 2, 0]);
  });
  it("GC-4 table: DB 3 full shield arm/hand and torso/vitals/groin, half legs, not feet", () => {
    const s = sit({ db: 3 });
    expect(["arm-shield", "hand-shield", "torso", "vitals", "groin", "leg", "foot", "skull"].map((l) => specificCover(s, l as "leg", o))).toEqual([5, 5, 5, 5, 5, 2, 0, 0]);
  });
  it("GC-4 table: DB 4 full legs too, never the feet, face or weapon arm", () => {
    const s = sit({ db: 4 });
    expect(["leg", "foot", "face", "arm-weapon", "hand-weapon", "neck"].map((l) => specificCover(s, l as "leg", o))).toEqual([5, 0, 0, 0, 0, 0]);
  });
  it("GC-4: DB 0 gives no location any cover", () => {
    expect(specificCover(sit({ db: 0 }), "torso", o)).toBe(0);
  });
  it("GC-4: an aimed attack may not target a fully covered location", () => {
    const r = planAttack(attack({ mode: "specific", db: 3, location: "torso" }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rule).toBe("GC-4");
  });
  it("GC-4: an uncovered location is attacked at its usual penalty only (the weapon arm at -2)", () => {
    const p = plan({ mode: "specific", db: 3, location: "arm-weapon" });
    expect(p.effectiveSkill).toBe(12);
    expect(resolveWithTotals(p, [13]).outcome).toBe("miss");
  });
  it("GC-4: a half-covered aimed location takes -2 and failing by 1-2 strikes the shield", () => {
    const p = plan({ mode: "specific", db: 3, location: "leg" }); // -2 leg, -2 half cover
    expect(p.effectiveSkill).toBe(10);
    expect(resolveWithTotals(p, [11]).outcome).toBe("shield");
    expect(resolveWithTotals(p, [12]).outcome).toBe("shield");
    expect(resolveWithTotals(p, [13]).outcome).toBe("miss");
  });
  it("GC-4: a random location rolled after success: fully covered strikes the shield, half covered 3 in 6", () => {
    const p = plan({ mode: "specific", db: 3 });
    expect(resolveWithTotals(p, [10, 9])).toEqual({ outcome: "shield", location: "torso", used: 2 });
    expect(resolveWithTotals(p, [10, 6, 3]).outcome).toBe("shield");
    expect(resolveWithTotals(p, [10, 6, 4])).toEqual({ outcome: "hit", location: "leg", used: 3 });
    expect(resolveWithTotals(p, [10, 5])).toEqual({ outcome: "hit", location: "face", used: 2 });
    expect(resolveWithTotals(p, [10, 15, 5]).outcome).toBe("shield"); // the shield hand
  });
  it("GC-4: full cover of every location (DB 5+) means any success strikes the shield", () => {
    const odds = exactOutcome(plan({ mode: "specific", db: 6 }));
    expect(odds.p.hit.isZero() && odds.p.criticalHit.isZero()).toBe(true);
    expect(odds.p.shield.eq(Fraction.of(196, 216))).toBe(true);
  });
  it("seed When to use it: the crossbow bolt against a DB 2 shield with no defence", () => {
    const abstract = plan({ mode: "abstract", db: 2, location: "torso" });
    expect(abstract.effectiveSkill).toBe(12);
    expect(plan({ mode: "random", db: 2 }).coverChance).toBe(3);
    expect(plan({ mode: "specific", db: 2, location: "skull" }).coverPenalty).toBe(0);
    expect(plan({ mode: "specific", db: 2, location: "torso" }).coverPenalty).toBe(2);
    expect(planAttack(attack({ mode: "specific", db: 2, location: "arm-shield" })).ok).toBe(false);
  });
});

describe("ruling GC-5 facing, full cover, hunkering and shield walls", () => {
  it("GC-5: a DB 1-4 shield protects only from the front-centre and shield-side hexes", () => {
    expect((["front", "shield-side", "weapon-side", "side", "rear"] as const).map((hex) => overallCover(sit({ hex }), o))).toEqual([3, 3, 0, 0, 0]);
    expect(plan({ mode: "db", hex: "rear", defense: { kind: "dodge", value: 9 } }).defence?.target).toBe(9);
    expect(plan({ mode: "db", hex: "shield-side", defense: { kind: "dodge", value: 9 } }).defence?.target).toBe(12);
  });
  it("GC-5: DB 5 gives full cover from the front-centre hex with the wielder still", () => {
    expect(overallCover(sit({ db: 5 }), o)).toBe(5);
  });
  it("GC-5: DB 5 from the other front hexes, lobbed, or moving: excellent cover", () => {
    expect(overallCover(sit({ db: 5, hex: "shield-side" }), o)).toBe(4);
    expect(overallCover(sit({ db: 5, hex: "weapon-side" }), o)).toBe(4);
    expect(overallCover(sit({ db: 5, lobbed: true }), o)).toBe(4);
    expect(overallCover(sit({ db: 5, wielderMoving: true }), o)).toBe(4);
    expect(overallCover(sit({ db: 5, hex: "side" }), o)).toBe(0);
  });
  it("GC-5: DB 6 full cover from every front hex, even moving, DB 7+ as DB 6", () => {
    for (const db of [6, 7, 9]) {
      for (const hex of ["front", "shield-side", "weapon-side"] as const) expect(overallCover(sit({ db, hex, wielderMoving: true }), o)).toBe(5);
      expect(overallCover(sit({ db, hex: "rear" }), o)).toBe(0);
    }
  });
  it("GC-5 option lobbedBreaksLargeShieldCover: a lobbed attack leaves DB 6+ cover excellent (default) or full", () => {
    expect(overallCover(sit({ db: 6, lobbed: true }), o)).toBe(4);
    expect(overallCover(sit({ db: 6, lobbed: true }), { ...o, lobbedBreaksLargeShieldCover: false })).toBe(5);
  });
  it("GC-5: shield-wall training in close formation removes the DB 5 side-hex weakness only", () => {
    expect(overallCover(sit({ db: 5, hex: "shield-side", shieldWall: true }), o)).toBe(5);
    expect(overallCover(sit({ db: 5, hex: "weapon-side", shieldWall: true }), o)).toBe(5);
    expect(overallCover(sit({ db: 5, hex: "weapon-side", shieldWall: true, wielderMoving: true }), o)).toBe(4);
    expect(overallCover(sit({ db: 3, hex: "weapon-side", shieldWall: true }), o)).toBe(0);
  });
  it("GC-5: hunkering down adds +2 DB and allows no active defence", () => {
    expect(effectiveDb(3, 4, true)).toBe(5);
    expect(plan({ hunkered: true, mode: "abstract" }).db).toBe(5);
    const r = planAttack(attack({ hunkered: true, defense: { kind: "block", value: 11 } }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.rule).toBe("GC-5");
  });
  it("GC-5 seed turtle: DB 3 hunkered with shield-wall training is full cover from every front hex", () => {
    for (const hex of ["front", "shield-side", "weapon-side"] as const) {
      const p = plan({ db: 3, hunkered: true, shieldWall: true, hex, mode: "abstract" });
      expect(p.shieldOnSuccess).toBe(true);
      const odds = exactOutcome(p);
      expect(odds.p.hit.add(odds.p.criticalHit).isZero()).toBe(true);
    }
  });
  it("GC-5: incomplete DB 5 cover under specific cover keeps the DB 4 row's full cover and gives the rest excellent cover", () => {
    const s = sit({ db: 5, wielderMoving: true });
    expect(specificCover(s, "torso", o)).toBe(5);
    expect(specificCover(s, "face", o)).toBe(4);
    expect(specificCover(sit({ db: 5 }), "face", o)).toBe(5);
  });
});

describe("ruling GC-6 flails and GURPS 3e", () => {
  it("GC-6 seed example: a -2 flail against good cover leaves slight cover", () => {
    expect(applyFlail(3, -2, o)).toBe(1);
    const p = plan({ mode: "abstract", db: 3, flailPenalty: -2, location: "torso" });
    expect(p.coverLevel).toBe(1);
    expect(p.effectiveSkill).toBe(13);
  });
  it("GC-6: one level per point, never below none", () => {
    expect(applyFlail(2, -1, o)).toBe(1);
    expect(applyFlail(1, -4, o)).toBe(0);
    expect(overallCover(sit({ db: 3, flailPenalty: -1 }), o)).toBe(2);
  });
  it("GC-6 option flailReducesFullCover: full cover falls a level a point (default) or stands", () => {
    expect(applyFlail(5, -2, o)).toBe(3);
    expect(applyFlail(5, -2, { ...o, flailReducesFullCover: false })).toBe(5);
  });
  it("GC-6: the flail's Block penalty applies to a Block, not to a Dodge", () => {
    expect(plan({ mode: "abstract", flailPenalty: -2, defense: { kind: "block", value: 11 } }).defence?.target).toBe(9);
    expect(plan({ mode: "abstract", flailPenalty: -2, defense: { kind: "dodge", value: 9 } }).defence?.target).toBe(9);
  });
  it("GC-6 seed example: PD 3 in 3e is DB 2 for all purposes", () => {
    expect(effectiveDb(3, 3, false)).toBe(2);
    for (const mode of ["db", "abstract", "random", "specific"] as const) {
      const third = exactOutcome(plan({ mode, db: 3, edition: 3, defense: { kind: "parry", value: 10 } }));
      const fourth = exactOutcome(plan({ mode, db: 2, edition: 4, defense: { kind: "parry", value: 10 } }));
      for (const k of ["criticalHit", "hit", "shield", "defended", "miss", "criticalMiss"] as const) expect(third.p[k].eq(fourth.p[k])).toBe(true);
    }
  });
  it("GC-3a: the defence roll: 3-4 always defends, 17-18 never", () => {
    expect(defenceRoll(-3, 4)).toBe(true);
    expect(defenceRoll(25, 17)).toBe(false);
    expect(defenceRoll(10, 10)).toBe(true);
    expect(defenceRoll(10, 11)).toBe(false);
  });
});

describe("seed: All about full cover, When to use it", () => {
  it("seed All about full cover: behind a DB 5+ shield no location can be targeted under specific cover", () => {
    for (const location of ["skull", "face", "foot", "arm-weapon", "hand-weapon", "neck"] as const) {
      const r = planAttack(attack({ mode: "specific", db: 5, location }));
      expect(r.ok, location).toBe(false);
    }
    // but from the side the big shield gives nothing
    expect(planAttack(attack({ mode: "specific", db: 5, location: "torso", hex: "side" })).ok).toBe(true);
  });
  it("seed When to use it: with no active defence the shield as cover still catches attacks, unlike DB", () => {
    const db = exactOutcome(plan({ mode: "db", db: 2 }));
    const cover = exactOutcome(plan({ mode: "abstract", db: 2 }));
    expect(db.p.shield.isZero()).toBe(true);
    expect(cover.p.shield.cmp(Fraction.ZERO)).toBeGreaterThan(0);
    expect(cover.p.hit.cmp(db.p.hit)).toBeLessThan(0);
  });
});
