import { describe, expect, it } from "vitest";
import { D6 } from "../../src/core/dice.js";
import { Random, seedState } from "../../src/core/random.js";
import {
  type CombatInput,
  type Combatant,
  applyDecisiveResult,
  autoHits,
  combatDice,
  combatProblem,
  combatantProblem,
  concludeCombat,
  engagedAfterCasualties,
  hitTarget,
  mirrorResult,
  resolveCombat,
  resultFromDifference,
  settleInconclusive,
  unableToMove,
  winnerMove,
} from "../../src/rulesets/shieldwall/combat.js";
import { type Aggression, type Grade, type SupernumeraryKind, type UnitState, emptyDp, totalDp } from "../../src/rulesets/shieldwall/units.js";

interface UnitOptions {
  id?: string;
  grade?: Grade;
  stands?: number;
  aggression?: Aggression;
  dp?: number;
  formed?: boolean;
  kind?: UnitState["kind"];
  attachments?: SupernumeraryKind[];
}

function unit(o: UnitOptions = {}): UnitState {
  const grade = o.grade ?? "B";
  return {
    id: o.id ?? "u",
    name: o.id ?? "u",
    kind: o.kind ?? (grade === "A" ? "retinue" : "band"),
    grade,
    contingent: "c",
    stands: o.stands ?? 1,
    aggression: o.aggression ?? "present",
    dp: { ...emptyDp(), fatigue: o.dp ?? 0 },
    formed: o.formed ?? true,
    inCombat: true,
    status: "active",
    attachments: o.attachments ?? [],
  };
}

function fighter(o: UnitOptions = {}, c: Partial<Combatant> = {}): Combatant {
  return { unit: unit(o), engagedStands: 1, ...c };
}

function combat(a: Combatant | Combatant[], b: Combatant | Combatant[], chargeCombat = false): CombatInput {
  return { chargeCombat, a: Array.isArray(a) ? a : [a], b: Array.isArray(b) ? b : [b] };
}

function pick<T extends { id: string }>(list: readonly T[], id: string): T {
  const found = list.find((x) => x.id === id);
  if (!found) throw new Error(`no unit ${id} in the outcome`);
  return found;
}

const modifierSum = (c: Combatant, charge: boolean) => combatDice(c, charge).modifiers.reduce((s, m) => s + m.dice, 0);

