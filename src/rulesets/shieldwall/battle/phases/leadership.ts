/**
 * The leadership phase (seed "Leaders", "Personal Combat", "Deployment"; rulings SW-4, SW-6, SW-7,
 * SW-8): lead actions, challenges and duels between leaders (played out with the Shieldwall duel),
 * and camp followers.
 */
import { playOut } from "../../../../core/game.js";
import { randomPlayer } from "../../../../core/search/random-player.js";
import { unitFacing } from "../../geometry/movement.js";
import { within } from "../../geometry/proximity.js";
import { LP_COSTS, campFollowersAdditionalDp, campFollowersRemoveDp, changeAggression, increaseCohesion, lpLeft, moveCampFollowers, signalAdvance } from "../../leaders.js";
import { heuristicDuelPlayer } from "../../duel/ai.js";
import { cardCode, cardName, parseCard } from "../../../../core/cards.js";
import { type ExchangeRecord, type ShieldwallDuelMove, type ShieldwallDuelState, dealDuel, duelLegalMoves, duelToMove, shieldwallDuelGame, playDuelQuietly } from "../../duel/game.js";
import {
  type DiceOff,
  type DuelOutcome,
  type Fighter,
  FIGHTER_NAME,
  type FighterKind,
  type PlayedCard,
  type Side as DuelSide,
  answerChallenge,
  appointFighter,
  duelConsequences,
  handSize,
  issueChallenge,
  otherSide,
} from "../../duel/rules.js";
import { type LeaderState, totalDp } from "../../units.js";
import { Ctx, push, memoKind } from "../ctx.js";
import { announceLosses, leaderDies, leaderLost, moveStraight } from "../effects.js";
import { duelSeat } from "../duel-seat.js";
import { actingOrder, closestEnemyLeader, contingentUnits, contingentsRightToLeft, enemyLeaderOnTable, leaderInCombat, leaderReach, sideOrder, standardInchUnits } from "../queries.js";
import type { BattleDuel, BattleUnit, Side, Task } from "../types.js";
import { ruleOption } from "../types.js";
import { forwardHeading, geomOf, onTable, sideOfId } from "../unit-facts.js";
import type { DecisionKind, DecisionOf, PendingOf } from "../decision-kind.js";

/** Opponent hands the duel AI samples per lead inside a battle (its default is 24; 8 keeps whole battles fast). */
export const DUEL_AI_SAMPLES = 8;

/** The leadership phase: each leader acts (contingents right to left), then the camp followers. */
export function leadershipTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "leadership";
  s.sw15Took = [];
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) {
    for (const c of contingentsRightToLeft(ctx, side)) {
      const l = ctx.contingentLeader(c);
      if (l) tasks.push({ t: "leader", leader: l.id });
    }
  }
  for (const side of sideOrder(s)) {
    for (const id of actingOrder(ctx, side)) if (ctx.unit(id).u.attachments.includes("camp-followers")) tasks.push({ t: "camp", unit: id });
  }
  push(ctx, ...tasks);
}

/** A leader with something to do spends his leadership points. */
export function leaderTask(ctx: Ctx, leaderId: string): void {
  const s = ctx.s;
  const l = ctx.leader(leaderId);
  if (leadOptions(ctx, l).length > 1) s.pending = { kind: "lead", side: sideOfId(l.id), leader: l.id };
}

/** Camp followers with somewhere to go or someone to help. */
export function campTask(ctx: Ctx, unitId: string): void {
  const s = ctx.s;
  const bu = ctx.unit(unitId);
  if (onTable(bu) && bu.u.attachments.includes("camp-followers") && (campTargets(ctx, bu).length > 0 || campMoves(ctx, bu).length > 0)) {
    s.pending = { kind: "camp", side: bu.side, unit: bu.id };
  }
}

function fighterKinds(ctx: Ctx, l: LeaderState): FighterKind[] {
  const kinds: FighterKind[] = ["leader", "champion"];
  if (ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.attachments.includes("heroic-champion")) kinds.push("heroic-champion");
  return kinds;
}

const LEAD_OPTIONS = memoKind<LeaderState, DecisionOf<"lead">[]>("leadOptions", false);

