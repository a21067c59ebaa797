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
import { type Card, type Colour, cardCode, colourOf, newPack } from "../../../core/cards.js";
import { type Player, type PlayerId, playOut } from "../../../core/game.js";
import { Random } from "../../../core/random.js";
import { mctsPlayer } from "../../../core/search/mcts.js";
import { randomPlayer } from "../../../core/search/random-player.js";
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
} from "./rules.js";
import { type DuelChooser, type ShieldwallDuelMove, type ShieldwallDuelSetup, type ShieldwallDuelState, dealDuel, shieldwallDuelGame, playDuelQuietly, unseenCards } from "./game.js";

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

/** What having taken `n` wounds costs: a wound matters more the nearer it brings a fighter to death. */
function harm(n: number, w: HeuristicWeights): number {
  return n === 0 ? 0 : n === 1 ? w.firstWound : w.firstWound + w.secondWound;
}

/** {@link exchangeScore} with the spent card given by its duel value. */
export function exchangeScoreOfValue(
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
  let score = harm(theirs, w) - harm(wounds[op], w) - (harm(mine, w) - harm(wounds[me], w));
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

// ---------------------------------------------------------------------------------------------
// Card kinds: a card reduced to what the look-ahead needs, its duel value and the colours it may
// be played as. Kind = 2 × value, plus 1 for a black suited card; a joker (value 14, either
// colour) is 28. Cards of one kind answer a lead alike, so scores are kept per kind.
// ---------------------------------------------------------------------------------------------

const JOKER_KIND = 2 * duelValue({ joker: 1 });
export const KIND_COUNT = JOKER_KIND + 1;

export function cardKind(card: Card): number {
  return 2 * duelValue(card) + (colourOf(card) === "black" ? 1 : 0);
}

/** The duel value of a card kind (or of a lead kind, below). */
export function kindValue(kind: number): number {
  return kind >> 1;
}

export const KIND_COLOURS: (readonly Colour[])[] = new Array<readonly Colour[]>(KIND_COUNT).fill([]);
for (const card of newPack(2)) KIND_COLOURS[cardKind(card)] = playableAs(card);

/** A lead by kind: 2 × value, plus 1 when played black (a joker led red is 28, black 29). */
export function leadKind(card: Card, as: Colour): number {
  return 2 * duelValue(card) + (as === "black" ? 1 : 0);
}
const LEAD_KIND_COUNT = JOKER_KIND + 2;

/**
 * For every lead kind and every kind of card the answerer may hold: the score of his best answer
 * with a card of that kind (its first best colour), and what the lead then scores for the
 * leader, as {@link bestAnswer} and the leader's own score would give them. These depend only on
 * the weights and the situation (who leads, the wounds, whether either will have cards left), so
 * they are kept with the weights (see {@link LeadScoresBySituation}) and filled on first need.
 */
class LeadScores {
  private readonly answerScore = new Float64Array(LEAD_KIND_COUNT * KIND_COUNT).fill(Number.NaN);
  private readonly leadScore = new Float64Array(LEAD_KIND_COUNT * KIND_COUNT);

  constructor(
    private readonly me: Side,
    private readonly wounds: Readonly<Record<Side, number>>,
    private readonly myCardsLeft: number,
    private readonly theirCardsLeft: number,
    private readonly w: HeuristicWeights,
  ) {}

  /**
   * What a lead of this kind scores for me against the hand of these kinds (his first best answer
   * in hand order). The hand is never empty: after the discards both hold equally many cards.
   */
  scoreAgainst(lead: number, hand: readonly number[], handSize: number): number {
    const base = lead * KIND_COUNT;
    let best = Number.NEGATIVE_INFINITY;
    let score = 0;
    for (let i = 0; i < handSize; i++) {
      const at = base + hand[i];
      if (Number.isNaN(this.answerScore[at])) this.fill(lead, hand[i]);
      if (i === 0 || this.answerScore[at] > best) {
        best = this.answerScore[at];
        score = this.leadScore[at];
      }
    }
    return score;
  }

  /** The answerer's best score with a card of `kind` against this lead, and what the lead then scores for me. */
  pair(lead: number, kind: number): { answer: number; lead: number } {
    const at = lead * KIND_COUNT + kind;
    if (Number.isNaN(this.answerScore[at])) this.fill(lead, kind);
    return { answer: this.answerScore[at], lead: this.leadScore[at] };
  }

  private fill(lead: number, kind: number): void {
    const { me, wounds, w } = this;
    const answerer = otherSide(me);
    const lv = kindValue(lead);
    const las: Colour = lead & 1 ? "black" : "red";
    const hv = kindValue(kind);
    let best = Number.NEGATIVE_INFINITY;
    let bas: Colour = "red";
    for (const as of KIND_COLOURS[kind]) {
      const r = answerer === "a" ? exchangeOutcome(hv, as, lv, las) : exchangeOutcome(lv, las, hv, as);
      const score = exchangeScoreOfValue(wounds, answerer, r, hv, this.theirCardsLeft, w);
      if (score > best) {
        best = score;
        bas = as;
      }
    }
    const r = me === "a" ? exchangeOutcome(lv, las, hv, bas) : exchangeOutcome(hv, bas, lv, las);
    this.answerScore[lead * KIND_COUNT + kind] = best;
    this.leadScore[lead * KIND_COUNT + kind] = exchangeScoreOfValue(wounds, me, r, lv, this.myCardsLeft, w);
  }
}

/**
 * The lead scores for one set of weights, by situation. A score reads the cards left only as "any
 * or none", and a fighter who may still play has 0 to 2 wounds: 72 situations in all.
 */
type LeadScoresBySituation = (LeadScores | undefined)[];

/** Shared by every player with the default weights (they never change); other weights get their own. */
const DEFAULT_LEAD_SCORES: LeadScoresBySituation = [];

/** The default player's lead scores for one situation (the exact odds reuse them: duel/exact-odds.ts). */
export function defaultLeadScores(me: Side, wounds: Readonly<Record<Side, number>>, myCardsLeft: number, theirCardsLeft: number): Pick<LeadScores, "pair"> {
  return leadScores(DEFAULT_LEAD_SCORES, DEFAULT_WEIGHTS, me, wounds, myCardsLeft, theirCardsLeft);
}

function leadScores(
  known: LeadScoresBySituation,
  w: HeuristicWeights,
  me: Side,
  wounds: Readonly<Record<Side, number>>,
  myCardsLeft: number,
  theirCardsLeft: number,
): LeadScores {
  if (wounds.a >= KILLING_WOUNDS || wounds.b >= KILLING_WOUNDS) throw new RangeError("a fighter with 3 wounds is dead and plays no more cards");
  const mine = myCardsLeft > 0 ? 1 : 0;
  const theirs = theirCardsLeft > 0 ? 1 : 0;
  const key = (((me === "a" ? 0 : 1) * KILLING_WOUNDS + wounds.a) * KILLING_WOUNDS + wounds.b) * 4 + mine * 2 + theirs;
  return (known[key] ??= new LeadScores(me, { a: wounds.a, b: wounds.b }, mine, theirs, w));
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
export function chooseDiscards(hand: readonly Card[], count: number, blackKeepBonus = DEFAULT_WEIGHTS.blackKeepBonus): Card[] {
  const red = hand.filter((c) => colourOf(c) === "red").length;
  const black = hand.length - red;
  const keyed = hand.map((card) => {
    const colour = colourOf(card);
    return {
      card,
      worth: duelValue(card) + (colour === "black" ? blackKeepBonus : 0),
      // How many more of this card's colour than of the other the hand holds (a joker has no surplus).
      surplus: colour === null ? 0 : colour === "red" ? red - black : black - red,
    };
  });
  keyed.sort((x, y) => x.worth - y.worth || y.surplus - x.surplus);
  return keyed.slice(0, count).map((k) => k.card);
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

/**
 * Sorts the first `count` kinds of `kinds` into `into`, highest value first, cards of equal value
 * keeping their order (a stable insertion sort: at most 8 cards).
 */
function sortedByValue(kinds: readonly number[], count: number, into: number[]): number[] {
  for (let i = 0; i < count; i++) {
    const k = kinds[i];
    let j = i - 1;
    while (j >= 0 && kindValue(into[j]) < kindValue(k)) {
      into[j + 1] = into[j];
      j--;
    }
    into[j + 1] = k;
  }
  return into;
}

/** The card-playing computer player described above; deterministic given its seed. */
export function heuristicDuelPlayer(seed: number, opts: HeuristicOptions = {}): Player<ShieldwallDuelState, ShieldwallDuelMove> & DuelChooser {
  // Made on the first lead that needs sampling: many duel players never sample.
  let sampler: Random | null = null;
  const samples = opts.samples ?? 24;
  const w: HeuristicWeights = { ...DEFAULT_WEIGHTS, ...opts.weights };
  const known = opts.weights ? [] : DEFAULT_LEAD_SCORES;
  const infer = opts.inferDiscards ?? true;

  /** Leading face up: average over fresh deals of what I cannot see (ruling SW-24). */
  const chooseLead = (state: ShieldwallDuelState, me: Side): PlayedCard => {
    const hand = state.hands[me];
    const leads: PlayedCard[] = [];
    for (const card of hand) for (const as of playableAs(card)) leads.push({ card, as });
    if (leads.length === 1) return leads[0];
    const rng = (sampler ??= Random.fromSeed(seed, 3));
    const op = otherSide(me);
    const unseen = unseenCards(state, me);
    const n = state.hands[op].length;
    const extra = infer ? Math.min(state.discarded[op]?.length ?? 0, unseen.length - n) : 0;
    const scores = leadScores(known, w, me, state.wounds, hand.length - 1, n - 1);
    const leadKinds = leads.map((l) => leadKind(l.card, l.as));
    const totals = new Array<number>(leads.length).fill(0);
    const pool = unseen.map(cardKind);
    const sorted = new Array<number>(n + extra).fill(0);
    for (let k = 0; k < samples; k++) {
      // Partial Fisher–Yates: the first n cards form a uniformly drawn opponent hand.
      for (let i = 0; i < n + extra; i++) {
        const j = rng.int(i, pool.length - 1);
        const t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
      }
      // Inferring his discards, he keeps the n highest of the n + extra drawn.
      const theirHand = extra > 0 ? sortedByValue(pool, n + extra, sorted) : pool;
      for (let li = 0; li < leads.length; li++) totals[li] += scores.scoreAgainst(leadKinds[li], theirHand, n);
    }
    let bi = 0;
    for (let i = 1; i < leads.length; i++) if (totals[i] > totals[bi]) bi = i;
    return leads[bi];
  };

  const chooser: DuelChooser = {
    chooseDiscards: (state, me) => chooseDiscards(state.hands[me], handSize(state.fighters[me]).discard, w.blackKeepBonus),
    choosePlay: (state, me) => (state.pending !== null ? bestAnswer(state.hands[me], state.pending, state.pending.side, state.wounds, w).play : chooseLead(state, me)),
  };
  return {
    name: "ai",
    ...chooser,
    choose(state: ShieldwallDuelState, player: PlayerId): ShieldwallDuelMove {
      const me = player as Side;
      if (state.discarded[me] === null) return { type: "discard", cards: chooser.chooseDiscards(state, me).map(cardCode) };
      const { card, as } = chooser.choosePlay(state, me);
      return { type: "play", card: cardCode(card), as };
    },
  };
}

export type DuelPlayerKind = "ai" | "random" | "mcts";
export const DUEL_PLAYER_KINDS: readonly DuelPlayerKind[] = ["ai", "random", "mcts"];

/** `stop`: an outer budget that ends an MCTS search early (see {@link simulateDuels}). */
export function duelPlayer(kind: DuelPlayerKind, seed: number, mctsIterations = 300, stop?: () => boolean): Player<ShieldwallDuelState, ShieldwallDuelMove> {
  if (kind === "ai") return heuristicDuelPlayer(seed);
  if (kind === "random") return randomPlayer(shieldwallDuelGame, seed);
  if (kind === "mcts") return mctsPlayer(shieldwallDuelGame, { seed, iterations: mctsIterations, stop });
  throw new RangeError(`unknown player "${String(kind)}": expected ai, random or mcts`);
}

/** Does this player also name its cards directly, for {@link playDuelQuietly}? */
function choosesDirectly(p: Player<ShieldwallDuelState, ShieldwallDuelMove>): p is Player<ShieldwallDuelState, ShieldwallDuelMove> & DuelChooser {
  return "chooseDiscards" in p && "choosePlay" in p;
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
  setup: ShieldwallDuelSetup;
  players: Record<Side, DuelPlayerKind>;
  games: number;
  seed: number;
  mctsIterations?: number;
  /** Called with the number of duels played, every 1000 duels (every duel with MCTS) and at the end (a progress display). */
  onProgress?: (done: number) => void;
  /**
   * A budget (e.g. a time limit, with the clock read by the program): asked before each duel and
   * inside MCTS searches; once true, the simulation ends and returns the duels finished so far
   * (`tally.games` below `games` tells the caller it stopped early). A duel whose searches were cut
   * short is not counted, so every counted duel was played at full strength.
   */
  shouldStop?: () => boolean;
}

/** Plays `games` duels between the two players; each duel has its own seed drawn from `seed`. */
export function simulateDuels(input: SimulationInput): DuelTally {
  const seeds = Random.fromSeed(input.seed, 4);
  const stop = input.shouldStop;
  const players = {
    a: duelPlayer(input.players.a, input.seed * 2 + 1, input.mctsIterations, stop),
    b: duelPlayer(input.players.b, input.seed * 2 + 2, input.mctsIterations, stop),
  };
  const searches = input.players.a === "mcts" || input.players.b === "mcts";
  // Two heuristic players play the quiet loop (the same duels, without moves and events).
  const { a, b } = players;
  const quiet = choosesDirectly(a) && choosesDirectly(b) ? { a, b } : null;
  const tally: DuelTally = { games: 0, aWins: 0, bWins: 0, honour: 0, mutualKills: 0 };
  for (let g = 0; g < input.games; g++) {
    if (stop?.()) break;
    const start = dealDuel(input.setup, seeds.nextUint32());
    const end = quiet ? playDuelQuietly(start, quiet) : playOut(shieldwallDuelGame, start, players, { keepEvents: false }).state;
    // The budget ran out during this duel: its searches may have been cut short, so it is not counted.
    if (searches && stop?.()) break;
    const o = end.outcome!;
    tally.games++;
    if (o.end === "kill") {
      if (o.winner === "a") tally.aWins++;
      else tally.bWins++;
    } else if (o.end === "mutual-kill") tally.mutualKills++;
    else tally.honour++;
    if (input.onProgress && (searches || tally.games % 1000 === 0 || tally.games === input.games)) input.onProgress(tally.games);
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
  state: ShieldwallDuelState;
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
  players: Record<Side, Player<ShieldwallDuelState, ShieldwallDuelMove>>;
  seed: number;
  options?: Partial<PersonalCombatOptions>;
  /** Wounds already taken, for a duel resumed in the middle. */
  wounds?: Partial<Record<Side, number>>;
}): PersonalCombatRun {
  const setup: ShieldwallDuelSetup = {
    a: { ...input.sides.a.fighter, wounds: input.wounds?.a ?? 0 },
    b: { ...input.sides.b.fighter, wounds: input.wounds?.b ?? 0 },
    options: input.options,
  };
  const played = playOut(shieldwallDuelGame, dealDuel(setup, input.seed), input.players);
  const outcome = played.state.outcome!;
  const consequences = duelConsequences(outcome, input.sides, input.options);
  return { state: played.state, outcome, consequences, notes: [...played.events.map((e) => e.text), ...consequences.notes] };
}
