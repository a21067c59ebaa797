/**
 * Computer players for the Shieldwall duel, and the simulation behind the personal-combat odds.
 *
 * The "ai" player plays its cards by the rules of the exchange (ruling SW-23), seeing only what
 * its view allows (ruling SW-24):
 * - Discarding: it throws away its lowest cards (a low card neither parries nor strikes well),
 *   counting black cards a little higher.
 * - With the advantage it sees the opponent's card and answers with the play that scores best:
 *   a kill first, then wounds given minus wounds taken, then keeping the advantage, and among
 *   equal answers the cheapest card.
 * - Without the advantage it must lead face up: for each card it could lead, it deals the
 *   opponent's unseen hand afresh a number of times (the game's determinisation) and assumes the
 *   best answer from that hand; it leads the card with the best average.
 * "mcts" is the generic information-set MCTS over the same game; "random" picks any legal play.
 */
import { type Card, type Colour, cardCode, colourOf, isJoker, RANKS, type Rank } from "../../core/cards.js";
import { type Player, type PlayerId, playOut } from "../../core/game.js";
import { Random } from "../../core/random.js";
import { mctsPlayer } from "../../core/search/mcts.js";
import { randomPlayer } from "../../core/search/random-player.js";
import {
  type Consequences,
  type DuelOutcome,
  type DuelSide,
  duelConsequences,
  duelValue,
  type ExchangeResult,
  exchangeOutcome,
  handSize,
  KILLING_WOUNDS,
  otherSide,
  type PersonalCombatOptions,
  type PlayedCard,
  playableAs,
  type Side,
} from "./personal-combat.js";
import { type DuelMove, type DuelSetup, type DuelState, dealDuel, duelGame, unseenCards } from "./personal-combat-game.js";

/** The weights of the card-playing heuristic (defaults tuned by play against each other). */
export interface HeuristicWeights {
  /** Worth of the first and of the second wound given (taken counts the same, negatively). */
  firstWound: number;
  secondWound: number;
  /** Worth of holding the advantage after the exchange (half for a dice-off). */
  advantage: number;
  /** Cost per point of card value spent (keeps high cards for later). */
  cardCost: number;
  /** When discarding, a black card counts this much higher than its value (strikes win duels). */
  blackKeepBonus: number;
}

export const DEFAULT_WEIGHTS: Readonly<HeuristicWeights> = Object.freeze({ firstWound: 10, secondWound: 16, advantage: 5, cardCost: 0.45, blackKeepBonus: 4 });

/** How good an exchange's result is for `me`, given the wounds before it and the card I spent. */
export function exchangeScore(
  wounds: Record<Side, number>,
  me: Side,
  result: Pick<ExchangeResult, "wounds" | "advantage">,
  myCard: Card,
  cardsLeftAfter: number,
  w: HeuristicWeights = DEFAULT_WEIGHTS,
): number {
  return exchangeScoreOfValue(wounds, me, result, duelValue(myCard), cardsLeftAfter, w);
}

/** {@link exchangeScore} with the spent card given by its duel value. */
function exchangeScoreOfValue(
  wounds: Record<Side, number>,
  me: Side,
  result: Pick<ExchangeResult, "wounds" | "advantage">,
  myValue: number,
  cardsLeftAfter: number,
  w: HeuristicWeights,
): number {
  const op = otherSide(me);
  const mine = wounds[me] + result.wounds[me];
  const theirs = wounds[op] + result.wounds[op];
  if (mine >= KILLING_WOUNDS && theirs >= KILLING_WOUNDS) return -200;
  if (theirs >= KILLING_WOUNDS) return 1000;
  if (mine >= KILLING_WOUNDS) return -1000;
  // A wound matters more the nearer it brings a fighter to death.
  const harm = (n: number) => (n === 0 ? 0 : n === 1 ? w.firstWound : w.firstWound + w.secondWound);
  let score = harm(theirs) - harm(wounds[op]) - (harm(mine) - harm(wounds[me]));
  if (cardsLeftAfter > 0) {
    score += result.advantage === me ? w.advantage : result.advantage === "dice-off" ? w.advantage / 2 : 0;
    score -= w.cardCost * myValue;
  }
  return score;
}

