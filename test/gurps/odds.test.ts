import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";
import { type AttackInput, MODES, OUTCOMES, planAttack } from "../../src/rulesets/gurps/attack.js";
import { compareTreatments } from "../../src/rulesets/gurps/compare.js";
import { type ExactOutcome, exactOutcome, resolveAttack, resolveWithTotals } from "../../src/rulesets/gurps/resolve.js";
import { BRUTE_DENOMINATOR, bruteForce } from "./brute.js";
import { anyAttack, attack } from "./fixtures.js";

function exact(input: AttackInput): ExactOutcome {
  const r = planAttack(input);
  if (!r.ok) throw new Error(r.reason);
  return exactOutcome(r.plan);
}

function total(o: ExactOutcome): Fraction {
  return OUTCOMES.reduce((s, k) => s.add(o.p[k]), Fraction.ZERO);
}

/** Checks every probability of the exact distribution against the brute force of all 3d6 rolls. */
function agreesWithBruteForce(input: AttackInput): void {
  const brute = bruteForce(input);
  const planned = planAttack(input);
  if (brute === "untargetable") {
    expect(planned.ok).toBe(false);
    return;
  }
  expect(planned.ok).toBe(true);
  if (!planned.ok) return;
  const odds = exactOutcome(planned.plan);
  for (const o of OUTCOMES) expect(odds.p[o].toString(), o).toBe(Fraction.of(brute[o], BRUTE_DENOMINATOR).toString());
  for (const [loc, p] of Object.entries(odds.hitByLocation)) expect(p.toString(), loc).toBe(Fraction.of(brute.byLocation[loc] ?? 0n, BRUTE_DENOMINATOR).toString());
  expect(total(odds).eq(Fraction.ONE)).toBe(true);
}

describe("exact odds against brute-force enumeration of every 3d6 roll", () => {
  const cases: [string, Partial<AttackInput>][] = [
    ["GC-2 abstract DB 3, random location, block 11", { mode: "abstract", defense: { kind: "block", value: 11 } }],
    ["GC-3 random cover DB 2, aimed skull, dodge 9", { mode: "random", db: 2, location: "skull", defense: { kind: "dodge", value: 9 } }],
    ["GC-4 specific DB 3, random location, parry 10", { mode: "specific", defense: { kind: "parry", value: 10 } }],
    ["GC-4 specific DB 1, aimed torso (half cover)", { mode: "specific", db: 1, location: "torso" }],
    ["written rules DB 2, aimed shield arm (doubled penalty), block 12", { mode: "db", db: 2, location: "arm-shield", defense: { kind: "block", value: 12 } }],
    ["GC-5 DB 5 from the shield-side hex: excellent cover", { mode: "random", db: 5, hex: "shield-side" }],
    ["GC-5 DB 5 full cover from the front", { mode: "abstract", db: 5, skill: 18 }],
    ["GC-5 DB 5 incomplete under specific cover, random location", { mode: "specific", db: 5, wielderMoving: true, defense: { kind: "dodge", value: 8 } }],
    ["GC-6 flail -2 against DB 3 abstract", { mode: "abstract", flailPenalty: -2, defense: { kind: "block", value: 11 } }],
    ["GC-6 3e PD 4 specific", { mode: "specific", db: 4, edition: 3 }],
    ["GC-1 high skill 20: criticals on 5 and 6", { mode: "db", skill: 20, db: 1, defense: { kind: "parry", value: 13 } }],
    ["GC-1 low skill 3: 10 over is a critical failure", { mode: "abstract", skill: 3, db: 2 }],
  ];
  for (const [title, over] of cases) {
    it(`${title}: each probability equals the brute force`, () => {
      agreesWithBruteForce(attack(over));
    });
  }

  it("GC-1..GC-6 property: every valid input agrees with the brute force and sums to exactly 1", () => {
    fc.assert(
      fc.property(anyAttack, (input) => {
        agreesWithBruteForce(input);
      }),
      { seed: 606, numRuns: 250 },
    );
  });
});

describe("exact odds: the parts", () => {
  it("GC-3a: parts sum to exactly 1 and hit excludes critical hits", () => {
    fc.assert(
      fc.property(anyAttack, (input) => {
        const planned = planAttack(input);
        fc.pre(planned.ok);
        if (!planned.ok) return;
        const odds = exactOutcome(planned.plan);
        expect(total(odds).eq(Fraction.ONE)).toBe(true);
        const landed = Object.values(odds.hitByLocation).reduce((s, p) => s.add(p), Fraction.ZERO);
        // hitByLocation counts hits and critical hits; hit alone leaves the critical ones out
        expect(landed.eq(odds.p.hit.add(odds.p.criticalHit))).toBe(true);
      }),
      { seed: 61, numRuns: 300 },
    );
  });

  it("GC-1: a critical hit cannot be defended — the critical-hit chance does not depend on the defence", () => {
    const none = exact(attack({ mode: "db", location: "torso" }));
    const block = exact(attack({ mode: "db", location: "torso", defense: { kind: "block", value: 16 } }));
    expect(block.p.criticalHit.eq(none.p.criticalHit)).toBe(true);
    expect(none.p.criticalHit.toString()).toBe("1/54"); // 3 and 4: 4 ways in 216
  });

  it("GC-3a: a defence of 3-4 always succeeds and 17-18 always fails, whatever the score", () => {
    const low = exact(attack({ mode: "db", location: "torso", db: 0, defense: { kind: "dodge", value: -5 } }));
    const high = exact(attack({ mode: "db", location: "torso", db: 0, defense: { kind: "dodge", value: 30 } }));
    const success = Fraction.of(196, 216); // skill 14: 3..14 (196 ways), less the 3 and 4, which are critical
    expect(low.p.defended.eq(success.sub(Fraction.of(4, 216)).mul(Fraction.of(4, 216)))).toBe(true);
    expect(high.p.defended.eq(success.sub(Fraction.of(4, 216)).mul(Fraction.of(212, 216)))).toBe(true);
  });
});

