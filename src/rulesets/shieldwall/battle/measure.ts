/**
 * The tape measure, line of sight and zones as a player asks about them at the table (the web
 * table draws these answers; docs/shieldwall/table.md, "Measuring at the table"). Read-only
 * questions about a battle state, answered with the same geometry the phases use: distances
 * edge to edge (ruling SW-3), the 2" and 8" ranges, the 22½° arc of a formed unit's move (SW-1),
 * line of sight (seed "Missile Exchange") and the front, flank and rear zones that decide which
 * edge a charge meets (geometry/zones.ts, SW-18).
 */
import { edgeFacing } from "../geometry/contact.js";
import { MOVE_ARC_DEGREES, distanceToEnemyZone } from "../geometry/movement.js";
import { type Scene, type StandRef, prepareScene, sceneGaps, sightLine } from "../geometry/los.js";
import { segmentPenetrates } from "../geometry/sight-tests.js";
import { polygonsOverlap } from "../geometry/polygon.js";
import { SCENE_STANDS } from "../geometry/proximity.js";
import { type Edge, type Rect, aspectOf, rectClosestPoints, rectCorners, rectOf } from "../geometry/stand.js";
import { unitOutline, zonePolygons } from "../geometry/zones.js";
import { terrainBlocksSegment } from "../geometry/table.js";
import { CLOSE_RANGE, FAR_RANGE, isWithin } from "../geometry/unit.js";
import { type Point, headingVector, segmentIntersection, vectorHeading } from "../geometry/vec.js";
import type { BattleState, BattleUnit } from "./types.js";
import { geomOf, onTable } from "./unit-facts.js";

export type { StandRef } from "../geometry/los.js";

/** The scene of a state's units on the table (as the phases build it). */
export function stateScene(s: BattleState): Scene {
  return prepareScene(s.table, s.units.filter(onTable).map(geomOf), SCENE_STANDS);
}

/** Something that stops a line of sight, named for the player. */
export type SightBlocker =
  /** The target is not in front of the viewing stand's front edge (a formed stand sees only ahead). */
  | { kind: "behind"; name: string }
  /** A stand of another unit stands across the line. */
  | { kind: "stand"; unit: string; name: string }
  /** Sight-blocking terrain: an area the line runs more than `sightDepth` into, or an obstacle it crosses. */
  | { kind: "terrain"; id: string; name: string }
  /** A gap narrower than 2" between two blockers (seed "Missile Exchange"). */
  | { kind: "gap"; between: [string, string]; name: string; p: Point; q: Point };

export interface SightAnswer {
  clear: boolean;
  /** Clear: a line the engine found clear. Blocked: the straight line from the front edge's middle (the centre for an unformed stand) to the target's nearest point, which the blockers lie across. */
  line: { from: Point; to: Point };
  /** What blocks the line drawn (empty when clear). */
  blockers: SightBlocker[];
  /** Unformed stands face all round and see from any edge (seed "Unformed Units"). */
  allRound: boolean;
}

export interface TapeMeasure {
  from: StandRef;
  to: StandRef;
  /** Edge to edge, inches (SW-3); 0 when touching. */
  distance: number;
  /** The closest points of the two stands, where the tape runs. */
  p: Point;
  q: Point;
  /** Within 2" (inclusive, as every rule measures it). */
  within2: boolean;
  /** Within 8" (inclusive). */
  within8: boolean;
  /** Could the first stand's unit reach the second moving straight ahead within 22½° of its centre axis (SW-1)? Unformed units move in any direction: always true. */
  inArc: boolean;
  /** The arc drawn: from the front edge's corners out at ±22½°, to `reach` inches (null for an unformed unit). */
  arc: Point[] | null;
  sight: SightAnswer;
}

function unitOf(s: BattleState, id: string): BattleUnit {
  const bu = s.units.find((u) => u.id === id);
  if (!bu) throw new RangeError(`no unit "${id}"`);
  if (!onTable(bu)) throw new RangeError(`unit "${id}" is not on the table`);
  return bu;
}

