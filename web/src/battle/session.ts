/**
 * One battle as the worker holds it (no timers, no messaging: worker.ts adds those, tests drive
 * it directly). Decisions go through the engine's `play()`, so every rule and every reason for a
 * refusal is the engine's.
 */
import type { Card } from "../../../src/core/cards.js";
import { type DecisionRecord, eventFor, type GameEvent, type GameRecord, IllegalMoveError, makeRecord, play, type Player } from "../../../src/core/game.js";
import { mctsPlayer } from "../../../src/core/search/mcts.js";
import { type UndoStep, undoableSteps } from "../../../src/core/undo.js";
import { chanceSeen } from "../../../src/rulesets/shieldwall/battle/undo.js";
import { decisionOdds } from "../../../src/rulesets/shieldwall/battle/decision-odds.js";
import { drawnCardEffect, optionFacts } from "../../../src/rulesets/shieldwall/battle/option-facts.js";
import { duelOdds } from "../../../src/rulesets/shieldwall/duel/odds.js";
import { shieldwallPlayerName, shieldwallPlayers } from "../../../src/rulesets/shieldwall/ai/index.js";
import {
  type BattleDecision,
  type BattleSetup,
  type BattleState,
  battleGame,
  battleView,
  createBattle,
  decisionProblem,
  describeDecision,
  describeDecisionFor,
  pendingChargeRefusals,
  signalStandardChoices,
  type Side,
} from "../../../src/rulesets/shieldwall/battle/index.js";
import { hintFor } from "./hint.js";
import { oddsView } from "./odds-view.js";
import type { Controller, FromWorker, OptionView, Snapshot } from "./protocol.js";

/** Thinking time of the mcts player per decision, in milliseconds. */
export const MCTS_TIME_MS = 800;

/** A computer player's own seed, from the battle seed and its side. */
export function playerSeed(seed: number, side: Side): number {
  return (Math.imul(seed ^ (side === "red" ? 0x5bd1e995 : 0x27d4eb2f), 0x9e3779b1) >>> 0) % 2_147_483_647;
}

export function makeComputer(name: Exclude<Controller, "human">, seed: number, now: () => number = () => performance.now()): Player<BattleState, BattleDecision> {
  if (name === "mcts") return mctsPlayer(battleGame, { seed, timeMs: MCTS_TIME_MS, now });
  return shieldwallPlayers[shieldwallPlayerName(name)].make(seed);
}

type Applied = Extract<FromWorker, { type: "applied" }>;

/** Whom a screen shows the battle as: the one side a person plays, or an onlooker (hot seat, or two computers). */
export function screenViewer(players: Record<Side, Controller>): string {
  const humans = (["red", "black"] as const).filter((s) => players[s] === "human");
  return humans.length === 1 ? humans[0] : "spectator";
}

export class BattleSession {
  state: BattleState;
  private seq = 0;
  /** Every decision so far, for the game record. */
  readonly decisions: DecisionRecord<BattleDecision>[] = [];
  /** Per decision: the state before it and whether it consumed randomness (for undo). */
  private readonly history: { before: BattleState; step: UndoStep }[] = [];
  private readonly computers: Record<Side, Player<BattleState, BattleDecision> | null>;

  constructor(
    readonly battle: number,
    readonly setup: BattleSetup,
    readonly seed: number,
    readonly players: Record<Side, Controller>,
  ) {
    this.state = createBattle(setup.scenario, setup.armies, seed);
    const make = (side: Side) => {
      const c = players[side];
      return c === "human" ? null : makeComputer(c, playerSeed(seed, side));
    };
    this.computers = { red: make("red"), black: make("black") };
  }

  /** A saved game continued: a verified record's decisions replayed, then play goes on with `players`. */
  static fromRecord(battle: number, record: GameRecord<BattleDecision, BattleSetup>, players: Record<Side, Controller>): BattleSession {
    const s = new BattleSession(battle, record.options, record.seed, players);
    for (const d of record.decisions) s.apply(d.player as Side, d.move, players[d.player as Side]);
    return s;
  }

