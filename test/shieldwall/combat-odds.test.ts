import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { seedState } from "../../src/core/random.js";
import {
  type CombatInput,
  type CombatResult,
  type Combatant,
  FINAL_RESULTS,
  COMBAT_RESULTS,
  combatDice,
  combatOdds,
  combatProblem,
  combatStateDist,
  hitsDist,
  mirrorResult,
  resolveCombat,
  roundSequenceDist,
} from "../../src/rulesets/shieldwall/combat.js";
import { AGGRESSION_LEVELS, type Aggression, type Grade, type UnitState, emptyDp } from "../../src/rulesets/shieldwall/units.js";

function unit(id: string, grade: Grade, o: { stands?: number; aggression?: Aggression; dp?: number; formed?: boolean; retinue?: boolean; champion?: boolean; standard?: boolean } = {}): UnitState {
  const attachments: UnitState["attachments"] = [];
  if (o.champion) attachments.push("heroic-champion");
  if (o.standard) attachments.push("battle-standard");
  return {
    id,
    name: id,
    kind: o.retinue || grade === "A" ? "retinue" : "band",
    grade,
    contingent: id,
    stands: o.stands ?? 1,
    aggression: o.aggression ?? "present",
    dp: { ...emptyDp(), fatigue: o.dp ?? 0 },
    formed: o.formed ?? true,
    inCombat: true,
    status: "active",
    attachments,
  };
}

const sum = (fs: Fraction[]) => fs.reduce((s, f) => s.add(f), Fraction.ZERO);

/** Every way `n` dice can fall, as counts of hits: brute force, independent of Dist. */
function enumerateHits(n: number, hitOn: number): Map<number, bigint> {
  const counts = new Map<number, bigint>();
  const total = 6 ** n;
  for (let code = 0; code < total; code++) {
    let x = code;
    let hits = 0;
    for (let i = 0; i < n; i++) {
      if ((x % 6) + 1 >= hitOn) hits++;
      x = Math.floor(x / 6);
    }
    counts.set(hits, (counts.get(hits) ?? 0n) + 1n);
  }
  return counts;
}

/** Result probabilities for side a from two brute-forced hit tables, read off the seed's table. */
function bruteRound(a: Map<number, bigint>, aAuto: number, b: Map<number, bigint>, bAuto: number): Record<CombatResult, Fraction> {
  const seedTable = (d: number): CombatResult => (d >= 5 ? "victory" : d >= 2 ? "success" : d >= -1 ? "inconclusive" : d >= -4 ? "setback" : "defeat");
  const out: Record<string, Fraction> = Object.fromEntries(COMBAT_RESULTS.map((r) => [r, Fraction.ZERO]));
  const ta = [...a.values()].reduce((s, x) => s + x, 0n);
  const tb = [...b.values()].reduce((s, x) => s + x, 0n);
  for (const [ha, wa] of a) for (const [hb, wb] of b) out[seedTable(ha + aAuto - hb - bAuto)] = out[seedTable(ha + aAuto - hb - bAuto)].add(Fraction.of(wa * wb, ta * tb));
  return out as Record<CombatResult, Fraction>;
}

