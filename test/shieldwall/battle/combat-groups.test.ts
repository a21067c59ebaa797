/**
 * Seed "Resolving combat": units in contact with enemy form groups, each one combat. `combatOf`
 * (one unit's group, found by following its contacts; a charge's outlook asks it per target) must
 * give exactly the group `findCombats` gives for the whole table: the same units in the same order.
 */
import { describe, expect, it } from "vitest";
import { commanderPlayer } from "../../../src/rulesets/shieldwall/ai/index.js";
import type { Side } from "../../../src/rulesets/shieldwall/army.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { combatOf, findCombats } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { onTable } from "../../../src/rulesets/shieldwall/battle/unit-facts.js";
import { loadSetup } from "./setup.js";

describe("combat groups (seed \"Resolving combat\")", () => {
  it("one unit's group is the whole table's group with that unit, same units and order, in every state of commander battles", () => {
    let compared = 0;
    let engaged = 0;
    for (const scenario of ["maldon-991.json", "raid.json", "raid-landing.json", "brunanburh-937.json"]) {
      for (const seed of [1, 2]) {
        let s = battleGame.setup(loadSetup(scenario), seed);
        const players = { red: commanderPlayer(seed), black: commanderPlayer(seed + 7) };
        for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) {
          s = battleGame.apply(s, mover, players[mover as Side].choose(s, mover)).state;
          const groups = findCombats(new Ctx(s, true));
          for (const u of s.units.filter((x) => onTable(x))) {
            const mine = combatOf(new Ctx(s, true), u.id);
            const whole = groups.find((g) => g.red.has(u.id) || g.black.has(u.id)) ?? null;
            expect(mine === null ? null : { red: [...mine.red], black: [...mine.black] }).toEqual(whole === null ? null : { red: [...whole.red], black: [...whole.black] });
            compared++;
            if (whole) engaged++;
          }
        }
      }
    }
    expect(engaged).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(engaged);
  }, 120_000);
});