describe("SW-17 combat dice", () => {
  it("SW-17: a unit rolls strength × engaged stands (A 6, B 4, C 2, D 1)", () => {
    const strength: Record<Grade, number> = { A: 6, B: 4, C: 2, D: 1 };
    for (const grade of ["A", "B", "C", "D"] as const) {
      for (const engaged of [1, 2]) {
        const d = combatDice(fighter({ grade, stands: 2, kind: grade === "A" ? "retinue" : "band" }, { engagedStands: engaged }), false);
        expect(d.base).toBe(strength[grade] * engaged);
        expect(d.dice).toBe(strength[grade] * engaged);
        expect(d.modifiers).toEqual([]);
      }
    }
  });

  it("SW-17: only engaged stands roll, unengaged stands of the unit add nothing", () => {
    expect(combatDice(fighter({ grade: "B", stands: 2 }, { engagedStands: 1 }), false).dice).toBe(4);
    expect(combatDice(fighter({ grade: "B", stands: 2 }, { engagedStands: 2 }), false).dice).toBe(8);
  });

  it("SW-17: +2 Blood Lust, +1 Ready for Battle, -2 Shaken, nothing for Present", () => {
    const dice = (aggression: Aggression) => combatDice(fighter({ grade: "A", aggression }), false).dice;
    expect(dice("bloodlust")).toBe(8);
    expect(dice("ready")).toBe(7);
    expect(dice("present")).toBe(6);
    expect(dice("shaken")).toBe(4);
  });

  it("SW-17: -1 each DP counts only in a charge combat", () => {
    const f = fighter({ grade: "A", dp: 3 });
    expect(combatDice(f, true).dice).toBe(3);
    expect(combatDice(f, false).dice).toBe(6);
    expect(combatDice(fighter({ grade: "A", dp: 5 }), true).dice).toBe(1);
  });

  it("SW-17: +1 charged this turn counts only in a charge combat", () => {
    const f = fighter({ grade: "B" }, { charged: true });
    expect(combatDice(f, true).dice).toBe(5);
    expect(combatDice(fighter({ grade: "B" }, { charged: false }), true).dice).toBe(4);
  });

  it("SW-17: +2 for each flank support stand, at most one stand each flank", () => {
    expect(modifierSum(fighter({}, { flankSupport: 1 }), false)).toBe(2);
    expect(modifierSum(fighter({}, { flankSupport: 2 }), false)).toBe(4);
    expect(combatantProblem(fighter({}, { flankSupport: 3 as 2 }), false)?.field).toBe("flankSupport");
  });

  it("SW-17: +1 following up an opponent that fell back, in any combat", () => {
    expect(combatDice(fighter({}, { followingUp: true }), false).dice).toBe(5);
    expect(combatDice(fighter({}, { followingUp: true }), true).dice).toBe(5);
  });

  it("SW-17: a heroic champion and a battle standard each add +1", () => {
    const kind = "retinue" as const;
    expect(combatDice(fighter({ kind, attachments: ["heroic-champion"] }), false).dice).toBe(5);
    expect(combatDice(fighter({ kind, attachments: ["battle-standard"] }), false).dice).toBe(5);
    expect(combatDice(fighter({ kind, attachments: ["heroic-champion", "battle-standard", "camp-followers"] }), false).dice).toBe(6);
  });

  it("SW-17: every modifier together, and at least 1 die", () => {
    const f = fighter({ grade: "A", aggression: "bloodlust", dp: 2, kind: "retinue", attachments: ["battle-standard"] }, { charged: true, flankSupport: 1, followingUp: true });
    // 6 + 2 (Blood Lust) - 2 (DPs) + 2 (flank) + 1 (charged) + 1 (following up) + 1 (standard)
    expect(combatDice(f, true).dice).toBe(11);
    const weak = fighter({ grade: "D", aggression: "shaken", dp: 4 });
    expect(combatDice(weak, true).base + modifierSum(weak, true)).toBe(-5);
    expect(combatDice(weak, true).dice).toBe(1);
    expect(combatDice(weak, false).dice).toBe(1);
  });
});

describe("SW-18 hit numbers and automatic hits", () => {
  it("SW-18: hits on 5-6 in other circumstances", () => {
    expect(hitTarget(fighter()).hitOn).toBe(5);
  });
  it("SW-18: hits only on 6 if unformed, in the flank or rear, or the opponent has the ground", () => {
    expect(hitTarget(fighter({ formed: false })).hitOn).toBe(6);
    expect(hitTarget(fighter({}, { flankOrRear: true })).hitOn).toBe(6);
    expect(hitTarget(fighter({}, { opponentHasGround: true })).hitOn).toBe(6);
    expect(hitTarget(fighter({ formed: false }, { flankOrRear: true, opponentHasGround: true })).hitOn).toBe(6);
    expect(hitTarget(fighter({ formed: false }, { flankOrRear: true })).reasons).toEqual(["unformed", "flank or rear"]);
  });
  it("SW-18: a living leader in the engaged retinue adds one automatic hit", () => {
    expect(autoHits(fighter({ grade: "A" }, { leader: true }))).toBe(1);
    expect(autoHits(fighter({ grade: "A" }, { leader: false }))).toBe(0);
    // His leader killed, the retinue fights to the death without him.
    expect(autoHits(fighter({ grade: "A" }, { leader: true, fightToTheDeath: true }))).toBe(0);
  });
  it("SW-18: the automatic hit counts in the seeded resolution", () => {
    const r = resolveCombat(combat(fighter({ id: "a", grade: "A" }, { leader: true }), fighter({ id: "b" })), seedState(5));
    const first = r.rounds[0];
    expect(first.a.autoHits).toBe(1);
    expect(first.a.hits).toBe(first.a.units[0].hits + 1);
  });
});