describe("seeded single attack and exact distribution share one resolution", () => {
  it("GC-1..GC-4: replaying a seeded attack's die totals gives the same outcome", () => {
    fc.assert(
      fc.property(anyAttack, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (input, seed) => {
        const planned = planAttack(input);
        fc.pre(planned.ok);
        if (!planned.ok) return;
        const rec = resolveAttack(planned.plan, Random.fromSeed(seed));
        const again = resolveWithTotals(
          planned.plan,
          rec.steps.map((s) => s.roll.total),
        );
        expect(again.outcome).toBe(rec.outcome);
        expect(again.location).toBe(rec.location);
        expect(again.used).toBe(rec.steps.length);
        for (const s of rec.steps) {
          expect(s.roll.faces.length).toBe(s.roll.dice.length);
          expect(s.roll.faces.reduce((a, b) => a + b, 0)).toBe(s.roll.total);
        }
      }),
      { seed: 62, numRuns: 500 },
    );
  });

  it("GC-3, GC-4: seeded attacks land on each outcome as often as the exact odds say (20,000 attacks)", () => {
    const input = attack({ mode: "specific", db: 2, defense: { kind: "block", value: 10 } });
    const planned = planAttack(input);
    if (!planned.ok) throw new Error("plan");
    const odds = exactOutcome(planned.plan);
    const rng = Random.fromSeed(2026);
    const n = 20_000;
    const counts: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const o = resolveAttack(planned.plan, rng).outcome;
      counts[o] = (counts[o] ?? 0) + 1;
    }
    for (const o of OUTCOMES) {
      const p = odds.p[o].toNumber();
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((counts[o] ?? 0) / n - p), o).toBeLessThanOrEqual(4.5 * se + 1e-9);
    }
  });
});

describe("compare: the four treatments side by side", () => {
  it("GC-2..GC-4: compare gives each treatment the same odds as the calculator", () => {
    const input = attack({ db: 2, defense: { kind: "block", value: 11 } });
    const c = compareTreatments(input);
    expect(c.treatments.map((t) => t.mode)).toEqual([...MODES]);
    for (const t of c.treatments) {
      expect(t.available).toBe(true);
      if (!t.available) continue;
      const alone = exact({ ...input, mode: t.mode });
      for (const o of OUTCOMES) expect(t.odds.p[o].eq(alone.p[o])).toBe(true);
    }
  });

  it("seed Attacker choice: the best treatment for the attacker has the highest chance to strike the body", () => {
    fc.assert(
      fc.property(anyAttack, (input) => {
        const c = compareTreatments(input);
        const best = c.bodyStruck[c.attackerBest];
        if (!best) return;
        for (const p of Object.values(c.bodyStruck)) expect(p.cmp(best)).toBeLessThanOrEqual(0);
      }),
      { seed: 63, numRuns: 100 },
    );
  });

  it("seed Attacker choice: per cover treatment, the attacker treats the shield as cover only when that strikes the body more often than against DB", () => {
    fc.assert(
      fc.property(anyAttack, (input) => {
        const c = compareTreatments(input);
        for (const [mode, pick] of Object.entries(c.attackerChoice)) {
          const cover = c.bodyStruck[mode as "abstract"];
          const db = c.bodyStruck.db;
          if (!cover || !db) throw new Error("choice without odds");
          expect(pick).toBe(cover.cmp(db) > 0 ? "cover" : "db");
        }
      }),
      { seed: 64, numRuns: 100 },
    );
    // DB 3 against a block of 11: the block gets +3 under DB, so abstract cover serves the attacker better
    const c = compareTreatments(attack({ db: 3, defense: { kind: "block", value: 11 } }));
    expect(c.attackerChoice.abstract).toBe("cover");
    // no defence at all: DB does nothing, so the attacker leaves it be
    expect(compareTreatments(attack({ db: 2, location: "torso" })).attackerChoice.abstract).toBe("db");
  });

  it("GC-4: an aimed attack at a fully covered location is n/a under specific cover only", () => {
    const c = compareTreatments(attack({ location: "torso", db: 3 }));
    const specific = c.treatments.find((t) => t.mode === "specific");
    expect(specific?.available).toBe(false);
    expect(c.treatments.filter((t) => t.available).map((t) => t.mode)).toEqual(["db", "abstract", "random"]);
  });
});
