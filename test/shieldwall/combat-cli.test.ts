import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { combatInputFrom, plainCombatUnit, swCombatSchema } from "../../src/cli/shieldwall/combat.js";
import { combatOdds } from "../../src/rulesets/shieldwall/combat.js";
import { runCli, scratchFiles } from "../helpers/cli.js";

const file = scratchFiles("sw-combat-").next;

const baseUnit = plainCombatUnit({ grade: "B", stands: 2, engagedStands: 1 });
type UnitJson = Record<string, unknown>;
const input = (a: UnitJson = {}, b: UnitJson = {}, chargeCombat = false) => ({ chargeCombat, a: { ...baseUnit, ...a }, b: { ...baseUnit, ...b } });

describe("muster odds sw-combat", () => {
  it("sw-combat: JSON output has exactly the issue's schema, from side a's point of view", async () => {
    const data = input({ grade: "A", stands: 1, aggression: "ready", dp: 1, charged: true, leader: true }, { dp: 4, flankSupport: 1 }, true);
    const r = await runCli(["odds", "sw-combat", "--input", file(data), "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["a", "b", "firstRound", "final"]);
    expect(out.a).toEqual({ dice: 7, hitOn: 5, autoHits: 1 });
    expect(out.b).toEqual({ dice: 2, hitOn: 5, autoHits: 0 });
    expect(Object.keys(out.firstRound)).toEqual(["victory", "success", "inconclusive", "setback", "defeat"]);
    expect(Object.keys(out.final)).toEqual(["victory", "success", "setback", "defeat", "separated"]);
    const odds = combatOdds(combatInputFrom(swCombatSchema.parse(data)));
    let total = Fraction.ZERO;
    for (const [k, v] of Object.entries(out.final as Record<string, { fraction: string; decimal: number }>)) {
      const f = Fraction.parse(v.fraction);
      expect(f.eq(odds.final.probOf(k as never))).toBe(true);
      expect(v.decimal).toBeCloseTo(f.toNumber(), 12);
      total = total.add(f);
    }
    expect(total.eq(Fraction.ONE)).toBe(true);
  });

  it("sw-combat: the text report shows the dice, hit numbers, the refight and both tables", async () => {
    const data = input({ aggression: "ready", dp: 4 }, { unformed: true });
    const r = await runCli(["odds", "sw-combat", "--input", file(data)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/side a \(B grade, Ready for Battle\): 5 dice/);
    expect(r.stdout).toMatch(/side b \(B grade, Present\): 4 dice .* hits on 6/);
    expect(r.stdout).toMatch(/refights at once as a non-charge combat/);
    // a had 4 DPs: the inconclusive DP drops it to Present, 4 dice in the refight (SW-12).
    expect(r.stdout).toMatch(/side a: 4 dice/);
    expect(r.stdout).toMatch(/Separated/);
    // The distribution of each unit's state afterwards; two inconclusive rounds take a from
    // Ready with 4 DPs to Shaken (two drops instead of DPs, SW-12).
    expect(r.stdout).toMatch(/side a's unit after the combat/);
    expect(r.stdout).toMatch(/Shaken, 4 DP, 2 stands, separate/);
  });

  it("sw-combat: reads standard input and prints an example that validates", async () => {
    const ex = await runCli(["odds", "sw-combat", "--example"]);
    expect(ex.code).toBe(0);
    expect(swCombatSchema.safeParse(JSON.parse(ex.stdout)).success).toBe(true);
    const list = await runCli(["odds"]);
    expect(list.stdout).toMatch(/sw-combat/);
  });

  it("sw-combat: bad input is refused in one line naming the field and the rule", async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...input(), extra: 1 }, /field \(top level\): .*extra/],
      [input({ colour: "red" }), /field a: .*colour/],
      [input({ grade: "C", leader: true }), /field a\.leader: .*grade C.*SW-5/],
      [input({ grade: "D", battleStandard: true }), /field a\.battleStandard: .*SW-6/],
      [input({ grade: "C", heroicChampion: true }), /field a\.heroicChampion: .*SW-6/],
      [input({}, { stands: 1, engagedStands: 2 }), /field b\.engagedStands: .*2 engaged stands but only 1 stand/],
      [input({ aggression: "shaken", charged: true }, {}, true), /field a\.charged: .*a Shaken unit may not initiate a charge/],
      [input({ charged: true }, {}, false), /field a\.charged: .*charge combat.*SW-17/],
      [input({ flankSupport: 3 }), /field a\.flankSupport: must be 0, 1 or 2/],
      [input({ followingUp: true }, { followingUp: true }), /field b\.followingUp: both sides cannot be following up/],
      [input({ grade: "E" }), /field a\.grade/],
      [input({ engagedStands: 0 }), /field a\.engagedStands/],
      [input({ dp: -1 }), /field a\.dp/],
      [input({ aggression: "furious" }), /field a\.aggression/],
      [{ chargeCombat: false, a: baseUnit }, /field b/],
      [(() => {
        const { leader: _leader, ...rest } = baseUnit;
        return { chargeCombat: false, a: rest, b: baseUnit };
      })(), /field a\.leader/],
      ["{ not json", /not valid JSON/],
    ];
    for (const [data, message] of cases) {
      const r = await runCli(["odds", "sw-combat", "--input", file(data)]);
      expect(r.code, JSON.stringify(data)).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\s+at .*\.(js|ts):\d+/);
      expect(r.stdout).toBe("");
    }
  });

  it("sw-combat: a grade A unit without a leader is allowed (a retinue whose leader fell or left)", async () => {
    const r = await runCli(["odds", "sw-combat", "--input", file(input({ grade: "A", stands: 1 })), "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).a).toEqual({ dice: 6, hitOn: 5, autoHits: 0 });
  });
});
