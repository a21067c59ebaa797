/**
 * Wrong results found by an audit of seeded battles (issue 14), each on a hand-built position:
 * casualties (SW-27), flank and rear charges (SW-18), pursuit (SW-20, SW-21), nothing fled, the
 * charge test's friend charging within 2", charges through difficult ground, broken within 2",
 * and SW-15's moves. Titles name the seed section or ruling.
 */
import { describe, expect, it } from "vitest";
import type { BattleState } from "../../../src/rulesets/shieldwall/battle/index.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { chargeInputFor, chargePlan, nearestVisibleEnemy } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { afterPursuitMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import type { MoveRoll } from "../../../src/rulesets/shieldwall/move-dice.js";
import { chargeFails } from "../../../src/rulesets/shieldwall/battle/phases/charges.js";
import { chargeMove } from "../../../src/rulesets/shieldwall/battle/effects.js";
import { movesAfterCombat } from "../../../src/rulesets/shieldwall/battle/phases/aftermath.js";
import type { UnitOutcome } from "../../../src/rulesets/shieldwall/combat.js";
import { contactBetween } from "../../../src/rulesets/shieldwall/geometry/contact.js";
import { line, N, position, S, signalled, start, unitOf, withUnit } from "./setup.js";

const W = 80 / 25.4; // 15mm stand width
const D = 40 / 25.4; // 15mm stand depth

/** Runs the engine from a given task list to the next decision. */
function runFrom(s: BattleState, queue: BattleState["queue"]): Ctx {
  const ctx = new Ctx({ ...s, queue, pending: null });
  run(ctx);
  return ctx;
}

describe("Casualties (ruling SW-27)", () => {
  it("SW-27: a stand only meeting an enemy at a corner is unengaged and is removed before one in edge contact", () => {
    const red = line(30, 20, N, 2);
    // Black's band in edge contact with red's last stand; black's thegns meet red's first stand only at a corner.
    const last = red[1];
    const first = red[0];
    const side = Math.sign(first.x - last.x); // the first stand's side of the line
    const s = position(start(), {
      "red.a-band1": red,
      "black.a-band1": line(last.x, 20, S, 1),
      "black.a-band2": line(first.x + side * W, 20, S, 1),
    });
    const corner = unitOf(s, "black.a-band2").stands[0];
    expect(contactBetween(corner, first).inContact).toBe(false);
    expect(contactBetween(unitOf(s, "black.a-band1").stands[0], last).inContact).toBe(true);
    const ctx = new Ctx(s);
    ctx.setU({ ...ctx.unit("red.a-band1").u, stands: 1 });
    expect(ctx.unit("red.a-band1").stands).toEqual([last]);
  });
});

describe("Flank or rear charges (ruling SW-18)", () => {
  it("SW-18: a unit charged in the flank this turn hits on 6 even while also engaged to its front", () => {
    let s = position(start(), { "black.a-band1": line(30, 30, S, 2), "red.a-band1": line(30, 30, N, 2), "red.a-retinue": [{ x: 30 + W + 1.5, y: 30 + 0.8, facing: 180, width: W, depth: D }] });
    const c0 = new Ctx(s);
    const plan = chargePlan(c0, c0.unit("red.a-retinue"), c0.unit("black.a-band1"));
    expect(plan?.edge === "left" || plan?.edge === "right").toBe(true);
    s = position(s, { "black.a-band1": unitOf(s, "black.a-band1").stands, "red.a-band1": unitOf(s, "red.a-band1").stands, "red.a-retinue": plan!.plan.unit.stands });
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, charged: true }));
    const ctx = runFrom(s, [{ t: "melee", red: ["red.a-band1", "red.a-retinue"], black: ["black.a-band1"] }, { t: "end-turn" }]);
    const detail = ctx.events.filter((e) => e.type === "combat-detail").map((e) => e.text).join("\n");
    expect(detail).toMatch(/Cnut's fyrd \d+ dice \([^:]*\) hitting on 6 \(flank or rear\):/);
  });
});

