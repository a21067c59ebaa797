/**
 * The enumerated choices of the battle's decisions take short cuts (game.ts `stateOptions`,
 * move-options.ts `moveOptions`): these properties check, on every state of seeded random battles on
 * each shipped scenario, that the short cuts give exactly what the full validation gives — the
 * same choices in the same order (random players pick by index).
 */
import { describe, expect, it } from "vitest";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { canAct } from "../../../src/rulesets/shieldwall/battle/unit-facts.js";
import { closestEnemyLeader, enemyLeaderOnTable, nearestEnemy, headingTo } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { deployOptions, deployProblem } from "../../../src/rulesets/shieldwall/battle/placement.js";
import { moveCandidates, moveOptions, moveProblem } from "../../../src/rulesets/shieldwall/battle/move-options.js";
import type { MoveChoice } from "../../../src/rulesets/shieldwall/battle/types.js";
import { loadSetup } from "./setup.js";

const SCENARIOS = ["maldon-991.json", "raid.json", "raid-landing.json", "brunanburh-937.json"];

/** Calls `check` on every state of `battles` seeded random battles of the scenario (on to the end of each battle, or until `check` returns false). */
function everyState(file: string, battles: number, check: (s: BattleState) => boolean | void): void {
  const setup = loadSetup(file);
  for (let seed = 1; seed <= battles; seed++) {
    let s = battleGame.setup(setup, seed);
    const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1000) };
    for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) {
      if (check(s) === false) break;
      s = battleGame.apply(s, mover, players[mover as "red" | "black"].choose(s, mover)).state;
    }
  }
}

describe('Enumerated choices agree with the full validation (seed "Movement", "Manoeuvre"; rulings SW-1, SW-2)', () => {
  it.each(SCENARIOS)('seed "Movement": every unit\'s move options are exactly the enumerated candidates moveProblem accepts, in order (%s, 4 random battles)', (file) => {
    let checked = 0;
    everyState(file, 4, (s) => {
      if (s.phase !== "movement") return;
      const ctx = new Ctx(s, true);
      for (const bu of s.units) {
        if (!canAct(bu) || bu.embarked !== undefined) continue;
        const full = moveCandidates(ctx, bu).filter((m) => moveProblem(ctx, bu, m) === null);
        expect(moveOptions(ctx, bu)).toEqual(full);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(100);
  }, 600_000);

  it.each(SCENARIOS)('seed "Manoeuvre": an interpenetrating move option is the enumerated straight advance of a formed unit, or the unformed move towards the nearest enemy, with the flag (%s, 4 random battles)', (file) => {
    let offered = 0;
    everyState(file, 4, (s) => {
      if (s.phase !== "movement") return;
      const ctx = new Ctx(s, true);
      for (const bu of s.units) {
        if (!canAct(bu) || bu.embarked !== undefined) continue;
        const candidates = moveCandidates(ctx, bu);
        const through = candidates.filter((m) => (m as { interpenetrate?: boolean }).interpenetrate === true);
        if (through.length === 0) continue;
        // The move the flag is offered with, found among the moves without it as a full search would.
        const e = nearestEnemy(ctx, bu);
        const towards = e === null ? null : Math.round(headingTo(bu, e));
        const plain = candidates.filter((m) => (m as { interpenetrate?: boolean }).interpenetrate === undefined);
        const pick = bu.u.formed
          ? plain.find((m) => m.kind === "advance" && m.offset === 0 && !m.extraD6 && m.stopAt === undefined && !m.group)
          : plain.find((m) => m.kind === "unformed-move" && !m.extraD6 && m.heading === towards);
        expect(pick).toBeDefined();
        expect(through).toEqual([{ ...(pick as MoveChoice), interpenetrate: true }]);
        offered++;
      }
    });
    expect(offered).toBeGreaterThan(0);
  }, 600_000);

  it.each(SCENARIOS)('seed "Personal Combat": a leader may be offered a challenge exactly when closestEnemyLeader finds an enemy leader (%s, 4 random battles)', (file) => {
    let checked = 0;
    everyState(file, 4, (s) => {
      const ctx = new Ctx(s, true);
      for (const l of s.leaders) {
        expect(enemyLeaderOnTable(ctx, l)).toBe(closestEnemyLeader(ctx, l) !== null);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(100);
  }, 600_000);

  it.each(SCENARIOS)('seed "Deployment", SW-26: the deployment options are exactly the places on the grid deployProblem accepts, in order (%s, 8 random battles)', (file) => {
    let checked = 0;
    everyState(file, 8, (s) => {
      if (s.phase !== "deployment") return false;
      if (s.pending?.kind !== "deploy") return;
      const side = s.pending.side;
      const sd = s.sides[side];
      // The grid: every deployStep inches at each deploy distance, or every inch where that finds no place.
      const full: { contingent: string; x: number; distance: number }[] = [];
      for (const c of sd.contingents) {
        for (const step of [s.options.deployStep, 1]) {
          const places = s.options.deployDistances.flatMap((distance) =>
            Array.from({ length: Math.ceil(s.table.width / step) - 1 }, (_, i) => ({ contingent: c, x: (i + 1) * step, distance })),
          );
          const legal = places.filter((p) => deployProblem(s, side, p.contingent, p.x, p.distance) === null);
          if (legal.length > 0) {
            full.push(...legal);
            break;
          }
        }
      }
      expect(deployOptions(s, side)).toEqual(full);
      checked++;
    });
    expect(checked).toBeGreaterThan(8);
  }, 600_000);
});
