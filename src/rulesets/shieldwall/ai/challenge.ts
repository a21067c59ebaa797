/**
 * The commander's challenge policy (issue 14, "leaders who behave like leaders"; docs/shieldwall/ai.md,
 * "Challenges"): a challenge is worth what the duel's outcomes are worth, weighted by their
 * chances (the measured duel odds, ai/duel-odds.ts), against the enemy's best answer; it is issued
 * when that beats spending the 3 LPs on the leader's units, and the fighter sent (the leader
 * himself, with his special weapon if he has it, a heroic champion or a champion) is the one with
 * the best value. Values are on the leadership scale of the commander's lead actions (raising a
 * unit one level ≈ 1.5).
 *
 * What the outcomes are worth (seed "Personal Combat", rulings SW-7, SW-12):
 * - a kill: every unit of the winner's contingent rises a level; every unit of the loser's takes a
 *   morale DP (a unit already at 4 DPs drops a level instead, SW-12); a leader who fought and fell
 *   is dead: his contingent (the whole army for a commander-in-chief) drops a level, his LPs are
 *   gone, and the last leader's death loses the battle (SW-25, house rule); a leader who won in
 *   person with fewer than 2 wounds gains an LP value;
 * - honour satisfied: a side whose fighter took 2 wounds loses an LP value (0 kills the leader).
 * The enemy answers as well as he can: the value is the least over his answers (accepting with
 * each fighter he has, or refusing: the refusal roll, 1–3 an LP value lost, 4–5 a champion
 * fights anyway, 6 nothing); a leader who cannot pay 3 LPs must refuse (or, with the
 * `unpaidAcceptance` option "challenge-lapses", the challenge lapses and is worth nothing).
 */
import type { Side } from "../army.js";
import { leaderInCombat } from "../battle/queries.js";
import { ruleOption } from "../battle/types.js";
import type { BattleUnit } from "../battle/types.js";
import type { FighterKind } from "../duel/rules.js";
import { lpLeft } from "../leaders.js";
import { aggressionIndex, type LeaderState, totalDp } from "../units.js";
import { duelChances, profileOf } from "./duel-odds.js";
import { type Ctx, friendsOf } from "./view.js";

/** The value weights (playing choices of the AI, not rules). */
export interface ChallengeWeights {
  /** One unit one aggression level up (down: minus this). */
  level: number;
  /** A morale DP on a unit that does not drop. */
  dp: number;
  /** One LP value (for the rest of the battle). */
  lpValue: number;
  /** A commander-in-chief's death beyond his army's level drop (his initiative and deployment dice, and the army's heart). */
  commanderInChief: number;
  /** The last leader's death (the battle is lost, ruling SW-25). */
  lastLeader: number;
}

export const DEFAULT_CHALLENGE_WEIGHTS: ChallengeWeights = { level: 1.2, dp: 0.3, lpValue: 1.5, commanderInChief: 6, lastLeader: 30 };

function contingentUnits(ctx: Ctx, side: Side, contingent: string): BattleUnit[] {
  return friendsOf(ctx, side).filter((u) => u.u.contingent === contingent);
}

/** Every unit of the contingent rises a level (a unit at Blood Lust cannot; Ready to Blood Lust is worth little, it must then charge). */
function riseValue(units: readonly BattleUnit[], w: ChallengeWeights): number {
  let v = 0;
  for (const u of units) {
    const ai = aggressionIndex(u.u.aggression);
    v += ai <= 1 ? w.level : ai === 2 ? w.level * 0.25 : 0;
  }
  return v;
}

/** A morale DP on every unit (SW-12: a unit at 4 DPs drops a level instead). */
function dpValue(units: readonly BattleUnit[], w: ChallengeWeights): number {
  let v = 0;
  for (const u of units) v += totalDp(u.u) >= 4 ? w.level * (u.u.aggression === "shaken" ? 2 : 1) : w.dp;
  return v;
}

/** Every unit drops a level (a Shaken unit dropping is lost: twice). */
function dropValue(units: readonly BattleUnit[], w: ChallengeWeights): number {
  let v = 0;
  for (const u of units) v += u.u.aggression === "shaken" ? 2 * w.level : w.level;
  return v;
}

