/** The `hard` Shieldwall player (issue 26): the commander with a search at the decisions that matter. */
export { candidatesFor, type CandidateOptions, DEFAULT_CANDIDATE_OPTIONS } from "./candidates.js";
export { DECIDED, DEFAULT_EVALUATION_WEIGHTS, type EvaluationWeights, positionValue, sideTrouble } from "./evaluation.js";
export { HARD_PLAYER_NAME, hardChoice, hardPlayer } from "./player.js";
export { type CandidateStats, DEFAULT_HARD_OPTIONS, HARD_COMMANDER_OPTIONS, type HardOptions, type HardSearch, hardSearch } from "./search.js";
