import { describe, expect, it } from "vitest";
import { playOut } from "../../src/core/game.js";
import { DEFAULT_LEVEL, shovePlayer } from "../../src/rulesets/shove/ai.js";
import { resolveConfig, shove } from "../../src/rulesets/shove/game.js";
import { PLAN_SIDES, planPlayer, TRIVIAL_PLANS } from "../../src/rulesets/shove/plans.js";

/**
 * Issue 26: the default level beats every trivial plan from both colours. The search budget is
 * cut to keep this test short (red's guard and look-ahead, which are what stop the walkers, are
 * unchanged); the full budget is measured by `npm run bench` (section shove, trivialPlans).
 */
const GAMES = 40;
const ITERATIONS = 200;
const config = resolveConfig({});
function aiWins(plan: (typeof TRIVIAL_PLANS)[number], planSide: "blue" | "red"): number {
  let wins = 0;
  for (let i = 0; i < GAMES; i++) {
    const start = shove.setup(config, 5000 + i);
    const ai = shovePlayer(start.config, { level: DEFAULT_LEVEL, seed: 77 + i, iterations: ITERATIONS });
    const person = planPlayer(start.config, plan, 900 + i);
    const players = planSide === "blue" ? { blue: person, red: ai } : { blue: ai, red: person };
    if (playOut(shove, start, players, { keepEvents: false }).result.winner !== planSide) wins++;
  }
  return wins;
}

describe("Shove: the default level against trivial plans (issue 26)", () => {
  for (const plan of TRIVIAL_PLANS) {
    for (const side of PLAN_SIDES[plan]) {
      it(`SH-7: ${DEFAULT_LEVEL} beats "${plan}" played by ${side} in at least 95% of ${GAMES} games`, () => {
        expect(aiWins(plan, side)).toBeGreaterThanOrEqual(Math.ceil(GAMES * 0.95));
      }, 300_000);
    }
  }

  it("the plans are legal players: straight-walk reaches the victory square against a red that only ends its turn", () => {
    const start = shove.setup(config, 3);
    const idleRed = planPlayer(start.config, "always-push", 1);
    const game = playOut(shove, start, { blue: planPlayer(start.config, "straight-walk", 1), red: idleRed }, { keepEvents: false });
    expect(game.result.winner).toBe("blue");
  });
});
