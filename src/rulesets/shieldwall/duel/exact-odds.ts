/**
 * Exact odds of a personal combat near its end (issue 25; seed "Personal Combat", rulings SW-22,
 * SW-23, SW-24), where the Monte Carlo estimate of `duelOdds` can be replaced by a count.
 *
 * What is known to the seat: his own hand and discards, every card played, the wounds and the
 * advantage. Every hand the opponent could hold is weighed by how many ways the cards the seat has
 * not seen can make it (all deals equally likely, as `duelDeterminize` deals them); every dice-off
 * for the advantage by its exact chance (`advantageDist`, ruling SW-22). From there both fighters
 * play the computer's way, made exact so that play is a function of what each knows:
 * - answering (with the advantage), the answer that scores best (`exchangeScoreOfValue`, as
 *   `bestAnswer`), cheapest card kind first between equals;
 * - leading (face up), the lead whose average score is best over every hand the other could hold
 *   from the cards not in the leader's hand and not yet played (the computer averages over 24
 *   sampled hands; here the average is exact, with the same scores per answer). The leader does
 *   not count his own discards out: the opponent's discards are not known to the seat, so this is
 *   the rule both fighters can be given.
 * The chances are then exact fractions. A state is "small enough" when the opponent's possible
 * hands, times the choices to weigh, stay under a work limit (default 60,000 hand deals).
 */
import { type Card, cardCode, newPack } from "../../../core/cards.js";
import { Fraction } from "../../../core/fraction.js";
import { cardKind, defaultLeadScores, DEFAULT_WEIGHTS, exchangeScoreOfValue, KIND_COLOURS, KIND_COUNT, kindValue, leadKind } from "./ai.js";
import { duelLegalMoves, duelMoveKey, type ShieldwallDuelMove, type ShieldwallDuelState, withSide } from "./game.js";
import { advantageDist, duelOutcome, exchangeOutcome, type Fighter, otherSide, type Side } from "./rules.js";

/** Exact chances for one side: kills and lives, is killed alone, neither (honour, or both killed). */
export interface ExactDuelChances {
  /** The opponent hands weighed (distinct by card kind). */
  hands: number;
  win: Fraction;
  lose: Fraction;
  neither: Fraction;
}

export interface ExactDuelOdds {
  seat: Side;
  now: ExactDuelChances;
  choices: { move: ShieldwallDuelMove; key: string; chances: ExactDuelChances }[];
}

export interface ExactDuelOptions {
  /** Opponent hands × (1 + choices) at most (default 60,000); beyond it, null (use the estimate). */
  workLimit?: number;
}

type Counts = number[];
type Triple = readonly [Fraction, Fraction, Fraction];

interface Node {
  hands: Record<Side, Counts>;
  sizes: Record<Side, number>;
  wounds: Record<Side, number>;
  advantage: Side;
  pending: { side: Side; lead: number } | null;
}

function countsOf(cards: readonly Card[]): Counts {
  const c = new Array<number>(KIND_COUNT).fill(0);
  for (const card of cards) c[cardKind(card)]++;
  return c;
}

const sum = (c: Counts) => c.reduce((x, y) => x + y, 0);

/** Binomial coefficients as floats (for the lead's average) and as BigInt (for the weights). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}
function chooseBig(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

/** The number of distinct hands (by kind) of `n` cards from `pool`. */
function handCount(pool: Counts, n: number): number {
  let ways = new Array<number>(n + 1).fill(0);
  ways[0] = 1;
  for (const c of pool) {
    const next = new Array<number>(n + 1).fill(0);
    for (let have = 0; have <= n; have++) for (let take = 0; take <= c && have + take <= n; take++) next[have + take] += ways[have];
    ways = next;
  }
  return ways[n];
}

/** Every hand (by kind) of `n` cards from `pool`, with the number of card deals that make it. */
function* handsOf(pool: Counts, n: number, from = 0, hand: Counts = new Array<number>(KIND_COUNT).fill(0), weight = 1n): Generator<[Counts, bigint]> {
  if (n === 0) {
    yield [hand.slice(), weight];
    return;
  }
  for (let k = from; k < KIND_COUNT; k++) {
    for (let take = 1; take <= Math.min(pool[k], n); take++) {
      hand[k] = take;
      yield* handsOf(pool, n - take, k + 1, hand, weight * chooseBig(pool[k], take));
    }
    hand[k] = 0;
  }
}