describe("sw-combat exact odds against brute force", () => {
  it("Results table: exact first round and refight match every way the dice can fall", () => {
    // a: C grade, Ready, 4 DPs (non-charge: 3 dice on 5-6). Its inconclusive DP drops it to
    // Present (SW-12): 2 dice in the refight. b: D grade, 2 stands engaged, unformed: 2 dice on 6.
    const input: CombatInput = {
      chargeCombat: false,
      a: [{ unit: unit("a", "C", { aggression: "ready", dp: 4 }), engagedStands: 1 }],
      b: [{ unit: unit("b", "D", { stands: 2, formed: false }), engagedStands: 2 }],
    };
    const odds = combatOdds(input);
    const first = bruteRound(enumerateHits(3, 5), 0, enumerateHits(2, 6), 0);
    const refight = bruteRound(enumerateHits(2, 5), 0, enumerateHits(2, 6), 0);
    for (const r of COMBAT_RESULTS) expect(odds.firstRound.probOf(r).eq(first[r]), r).toBe(true);
    expect(odds.refight?.a[0].dice.dice).toBe(2);
    expect(odds.refight?.b[0].dice.dice).toBe(2);
    const pInc = first.inconclusive;
    for (const r of ["victory", "success", "setback", "defeat"] as const) {
      expect(odds.final.probOf(r).eq(first[r].add(pInc.mul(refight[r]))), r).toBe(true);
    }
    expect(odds.final.probOf("separated").eq(pInc.mul(refight.inconclusive))).toBe(true);
  });

  it("SW-18: the leader's automatic hit shifts the difference by one", () => {
    const base: CombatInput = {
      chargeCombat: false,
      a: [{ unit: unit("a", "B"), engagedStands: 1 }],
      b: [{ unit: unit("b", "C"), engagedStands: 1 }],
    };
    const led: CombatInput = { ...base, a: [{ ...base.a[0], leader: true }] };
    const brute = bruteRound(enumerateHits(4, 5), 1, enumerateHits(2, 5), 0);
    for (const r of COMBAT_RESULTS) expect(combatOdds(led).firstRound.probOf(r).eq(brute[r])).toBe(true);
    expect(hitsDist(led.a, false).mean().sub(hitsDist(base.a, false).mean()).eq(Fraction.ONE)).toBe(true);
  });

  it("Results: one die against one die can never be decisive: always separated", () => {
    const input: CombatInput = { chargeCombat: false, a: [{ unit: unit("a", "D"), engagedStands: 1 }], b: [{ unit: unit("b", "D"), engagedStands: 1 }] };
    const odds = combatOdds(input);
    expect(odds.firstRound.probOf("inconclusive").eq(Fraction.ONE)).toBe(true);
    expect(odds.final.probOf("separated").eq(Fraction.ONE)).toBe(true);
  });

  it("SW-12: 30 dice against 30 dice with 4 DPs each: the refight uses the dropped levels, and the odds sum to 1", () => {
    const input: CombatInput = {
      chargeCombat: true,
      a: [{ unit: unit("a", "A", { stands: 5, aggression: "bloodlust", dp: 4, standard: true }), engagedStands: 5, charged: true }],
      b: [{ unit: unit("b", "A", { stands: 5, aggression: "ready", dp: 4, champion: true }), engagedStands: 5, flankSupport: 1 }],
    };
    const odds = combatOdds(input);
    expect(odds.a[0].dice.dice).toBe(30);
    expect(odds.b[0].dice.dice).toBe(30);
    // Blood Lust drops to Ready, Ready to Present; the DPs and the charge no longer count.
    expect(odds.refight?.a[0].dice.dice).toBe(32);
    expect(odds.refight?.b[0].dice.dice).toBe(33);
    expect(sum(FINAL_RESULTS.map((r) => odds.final.probOf(r))).eq(Fraction.ONE)).toBe(true);
    const pInc = odds.firstRound.probOf("inconclusive");
    expect(odds.final.probOf("separated").eq(pInc.mul(odds.refight?.round.probOf("inconclusive") ?? Fraction.ZERO))).toBe(true);
  });

  it("Results: a side destroyed by the inconclusive DP counts as a defeat in the final result", () => {
    const input: CombatInput = {
      chargeCombat: false,
      a: [{ unit: unit("a", "D", { aggression: "shaken", dp: 4 }), engagedStands: 1 }],
      b: [{ unit: unit("b", "D"), engagedStands: 1 }],
    };
    const odds = combatOdds(input);
    expect(odds.refight).toBeNull();
    expect(odds.final.probOf("defeat").eq(Fraction.ONE)).toBe(true);
  });
});

