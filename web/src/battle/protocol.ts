/**
 * The messages between the UI and the engine worker (docs/web.md, "Worker protocol"). The worker
 * holds the battle; the UI only sends requests and shows what comes back.
 */
import type { DuelOdds } from "../../../src/rulesets/shieldwall/duel/odds.js";
import type { Card } from "../../../src/core/cards.js";
import type { GameEvent, GameRecord, GameResult } from "../../../src/core/game.js";
import type { BattleDecision, BattleSetup, BattleState, MoveHalt, Side, TapeMeasure, UnitZones } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { HintView } from "./hint.js";
import type { OddsView } from "./odds-view.js";
import { SHIELDWALL_LEVELS, type ShieldwallLevel } from "../../../src/rulesets/shieldwall/ai/level-names.js";
import type { OptionValues } from "../../../src/rulesets/shieldwall/battle/option-catalogue.js";

/**
 * Who plays a side: a person at this screen, or a computer player by level (`easy`, `normal`,
 * `hard`: src/rulesets/shieldwall/ai/levels.ts) or by its own name (old names keep working).
 */
export type Controller = "human" | ShieldwallLevel | "commander" | "advance" | "random" | "mcts";
/** The picker's choices: the levels whose player exists, then the players by name. */
export const CONTROLLERS: readonly Controller[] = ["human", ...SHIELDWALL_LEVELS, "commander", "advance", "random", "mcts"];

export type ScenarioSource = { shipped: string } | { file: unknown; fileName: string };

export type ToWorker =
  /** Starts a new battle (replacing any other). */
  | {
      type: "start";
      scenario: ScenarioSource;
      players: Record<Side, Controller>;
      seed: number;
      delayMs?: number;
      /** Rules options changed from the scenario's (option-catalogue.ts), checked by the engine. */
      options?: OptionValues;
      /** Uploaded army files replacing the scenario's army of that side. */
      armies?: Partial<Record<Side, { file: unknown; fileName: string }>>;
    }
  /** A person's decision for `side`. */
  | { type: "decide"; side: Side; decision: BattleDecision }
  /** Pauses or resumes the computer players. */
  | { type: "pause"; paused: boolean }
  /** Sets the pause between two computer decisions. */
  | { type: "delay"; delayMs: number }
  /** Asks for the game record so far (replayable with `muster replay`). */
  | { type: "record" }
  /** Takes back `side`'s last decision, if it may (src/core/undo.ts: own decisions back to the last dice or the other side's decision). */
  | { type: "undo"; side: Side }
  /** Continues a saved game: the record (a parsed record file) is verified, replayed, and play goes on with these players. */
  | { type: "load"; record: unknown; fileName: string; players: Record<Side, Controller>; delayMs?: number }
  /** Opens a record in the replay viewer (verified first). */
  | { type: "replay"; record: unknown; fileName: string }
  /** Shows step `step` of the record in the replay viewer (0: before the first decision). */
  | { type: "replay-step"; step: number }
  /** Asks the strongest computer level for its decision for `side` (a person's, to decide now): answered with "hint". */
  | { type: "hint"; side: Side }
  /** A question about the table now (the tape, line of sight, zones, a move's halt): answered by the ruleset, tagged with `id`. */
  | { type: "query"; id: number; query: TableQuery };

/** Questions the table asks the ruleset (src/rulesets/shieldwall/battle/measure.ts). */
export type TableQuery =
  | { kind: "measure"; from: { unit: string; stand: number }; to: { unit: string; stand: number } }
  | { kind: "zones"; unit: string }
  | { kind: "halt"; unit: string; heading: number };

/** The ruleset's answer to a {@link TableQuery}, by kind. */
export type TableAnswer = { kind: "measure"; measure: TapeMeasure } | { kind: "zones"; zones: UnitZones } | { kind: "halt"; halt: MoveHalt };