describe('Charge test: "+1 if a friendly unit charging within 2"" (seed "Charges and Combat")', () => {
  it("Charges and Combat: a friend that failed its charge test is not charging and gives no +1; one yet to test does", () => {
    let s = position(start(), {
      "red.a-band1": line(30, 10, N, 2),
      "red.a-band2": line(30 + 1.5 * W + 0.5, 10, N, 1),
      "black.a-band1": line(30, 11.5, S, 2),
      "black.a-band2": line(30 + 1.5 * W + 0.5, 11.5, S, 1),
    });
    s = signalled(s, "red.a-leader");
    s = { ...s, declarations: [{ unit: "red.a-band1", target: "black.a-band1" }, { unit: "red.a-band2", target: "black.a-band2" }] };
    const ctx = new Ctx(s);
    expect(chargeInputFor(ctx, "red.a-band2").friendChargingWithin2).toBe(true);
    chargeFails(ctx, "red.a-band1");
    expect(chargeInputFor(ctx, "red.a-band2").friendChargingWithin2).toBe(false);
  });
});

describe("SW-15 only for the initial advance and the movement phase (ruling SW-15)", () => {
  it("SW-15: a follow-up in the combat phase towards a unit whose leader has not signalled gives it no morale DP", () => {
    const s = { ...position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2), "black.b-retinue": line(30 + 3 * W, 22, S, 1) }), phase: "combat" as const };
    const ctx = new Ctx(s);
    const out = (id: string, move: UnitOutcome["move"]): UnitOutcome => ({ id, side: unitOf(s, id).side === "red" ? "a" : "b", unit: unitOf(s, id).u, engagedStands: 1, move });
    movesAfterCombat(ctx, [out("black.a-band1", "fall-back"), out("red.a-retinue", "follow-up")], new Map(s.units.map((u) => [u.id, u.stands])));
    expect(ctx.unit("red.a-retinue").followingUp).toBe(true);
    expect(ctx.events.filter((e) => e.type === "sw15")).toEqual([]);
    expect(ctx.unit("black.b-retinue").u.dp.morale).toBe(unitOf(s, "black.b-retinue").u.dp.morale);
  });
});

describe('Broken within 2" (seed "Aggression Levels", ruling SW-20)', () => {
  it("SW-20: a friend within 2 inches of where a unit broke drops a level, though the rout ended further away", () => {
    let changed = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const s0 = position(start(seed), { "red.a-retinue": line(30, 20, N, 1), "black.a-band2": line(30, 20, S, 1), "black.a-band1": line(30 - 1.5 * W - 1, 20, S, 2) });
      const s = { ...s0, phase: "combat" as const };
      const ctx = new Ctx(s);
      const out = (id: string, move: UnitOutcome["move"]): UnitOutcome => ({ id, side: unitOf(s, id).side === "red" ? "a" : "b", unit: unitOf(s, id).u, engagedStands: 1, move });
      movesAfterCombat(ctx, [out("black.a-band2", "break"), out("red.a-retinue", "remain")], new Map(s.units.map((u) => [u.id, u.stands])));
      expect(ctx.unit("black.a-band2").u.status).toBe("broken");
      const rout = ctx.events.find((e) => e.type === "move" && e.unit === "black.a-band2");
      expect(rout?.distance as number).toBeGreaterThan(3);
      expect(ctx.unit("black.a-band1").u.aggression).not.toBe(unitOf(s, "black.a-band1").u.aggression);
      changed++;
    }
    expect(changed).toBe(5);
  });
});

describe('Nothing fled (seed "Moves Following Combat": Remain in place, Retire)', () => {
  it("Moves Following Combat: a loser unable to retire remains in place, formed, with 1 DP; the winner does not pursue and stays formed", () => {
    // A friend right behind the black band blocks its retire move.
    const s0 = position(start(), { "black.a-band1": line(30, 20, S, 2), "black.a-retinue": line(30, 20 + D + 0.01, S, 1), "red.a-retinue": line(30, 20, N, 1) });
    const s = { ...s0, phase: "combat" as const };
    const ctx = new Ctx(s);
    const out = (id: string, move: UnitOutcome["move"]): UnitOutcome => ({ id, side: unitOf(s, id).side === "red" ? "a" : "b", unit: unitOf(s, id).u, engagedStands: 1, move });
    movesAfterCombat(ctx, [out("black.a-band1", "retire"), out("red.a-retinue", "pursue")], new Map(s.units.map((u) => [u.id, u.stands])));
    const loser = ctx.unit("black.a-band1");
    expect(ctx.events.some((e) => e.type === "unable-to-move" && e.unit === "black.a-band1")).toBe(true);
    expect(loser.stands).toEqual(unitOf(s, "black.a-band1").stands);
    expect(loser.u.formed).toBe(true);
    expect(loser.retiring).toBe(false);
    const winner = ctx.unit("red.a-retinue");
    expect(winner.pursuing).toBe(false);
    expect(winner.u.formed).toBe(true);
    expect(winner.stands).toEqual(unitOf(s, "red.a-retinue").stands);
  });
});

