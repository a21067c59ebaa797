/**
 * The commander's landing play (issue 14, "Leaders who behave like leaders"): units that come
 * ashore from the boats land unformed (half a move, ruling SW-1) and form up. With the option
 * `formWithContingent`, a unit forming up within 3" of a formed unit of its contingent takes that
 * unit's facing instead of facing its own nearest enemy (seed "Manoeuvre": form up; seed
 * "Movement": a group is formed units within 2" facing the same way).
 */
import { describe, expect, it } from "vitest";
import { play } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { commanderChoice, DEFAULT_COMMANDER_OPTIONS } from "../../../src/rulesets/shieldwall/ai/index.js";
import { formUpWithContingent } from "../../../src/rulesets/shieldwall/ai/commander.js";
import { contextOf, nearestEnemyDistance } from "../../../src/rulesets/shieldwall/ai/view.js";
import { type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { geomOf } from "../../../src/rulesets/shieldwall/battle/unit-facts.js";
import { unitFacing } from "../../../src/rulesets/shieldwall/geometry/movement.js";
import { unitDist } from "../../../src/rulesets/shieldwall/geometry/proximity.js";
import { loadSetup } from "../battle/setup.js";

const landing = loadSetup("raid-landing.json");

describe("commander: forming up after the landing (seed 'Manoeuvre', ruling SW-1, option formWithContingent)", () => {
  it("a landed unit forms up facing the formed unit of its contingent beside it, not its own nearest enemy", () => {
    const options = { ...DEFAULT_COMMANDER_OPTIONS, formWithContingent: true };
    let formedWith = 0;
    let differsFromDefault = 0;
    for (const seed of [842937729, 1087912793, 5, 6]) {
      const red = randomPlayer(battleGame, seed + 1);
      let s: BattleState = battleGame.setup(landing, seed);
      for (let n = 0; n < 20_000; n++) {
        const side = battleGame.toMove(s);
        if (side === null) break;
        const d = side === "black" ? commanderChoice(s, side, options, seed) : red.choose(s, side);
        const p = s.pending;
        if (side === "black" && p?.kind === "move" && d.type === "move" && d.move.kind === "form-up") {
          const ctx = contextOf(s);
          const bu = ctx.unit(p.unit);
          const beside = s.units.find((u) => u.side === "black" && u.id !== bu.id && u.u.contingent === bu.u.contingent && u.u.formed && u.stands.length > 0 && !u.u.inCombat && !u.retiring && unitDist(bu, u) <= 3);
          if (beside && nearestEnemyDistance(ctx, bu) > 2.5 && formUpWithContingent(ctx, bu) !== null) {
            expect(d.move.facing).toBeCloseTo(unitFacing(geomOf(beside)), 1);
            expect(battleGame.validate(s, side, d)).toBeNull();
            formedWith++;
            // Without the option the commander faces the nearest enemy (the last offered form-up).
            const plain = commanderChoice(s, side, { ...DEFAULT_COMMANDER_OPTIONS, formWithContingent: false }, seed);
            if (plain.type === "move" && plain.move.kind === "form-up" && Math.abs(plain.move.facing - d.move.facing) > 0.5) differsFromDefault++;
          }
        }
        s = play(battleGame, s, side, d).state;
      }
    }
    expect(formedWith).toBeGreaterThan(0);
    expect(differsFromDefault).toBeGreaterThan(0);
  });
});
