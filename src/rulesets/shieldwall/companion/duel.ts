/**
 * Personal combat at the table (seed "Personal Combat", rulings SW-22, SW-23, SW-24): the duel is
 * the ruleset's own game (duel/game.ts), dealt on the device from a seed drawn from the table's
 * generator and kept as that seed and the decisions made, so it replays exactly. Each player sees
 * only his own hand (`duelSeatView`, built by the duel's `view`): the page covers the screen while
 * the device passes between them. The end applies duelConsequences to the tracked state.
 */
import { Random } from "../../../core/random.js";
import { type DuelView, dealDuel, shieldwallDuelGame, type ShieldwallDuelMove, type ShieldwallDuelSetup, type ShieldwallDuelState } from "../duel/game.js";
import { acceptChallenge, appointFighter, duelConsequences, handSize, issueChallenge, playableAs, type Side as DuelSide } from "../duel/rules.js";
import type { Changed, LeaderState } from "../units.js";
import { cardCode } from "../../../core/cards.js";
import { CompanionError, type CompanionState, leaderOf, logged, sideOf, type TableDuel, type TableDuelFighter, withChanges } from "./state.js";

function setupOf(state: CompanionState, d: Pick<TableDuel, "a" | "b">): ShieldwallDuelSetup {
  const fighter = (f: TableDuelFighter, key: "a" | "b") => {
    let l;
    try {
      l = leaderOf(state, f.leader);
    } catch {
      throw new CompanionError(`${key}.leader: no leader "${f.leader}"`);
    }
    if (l.status !== "alive") throw new CompanionError(`${key}.leader: ${l.name} is ${l.status}`);
    const unit = state.sides[sideOf(state, l.id)].units.find((u) => u.id === l.unit);
    try {
      return appointFighter(f.fighter, l, unit?.attachments.includes("heroic-champion") === true);
    } catch (err) {
      throw new CompanionError(`${key}.fighter: ${(err as Error).message}`);
    }
  };
  return { a: fighter(d.a, "a"), b: fighter(d.b, "b") };
}

/**
 * How a personal combat came about (seed "Personal Combat"): the challenge was issued for 3 LPs
 * or by the King card's new hero for none (ruling SW-11); it was accepted for 3 LPs, or refused
 * and a champion of the contingent stepped out anyway (the refusal roll's 4-5), for none.
 */
export interface DuelOrigin {
  challenge: "issued" | "king";
  answer: "accepted" | "champion-after-refusal";
}

export const DEFAULT_DUEL_ORIGIN: Readonly<DuelOrigin> = Object.freeze({ challenge: "issued", answer: "accepted" });

/** Is this leader's retinue in combat (he spends no LPs then, ruling SW-8)? */
function retinueInCombat(state: CompanionState, leaderId: string): boolean {
  const l = leaderOf(state, leaderId);
  return state.sides[sideOf(state, leaderId)].units.some((u) => u.id === l.unit && u.inCombat);
}

/**
 * Starts a personal combat between two leaders of opposite sides (or their champions): fighter a
 * challenged, b answered. The LPs are paid through the duel rules the battle uses (issueChallenge,
 * acceptChallenge): a challenge costs 3 LPs unless the King card issued it, accepting costs 3 LPs
 * and is refused without them (he may only refuse and roll); a champion who steps out after a
 * refusal costs nothing.
 */
export function startDuel(state: CompanionState, a: TableDuelFighter, b: TableDuelFighter, origin: DuelOrigin = DEFAULT_DUEL_ORIGIN): CompanionState {
  if (state.duel) throw new CompanionError("a personal combat is already being fought");
  const setup = setupOf(state, { a, b });
  if (sideOf(state, a.leader) === sideOf(state, b.leader)) throw new CompanionError("b.leader: the two fighters must be of opposite sides");
  const challenger = leaderOf(state, a.leader);
  const answerer = leaderOf(state, b.leader);
  let issued: Changed<LeaderState>;
  try {
    issued = issueChallenge({ challenger, retinueInCombat: retinueInCombat(state, challenger.id), target: answerer, fromKing: origin.challenge === "king" });
  } catch (err) {
    throw new CompanionError(`a.leader: ${(err as Error).message}`);
  }
  let answered: Changed<LeaderState>;
  if (origin.answer === "accepted") {
    try {
      answered = acceptChallenge(answerer, retinueInCombat(state, answerer.id));
    } catch (err) {
      throw new CompanionError(`b.leader: ${(err as Error).message}; he may only refuse (roll "Refusing a challenge")`);
    }
  } else {
    if (b.fighter !== "champion") throw new CompanionError(`b.fighter: after a refusal a champion of ${answerer.name}'s contingent steps out, not ${b.fighter === "leader" ? "the leader" : "his heroic champion"} (seed "Personal Combat")`);
    answered = { value: answerer, notes: [`${answerer.name} refused; a champion of his contingent accepts the challenge without authorisation (no LPs)`] };
  }
  const rng = new Random(state.rng);
  const seed = rng.int(0, 2 ** 31 - 1);
  const duel: TableDuel = { a, b, seed, moves: [] };
  dealDuel(setup, seed);
  const name = (f: TableDuelFighter) => `${leaderOf(state, f.leader).name}${f.fighter === "leader" ? "" : `'s ${f.fighter.replace("-", " ")}`}`;
  const paid = withChanges(state, [], [issued.value, answered.value]);
  return logged({ ...paid, rng: rng.state(), duel }, [...issued.notes, ...answered.notes, `personal combat: ${name(a)} (a) against ${name(b)} (b); the hands are dealt on the device`]);
}

