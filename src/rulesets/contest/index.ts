/** Contest of Champions' face: the duel game, its options and result codes, and the public API. */
export { advise, solveDuel } from "./advisor.js";
export { cardById, type Deck, deckSchema, parseDeck } from "./deck.js";
export { shippedDuelSetup } from "./defaults.js";
export { openEndedDist, standardDist, versusDist } from "./dice-tests.js";
export { DEFAULT_OPTIONS, type DuelOptions, type DuelSetup, duelStart, exchangeDist, outcomeOf, type Position } from "./exchange.js";
export {
  CONTEST_RESULT_CODES,
  contestGame,
  type ContestMove,
  type ContestOptions,
  contestOptionsSchema,
  type ContestState,
  DEFAULT_EXCHANGE_LIMIT,
  narrateExchange,
} from "./game.js";
export { type Profile, profileSchema, profilesFileSchema } from "./profile.js";
export { type CcTestInput, ccTestSchema, type ExchangeOdds, exchangeOdds, testOdds, type TestOdds } from "./odds.js";