/** Ruling SW-23 without checks or text, for the look-ahead (the plays come from legal hands). */
function fastExchange(a: PlayedCard, b: PlayedCard) {
  return exchangeOutcome(duelValue(a.card), a.as, duelValue(b.card), b.as);
}

/** A card reduced to what the look-ahead needs: its duel value and the colours it may be played as. */
interface ValuedCard {
  v: number;
  colours: readonly Colour[];
}
/**
 * Every card's duel value and colours depend only on its rank and colour (or on being a joker):
 * worked out once for the 27 kinds. Packs are dealt afresh for each duel, so a cache by card
 * object would be filled again every time.
 */
const JOKER_VALUED: ValuedCard = { v: duelValue({ joker: 1 }), colours: playableAs({ joker: 1 }) };
const VALUED_BY_RANK = new Map<Rank, Record<Colour, ValuedCard>>(
  RANKS.map((rank) => [
    rank,
    {
      red: { v: duelValue({ rank, suit: "hearts" }), colours: playableAs({ rank, suit: "hearts" }) },
      black: { v: duelValue({ rank, suit: "spades" }), colours: playableAs({ rank, suit: "spades" }) },
    },
  ]),
);
function valued(card: Card): ValuedCard {
  return isJoker(card) ? JOKER_VALUED : VALUED_BY_RANK.get(card.rank)![colourOf(card)!];
}

/**
 * What a lead (value `lv` played as `las`) scores for the leader `me` against the answer that
 * scores best for the answerer from `hand` (as {@link bestAnswer}: the first best in hand order).
 */
function leadScoreAgainst(hand: readonly ValuedCard[], lv: number, las: Colour, me: Side, wounds: Record<Side, number>, myCardsLeft: number, w: HeuristicWeights): number {
  const answerer = otherSide(me);
  let bestScore = Number.NEGATIVE_INFINITY;
  let bv = 0;
  let bas: Colour = "red";
  let found = false;
  for (const h of hand) {
    for (const as of h.colours) {
      const r = answerer === "a" ? exchangeOutcome(h.v, as, lv, las) : exchangeOutcome(lv, las, h.v, as);
      const score = exchangeScoreOfValue(wounds, answerer, r, h.v, hand.length - 1, w);
      if (!found || score > bestScore) {
        found = true;
        bestScore = score;
        bv = h.v;
        bas = as;
      }
    }
  }
  const r = me === "a" ? exchangeOutcome(lv, las, bv, bas) : exchangeOutcome(bv, bas, lv, las);
  return exchangeScoreOfValue(wounds, me, r, lv, myCardsLeft, w);
}

/** The answer that scores best for the player with the advantage (ruling SW-23). */
export function bestAnswer(hand: Card[], lead: PlayedCard, leader: Side, wounds: Record<Side, number>, w: HeuristicWeights = DEFAULT_WEIGHTS): { play: PlayedCard; score: number } {
  const me = otherSide(leader);
  let best: { play: PlayedCard; score: number } | null = null;
  for (const card of hand) {
    for (const as of playableAs(card)) {
      const play = { card, as };
      const r = me === "a" ? fastExchange(play, lead) : fastExchange(lead, play);
      const score = exchangeScore(wounds, me, r, card, hand.length - 1, w);
      if (!best || score > best.score) best = { play, score };
    }
  }
  return best!;
}

/**
 * Discard the lowest cards, a black card counting `blackKeepBonus` higher; between equal cards,
 * throw away the colour held more of.
 */
export function chooseDiscards(hand: Card[], count: number, blackKeepBonus = DEFAULT_WEIGHTS.blackKeepBonus): Card[] {
  const red = hand.filter((c) => playableAs(c).length === 1 && playableAs(c)[0] === "red").length;
  const black = hand.length - red;
  const worth = (c: Card) => duelValue(c) + (playableAs(c).length === 1 && playableAs(c)[0] === "black" ? blackKeepBonus : 0);
  const order = hand.slice().sort((x, y) => {
    const d = worth(x) - worth(y);
    if (d !== 0) return d;
    const surplus = (c: Card) => (playableAs(c).length > 1 ? 0 : playableAs(c)[0] === "red" ? red - black : black - red);
    return surplus(y) - surplus(x);
  });
  return order.slice(0, count);
}