export function leadOptions(ctx: Ctx, l: LeaderState): DecisionOf<"lead">[] {
  return ctx.cached(LEAD_OPTIONS, l, () => {
    const out: DecisionOf<"lead">[] = [{ type: "lead", action: "done" }];
    if (l.status !== "alive" || !ctx.leaderUnit(l) || leaderInCombat(ctx, l)) return out; // ruling SW-8
    const left = lpLeft(l);
    const reach = leaderReach(ctx, l);
    if (left >= LP_COSTS.increaseCohesion) for (const u of reach) if (totalDp(u.u) > 0) out.push({ type: "lead", action: "cohesion", target: u.id });
    if (left >= LP_COSTS.changeAggression) {
      for (const u of reach) {
        if (u.u.aggression !== "bloodlust") out.push({ type: "lead", action: "raise", target: u.id });
        if (u.u.aggression !== "shaken" && u.u.aggression !== "present") out.push({ type: "lead", action: "lower", target: u.id });
      }
    }
    if (!l.signalled && left >= LP_COSTS.signalAdvance) {
      out.push({ type: "lead", action: "signal" });
      // Seed "Deployment": the battle standard's extra inch is each unit's choice; offered: all or none.
      if (standardInchUnits(ctx, sideOfId(l.id), l.contingent).length > 0) out.push({ type: "lead", action: "signal", standard: [] });
    }
    if (left >= LP_COSTS.issueChallenge && enemyLeaderOnTable(ctx, l))
      for (const f of fighterKinds(ctx, l)) out.push({ type: "lead", action: "challenge", fighter: f });
    return out;
  });
}


export function applyLead(ctx: Ctx, l: LeaderState, d: DecisionOf<"lead">): void {
  if (d.action === "done") {
    ctx.ev("lead", `${l.name} is done for this turn (${lpLeft(l)} LP left, which lapse)`, { leader: l.id });
    return;
  }
  const inCombat = leaderInCombat(ctx, l);
  const side = sideOfId(l.id);
  push(ctx, { t: "leader", leader: l.id });
  if (d.action === "cohesion" || d.action === "raise" || d.action === "lower") {
    const target = ctx.unit(d.target);
    const home = ctx.leaderUnit(l);
    if (!home) throw new RangeError(`${l.name} has no unit on the table`);
    const tgt = {
      unit: target.u,
      within2: target.id === home.id || within(home, target, 2),
    };
    const r = d.action === "cohesion" ? increaseCohesion(l, inCombat, tgt) : changeAggression(l, inCombat, tgt, d.action);
    ctx.setLeader(r.leader);
    ctx.setU(r.unit);
    ctx.notes("lead", r.notes, {
      leader: l.id,
      action: d.action,
      target: target.id,
    });
    return;
  }
  if (d.action === "signal") {
    const units = ctx.sideUnits(side).filter((u) => u.u.contingent === l.contingent && onTable(u) && !u.u.inCombat);
    const standard = ctx.sideUnits(side).filter((u) => onTable(u) && u.u.attachments.includes("battle-standard"));
    const inputs = units.map((u) => ({
      unit: u.u,
      battleStandardWithin2: standard.some((b) => b.id === u.id || within(b, u, 2)),
      useStandard: d.standard === undefined || d.standard.includes(u.id),
    }));
    const r = signalAdvance(l, inCombat, inputs);
    ctx.setLeader(r.leader);
    ctx.notes("signal", r.notes, { leader: l.id });
    // Initial moves, in acting order, straight ahead (unformed units: towards the enemy's half).
    for (const id of contingentUnits(ctx, side, l.contingent)) {
      const m = r.moves.find((x) => x.unit === id);
      if (!m || m.inches <= 0) continue;
      const bu = ctx.unit(id);
      const heading = bu.u.formed ? unitFacing(geomOf(bu)) : forwardHeading(side);
      moveStraight(ctx, bu, heading, m.inches, "initial move");
    }
    return;
  }
  // Challenge.
  push(ctx, {
    t: "challenge",
    challenger: l.id,
    fighter: d.fighter,
    fromKing: false,
  });
}

