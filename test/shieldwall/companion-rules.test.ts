/**
 * The companion's rules that issue 23 found apart from the battle's: the move test of a routing,
 * retiring or pursuing unit (seed "Unformed Units"), the LPs of a challenge and its acceptance
 * (seed "Personal Combat", rulings SW-7, SW-8, SW-11) and who is still in combat after a fall-back
 * and follow-up (seed "Moves Following Combat").
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Random } from "../../src/core/random.js";
import { stillInCombat } from "../../src/rulesets/shieldwall/combat.js";
import {
  applyRolled,
  type CompanionState,
  correctUnit,
  leaderOf,
  rollTest,
  startDuel,
  startFromArmies,
  testDefaults,
  testOdds,
  type TestInput,
  TESTS,
  unitOf,
  withChanges,
} from "../../src/rulesets/shieldwall/companion/index.js";
import { moveDist, rollMove } from "../../src/rulesets/shieldwall/move-dice.js";
import { probeUnit } from "../../src/rulesets/shieldwall/checks.js";
import { totalDp } from "../../src/rulesets/shieldwall/units.js";

const ARMIES = join(import.meta.dirname, "..", "..", "data", "shieldwall", "armies");
const army = (name: string): unknown => JSON.parse(readFileSync(join(ARMIES, `${name}.json`), "utf8"));
const fresh = (seed = 7): CompanionState => startFromArmies(army("maldon-991-english"), army("maldon-991-vikings"), { seed }).state;

describe('Unformed Units: routing, retiring and pursuing units are unformed, so their moves incur no fatigue', () => {
  it("the shared move dice take no fatigue for a rout, retire or pursuit, even when the unit was formed", () => {
    for (const kind of ["rout", "retire", "pursuit"] as const) {
      for (const soggyGround of [false, true]) {
        const d = moveDist({ kind, extraD6: true, formed: true, soggyGround }).map((m) => m.fatigue);
        expect(d.outcomes().map((o) => o.value)).toEqual([0]);
        const rng = Random.fromSeed(5);
        for (let i = 0; i < 50; i++) expect(rollMove(rng, { kind, extraD6: true, formed: true, soggyGround }).fatigue).toBe(0);
      }
    }
    // A normal move of a formed unit still does (seed "Fatigue").
    expect(moveDist({ kind: "normal", extraD6: true, formed: true, soggyGround: false }).map((m) => m.fatigue).probOf(0).toJSON().fraction).toBe("5/9");
  });

  it("the companion's move test of a formed unit that retires adds no fatigue DP and leaves it unformed", () => {
    const s0 = fresh(3);
    const u = s0.sides.red.units[1];
    expect(u.formed).toBe(true);
    for (const kind of ["rout", "retire", "pursuit"] as const) {
      const input: TestInput = { ...testDefaults(s0, "move", u.id), moveKind: kind };
      expect(input.formed).toBe(true);
      // The form asks neither "formed" nor the optional D6 for such a move.
      expect(TESTS.move.fields(s0, input).map((f) => f.key)).toEqual(["unit", "moveKind", "soggyGround"]);
      const odds = testOdds(s0, "move", input);
      expect(odds.headline).toEqual([{ label: "0 fatigue DPs", p: { fraction: "1", decimal: 1 } }]);
      expect(odds.modifiers).toEqual([`a ${kind} move is unformed (seed "Unformed Units"): no fatigue`]);
      // Over many seeds, some with 5s and 6s thrown: never a fatigue DP.
      let fives = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const rolled = rollTest({ ...s0, rng: Random.fromSeed(seed).state() }, "move", input);
        const faces = rolled.rolled!.dice.flatMap((d) => d.faces);
        if (faces.some((f) => f >= 5)) fives++;
        expect(rolled.rolled!.outcome).toMatchObject({ fatigue: 0 });
        const after = unitOf(applyRolled(rolled), u.id);
        expect(totalDp(after)).toBe(totalDp(u));
        expect(after.formed).toBe(false);
      }
      expect(fives).toBeGreaterThan(10);
    }
    expect(TESTS.move.fields(s0, testDefaults(s0, "move", u.id)).map((f) => f.key)).toContain("formed");
  });

  it("a saved roll that counted fatigue for a retire is applied by the rule, not by its count", () => {
    const s = fresh(3);
    const u = s.sides.red.units[1];
    const input = { ...testDefaults(s, "move", u.id), moveKind: "retire" };
    const stale: CompanionState = { ...s, rolled: { kind: "move", input, dice: [{ label: "AvD, D6", faces: [5, 6] }], outcome: { inches: 12, fatigue: 2 }, text: [] } };
    expect(totalDp(unitOf(applyRolled(stale), u.id))).toBe(totalDp(u));
  });
});

describe('Personal Combat: a challenge costs 3 LPs to issue and 3 to accept (rulings SW-7, SW-8, SW-11)', () => {
  /** The state with each leader's LPs left this turn set (lpSpent = value − left). */
  function withLpLeft(s: CompanionState, left: Record<string, number>): CompanionState {
    const leaders = Object.entries(left).map(([id, n]) => {
      const l = leaderOf(s, id);
      return { ...l, lpValue: Math.max(l.lpValue, n), lpSpent: Math.max(l.lpValue, n) - n };
    });
    return withChanges(s, [], leaders);
  }
  const pair = (s: CompanionState) => [s.sides.red.leaders[0], s.sides.black.leaders[0]] as const;

  it("accepting needs 3 LPs: a leader with 2 left is refused, naming the field and the rule; nothing is spent", () => {
    const s0 = fresh(21);
    const [red, black] = pair(s0);
    const s = withLpLeft(s0, { [red.id]: 3, [black.id]: 2 });
    expect(() => startDuel(s, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" })).toThrow(
      /^b\.leader: .* has 2 LPs left this turn, needs 3 \(ruling SW-7\): accepting a challenge costs 3 LPs \(seed "Personal Combat"\); he may only refuse/,
    );
    // With 3 each, both pay.
    const ok = startDuel(withLpLeft(s0, { [red.id]: 3, [black.id]: 3 }), { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "champion" });
    // Each had 3 LPs left and has none now.
    for (const id of [red.id, black.id]) expect(leaderOf(ok, id).lpSpent).toBe(leaderOf(ok, id).lpValue);
    expect(ok.log.at(-1)!.lines.some((l) => l.includes("accepts the challenge"))).toBe(true);
  });

  it("issuing needs 3 LPs unless the King card's new hero challenges (SW-11); the answer is paid either way", () => {
    const s0 = fresh(21);
    const [red, black] = pair(s0);
    const poor = withLpLeft(s0, { [red.id]: 2, [black.id]: 3 });
    expect(() => startDuel(poor, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" })).toThrow(/^a\.leader: .*a challenge costs 3 LPs/);
    const king = startDuel(poor, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" }, { challenge: "king", answer: "accepted" });
    expect(leaderOf(king, red.id).lpSpent).toBe(leaderOf(poor, red.id).lpSpent);
    expect(leaderOf(king, black.id).lpSpent).toBe(leaderOf(poor, black.id).lpSpent + 3);
  });

  it("a leader whose retinue is in combat spends no LPs (SW-8), so he cannot accept", () => {
    const s0 = fresh(21);
    const [red, black] = pair(s0);
    const s = correctUnit(withLpLeft(s0, { [red.id]: 3, [black.id]: 6 }), black.unit, { field: "inCombat", value: true });
    expect(() => startDuel(s, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" })).toThrow(/^b\.leader: .*retinue is in combat/);
  });

  it("after a refusal roll of 4-5 a champion steps out for free; only a champion may", () => {
    const s0 = fresh(21);
    const [red, black] = pair(s0);
    const s = withLpLeft(s0, { [red.id]: 3, [black.id]: 0 });
    const refused = { challenge: "issued", answer: "champion-after-refusal" } as const;
    expect(() => startDuel(s, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" }, refused)).toThrow(/^b\.fighter: after a refusal a champion/);
    const d = startDuel(s, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "champion" }, refused);
    expect(leaderOf(d, black.id)).toEqual(leaderOf(s, black.id));
    expect(leaderOf(d, red.id).lpSpent).toBe(leaderOf(s, red.id).lpSpent + 3);
  });
});

describe('Moves Following Combat: "Follow-up ... to remain in contact with an opponent who fell back. Fight another round of combat next turn"', () => {
  /** Two units in a combat whose rolled rounds are given (the roll itself is the shared resolution's). */
  function foughtWith(rounds: string[], chargeCombat: boolean): { s: CompanionState; a: string; b: string } {
    let s = fresh(4);
    const a = s.sides.red.units[1].id;
    const b = s.sides.black.units[1].id;
    s = correctUnit(correctUnit(s, a, { field: "inCombat", value: true }), b, { field: "inCombat", value: true });
    const input = { ...testDefaults(s, "combat", a), bUnit: b, chargeCombat, aCharged: chargeCombat };
    return { s: applyRolled({ ...s, rolled: { kind: "combat", input, dice: [], outcome: { rounds }, text: [] } }), a, b };
  }

  it("after a Set-Back the loser falls back, the winner follows up, and both are still in combat", () => {
    const { s, a, b } = foughtWith(["success"], false);
    expect(s.log.at(-1)!.lines.join(" ")).toMatch(/falls back.*follows up|follows up.*falls back/);
    expect(unitOf(s, a).inCombat).toBe(true);
    expect(unitOf(s, b).inCombat).toBe(true);
  });

  it("after a Defeat in a charge combat the loser retires and the winner pursues: neither is in combat", () => {
    const { s, a, b } = foughtWith(["victory"], true);
    expect(unitOf(s, a).inCombat).toBe(false);
    expect(unitOf(s, b).inCombat).toBe(false);
  });

  it("stillInCombat: fall-back with follow-up stays; retire, break, pursuit and separation end the contact; a side alone is not in combat", () => {
    const u = probeUnit({ grade: "C", stands: 2, aggression: "present", dp: 0 });
    const o = (id: string, side: "a" | "b", move: Parameters<typeof stillInCombat>[0][number]["move"], status: "active" | "destroyed" = "active") => ({ id, side, move, unit: { ...u, id, status } });
    expect([...stillInCombat([o("w", "a", "follow-up"), o("l", "b", "fall-back")])].sort()).toEqual(["l", "w"]);
    expect([...stillInCombat([o("w", "a", "pursue"), o("l", "b", "retire")])]).toEqual([]);
    expect([...stillInCombat([o("w", "a", "pursue"), o("l", "b", "break"), o("l2", "b", "fall-back")])]).toEqual([]);
    expect([...stillInCombat([o("x", "a", "separate"), o("y", "b", "separate")])]).toEqual([]);
    expect([...stillInCombat([o("w", "a", "remain"), o("l", "b", "eliminated", "destroyed")])]).toEqual([]);
  });
});