describe("sw-combat exact odds against seeded resolutions", () => {
  const scenarios: [string, CombatInput][] = [
    [
      "charge with a 4-DP defender",
      {
        chargeCombat: true,
        a: [{ unit: unit("a", "A", { aggression: "ready", dp: 1 }), engagedStands: 1, charged: true, leader: true }],
        b: [{ unit: unit("b", "B", { stands: 2, dp: 4 }), engagedStands: 2, flankSupport: 1 }],
      },
    ],
    [
      "even non-charge fight of two units a side",
      {
        chargeCombat: false,
        a: [
          { unit: unit("a1", "B", { dp: 4, aggression: "ready" }), engagedStands: 1 },
          { unit: unit("a2", "C", { formed: false }), engagedStands: 1 },
        ],
        b: [{ unit: unit("b", "B", { stands: 2, aggression: "shaken", dp: 4 }), engagedStands: 1, opponentHasGround: false }],
      },
    ],
  ];

  for (const [name, input] of scenarios) {
    it(`Results: exact final odds match 3000 seeded combats within 4.5 standard errors (${name})`, () => {
      const odds = combatOdds(input);
      const n = 3000;
      const counts = new Map<string, number>();
      const firstCounts = new Map<string, number>();
      for (let i = 0; i < n; i++) {
        const r = resolveCombat(input, seedState(1000 + i, 3));
        counts.set(r.result, (counts.get(r.result) ?? 0) + 1);
        firstCounts.set(r.rounds[0].result, (firstCounts.get(r.rounds[0].result) ?? 0) + 1);
      }
      const check = (p: number, k: number, label: string) => {
        const se = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(k / n - p), `${label}: sampled ${k / n}, exact ${p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      };
      for (const r of FINAL_RESULTS) check(odds.final.probOf(r).toNumber(), counts.get(r) ?? 0, r);
      for (const r of COMBAT_RESULTS) check(odds.firstRound.probOf(r).toNumber(), firstCounts.get(r) ?? 0, `first ${r}`);
    });
  }
});

// ---- property tests ----

const gradeArb = fc.constantFrom<Grade>("A", "B", "C", "D");
function combatantArb(id: string, chargeCombat: boolean): fc.Arbitrary<Combatant> {
  return fc
    .record({
      grade: gradeArb,
      stands: fc.integer({ min: 1, max: 3 }),
      engaged: fc.integer({ min: 1, max: 3 }),
      aggression: fc.constantFrom<Aggression>(...AGGRESSION_LEVELS),
      dp: fc.integer({ min: 0, max: 6 }),
      formed: fc.boolean(),
      charged: fc.boolean(),
      flankOrRear: fc.boolean(),
      ground: fc.boolean(),
      leader: fc.boolean(),
      champion: fc.boolean(),
      standard: fc.boolean(),
      flankSupport: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
      followingUp: fc.boolean(),
    })
    .map((r) => {
      const retinue = r.grade === "A" || r.grade === "B";
      return {
        unit: unit(id, r.grade, { stands: r.stands, aggression: r.aggression, dp: r.dp, formed: r.formed, retinue, champion: retinue && r.champion, standard: retinue && r.standard }),
        engagedStands: Math.min(r.engaged, r.stands),
        charged: chargeCombat && r.charged && r.aggression !== "shaken",
        flankOrRear: r.flankOrRear,
        opponentHasGround: r.ground,
        leader: retinue && r.leader,
        flankSupport: r.flankSupport,
        followingUp: id === "a" && r.followingUp,
      };
    });
}
const combatArb: fc.Arbitrary<CombatInput> = fc.boolean().chain((chargeCombat) =>
  fc.record({ chargeCombat: fc.constant(chargeCombat), a: fc.array(combatantArb("a", chargeCombat), { minLength: 1, maxLength: 1 }), b: fc.array(combatantArb("b", chargeCombat), { minLength: 1, maxLength: 2 }) }).map((c) => ({
    ...c,
    b: c.b.map((x, i) => ({ ...x, unit: { ...x.unit, id: `b${i}`, name: `b${i}` } })),
  })),
);

describe("sw-combat properties", () => {
  it("Results: probabilities sum to exactly 1 (first round, final, and states after the combat)", () => {
    fc.assert(
      fc.property(combatArb, (input) => {
        expect(combatProblem(input)).toBeNull();
        const odds = combatOdds(input);
        expect(sum(COMBAT_RESULTS.map((r) => odds.firstRound.probOf(r))).eq(Fraction.ONE)).toBe(true);
        expect(sum(FINAL_RESULTS.map((r) => odds.final.probOf(r))).eq(Fraction.ONE)).toBe(true);
        const states = combatStateDist(input);
        expect(sum(states.outcomes().map((o) => o.p)).eq(Fraction.ONE)).toBe(true);
        // The state distribution's results are exactly the final distribution.
        for (const r of FINAL_RESULTS) expect(states.prob((s) => s.result === r).eq(odds.final.probOf(r)), r).toBe(true);
        // A decisive first round stays decisive: final >= first round for each decisive result.
        for (const r of ["victory", "success", "setback", "defeat"] as const) expect(odds.final.probOf(r).cmp(odds.firstRound.probOf(r))).toBeGreaterThanOrEqual(0);
        expect(sum(roundSequenceDist(input).outcomes().map((o) => o.p)).eq(Fraction.ONE)).toBe(true);
      }),
      { seed: 17, numRuns: 120 },
    );
  });

  it("Results: swapping the sides mirrors every probability", () => {
    fc.assert(
      fc.property(combatArb, (input) => {
        const swapped: CombatInput = { chargeCombat: input.chargeCombat, a: input.b, b: input.a };
        const o1 = combatOdds(input);
        const o2 = combatOdds(swapped);
        for (const r of COMBAT_RESULTS) expect(o2.firstRound.probOf(mirrorResult(r)).eq(o1.firstRound.probOf(r))).toBe(true);
        for (const r of FINAL_RESULTS) expect(o2.final.probOf(mirrorResult(r)).eq(o1.final.probOf(r))).toBe(true);
      }),
      { seed: 23, numRuns: 80 },
    );
  });

  it("SW-17: one more flank support stand never lowers the chance of winning the first round", () => {
    fc.assert(
      fc.property(combatArb, (input) => {
        const a = input.a[0];
        if ((a.flankSupport ?? 0) === 2) return;
        const more: CombatInput = { ...input, a: [{ ...a, flankSupport: ((a.flankSupport ?? 0) + 1) as 1 | 2 }] };
        expect(combatDice(more.a[0], input.chargeCombat).dice).toBeGreaterThanOrEqual(combatDice(a, input.chargeCombat).dice);
        const win = (i: CombatInput) => combatOdds(i).firstRound.prob((r) => r === "victory" || r === "success");
        expect(win(more).cmp(win(input))).toBeGreaterThanOrEqual(0);
      }),
      { seed: 29, numRuns: 80 },
    );
  });

  it("Results: seeded resolutions only reach outcomes the exact distribution gives positive probability", () => {
    fc.assert(
      fc.property(combatArb, fc.integer({ min: 1, max: 1_000_000 }), (input, seed) => {
        const r = resolveCombat(input, seedState(seed));
        const states = combatStateDist(input);
        expect(states.probOf({ result: r.result, units: r.units.map((u) => ({ id: u.id, aggression: u.unit.aggression, dp: Object.values(u.unit.dp).reduce((s, x) => s + x, 0), stands: u.unit.stands, status: u.unit.status, move: u.move })) }).isZero()).toBe(false);
      }),
      { seed: 31, numRuns: 120 },
    );
  });
});