describe('Charging through difficult ground (seed "Effect of difficult terrain")', () => {
  it("Effect of difficult terrain: a charge whose move crosses a marsh leaves the charger unformed before the combat", () => {
    const base = start();
    const marsh = { id: "marsh", kind: "area" as const, points: [{ x: 25, y: 10.5 }, { x: 35, y: 10.5 }, { x: 35, y: 11 }, { x: 25, y: 11 }], difficult: true, cover: false, highGround: false, blocksSight: false };
    const s = position({ ...base, table: { ...base.table, terrain: [marsh] } }, { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 11.5, S, 2) });
    const ctx = new Ctx(s);
    expect(ctx.unit("red.a-band1").u.formed).toBe(true);
    chargeMove(ctx, "red.a-band1", "black.a-band1");
    expect(ctx.events.some((e) => e.type === "charge-move" && e.unit === "red.a-band1")).toBe(true);
    expect(ctx.unit("red.a-band1").u.formed).toBe(false);
  });
});

describe('Pursuit in the movement phase (seed "Moves Following Combat", Pursue; rulings SW-20, SW-21)', () => {
  const roll = (inches: number): MoveRoll => ({ roll: { dice: "AvD+D6", faces: [], total: inches - 1 } as unknown as MoveRoll["roll"], inches, fatigue: 0 });
  const pursuer = (s: BattleState) => withUnit(s, "red.a-retinue", (u) => ({ ...u, pursuing: true, u: { ...u.u, formed: false } }));

  it("SW-20: a pursuer pursues the fled (retiring) unit, its quarry, not a nearer enemy; catching it gives the free hack and the retirer breaks", () => {
    let s = position(start(), {
      "red.a-retinue": line(30, 20, N, 1),
      "black.a-band1": line(30, 22.5 + D, N, 2), // retiring away north, its rear 2.5" ahead
      "black.b-retinue": line(30 + W + 1, 20 - D - 0.5, N, 1), // nearer, behind to the east, not fled
    });
    s = withUnit(pursuer(withUnit(s, "black.a-band1", (u) => ({ ...u, retiring: true, u: { ...u.u, formed: false } }))), "red.a-retinue", (u) => ({ ...u, quarry: "black.a-band1" }));
    const ctx = new Ctx({ ...s, phase: "movement" });
    expect(nearestVisibleEnemy(ctx, ctx.unit("red.a-retinue"))?.id).toBe("black.b-retinue");
    afterPursuitMove(ctx, "red.a-retinue", roll(6));
    expect(ctx.unit("red.a-retinue").stands[0].y).toBeGreaterThan(21);
    expect(ctx.events.some((e) => e.type === "free-hack")).toBe(true);
    expect(ctx.unit("black.a-band1").u.status).not.toBe("active");
    expect(ctx.unit("black.a-band1").stands).toEqual([]);
    expect(ctx.events.some((e) => e.type === "pursuit-charge")).toBe(false);
  });

  it("SW-21: with no fled enemy left a pursuer heads for the enemy's table edge (no camp) and leaves the table, ignoring enemy away from its path", () => {
    let s = position(start(), { "red.a-retinue": line(30, 44, N, 1), "black.b-retinue": line(60, 30, S, 1) });
    s = pursuer(s);
    const ctx = new Ctx({ ...s, phase: "movement" });
    afterPursuitMove(ctx, "red.a-retinue", roll(6));
    expect(ctx.unit("red.a-retinue").u.status).toBe("left-table");
    expect(ctx.events.some((e) => e.type === "left-table")).toBe(true);
  });

  it("SW-21: with no fled enemy left a pursuer heads for the enemy camp and loots it", () => {
    const base = start();
    let s = position({ ...base, table: { ...base.table, camps: [{ side: "black", polygon: [{ x: 28, y: 30 }, { x: 32, y: 30 }, { x: 32, y: 32 }, { x: 28, y: 32 }] }] } }, { "red.a-retinue": line(30, 25, N, 1), "black.b-retinue": line(60, 30, S, 1) });
    s = pursuer(s);
    const ctx = new Ctx({ ...s, phase: "movement" });
    afterPursuitMove(ctx, "red.a-retinue", roll(6));
    expect(ctx.unit("red.a-retinue").looting).toBe(true);
    expect(ctx.events.some((e) => e.type === "loot")).toBe(true);
  });
});
