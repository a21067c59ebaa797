/** GURPS shields as cover: calculators only (no game). The public API. */
export { advance, type AttackInput, type AttackPlan, DEFAULT_OPTIONS, exampleAttack, firstStep, MODE_NAMES, MODES, OUTCOME_NAMES, OUTCOMES, planAttack } from "./attack.js";
export { bodyStruck, compareTreatments } from "./compare.js";
export { COVER_LEVELS, coverChanceInSix, coverPenalty, effectiveDb, overallCover, shelter, specificCover } from "./cover.js";
export { LOCATIONS, locationPenalty, RANDOM_LOCATIONS, randomHand, randomLocation } from "./locations.js";
export { exactOutcome, resolveAttack } from "./resolve.js";
