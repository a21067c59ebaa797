/**
 * The commander: a Shieldwall player that plays like a competent human (issue 4). How it decides
 * is written up in docs/shieldwall/ai.md. In short:
 * - Deployment: the contingents side by side (2" apart) in one line across the middle of the table.
 * - Signal at once (so the enemy's approach costs no SW-15 DPs), then prepare in place: units at
 *   Present rest off their starting DPs (seed "Rest and Reform"), leaders remove DPs and raise the
 *   rested units to Ready; a contingent moves on the enemy once its units are free of DPs, or the
 *   enemy is near, or by turn `advanceBy`.
 * - Advancing: each retinue moves its contingent as one group, straight ahead until the enemy is
 *   near (or more than 30° off) and then towards him; a move a friend or the table edge would stop
 *   short may give way to the one that gets nearest the enemy (`unjam`, off by default); a band that is not with the group keeps level with its retinue (no
 *   running ahead alone); broken-down units (Shaken, or `restAtDp` DPs or more) rest out of contact.
 * - Charges: every possible target is appraised with the exact charge-test odds (`chargeDist`) and
 *   the exact combat odds (`combatOdds`); it charges the best target when the expected result is
 *   good enough (`chargeThreshold`).
 * - Shooting: the target with the most expected hits (exact `shootingHitsDist`); a kept Five is
 *   spent on the best shot. A kept Seven re-rolls a set of dice that really hurts (ai/fortune.ts).
 * - Challenges (ai/challenge.ts): issued when the duel's outcomes, weighted by the measured duel
 *   odds against the enemy's best answer, are worth more than the lead actions the 3 LPs would buy,
 *   with the fighter (the leader himself, a heroic champion or a champion) of the highest value;
 *   accepted unless the challenger is far stronger (a refusal loses an LP value on 1–3 and sends a
 *   champion anyway on 4–5). A champion answers rather than the leader, unless he has the special
 *   weapon and is not the commander-in-chief.
 * - Holy person: called only when the gods' card hurts its side (or helps the enemy) enough.
 * Deterministic: a pure function of the state and its seed (ties broken by a hash of both).
 */
import type { Player, PlayerId } from "../../../core/game.js";
import type { Side } from "../army.js";
import { battleGame } from "../battle/game.js";
import { closestEnemyLeader, contingentLine, nearestEnemy, shootingOptions } from "../battle/queries.js";
import { deployProblem, firstDeployable } from "../battle/placement.js";
import { geomOf, onTable, sideOfId } from "../battle/unit-facts.js";
import { unitDist } from "../geometry/proximity.js";
import type { BattleDecision, BattleState, BattleUnit, LeadAction, MoveChoice, Pending } from "../battle/types.js";
import { ruleOption } from "../battle/types.js";
import { godEffect, type GodEffectKind } from "../gods.js";
import { lpLeft } from "../leaders.js";
import { restBlocked } from "../leaders.js";
import { type FighterKind, handSize, advantageBonus } from "../duel/rules.js";
import { aggressionIndex, type Grade, GRADE_RANK, type LeaderState, totalDp } from "../units.js";
import { unitCentre } from "../geometry/unit.js";
import { unitFacing } from "../geometry/movement.js";
import { moveProblem } from "../battle/move-options.js";
import { fortuneChoice } from "./fortune.js";
import { duelChoice } from "./duel.js";
import { bestChallenge } from "./challenge.js";
import { unjammed } from "./unjam.js";
import { controlModifier } from "../checks.js";
import { AVERAGE_DIE } from "../../../core/dice.js";
import { aheadOf, appraiseCharge, bearingToNearestEnemy, type Ctx, contextOf, enemiesOf, expectedShootingHits, friendsOf, hashString, nearestEnemyDistance } from "./view.js";

export const COMMANDER_PLAYER_NAME = "commander";