describe("Results table (seed Results)", () => {
  it("Results table: 5+ Victory, +2/4 Success, +1/-1 Inconclusive, -2/-4 Set-Back, 5- Defeat", () => {
    const expected = (d: number) => (d >= 5 ? "victory" : d >= 2 ? "success" : d >= -1 ? "inconclusive" : d >= -4 ? "setback" : "defeat");
    for (let d = -40; d <= 40; d++) expect(resultFromDifference(d), `difference ${d}`).toBe(expected(d));
    expect([5, 4, 2, 1, 0, -1, -2, -4, -5].map(resultFromDifference)).toEqual(["victory", "success", "success", "inconclusive", "inconclusive", "inconclusive", "setback", "setback", "defeat"]);
  });
  it("Results table: the other side sees the mirror result", () => {
    for (let d = -8; d <= 8; d++) expect(mirrorResult(resultFromDifference(d))).toBe(resultFromDifference(-d));
  });
});

describe("Results: consequences", () => {
  const none = new Set<string>();

  it("Results: Victory raises two aggression levels (maximum Blood Lust), and the loser's Defeat drops one, takes 1 DP and retires in a charge combat", () => {
    const input = combat(fighter({ id: "a", aggression: "present" }, { charged: true }), fighter({ id: "b", aggression: "ready", dp: 1 }), true);
    const { units } = applyDecisiveResult(input, "victory", none);
    const a = pick(units, "a");
    const b = pick(units, "b");
    expect(a.unit.aggression).toBe("bloodlust");
    expect(b.unit.aggression).toBe("present");
    expect(totalDp(b.unit)).toBe(2);
    expect(b.unit.dp.combat).toBe(1);
    expect(b.move).toBe("retire");
    expect(a.move).toBe("pursue");
    const capped = applyDecisiveResult(combat(fighter({ id: "a", aggression: "ready" }), fighter({ id: "b" })), "victory", none);
    expect(pick(capped.units, "a").unit.aggression).toBe("bloodlust");
  });

  it("Results: Defeat falls back instead of retiring if no charges involved, and the winner follows up (SW-19)", () => {
    const { units } = applyDecisiveResult(combat(fighter({ id: "a" }), fighter({ id: "b" })), "defeat", none);
    const a = pick(units, "a");
    const b = pick(units, "b");
    expect(a.unit.aggression).toBe("shaken");
    expect(a.unit.dp.combat).toBe(1);
    expect(a.move).toBe("fall-back");
    expect(b.unit.aggression).toBe("bloodlust");
    expect(b.move).toBe("follow-up");
  });

  it("Results: Success raises one aggression level, Set-Back drops one level and falls back, and the winner follows up (SW-19)", () => {
    const { units } = applyDecisiveResult(combat(fighter({ id: "a", aggression: "present" }), fighter({ id: "b", aggression: "ready", dp: 2 })), "success", none);
    const a = pick(units, "a");
    const b = pick(units, "b");
    expect(a.unit.aggression).toBe("ready");
    expect(a.move).toBe("follow-up");
    expect(b.unit.aggression).toBe("present");
    expect(totalDp(b.unit)).toBe(2);
    expect(b.move).toBe("fall-back");
  });

  it("SW-19: previously Shaken, a Set-Back retires (no drop) and a Defeat breaks, and the winner pursues", () => {
    const shakenB = combat(fighter({ id: "a" }), fighter({ id: "b", aggression: "shaken", stands: 2 }), true);
    const setback = applyDecisiveResult(shakenB, "success", new Set(["b"]));
    const b1 = pick(setback.units, "b");
    expect(b1.move).toBe("retire");
    expect(b1.unit.stands).toBe(2);
    expect(pick(setback.units, "a").move).toBe("pursue");
    const defeat = applyDecisiveResult(shakenB, "victory", new Set(["b"]));
    const b2 = pick(defeat.units, "b");
    expect(b2.move).toBe("break");
    expect(b2.unit.stands).toBe(2);
    expect(totalDp(b2.unit)).toBe(0);
    expect(pick(defeat.units, "a").move).toBe("pursue");
  });

  it("SW-19: previously shaken means Shaken when the combat began, not after the refight's DP", () => {
    // b is Present with 4 DPs: the inconclusive DP drops it to Shaken. Losing the refight, it
    // is not "previously shaken": it drops again (a stand, SW-13) and falls back.
    const input = combat(fighter({ id: "a" }), fighter({ id: "b", stands: 2, dp: 4 }));
    const c = concludeCombat(input, ["inconclusive", "success"]);
    const b = pick(c.units, "b");
    expect(b.unit.aggression).toBe("shaken");
    expect(b.unit.stands).toBe(1);
    expect(b.move).toBe("fall-back");
  });

  it("SW-13: a Shaken loser that must drop again loses a stand, and losing the last one eliminates it", () => {
    const input = combat(fighter({ id: "a" }), fighter({ id: "b", stands: 1, dp: 4 }));
    const c = concludeCombat(input, ["inconclusive", "victory"]);
    const b = pick(c.units, "b");
    expect(b.unit.status).toBe("destroyed");
    expect(b.move).toBe("eliminated");
    expect(pick(c.units, "a").move).toBe("remain");
  });

  it("Leader killed: fight to the death: Shaken, the retinue is eliminated on a Set-Back or Defeat", () => {
    const dead = fighter({ id: "b", grade: "A", aggression: "shaken" }, { fightToTheDeath: true });
    for (const r of ["success", "victory"] as const) {
      const c = concludeCombat(combat(fighter({ id: "a" }), dead, true), [r]);
      const b = pick(c.units, "b");
      expect(b.move).toBe("eliminated");
      expect(b.unit.status).toBe("destroyed");
      expect(pick(c.units, "a").move).toBe("remain");
    }
  });

  it("Leader killed: fight to the death: not Shaken, the retinue falls back rather than retires on a Defeat", () => {
    const dead = fighter({ id: "b", grade: "A", aggression: "ready" }, { fightToTheDeath: true });
    const c = concludeCombat(combat(fighter({ id: "a" }, { charged: true }), dead, true), ["victory"]);
    const b = pick(c.units, "b");
    expect(b.move).toBe("fall-back");
    expect(b.unit.aggression).toBe("present");
    expect(b.unit.dp.combat).toBe(1);
    // A Set-Back is as usual: drop one level and fall back.
    const s = pick(concludeCombat(combat(fighter({ id: "a" }, { charged: true }), dead, true), ["success"]).units, "b");
    expect(s.move).toBe("fall-back");
    expect(s.unit.aggression).toBe("present");
  });

  it("Results: all engaged units share the outcome, each taking the same DPs and aggression changes", () => {
    const b1 = fighter({ id: "b1", aggression: "ready", dp: 1 });
    const b2 = fighter({ id: "b2", grade: "C", aggression: "present", dp: 0 });
    const c = concludeCombat(combat(fighter({ id: "a" }, { charged: true }), [b1, b2], true), ["victory"]);
    const after = Object.fromEntries(c.units.map((u) => [u.id, u]));
    expect(after.b1.unit.aggression).toBe("present");
    expect(after.b2.unit.aggression).toBe("shaken");
    expect(after.b1.unit.dp.combat).toBe(1);
    expect(after.b2.unit.dp.combat).toBe(1);
    expect([after.b1.move, after.b2.move]).toEqual(["retire", "retire"]);
  });

  it("Results: flank supporters only add dice and do not share the outcome", () => {
    // A flank supporter is not a combatant: it only adds +2 to the unit it supports.
    const supported = fighter({ id: "a" }, { flankSupport: 1 });
    expect(combatDice(supported, false).dice).toBe(6);
    const c = concludeCombat(combat(supported, fighter({ id: "b" })), ["defeat"]);
    expect(c.units.map((u) => u.id).sort()).toEqual(["a", "b"]);
  });

  it("SW-19: a winner pursues an opponent that retires or breaks, follows up one that falls back", () => {
    expect(winnerMove(["retire"])).toBe("pursue");
    expect(winnerMove(["break", "fall-back"])).toBe("pursue");
    expect(winnerMove(["fall-back"])).toBe("follow-up");
    expect(winnerMove(["eliminated"])).toBe("remain");
  });
});