export function challengeTask(ctx: Ctx, challengerId: string, fighter: FighterKind, fromKing: boolean): void {
  const l = ctx.leader(challengerId);
  const target = closestEnemyLeader(ctx, l);
  // A challenge that cannot be issued is logged with its reason (a `challenge-void`, not a
  // `challenge`): every `challenge` event is answered by one `challenge-answer`.
  const offTable = target === null && l.status === "alive" ? challengerOrTargetOffTable(ctx, l) : null;
  if (offTable !== null) {
    ctx.ev("challenge-void", `No challenge: ${offTable} (seed "Personal Combat": the closest enemy leader)`, { leader: l.id, fromKing });
    return;
  }
  let issued: ReturnType<typeof issueChallenge>;
  try {
    issued = issueChallenge({
      challenger: l,
      retinueInCombat: leaderInCombat(ctx, l),
      target,
      fromKing,
    });
  } catch (err) {
    ctx.ev("challenge-void", `No challenge: ${(err as Error).message}`, { leader: l.id, fromKing });
    return;
  }
  ctx.setLeader(issued.value);
  if (!target) return;
  // One event per challenge (its notes joined), so `muster sim` counts challenges by their events.
  ctx.ev("challenge", issued.notes.join("; "), { leader: l.id, target: target.id, fighter, fromKing });
  // A challenged leader who cannot pay 3 LPs to accept (option unpaidAcceptance, house rule
  // default "challenge-lapses"): the challenge lapses at once, with no refusal roll.
  if (ruleOption(ctx.s.options, "unpaidAcceptance") === "challenge-lapses" && !canAccept(ctx, target)) {
    const ans = answerChallenge({ leader: target, retinueInCombat: leaderInCombat(ctx, target), accept: true }, ctx.rng, duelOptions(ctx));
    ctx.ev("challenge-answer", ans.notes.join("; "), { leader: target.id, accept: true, answer: ans.kind });
    return;
  }
  ctx.s.pending = {
    kind: "answer",
    side: sideOfId(target.id),
    leader: target.id,
    challenger: l.id,
    fromKing,
    challengerFighter: fighter,
  };
}

/**
 * Why a living leader finds no enemy leader to challenge though enemy leaders live: he or they
 * are not on the table (aboard ship, or their unit gone from it); null when no enemy leader lives.
 */
function challengerOrTargetOffTable(ctx: Ctx, l: LeaderState): string | null {
  if (ctx.leaderUnit(l) === null) return `${l.name} is not on the table (his unit is aboard ship or gone)`;
  const side = sideOfId(l.id);
  const living = ctx.s.leaders.filter((e) => sideOfId(e.id) !== side && e.status === "alive");
  return living.length > 0 ? `no enemy leader is on the table to challenge (${living.map((e) => e.name).join(", ")} ${living.length === 1 ? "is" : "are"} not on it)` : null;
}

/** Whether a challenged leader can pay the 3 LPs of accepting (seed "Leaders"; ruling SW-8). */
function canAccept(ctx: Ctx, l: LeaderState): boolean {
  return l.status === "alive" && !leaderInCombat(ctx, l) && lpLeft(l) >= LP_COSTS.acceptChallenge;
}

export function answerOptions(ctx: Ctx, p: PendingOf<"answer">): DecisionOf<"answer">[] {
  const l = ctx.leader(p.leader);
  const out: DecisionOf<"answer">[] = [{ type: "answer", accept: false, fighter: "leader" }];
  if (canAccept(ctx, l)) {
    for (const f of fighterKinds(ctx, l)) out.push({ type: "answer", accept: true, fighter: f });
  }
  return out;
}

export function applyAnswer(ctx: Ctx, p: PendingOf<"answer">, accept: boolean, fighter: FighterKind): void {
  const target = ctx.leader(p.leader);
  const ans = answerChallenge({ leader: target, retinueInCombat: leaderInCombat(ctx, target), accept }, ctx.rng, duelOptions(ctx));
  ctx.ev("challenge-answer", ans.notes.join("; "), { leader: target.id, accept, answer: ans.kind });
  let targetFighter: FighterKind | null = null;
  if (ans.kind === "accepted") {
    ctx.setLeader(ans.leader);
    targetFighter = fighter;
  } else if (ans.kind === "refused") {
    const r = ans.refusal;
    ctx.setLeader(r.leader);
    if (r.leaderKilled) leaderDies(ctx, r.leader.id, false, "refusal");
    if (r.fighter) targetFighter = "champion";
  }
  if (targetFighter === null) return;
  fightDuel(ctx, p.challenger, p.challengerFighter, target.id, targetFighter);
}

