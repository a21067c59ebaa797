import { describe, expect, it } from "vitest";
import { shovePlayer, RED_HORIZON, ENDGAME_NODES } from "../../src/rulesets/shove/ai.js";
import { geometryOf, parseAction, resolveConfig, shove, type ShoveState } from "../../src/rulesets/shove/game.js";
import { planPlayer } from "../../src/rulesets/shove/plans.js";
import { ShoveSolver, SolverBudgetExceeded } from "../../src/rulesets/shove/solver.js";
import { pos } from "./helpers.js";

const config = resolveConfig({});

function codeOf(state: ShoveState, move: string): number {
  const parsed = parseAction(geometryOf(state.config.board), move);
  if (!("code" in parsed)) throw new Error(parsed.error);
  return parsed.code;
}

describe("Shove solver: the value of one action", () => {
  it("SH-7: actionValue of every red action equals a fresh solve of the position it leads to, and the best action's value is the least", () => {
    const state = pos({ red: ["c2", "e2", "d4"], blue: ["c5", "f4"], turn: 9, side: "red", roll: 2 });
    const solver = new ShoveSolver(config);
    const best = solver.bestAction(state, 2);
    let least = 1;
    for (const move of shove.legalMoves!(state, "red")) {
      const v = solver.actionValue(state, 2, codeOf(state, move));
      const after = shove.apply(state, "red", move).state;
      const fresh = after.winner !== null ? (after.winner === "blue" ? 1 : 0) : new ShoveSolver(config).solve(after, after.turn === state.turn ? 2 : 1).blueWins.toNumber();
      expect(v, move).toBe(fresh);
      least = Math.min(least, v);
    }
    expect(best.blueWins).toBe(least);
    expect(solver.actionValue(state, 2, best.code)).toBe(least);
  });

  it("rejects an illegal action, naming it", () => {
    const state = pos({ red: ["c2", "e2", "d4"], blue: ["c5", "f4"], turn: 9, side: "red", roll: 2 });
    expect(() => new ShoveSolver(config).actionValue(state, 2, codeOf(state, "a8 up"))).toThrow(/not legal/);
  });
});

describe("Shove strong red: the look-ahead (issue 26)", () => {
  it(`SH-7: before the endgame, red's pick is never worse within ${RED_HORIZON} turns than the solver's best (when the solver finishes)`, () => {
    let checked = 0;
    for (let i = 0; i < 4; i++) {
      let state = shove.setup(config, 300 + i);
      const red = shovePlayer(state.config, { level: "strong", seed: 5 + i, iterations: 100 });
      const blue = planPlayer(state.config, "nearest-walk", 7 + i);
      while (shove.result(state) === null) {
        const who = shove.toMove(state)!;
        const move = (who === "blue" ? blue : red).choose(state, who);
        const left = state.config.rules.turnLimit - state.turn + 1;
        if (who === "red" && left > 2 && state.turn >= 4) {
          const turns = Math.min(RED_HORIZON, left);
          const solver = new ShoveSolver(config, { maxNodes: ENDGAME_NODES });
          try {
            const best = solver.bestAction(state, turns);
            if (best.blueWins < 1) {
              expect(solver.actionValue(state, turns, codeOf(state, move)), `turn ${state.turn} ${move}`).toBe(best.blueWins);
              checked++;
            }
          } catch (err) {
            if (!(err instanceof SolverBudgetExceeded)) throw err;
          }
        }
        state = shove.apply(state, who, move).state;
      }
    }
    expect(checked).toBeGreaterThan(10);
  }, 120_000);
});