describe("Moves following combat (the parts without geometry)", () => {
  it("Fall-back or retire impossible: the unit remains in place and takes 1 DP", () => {
    for (const move of ["fall-back", "retire"] as const) {
      const r = unableToMove(unit({ dp: 2 }), move, true);
      expect(r.move).toBe("remain");
      expect(r.unit.dp.combat).toBe(1);
      expect(totalDp(r.unit)).toBe(3);
    }
    // With 4 DPs the DP becomes an aggression drop (SW-12).
    const full = unableToMove(unit({ dp: 4, aggression: "ready" }), "retire", false);
    expect(full.unit.aggression).toBe("present");
    expect(totalDp(full.unit)).toBe(4);
  });

  it("SW-20: a breaking unit unable to move surrenders to an enemy within 2 inches", () => {
    const r = unableToMove(unit(), "break", true);
    expect(r.unit.status).toBe("surrendered");
    expect(r.move).toBe("eliminated");
    expect(unableToMove(unit(), "break", false).unit.status).toBe("active");
    expect(unableToMove(unit(), "follow-up", true).move).toBe("follow-up");
  });
});

describe("Results: Inconclusive and the refight", () => {
  it("Results: Inconclusive: each takes 1 combat DP and refights at once as a non-charge combat", () => {
    const input = combat(fighter({ id: "a", dp: 1 }, { charged: true }), fighter({ id: "b", dp: 2 }), true);
    const s = settleInconclusive(input);
    expect(s.next.chargeCombat).toBe(false);
    expect(totalDp(s.next.a[0].unit)).toBe(2);
    expect(totalDp(s.next.b[0].unit)).toBe(3);
    expect(s.next.a[0].unit.dp.combat).toBe(1);
    // The refight ignores DPs and the charge bonus (SW-17).
    expect(combatDice(s.next.a[0], s.next.chargeCombat).dice).toBe(4);
    expect(combatDice(input.a[0], input.chargeCombat).dice).toBe(4); // 4 - 1 DP + 1 charged
  });

  it("SW-12: the refight DP on a unit with 4 DPs drops its aggression instead, and so its dice", () => {
    const input = combat(fighter({ id: "a", grade: "A", aggression: "ready", dp: 4 }), fighter({ id: "b" }));
    const s = settleInconclusive(input);
    const a = s.next.a[0];
    expect(totalDp(a.unit)).toBe(4);
    expect(a.unit.aggression).toBe("present");
    expect(combatDice(input.a[0], false).dice).toBe(7);
    expect(combatDice(a, false).dice).toBe(6);
  });

  it("Results: a second Inconclusive round: each takes another DP and the units separate", () => {
    const input = combat(fighter({ id: "a" }), fighter({ id: "b", dp: 3 }));
    const c = concludeCombat(input, ["inconclusive", "inconclusive"]);
    expect(c.result).toBe("separated");
    const a = pick(c.units, "a");
    const b = pick(c.units, "b");
    expect(a.unit.dp.combat).toBe(2);
    expect(a.move).toBe("separate");
    // b: 3 + 1 = 4 DPs, then the second DP drops it to Shaken (SW-12).
    expect(totalDp(b.unit)).toBe(4);
    expect(b.unit.aggression).toBe("shaken");
    expect(b.move).toBe("separate");
  });

  it("Results: a Defeat in the refight falls back: the refight is a non-charge combat", () => {
    const input = combat(fighter({ id: "a" }, { charged: true }), fighter({ id: "b" }), true);
    const c = concludeCombat(input, ["inconclusive", "defeat"]);
    const a = pick(c.units, "a");
    expect(a.move).toBe("fall-back");
    expect(a.unit.dp.combat).toBe(2);
    expect(pick(c.units, "b").move).toBe("follow-up");
  });

  it("Option refightDefeat: retire-if-charge makes a refight Defeat retire after a charge", () => {
    const input = combat(fighter({ id: "a" }, { charged: true }), fighter({ id: "b" }), true);
    expect(pick(concludeCombat(input, ["inconclusive", "defeat"], { refightDefeat: "retire-if-charge" }).units, "a").move).toBe("retire");
    expect(pick(concludeCombat(input, ["inconclusive", "defeat"], { refightDefeat: "fall-back" }).units, "a").move).toBe("fall-back");
    // Without a charge there is nothing to retire for.
    const calm = combat(fighter({ id: "a" }), fighter({ id: "b" }));
    expect(pick(concludeCombat(calm, ["inconclusive", "defeat"], { refightDefeat: "retire-if-charge" }).units, "a").move).toBe("fall-back");
  });

  it("Option previouslyShaken: refight-start counts a unit dropped to Shaken by the DP as previously shaken", () => {
    const input = combat(fighter({ id: "a" }), fighter({ id: "b", stands: 2, dp: 4 }));
    const b = pick(concludeCombat(input, ["inconclusive", "success"], { previouslyShaken: "refight-start" }).units, "b");
    expect(b.move).toBe("retire");
    expect(b.unit.stands).toBe(2);
    expect(pick(concludeCombat(input, ["inconclusive", "success"]).units, "b").move).toBe("fall-back");
  });

  it("Results: a side destroyed by the inconclusive DP cannot refight, and the other side remains", () => {
    const input = combat(fighter({ id: "a", aggression: "shaken", dp: 4 }), fighter({ id: "b" }));
    const c = concludeCombat(input, ["inconclusive"]);
    expect(c.result).toBe("defeat");
    expect(pick(c.units, "a").move).toBe("eliminated");
    const b = pick(c.units, "b");
    expect(b.move).toBe("remain");
    expect(b.unit.aggression).toBe("present");
    const both = concludeCombat(combat(fighter({ id: "a", aggression: "shaken", dp: 4 }), fighter({ id: "b", aggression: "shaken", dp: 4 })), ["inconclusive"]);
    expect(both.result).toBe("separated");
    expect(() => concludeCombat(combat(fighter({ id: "a" }), fighter({ id: "b" })), ["inconclusive"])).toThrow(/refight/);
  });
});