/** The scenario's personal combat options (`mutualKill`, `unpaidAcceptance`). */
function duelOptions(ctx: Ctx): { mutualKill: "both-lose" | "no-winner"; unpaidAcceptance: "refusal-roll" | "challenge-lapses" } {
  return { mutualKill: ruleOption(ctx.s.options, "mutualKill"), unpaidAcceptance: ruleOption(ctx.s.options, "unpaidAcceptance") };
}

/** How the narrative names a fighter: the leader himself, or his (heroic) champion. */
function fighterName(l: LeaderState, k: FighterKind): string {
  return k === "leader" ? l.name : `${l.name}'s ${FIGHTER_NAME[k]}`;
}

/**
 * A personal combat between the challenger's fighter (duel side "a") and the challenged leader's
 * (side "b"): dealt from a seed drawn from the battle's generator. By default (`duelPlayer`
 * "side", issue 14 item 17) each side's player then decides it card by card through `duel`
 * decisions; with "ai" or "random" the engine plays it out at once.
 */
function fightDuel(ctx: Ctx, aLeaderId: string, aKind: FighterKind, bLeaderId: string, bKind: FighterKind): void {
  const la = ctx.leader(aLeaderId);
  const lb = ctx.leader(bLeaderId);
  const heroic = (l: LeaderState) => ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.attachments.includes("heroic-champion");
  const fa = appointFighter(aKind === "heroic-champion" && !heroic(la) ? "champion" : aKind, la, heroic(la));
  const fb = appointFighter(bKind === "heroic-champion" && !heroic(lb) ? "champion" : bKind, lb, heroic(lb));
  const seed = ctx.rng.int(0, 0x7fffffff);
  const start = dealDuel({ a: fa, b: fb }, seed);
  const duelPlayer = ctx.s.options.duelPlayer;
  if (duelPlayer === "side") {
    const duel: BattleDuel = {
      a: { leader: la.id, side: sideOfId(la.id), fighter: fa.kind, name: fighterName(la, fa.kind) },
      b: { leader: lb.id, side: sideOfId(lb.id), fighter: fb.kind, name: fighterName(lb, fb.kind) },
      game: start,
    };
    const deal = (s: DuelSide) => {
      const f = start.fighters[s];
      const h = handSize(f);
      return `${duel[s].name} (${FIGHTER_NAME[f.kind]}${f.specialWeapon ? " with the special weapon" : ""}) is dealt ${h.dealt} cards and discards ${h.discard}`;
    };
    ctx.ev("duel-start", `Personal combat: ${duel.a.name} against ${duel.b.name}. ${deal("a")}; ${deal("b")}`, {
      a: la.id,
      b: lb.id,
      fighters: { a: fa.kind, b: fb.kind },
      specialWeapon: { a: fa.specialWeapon, b: fb.specialWeapon },
      dealt: { a: handSize(fa).dealt, b: handSize(fb).dealt },
      discard: { a: handSize(fa).discard, b: handSize(fb).discard },
    });
    // Each hand is shown to its own side only (battleGame.viewEvent; ruling SW-24).
    for (const s of ["a", "b"] as const) {
      ctx.ev("duel-hand", `${duel[s].name}'s hand: ${start.hands[s].map(cardName).join(" ")}`, { seat: duel[s].side, cards: start.hands[s].map(cardCode) });
    }
    duelNext(ctx, duel);
    return;
  }
  let duel: ShieldwallDuelState;
  if (duelPlayer === "random") {
    duel = playOut(shieldwallDuelGame, start, { a: randomPlayer(shieldwallDuelGame, seed + 1), b: randomPlayer(shieldwallDuelGame, seed + 2) }, { keepEvents: false }).state;
  } else {
    // Two computer players: no moves to check or events to describe, only the outcome counts.
    const ai = (k: number) => heuristicDuelPlayer(seed + k, { samples: DUEL_AI_SAMPLES });
    duel = playDuelQuietly(start, { a: ai(1), b: ai(2) });
  }
  const outcome = duel.outcome;
  if (!outcome) throw new Error("the duel ended without an outcome");
  ctx.ev(
    "duel",
    `Personal combat: ${fighterName(la, fa.kind)} against ${fighterName(lb, fb.kind)}, ${duel.exchanges.length} exchanges, wounds ${outcome.wounds.a}-${outcome.wounds.b}`,
    {
      a: aLeaderId,
      b: bLeaderId,
      fighters: { a: fa.kind, b: fb.kind },
      wounds: outcome.wounds,
      end: outcome.end,
      seed,
    },
  );
  duelEnds(ctx, aLeaderId, fa, bLeaderId, fb, outcome);
}

