/**
 * State changes several phases share: moving a unit straight (halting 2" from visible enemy), the
 * SW-15 check, fatigue, risk to leaders and their deaths, units lost, retire moves and their
 * morale, charge moves (declared and pursuers' charges).
 */
import { resolveLeaderRisk, resolveRetinueEliminated } from "../checks.js";
import { unableToMove } from "../combat.js";
import { unitContacts } from "../geometry/contact.js";
import { planMove } from "../geometry/movement.js";
import { standsDistance, unitDist, within } from "../geometry/proximity.js";
import { type Stand, rectCorners, rectOf } from "../geometry/stand.js";
import { convexHull, polygonsOverlap } from "../geometry/polygon.js";
import { type Table, campOf, standOnTable } from "../geometry/table.js";
import { unitCentre } from "../geometry/unit.js";
import { normaliseDegrees, vectorHeading } from "../geometry/vec.js";
import { battleStandardRetiring, enemyAdvancingBeforeSignal, enemyBrokenNearby, friendBrokenNearby, friendRetiringNearby, leaderKilled } from "../morale.js";
import { type MoveRoll, applyFatigue } from "../move-dice.js";
import type { LeaderState } from "../units.js";
import { Ctx } from "./ctx.js";
import { throwMoveDice } from "./dice.js";
import { chargePlan, chargeRefusal, chargeTargets, enemiesOnTable, findCombats } from "./queries.js";
import type { AfterRetire, BattleUnit } from "./types.js";
import { canAct, forwardHeading, geomOf, onTable, other, sideOfId } from "./unit-facts.js";

/**
 * SW-15: enemy units of contingents that have not signalled, approached to within 8" by this
 * move. Only the initial advance (leadership phase) and the movement phase's moves count: the
 * ruling names those two; follow-ups, pursuits and retires after combat do not.
 */
export function sw15Check(ctx: Ctx, mover: BattleUnit, before: Stand[]): void {
  const s = ctx.s;
  if (s.phase !== "movement" && s.phase !== "leadership") return;
  const after = mover.stands;
  if (after.length === 0) return;
  for (const listed of enemiesOnTable(ctx, mover.side)) {
    // As it is now: an earlier enemy's loss in this loop may have changed or removed it.
    const e = ctx.unit(listed.id);
    if (!onTable(e) || s.sw15Took.includes(e.id) || ctx.signalled(e.u.contingent)) continue;
    if (!within(mover, e, 8)) continue;
    // Cached distances: the mover's earlier stands were usually measured against this enemy before the move.
    const was = standsDistance(before, e.stands);
    const now = unitDist(mover, e);
    if (!(now < was - 1e-6) || now > 8 + 1e-6) continue;
    const r = enemyAdvancingBeforeSignal(e.u, {
      contingentSignalled: ctx.signalled(e.u.contingent),
      enemyAdvancedWithin8: true,
      alreadyThisPhase: false,
    });
    if (!r.took) continue;
    ctx.setU(r.value);
    s.sw15Took = [...s.sw15Took, e.id];
    ctx.notes("sw15", [`${mover.u.name} advances to within 8" of ${e.u.name}, whose leader has not signalled the advance (ruling SW-15)`, ...r.notes], {
      unit: e.id,
      mover: mover.id,
    });
    announceLosses(ctx, [e], "destroyed");
  }
}

/** Where a straight move would end: halting 2" (or `zone`) from visible enemy, short of other stands, obstacles and (unless `offTable`) the table edge. */
export function planStraight(ctx: Ctx, bu: BattleUnit, heading: number, distance: number, opts: { zone?: number; offTable?: boolean } = {}): ReturnType<typeof planMove> {
  return planMove(ctx.scene(), bu.id, heading, distance, { zone: opts.zone ?? 2, stopAtTableEdge: !opts.offTable });
}