/** The commander's knobs (defaults are the measured ones in docs/shieldwall/ai.md). */
export interface CommanderOptions {
  /**
   * "at-once" (default): signal on the first turn, so the enemy's approach costs no SW-15 DPs,
   * then prepare in place; "when-ready": rest and ready the units first, then signal.
   */
  signal: "at-once" | "when-ready";
  /** A contingent prepares (rests, removes DPs) until this turn at the latest… */
  advanceBy: number;
  /** …or until an enemy unit is within this many inches of one of its units… */
  advanceWhenEnemyWithin: number;
  /** …or until every unit of the contingent has at most this many DPs. */
  readyDp: number;
  /** Charge when the appraisal's expected value is at least this (RESULT_VALUE scale, −2…+2). */
  chargeThreshold: number;
  /** Rest a unit out of contact once it carries this many DPs (while advancing). */
  restAtDp: number;
  /** Raise a unit near the enemy to Blood Lust (free of DPs) when LPs are spare. */
  bloodLust: boolean;
  /** Accept a challenge when our fighter's strength is at least the challenger's minus this. */
  acceptMargin: number;
  /** Challenge only while no unit of the contingent carries more DPs than this (a lost duel adds one; at 4 it drops a level). */
  duelMaxDp: number;
  /**
   * …but a leader with at least this LP value challenges only while no unit of his contingent
   * carries more DPs than `cautiousDuelMaxDp`: a lost duel puts a morale DP on every unit of the
   * contingent, and on a unit with 4 DPs that DP drops it a level (ruling SW-12). Such a leader has
   * LPs to spare for steadying his units instead; one with LP value 3 has only the challenge.
   */
  cautiousDuelsAtValue: number;
  /** See `cautiousDuelsAtValue`. */
  cautiousDuelMaxDp: number;
  /** Challenge when our fighter's strength is at least the closest enemy leader's best fighter's minus this (policy "strength"). */
  challengeMargin: number;
  /**
   * How challenges are decided: "odds" (default) values the duel's outcomes with the measured duel
   * odds against the enemy's best answer and challenges when that beats the lead actions the 3 LPs
   * would buy (ai/challenge.ts); "strength" is the earlier rule (hand sizes, `challengeMargin`,
   * `duelMaxDp`, `cautiousDuelsAtValue`, a champion unless the leader has the special weapon).
   */
  challengePolicy: "odds" | "strength";
  /** Policy "odds": challenge when its value beats the displaced lead actions by at least this. */
  challengeGain: number;
  /** A lead action scoring above this (gain × urgency) is done before a challenge. */
  urgentActScore: number;
  /**
   * Keep 3 LPs to accept a challenge while an enemy leader who still acts this turn could
   * challenge this leader (`challengeThreat`)…
   */
  guardChallenges: boolean;
  /** …for leaders with at most this LP value. */
  guardAtValue: number;
  /** Initiative: "first" (default) always acts first; "second-when-close" lets the enemy move first once the armies are within 12"; "second" always. */
  initiative: "second-when-close" | "first" | "second";
  /** How a retinue moves its group: straight ahead until an enemy is within `turnWithin` inches (default), or always towards the nearest enemy. */
  groupHeading: "straight-until-near" | "toward";
  /** See `groupHeading`. */
  turnWithin: number;
  /** The group goes straight ahead only while the nearest enemy is at most this many degrees off its facing (180: always). */
  straightWithinBearing: number;
  /** A leader whose LP value is at most this keeps 3 LPs each turn to accept a challenge (0: never). */
  keepLpForChallengesAtValue: number;
  /** Band grades kept out of the fight (default none; e.g. ["D"]). */
  holdBack: Grade[];
  /** A held-back band stops this far from the enemy (inches). */
  holdBackDistance: number;
  /** Gap in inches between contingents deployed side by side. */
  deployGap: number;
  /** Deployment depth preferred (inches from the centre line; must be among the offered depths). */
  deployDistance: number;
  /**
   * An unformed unit forming up within 3" of a formed unit of its contingent takes that unit's
   * facing (`formUpWithContingent`) instead of facing its own nearest enemy (on by default: 96.35%
   * of 2,000 raid landing battles as black against 95.2% without; docs/shieldwall/ai.md).
   */
  formWithContingent: boolean;
  /** Deploy a contingent opposite the enemy units already on the table rather than centred. */
  deployFacingEnemy: boolean;
  /**
   * Swap a formed move that a friend in the way or the table edge would stop short for the one that
   * gets nearest the enemy (`unjammed`). Off by default since issue 26: it no longer changes the
   * commander's win rates and cost a third of its time (docs/shieldwall/ai.md, "Unjam off").
   */
  unjam: boolean;
}

export const DEFAULT_COMMANDER_OPTIONS: CommanderOptions = {
  signal: "at-once",
  advanceBy: 2,
  advanceWhenEnemyWithin: 8,
  readyDp: 0,
  chargeThreshold: -0.1,
  restAtDp: 2,
  bloodLust: true,
  duelMaxDp: 9,
  cautiousDuelsAtValue: 4,
  cautiousDuelMaxDp: 3,
  challengeMargin: 5,
  challengePolicy: "odds",
  challengeGain: 0.5,
  urgentActScore: 4,
  guardChallenges: true,
  guardAtValue: 6,
  acceptMargin: 1.5,
  deployDistance: 6,
  initiative: "first",
  groupHeading: "straight-until-near",
  turnWithin: 6,
  straightWithinBearing: 30,
  deployGap: 2,
  deployFacingEnemy: false,
  formWithContingent: true,
  holdBack: [],
  keepLpForChallengesAtValue: 0,
  holdBackDistance: 6,
  unjam: false,
};

type Decision<K extends BattleDecision["type"]> = Extract<BattleDecision, { type: K }>;

/** Deterministic tie-break key for a decision in a state. */
function tieKey(seed: number, state: BattleState, d: BattleDecision): number {
  return hashString(`${seed}:${state.decisions}:${JSON.stringify(d)}`);
}