/** A duel's consequences for the leaders and their units (seed "Personal Combat"). */
function duelEnds(ctx: Ctx, aLeaderId: string, fa: Fighter, bLeaderId: string, fb: Fighter, outcome: DuelOutcome): void {
  const la = ctx.leader(aLeaderId);
  const lb = ctx.leader(bLeaderId);
  const sa = sideOfId(la.id);
  const sb = sideOfId(lb.id);
  const c = duelConsequences(outcome, {
    a: { leader: la, fighter: fa, units: ctx.sideUnits(sa).map((u) => u.u) },
    b: { leader: lb, fighter: fb, units: ctx.sideUnits(sb).map((u) => u.u) },
  }, duelOptions(ctx));
  const before = [...ctx.sideUnits(sa), ...(sb === sa ? [] : ctx.sideUnits(sb))];
  for (const side of [c.a, c.b]) {
    ctx.setLeader(side.leader);
    for (const u of side.units) if (u !== ctx.unit(u.id).u) ctx.setU(u);
  }
  ctx.notes("duel-result", c.notes, { a: aLeaderId, b: bLeaderId });
  // Killed fighting, or by losing his last LP value after a drawn duel.
  for (const [before, after, killed] of [[la, c.a.leader, outcome.killed.a && fa.kind === "leader"], [lb, c.b.leader, outcome.killed.b && fb.kind === "leader"]] as const)
    if (before.status === "alive" && after.status !== "alive") leaderLost(ctx, after, killed ? "duel" : "duel-prestige");
  announceLosses(ctx, before, "destroyed");
}

/** The duel side ("a" or "b") that battle side `side` fights as. */
function duelSideOf(duel: BattleDuel, side: Side): DuelSide {
  const seat = duelSeat(duel, side);
  if (seat === null) throw new RangeError(`${side} fights in no side of this personal combat`);
  return seat;
}

/** Asks the side whose fighter must discard or play next, or ends the duel. */
function duelNext(ctx: Ctx, duel: BattleDuel): void {
  const mover = duelToMove(duel.game);
  if (mover !== null) {
    ctx.s.pending = { kind: "duel", side: duel[mover].side, duel };
    return;
  }
  const outcome = duel.game.outcome;
  if (!outcome) throw new Error("the duel ended without an outcome");
  const { a, b } = duel;
  ctx.ev("duel", `Personal combat: ${a.name} against ${b.name}, ${duel.game.exchanges.length} exchanges, wounds ${outcome.wounds.a}-${outcome.wounds.b}`, {
    a: a.leader,
    b: b.leader,
    fighters: { a: a.fighter, b: b.fighter },
    wounds: outcome.wounds,
    end: outcome.end,
  });
  duelEnds(ctx, a.leader, duel.game.fighters.a, b.leader, duel.game.fighters.b, outcome);
}

const PLAYED_AS = { red: "a parry", black: "a strike" } as const;

/** A played card in the narrative's words: "Q♥ as a parry" (a joker's colour is declared). */
function playedText(p: PlayedCard): string {
  return `${cardName(p.card)} as ${PLAYED_AS[p.as]}`;
}

function exchangeText(duel: BattleDuel, x: ExchangeRecord, wounds: Record<DuelSide, number>): string {
  const second = otherSide(x.first);
  const r = x.result;
  const name = (s: DuelSide) => duel[s].name;
  const adv = r.advantage === "dice-off" ? "equal cards: the dice decide the advantage" : `${name(r.advantage)} takes the advantage`;
  let what: string;
  if (r.kind === "no-result") what = `both parry, no result; ${adv}`;
  else if (r.kind === "both-wounded") what = `both strike home, both are wounded; ${adv}`;
  else if (r.kind === "parried") what = `${name(r.advantage as DuelSide)} parries the blow and takes the advantage`;
  else what = `${name(r.advantage as DuelSide)}'s blow ${r.kind === "double-strike" ? "is at least double and" : "beats the parry and"} wounds ${name(otherSide(r.advantage as DuelSide))}; ${adv}`;
  return `${name(second)} answers ${playedText(x[x.first])} with ${playedText(x[second])}: ${what} (wounds: ${duel.a.name} ${wounds.a}, ${duel.b.name} ${wounds.b})`;
}

