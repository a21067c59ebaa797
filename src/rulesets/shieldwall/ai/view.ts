/**
 * What the Shieldwall computer players read off a battle state: distances, who is near whom, and
 * the exact odds of a charge (the charge test and the combat it starts). Built on the engine's
 * exported queries (battle/queries.ts) and the rules' odds functions (checks.ts, combat.ts): no
 * rule is re-implemented here. Pure and deterministic.
 */
import { Fraction } from "../../../core/fraction.js";
import type { Side } from "../army.js";
import { shootingHitsDist } from "../checks.js";
import { type Combatant, type CombatInput, combatOdds, type FinalResult, mirrorResult } from "../combat.js";
import { chargeOutlook, combatNow } from "../battle/decision-odds.js";
import { chargePlan, headingTo, nearestEnemy, nearestVisibleEnemy } from "../battle/queries.js";
import { Ctx } from "../battle/ctx.js";
import { onTable } from "../battle/unit-facts.js";
import { unitDist } from "../geometry/proximity.js";
import type { BattleState, BattleUnit } from "../battle/types.js";
import { ruleOption } from "../battle/types.js";
import { unitCentre } from "../geometry/unit.js";
import { unitFacing } from "../geometry/movement.js";
import { angleBetweenDegrees } from "../geometry/vec.js";
import { standIn } from "../geometry/table.js";
import { followingUpAgainst, geomOf } from "../battle/unit-facts.js";

export { Ctx };

/**
 * A read-only context on the state itself (the players only read): what the engine has worked out
 * about the state (scene, sight, combats, options) is shared with it, and with every context the
 * players' own previews and appraisals make on `ctx.s`, instead of being worked out again on a copy.
 */
export function contextOf(state: BattleState): Ctx {
  return new Ctx(state, true);
}

export function enemiesOf(ctx: Ctx, side: Side): BattleUnit[] {
  return ctx.s.units.filter((u) => u.side !== side && onTable(u));
}

export function friendsOf(ctx: Ctx, side: Side): BattleUnit[] {
  return ctx.s.units.filter((u) => u.side === side && onTable(u));
}

/** Edge-to-edge distance (ruling SW-3) to the nearest enemy unit on the table; Infinity if none. */
export function nearestEnemyDistance(ctx: Ctx, bu: BattleUnit): number {
  const e = nearestEnemy(ctx, bu);
  return e ? unitDist(bu, e) : Number.POSITIVE_INFINITY;
}

/** Distance to the nearest enemy the unit can see; Infinity if none. */
export function nearestVisibleEnemyDistance(ctx: Ctx, bu: BattleUnit): number {
  const e = nearestVisibleEnemy(ctx, bu);
  return e ? unitDist(bu, e) : Number.POSITIVE_INFINITY;
}

/** How far the unit is ahead of another towards the enemy's half (positive: further forward). */
export function aheadOf(side: Side, a: BattleUnit, b: BattleUnit): number {
  const ya = unitCentre(geomOf(a)).y;
  const yb = unitCentre(geomOf(b)).y;
  return side === "red" ? ya - yb : yb - ya;
}

/** How far (degrees, 0–180) the nearest enemy lies off the unit's facing; 0 if there is none. */
export function bearingToNearestEnemy(ctx: Ctx, bu: BattleUnit): number {
  const e = nearestEnemy(ctx, bu);
  if (!e || bu.stands.length === 0) return 0;
  return angleBetweenDegrees(unitFacing(geomOf(bu)), headingTo(bu, e));
}

/** Value of a combat's final result for the side that charges (side a): +2 victory … −2 defeat. */
export const RESULT_VALUE: Record<FinalResult, number> = { victory: 2, success: 1, separated: 0, setback: -1, defeat: -2 };

function onGround(ctx: Ctx, bu: BattleUnit): boolean {
  return bu.stands.some((st) => standIn(st, ctx.s.table, "highGround") || standIn(st, ctx.s.table, "cover"));
}

/**
 * The combat a charge by `charger` on `target` would start, as the engine would build it: a charge
 * combat, the charger charged, stands in contact estimated as the smaller frontage (one stand
 * each for a flank or rear charge), leaders with their A/B-grade retinues (ruling SW-18).
 * Flank support is not estimated (0).
 */
export function chargeCombatInput(ctx: Ctx, charger: BattleUnit, target: BattleUnit): CombatInput {
  const plan = chargePlan(ctx, charger, target);
  const flank = plan !== null && plan.edge !== "front";
  const front = Math.max(1, Math.min(charger.u.stands, target.u.stands));
  const leaderWith = (bu: BattleUnit) => ctx.leaderOfUnit(bu.id) !== undefined && (bu.u.grade === "A" || bu.u.grade === "B");
  const a: Combatant = {
    unit: charger.u,
    engagedStands: flank ? 1 : front,
    charged: true,
    flankOrRear: false,
    opponentHasGround: onGround(ctx, target) && !onGround(ctx, charger),
    leader: leaderWith(charger),
    flankSupport: 0,
    followingUp: followingUpAgainst(charger, [target]),
    fightToTheDeath: charger.fightToDeath,
  };
  const b: Combatant = {
    unit: target.u,
    engagedStands: flank ? 1 : Math.max(1, Math.min(target.u.stands, front)),
    charged: target.charged,
    flankOrRear: flank,
    opponentHasGround: onGround(ctx, charger) && !onGround(ctx, target),
    leader: leaderWith(target),
    flankSupport: 0,
    followingUp: followingUpAgainst(target, [charger]),
    fightToTheDeath: target.fightToDeath,
  };
  return { chargeCombat: true, a: [a], b: [b] };
}

