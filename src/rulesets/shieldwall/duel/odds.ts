/**
 * A fighter's chances in a personal combat from what his side knows (issue 25; seed "Personal
 * Combat", rulings SW-22, SW-24): his own hand and discards, every card played, the wounds. The
 * opponent's hand is not known: each sample deals it afresh from the cards this side has not seen
 * (`duelDeterminize`), the dice afresh too, and plays the duel out between two of the ruleset's
 * card-playing computer players (`heuristicDuelPlayer`). The chances are those of that play, a
 * Monte Carlo estimate with its sample size and standard error: the hidden hands and the players'
 * choices put an exact count out of reach. Each of the side's legal choices now (a discard, a
 * card to play) gets its own estimate, from the same samples of the unknown cards.
 * Near the end of the duel, where the opponent's possible hands can be counted, the odds are exact
 * instead (`exactDuelOdds`, duel/exact-odds.ts) and say so.
 */
import { seedState, Random } from "../../../core/random.js";
import { type Estimate, heuristicDuelPlayer, proportion } from "./ai.js";
import { cardCode } from "../../../core/cards.js";
import { duelDeterminize, duelLegalMoves, duelMoveKey, duelToMove, playDuelQuietly, type ShieldwallDuelMove, type ShieldwallDuelState, shieldwallDuelGame, unseenCards } from "./game.js";
import type { Side } from "./rules.js";
import type { FractionJson } from "../../../core/fraction.js";
import { type ExactDuelChances, exactDuelOdds } from "./exact-odds.js";

export interface DuelChances {
  /** Duels played out. */
  samples: number;
  /** This side kills its opponent (and lives). */
  win: Estimate;
  /** This side's fighter is killed (alone). */
  lose: Estimate;
  /** Honour satisfied, or both killed. */
  neither: Estimate;
  /** When counted exactly: the exact shares (then `samples` is the opponent hands weighed and every standard error is 0). */
  exact?: { win: FractionJson; lose: FractionJson; neither: FractionJson };
}

export interface DuelOdds {
  /** The side whose knowledge the odds use. */
  seat: Side;
  /** Played on as the computer players would from here. */
  now: DuelChances;
  /** When this side is to decide: each legal choice, then played on by the computer players. */
  choices: { move: ShieldwallDuelMove; key: string; chances: DuelChances }[];
  /** How the odds were found, for the screen. */
  method: "exact" | "monte-carlo";
}

export interface DuelOddsOptions {
  /** Duels played out for the odds from here (default 400). */
  samples?: number;
  /** Duels played out for each choice (default 120). */
  perChoice?: number;
  /** Choices estimated at most (default 12, the first in the engine's order; a discard may have dozens). */
  maxChoices?: number;
  /** Seeds the samples; must not come from the hidden state (default 1). */
  seed?: number;
  /** Count exactly where the state is small enough (default true). */
  exact?: boolean;
}

function fromExact(c: ExactDuelChances): DuelChances {
  const sure = (p: number) => ({ p, se: 0, ci95: [p, p] as [number, number] });
  return {
    samples: c.hands,
    win: sure(c.win.toNumber()),
    lose: sure(c.lose.toNumber()),
    neither: sure(c.neither.toNumber()),
    exact: { win: c.win.toJSON(), lose: c.lose.toJSON(), neither: c.neither.toJSON() },
  };
}

function chancesOf(seat: Side, ends: ShieldwallDuelState[]): DuelChances {
  let win = 0;
  let lose = 0;
  for (const e of ends) {
    const o = e.outcome!;
    if (o.end === "kill") {
      if (o.winner === seat) win++;
      else lose++;
    }
  }
  const n = ends.length;
  return { samples: n, win: proportion(win, n), lose: proportion(lose, n), neither: proportion(n - win - lose, n) };
}

/**
 * The odds of `seat`'s fighter in the duel `s`, from `seat`'s knowledge only: the result is the
 * same whatever the opponent's hidden cards are (tested, SW-24).
 */
export function duelOdds(s: ShieldwallDuelState, seat: Side, opts: DuelOddsOptions = {}): DuelOdds {
  const exact = opts.exact === false ? null : exactDuelOdds(s, seat);
  if (exact) return { seat, now: fromExact(exact.now), choices: exact.choices.map((c) => ({ move: c.move, key: c.key, chances: fromExact(c.chances) })), method: "exact" };
  const samples = opts.samples ?? 400;
  const perChoice = opts.perChoice ?? 120;
  const seed = opts.seed ?? 1;
  const rng = Random.fromSeed(seed, 7);
  const players = { a: heuristicDuelPlayer(seed * 2 + 1), b: heuristicDuelPlayer(seed * 2 + 2) };
  // What this side cannot see, in a fixed order (so that nothing of the hidden order leaks into the samples).
  const known = hiddenInOrder(s, seat);
  // One deal of the unknown cards and dice: the opponent's hand, discards, stock and the dice to come.
  const deal = (from: ShieldwallDuelState): ShieldwallDuelState => ({ ...duelDeterminize(from, seat, rng), rng: seedState(rng.nextUint32()) });
  const finished = (from: ShieldwallDuelState) => (from.outcome ? from : playDuelQuietly(from, players));
  const now = chancesOf(seat, Array.from({ length: samples }, () => finished(deal(known))));
  const choices: DuelOdds["choices"] = [];
  if (duelToMove(s) === seat && !s.outcome) {
    for (const move of duelLegalMoves(s, seat).slice(0, opts.maxChoices ?? 12)) {
      const ends = Array.from({ length: perChoice }, () => finished(shieldwallDuelGame.apply(deal(known), seat, move).state));
      choices.push({ move, key: duelMoveKey(move), chances: chancesOf(seat, ends) });
    }
  }
  return { seat, now, choices, method: "monte-carlo" };
}

/** The duel with the cards `seat` has not seen put back in one fixed order (sorted by code), the counts kept, and no dice known. */
function hiddenInOrder(s: ShieldwallDuelState, seat: Side): ShieldwallDuelState {
  const o: Side = seat === "a" ? "b" : "a";
  const pool = unseenCards(s, seat).sort((x, y) => (cardCode(x) < cardCode(y) ? -1 : cardCode(x) > cardCode(y) ? 1 : 0));
  const nh = s.hands[o].length;
  const nd = s.discarded[o]?.length ?? 0;
  return {
    ...s,
    rng: seedState(0),
    hands: { ...s.hands, [o]: pool.slice(0, nh) },
    discarded: { ...s.discarded, [o]: s.discarded[o] === null ? null : pool.slice(nh, nh + nd) },
    stock: pool.slice(nh + nd),
  };
}