  /** The events of the set-up, before the first decision. */
  get setupEvents(): GameEvent[] {
    return this.state.setupEvents;
  }

  toMove(): Side | null {
    return battleGame.toMove(this.state) as Side | null;
  }

  /** The side a computer must decide for now, or null (a person decides, or the battle is over). */
  computerToMove(): Side | null {
    const side = this.toMove();
    return side !== null && this.computers[side] !== null ? side : null;
  }

  options(): OptionView[] {
    const side = this.toMove();
    if (side === null || this.computers[side] !== null) return [];
    return battleGame.legalMoves(this.state, side).map((decision) => {
      const view: OptionView = { decision, text: describeDecision(decision) };
      const odds = oddsOf(this.state, decision);
      if (odds) view.odds = odds;
      if (decision.type === "lead" && decision.action === "signal" && decision.standard !== undefined) view.standardChoices = signalStandardChoices(this.state);
      const facts = optionFacts(this.state, decision);
      if (facts.lpCost !== undefined) view.lpCost = facts.lpCost;
      if (facts.challenges !== undefined) view.challenges = facts.challenges;
      return view;
    });
  }

  /** How many decisions `side` may take back now: none when a computer plays it. */
  undoable(side: Side): number {
    if (this.players[side] !== "human") return 0;
    return undoableSteps(
      this.history.map((h) => h.step),
      side,
    );
  }

  /** Takes back `side`'s last decision (src/core/undo.ts), or says why not. */
  undo(side: Side): { type: "undone"; battle: number; side: Side; snapshot: Snapshot } | { type: "error"; battle: number; message: string; during: "decide" } {
    if (this.undoable(side) === 0) {
      const last = this.history[this.history.length - 1];
      const why =
        this.players[side] !== "human"
          ? `${side} is played by the computer`
          : !last
            ? "no decision has been made yet"
            : last.step.player !== side
              ? `the last decision was ${last.step.player}'s`
              : "the last decision threw dice or turned a card (chance has been seen)";
      return { type: "error", battle: this.battle, message: `nothing to undo: ${why}`, during: "decide" };
    }
    const h = this.history.pop()!;
    this.decisions.pop();
    this.state = h.before;
    return { type: "undone", battle: this.battle, side, snapshot: this.snapshot() };
  }

  /** Whom this screen shows the battle as (see {@link screenViewer}). */
  get viewer(): string {
    return screenViewer(this.players);
  }

  /** During a personal combat, the hand of each side a person plays here, from that side's own view. */
  private duelHands(): Partial<Record<Side, Card[]>> | undefined {
    const p = this.state.pending;
    if (p?.kind !== "duel") return undefined;
    const hands: Partial<Record<Side, Card[]>> = {};
    for (const side of ["red", "black"] as const) {
      if (this.players[side] !== "human") continue;
      const seen = battleView(this.state, side).pending;
      if (seen?.kind === "duel") hands[side] = seen.duel.game.hands[seen.duel.a.side === side ? "a" : "b"];
    }
    return hands;
  }

  /**
   * The personal combat's odds for the side a person plays here that is to decide now, from that
   * side's knowledge only (`duelOdds` is the same whatever the hidden cards are, ruling SW-24).
   * The samples are seeded from public facts (the exchanges played), never from the hidden state.
   */
  private duelOddsNow(): Snapshot["duelOdds"] | null {
    const p = this.state.pending;
    if (p?.kind !== "duel" || this.players[p.side] !== "human") return null;
    const seat = p.duel.a.side === p.side ? "a" : "b";
    const odds = duelOdds(p.duel.game, seat, { samples: 200, perChoice: 40, maxChoices: 8, seed: 1 + p.duel.game.exchanges.length });
    return { side: p.side, odds };
  }