/** Moves a unit straight, halting 2" from visible enemy and short of other stands and obstacles. Returns the distance moved. */
export function moveStraight(
  ctx: Ctx,
  bu: BattleUnit,
  heading: number,
  distance: number,
  what: string,
  opts: { zone?: number; offTable?: boolean; unform?: boolean } = {},
): number {
  const plan = planStraight(ctx, bu, heading, distance, opts);
  const before = bu.stands;
  let formed = bu.u.formed && !opts.unform;
  if (plan.difficult.length > 0 && formed) formed = false;
  const moved = plan.unit.stands;
  const u = formed === bu.u.formed ? bu.u : { ...bu.u, formed };
  ctx.setUnit({ ...bu, u, stands: moved });
  const stop = plan.stoppedBy ? ` (stopped by ${describeStop(ctx, plan.stoppedBy)})` : "";
  ctx.ev(
    "move",
    `${bu.u.name} ${what}: ${plan.distance.toFixed(2)}" of ${distance.toFixed(2)}" on heading ${Math.round(normaliseDegrees(heading))}°${stop}${plan.difficult.length > 0 && bu.u.formed ? "; difficult terrain: it becomes unformed" : ""}`,
    {
      unit: bu.id,
      heading,
      asked: distance,
      distance: plan.distance,
      stoppedBy: plan.stoppedBy,
    },
  );
  if (plan.distance > 1e-6) sw15Check(ctx, ctx.unit(bu.id), before);
  return plan.distance;
}

export function describeStop(ctx: Ctx, stop: NonNullable<ReturnType<typeof planMove>["stoppedBy"]>): string {
  switch (stop.kind) {
    case "enemy-zone":
      return `halting 2" from visible enemy ${ctx.unit(stop.unit).u.name}`;
    case "stand":
      return `${stop.friend ? "friends" : "enemy"} in the way (${ctx.unit(stop.unit).u.name})`;
    case "obstacle":
      return `obstacle ${stop.id}`;
    case "table-edge":
      return "the table edge";
  }
}

export function markMoved(ctx: Ctx, id: string): void {
  const u = ctx.unit(id);
  if (u.u.status === "active") ctx.setUnit({ ...u, moved: true });
}

/**
 * Seed "Movement", Fatigue: "Formed units incur 1 DP each time a 5 or 6 is thrown on the move
 * dice". `formedWhenThrown`: the unit was formed when it threw them; a move that then enters
 * difficult ground unforms it, but the 5s and 6s were thrown while formed and still count.
 */
export function takeFatigue(ctx: Ctx, id: string, fatigue: number, formedWhenThrown: boolean): void {
  const u = ctx.unit(id);
  if (fatigue === 0 || !formedWhenThrown || u.u.status !== "active") return;
  const r = applyFatigue(u.u, fatigue);
  ctx.setU(r.value);
  ctx.notes("fatigue", r.notes, { unit: id });
}

/** One risk-to-leaders roll; true if the leader died. */
export function leaderRisk(ctx: Ctx, leaderId: string, inCombat: boolean): boolean {
  const l = ctx.leader(leaderId);
  if (l.status !== "alive") return true;
  const r = resolveLeaderRisk(ctx.rng, l);
  ctx.setLeader(r.value);
  ctx.ev("leader-risk", `Risk to ${l.name}: D6 [${r.faces.join(", ")}]: ${r.notes.join("; ")}`, { leader: l.id, dice: r.faces, outcome: r.outcome });
  if (r.value.status !== "alive") {
    leaderDies(ctx, l.id, inCombat, inCombat ? "combat-risk" : "missile-risk");
    return true;
  }
  return false;
}

/** How a leader was lost (the `leader-lost` event's `cause`, counted by `muster sim`). */
export type LeaderLossCause = "duel" | "duel-prestige" | "refusal" | "combat-risk" | "missile-risk" | "retinue-eliminated";

export const LEADER_LOSS_CAUSES: readonly LeaderLossCause[] = ["duel", "duel-prestige", "refusal", "combat-risk", "missile-risk", "retinue-eliminated"];

