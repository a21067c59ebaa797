/** Shove's face: the game, its options (JSON schema, board text files) and the public API. */
import { OptionsError } from "../../core/game.js";
import { type ComputerPlayerEntry, definePlayable } from "../../core/records.js";
import { shoveComputerPlayer } from "./ai.js";
import { BoardFormatError } from "./board.js";
import { boardFromText, shove, type ShoveState } from "./game.js";

export { BoardFormatError, type BoardSpec, DEFAULT_BOARD, formatBoard, parseBoard } from "./board.js";
export {
  boardFromText,
  boardProblem,
  boardSchema,
  rulesSchema,
  SHOVE_RESULT_CODES,
  shove,
  shove as shoveGame,
  shoveOptionsSchema,
  type ShoveMove,
  type ShoveOptions,
  type ShoveState,
  winReasonText,
} from "./game.js";
export { AI_LEVELS, type AiLevel, DEFAULT_LEVEL, playMatch } from "./ai.js";
export { planPlayer, TRIVIAL_PLANS, type TrivialPlan } from "./plans.js";

/** Shove's own computer player for the generic runners and online seats: the default level. */
export const shoveComputerPlayers: readonly ComputerPlayerEntry[] = [
  {
    name: "strong",
    description: "Shove's default level: MCTS with heuristic playouts (blue heads for the victory square, red pushes and shadows)",
    games: [shove.id],
    make: (seed: number) => shoveComputerPlayer("strong", seed) as ReturnType<ComputerPlayerEntry["make"]>,
  },
];
export { solveDeepening } from "./solver.js";

/** Shove as a generic runner plays it: a board text file is the options file. */
export const shovePlayable = definePlayable({
  game: shove,
  defaultAi: "random",
  defaultLabel: "default board (ruling SH-1, a house rule)",
  optionsFile: {
    format: "text",
    parse(text) {
      try {
        return { options: { board: boardFromText(String(text)) } };
      } catch (err) {
        if (err instanceof BoardFormatError) throw new OptionsError(err.message);
        throw err;
      }
    },
  },
  position: (state: ShoveState) => ({ turn: state.turn }),
  maxDecisions: 10_000,
});