function diceOffText(duel: BattleDuel, off: DiceOff): string {
  return `Dice-off for the advantage: ${off.rolls.map((r) => `${r.a}–${r.b}`).join(", then ")} (${duel.a.name}–${duel.b.name}): ${duel[off.winner].name} has the advantage`;
}

/**
 * A duel decision, checked and applied by the duel game itself (one implementation of the duel's
 * rules), told in the battle's narrative: discards (face down), each card led face up, each
 * exchange with both cards and the wounds, every dice-off for the advantage (rulings SW-22–SW-24).
 */
function applyDuelMove(ctx: Ctx, p: PendingOf<"duel">, move: ShieldwallDuelMove): void {
  const duel = p.duel;
  const seat = duelSideOf(duel, p.side);
  const before = duel.game;
  const game = shieldwallDuelGame.apply(before, seat, move).state;
  const next: BattleDuel = { a: duel.a, b: duel.b, game };
  const who = duel[seat].name;
  const detail = { a: duel.a.leader, b: duel.b.leader, fighter: seat };
  if (move.type === "discard") {
    ctx.ev("duel-discard", `${who} discards ${move.cards.length} card${move.cards.length === 1 ? "" : "s"} face down`, { ...detail, count: move.cards.length });
    if (game.openingDiceOff !== null && before.openingDiceOff === null) ctx.ev("duel-advantage", diceOffText(duel, game.openingDiceOff), { ...detail, winner: game.openingDiceOff.winner, rolls: game.openingDiceOff.rolls });
  } else if (game.pending !== null) {
    ctx.ev("duel-lead", `${who} plays ${playedText(game.pending)} face up`, { ...detail, card: move.card, as: move.as });
  } else {
    const x = game.exchanges[game.exchanges.length - 1];
    ctx.ev("duel-exchange", exchangeText(duel, x, game.wounds), {
      ...detail,
      first: x.first,
      cards: { a: cardCode(x.a.card), b: cardCode(x.b.card) },
      as: { a: x.a.as, b: x.b.as },
      kind: x.result.kind,
      wounds: game.wounds,
    });
    if (x.diceOff) ctx.ev("duel-advantage", diceOffText(duel, x.diceOff), { ...detail, winner: x.diceOff.winner, rolls: x.diceOff.rolls });
  }
  duelNext(ctx, next);
}

/** A duel move in the rules' words, for option buttons and logs. */
export function describeDuelMove(m: ShieldwallDuelMove): string {
  if (m.type === "discard") return `discard ${m.cards.map((c) => cardName(parseCard(c))).join(", ")} (face down)`;
  return `play ${cardName(parseCard(m.card))} as ${PLAYED_AS[m.as]}`;
}

export function campTargets(ctx: Ctx, host: BattleUnit): BattleUnit[] {
  return ctx
    .sideUnits(host.side)
    .filter((u) => onTable(u) && u.u.contingent === host.u.contingent && totalDp(u.u) > 0 && (u.id === host.id || within(host, u, 2)));
}

/** Units the camp followers may move to join (ruling SW-6, "camp followers may be attached to any unit"): any other unit of the army on the table. */
export function campMoves(ctx: Ctx, host: BattleUnit): BattleUnit[] {
  return ctx.sideUnits(host.side).filter((u) => onTable(u) && u.id !== host.id);
}

export function applyCamp(ctx: Ctx, hostId: string, target: string | null, moveTo?: string): void {
  const host = ctx.unit(hostId);
  if (target === null) ctx.ev("camp", `${host.u.name}'s camp followers tend no one`, { unit: hostId });
  else {
    const t = ctx.unit(target);
    const r = campFollowersRemoveDp({
      host: host.u,
      target: t.u,
      within2: t.id === host.id || within(host, t, 2),
    });
    ctx.setU(r.value);
    ctx.notes("camp", r.notes, { unit: hostId, target });
  }
  // Seed "Deployment": an additional DP from the unit they are attached to (option campFollowerDps).
  const hostNow = ctx.unit(hostId);
  if (ruleOption(ctx.s.options, "campFollowerDps") === "contingent-and-host" && totalDp(hostNow.u) > 0) {
    const r = campFollowersAdditionalDp(hostNow.u);
    ctx.setU(r.value);
    ctx.notes("camp", r.notes, { unit: hostId, target: hostId });
  }
  if (moveTo !== undefined) {
    // Camp followers may move to join a different unit in the command phase (seed "Supernumeraries").
    const m = moveCampFollowers(ctx.unit(hostId).u, ctx.unit(moveTo).u);
    ctx.setU(m.from);
    ctx.setU(m.to);
    ctx.notes("camp-move", m.notes, { unit: hostId, to: moveTo });
  }
}