export interface ChargeAppraisal {
  target: string;
  /** Exact chance the charge test passes (checks.ts `chargeDist`). */
  pCharge: Fraction;
  /** Exact final result of the combat for the charger (combat.ts `combatOdds`). */
  final: Record<FinalResult, Fraction>;
  /** Expected result value if the charge goes in (RESULT_VALUE). */
  combatValue: number;
  /** Expected value of declaring: pCharge × combatValue + (1 − pCharge) × failedChargeCost. */
  value: number;
}

/** Cost of a failed charge test (1 morale DP, seed "Charges and Combat") on the RESULT_VALUE scale. */
export const FAILED_CHARGE_COST = -0.3;

const oddsCache = new Map<string, { final: Record<FinalResult, Fraction>; value: number }>();

/** Exact final-result odds of a combat with a memo keyed by its input (the odds are exact, so caching is safe). */
export function combatAppraisal(input: CombatInput): { final: Record<FinalResult, Fraction>; value: number } {
  const key = JSON.stringify(input);
  const hit = oddsCache.get(key);
  if (hit) return hit;
  let odds: ReturnType<typeof combatOdds>;
  try {
    odds = combatOdds(input);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    // The calculator refuses a combatant the table allows (e.g. a heroic champion that passed to
    // a band): appraise without the supernumeraries rather than fail the decision.
    const bare = (cs: Combatant[]) => cs.map((c) => ({ ...c, unit: { ...c.unit, attachments: [] } }));
    odds = combatOdds({ ...input, a: bare(input.a), b: bare(input.b) });
  }
  const final = { victory: Fraction.ZERO, success: Fraction.ZERO, separated: Fraction.ZERO, setback: Fraction.ZERO, defeat: Fraction.ZERO } as Record<FinalResult, Fraction>;
  let value = 0;
  for (const r of Object.keys(final) as FinalResult[]) {
    const p = odds.final.probOf(r);
    final[r] = p;
    value += p.toNumber() * RESULT_VALUE[r];
  }
  const out = { final, value };
  if (oddsCache.size > 20_000) oddsCache.clear();
  oddsCache.set(key, out);
  return out;
}

/** An appraisal of side a's result seen from side b (Victory ↔ Defeat, Success ↔ Set-Back). */
function mirrored(a: { final: Record<FinalResult, Fraction>; value: number }): { final: Record<FinalResult, Fraction>; value: number } {
  const final = {} as Record<FinalResult, Fraction>;
  for (const r of Object.keys(a.final) as FinalResult[]) final[mirrorResult(r)] = a.final[r];
  return { final, value: -a.value };
}

/**
 * Appraises a possible charge with the exact odds of the charge test and of the combat the engine's
 * charge move would start or join (battle/decision-odds.ts `chargeOutlook`, the odds a player sees).
 * A charge that joins a combat friends already fight is worth what it changes: every unit of a side
 * takes the combat's result, so the value is the joined combat's for each of our units in it, less
 * what the friends there would get fighting on without the charger.
 */
export function appraiseCharge(ctx: Ctx, charger: BattleUnit, target: BattleUnit): ChargeAppraisal {
  const outlook = chargeOutlook(ctx.s, charger.id, target.id);
  const pCharge = outlook.passes.probOf(true);
  // (No contact found by the move: the estimate of a one-on-one charge combat.)
  // The engine's combat inputs have red as side a; the estimate has the charger as side a.
  const redIsCharger = outlook.combat === null || charger.side === "red";
  const joined = combatAppraisal(outlook.combat ?? chargeCombatInput(ctx, charger, target));
  const { final, value: combatValue } = redIsCharger ? joined : mirrored(joined);
  const fighters = Math.max(1, outlook.fighters);
  const now = combatNow(ctx.s, target.id, charger.side);
  const alone = now ? (charger.side === "red" ? 1 : -1) * combatAppraisal(now.input).value * now.fighters : 0;
  const p = pCharge.toNumber();
  return { target: target.id, pCharge, final, combatValue, value: p * (combatValue * fighters - alone) + (1 - p) * FAILED_CHARGE_COST };
}

/** Expected hits of a shot (checks.ts `shootingHitsDist`), exact. */
export function expectedShootingHits(ctx: Ctx, target: BattleUnit, shooterStands: number, archer: boolean): number {
  const inCover = target.stands.some((st) => standIn(st, ctx.s.table, "cover"));
  return shootingHitsDist({ shooterStands, skilledArcher: archer, targetIsRetinue: target.u.kind === "retinue", targetInCover: inCover }, { halveOnceForRetinueInCover: ruleOption(ctx.s.options, "halveOnceForRetinueInCover") }).mean().toNumber();
}

/** A small, stable hash of a string (for deterministic tie-breaks). */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