const LOSS_CAUSE_TEXT: Record<LeaderLossCause, string> = {
  duel: "killed in personal combat",
  "duel-prestige": "his LP value lost after a personal combat",
  refusal: "his LP value lost refusing a challenge",
  "combat-risk": "risk to leaders in combat",
  "missile-risk": "risk to leaders from missiles",
  "retinue-eliminated": "his retinue eliminated",
};

/** Records that a leader is lost (killed or captured) and why: one event, whatever the rule that did it. */
export function leaderLost(ctx: Ctx, l: LeaderState, cause: LeaderLossCause): void {
  ctx.ev("leader-lost", `${l.name} is lost (${l.status}): ${LOSS_CAUSE_TEXT[cause]}`, { leader: l.id, side: sideOfId(l.id), cause, status: l.status, commanderInChief: l.commanderInChief });
}

/** A leader has died: his contingent (or the whole army for the commander-in-chief) drops a level. */
export function leaderDies(ctx: Ctx, leaderId: string, inNormalCombat: boolean, cause: LeaderLossCause): void {
  const l = ctx.leader(leaderId);
  const side = sideOfId(l.id);
  leaderLost(ctx, l, cause);
  const before = ctx.sideUnits(side);
  const r = leaderKilled(
    before.map((u) => u.u),
    l,
  );
  for (const u of r.value) if (u !== ctx.unit(u.id).u) ctx.setU(u);
  ctx.notes("leader-killed", r.notes, { leader: l.id });
  if (inNormalCombat && ctx.hasUnit(l.unit)) {
    const home = ctx.unit(l.unit);
    if (home.u.status === "active") {
      ctx.setUnit({ ...home, fightToDeath: true });
      ctx.ev("fight-to-death", `${home.u.name} will fight to the death for ${l.name} (seed "Risk to Leaders")`, { unit: home.id });
    }
  }
  announceLosses(ctx, before, "destroyed");
}

/**
 * A loss is announced once, when it happens: of `before` (units as they stood before a rule
 * changed them), those on the table then and gone now leave play (unitGone, at their old place);
 * units already gone are not announced again.
 */
export function announceLosses(ctx: Ctx, before: readonly BattleUnit[], how: string): void {
  for (const was of before) {
    if (was.u.status !== "active" || !was.deployed) continue;
    const now = ctx.unit(was.id);
    if (now.u.status !== "active") unitGone(ctx, { ...was, u: now.u }, how, was.stands);
  }
}

/**
 * A unit has left play (destroyed, broken or surrendered): morale of units within 2" (seed
 * "Aggression Levels", ruling SW-14) and the fate of a leader with it (retinue eliminated).
 * Call with the unit as it was on the table (stands still known), or after with `where`.
 */
export function unitGone(ctx: Ctx, bu: BattleUnit, how: string, where: Stand[] = bu.stands): void {
  if (ctx.announcedLost.has(bu.id)) return;
  ctx.announcedLost.add(bu.id);
  const ghost: BattleUnit = { ...bu, stands: where };
  // Units within 2" as they stood: one the loss destroys (a Shaken friend losing its last stand) leaves play in turn.
  const near: BattleUnit[] = [];
  if (where.length > 0) {
    for (const u of ctx.s.units) {
      if (!onTable(u) || u.id === bu.id || !within(ghost, u, 2)) continue;
      const r = u.side === bu.side ? friendBrokenNearby(u.u, { brokenGrade: bu.u.grade, within2: true }) : enemyBrokenNearby(u.u, { within2: true });
      if (r.value !== u.u) {
        near.push(u);
        ctx.setU(r.value);
        ctx.notes("morale", r.notes, { unit: u.id, cause: bu.id });
      }
    }
  }
  const l = ctx.s.leaders.find((x) => x.unit === bu.id && x.status === "alive");
  if (l) {
    const friends = ctx.sideUnits(bu.side).filter((u) => onTable(u) && u.id !== bu.id && (u.u.grade === "A" || u.u.grade === "B"));
    friends.sort((a, b) => unitDist(ghost, a) - unitDist(ghost, b) || (a.id < b.id ? -1 : 1));
    const r = resolveRetinueEliminated(ctx.rng, l, friends[0]?.id ?? null, friends[0]?.u.name);
    ctx.setLeader(r.value);
    ctx.notes("retinue-eliminated", r.notes, {
      leader: l.id,
      dice: [r.face],
      outcome: r.outcome,
    });
    if (r.value.status === "killed") leaderDies(ctx, l.id, false, "retinue-eliminated");
    else if (r.value.status !== "alive") leaderLost(ctx, r.value, "retinue-eliminated");
  }
  ctx.ev("unit-lost", `${bu.u.name} is ${how}`, { unit: bu.id, how });
  announceLosses(ctx, near, "destroyed");
}



