/**
 * Shieldwall's face: the battle game and the personal-combat (duel) game, what a generic runner
 * needs to play the battle (scenario files, computer players), and the public API of both.
 */
import { OptionsError } from "../../core/game.js";
import { type ComputerPlayerEntry, definePlayable } from "../../core/records.js";
import { armyProblems, armySchema, formatProblem } from "./army.js";
import { shieldwallLevels, shieldwallPlayers } from "./ai/index.js";
import { battleGame, SHIELDWALL_BATTLE_ID } from "./battle/index.js";
import { scenarioSetup } from "./battle/options.js";

export { battleGame, createBattle, decisionProblem, describeDecision, lostStands, lostUnits, parseScenario, SHIELDWALL_BATTLE_ID } from "./battle/index.js";
export type { BattleDecision, BattleSetup, BattleState, Scenario, ScenarioFile } from "./battle/index.js";
export { endingCategory, battleOptions, battleSetupSchema, battleStats, scenarioSetup } from "./battle/options.js";
export { shieldwallDuelGame, type ShieldwallDuelMove, type ShieldwallDuelSetup, type ShieldwallDuelState } from "./duel/game.js";
export { shieldwallDuelOptions, shieldwallDuelOptionsSchema } from "./duel/options.js";

/** The battle as a generic runner plays it: scenario files with their armies named by relative paths. */
export const shieldwallBattlePlayable = definePlayable({
  game: battleGame,
  // The commander plays like a competent human (docs/shieldwall/ai.md): a readable default battle.
  defaultAi: "commander",
  defaultLabel: "data/shieldwall/scenarios/maldon-991.json",
  optionsFile: {
    format: "json",
    defaultFile: ["shieldwall", "scenarios", "maldon-991.json"],
    parse(json, include) {
      try {
        const setup = scenarioSetup(json, (path, side) =>
          include(path, `armies.${side}`, armySchema, "army format, docs/shieldwall/army-format.md", (army) =>
            armyProblems(army).map((p) => ({ message: formatProblem(p), field: p.path, rule: p.rule })),
          ),
        );
        return { options: setup, title: setup.scenario.name };
      } catch (err) {
        // parseScenario names the field in a RangeError.
        if (err instanceof RangeError) throw new OptionsError(`field ${err.message}`);
        throw err;
      }
    },
  },
  // Events carry their own turn and phase (docs/shieldwall/battle.md); the state's are the fallback.
  maxDecisions: 500_000,
});

/** Shieldwall's computer players for the battle (docs/shieldwall/ai.md). */
export const shieldwallComputerPlayers: readonly ComputerPlayerEntry[] = (["commander", "hard", "advance"] as const).map((name) => ({
  name,
  description: shieldwallPlayers[name].description,
  games: [SHIELDWALL_BATTLE_ID],
  make: (seed: number) => shieldwallPlayers[name].make(seed),
}));

/**
 * The levels people pick (`easy`, `normal`, `hard`: src/rulesets/shieldwall/ai/levels.ts), each
 * playing as its player; a level whose player is not registered is left out.
 */
export const shieldwallLevelComputerPlayers: readonly ComputerPlayerEntry[] = shieldwallLevels().map(({ level, player, description }) => ({
  name: level,
  description,
  games: [SHIELDWALL_BATTLE_ID],
  make: (seed: number) => shieldwallPlayers[player].make(seed),
}));