/** What the leader's death costs his side. */
export function deathCost(ctx: Ctx, l: LeaderState, w: ChallengeWeights = DEFAULT_CHALLENGE_WEIGHTS): number {
  const side: Side = l.id.startsWith("red.") ? "red" : "black";
  const shaken = l.commanderInChief ? friendsOf(ctx, side) : contingentUnits(ctx, side, l.contingent);
  const others = ctx.s.leaders.some((x) => x.id !== l.id && x.status === "alive" && x.id.startsWith(`${side}.`));
  return dropValue(shaken, w) + l.lpValue * w.lpValue + (l.commanderInChief ? w.commanderInChief : 0) + (others ? 0 : w.lastLeader);
}

interface DuelParty {
  leader: LeaderState;
  kind: FighterKind;
  units: BattleUnit[];
}

/** The value, for `me`, of a duel between our fighter and theirs. */
export function duelValue(ctx: Ctx, me: DuelParty, them: DuelParty, w: ChallengeWeights = DEFAULT_CHALLENGE_WEIGHTS): number {
  const c = duelChances(profileOf(me.kind, me.leader.specialWeapon), profileOf(them.kind, them.leader.specialWeapon));
  const myDeath = me.kind === "leader" ? deathCost(ctx, me.leader, w) : 0;
  const theirDeath = them.kind === "leader" ? deathCost(ctx, them.leader, w) : 0;
  // A win raises our contingent and puts a DP on theirs; a leader winning in person (with under 2 wounds, most wins) gains an LP value.
  const win = riseValue(me.units, w) + dpValue(them.units, w) + theirDeath + (me.kind === "leader" && me.leader.lpValue < 6 ? 0.8 * w.lpValue : 0);
  const lose = riseValue(them.units, w) + dpValue(me.units, w) + myDeath + (them.kind === "leader" && them.leader.lpValue < 6 ? 0.8 * w.lpValue : 0);
  const mutual = dpValue(them.units, w) + theirDeath - dpValue(me.units, w) - myDeath;
  // Honour satisfied with 2 wounds: an LP value lost (the last one kills the leader).
  const prestige = (l: LeaderState) => (l.lpValue <= 1 ? deathCost(ctx, l, w) : w.lpValue);
  return c.win * win - c.lose * lose + c.mutual * mutual - c.honourMine2 * prestige(me.leader) + c.honourTheirs2 * prestige(them.leader);
}

function fighterKinds(ctx: Ctx, l: LeaderState): FighterKind[] {
  const kinds: FighterKind[] = ["leader", "champion"];
  if (ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.attachments.includes("heroic-champion")) kinds.push("heroic-champion");
  return kinds;
}

/** Our value of a challenge with our fighter `kind`, the enemy answering as well as he can. */
export function challengeValue(ctx: Ctx, l: LeaderState, kind: FighterKind, target: LeaderState, w: ChallengeWeights = DEFAULT_CHALLENGE_WEIGHTS): number {
  const side: Side = l.id.startsWith("red.") ? "red" : "black";
  const other: Side = side === "red" ? "black" : "red";
  const me: DuelParty = { leader: l, kind, units: contingentUnits(ctx, side, l.contingent) };
  const theirUnits = contingentUnits(ctx, other, target.contingent);
  const party = (k: FighterKind): DuelParty => ({ leader: target, kind: k, units: theirUnits });
  // The refusal roll: 1–3 an LP value lost (at 1 he dies), 4–5 a champion fights anyway, 6 nothing.
  const refusal = 0.5 * (target.lpValue <= 1 ? deathCost(ctx, target, w) : w.lpValue) + (1 / 3) * duelValue(ctx, me, party("champion"), w);
  const canPay = target.status === "alive" && !leaderInCombat(ctx, target) && lpLeft(target) >= 3;
  if (!canPay) return ruleOption(ctx.s.options, "unpaidAcceptance") === "challenge-lapses" ? 0 : refusal;
  let worst = refusal;
  for (const k of fighterKinds(ctx, target)) worst = Math.min(worst, duelValue(ctx, me, party(k), w));
  return worst;
}

/** The best fighter to send and the challenge's value with him. */
export function bestChallenge(ctx: Ctx, l: LeaderState, kinds: readonly FighterKind[], target: LeaderState, w: ChallengeWeights = DEFAULT_CHALLENGE_WEIGHTS): { kind: FighterKind; value: number } {
  let top = { kind: kinds[0], value: Number.NEGATIVE_INFINITY };
  for (const k of kinds) {
    const v = challengeValue(ctx, l, k, target, w);
    if (v > top.value) top = { kind: k, value: v };
  }
  return top;
}
