import { describe, expect, it } from "vitest";
import { measure, moveHalt, sightBetween, unitZones } from "../../../src/rulesets/shieldwall/battle/measure.js";
import type { BattleState } from "../../../src/rulesets/shieldwall/battle/index.js";
import { edgeFacing } from "../../../src/rulesets/shieldwall/geometry/contact.js";
import { pointInPolygon } from "../../../src/rulesets/shieldwall/geometry/polygon.js";
import { BASE_SIZES } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { line, N, position, S, start, withUnit } from "./setup.js";

const DEPTH = BASE_SIZES["15mm"].depth;
const WIDTH = BASE_SIZES["15mm"].width;

/** Red's thegns (one stand) facing north at (30, y), black's thegns facing south `gap` inches ahead. */
function facing(gap: number, dx = 0): BattleState {
  return position(start(), { "red.a-band2": line(30, 10, N, 1), "black.a-band2": line(30 + dx, 10 + gap, S, 1) });
}

const A = { unit: "red.a-band2", stand: 0 };
const B = { unit: "black.a-band2", stand: 0 };

const wood = (points: { x: number; y: number }[]) => ({ id: "wood", name: "Dark Wood", kind: "area" as const, points, difficult: true, cover: true, highGround: false, blocksSight: true });

describe("the tape measure (docs/shieldwall/table.md, 'Measuring at the table')", () => {
  it("SW-3: measures edge to edge in inches, between the closest points", () => {
    const m = measure(facing(5), A, B);
    expect(m.distance).toBeCloseTo(5, 9);
    expect(m.p.y).toBeCloseTo(10, 9);
    expect(m.q.y).toBeCloseTo(15, 9);
  });

  it("SW-3: within 2\" and within 8\" are inclusive (a unit halted at exactly 2\" is within 2\")", () => {
    const at2 = measure(facing(2), A, B);
    expect([at2.within2, at2.within8]).toEqual([true, true]);
    const at3 = measure(facing(3), A, B);
    expect([at3.within2, at3.within8]).toEqual([false, true]);
    const at8 = measure(facing(8), A, B);
    expect(at8.within8).toBe(true);
    const at9 = measure(facing(9), A, B);
    expect([at9.within2, at9.within8]).toEqual([false, false]);
  });

  it("SW-1: the 22½° arc of the front — straight ahead is in, far to the side is out, behind is out", () => {
    expect(measure(facing(6), A, B).inArc).toBe(true);
    // 6" ahead, the arc has widened by 6·tan 22½° ≈ 2.49" on each side of the front edge.
    expect(measure(facing(6, WIDTH + 2), A, B).inArc).toBe(true);
    expect(measure(facing(6, WIDTH + 3.5), A, B).inArc).toBe(false);
    const behind = position(start(), { "red.a-band2": line(30, 20, N, 1), "black.a-band2": line(30, 10, S, 1) });
    expect(measure(behind, A, B).inArc).toBe(false);
  });

  it("SW-1: an unformed unit moves any way, so every stand is in its arc; it sees all round (seed 'Unformed Units')", () => {
    const s = position(start(), { "red.a-band2": line(30, 20, N, 1), "black.a-band2": line(30, 10, S, 1) });
    const loose = withUnit(s, "red.a-band2", (u) => ({ ...u, u: { ...u.u, formed: false } }));
    const m = measure(loose, A, B);
    expect(m.inArc).toBe(true);
    expect(m.arc).toBeNull();
    expect(m.sight.clear).toBe(true);
    expect(m.sight.allRound).toBe(true);
  });

  it("seed 'Missile Exchange': a clear line of sight from the front is in sight, drawn between the two stands", () => {
    const m = measure(facing(4), A, B);
    expect(m.sight.clear).toBe(true);
    expect(m.sight.blockers).toEqual([]);
    expect(m.sight.line.from.y).toBeCloseTo(10, 6);
    expect(m.sight.line.to.y).toBeCloseTo(14, 6);
  });

  it("seed 'Missile Exchange': a formed stand does not see behind its front edge, and says so", () => {
    const s = position(start(), { "red.a-band2": line(30, 20, N, 1), "black.a-band2": line(30, 10, S, 1) });
    const m = measure(s, A, B);
    expect(m.sight.clear).toBe(false);
    expect(m.sight.blockers.map((b) => b.kind)).toContain("behind");
  });

  it("seed 'Missile Exchange': a unit in between blocks sight and is named", () => {
    const s = position(start(), {
      "red.a-band2": line(30, 10, N, 1),
      "red.b-band1": line(30, 13, N, 1),
      "black.a-band2": line(30, 18, S, 1),
    });
    const m = measure(s, A, B);
    expect(m.sight.clear).toBe(false);
    expect(m.sight.blockers).toContainEqual({ kind: "stand", unit: "red.b-band1", name: "Beorn's levy" });
  });

  it("option sightDepth (1\"): a sight-blocking wood between the stands blocks sight and is named", () => {
    const s0 = facing(8);
    const s: BattleState = { ...s0, table: { ...s0.table, terrain: [wood([{ x: 20, y: 12 }, { x: 40, y: 12 }, { x: 40, y: 16 }, { x: 20, y: 16 }])] } };
    const m = measure(s, A, B);
    expect(m.sight.clear).toBe(false);
    expect(m.sight.blockers).toContainEqual({ kind: "terrain", id: "wood", name: "Dark Wood" });
    // The same wood off to the side blocks nothing.
    const aside: BattleState = { ...s0, table: { ...s0.table, terrain: [wood([{ x: 50, y: 12 }, { x: 60, y: 12 }, { x: 60, y: 16 }, { x: 50, y: 16 }])] } };
    expect(sightBetween(aside, A, B).clear).toBe(true);
  });

  it("seed 'Missile Exchange': a gap under 2\" between two units is named as what blocks sight", () => {
    // Two stands side by side 1" apart across the line of sight: the line passes between them.
    const s = position(start(), {
      "red.a-band2": line(30, 10, N, 1),
      "red.b-band1": line(30 - WIDTH / 2 - 0.5, 13, N, 1),
      "red.b-retinue": line(30 + WIDTH / 2 + 0.5, 13, N, 1),
      "black.a-band2": line(30, 18, S, 1),
    });
    const m = measure(s, A, B);
    expect(m.sight.clear).toBe(false);
    const gap = m.sight.blockers.find((b) => b.kind === "gap");
    expect(gap?.kind === "gap" && [...gap.between].sort()).toEqual(["Beorn's levy", "Beorn's retinue"]);
  });

  it("refuses a unit that is not on the table, naming it", () => {
    expect(() => measure(facing(4), A, { unit: "red.a-band1", stand: 0 })).toThrow(/red.a-band1/);
  });
});