class ExactPlay {
  private readonly memo = new Map<string, Triple>();
  private readonly diceA: Fraction;

  constructor(
    private readonly seat: Side,
    fighters: Record<Side, Fighter>,
    /** Cards outside both hands and never played (both discards and the stock), by kind: constant for one root. */
    private readonly rest: Counts,
  ) {
    this.diceA = advantageDist(fighters.a, fighters.b).probOf("a");
  }

  value(n: Node): Triple {
    const key = `${n.hands.a.join(",")}|${n.hands.b.join(",")}|${n.wounds.a}${n.wounds.b}${n.advantage}${n.pending ? n.pending.side + n.pending.lead : "-"}`;
    const known = this.memo.get(key);
    if (known) return known;
    const v = n.pending === null ? this.lead(n) : this.answer(n);
    this.memo.set(key, v);
    return v;
  }

  /** The leader's lead: best average score over every hand the other could hold. */
  private lead(n: Node): Triple {
    const me = otherSide(n.advantage);
    const op = n.advantage;
    const pool = n.hands[op].map((c, k) => c + this.rest[k]);
    const total = sum(pool);
    const size = n.sizes[op];
    const scores = defaultLeadScores(me, n.wounds, n.sizes[me] - 1, size - 1);
    let best = Number.NEGATIVE_INFINITY;
    let bestLead = -1;
    let bestKind = -1;
    for (let k = 0; k < KIND_COUNT; k++) {
      if (n.hands[me][k] === 0) continue;
      for (const as of KIND_COLOURS[k]) {
        const lead = 2 * kindValue(k) + (as === "black" ? 1 : 0);
        // The answerer's best kind in his hand decides the score: P(best is j) = P(no better kind, at least one j).
        const kinds: { j: number; answer: number; lead: number }[] = [];
        for (let j = 0; j < KIND_COUNT; j++) if (pool[j] > 0) kinds.push({ j, ...scores.pair(lead, j) });
        kinds.sort((x, y) => y.answer - x.answer || x.j - y.j);
        let better = 0;
        let avg = 0;
        for (const x of kinds) {
          avg += (choose(total - better, size) - choose(total - better - pool[x.j], size)) * x.lead;
          better += pool[x.j];
        }
        if (avg > best) {
          best = avg;
          bestLead = lead;
          bestKind = k;
        }
      }
    }
    const hand = n.hands[me].slice();
    hand[bestKind]--;
    return this.value({ ...n, hands: withSide(n.hands, me, hand), sizes: withSide(n.sizes, me, n.sizes[me] - 1), pending: { side: me, lead: bestLead } });
  }

  /** The answer that scores best for the side with the advantage, then the exchange (ruling SW-23). */
  private answer(n: Node): Triple {
    const me = n.advantage;
    const { side: leader, lead } = n.pending!;
    let best = Number.NEGATIVE_INFINITY;
    let play = { kind: -1, black: false };
    for (let k = 0; k < KIND_COUNT; k++) {
      if (n.hands[me][k] === 0) continue;
      for (const as of KIND_COLOURS[k]) {
        const r = outcome(me, kindValue(k), as === "black", leader, lead);
        const score = exchangeScoreOfValue(n.wounds, me, r, kindValue(k), n.sizes[me] - 1, DEFAULT_WEIGHTS);
        if (score > best) {
          best = score;
          play = { kind: k, black: as === "black" };
        }
      }
    }
    return this.resolve(n, me, play.kind, play.black);
  }

  /** The answer `kind` played by `me` against the pending lead, and what follows. */
  resolve(n: Node, me: Side, kind: number, black: boolean): Triple {
    const { side: leader, lead } = n.pending!;
    const r = outcome(me, kindValue(kind), black, leader, lead);
    const hand = n.hands[me].slice();
    hand[kind]--;
    const sizes = withSide(n.sizes, me, n.sizes[me] - 1);
    const wounds = { a: n.wounds.a + r.wounds.a, b: n.wounds.b + r.wounds.b };
    const end = duelOutcome(wounds, sizes.a > 0 && sizes.b > 0);
    if (end) {
      if (end.end === "kill") return end.winner === this.seat ? ONE_WIN : ONE_LOSS;
      return ONE_NEITHER;
    }
    const next = (advantage: Side) => this.value({ hands: withSide(n.hands, me, hand), sizes, wounds, advantage, pending: null });
    if (r.advantage !== "dice-off") return next(r.advantage);
    const a = next("a");
    const b = next("b");
    const pa = this.diceA;
    const pb = pa.complement();
    return [a[0].mul(pa).add(b[0].mul(pb)), a[1].mul(pa).add(b[1].mul(pb)), a[2].mul(pa).add(b[2].mul(pb))];
  }
}