/** Does any stand, moving from `from` to `to`, pass over a difficult area (the hull of its start and end, as the charge move sweeps it)? */
function sweepsDifficultArea(table: Table, from: readonly Stand[], to: readonly Stand[]): boolean {
  const areas = table.terrain.filter((f) => f.kind === "area" && f.difficult);
  if (areas.length === 0) return false;
  for (let i = 0; i < from.length && i < to.length; i++) {
    const hull = convexHull([...rectCorners(rectOf(from[i])), ...rectCorners(rectOf(to[i]))]);
    if (areas.some((f) => polygonsOverlap(hull, f.points, 1e-6))) return true;
  }
  return false;
}

export function chargeMove(ctx: Ctx, id: string, targetId: string): void {
  const s = ctx.s;
  const bu = ctx.unit(id);
  const target = ctx.unit(targetId);
  const engaged = unitContacts(geomOf(bu), geomOf(target), s.table.options.contactTolerance).length > 0;
  if (engaged) {
    ctx.setUnit({ ...bu, charged: true });
    return;
  }
  const p = chargePlan(ctx, bu, target);
  if (!p) {
    const why = chargeRefusal(ctx, bu, target);
    const inTheWay = why?.inTheWay.map((x) => x.unit) ?? [];
    ctx.ev("charge-blocked", `${bu.u.name} cannot charge home and stays where it is: ${why?.text ?? `no room to reach ${target.u.name}`} (ruling SW-28)`, { unit: id, target: target.id, inTheWay });
    return;
  }
  // Seed "Effect of difficult terrain": crossing an obstacle or moving any stand in a difficult area unforms the charger.
  const formed = bu.u.formed && p.plan.obstaclesCrossed.length === 0 && !sweepsDifficultArea(s.table, bu.stands, p.plan.unit.stands);
  ctx.setUnit({
    ...bu,
    u: formed === bu.u.formed ? bu.u : { ...bu.u, formed },
    stands: p.plan.unit.stands,
    charged: true,
  });
  ctx.ev("charge-move", `${bu.u.name} charges into contact with the ${p.edge} of ${target.u.name}${p.edge === "front" ? "" : " (a flank or rear charge)"}`, {
    unit: id,
    target: target.id,
    edge: p.edge,
    distance: p.plan.distance,
  });
}

export function refreshInCombat(ctx: Ctx): void {
  const engaged = new Set<string>();
  for (const g of findCombats(ctx)) for (const id of [...g.red, ...g.black]) engaged.add(id);
  for (const u of ctx.s.units) {
    const want = onTable(u) && engaged.has(u.id);
    if (u.u.inCombat !== want) ctx.setUnit({ ...u, u: { ...u.u, inCombat: want } });
  }
}

function centroidOf(units: BattleUnit[], positions: Map<string, Stand[]>): { x: number; y: number } {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const u of units) {
    for (const st of positions.get(u.id) ?? u.stands) {
      x += st.x;
      y += st.y;
      n++;
    }
  }
  return n === 0 ? { x: 0, y: 0 } : { x: x / n, y: y / n };
}

export function awayHeading(bu: BattleUnit, foes: BattleUnit[], positions: Map<string, Stand[]>): number {
  const c = unitCentre(geomOf(bu));
  const f = centroidOf(foes, positions);
  const dx = c.x - f.x;
  const dy = c.y - f.y;
  if (Math.hypot(dx, dy) < 1e-9) return normaliseDegrees(forwardHeading(bu.side) + 180);
  return normaliseDegrees(vectorHeading({ x: dx, y: dy }));
}