export interface HeuristicOptions {
  /** Opponent hands sampled when leading (default 24). */
  samples?: number;
  weights?: Partial<HeuristicWeights>;
  /**
   * Model the opponent's discards when sampling his hand (default true): draw his hand plus as
   * many cards as he discarded from the unseen cards, and give him the highest, as he would
   * have kept his best cards.
   */
  inferDiscards?: boolean;
}

/** The card-playing computer player described above; deterministic given its seed. */
export function heuristicDuelPlayer(seed: number, opts: HeuristicOptions = {}): Player<DuelState, DuelMove> {
  const rng = Random.fromSeed(seed, 3);
  const samples = opts.samples ?? 24;
  const w: HeuristicWeights = { ...DEFAULT_WEIGHTS, ...opts.weights };
  const infer = opts.inferDiscards ?? true;
  return {
    name: "ai",
    choose(state: DuelState, player: PlayerId): DuelMove {
      const me = player as Side;
      const hand = state.hands[me];
      if (state.discarded[me] === null) {
        return { type: "discard", cards: chooseDiscards(hand, handSize(state.fighters[me]).discard, w.blackKeepBonus).map(cardCode) };
      }
      if (state.pending !== null) {
        const { play } = bestAnswer(hand, state.pending, state.pending.side, state.wounds, w);
        return { type: "play", card: cardCode(play.card), as: play.as };
      }
      // Leading face up: average over fresh deals of what I cannot see (ruling SW-24).
      const op = otherSide(me);
      const unseen = unseenCards(state, me);
      const n = state.hands[op].length;
      const extra = infer ? Math.min(state.discarded[op]?.length ?? 0, unseen.length - n) : 0;
      const candidates: PlayedCard[] = [];
      for (const card of hand) for (const as of playableAs(card)) candidates.push({ card, as });
      if (candidates.length === 1) return { type: "play", card: cardCode(candidates[0].card), as: candidates[0].as };
      const totals = new Array<number>(candidates.length).fill(0);
      // The look-ahead works on card values (the same rule, exchangeOutcome, without card objects).
      const leadValues = candidates.map((c) => duelValue(c.card));
      const pool = unseen.map(valued);
      for (let k = 0; k < samples; k++) {
        // Partial Fisher–Yates: the first n cards form a uniformly drawn opponent hand.
        for (let i = 0; i < n + extra; i++) {
          const j = rng.int(i, pool.length - 1);
          const t = pool[i];
          pool[i] = pool[j];
          pool[j] = t;
        }
        const theirHand = extra > 0 ? pool.slice(0, n + extra).sort((x, y) => y.v - x.v).slice(0, n) : pool.slice(0, n);
        for (let ci = 0; ci < candidates.length; ci++) {
          totals[ci] += leadScoreAgainst(theirHand, leadValues[ci], candidates[ci].as, me, state.wounds, hand.length - 1, w);
        }
      }
      let bi = 0;
      for (let i = 1; i < candidates.length; i++) if (totals[i] > totals[bi]) bi = i;
      return { type: "play", card: cardCode(candidates[bi].card), as: candidates[bi].as };
    },
  };
}

export type DuelPlayerKind = "ai" | "random" | "mcts";
export const DUEL_PLAYER_KINDS: readonly DuelPlayerKind[] = ["ai", "random", "mcts"];

export function duelPlayer(kind: DuelPlayerKind, seed: number, mctsIterations = 300): Player<DuelState, DuelMove> {
  if (kind === "ai") return heuristicDuelPlayer(seed);
  if (kind === "random") return randomPlayer(duelGame, seed);
  if (kind === "mcts") return mctsPlayer(duelGame, { seed, iterations: mctsIterations });
  throw new RangeError(`unknown player "${String(kind)}": expected ai, random or mcts`);
}

