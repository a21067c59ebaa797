/**
 * Ruling SW-28, property (issue 23): whenever two enemy units stand within 2" of each other, the
 * target in the charger's arc and in its sight, and some place with the charger's front flush
 * against the edge it meets (the zone, ruling SW-18) overlaps no stand and stays on the table,
 * the charge is offered. Positions drawn from fast-check's seeded generator.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { measure } from "../../../src/rulesets/shieldwall/battle/measure.js";
import { chargeEdges, chargeTargets } from "../../../src/rulesets/shieldwall/battle/queries.js";
import type { BattleState } from "../../../src/rulesets/shieldwall/battle/types.js";
import { unitWithStandAt } from "../../../src/rulesets/shieldwall/geometry/charge.js";
import { contactPose } from "../../../src/rulesets/shieldwall/geometry/charge.js";
import { unitSees } from "../../../src/rulesets/shieldwall/geometry/los.js";
import { edgeSegment, makeStand, rectOf, rectsOverlap, rectDistance } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { overhang } from "../../../src/rulesets/shieldwall/geometry/table.js";
import { formLine } from "../../../src/rulesets/shieldwall/geometry/unit.js";
import { position, start } from "./setup.js";

const num = (lo: number, hi: number): fc.Arbitrary<number> => fc.noBias(fc.integer({ min: 0, max: 100_000 })).map((i) => lo + ((hi - lo) * i) / 100_000);

/** Is there a place flush against one of the zone's stand edges, overlapping no stand of the target and on the table (a brute-force search)? */
function placementExists(s: BattleState, ctx: Ctx, chargerId: string, targetId: string): boolean {
  const charger = ctx.unit(chargerId);
  const target = ctx.unit(targetId);
  const geom = { id: chargerId, side: "red", formed: charger.u.formed, stands: charger.stands };
  for (const { stand, edge } of chargeEdges(charger, target)) {
    const t = target.stands[stand];
    const [e0, e1] = edgeSegment(rectOf(t), edge);
    const len = Math.hypot(e1.x - e0.x, e1.y - e0.y);
    const d = { x: (e1.x - e0.x) / len, y: (e1.y - e0.y) / len };
    for (let k = 0; k < charger.stands.length; k++) {
      const pose = contactPose(t, edge, charger.stands[k]);
      // Along the edge, from just touching one end to just touching the other (at least 0.3" of it covered).
      const reach = len / 2 + pose.width / 2 - 0.3;
      const mid = { x: (e0.x + e1.x) / 2, y: (e0.y + e1.y) / 2 };
      const s1 = (pose.x - mid.x) * d.x + (pose.y - mid.y) * d.y;
      for (let j = 0; j <= 40; j++) {
        const at = -reach + (2 * reach * j) / 40;
        const moved = unitWithStandAt(geom, k, makeStand(pose.x + (at - s1) * d.x, pose.y + (at - s1) * d.y, pose.facing, pose.width, pose.depth));
        const rects = moved.stands.map(rectOf);
        if (rects.some((r) => overhang(r, s.table) > 1e-6)) continue;
        if (rects.some((r) => target.stands.some((ts) => rectsOverlap(r, rectOf(ts), 1e-6)))) continue;
        return true;
      }
    }
  }
  return false;
}

describe("SW-28 property: a charge is offered whenever a clear contact placement exists", () => {
  it('SW-28, seed "Charges and Combat": two enemy units within 2", in arc and in sight, with a contact placement overlapping nothing: the charge is offered', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.constantFrom("red.a-retinue", "red.a-band1"),
        fc.constantFrom("black.a-retinue", "black.a-band1"),
        num(2, 70),
        num(2, 46),
        num(0, 360),
        num(-7, 7),
        num(-7, 7),
        num(0, 360),
        (chargerId, targetId, tx, ty, tf, dx, dy, cf) => {
          const n = (id: string) => (id.endsWith("band1") ? 2 : 1);
          const s = position(start(), { [targetId]: formLine({ x: tx, y: ty, facing: tf }, n(targetId)), [chargerId]: formLine({ x: tx + dx, y: ty + dy, facing: cf }, n(chargerId)) });
          const ctx = new Ctx(s);
          const charger = ctx.unit(chargerId);
          const target = ctx.unit(targetId);
          const all = [...charger.stands, ...target.stands].map(rectOf);
          if (all.some((r) => overhang(r, s.table) > 1e-6)) return;
          const gap = Math.min(...charger.stands.flatMap((a) => target.stands.map((b) => rectDistance(rectOf(a), rectOf(b)))));
          // Within 2" and not already touching (or overlapping).
          if (gap > 2 || gap <= 0.05) return;
          const inArc = charger.stands.some((_, i) => target.stands.some((_, j) => measure(s, { unit: chargerId, stand: i }, { unit: targetId, stand: j }).inArc));
          if (!inArc || !unitSees(ctx.scene(), chargerId, targetId)) return;
          if (!placementExists(s, ctx, chargerId, targetId)) return;
          checked++;
          expect(chargeTargets(ctx, charger)).toContain(targetId);
        },
      ),
      { seed: 2026_11_28, numRuns: 600 },
    );
    // The positions drawn really exercise the rule.
    expect(checked).toBeGreaterThan(50);
  });
});