describe("SW-27 casualty stands", () => {
  it("SW-27: a stand lost as a casualty comes from the unengaged stands first", () => {
    expect(engagedAfterCasualties(1, 1)).toBe(1);
    expect(engagedAfterCasualties(2, 1)).toBe(1);
    expect(engagedAfterCasualties(1, 0)).toBe(0);
    // Two stands, one engaged: the unengaged stand goes and the dice stay the same.
    const one = settleInconclusive(combat(fighter({ id: "a", aggression: "shaken", dp: 4, stands: 2 }, { engagedStands: 1 }), fighter({ id: "b" })));
    expect(one.next.a[0].unit.stands).toBe(1);
    expect(one.next.a[0].engagedStands).toBe(1);
    // Two stands, both engaged: the engaged count falls, and with it the refight dice.
    const two = settleInconclusive(combat(fighter({ id: "a", aggression: "shaken", dp: 4, stands: 2 }, { engagedStands: 2 }), fighter({ id: "b" })));
    expect(two.next.a[0].engagedStands).toBe(1);
    expect(combatDice(two.next.a[0], false).dice).toBe(2);
  });
});

describe("Seeded resolution", () => {
  const input = combat(
    fighter({ id: "a", grade: "A", aggression: "ready", dp: 1 }, { charged: true, leader: true }),
    fighter({ id: "b", grade: "B", stands: 2, dp: 4 }, { engagedStands: 2, flankSupport: 1 }),
    true,
  );

  it("C-2: the same seed gives the same combat, and the input is not changed", () => {
    const before = JSON.stringify(input);
    const r1 = resolveCombat(input, seedState(42));
    const r2 = resolveCombat(input, seedState(42));
    expect(r2).toEqual(r1);
    expect(JSON.stringify(input)).toBe(before);
    expect(r1.rng).not.toEqual(seedState(42));
    // A Random instance is advanced in place to the same state.
    const rng = new Random(seedState(42));
    expect(resolveCombat(input, rng)).toEqual(r1);
    expect(rng.state()).toEqual(r1.rng);
    expect(JSON.parse(JSON.stringify(r1))).toEqual(r1);
  });

  it("SW-17: every die is kept for the log and hits count the faces at or above the hit number", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const r = resolveCombat(input, seedState(seed));
      for (const round of r.rounds) {
        for (const side of [round.a, round.b]) {
          for (const u of side.units) {
            expect(u.roll.faces).toHaveLength(u.dice.dice);
            expect(u.roll.faces.every((f) => D6.faces.includes(f))).toBe(true);
            expect(u.hits).toBe(u.roll.faces.filter((f) => f >= u.hitOn).length);
          }
        }
        expect(round.difference).toBe(round.a.hits - round.b.hits);
        expect(round.result).toBe(resultFromDifference(round.difference));
      }
      expect(r.rounds[0].chargeCombat).toBe(true);
      if (r.rounds.length === 2) {
        expect(r.rounds[0].result).toBe("inconclusive");
        expect(r.rounds[1].chargeCombat).toBe(false);
        // b had 4 DPs: its inconclusive DP became a drop to Shaken, so 8 + 2 - 2 dice.
        expect(r.rounds[1].b.units[0].dice.dice).toBe(8);
      }
      expect(r.result).toBe(r.rounds.length === 2 && r.rounds[1].result === "inconclusive" ? "separated" : r.rounds[r.rounds.length - 1].result);
      expect(r.notes.join("\n")).toMatch(/round 1 \(charge combat\)/);
      // The log reads in order: each round's dice, then its result.
      r.rounds.forEach((round, i) => {
        const at = r.notes.findIndex((n) => n.startsWith(`round ${i + 1} (`));
        expect(at).toBeGreaterThanOrEqual(0);
        expect(r.notes[at]).toContain(`[${round.a.units[0].roll.faces.join(", ")}]`);
        expect(r.notes[at + 1]).toMatch(new RegExp(`^round ${i + 1}: `));
      });
    }
  });

  it("Resolution refuses impossible combats with a reason", () => {
    expect(() => resolveCombat(combat(fighter({ id: "a" }, { engagedStands: 2 }), fighter({ id: "b" })), seedState(1))).toThrow(/2 engaged stands but only 1 stand/);
    expect(combatProblem(combat([], fighter()))).toMatch(/side a has no engaged unit/);
    expect(combatProblem(combat(fighter({}, { followingUp: true }), fighter({}, { followingUp: true })))).toMatch(/both sides cannot be following up/);
  });

  it("Validation: impossible units are refused naming the rule", () => {
    expect(combatantProblem(fighter({ aggression: "shaken" }, { charged: true }), true)?.message).toMatch(/a Shaken unit may not initiate a charge/);
    expect(combatantProblem(fighter({}, { charged: true }), false)?.field).toBe("charged");
    expect(combatantProblem(fighter({ grade: "C" }, { leader: true }), false)?.message).toMatch(/SW-5/);
    expect(combatantProblem(fighter({ grade: "C", kind: "retinue" }), false)?.message).toMatch(/retinues are grade A or B/);
    expect(combatantProblem(fighter({ grade: "A", kind: "band" }), false)?.message).toMatch(/only retinues may be grade A/);
    expect(combatantProblem(fighter({ grade: "D", attachments: ["battle-standard"] }), false)?.message).toMatch(/SW-6/);
    expect(combatantProblem(fighter({ grade: "B", kind: "retinue", attachments: ["battle-standard"] }), false)).toBeNull();
    // A leader who escaped to an A or B band still fights there.
    expect(combatantProblem(fighter({ grade: "B" }, { leader: true }), false)).toBeNull();
  });
});