  snapshot(thinking = false): Snapshot {
    this.seq += 1;
    const snap: Snapshot = {
      seq: this.seq,
      state: battleView(this.state, this.viewer),
      toMove: this.toMove(),
      options: this.options(),
      thinking,
      result: battleGame.result(this.state),
      undoable: { red: this.undoable("red"), black: this.undoable("black") },
      step: this.decisions.length,
    };
    const hands = this.duelHands();
    if (hands) snap.duelHands = hands;
    if (snap.options.length > 0) {
      const notes = pendingChargeRefusals(this.state).map((r) => r.text);
      if (notes.length > 0) snap.chargeNotes = notes;
    }
    const odds = hands ? this.duelOddsNow() : null;
    if (odds) snap.duelOdds = odds;
    const kind = this.state.pending?.kind;
    const card = kind === "holy-call" || kind === "holy-cancel" ? drawnCardEffect(this.state) : null;
    if (card) snap.godCard = card;
    return snap;
  }

  /** The record of the battle so far (`muster replay` verifies it). */
  record(): GameRecord<BattleDecision, BattleSetup> {
    return makeRecord(battleGame, this.setup, this.seed, this.decisions.slice(), this.state);
  }

  /** A person's decision: applied, or refused with the engine's reason. */
  decide(side: Side, decision: BattleDecision): Applied | { type: "error"; battle: number; message: string; during: "decide" } {
    if (this.players[side] !== "human") return { type: "error", battle: this.battle, message: `${side} is played by the computer (${this.players[side]})`, during: "decide" };
    const problem = decisionProblem(this.state, side, decision);
    if (problem !== null) return { type: "error", battle: this.battle, message: problem, during: "decide" };
    return this.apply(side, decision, "human");
  }

  /** The strongest level's decision for a side a person plays, now (hint.ts). */
  hint(side: Side): Extract<FromWorker, { type: "hint" }> {
    const base = { type: "hint" as const, battle: this.battle, seq: this.seq };
    if (this.players[side] !== "human") return { ...base, hint: null, problem: `${side} is played by the computer` };
    const h = hintFor(this.state, side, playerSeed(this.seed, side));
    return "problem" in h ? { ...base, hint: null, problem: h.problem } : { ...base, hint: h, problem: null };
  }

  /** Lets the computer player to move choose and applies its decision. */
  computerStep(): Applied {
    const side = this.computerToMove();
    if (side === null) throw new Error("no computer player is to move");
    const decision = this.computers[side]!.choose(this.state, side);
    return this.apply(side, decision, this.players[side]);
  }

  private apply(side: Side, decision: BattleDecision, by: Controller): Applied {
    const text = describeDecision(decision);
    // What this screen is told of the decision: another side's duel discards only by number (SW-24).
    const shownText = describeDecisionFor(decision, side, this.viewer);
    let applied;
    try {
      applied = play(battleGame, this.state, side, decision);
    } catch (err) {
      if (err instanceof IllegalMoveError) throw new Error(`the engine refused ${by}'s decision "${text}": ${err.message}`);
      throw err;
    }
    this.history.push({ before: this.state, step: { player: side, randomUsed: chanceSeen(this.state, applied.state) } });
    this.state = applied.state;
    this.decisions.push({ player: side, move: decision });
    // Events as this screen may see them: a duel hand only to its own side (eventFor).
    const events = applied.events.flatMap((e) => eventFor(battleGame, e, this.viewer, this.state) ?? []);
    return { type: "applied", battle: this.battle, side, by, text: shownText, events, snapshot: this.snapshot() };
  }
}

/** The odds of an option for the screen, or none (a failure here must never stop play: the option is still shown). */
function oddsOf(state: BattleState, decision: BattleDecision) {
  try {
    const odds = decisionOdds(state, decision);
    return odds ? oddsView(odds) : null;
  } catch {
    return null;
  }
}
