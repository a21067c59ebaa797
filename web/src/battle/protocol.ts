/**
 * The messages between the UI and the engine worker (docs/web.md, "Worker protocol"). The worker
 * holds the battle; the UI only sends requests and shows what comes back.
 */
import type { GameEvent, GameRecord, GameResult } from "../../../src/core/game.js";
import type { BattleDecision, BattleSetup, BattleState, MoveHalt, Side, TapeMeasure, UnitZones } from "../../../src/rulesets/shieldwall/battle/index.js";

/** Who plays a side: a person at this screen, or a computer player by name. */
export type Controller = "human" | "commander" | "advance" | "random" | "mcts";
export const CONTROLLERS: readonly Controller[] = ["human", "commander", "advance", "random", "mcts"];

export type ScenarioSource = { shipped: string } | { file: unknown; fileName: string };

export type ToWorker =
  /** Starts a new battle (replacing any other). */
  | { type: "start"; scenario: ScenarioSource; players: Record<Side, Controller>; seed: number; delayMs?: number }
  /** A person's decision for `side`. */
  | { type: "decide"; side: Side; decision: BattleDecision }
  /** Pauses or resumes the computer players. */
  | { type: "pause"; paused: boolean }
  /** Sets the pause between two computer decisions. */
  | { type: "delay"; delayMs: number }
  /** Asks for the game record so far (replayable with `muster replay`). */
  | { type: "record" }
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
}

export interface Snapshot {
  /** Counts the snapshots of this battle: the UI ignores an older one. */
  seq: number;
  state: BattleState;
  /** Side to decide now, or null at the end. */
  toMove: Side | null;
  /** Options of a person's pending decision (empty when a computer decides or the battle is over). */
  options: OptionView[];
  /** True while a computer player is choosing. */
  thinking: boolean;
  result: GameResult | null;
}

export type FromWorker =
  | { type: "started"; battle: number; scenario: string; players: Record<Side, Controller>; seed: number; snapshot: Snapshot; events: GameEvent[] }
  /** A decision was applied: who made it, the engine's description, the events it caused and the new snapshot. */
  | { type: "applied"; battle: number; side: Side; by: Controller; text: string; events: GameEvent[]; snapshot: Snapshot }
  /** A computer player started thinking. */
  | { type: "thinking"; battle: number; side: Side }
  /** The game record so far: setup, seed and every decision, with the final state hash. */
  | { type: "record"; battle: number; record: GameRecord<BattleDecision, BattleSetup> }
  /** The answer to a table query (or the reason it has none), about the state when it was asked. */
  | { type: "answer"; battle: number; id: number; answer: TableAnswer | null; problem: string | null }
  /** A refused request: `message` is the engine's reason (decisionProblem) or its named error. */
  | { type: "error"; battle: number | null; message: string; during: "start" | "decide" | "computer" };
