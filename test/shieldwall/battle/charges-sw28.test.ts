/**
 * The charge move of ruling SW-28 (seed "Charges and Combat": "to initiate a charge, the unit must
 * be within 2" of target"; "Resolving combat": "align stands to fight without partial overlaps"):
 * the charger closes straight in, then shifts into line with the stand it meets as far as other
 * stands allow; where no stand of it can reach, the engine names what is in the way. And issue 23
 * N1: the edge a charge meets is the zone (ruling SW-18) the table draws.
 */
import { describe, expect, it } from "vitest";
import { play } from "../../../src/core/game.js";
import { seedState } from "../../../src/core/random.js";
import { battleGame, unitZones } from "../../../src/rulesets/shieldwall/battle/index.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { chargePlan, chargeRefusal, chargeRefusals, chargeTargets, pendingChargeRefusals } from "../../../src/rulesets/shieldwall/battle/queries.js";
import type { BattleState } from "../../../src/rulesets/shieldwall/battle/types.js";
import { planChargeMove } from "../../../src/rulesets/shieldwall/geometry/charge.js";
import { unitContacts } from "../../../src/rulesets/shieldwall/geometry/contact.js";
import { pointInPolygon } from "../../../src/rulesets/shieldwall/geometry/polygon.js";
import { rectOf, rectsOverlap } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { unitCentre } from "../../../src/rulesets/shieldwall/geometry/unit.js";
import { line, N, position, S, signalled, start, unitOf, withUnit } from "./setup.js";

const W = 80 / 25.4;

/** No two stands on the table overlap. */
function overlapsIn(s: BattleState): string[] {
  const all = s.units.flatMap((u) => u.stands.map((st, i) => ({ id: `${u.id}#${i}`, r: rectOf(st) })));
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) if (rectsOverlap(all[i].r, all[j].r, 1e-6)) out.push(`${all[i].id} / ${all[j].id}`);
  return out;
}

function ready(s: BattleState, id: string): BattleState {
  return withUnit(s, id, (u) => ({ ...u, u: { ...u.u, aggression: "ready", dp: { ...u.u.dp, fatigue: 0 } } }));
}

/** Red's line of three single stands side by side facing north, black's two-stand fyrd 1.5" off, offset half a stand. */
function offsetLines(): BattleState {
  const red = line(30, 10, N, 3);
  let s = position(start(), {
    "red.a-band2": [red[0]],
    "red.a-retinue": [red[1]],
    "red.b-retinue": [red[2]],
    "black.a-band1": line(30 + W / 2, 11.5, S, 2),
  });
  s = signalled(s, "red.a-leader", "red.b-leader");
  return ready(s, "red.a-retinue");
}

describe("SW-28: the charge move closes straight in, then shifts into line as far as stands allow", () => {
  it("SW-28: a line offset half a stand from the enemy's is offered the charge, which a straight aligned move could not make without crossing a friend", () => {
    const s = offsetLines();
    const ctx = new Ctx(s);
    const charger = ctx.unit("red.a-retinue");
    // The old move: straight to the aligned place, across the friend beside it.
    const direct = planChargeMove(ctx.scene(), charger.id, { unit: "black.a-band1", stand: 0 }, "front");
    expect(direct.clear).toBe(false);
    expect(chargeTargets(ctx, charger)).toEqual(["black.a-band1"]);
    const plan = chargePlan(ctx, charger, ctx.unit("black.a-band1"));
    expect(plan?.edge).toBe("front");
    expect(plan?.aligned).toBe(true);
    expect(plan?.contact).toBeCloseTo(W, 6);
    // Ends flush against one black stand, front to front, square: no partial overlap.
    const after = { ...charger, stands: plan!.plan.unit.stands };
    const contacts = unitContacts({ id: after.id, side: "red", formed: true, stands: after.stands }, { id: "black.a-band1", side: "black", formed: true, stands: unitOf(s, "black.a-band1").stands });
    expect(contacts).toHaveLength(1);
    expect(contacts[0].flush).toBe(true);
    expect(contacts[0].length).toBeCloseTo(W, 3);
    expect(contacts[0].edgeOfB).toBe("front");
  });

  it("SW-28: the person is offered the charge in the battle, and the charge goes in without any stand overlapping another", () => {
    let done = false;
    for (let seed = 1; seed < 40 && !done; seed++) {
      const ctx = new Ctx({ ...offsetLines(), rng: seedState(seed), queue: [{ t: "combat" }, { t: "end-turn" }], pending: null });
      run(ctx);
      let cur = ctx.finish();
      // Every red unit in turn: only the retinue and the band facing black are asked.
      while (cur.pending?.kind === "charge" && cur.pending.unit !== "red.a-retinue") cur = play(battleGame, cur, "red", { type: "charge", target: null }).state;
      expect(cur.pending).toMatchObject({ kind: "charge", unit: "red.a-retinue" });
      expect(battleGame.legalMoves(cur, "red")).toContainEqual({ type: "charge", target: "black.a-band1" });
      let r = play(battleGame, cur, "red", { type: "charge", target: "black.a-band1" });
      while (r.state.pending?.kind === "charge") r = play(battleGame, r.state, r.state.pending.side, { type: "charge", target: null });
      const moved = r.events.find((e) => e.type === "charge-move");
      if (!moved) continue;
      done = true;
      expect(moved.edge).toBe("front");
      expect(overlapsIn(r.state)).toEqual([]);
    }
    expect(done).toBe(true);
  });

  it("SW-28: where a friend leaves no room for full alignment, the charger takes as much of the target's edge as it can reach", () => {
    // Black's retinue faces south, front edge at y 11.5 from x 28.43 to 31.57; a red stand already
    // touches its front from x 30.32 on. The charger starts 1.5" off, mostly to the left.
    const friendX = 30 + 0.1 * W + W / 2;
    let s = position(start(), {
      "black.a-retinue": line(30, 11.5, S, 1),
      "red.b-retinue": line(friendX, 11.5, N, 1),
      "red.a-retinue": line(30 - 0.9 * W, 10, N, 1),
    });
    s = ready(signalled(s, "red.a-leader"), "red.a-retinue");
    const ctx = new Ctx(s);
    const plan = chargePlan(ctx, ctx.unit("red.a-retinue"), ctx.unit("black.a-retinue"));
    expect(plan).not.toBeNull();
    expect(plan!.aligned).toBe(false);
    // Up to the friend's side: 0.6 of a stand's width (the shift is found to 1/32 of its length).
    expect(plan!.contact).toBeGreaterThan(0.6 * W - (0.9 * W) / 32 - 1e-6);
    expect(plan!.contact).toBeLessThanOrEqual(0.6 * W + 1e-6);
    const moved = plan!.plan.unit.stands.map(rectOf);
    for (const u of s.units) if (u.id !== "red.a-retinue") for (const st of u.stands) expect(moved.some((m) => rectsOverlap(m, rectOf(st), 1e-6))).toBe(false);
    expect(chargeTargets(ctx, ctx.unit("red.a-retinue"))).toEqual(["black.a-retinue"]);
  });
});

