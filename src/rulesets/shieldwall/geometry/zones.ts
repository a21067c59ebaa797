/**
 * A formed unit's front, flank and rear zones (ruling SW-18: "charged in the flank or rear"):
 * beyond each edge of the unit's outline (its stands together, one line all facing alike),
 * bounded by the lines out from the outline's corners at 45°. A point is in the zone of the edge
 * whose line it lies furthest beyond. The one definition behind the edge a charge meets (battle
 * `chargePlan`, issue 23 N1) and the zones the web table draws (battle `unitZones`).
 */
import { type Edge, type Rect, type Stand, rectCorners, rectOf } from "./stand.js";
import type { Point } from "./vec.js";

/** A unit's outline in the frame of its first stand: u to the right, v to the front. */
export interface Outline {
  frame: Rect;
  uMin: number;
  uMax: number;
  vMin: number;
  vMax: number;
}

/** The outline of stands that face alike (a formed unit), in the first stand's frame. */
export function unitOutline(stands: readonly Stand[]): Outline {
  if (stands.length === 0) throw new RangeError("a unit outline needs at least one stand");
  const frame = rectOf(stands[0]);
  let uMin = Infinity;
  let uMax = -Infinity;
  let vMin = Infinity;
  let vMax = -Infinity;
  for (const st of stands) {
    for (const c of rectCorners(rectOf(st))) {
      const u = (c.x - frame.cx) * frame.rx + (c.y - frame.cy) * frame.ry;
      const v = (c.x - frame.cx) * frame.fx + (c.y - frame.cy) * frame.fy;
      if (u < uMin) uMin = u;
      if (u > uMax) uMax = u;
      if (v < vMin) vMin = v;
      if (v > vMax) vMax = v;
    }
  }
  return { frame, uMin, uMax, vMin, vMax };
}

/** Which zone of the outline `p` lies in: the edge whose line it lies furthest beyond (ties: front, rear, right, left). */
export function zoneAt(o: Outline, p: Point): Edge {
  const f = o.frame;
  const u = (p.x - f.cx) * f.rx + (p.y - f.cy) * f.ry;
  const v = (p.x - f.cx) * f.fx + (p.y - f.cy) * f.fy;
  const beyond: [Edge, number][] = [
    ["front", v - o.vMax],
    ["rear", o.vMin - v],
    ["right", u - o.uMax],
    ["left", o.uMin - u],
  ];
  let best = beyond[0];
  for (const b of beyond) if (b[1] > best[1] + 1e-12) best = b;
  return best[0];
}

/** The four zones drawn out to `reach` inches beyond the outline (the sectors of {@link zoneAt}). */
export function zonePolygons(o: Outline, reach: number): { edge: Edge; polygon: Point[] }[] {
  const f = o.frame;
  const at = (u: number, v: number): Point => ({ x: f.cx + u * f.rx + v * f.fx, y: f.cy + u * f.ry + v * f.fy });
  const { uMin, uMax, vMin, vMax } = o;
  const R = reach;
  return [
    { edge: "front", polygon: [at(uMin, vMax), at(uMax, vMax), at(uMax + R, vMax + R), at(uMin - R, vMax + R)] },
    { edge: "right", polygon: [at(uMax, vMax), at(uMax, vMin), at(uMax + R, vMin - R), at(uMax + R, vMax + R)] },
    { edge: "rear", polygon: [at(uMax, vMin), at(uMin, vMin), at(uMin - R, vMin - R), at(uMax + R, vMin - R)] },
    { edge: "left", polygon: [at(uMin, vMin), at(uMin, vMax), at(uMin - R, vMax + R), at(uMin - R, vMin - R)] },
  ];
}

/**
 * The stands whose `edge` lies on that edge of the outline (all of a line's fronts and rears, the
 * end stand's flank), in the order given: the stand edges that together make the unit's edge.
 */
export function standsOnOutlineEdge(o: Outline, stands: readonly Stand[], edge: Edge, tol = 1e-6): number[] {
  const f = o.frame;
  const out: number[] = [];
  stands.forEach((st, i) => {
    const r = rectOf(st);
    const u = (r.cx - f.cx) * f.rx + (r.cy - f.cy) * f.ry;
    const v = (r.cx - f.cx) * f.fx + (r.cy - f.cy) * f.fy;
    // Half extents of the stand along the outline's axes (its stands face alike, but allow a turned one).
    const hu = r.hw * Math.abs(r.rx * f.rx + r.ry * f.ry) + r.hd * Math.abs(r.fx * f.rx + r.fy * f.ry);
    const hv = r.hw * Math.abs(r.rx * f.fx + r.ry * f.fy) + r.hd * Math.abs(r.fx * f.fx + r.fy * f.fy);
    const onIt = edge === "front" ? v + hv >= o.vMax - tol : edge === "rear" ? v - hv <= o.vMin + tol : edge === "right" ? u + hu >= o.uMax - tol : u - hu <= o.uMin + tol;
    if (onIt) out.push(i);
  });
  return out;
}