export interface DuelTally {
  games: number;
  /** Kills by a, kills by b, honour satisfied, both killed. */
  aWins: number;
  bWins: number;
  honour: number;
  mutualKills: number;
}

export interface SimulationInput {
  setup: DuelSetup;
  players: Record<Side, DuelPlayerKind>;
  games: number;
  seed: number;
  mctsIterations?: number;
}

/** Plays `games` duels between the two players; each duel has its own seed drawn from `seed`. */
export function simulateDuels(input: SimulationInput): DuelTally {
  const seeds = Random.fromSeed(input.seed, 4);
  const players = {
    a: duelPlayer(input.players.a, input.seed * 2 + 1, input.mctsIterations),
    b: duelPlayer(input.players.b, input.seed * 2 + 2, input.mctsIterations),
  };
  const tally: DuelTally = { games: 0, aWins: 0, bWins: 0, honour: 0, mutualKills: 0 };
  for (let g = 0; g < input.games; g++) {
    const start = dealDuel(input.setup, seeds.nextUint32());
    const played = playOut(duelGame, start, players, { keepEvents: false });
    const o = played.state.outcome!;
    tally.games++;
    if (o.end === "kill") {
      if (o.winner === "a") tally.aWins++;
      else tally.bWins++;
    } else if (o.end === "mutual-kill") tally.mutualKills++;
    else tally.honour++;
  }
  return tally;
}

export interface Estimate {
  /** Share of games. */
  p: number;
  /** Standard error sqrt(p(1−p)/n). */
  se: number;
  /** Normal-approximation 95% confidence interval p ± 1.96 se, clipped to [0, 1]. */
  ci95: [number, number];
}

export function proportion(k: number, n: number): Estimate {
  if (n <= 0) throw new RangeError("need at least one game");
  const p = k / n;
  const se = Math.sqrt((p * (1 - p)) / n);
  return { p, se, ci95: [Math.max(0, p - 1.96 * se), Math.min(1, p + 1.96 * se)] };
}

/** Mean score (win 1, draw ½, loss 0) for side a, with its standard error. */
export function scoreEstimate(t: DuelTally): Estimate {
  const n = t.games;
  const draws = t.honour + t.mutualKills;
  const mean = (t.aWins + draws / 2) / n;
  const sq = (t.aWins + draws / 4) / n;
  const variance = Math.max(0, sq - mean * mean);
  const se = Math.sqrt(variance / n);
  return { p: mean, se, ci95: [Math.max(0, mean - 1.96 * se), Math.min(1, mean + 1.96 * se)] };
}

export interface PersonalCombatRun {
  /** The finished duel (both hands, discards, every exchange). */
  state: DuelState;
  outcome: DuelOutcome;
  consequences: Consequences;
  /** What happened, in order: the duel's events, then the consequences. */
  notes: string[];
}

/**
 * A whole personal combat once the fighters are known (seed "Personal Combat"): deals, lets the
 * two players fight it out, and applies the consequences to both sides. The full battle and the
 * table-side companion call this; a player may be a computer player or a person behind a prompt.
 */
export function fightPersonalCombat(input: {
  sides: Record<Side, DuelSide>;
  players: Record<Side, Player<DuelState, DuelMove>>;
  seed: number;
  options?: Partial<PersonalCombatOptions>;
  /** Wounds already taken, for a duel resumed in the middle. */
  wounds?: Partial<Record<Side, number>>;
}): PersonalCombatRun {
  const setup: DuelSetup = {
    a: { ...input.sides.a.fighter, wounds: input.wounds?.a ?? 0 },
    b: { ...input.sides.b.fighter, wounds: input.wounds?.b ?? 0 },
    options: input.options,
  };
  const played = playOut(duelGame, dealDuel(setup, input.seed), input.players);
  const outcome = played.state.outcome!;
  const consequences = duelConsequences(outcome, input.sides, input.options);
  return { state: played.state, outcome, consequences, notes: [...played.events.map((e) => e.text), ...consequences.notes] };
}