/** A retire move (AvD+D6+1, ruling SW-2) away from `foes` (default: enemy within 8"); its dice may be re-rolled with a Seven (SW-11), then `then`. */
export function retireMove(ctx: Ctx, bu: BattleUnit, what: string, foes: string[], then: AfterRetire): void {
  const es = foes.length > 0 ? foes : enemiesOnTable(ctx, bu.side).filter((e) => within(bu, e, 8)).map((e) => e.id);
  const dice = { kind: "retire" as const, extraD6: true, formed: false };
  throwMoveDice(ctx, bu.side, bu.id, dice, { k: "retire", what, foes: es, then });
}

/** The retire move once its dice are final; true if the unit got away (it is now retiring). */
export function retireMoveRolled(ctx: Ctx, id: string, foes: string[], roll: MoveRoll): boolean {
  const bu = ctx.unit(id);
  const es = foes.map((f) => ctx.unit(f));
  const heading = es.length > 0 ? awayHeading(bu, es, new Map()) : normaliseDegrees(forwardHeading(bu.side) + 180);
  const before = bu.stands;
  ctx.setUnit({ ...bu, u: { ...bu.u, formed: false } });
  const d = moveStraight(ctx, ctx.unit(bu.id), heading, roll.inches, "retires", { zone: 0 });
  if (d < 0.25) {
    // Unable to retire: it remains in place (put back, as formed as it was: no retire took place) and takes 1 DP.
    ctx.setUnit({ ...ctx.unit(bu.id), stands: before, u: bu.u });
    const r = unableToMove(bu.u, "retire", false);
    ctx.setU(r.unit);
    ctx.notes("unable-to-move", r.notes, { unit: bu.id });
    announceLosses(ctx, [bu], "destroyed");
    return false;
  }
  ctx.setUnit({ ...ctx.unit(bu.id), retiring: true, pursuing: false, quarry: null });
  retiringMorale(ctx, ctx.unit(bu.id), before);
  return true;
}

function retiringMorale(ctx: Ctx, bu: BattleUnit, before: Stand[]): void {
  const ghost = { ...bu, stands: before };
  // Units the news shakes as they stood: one it destroys (a Shaken friend losing its last stand) leaves play in turn.
  const near: BattleUnit[] = [];
  for (const u of ctx.s.units) {
    if (!onTable(u) || u.id === bu.id || !within(ghost, u, 2)) continue;
    const r =
      u.side === bu.side
        ? friendRetiringNearby(u.u, {
            retiringGrade: bu.u.grade,
            within2: true,
          })
        : enemyBrokenNearby(u.u, { within2: true });
    if (r.value !== u.u) {
      near.push(u);
      ctx.setU(r.value);
      ctx.notes("morale", r.notes, { unit: u.id, cause: bu.id });
    }
  }
  announceLosses(ctx, near, "destroyed");
  standardFalls(ctx, bu);
}

/** SW-14: a battle standard retiring or routing shakes its whole army once. */
export function standardFalls(ctx: Ctx, bu: BattleUnit): void {
  if (!bu.u.attachments.includes("battle-standard")) return;
  const sd = ctx.s.sides[bu.side];
  if (sd.standardApplied) return;
  const before = ctx.sideUnits(bu.side);
  const r = battleStandardRetiring(
    before.map((u) => u.u),
    false,
  );
  for (const u of r.value) if (u !== ctx.unit(u.id).u) ctx.setU(u);
  ctx.s.sides[bu.side] = { ...sd, standardApplied: true };
  ctx.notes("battle-standard", r.notes, { side: bu.side });
  // The standard's own unit too: the DP it takes may be its last (announceLosses skips one already gone).
  announceLosses(ctx, before, "destroyed");
}