/** One legal option of the pending decision, with the engine's description. */
export interface OptionView {
  decision: BattleDecision;
  text: string;
  /** The odds of the dice this option leads to (charge test and combat, shooting hits, control test, move dice); absent when it throws none. */
  odds?: OddsView;
  /**
   * The signal the advance option's choice (seed "Deployment"): the units that may take the battle
   * standard's extra inch, from the engine; the player ticks any of them into `decision.standard`.
   */
  standardChoices?: string[];
  /** LPs the option spends (seed "Leaders"), said on its button before it is chosen. */
  lpCost?: number;
  /** The enemy leader a challenge goes to (his id): the closest, as the engine picks him. */
  challenges?: string;
}

export interface Snapshot {
  /** Counts the snapshots of this battle: the UI ignores an older one. */
  seq: number;
  /**
   * The battle as this screen may see it (`battleGame.view`): with one person playing, his side's
   * view; otherwise an onlooker's, so no hand of a personal combat is in it (ruling SW-24).
   */
  state: BattleState;
  /** During a personal combat: the hand of each side a person plays at this screen (hot seat: shown only once its player asks). */
  duelHands?: Partial<Record<Side, Card[]>>;
  /** Side to decide now, or null at the end. */
  toMove: Side | null;
  /** During a personal combat: the odds of the side a person plays here that is to decide, from its own knowledge (SW-24). */
  duelOdds?: { side: Side; odds: DuelOdds };
  /** The effect of this turn's gods' card (ruling SW-11), shown while a holy person's call is asked. */
  godCard?: string;
  /** Options of a person's pending decision (empty when a computer decides or the battle is over). */
  options: OptionView[];
  /** For a person's charge decision: enemies within 2" and in sight that cannot be charged, and why (ruling SW-28). */
  chargeNotes?: string[];
  /** True while a computer player is choosing. */
  thinking: boolean;
  result: GameResult | null;
  /** How many decisions each side may take back now (src/core/undo.ts). */
  undoable: Record<Side, number>;
  /** Decisions made so far (the record's length). */
  step: number;
}

/** What the replay viewer shows: one step of a verified record. */
export interface ReplayStep {
  fileName: string;
  /** Decisions in the record. */
  total: number;
  /** Decisions applied so far (0: the set-up). */
  step: number;
  /** The record's final state hash, which the replay reproduced. */
  hash: string;
  /** The decision that led here and who made it (null at step 0). */
  decision: { side: Side; text: string } | null;
}

export type FromWorker =
  | { type: "started"; battle: number; scenario: string; players: Record<Side, Controller>; seed: number; snapshot: Snapshot; events: GameEvent[] }
  /** A decision was applied: who made it, the engine's description, the events it caused and the new snapshot. */
  | { type: "applied"; battle: number; side: Side; by: Controller; text: string; events: GameEvent[]; snapshot: Snapshot }
  /** `side` took back its last decision: the game is as it was before it (`snapshot.step` decisions remain). */
  | { type: "undone"; battle: number; side: Side; snapshot: Snapshot }
  /** A step of the replay viewer: the state after `replay.step` decisions and the events of the last one. */
  | { type: "replayed"; battle: number; replay: ReplayStep; snapshot: Snapshot; events: GameEvent[]; scenario: string; seed: number }
  /** A computer player started thinking. */
  | { type: "thinking"; battle: number; side: Side }
  /** The hint asked for at snapshot `seq` (hint.ts), or why there is none. */
  | { type: "hint"; battle: number; seq: number; hint: HintView | null; problem: string | null }
  /** The game record so far: setup, seed and every decision, with the final state hash. */
  | { type: "record"; battle: number; record: GameRecord<BattleDecision, BattleSetup> }
  /** The answer to a table query (or the reason it has none), about the state when it was asked. */
  | { type: "answer"; battle: number; id: number; answer: TableAnswer | null; problem: string | null }
  /** A refused request: `message` is the engine's reason (decisionProblem) or its named error. */
  | { type: "error"; battle: number | null; message: string; during: "start" | "decide" | "computer" | "load" };