/** The best-scoring decision; ties broken deterministically from the seed (keys hashed only for ties). */
function best<T extends BattleDecision>(seed: number, state: BattleState, options: T[], score: (d: T) => number): T {
  let top = options[0];
  let topScore = Number.NEGATIVE_INFINITY;
  let topKey: number | null = 0;
  for (const d of options) {
    const sc = score(d);
    if (sc > topScore + 1e-12) {
      top = d;
      topScore = sc;
      topKey = null;
    } else if (Math.abs(sc - topScore) <= 1e-12) {
      topKey ??= tieKey(seed, state, top);
      const k = tieKey(seed, state, d);
      if (k < topKey) {
        top = d;
        topScore = sc;
        topKey = k;
      }
    }
  }
  return top;
}

// ---------------------------------------------------------------------------------------------
// Deployment

/**
 * Deploys the first contingent that may deploy at its place in the whole line centred on the
 * table. Deployment's options are many (each tested for room for the rest, ruling SW-26), so they
 * are enumerated only when the wanted place is not legal.
 */
function deployChoice(state: BattleState, side: Side, o: CommanderOptions): BattleDecision {
  const sd = state.sides[side];
  const contingent = firstDeployable(state, side);
  if (contingent === undefined) throw new Error(`no legal decision for ${side}`);
  // Widths of all contingents in army order; the whole line centred on the table, 1" gaps.
  const widthOf = (c: string) => {
    const line = contingentLine(state, side, c, 0, o.deployDistance);
    const stands = line.flatMap((l) => l.stands);
    return stands.reduce((w, st) => w + st.width, 0);
  };
  const widths = sd.contingents.map(widthOf);
  const gap = o.deployGap;
  const total = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
  let left = (state.table.width - total) / 2;
  const centres: number[] = [];
  for (const w of widths) {
    centres.push(left + w / 2);
    left += w + gap;
  }
  const idx = sd.contingents.indexOf(contingent);
  let x = Math.round(centres[idx] * 100) / 100;
  // Option: face the enemy already on the table, shifted towards the middle of his deployed units
  // (a line set up opposite empty ground walks past him, and a formed line turns only 22½° a move).
  const theirs = state.units.filter((u) => u.side !== side && u.deployed && u.stands.length > 0);
  if (o.deployFacingEnemy && theirs.length > 0) {
    const ex = theirs.reduce((a, u) => a + unitCentre(geomOf(u)).x, 0) / theirs.length;
    const want = state.units.some((u) => u.side === side && u.deployed) ? ex : x + (ex - state.table.width / 2);
    for (let k = 0; k <= 96; k++) {
      const cand = Math.round((want + (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.5) * 100) / 100;
      if (deployProblem(state, side, contingent, cand, o.deployDistance) === null) {
        x = cand;
        break;
      }
    }
  }
  for (const distance of [o.deployDistance, ...state.options.deployDistances]) {
    if (deployProblem(state, side, contingent, x, distance) === null) return { type: "deploy", contingent, x, distance };
  }
  const mine = (battleGame.legalMoves(state, side) as Decision<"deploy">[]).filter((d) => d.contingent === contingent);
  return mine.reduce((a, b) => (Math.abs(b.x - x) + Math.abs(b.distance - o.deployDistance) < Math.abs(a.x - x) + Math.abs(a.distance - o.deployDistance) ? b : a));
}

// ---------------------------------------------------------------------------------------------
// Gods

/** How much a gods' card is worth to `side` (positive: good for it). */
export function godCardValue(kind: GodEffectKind, affects: Side | "both", side: Side): number {
  const per: Record<GodEffectKind, number> = {
    none: 0,
    "bad-omen": -1,
    "skilled-archer": 0.2,
    fortune: 0,
    "hard-drinking": -0.7,
    "beautiful-woman": 1,
    "new-hero": 0.3,
    "favoured-leader": 1,
    "soggy-ground": 0,
    terror: 0,
  };
  const v = per[kind];
  if (affects === "both") return 0;
  return affects === side ? v : -v;
}

function currentCardValue(state: BattleState, side: Side): number {
  const d = state.god.draw;
  if (!d) return 0;
  const e = godEffect(d.card, d.jokerNumber);
  return godCardValue(e.kind, e.affects, side);
}

function godChoice(ctx: Ctx, p: Extract<Pending, { kind: "god-choice" }>, options: Decision<"god-choice">[], seed: number): BattleDecision {
  const s = ctx.s;
  return best(seed, s, options, (d) => {
    if (p.effect === "bad-omen") {
      // The opponent's unit: a Shaken unit loses a stand; otherwise the best unit loses a level.
      const u = ctx.unit(d.target).u;
      if (!onTable(ctx.unit(d.target))) return -10;
      return (u.aggression === "shaken" ? 10 : aggressionIndex(u.aggression)) + GRADE_RANK[u.grade] * 0.5 + u.stands * 0.1;
    }
    if (p.effect === "beautiful-woman") {
      const u = ctx.unit(d.target).u;
      return (u.aggression === "bloodlust" ? -5 : 3 - aggressionIndex(u.aggression)) + GRADE_RANK[u.grade] * 0.2;
    }
    const l = ctx.leader(d.target);
    // The Ace: a leader raised to 3 can accept (or issue) a challenge again instead of refusing
    // (each refusal loses an LP value on 1–3, and 0 kills him).
    if (p.effect === "favoured-leader") return (l.lpValue >= 6 ? -5 : 0) + (l.commanderInChief ? 2 : 0) - l.lpValue * 0.1 + (l.lpValue === 2 ? 3 : l.lpValue === 1 ? 2.5 : 0);
    // new-hero: the hero joins the leader's unit (a retinue, seed "Champions") and challenges the
    // closest enemy leader: pick a leader still with his retinue, with most LPs to spare.
    const home = ctx.hasUnit(l.unit) ? ctx.unit(l.unit).u : null;
    const withRetinue = home !== null && home.kind === "retinue" ? 10 : 0;
    return withRetinue + l.lpValue + (l.commanderInChief ? -0.5 : 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Leadership

function contingentUnitsOnTable(ctx: Ctx, side: Side, contingent: string): BattleUnit[] {
  return friendsOf(ctx, side).filter((u) => u.u.contingent === contingent);
}

/** Strength of a fighter in a personal combat: cards kept after discards and the advantage bonus. */
export function fighterStrength(kind: FighterKind, specialWeapon: boolean): number {
  const f = { kind, specialWeapon: kind === "leader" && specialWeapon };
  const h = handSize(f);
  return h.dealt - h.discard * 0.5 + advantageBonus(f) * 0.75;
}

/**
 * The fighter to send: the strongest, but a leader risks his own life (and a commander-in-chief's
 * death shakes the whole army), so a leader fights in person only with the special weapon and never
 * as commander-in-chief.
 */
function bestFighter(l: LeaderState, kinds: FighterKind[]): { kind: FighterKind; strength: number } {
  let top: { kind: FighterKind; strength: number } = { kind: kinds[0], strength: Number.NEGATIVE_INFINITY };
  for (const k of kinds) {
    if (k === "leader" && (!l.specialWeapon || l.commanderInChief) && kinds.length > 1) continue;
    const st = fighterStrength(k, l.specialWeapon);
    if (st > top.strength) top = { kind: k, strength: st };
  }
  return top;
}

function enemyBestStrength(ctx: Ctx, e: LeaderState): number {
  const heroic = ctx.hasUnit(e.unit) && ctx.unit(e.unit).u.attachments.includes("heroic-champion");
  return Math.max(fighterStrength("leader", e.specialWeapon), fighterStrength("champion", false), heroic ? fighterStrength("heroic-champion", false) : 0);
}

/** Is the contingent done preparing (resting and readying) and moving on the enemy? */
export function contingentAdvancing(ctx: Ctx, side: Side, contingent: string, o: CommanderOptions): boolean {
  const units = contingentUnitsOnTable(ctx, side, contingent);
  if (units.length === 0) return true;
  if (ctx.s.turn >= o.advanceBy) return true;
  if (units.some((u) => u.u.inCombat || nearestEnemyDistance(ctx, u) <= o.advanceWhenEnemyWithin)) return true;
  return units.every((u) => totalDp(u.u) <= o.readyDp);
}

function maxDp(units: BattleUnit[]): number {
  return units.reduce((m, u) => Math.max(m, totalDp(u.u)), 0);
}

/**
 * Could an enemy leader still challenge `l` this turn? One who has yet to act in this leadership
 * phase (his task is still queued), can spare the 3 LPs, is not in combat, and for whom `l` is the
 * closest enemy leader (seed "Personal Combat": a challenge goes to the closest enemy leader).
 */
export function challengeThreat(ctx: Ctx, l: LeaderState): boolean {
  const side = sideOfId(l.id);
  for (const t of ctx.s.queue) {
    if (t.t !== "leader") continue;
    const e = ctx.leader(t.leader);
    if (sideOfId(e.id) === side || e.status !== "alive" || lpLeft(e) < 3) continue;
    const home = ctx.leaderUnit(e);
    if (!home || home.u.inCombat) continue;
    if (closestEnemyLeader(ctx, e)?.id === l.id) return true;
  }
  return false;
}

function leadChoice(ctx: Ctx, p: Extract<Pending, { kind: "lead" }>, options: Decision<"lead">[], o: CommanderOptions, seed: number): BattleDecision {
  const s = ctx.s;
  const l = ctx.leader(p.leader);
  const side = p.side;
  const left = lpLeft(l);
  const units = contingentUnitsOnTable(ctx, side, l.contingent);
  const has = (f: (a: LeadAction) => boolean) => options.filter((d) => f(d as LeadAction));
  const done: BattleDecision = { type: "lead", action: "done" };
  const advancing = contingentAdvancing(ctx, side, l.contingent, o);
  const signal = has((a) => a.action === "signal");

  const unitScore = (id: string) => {
    const u = ctx.unit(id);
    return GRADE_RANK[u.u.grade] + (u.u.kind === "retinue" ? 2 : 0) + u.u.stands * 0.3;
  };

  if (!l.signalled && signal.length > 0 && (o.signal === "at-once" || advancing)) return signal[0];

  const near = (id: string) => nearestEnemyDistance(ctx, ctx.unit(id));
  const scoreAct = (d: BattleDecision): number => {
    const a = d as LeadAction;
    if (a.action === "done" || a.action === "signal" || a.action === "challenge") return Number.NEGATIVE_INFINITY;
    const u = ctx.unit(a.target);
    const dist = near(u.id);
    const urgency = dist <= 4 ? 2 : dist <= 10 ? 1 : 0.6;
    const ai = aggressionIndex(u.u.aggression);
    const dp = totalDp(u.u);
    // While preparing, a unit with DPs rests in the movement phase, and a rest after the signal
    // drops a unit above Present: so raise only units that will not rest.
    const willRest = l.signalled && !advancing && dp > 0;
    let gain = 0;
    if (a.action === "raise") {
      if (ai === 0) gain = 3; // Shaken → Present: +2 dice and may charge again
      else if (ai === 1) gain = willRest ? -1 : 1.5; // Present → Ready: +1 die, +1 to charge
      else if (ai === 2) gain = o.bloodLust && advancing && dp === 0 && dist <= 4 ? 1 : -1; // Ready → Blood Lust: +1 die more, charges automatically
      else gain = -1;
    } else if (a.action === "cohesion") {
      gain = dp >= 2 ? 1.4 : dp === 1 ? 1 : 0;
      if (dp >= 4) gain += 0.5;
    } else gain = -1; // never lowers
    return gain * urgency + unitScore(u.id) * 0.05;
  };
  const acts = options.filter((d) => {
    const a = d as LeadAction;
    return a.action === "raise" || a.action === "cohesion";
  });
  // Challenges: a duel does not depend on the troops' grade, so a weaker army gains by them (and a
  // challenged leader spends 3 LPs to accept, or refuses and risks an LP value): challenge unless
  // our fighter is far weaker (`challengeMargin`) or the contingent is too disordered (`duelMaxDp`).
  // An urgent rally (gain × urgency above `urgentActScore`, e.g. a Shaken unit near the enemy) comes first.
  const urgent = acts.length > 0 && left >= 2 ? best(seed, s, acts, scoreAct) : null;
  const challenges = has((a) => a.action === "challenge");
  if (o.challengePolicy === "odds" && challenges.length > 0 && left >= 3) {
    const e = closestEnemyLeader(ctx, l);
    if (e) {
      const kinds = challenges.map((d) => (d as { fighter: FighterKind }).fighter);
      const pick = bestChallenge(ctx, l, kinds, e);
      if (pick.value - displacedActs(left, urgent === null ? 0 : scoreAct(urgent)) >= o.challengeGain) return { type: "lead", action: "challenge", fighter: pick.kind };
    }
  } else if (o.challengePolicy === "strength" && challenges.length > 0 && left >= 3 && maxDp(units) <= (l.lpValue >= o.cautiousDuelsAtValue ? o.cautiousDuelMaxDp : o.duelMaxDp) && !(urgent !== null && scoreAct(urgent) > o.urgentActScore)) {
    const e = closestEnemyLeader(ctx, l);
    if (e) {
      const kinds = challenges.map((d) => (d as { fighter: FighterKind }).fighter);
      const mine = bestFighter(l, kinds);
      if (mine.strength >= enemyBestStrength(ctx, e) - o.challengeMargin && l.lpValue >= 3) return { type: "lead", action: "challenge", fighter: mine.kind };
    }
  }
  // A leader with a low LP value keeps enough LPs to accept a challenge: each refusal loses an LP
  // value on 1–3 (seed "Personal Combat", ruling SW-7) and at 0 he is killed.
  const enemyCanChallenge = s.leaders.some((e) => !e.id.startsWith(`${side}.`) && e.status === "alive" && e.lpValue >= 3);
  let reserve = enemyCanChallenge && l.lpValue <= o.keepLpForChallengesAtValue ? 3 : 0;
  // …and any leader keeps them while an enemy leader who still acts this turn could challenge him.
  if (o.guardChallenges && l.lpValue <= o.guardAtValue && left >= 3 && challengeThreat(ctx, l)) reserve = 3;
  // (The best act is `urgent`: with LPs for an act beyond the reserve, at least 2 are left.)
  if (urgent !== null && left - 2 >= reserve && scoreAct(urgent) > 0.5) return urgent;
  if (!l.signalled && signal.length > 0 && left <= 1) return signal[0];
  return done;
}

/**
 * What the lead actions a challenge's 3 LPs would displace are worth: one action (2 LPs) for
 * every one fewer the leader can then afford, valued at the best action's score (a second at half).
 */
function displacedActs(left: number, bestAct: number): number {
  const displaced = Math.floor(left / 2) - Math.floor((left - 3) / 2);
  const v = Math.max(0, bestAct);
  return displaced >= 2 ? 1.5 * v : displaced * v;
}

function answerChoice(ctx: Ctx, p: Extract<Pending, { kind: "answer" }>, options: Decision<"answer">[], o: CommanderOptions): BattleDecision {
  const accepts = options.filter((d) => d.accept);
  const refuse = options.find((d) => !d.accept) ?? options[0];
  if (accepts.length === 0) return refuse;
  const l = ctx.leader(p.leader);
  const challenger = ctx.leader(p.challenger);
  const theirs = fighterStrength(p.challengerFighter, challenger.specialWeapon);
  const mine = bestFighter(
    l,
    accepts.map((d) => d.fighter),
  );
  // A refusal (seed "Personal Combat") costs an LP value for good on 1–3 and sends a champion
  // anyway on 4–5: accepting is better unless the challenger's fighter is far stronger.
  if (mine.strength >= theirs - o.acceptMargin) return accepts.find((d) => d.fighter === mine.kind) ?? accepts[0];
  return refuse;
}

// ---------------------------------------------------------------------------------------------
// Movement

function moveChoice(ctx: Ctx, p: Extract<Pending, { kind: "move" }>, options: MoveChoice[], o: CommanderOptions, seed: number): BattleDecision {
  const s = ctx.s;
  const bu = ctx.unit(p.unit);
  const side = p.side;
  const find = (f: (m: MoveChoice) => boolean) => options.find(f);
  const wrap = (m: MoveChoice): BattleDecision => ({ type: "move", move: m });
  const rest = find((m) => m.kind === "rest");
  const hold = find((m) => m.kind === "hold");
  const dist = nearestEnemyDistance(ctx, bu);
  const enemies = enemiesOf(ctx, side);
  const canRest = () =>
    rest !== undefined &&
    restBlocked({ unit: bu.u, beyond2OfEnemy: !enemies.some((e) => unitDist(bu, e) <= 2), beyond8OfEnemy: !enemies.some((e) => unitDist(bu, e) <= 8), signalled: true }) === null;
  const leader = ctx.contingentLeader(bu.u.contingent);
  const signalled = leader?.signalled === true;

  // Aboard ship: land, moving on towards the enemy when it may.
  if (bu.embarked !== undefined) return wrap(find((m) => m.kind === "disembark" && m.heading !== undefined) ?? find((m) => m.kind === "disembark") ?? hold ?? options[0]);
  if (bu.retiring) {
    if (dist > 3) {
      const e = nearestEnemy(ctx, bu);
      const forms = options.filter((m) => m.kind === "form-up");
      if (forms.length > 0 && e) return wrap(forms[forms.length - 1]);
    }
    return wrap(hold ?? options[0]);
  }
  if (!signalled || !contingentAdvancing(ctx, side, bu.u.contingent, o)) {
    // Preparing: rest off the DPs (a unit above Present would drop a level resting after the signal).
    if (rest && totalDp(bu.u) > 0 && canRest() && (!signalled || aggressionIndex(bu.u.aggression) <= 1)) return wrap(rest);
    return wrap(hold ?? rest ?? options[0]);
  }
  // Broken down: rest out of contact (a rest above Present drops a level after the signal, so
  // only Shaken/Present units or badly disordered ones rest).
  const dp = totalDp(bu.u);
  const brokenDown = bu.u.aggression === "shaken" || dp >= o.restAtDp;
  if (rest && brokenDown && dist > 2 && canRest() && (aggressionIndex(bu.u.aggression) <= 1 || dp >= o.restAtDp + 1)) return wrap(rest);
  if (!bu.u.formed) {
    const forms = options.filter((m) => m.kind === "form-up");
    if (dist > 2.5 && forms.length > 0) return wrap((o.formWithContingent ? formUpWithContingent(ctx, bu) : null) ?? forms[forms.length - 1]); // the last offered facing is towards the nearest enemy
    const e = nearestEnemy(ctx, bu);
    // (Not through friends: the interpenetrating choices come after the plain ones.)
    const unformed = options.filter((m): m is Extract<MoveChoice, { kind: "unformed-move" }> => m.kind === "unformed-move" && !m.interpenetrate);
    if (dist > 2 && e && unformed.length > 0) return wrap(unformed[unformed.length - 1]);
    return wrap(hold ?? options[0]);
  }
  // Within charge reach: stay put and charge in the combat phase.
  if (dist <= 2) return wrap(hold ?? options[0]);
  if (bu.u.aggression === "shaken") return wrap(hold ?? rest ?? options[0]);
  // Its back to the enemy (beyond the 22½° a formed advance may turn): about face and use the half move left on him (ruling SW-1).
  const turnAbout = find((m) => m.kind === "about-face" && m.halfMove !== undefined && !m.halfMove.extraD6);
  if (turnAbout && bearingToNearestEnemy(ctx, bu) > 112.5) return wrap(turnAbout);
  const home = leader ? ctx.leaderUnit(leader) : null;
  // A retinue's group move: `group: true` (option groupMove "optional"), or by default ("same-way") any
  // formed dice move of a retinue without a declared stop (it takes the units within 2" facing its way).
  const sameWay = ruleOption(s.options, "groupMove") === "same-way";
  const isGroup = (m: MoveChoice) => m.kind === "advance" || m.kind === "toward" ? m.group === true || (sameWay && m.stopAt === undefined && m.interpenetrate !== true) : false;
  const groupToward = find((m) => m.kind === "toward" && !m.extraD6 && isGroup(m));
  const toward = find((m) => m.kind === "toward" && !m.extraD6 && !m.group);
  // Weak bands (grade in `holdBack`) stay out of the fight: they are the units an army can least
  // afford to lose (SW-25 counts lost units), so they hold back rather than close with the enemy.
  const heldBack = (u: BattleUnit) => u.u.kind === "band" && o.holdBack.includes(u.u.grade);
  if (heldBack(bu) && dist <= o.holdBackDistance) {
    const back = find((m) => m.kind === "step" && m.direction === "back");
    return wrap(dist <= 2.5 && back ? back : (hold ?? options[0]));
  }
  const contingentHasHeldBack = contingentUnitsOnTable(ctx, side, bu.u.contingent).some(heldBack);
  if (bu.u.kind === "retinue" && contingentHasHeldBack) {
    const alone = find((m) => m.kind === (dist > o.turnWithin ? "advance" : "toward") && !m.group && !m.extraD6 && m.stopAt === undefined && (m.kind !== "advance" || m.offset === 0));
    if (alone) return wrap(alone);
  }
  // A group turned towards the nearest enemy shoulders into its own bands and the next contingent
  // (each unit slides across its neighbour's path): the line goes straight ahead until the enemy
  // is near, and only then turns towards him.
  const groupStraight = find((m) => m.kind === "advance" && isGroup(m) && m.offset === 0 && !m.extraD6);
  const straight = o.groupHeading === "straight-until-near" && dist > o.turnWithin && (o.straightWithinBearing >= 180 || bearingToNearestEnemy(ctx, bu) <= o.straightWithinBearing);
  if (bu.u.kind === "retinue" && groupStraight && straight) return wrap(groupStraight);
  if (bu.u.kind === "retinue" && groupToward) return wrap(groupToward);
  if (home && home.id !== bu.id && !bu.moved) {
    // A band not moved with its group: keep level with the retinue; never run ahead alone.
    const ahead = aheadOf(side, bu, home);
    // (Blood Lust after the signal cannot hold: it goes on towards the enemy.)
    if (ahead > 1 && unitDist(bu, home) > 1) return wrap(hold ?? toward ?? options[0]);
    if (ahead < -1) {
      const catchUp = find((m) => m.kind === "toward" && m.extraD6 === false && !m.group);
      if (catchUp) return wrap(catchUp);
    }
  }
  void seed;
  void s;
  return wrap(toward ?? find((m) => m.kind === "advance" && m.offset === 0 && !m.extraD6 && m.stopAt === undefined && !m.group) ?? hold ?? options[0]);
}

/** How close (inches) a formed friend of the contingent must be for an unformed unit to form up facing its way. */
const FORM_WITH_WITHIN = 3;

/**
 * A unit forming up next to a formed unit of its contingent (its retinue first) takes that unit's
 * facing (option `formWithContingent`). Units that land from the boats unformed (ruling SW-1)
 * otherwise each form up facing their own nearest enemy, a few degrees apart, and march apart:
 * the band, more than 2" from its retinue, then loses moves to control tests. Returns null when no
 * such friend is near or the facing is not legal (no room).
 */
export function formUpWithContingent(ctx: Ctx, bu: BattleUnit): MoveChoice | null {
  const friends = contingentUnitsOnTable(ctx, bu.side, bu.u.contingent)
    .filter((u) => u.id !== bu.id && u.u.formed && !u.u.inCombat && !u.retiring && unitDist(bu, u) <= FORM_WITH_WITHIN)
    .sort((a, b) => (a.u.kind === "retinue" ? 0 : 1) - (b.u.kind === "retinue" ? 0 : 1) || unitDist(bu, a) - unitDist(bu, b));
  for (const f of friends) {
    const m: MoveChoice = { kind: "form-up", facing: Math.round(unitFacing(geomOf(f)) * 100) / 100 };
    if (moveProblem(ctx, bu, m) === null) return m;
  }
  return null;
}

/**
 * The A grade ±1 of a control test (seed "Control Test"): the commander wants the result 3–4, "act
 * as the player wishes" (it also ends a pursuit, which would carry the unit off the field): the
 * choice giving it the best chance on the AvD, "none" on a tie.
 */
function controlChoice(ctx: Ctx, p: Extract<Pending, { kind: "control" }>, options: Decision<"control">[]): BattleDecision {
  const bu = ctx.unit(p.unit);
  const base = controlModifier({ grade: bu.u.grade, aggression: bu.u.aggression }).total;
  const free = (d: Decision<"control">) => AVERAGE_DIE.faces.filter((f) => {
    const t = f + base + (d.aGrade === "plus" ? 1 : d.aGrade === "minus" ? -1 : 0);
    return t >= 3 && t <= 4;
  }).length;
  return options.reduce((a, b) => (free(b) > free(a) ? b : a));
}

// ---------------------------------------------------------------------------------------------
// Shooting and charges

function shootChoice(ctx: Ctx, p: Extract<Pending, { kind: "shoot" }>, options: Decision<"shoot">[], seed: number): BattleDecision {
  const bu = ctx.unit(p.unit);
  const stands = new Map(shootingOptions(ctx, bu).map((o) => [o.target, o.stands]));
  return best(seed, ctx.s, options, (d) => {
    if (!d.target) return 0;
    const t = ctx.unit(d.target);
    const hits = expectedShootingHits(ctx, t, stands.get(d.target) ?? 1, d.archer);
    // A hit on a Shaken unit costs it a stand; on a retinue it also risks the leader.
    // A Shaken unit with one stand left is lost to a single hit (SW-25 counts lost units); a hit on
    // a unit with 4 DPs drops its aggression.
    const weight = t.u.aggression === "shaken" ? (t.u.stands <= 1 ? 4 : 1.5) : 1 + (ctx.leaderOfUnit(t.id) ? 0.2 : 0) + (totalDp(t.u) >= 4 ? 0.3 : 0);
    return hits * weight;
  });
}

function chargeChoice(ctx: Ctx, p: Extract<Pending, { kind: "charge" }>, options: Decision<"charge">[], o: CommanderOptions, seed: number): BattleDecision {
  const bu = ctx.unit(p.unit);
  const none = options.find((d) => d.target === null) ?? options[0];
  let top: BattleDecision = none;
  // Blood Lust must charge (no "no charge" offered): the best target, however poor.
  let topValue = options.some((d) => d.target === null) ? o.chargeThreshold : Number.NEGATIVE_INFINITY;
  for (const d of options) {
    if (!d.target) continue;
    const a = appraiseCharge(ctx, bu, ctx.unit(d.target));
    const v = a.value + (tieKey(seed, ctx.s, d) % 1000) * 1e-9;
    if (v >= topValue) {
      top = d;
      topValue = v;
    }
  }
  return top;
}

// ---------------------------------------------------------------------------------------------

/** The commander's decision in a state (a pure function of the state, side, options and seed). */
export function commanderChoice(state: BattleState, side: PlayerId, o: CommanderOptions = DEFAULT_COMMANDER_OPTIONS, seed = 0): BattleDecision {
  if (state.pending?.kind === "deploy" && state.pending.side === side && !state.result) return deployChoice(state, state.pending.side, o);
  const moves = battleGame.legalMoves(state, side);
  if (moves.length === 0) throw new Error(`no legal decision for ${side}`);
  const p = state.pending;
  if (!p) return moves[0];
  const ctx = contextOf(state);
  const s = side as Side;
  switch (p.kind) {
    case "deploy":
      return deployChoice(state, s, o);
    case "initiative": {
      // Act second once the armies are close: the side that moves second chooses the engagements.
      const close = o.initiative === "second" || (o.initiative === "second-when-close" && friendsOf(ctx, s).some((u) => nearestEnemyDistance(ctx, u) <= 12));
      return { type: "initiative", first: close ? (s === "red" ? "black" : "red") : s };
    }
    case "holy-call":
      return { type: "holy-call", call: currentCardValue(state, s) <= -0.7 };
    case "holy-cancel":
      return { type: "holy-cancel", cancel: currentCardValue(state, s) < 0, redraw: false };
    case "god-choice":
      return godChoice(ctx, p, moves as Decision<"god-choice">[], seed);
    case "lead":
      return leadChoice(ctx, p, moves as Decision<"lead">[], o, seed);
    case "answer":
      return answerChoice(ctx, p, moves as Decision<"answer">[], o);
    case "camp":
      return best(seed, state, moves as Decision<"camp">[], (d) => (d.target ? totalDp(ctx.unit(d.target).u) * 2 + GRADE_RANK[ctx.unit(d.target).u.grade] * 0.1 : 0.5));
    case "move": {
      const options = (moves as Decision<"move">[]).map((d) => d.move);
      const d = moveChoice(ctx, p, options, o, seed);
      return o.unjam && d.type === "move" ? { type: "move", move: unjammed(ctx, ctx.unit(p.unit), d.move, options) } : d;
    }
    case "control":
      return controlChoice(ctx, p, moves as Decision<"control">[]);
    case "shoot":
      return shootChoice(ctx, p, moves as Decision<"shoot">[], seed);
    case "charge":
      return chargeChoice(ctx, p, moves as Decision<"charge">[], o, seed);
  }
  // A personal combat's cards: the duel AI (ai/duel.ts).
  if (p.kind === "duel") return duelChoice(state, p, s, seed);
  // SW-11: when to play a kept Seven (ai/fortune.ts).
  if (p.kind === "fortune") return fortuneChoice(ctx, p, moves, o.chargeThreshold);
  // A decision kind this player does not know yet (the engine may grow): the first legal choice.
  return moves[0];
}

/** The commander as a player. */
export function commanderPlayer(seed = 0, options: Partial<CommanderOptions> = {}): Player<BattleState, BattleDecision> {
  const o: CommanderOptions = { ...DEFAULT_COMMANDER_OPTIONS, ...options };
  return { name: COMMANDER_PLAYER_NAME, choose: (state, side) => commanderChoice(state, side, o, seed) };
}
