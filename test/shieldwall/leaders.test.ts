import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";
import { probeUnit } from "../../src/rulesets/shieldwall/checks.js";
import {
  campFollowersRemoveDp,
  challengeCost,
  changeAggression,
  changeLpValue,
  increaseCohesion,
  initialMove,
  initiativeDist,
  LP_COSTS,
  LeadershipError,
  mayAdvance,
  moveCampFollowers,
  refreshLeader,
  restAndReform,
  rollDeployment,
  rollInitiative,
  signalAdvance,
  spendLp,
} from "../../src/rulesets/shieldwall/leaders.js";
import { type Aggression, emptyDp, type LeaderState, probeLeader, totalDp, type UnitState } from "../../src/rulesets/shieldwall/units.js";

function leader(over: Partial<LeaderState> = {}): LeaderState {
  return probeLeader({ id: "c-leader", name: "Offa", unit: "c-retinue", lpValue: 4, ...over });
}

function unit(over: Partial<UnitState> = {}): UnitState {
  return { ...probeUnit({ grade: "B", stands: 2, aggression: "present" }), contingent: "c", dp: { ...emptyDp(), fatigue: 3 }, ...over };
}

describe("Shieldwall leaders", () => {
  it("SW-7 LPs refresh each turn and unspent points lapse", () => {
    const l = spendLp(leader({ lpValue: 4 }), "signalAdvance", false).value;
    expect(l.lpSpent).toBe(1);
    const next = refreshLeader(l);
    expect(next.lpSpent).toBe(0);
    expect(next.lpValue).toBe(4); // the allowance, not a bank: 3 unspent points did not carry over
  });

  it("SW-7 a leader cannot spend more than his LP value", () => {
    const l = spendLp(leader({ lpValue: 3 }), "increaseCohesion", false).value;
    expect(() => spendLp(l, "changeAggression", false)).toThrow(/has 1 LP left this turn, needs 2 \(ruling SW-7\)/);
    expect(spendLp(l, "signalAdvance", false).value.lpSpent).toBe(3);
  });

  it("SW-8 a leader whose retinue is in combat spends no LPs", () => {
    expect(() => spendLp(leader(), "signalAdvance", true)).toThrow(LeadershipError);
    expect(() => spendLp(leader(), "signalAdvance", true)).toThrow(/in combat.*ruling SW-8/);
    expect(() => spendLp(leader({ status: "killed" }), "signalAdvance", false)).toThrow(/killed/);
  });

  it("SW-7 LP value changes: wounds lower it, 0 kills, the Ace caps at 6", () => {
    expect(changeLpValue(leader({ lpValue: 2 }), -2, "severe wound").value).toMatchObject({ lpValue: 0, status: "killed" });
    expect(changeLpValue(leader({ lpValue: 6 }), 1, "Ace").value.lpValue).toBe(6);
    expect(changeLpValue(leader({ lpValue: 5 }), 1, "Ace").value.lpValue).toBe(6);
  });

  it("Leaders: increase cohesion costs 2 LPs and removes 1 DP", () => {
    const r = increaseCohesion(leader(), false, { unit: unit(), within2: true });
    expect(r.leader.lpSpent).toBe(LP_COSTS.increaseCohesion);
    expect(LP_COSTS.increaseCohesion).toBe(2);
    expect(totalDp(r.unit)).toBe(2);
  });

  it('Leaders: no action on a unit in combat or beyond 2"', () => {
    expect(() => increaseCohesion(leader(), false, { unit: unit({ inCombat: true }), within2: true })).toThrow(/in combat/);
    expect(() => increaseCohesion(leader(), false, { unit: unit(), within2: false })).toThrow(/not within 2"/);
    expect(() => changeAggression(leader(), false, { unit: unit({ inCombat: true }), within2: true }, "raise")).toThrow(/in combat/);
    expect(() => increaseCohesion(leader(), true, { unit: unit(), within2: true })).toThrow(/SW-8/);
  });

  it("Leaders: change aggression costs 2 LPs, up or down one level", () => {
    const up = changeAggression(leader(), false, { unit: unit(), within2: true }, "raise");
    expect(up.unit.aggression).toBe("ready");
    expect(up.leader.lpSpent).toBe(2);
    const down = changeAggression(leader(), false, { unit: unit({ aggression: "bloodlust" }), within2: true }, "lower");
    expect(down.unit.aggression).toBe("ready");
    expect(() => changeAggression(leader(), false, { unit: unit({ aggression: "bloodlust" }), within2: true }, "raise")).toThrow(/already at Blood Lust/);
  });

  it("Leaders: a challenge costs 3 LPs to issue and 3 to accept", () => {
    expect(LP_COSTS.issueChallenge).toBe(3);
    expect(LP_COSTS.acceptChallenge).toBe(3);
    expect(challengeCost("issue")).toBe(3);
    expect(challengeCost("accept")).toBe(3);
    expect(challengeCost("issue", true)).toBe(0); // ruling SW-11: the King's hero challenges free
    expect(challengeCost("accept", true)).toBe(3);
    expect(spendLp(leader({ lpValue: 3 }), "acceptChallenge", false).value.lpSpent).toBe(3);
    expect(() => spendLp(leader({ lpValue: 2 }), "issueChallenge", false)).toThrow(/needs 3/);
  });

  it("Signal the advance costs 1 LP and sets initial moves by aggression", () => {
    const levels: Aggression[] = ["shaken", "present", "ready", "bloodlust"];
    const units = levels.map((a, i) => ({ unit: unit({ id: `u${i}`, aggression: a }) }));
    const other = { unit: unit({ id: "x", contingent: "other" }) };
    const r = signalAdvance(leader(), false, [...units, other]);
    expect(r.leader).toMatchObject({ signalled: true, lpSpent: 1 });
    expect(r.moves).toEqual([
      { unit: "u0", inches: 0 },
      { unit: "u1", inches: 1 },
      { unit: "u2", inches: 2 },
      { unit: "u3", inches: 3 },
    ]);
    expect(() => signalAdvance(r.leader, false, units)).toThrow(/already signalled/);
  });

  it('SW-1 the battle standard within 2" adds 1" below Blood Lust', () => {
    expect(initialMove({ unit: unit({ aggression: "present" }), battleStandardWithin2: true }).inches).toBe(2);
    expect(initialMove({ unit: unit({ aggression: "ready" }), battleStandardWithin2: true }).inches).toBe(3);
    expect(initialMove({ unit: unit({ aggression: "ready" }), battleStandardWithin2: true, useStandard: false }).inches).toBe(2);
    expect(initialMove({ unit: unit({ aggression: "bloodlust" }), battleStandardWithin2: true }).inches).toBe(3);
    expect(initialMove({ unit: unit({ aggression: "shaken" }), battleStandardWithin2: true }).inches).toBe(0);
    expect(initialMove({ unit: unit({ aggression: "present" }), battleStandardWithin2: false }).inches).toBe(1);
  });

  it("Shaken units may not advance, even after the signal", () => {
    expect(mayAdvance(unit({ aggression: "shaken" }), true).ok).toBe(false);
    expect(mayAdvance(unit({ aggression: "ready" }), false).reason).toMatch(/not signalled.*laterally or to the rear/);
    expect(mayAdvance(unit({ aggression: "ready" }), true).ok).toBe(true);
  });

  it("Camp followers remove 1 DP even from a unit in combat", () => {
    const host = unit({ id: "h", attachments: ["camp-followers"], inCombat: true });
    const r = campFollowersRemoveDp({ host, target: host, within2: false });
    expect(totalDp(r.value)).toBe(2);
    expect(r.notes[0]).toMatch(/even in combat/);
    expect(() => campFollowersRemoveDp({ host: unit({ id: "n" }), target: host, within2: true })).toThrow(/no camp followers/);
  });

  it('Camp followers only help their own contingent within 2"', () => {
    const host = unit({ id: "h", attachments: ["camp-followers"] });
    const near = unit({ id: "n" });
    expect(totalDp(campFollowersRemoveDp({ host, target: near, within2: true }).value)).toBe(2);
    expect(() => campFollowersRemoveDp({ host, target: near, within2: false })).toThrow(/not within 2"/);
    expect(() => campFollowersRemoveDp({ host, target: unit({ id: "o", contingent: "other" }), within2: true })).toThrow(/own contingent/);
  });

  it("SW-6 camp followers may move to another unit of the army in the leadership phase", () => {
    const from = unit({ id: "a", attachments: ["camp-followers", "heroic-champion"] });
    const to = unit({ id: "b" });
    const r = moveCampFollowers(from, to);
    expect(r.from.attachments).toEqual(["heroic-champion"]);
    expect(r.to.attachments).toEqual(["camp-followers"]);
    expect(() => moveCampFollowers(r.from, to)).toThrow(/no camp followers/);
  });

  it("Rest and reform: A and B grades remove 1 DP if not in combat", () => {
    for (const grade of ["A", "B"] as const) {
      const r = restAndReform({ unit: unit({ grade }), beyond2OfEnemy: false, beyond8OfEnemy: false, signalled: false });
      expect(totalDp(r.value)).toBe(2);
      const c = restAndReform({ unit: unit({ grade, inCombat: true }), beyond2OfEnemy: true, beyond8OfEnemy: true, signalled: false });
      expect(totalDp(c.value)).toBe(3);
    }
  });

  it('Rest and reform: C grade needs to be beyond 2" of all enemy, D grade beyond 8"', () => {
    const rest = (grade: "C" | "D", b2: boolean, b8: boolean) => totalDp(restAndReform({ unit: unit({ grade }), beyond2OfEnemy: b2, beyond8OfEnemy: b8, signalled: false }).value);
    expect(rest("C", false, false)).toBe(3);
    expect(rest("C", true, false)).toBe(2);
    expect(rest("D", true, false)).toBe(3);
    expect(rest("D", true, true)).toBe(2);
  });

  it("Rest and reform: before the signal a unit keeps its aggression", () => {
    const r = restAndReform({ unit: unit({ aggression: "ready" }), beyond2OfEnemy: true, beyond8OfEnemy: true, signalled: false });
    expect(r.value.aggression).toBe("ready");
    expect(totalDp(r.value)).toBe(2);
  });

  it("Rest and reform: after the signal a unit above Present drops one level", () => {
    const r = restAndReform({ unit: unit({ aggression: "bloodlust" }), beyond2OfEnemy: true, beyond8OfEnemy: true, signalled: true });
    expect(r.value.aggression).toBe("ready");
    const p = restAndReform({ unit: unit({ aggression: "present" }), beyond2OfEnemy: true, beyond8OfEnemy: true, signalled: true });
    expect(p.value.aggression).toBe("present");
  });

  it("SW-8 initiative: +1 for the commander-in-chief with more LPs, ties roll again", () => {
    // Even LPs: 1/2 each.
    expect(initiativeDist({ redCincLp: 4, blackCincLp: 4 }).probOf("red")).toEqual(Fraction.of(1, 2));
    // With +1: red > black in 21 of 36, tie 5, black > red 10 → 21/31.
    expect(initiativeDist({ redCincLp: 5, blackCincLp: 4 }).probOf("red")).toEqual(Fraction.of(21, 31));
    expect(initiativeDist({ redCincLp: null, blackCincLp: 2 }).probOf("black")).toEqual(Fraction.of(21, 31));
    // Seeded rolls agree with the exact chance, and ties are rolled again.
    const rng = Random.fromSeed(8);
    let red = 0;
    let ties = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const r = rollInitiative(rng, { redCincLp: 5, blackCincLp: 4 });
      if (r.winner === "red") red++;
      ties += r.rolls.length - 1;
      const [last] = r.rolls.slice(-1);
      expect(last[0]).not.toBe(last[1]);
    }
    expect(Math.abs(red / n - 21 / 31)).toBeLessThan(4 * Math.sqrt((0.68 * 0.32) / n));
    expect(ties).toBeGreaterThan(0);
  });

  it("SW-8 deployment dice: lowest score deploys first", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100000 }), (seed) => {
        const a = rollInitiative(Random.fromSeed(seed), { redCincLp: 3, blackCincLp: 5 });
        const d = rollDeployment(Random.fromSeed(seed), { redCincLp: 3, blackCincLp: 5 });
        expect(d.deploysFirst).not.toBe(a.winner);
        expect(d.notes[0]).toMatch(/scores lowest and deploys first/);
      }),
      { seed: 4, numRuns: 100 },
    );
  });

  it("SW-8 deployment dice: the narrative calls the roll the deployment dice, not the initiative", () => {
    const d = rollDeployment(Random.fromSeed(1), { redCincLp: 3, blackCincLp: 5 });
    expect(d.notes[0]).toMatch(/^deployment dice: red \d, black \d.*: (red|black) scores lowest and deploys first$/);
  });
});
