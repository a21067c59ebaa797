/**
 * The enumerated choices of the battle's decisions take short cuts (game.ts `stateOptions`,
 * engine.ts `moveOptions`): these properties check, on every state of seeded random battles on
 * each shipped scenario, that the short cuts give exactly what the full validation gives — the
 * same choices in the same order (random players pick by index).
 */
import { describe, expect, it } from "vitest";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { type BattleState, battleGame } from "../../src/rulesets/shieldwall/battle/index.js";
import { canAct, Ctx, moveCandidates, moveOptions, moveProblem } from "../../src/rulesets/shieldwall/battle/engine.js";
import { loadSetup } from "./battle-setup.js";

const SCENARIOS = ["maldon-991.json", "raid.json", "raid-landing.json"];

/** Calls `check` on every state of `battles` seeded random battles of the scenario. */
function everyState(file: string, battles: number, check: (s: BattleState) => void): void {
  const setup = loadSetup(file);
  for (let seed = 1; seed <= battles; seed++) {
    let s = battleGame.setup(setup, seed);
    const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1000) };
    for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) {
      check(s);
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
});