/** The signal's choice of units taking the battle standard's inch: any of the units that may (seed "Deployment"). */
function signalProblem(ctx: Ctx, l: LeaderState, standard: unknown): string | null {
  if (!leadOptions(ctx, l).some((o) => o.action === "signal")) return `${l.name} may not signal the advance now`;
  if (!Array.isArray(standard) || standard.some((id) => typeof id !== "string")) return "standard must be a list of unit ids";
  const may = standardInchUnits(ctx, sideOfId(l.id), l.contingent);
  const bad = standard.find((id: string) => !may.includes(id));
  if (bad !== undefined) return `${bad} may not take the battle standard's extra inch (a unit of the contingent below Blood Lust, not Shaken, with the standard within 2"; seed "Deployment")`;
  if (new Set(standard).size !== standard.length) return "a unit is listed twice in standard";
  return null;
}

function describeSignal(standard: string[] | undefined): string {
  if (standard === undefined) return "signal the advance";
  return standard.length === 0 ? "signal the advance, without the battle standard's extra inch" : `signal the advance, the battle standard's extra inch for ${standard.join(", ")}`;
}

/** Lead actions (seed "Leaders", rulings SW-4, SW-7, SW-8). */
export const LEAD_DECISION: DecisionKind<"lead"> = {
  options: (ctx, p) => leadOptions(ctx, ctx.leader(p.leader)),
  problem: (ctx, p, d) => (d.action === "signal" && d.standard !== undefined ? signalProblem(ctx, ctx.leader(p.leader), d.standard) : undefined),
  apply: (ctx, p, d) => applyLead(ctx, ctx.leader(p.leader), d),
  describe: (d) =>
    d.action === "done"
      ? "done"
      : d.action === "signal"
        ? describeSignal(d.standard)
        : d.action === "challenge"
          ? `challenge (${d.fighter} fights)`
          : `${d.action} ${d.target}`,
};

/** Answering a challenge (seed "Personal Combat"). */
export const ANSWER_DECISION: DecisionKind<"answer"> = {
  options: answerOptions,
  apply: (ctx, p, d) => applyAnswer(ctx, p, d.accept, d.fighter),
  describe: (d) => (d.accept ? `accept (${d.fighter} fights)` : "refuse"),
};

/**
 * A personal combat's decision (seed "Personal Combat"; rulings SW-22, SW-23, SW-24; issue 14
 * item 17): the choices are the duel game's own legal moves for the side's fighter, and any other
 * decision is checked by the duel game.
 */
export const DUEL_DECISION: DecisionKind<"duel"> = {
  options: (_ctx, p) => duelLegalMoves(p.duel.game, duelSideOf(p.duel, p.side)).map((move) => ({ type: "duel", move })),
  problem: (_ctx, p, d) => shieldwallDuelGame.validate(p.duel.game, duelSideOf(p.duel, p.side), d.move),
  apply: (ctx, p, d) => applyDuelMove(ctx, p, d.move),
  describe: (d) => describeDuelMove(d.move),
};

/** Camp followers (ruling SW-6): tend no one or a unit, each without moving or then joining another unit. */
export const CAMP_DECISION: DecisionKind<"camp"> = {
  options(ctx, p) {
    const host = ctx.unit(p.unit);
    const targets: (string | null)[] = [null, ...campTargets(ctx, host).map((u) => u.id)];
    const moves = campMoves(ctx, host);
    const out: DecisionOf<"camp">[] = [];
    for (const target of targets) {
      out.push({ type: "camp", target });
      for (const u of moves) out.push({ type: "camp", target, moveTo: u.id });
    }
    return out;
  },
  apply: (ctx, p, d) => applyCamp(ctx, p.unit, d.target, d.moveTo),
  describe: (d) => `${d.target ? `tend ${d.target}` : "tend no one"}${d.moveTo ? `, then join ${d.moveTo}` : ""}`,
};