describe("front, flank and rear zones (SW-18: charged in the flank or rear)", () => {
  it("agree with edgeFacing, the engine's choice of the edge a charge meets, for a one-stand unit", () => {
    const s = facing(6);
    const z = unitZones(s, "red.a-band2", 8);
    expect(z.allRound).toBe(false);
    expect(z.zones.map((x) => [x.edge, x.aspect])).toEqual([
      ["front", "front"],
      ["right", "flank"],
      ["rear", "rear"],
      ["left", "flank"],
    ]);
    const st = s.units.find((u) => u.id === "red.a-band2")!.stands[0];
    let checked = 0;
    for (let i = 0; i < 200; i++) {
      const p = { x: st.x + ((i * 37) % 13) - 6.3, y: st.y + ((i * 53) % 11) - 5.2 };
      const inside = z.zones.filter((x) => pointInPolygon(p, x.polygon));
      if (inside.length !== 1) continue; // on a boundary, inside the stand, or beyond the reach
      expect(inside[0].edge).toBe(edgeFacing(st, p));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("cover the whole line of a formed unit of two stands", () => {
    const s = position(start(), { "red.a-band1": line(30, 10, N, 2) });
    const z = unitZones(s, "red.a-band1", 8);
    const front = z.zones.find((x) => x.edge === "front")!.polygon;
    expect(front[0].x).toBeCloseTo(30 - WIDTH, 6);
    expect(front[1].x).toBeCloseTo(30 + WIDTH, 6);
    expect(front[0].y).toBeCloseTo(10, 6);
    const rear = z.zones.find((x) => x.edge === "rear")!.polygon;
    expect(rear[0].y).toBeCloseTo(10 - DEPTH, 6);
  });

  it("seed 'Unformed Units': an unformed unit faces all round, with no flank or rear", () => {
    const s = withUnit(facing(6), "red.a-band2", (u) => ({ ...u, u: { ...u.u, formed: false } }));
    expect(unitZones(s, "red.a-band2")).toEqual({ unit: "red.a-band2", allRound: true, zones: [] });
  });
});

describe("the 2\" halt of a move (seed 'Movement': a move stops 2\" from a visible enemy)", () => {
  it("straight at an enemy 8\" ahead, the unit halts after 6\"", () => {
    const h = moveHalt(facing(8), "red.a-band2", N);
    expect(h.distance).toBeCloseTo(6, 6);
    expect(h.enemy).toBe("black.a-band2");
    expect(h.enemyName).toBe("Cnut's thegns");
  });
  it("away from the enemy nothing halts the move", () => {
    expect(moveHalt(facing(8), "red.a-band2", S)).toMatchObject({ distance: null, enemy: null });
  });
});
