/**
 * Shieldwall computer players (issue 4): the `commander`, the `hard` player above it and the `advance` policy. How they
 * decide and how well they play: docs/shieldwall/ai.md.
 */
export { ADVANCE_PLAYER_NAME, advanceChoice, advancePolicy } from "./advance.js";
export {
  challengeThreat,
  COMMANDER_PLAYER_NAME,
  type CommanderOptions,
  commanderChoice,
  commanderPlayer,
  contingentAdvancing,
  DEFAULT_COMMANDER_OPTIONS,
  fighterStrength,
  godCardValue,
} from "./commander.js";
export {
  type CandidateStats,
  DEFAULT_HARD_OPTIONS,
  HARD_COMMANDER_OPTIONS,
  HARD_PLAYER_NAME,
  hardChoice,
  hardPlayer,
  type HardOptions,
  type HardSearch,
  hardSearch,
  positionValue,
} from "./hard/index.js";
export { fortuneChoice, wantsReroll } from "./fortune.js";
export { evaluateMatch, type MatchReport, type Rate, type ShieldwallPlayerFactory, shieldwallPlayers } from "./evaluate.js";
export { appraiseCharge, type ChargeAppraisal, chargeCombatInput, combatAppraisal, FAILED_CHARGE_COST, RESULT_VALUE } from "./view.js";
export { SHIELDWALL_LEVEL_PLAYERS, type ShieldwallLevel, type ShieldwallLevelEntry, shieldwallLevels, shieldwallPlayerName, strongestShieldwallLevel } from "./levels.js";