/**
 * Seed "Moves Following Combat", Pursue: "Pursuers encountering new enemy automatically charge
 * them. Note that the pursuers will be unformed. A new target must react according to the normal
 * charge responses if it is charged in these circumstances. This is worked out immediately as a
 * new charge." After its pursuit move, a pursuer with a visible enemy unit within 2" (not one of
 * `notNew`: after combat, the units of that combat) that a clear charge move reaches charges the nearest at once: no declaration and no
 * charge test (the charge is automatic, like Blood Lust's), the normal charge move into contact
 * (it stays unformed), and the target, which declared no charge, stands to receive at the halt
 * (seed "Charges and Combat"). Both are then in combat and the pursuit ends. A Shaken pursuer
 * does not charge (Shaken units may not initiate a charge). Returns the target, or null.
 */
export function pursuitCharge(ctx: Ctx, id: string, notNew: ReadonlySet<string>): string | null {
  const bu = ctx.unit(id);
  if (!canAct(bu) || bu.u.aggression === "shaken") return null;
  const targetId = chargeTargets(ctx, bu).find((t) => !notNew.has(t));
  if (targetId === undefined) return null;
  const target = ctx.unit(targetId);
  ctx.ev(
    "pursuit-charge",
    `${bu.u.name} pursues into ${target.u.name} and charges them at once, unformed and with no charge test; ${target.u.name} stands to receive at the halt (seed "Moves Following Combat": pursuers encountering new enemy automatically charge them)`,
    { unit: id, target: targetId, automatic: true },
  );
  chargeMove(ctx, id, targetId);
  const cur = ctx.unit(id);
  // No clear way in after all (the charge-blocked event says so): it stays a pursuer.
  if (unitContacts(geomOf(cur), geomOf(ctx.unit(targetId)), ctx.s.table.options.contactTolerance).length === 0) return null;
  ctx.setUnit({ ...cur, pursuing: false, quarry: null, mustCharge: false, u: { ...cur.u, inCombat: true } });
  const t = ctx.unit(targetId);
  if (!t.u.inCombat) ctx.setUnit({ ...t, u: { ...t.u, inCombat: true } });
  return targetId;
}

/**
 * A pursuer with no fled enemy left to pursue (seed "Moves Following Combat", Pursue): it moves
 * `inches` towards the enemy camp and loots it on arrival (out of the fight, not lost), or with no
 * camp on the table towards the enemy's table edge and off it (ruling SW-21). It halts 2" from
 * visible enemy on the way (the caller charges it). Returns what became of it.
 */
export function pursueToCampOrEdge(ctx: Ctx, bu: BattleUnit, inches: number): "moved" | "loot" | "left-table" {
  const camp = campOf(ctx.s.table, other(bu.side));
  if (camp) {
    let x = 0;
    let y = 0;
    for (const p of camp.polygon) {
      x += p.x;
      y += p.y;
    }
    const c = unitCentre(geomOf(bu));
    const tx = x / camp.polygon.length;
    const ty = y / camp.polygon.length;
    const dist = Math.hypot(tx - c.x, ty - c.y);
    moveStraight(ctx, bu, vectorHeading({ x: tx - c.x, y: ty - c.y }), Math.min(inches, dist), "heads for the enemy camp");
    const cur = ctx.unit(bu.id);
    const c2 = unitCentre(geomOf(cur));
    if (Math.hypot(tx - c2.x, ty - c2.y) <= 2) {
      ctx.setUnit({ ...cur, looting: true, pursuing: false, quarry: null });
      ctx.ev("loot", `${bu.u.name} reaches the enemy camp and loots it (out of the fight, not lost)`, { unit: bu.id });
      return "loot";
    }
    return "moved";
  }
  moveStraight(ctx, bu, forwardHeading(bu.side), inches, "pursues towards the enemy table edge", { offTable: true });
  const cur = ctx.unit(bu.id);
  if (cur.stands.some((st) => !standOnTable(st, ctx.s.table))) {
    ctx.setU({ ...cur.u, status: "left-table" });
    ctx.ev("left-table", `${bu.u.name} pursues off the table: out of the battle, not lost (ruling SW-21)`, { unit: bu.id });
    return "left-table";
  }
  return "moved";
}
