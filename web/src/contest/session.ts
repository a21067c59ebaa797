/**
 * A Contest of Champions duel in the browser (run in web/src/contest/worker.ts; tested in Node):
 * the ruleset's `contestGame` holds the rules; the computer side plays the advisor's optimal
 * mixed strategy (`advisedPlayer`); `advice()` gives that strategy for the current exchange.
 * A committed card is never in a snapshot before both are revealed (CC-5).
 */
import { type GameEvent, play } from "../../../src/core/game.js";
import { type DuelSolution, advise, advisedPlayer, solveDuel } from "../../../src/rulesets/contest/advisor.js";
import { cardById } from "../../../src/rulesets/contest/deck.js";
import { shippedDuelSetup, shippedProfiles } from "../../../src/rulesets/contest/defaults.js";
import { deckAt, duelStart, type Position } from "../../../src/rulesets/contest/exchange.js";
import { type ContestState, contestGame } from "../../../src/rulesets/contest/game.js";

export type Side = "A" | "B";

export interface DuelConfig {
  a: string;
  b: string;
  distance: number;
  seed: number;
  /** The side the computer plays, or null for two people on one screen. */
  computer: Side | null;
  exchangeLimit?: number;
}

export interface CardChoice {
  id: string;
  name: string;
  summary: string;
}

export interface Snapshot {
  names: Record<Side, string>;
  maxMight: Record<Side, number>;
  position: Position;
  exchanges: number;
  exchangeLimit: number;
  deck: { name: string; kind: string; house: boolean };
  /** Who chooses now (null when over). */
  toMove: Side | null;
  /** Whether A has committed a card this exchange (never which). */
  committed: boolean;
  /** The mover's legal cards (empty when the computer moves or the duel is over). */
  cards: CardChoice[];
  /** Every event so far, in order; each exchange's reveal, dice and result. */
  log: GameEvent[];
  result: { winner: Side | null; reason: string } | null;
  computer: Side | null;
}

export interface StrategyAdvice {
  position: Position;
  deck: string;
  value: { fraction: string; decimal: number };
  A: { id: string; name: string; p: { fraction: string; decimal: number } }[];
  B: { id: string; name: string; p: { fraction: string; decimal: number } }[];
}

/** The shipped commanders a duel may pit against each other. */
export function commanders(): { id: string; name: string; might: number; weapon: string | null }[] {
  return shippedProfiles().map((p) => ({ id: p.id, name: p.name, might: p.might, weapon: p.weapon ? p.weapon.type : null }));
}

/** Why a duel cannot start with this config (a named field), or null. */
export function configProblem(c: DuelConfig): string | null {
  const ps = shippedProfiles();
  const a = ps.find((p) => p.id === c.a);
  const b = ps.find((p) => p.id === c.b);
  if (!a) return `field a: no commander "${c.a}"`;
  if (!b) return `field b: no commander "${c.b}"`;
  if (!Number.isInteger(c.distance) || c.distance < 0 || c.distance > 24) return "field distance: must be a whole number of inches from 0 to 24";
  if (!duelStart(a, b, c.distance)) return `field distance: no duel starts at ${c.distance}": not in base contact and beyond every ranged weapon's range (seed, The Duel)`;
  return null;
}

export class DuelSession {
  state: ContestState;
  log: GameEvent[] = [];
  private solution: DuelSolution | null = null;
  private computerPlayer: ReturnType<typeof advisedPlayer> | null = null;

  constructor(readonly config: DuelConfig) {
    const problem = configProblem(config);
    if (problem) throw new RangeError(problem);
    const setup = shippedDuelSetup(config.a, config.b);
    this.state = contestGame.setup({ setup, distance: config.distance, exchangeLimit: config.exchangeLimit }, config.seed);
  }

  /** The advisor's solution of this duel (value iteration: computed once, on first need). */
  private solved(): DuelSolution {
    this.solution ??= solveDuel(this.state.setup, { horizon: this.state.exchangeLimit });
    return this.solution;
  }

  /** A person's card for the side to move; refused with the engine's reason. */
  choose(side: Side, card: string): void {
    const next = play(contestGame, this.state, side, { card });
    this.state = next.state;
    this.log.push(...next.events);
  }

  /** Whether the computer is to move. */
  computerToMove(): boolean {
    const m = contestGame.toMove(this.state);
    return m !== null && m === this.config.computer;
  }

  /** The computer's card (sampled from the optimal mixed strategy), applied. */
  computerMove(): void {
    const side = contestGame.toMove(this.state) as Side;
    this.computerPlayer ??= advisedPlayer(this.solved(), this.config.seed);
    const move = this.computerPlayer.choose(contestGame.view(this.state, side) as ContestState, side) as { card: string };
    this.choose(side, move.card);
  }

  advice(): StrategyAdvice {
    const sol = this.solved();
    const left = Math.min(sol.horizon, this.state.exchangeLimit - this.state.exchanges);
    const adv = advise(sol, this.state.position, left);
    const deck = deckAt(this.state.setup, this.state.position);
    const nm = (id: string) => cardById(deck, id)?.name ?? id;
    return {
      position: this.state.position,
      deck: deck.name,
      value: adv.game.value.toJSON(),
      A: adv.cardsA.map((id, i) => ({ id, name: nm(id), p: adv.game.row[i].toJSON() })),
      B: adv.cardsB.map((id, i) => ({ id, name: nm(id), p: adv.game.col[i].toJSON() })),
    };
  }

  snapshot(): Snapshot {
    const s = this.state;
    const toMove = contestGame.toMove(s) as Side | null;
    const deck = deckAt(s.setup, s.position);
    const person = toMove !== null && toMove !== this.config.computer;
    const result = contestGame.result(s);
    return {
      names: { A: s.setup.a.profile.name, B: s.setup.b.profile.name },
      maxMight: { A: s.setup.a.profile.might, B: s.setup.b.profile.might },
      position: s.position,
      exchanges: s.exchanges,
      exchangeLimit: s.exchangeLimit,
      deck: { name: deck.name, kind: deck.kind, house: deck.house },
      toMove,
      committed: s.pending !== null,
      cards: person
        ? contestGame.legalMoves(s, toMove).map((m) => {
            const c = cardById(deck, m.card);
            return { id: m.card, name: c?.name ?? m.card, summary: c?.summary ?? "" };
          })
        : [],
      log: [...this.log],
      result: result ? { winner: result.winner as Side | null, reason: result.reason } : null,
      computer: this.config.computer,
    };
  }
}