const ONE_WIN: Triple = [Fraction.ONE, Fraction.ZERO, Fraction.ZERO];
const ONE_LOSS: Triple = [Fraction.ZERO, Fraction.ONE, Fraction.ZERO];
const ONE_NEITHER: Triple = [Fraction.ZERO, Fraction.ZERO, Fraction.ONE];

/** The exchange of `me`'s card (value, colour) against the leader's lead kind, in a/b order. */
function outcome(me: Side, value: number, black: boolean, leader: Side, lead: number) {
  const lv = kindValue(lead);
  const las = lead & 1 ? "black" : "red";
  const mas = black ? "black" : "red";
  return leader === "a" ? exchangeOutcome(lv, las, value, mas) : exchangeOutcome(value, mas, lv, las);
}

/**
 * The exact odds of `seat` in the duel `s` from `seat`'s knowledge only, or null when the state is
 * not small enough (or still at the discards, whose choices are out of reach of a count).
 */
export function exactDuelOdds(s: ShieldwallDuelState, seat: Side, opts: ExactDuelOptions = {}): ExactDuelOdds | null {
  if (s.outcome || s.advantage === null || s.discarded.a === null || s.discarded.b === null) return null;
  const op = otherSide(seat);
  const mine = countsOf(s.hands[seat]);
  const played: Card[] = s.exchanges.flatMap((e) => [e.a.card, e.b.card]);
  if (s.pending) played.push(s.pending.card);
  const seen = new Set([...s.hands[seat], ...(s.discarded[seat] ?? []), ...played].map(cardCode));
  const unseen = countsOf(newPack(s.options.duelJokers).filter((c) => !seen.has(cardCode(c))));
  const n = s.hands[op].length;
  const myMoves = duelLegalMoves(s, seat);
  const hands = handCount(unseen, n);
  if (hands * (1 + myMoves.length) > (opts.workLimit ?? 60_000)) return null;
  const myDiscards = countsOf(s.discarded[seat] ?? []);
  const totalDeals = chooseBig(sum(unseen), n);
  const pending = s.pending ? { side: s.pending.side, lead: leadKind(s.pending.card, s.pending.as) } : null;

  /** The chances from `node` (the opponent's hand filled in per deal), summed over his hands. */
  const over = (eachHand: (play: ExactPlay, node: Node) => Triple): ExactDuelChances => {
    let win = Fraction.ZERO;
    let lose = Fraction.ZERO;
    let neither = Fraction.ZERO;
    for (const [theirs, ways] of handsOf(unseen, n)) {
      const rest = unseen.map((c, k) => c - theirs[k] + myDiscards[k]);
      const play = new ExactPlay(seat, s.fighters, rest);
      const node: Node = { hands: withSide(withSide({ a: [], b: [] }, seat, mine), op, theirs), sizes: withSide(withSide({ a: 0, b: 0 }, seat, s.hands[seat].length), op, n), wounds: { ...s.wounds }, advantage: s.advantage!, pending };
      const [w, l, x] = eachHand(play, node);
      const p = Fraction.of(ways, totalDeals);
      win = win.add(w.mul(p));
      lose = lose.add(l.mul(p));
      neither = neither.add(x.mul(p));
    }
    return { hands, win, lose, neither };
  };

  const now = over((play, node) => play.value(node));
  const choices: ExactDuelOdds["choices"] = myMoves.map((move) => {
    if (move.type !== "play") throw new Error("discards are over");
    const card = s.hands[seat].find((c) => cardCode(c) === move.card)!;
    const chances = over((play, node) => {
      if (node.pending) return play.resolve(node, seat, cardKind(card), move.as === "black");
      const hand = node.hands[seat].slice();
      hand[cardKind(card)]--;
      return play.value({ ...node, hands: withSide(node.hands, seat, hand), sizes: withSide(node.sizes, seat, node.sizes[seat] - 1), pending: { side: seat, lead: leadKind(card, move.as) } });
    });
    return { move, key: duelMoveKey(move), chances };
  });
  return { seat, now, choices };
}