function standRect(s: BattleState, ref: StandRef): Rect {
  const bu = unitOf(s, ref.unit);
  const st = bu.stands[ref.stand];
  if (!st) throw new RangeError(`no stand ${ref.stand} in unit "${ref.unit}"`);
  return rectOf(st);
}

/**
 * The region a stand's front edge sweeps moving straight ahead on any heading within `arc`
 * degrees of its facing, out to `reach` inches: from the front-left corner out at facing + arc,
 * from the front-right corner out at facing − arc (SW-1's 22½°).
 */
export function frontArc(r: Rect, reach: number, arc = MOVE_ARC_DEGREES): Point[] {
  const [fl, fr] = rectCorners(r);
  const facing = vectorHeading({ x: r.fx, y: r.fy });
  const left = headingVector(facing + arc);
  const right = headingVector(facing - arc);
  return [fl, fr, { x: fr.x + right.x * reach, y: fr.y + right.y * reach }, { x: fl.x + left.x * reach, y: fl.y + left.y * reach }];
}

/** The engine's line-of-sight answer for stand `from` to stand `to`, and what blocks it when there is none. */
export function sightBetween(s: BattleState, from: StandRef, to: StandRef, scene: Scene = stateScene(s)): SightAnswer {
  const viewer = unitOf(s, from.unit);
  const allRound = !viewer.u.formed;
  const witness = sightLine(scene, from, to, { allRound });
  const a = standRect(s, from);
  const b = standRect(s, to);
  if (witness) return { clear: true, line: witness, blockers: [], allRound };
  const start = allRound ? { x: a.cx, y: a.cy } : { x: a.cx + a.fx * a.hd, y: a.cy + a.fy * a.hd };
  const end = rectClosestPoints(rectOf({ x: start.x, y: start.y, facing: 0, width: 0, depth: 0 }), b).q;
  return { clear: false, line: { from: start, to: end }, blockers: blockersOf(s, scene, from, to, a, b, start, end, allRound), allRound };
}

function blockersOf(s: BattleState, scene: Scene, from: StandRef, to: StandRef, a: Rect, b: Rect, p: Point, q: Point, allRound: boolean): SightBlocker[] {
  const out: SightBlocker[] = [];
  // A formed stand sees only through its front edge: no point of the target ahead of that edge's line.
  if (!allRound && rectCorners(b).every((c) => (c.x - a.cx) * a.fx + (c.y - a.cy) * a.fy <= a.hd + 1e-9)) {
    out.push({ kind: "behind", name: "not in front of the stand's front edge" });
  }
  const nameOf = (id: string) => s.units.find((u) => u.id === id)?.u.name ?? id;
  const seen = new Set<string>();
  for (const st of scene.stands) {
    if ((st.unit === from.unit && st.stand === from.stand) || (st.unit === to.unit && st.stand === to.stand) || seen.has(st.unit)) continue;
    if (segmentPenetrates(st.rect, p.x, p.y, q.x, q.y)) {
      seen.add(st.unit);
      out.push({ kind: "stand", unit: st.unit, name: nameOf(st.unit) });
    }
  }
  for (const f of s.table.terrain) {
    if (terrainBlocksSegment(p, q, f, s.table.options.sightDepth)) out.push({ kind: "terrain", id: f.id, name: f.name ?? f.id });
  }
  const label = (i: number) => {
    if (i < 0) return "sight-blocking terrain";
    const st = scene.stands[i];
    return nameOf(st.unit);
  };
  for (const g of sceneGaps(scene)) {
    const involved = [g.a, g.b].map((i) => (i >= 0 ? scene.stands[i] : null));
    // A gap one side of which is the viewer or the target is no gap the line passes through.
    if (involved.some((st) => st && ((st.unit === from.unit && st.stand === from.stand) || (st.unit === to.unit && st.stand === to.stand)))) continue;
    if (segmentIntersection(p, q, g.p, g.q, 0)) {
      const between: [string, string] = [label(g.a), label(g.b)];
      out.push({ kind: "gap", between, name: `a gap under ${CLOSE_RANGE}" between ${between[0]} and ${between[1]}`, p: g.p, q: g.q });
    }
  }
  return out;
}

