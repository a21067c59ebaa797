/**
 * The Shieldwall battle on the table (issue 4): scenario format, battle state, decisions and the
 * game. API summary in docs/shieldwall/battle.md.
 */
export {
  battleGame,
  createBattle,
  decisionProblem,
  describeDecision,
  describeDecisionFor,
  SHIELDWALL_BATTLE_ID,
} from "./game.js";
export { armyBroken, type ChargeRefusal, lostStands, lostUnits, pendingChargeRefusals, signalStandardChoices } from "./queries.js";
export { battleView, duelSeat } from "./duel-seat.js";
export { measure, type MoveHalt, moveHalt, type SightAnswer, type SightBlocker, sightBetween, type TapeMeasure, unitZones, type UnitZones } from "./measure.js";
export {
  type BattleSetup,
  parseScenario,
  type Scenario,
  type ScenarioFile,
  scenarioOptions,
  scenarioSchema,
} from "./scenario.js";
export { formatScenarioProblem, type ScenarioProblem, scenarioProblems } from "./scenario-problems.js";
export * from "./types.js";
