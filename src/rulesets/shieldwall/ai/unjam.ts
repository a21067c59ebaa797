/**
 * The commander's unjam (option `unjam`, docs/shieldwall/ai.md "The raid landing won"): a formed
 * straight move that a friend in the way or the table edge would stop short is swapped for the
 * plain move that gets its units nearest the enemy, weighed with the engine's own preview of the
 * move at the mean roll. The cheap exact tests before each preview (`mayBeStopped`,
 * `friendOrEdgeWithin`, `gainBound`) are what keep it affordable.
 */
import type { Side } from "../army.js";
import type { BattleUnit, MoveChoice } from "../battle/types.js";
import { friendOrEdgeWithin, mayMoveWith, type PreviewedMove, previewMove, straightHeading } from "../battle/phases/movement.js";
import { rectClosestPoints, rectCorners, rectOf } from "../geometry/stand.js";
import { unitDist } from "../geometry/proximity.js";
import { headingVector } from "../geometry/vec.js";
import { type Ctx, enemiesOf, friendsOf } from "./view.js";

/** The move dice's mean inches (AvD 3.5, and a D6 more when declared): the distance a move is weighed at. */
function meanInches(m: { extraD6: boolean }): number {
  return m.extraD6 ? 7 : 3.5;
}

/**
 * Could a friend, or the table edge, be within `reach` inches of a unit that moves (the unit, and
 * for a retinue its contingent's units within 2")? If not, no move of that length can be stopped
 * short by either, and the preview is skipped (it is most of `unjam`'s cost). On a move straight
 * ahead the body's own units go the same way, front first, so only other friends count; on a
 * turned move they can shoulder into each other.
 */
function mayBeStopped(ctx: Ctx, bu: BattleUnit, reach: number, straightAhead: boolean): boolean {
  const friends = friendsOf(ctx, bu.side);
  const movers = bu.u.kind === "retinue" ? friends.filter((u) => u.id === bu.id || (u.u.contingent === bu.u.contingent && unitDist(bu, u) <= 2)) : [bu];
  const { width, height } = ctx.s.table;
  for (const mv of movers) {
    for (const st of mv.stands) for (const c of rectCorners(rectOf(st))) if (c.x < reach || c.y < reach || width - c.x < reach || height - c.y < reach) return true;
    for (const f of friends) if (f.id !== mv.id && !(straightAhead && movers.includes(f)) && unitDist(mv, f) <= reach) return true;
  }
  return false;
}

/** How much nearer the enemy a previewed move brings the units it moves (inches, summed), and whether a friend stops one short. */
function progressOf(ctx: Ctx, side: Side, moved: PreviewedMove[]): { gain: number; jammed: boolean } {
  const enemies = enemiesOf(ctx, side);
  const nearest = (u: BattleUnit) => enemies.reduce((d, e) => Math.min(d, unitDist(u, e)), Number.POSITIVE_INFINITY);
  let gain = 0;
  let jammed = false;
  for (const mv of moved) {
    const before = ctx.unit(mv.unit);
    const after: BattleUnit = { ...before, stands: mv.stands };
    // (Inside 2" the move halts anyway: nearer than that is no gain.)
    gain += Math.max(2, nearest(before)) - Math.max(2, nearest(after));
    if ((mv.blockedByFriend || mv.blockedByEdge) && mv.distance < mv.asked / 2) jammed = true;
  }
  return { gain, jammed };
}

/**
 * An upper bound on {@link progressOf}'s gain for the move `c` (advance or towards), without
 * previewing it: the units that may move (the unit, and for a body its contingent within 2") each
 * go at most the move's inches along its heading, and the distance between two rectangles falls by
 * at most the move's component along the line joining their closest points (the distance is a
 * convex function of the displacement). Lets `unjammed` skip alternatives that cannot do better.
 */
export function gainBound(ctx: Ctx, bu: BattleUnit, c: Extract<MoveChoice, { kind: "advance" | "toward" }>): number {
  const t = meanInches(c);
  const d = headingVector(straightHeading(ctx, bu, c));
  const enemies = enemiesOf(ctx, bu.side);
  let bound = 0;
  for (const mv of mayMoveWith(ctx, bu, c)) {
    const before = enemies.reduce((x, e) => Math.min(x, unitDist(mv, e)), Number.POSITIVE_INFINITY);
    let after = before;
    const rects = mv.stands.map(rectOf);
    for (const e of enemies) {
      if (unitDist(mv, e) - t >= after) continue;
      for (const a of rects) {
        for (const st of e.stands) {
          const { distance, p, q } = rectClosestPoints(a, rectOf(st));
          const towards = distance > 1e-9 ? Math.max(0, ((q.x - p.x) * d.x + (q.y - p.y) * d.y) / distance) : 1;
          after = Math.min(after, distance - t * towards);
        }
      }
    }
    bound += Math.max(0, Math.max(2, before) - Math.max(2, after));
  }
  return bound + 1e-6;
}

/**
 * Option `unjam`: a formed dice move that a friend in the way or the table edge would stop short
 * (a contingent marching into the next one, bands shouldering each other) is swapped for the plain advance or
 * move towards the enemy that brings its units nearest the enemy, weighed at the mean roll with the
 * engine's own move (battle/phases/movement.ts `previewMove`). Any other move is kept.
 */
export function unjammed(ctx: Ctx, bu: BattleUnit, m: MoveChoice, options: MoveChoice[]): MoveChoice {
  if ((m.kind !== "advance" && m.kind !== "toward") || m.stopAt !== undefined || m.interpenetrate === true) return m;
  if (!mayBeStopped(ctx, bu, meanInches(m) + 0.5, m.kind === "advance" && m.offset === 0)) return m;
  // Jammed is stopped by a friend or the edge in the first half of the move: none that near, no preview.
  if (!friendOrEdgeWithin(ctx.s, bu.id, m, meanInches(m) / 2 + 0.01)) return m;
  const mine = progressOf(ctx, bu.side, previewMove(ctx.s, bu.id, m, meanInches(m)));
  if (!mine.jammed) return m;
  // The first alternative (in the options' order) with the greatest gain, if that beats the jammed
  // move by half an inch. Tried in order of their gain bounds, best first, so once a bound falls
  // short of the best gain found no later alternative can win and none is previewed.
  const alternatives = options
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => (c.kind === "advance" || c.kind === "toward") && c.extraD6 === m.extraD6 && c.stopAt === undefined && c.interpenetrate !== true && c !== m)
    .map(({ c, index }) => ({ c: c as Extract<MoveChoice, { kind: "advance" | "toward" }>, index, bound: gainBound(ctx, bu, c as Extract<MoveChoice, { kind: "advance" | "toward" }>) }))
    .sort((a, b) => b.bound - a.bound || a.index - b.index);
  let top: MoveChoice = m;
  let topIndex = Number.POSITIVE_INFINITY;
  let topGain = mine.gain + 0.5;
  for (const { c, index, bound } of alternatives) {
    if (bound < topGain) break;
    if (bound === topGain && (topIndex === Number.POSITIVE_INFINITY || index > topIndex)) continue;
    const gain = progressOf(ctx, bu.side, previewMove(ctx.s, bu.id, c, meanInches(c))).gain;
    if (gain > topGain || (gain === topGain && topIndex !== Number.POSITIVE_INFINITY && index < topIndex)) {
      top = c;
      topIndex = index;
      topGain = gain;
    }
  }
  return top;
}