/**
 * The tape from stand `from` to stand `to`: the distance edge to edge and the rules' verdicts
 * (within 2", within 8", in the 22½° arc of the first stand's front, in sight).
 */
export function measure(s: BattleState, from: StandRef, to: StandRef): TapeMeasure {
  const scene = stateScene(s);
  const a = standRect(s, from);
  const b = standRect(s, to);
  const c = rectClosestPoints(a, b);
  const viewer = unitOf(s, from.unit);
  const reach = Math.hypot(s.table.width, s.table.height);
  const arc = viewer.u.formed ? frontArc(a, reach) : null;
  // The stand's own swept region: another stand touching its boundary is not in it.
  const inArc = arc === null || polygonsOverlap(arc, rectCorners(b));
  return {
    from,
    to,
    distance: c.distance,
    p: c.p,
    q: c.q,
    within2: isWithin(c.distance, CLOSE_RANGE),
    within8: isWithin(c.distance, FAR_RANGE),
    inArc,
    arc: arc && frontArc(a, Math.max(c.distance + 4, 12)),
    sight: sightBetween(s, from, to, scene),
  };
}

/** Front, flank and rear zones of a unit: which edge a unit standing there comes at. */
export interface UnitZones {
  unit: string;
  /** Unformed units face all round (seed "Unformed Units"): they have no flank or rear. */
  allRound: boolean;
  zones: { edge: Edge; aspect: "front" | "flank" | "rear"; polygon: Point[] }[];
}

/**
 * The zones around a unit's outline (its stands together), out to `reach` inches: beyond each
 * edge, bounded by the lines out from its corners at 45° (geometry/zones.ts: the same zones
 * pick the edge a charge meets, SW-18's flank and rear; issue 23 N1). Formed units only.
 */
export function unitZones(s: BattleState, unitId: string, reach = FAR_RANGE): UnitZones {
  const bu = unitOf(s, unitId);
  if (!bu.u.formed) return { unit: unitId, allRound: true, zones: [] };
  const zones: UnitZones["zones"] = zonePolygons(unitOutline(bu.stands), reach).map((z) => ({ edge: z.edge, aspect: aspectOf(z.edge), polygon: z.polygon }));
  return { unit: unitId, allRound: false, zones };
}

/** Which edge of a one-stand unit a point comes at: the engine's own `edgeFacing` (for tests and the zones' legend). */
export function edgeFacingPoint(s: BattleState, ref: StandRef, p: Point): Edge {
  const st = unitOf(s, ref.unit).stands[ref.stand];
  if (!st) throw new RangeError(`no stand ${ref.stand} in unit "${ref.unit}"`);
  return edgeFacing(st, p);
}

/** Where a straight move on `heading` would halt short of a visible enemy (seed "Movement": 2"), or null if no visible enemy is in the way. */
export interface MoveHalt {
  unit: string;
  heading: number;
  /** Inches the unit may move before entering an enemy's 2" zone (null: none in the way). */
  distance: number | null;
  enemy: string | null;
  enemyName: string | null;
}

export function moveHalt(s: BattleState, unitId: string, heading: number): MoveHalt {
  unitOf(s, unitId);
  const h = distanceToEnemyZone(stateScene(s), unitId, heading);
  const enemy = h.enemy;
  return { unit: unitId, heading, distance: Number.isFinite(h.distance) ? h.distance : null, enemy, enemyName: enemy ? (s.units.find((u) => u.id === enemy)?.u.name ?? enemy) : null };
}