/** The duel's state, replayed from its seed and decisions. */
export function duelState(state: CompanionState): ShieldwallDuelState {
  const d = state.duel;
  if (!d) throw new CompanionError("no personal combat is being fought");
  let s = dealDuel(setupOf(state, d), d.seed);
  d.moves.forEach((m, i) => {
    const who = shieldwallDuelGame.toMove(s);
    const why = who === null ? "the duel is over" : shieldwallDuelGame.validate(s, who, m);
    if (why) throw new CompanionError(`duel.moves.${i}: ${why}`);
    s = shieldwallDuelGame.apply(s, who!, m).state;
  });
  return s;
}

/** Whose decision it is (a or b), or null when the duel is over. */
export function duelSeat(state: CompanionState): DuelSide | null {
  return shieldwallDuelGame.toMove(duelState(state)) as DuelSide | null;
}

/** What one seat may see: his own hand only (ruling SW-24). */
export function duelSeatView(state: CompanionState, seat: DuelSide): DuelView {
  return shieldwallDuelGame.view(duelState(state), seat) as DuelView;
}

/** What the seat must decide now: how many cards to discard, or which card to play and as what (ruling SW-23). */
export function duelChoice(state: CompanionState, seat: DuelSide): { discard: number } | { play: { card: string; as: "red" | "black" }[] } {
  const s = duelState(state);
  if (shieldwallDuelGame.toMove(s) !== seat) return { play: [] };
  if (s.discarded[seat] === null) return { discard: handSize(s.fighters[seat]).discard };
  return { play: s.hands[seat].flatMap((c) => playableAs(c).map((as) => ({ card: cardCode(c), as }))) };
}

/** The seat's decision (discard or play), checked by the duel's own rules. */
export function duelDecide(state: CompanionState, seat: DuelSide, move: ShieldwallDuelMove): CompanionState {
  const s = duelState(state);
  const who = shieldwallDuelGame.toMove(s);
  if (who !== seat) throw new CompanionError(who === null ? "the personal combat is over" : `it is ${who}'s turn in the personal combat`);
  const why = shieldwallDuelGame.validate(s, seat, move);
  if (why) throw new CompanionError(why);
  const applied = shieldwallDuelGame.apply(s, seat, move);
  // The duel's events name no hidden card (a discard is only counted).
  return logged({ ...state, duel: { ...state.duel!, moves: [...state.duel!.moves, move] } }, applied.events.map((e) => e.text));
}

/** The finished duel's consequences on the tracked state (duelConsequences: LPs, aggression, DPs, deaths). */
export function finishDuel(state: CompanionState): CompanionState {
  const d = state.duel;
  const s = duelState(state);
  if (!d || !s.outcome) throw new CompanionError("the personal combat is not over yet");
  const la = leaderOf(state, d.a.leader);
  const lb = leaderOf(state, d.b.leader);
  const setup = setupOf(state, d);
  const c = duelConsequences(s.outcome, {
    a: { leader: la, fighter: setup.a, units: state.sides[sideOf(state, la.id)].units },
    b: { leader: lb, fighter: setup.b, units: state.sides[sideOf(state, lb.id)].units },
  });
  const next = withChanges({ ...state, duel: null }, [...c.a.units, ...c.b.units], [c.a.leader, c.b.leader]);
  return logged(next, [`the personal combat ends: ${shieldwallDuelGame.result(s)?.reason ?? ""}`, ...c.notes]);
}

/** Gives up a duel in progress without consequences (a wrong challenge entered). */
export function abandonDuel(state: CompanionState): CompanionState {
  if (!state.duel) throw new CompanionError("no personal combat is being fought");
  return logged({ ...state, duel: null }, ["the personal combat is set aside (no consequences applied; LPs paid for the challenge stay spent, undo takes them back)"]);
}