describe("SW-28: no room to reach the target, named", () => {
  /**
   * Black's retinue faces south; Beorn's retinue (red) already holds its left flank, facing west,
   * front corner to front corner. Alfred's retinue stands 0.21" off, beside Beorn's and just
   * overlapping the black frontage, so in black's flank zone: the flank it must meet is taken.
   * It sees black's retinue straight ahead.
   */
  function crowded(): BattleState {
    const s = position(start(), {
      "black.a-retinue": line(30, 11.5, S, 1),
      "red.b-retinue": [{ x: 30 + W / 2 + 1.5748 / 2, y: 11.5 + W / 2, facing: 180, width: W, depth: 1.5748 }],
      "red.a-retinue": line(30 + W / 2 + 1.5, 11.29, N, 1),
    });
    return ready(signalled(s, "red.a-leader"), "red.a-retinue");
  }

  it('SW-28: an enemy within 2" and in sight that no stand can reach is not offered, and the reason names the stand in the way', () => {
    const s = crowded();
    const ctx = new Ctx(s);
    const bu = ctx.unit("red.a-retinue");
    expect(chargeTargets(ctx, bu)).not.toContain("black.a-retinue");
    const why = chargeRefusal(ctx, bu, ctx.unit("black.a-retinue"));
    expect(why?.inTheWay.map((x) => x.unit)).toEqual(["red.b-retinue"]);
    expect(why?.text).toBe("no room to reach Cnut's retinue: Beorn's retinue is in the way");
    expect(chargeRefusals(ctx, bu).map((r) => r.target)).toContain("black.a-retinue");
    // What the charge decision panel shows beside the options.
    expect(pendingChargeRefusals({ ...s, pending: { kind: "charge", side: "red", unit: "red.a-retinue" } }).map((r) => r.text)).toEqual(["no room to reach Cnut's retinue: Beorn's retinue is in the way"]);
    expect(pendingChargeRefusals(s)).toEqual([]);
  });

  it("SW-28: a Blood Lust unit bound to charge with no room says why in the narrative", () => {
    let s = withUnit(crowded(), "red.a-retinue", (u) => ({ ...u, u: { ...u.u, aggression: "bloodlust" } }));
    s = { ...s, queue: [{ t: "combat" }, { t: "end-turn" }], pending: null };
    const ctx = new Ctx(s);
    run(ctx);
    const ev = ctx.events.find((e) => e.type === "charge-no-room");
    expect(ev?.text).toContain("Alfred's retinue must charge but cannot: no room to reach Cnut's retinue: Beorn's retinue is in the way");
  });

  it("SW-28: a signalled unit that would be offered a charge but has no room is told why in the narrative, not silently skipped", () => {
    const s = { ...crowded(), queue: [{ t: "combat" as const }, { t: "end-turn" as const }], pending: null };
    const ctx = new Ctx(s);
    run(ctx);
    const ev = ctx.events.find((e) => e.type === "charge-no-room" && e.unit === "red.a-retinue");
    expect(ev?.text).toBe("Alfred's retinue cannot charge: no room to reach Cnut's retinue: Beorn's retinue is in the way (ruling SW-28)");
    // No charge decision was put to red's player for this unit: nothing could be offered.
    expect(ctx.s.pending?.kind === "charge" && ctx.s.pending.unit === "red.a-retinue").toBe(false);
  });
});

describe("Issue 23 N1: the edge a charge meets is the zone the table draws (ruling SW-18)", () => {
  it("SW-18: a charger ahead of the target's front line but in its flank zone charges the flank, as the zones show", () => {
    // Black's two-stand fyrd faces south; the red unit stands ahead of its front line but further out to the side.
    let s = position(start(), { "black.a-band1": line(30, 30, S, 2), "red.a-retinue": [{ x: 30 + W + 2.2, y: 28.6, facing: 180, width: W, depth: 1.5748 }] });
    s = ready(signalled(s, "red.a-leader"), "red.a-retinue");
    const ctx = new Ctx(s);
    const c = unitCentre({ id: "r", side: "red", formed: true, stands: unitOf(s, "red.a-retinue").stands });
    const zone = unitZones(s, "black.a-band1").zones.find((z) => pointInPolygon(c, z.polygon));
    expect(zone?.aspect).toBe("flank");
    const plan = chargePlan(ctx, ctx.unit("red.a-retinue"), ctx.unit("black.a-band1"));
    expect(plan?.edge).toBe(zone?.edge);
  });
});
