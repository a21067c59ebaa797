import { describe, expect, it } from "vitest";
import {
  MOVE_ARC_DEGREES,
  type Stand,
  type TerrainFeature,
  aboutFace,
  advance,
  arcProblem,
  defaultTable,
  displacementWithinArc,
  distanceToEnemyZone,
  formLine,
  headingWithinArc,
  planMove,
  prepareScene,
  rectCorners,
  rectOf,
  standsOverlap,
  step,
  stepProblem,
  unitDistance,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { D, stand, unit, W } from "./fixtures.js";

const area = (id: string, pts: [number, number][], flags: Partial<TerrainFeature> = {}): TerrainFeature => ({
  id,
  kind: "area",
  points: pts.map(([x, y]) => ({ x, y })),
  difficult: false,
  cover: false,
  highGround: false,
  blocksSight: false,
  ...flags,
});

describe("SW-1 the 22½° arc", () => {
  it("SW-1: the arc is 22½°", () => {
    expect(MOVE_ARC_DEGREES).toBe(22.5);
  });
  it("SW-1: a move 22° off the centre axis is within the arc, 23° is not (either side)", () => {
    expect(headingWithinArc(90, 112)).toBe(true);
    expect(headingWithinArc(90, 68)).toBe(true);
    expect(headingWithinArc(90, 113)).toBe(false);
    expect(headingWithinArc(90, 67)).toBe(false);
    expect(headingWithinArc(90, 112.5)).toBe(true);
  });
  it("SW-1: the arc wraps round north-east (facing 10°, moving at 350° is 20° off)", () => {
    expect(headingWithinArc(10, 350)).toBe(true);
    expect(headingWithinArc(10, 346)).toBe(false);
  });
  it("SW-1: a displacement is judged by its direction; no move at all is within", () => {
    const r22 = (22 * Math.PI) / 180;
    const r23 = (23 * Math.PI) / 180;
    expect(displacementWithinArc(90, -Math.sin(r22) * 5, Math.cos(r22) * 5)).toBe(true);
    expect(displacementWithinArc(90, -Math.sin(r23) * 5, Math.cos(r23) * 5)).toBe(false);
    expect(displacementWithinArc(90, 0, 0)).toBe(true);
  });
  it("SW-1: a formed unit may not move outside the arc; an unformed one may", () => {
    const u = unit("u", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
    expect(arcProblem(u, 113)).toMatch(/22.5° .*SW-1/);
    expect(() => advance(u, 3, 23)).toThrow(/SW-1/);
    expect(arcProblem({ ...u, formed: false }, 200)).toBeNull();
  });
  it("Manoeuvre: moving forward by d along a heading within the arc translates the line without turning it", () => {
    const u = unit("u", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
    const moved = advance(u, 4, 20);
    const dx = 4 * Math.cos((110 * Math.PI) / 180);
    const dy = 4 * Math.sin((110 * Math.PI) / 180);
    moved.stands.forEach((s, i) => {
      expect(s.x).toBeCloseTo(u.stands[i].x + dx, 12);
      expect(s.y).toBeCloseTo(u.stands[i].y + dy, 12);
      expect(s.facing).toBe(90);
    });
  });
});

describe("Manoeuvre: about face and steps (ruling SW-1)", () => {
  it("SW-1: about face turns the unit 180° in its own footprint, stands still listed left to right", () => {
    const u = unit("u", "south", formLine({ x: 36, y: 10, facing: 90 }, 3));
    const f = aboutFace(u);
    const key = (s: Stand) =>
      rectCorners(rectOf(s))
        .map((c) => `${c.x.toFixed(9)},${c.y.toFixed(9)}`)
        .sort()
        .join(";");
    expect(f.stands.map(key).sort()).toEqual(u.stands.map(key).sort());
    for (const s of f.stands) expect(s.facing).toBeCloseTo(270, 9);
    // Facing south, the unit's left is east: stand 0 is the easternmost.
    expect(f.stands[0].x).toBeGreaterThan(f.stands[2].x);
  });
  it("SW-1: side-step, step back and step forward move up to 2\" along the unit's axes", () => {
    const u = unit("u", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
    expect(step(u, "left", 2).stands[0].x).toBeCloseTo(u.stands[0].x - 2, 12);
    expect(step(u, "right", 1.5).stands[0].x).toBeCloseTo(u.stands[0].x + 1.5, 12);
    expect(step(u, "back", 2).stands[0].y).toBeCloseTo(u.stands[0].y - 2, 12);
    expect(step(u, "forward", 0.5).stands[0].y).toBeCloseTo(u.stands[0].y + 0.5, 12);
  });
  it("SW-1: a step longer than 2\" is refused", () => {
    const u = unit("u", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
    expect(stepProblem(2.1)).toMatch(/at most 2" \(ruling SW-1\)/);
    expect(() => step(u, "left", 2.1)).toThrow(/SW-1/);
    expect(stepProblem(-1)).toMatch(/0 or more/);
  });
});

describe("Movement: halting 2\" from visible enemy, friends and obstacles", () => {
  const me = () => unit("me", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
  const foe = unit("foe", "north", formLine({ x: 36, y: 30, facing: 270 }, 2));

  it("Movement: a unit moving straight halts at exactly 2\" from visible enemy", () => {
    const scene = prepareScene(defaultTable(), [me(), foe]);
    const plan = planMove(scene, "me", 90, 25);
    expect(plan.stoppedBy).toEqual({ kind: "enemy-zone", unit: "foe" });
    // Front edges at y = 10 and y = 30: a 20" gap, so the unit moves 18".
    expect(plan.distance).toBeCloseTo(18, 9);
    expect(unitDistance(plan.unit, foe)).toBeCloseTo(2, 9);
  });
  it("Movement: the halt distance is the largest move before entering the 2\" zone, also on an oblique heading", () => {
    const scene = prepareScene(defaultTable(), [me(), foe]);
    const z = distanceToEnemyZone(scene, "me", 105);
    expect(z.enemy).toBe("foe");
    const plan = planMove(scene, "me", 105, 30);
    expect(plan.distance).toBeCloseTo(z.distance, 12);
    expect(unitDistance(plan.unit, foe)).toBeCloseTo(2, 9);
    // A hair further would be inside the zone.
    const over = planMove(scene, "me", 105, z.distance + 0.01, { zone: 0 });
    expect(unitDistance(over.unit, foe)).toBeLessThan(2);
  });
  it("Movement: a move shorter than the gap is made in full", () => {
    const scene = prepareScene(defaultTable(), [me(), foe]);
    const plan = planMove(scene, "me", 90, 5);
    expect(plan.distance).toBe(5);
    expect(plan.stoppedBy).toBeNull();
  });
  it("Movement: a unit already within 2\" may not close further but may move away", () => {
    const near = unit("near", "north", formLine({ x: 36, y: 11.5, facing: 270 }, 2));
    const scene = prepareScene(defaultTable(), [me(), near]);
    expect(planMove(scene, "me", 90, 3).distance).toBe(0);
    expect(planMove(scene, "me", 270, 3).distance).toBeCloseTo(3, 12);
  });
  it("Movement: a unit within 2\" of an enemy may slide past it without closing", () => {
    const near = unit("near", "north", [stand(40, 10 + 1.5 + D / 2, 270)]);
    const scene = prepareScene(defaultTable(), [me(), near]);
    const plan = planMove(scene, "me", 0, 4);
    expect(plan.distance).toBe(4);
    expect(unitDistance(plan.unit, near)).toBeCloseTo(1.5, 9);
  });
  it("Movement: an enemy out of sight does not halt the move; the friends screening it stop it instead", () => {
    const screen = unit("screen", "south", formLine({ x: 36, y: 20, facing: 90 }, 3));
    const hidden = unit("hidden", "north", formLine({ x: 36, y: 20 + D + 1, facing: 270 }, 2));
    const scene = prepareScene(defaultTable(), [me(), screen, hidden]);
    const plan = planMove(scene, "me", 90, 20);
    expect(plan.stoppedBy).toEqual({ kind: "stand", unit: "screen", stand: expect.any(Number), friend: true });
    // Front edge of me (y = 10) meets the rear edge of the screen (y = 20 - D).
    expect(plan.distance).toBeCloseTo(20 - D - 10, 9);
    expect(plan.unit.stands.some((s, i) => standsOverlap(s, screen.stands[i]))).toBe(false);
  });
  it("Movement: not forced to interpenetrate friends: the first friendly stand on the path stops the unit in contact", () => {
    const friend = unit("friend", "south", [stand(36 + W / 2 + 1, 18)]);
    const scene = prepareScene(defaultTable(), [me(), friend]);
    const plan = planMove(scene, "me", 90, 10);
    expect(plan.stoppedBy).toEqual({ kind: "stand", unit: "friend", stand: 0, friend: true });
    expect(plan.distance).toBeCloseTo(18 - D / 2 - 10, 9);
  });
  it("Movement: sliding past a friend that touches the unit's flank is not interpenetration", () => {
    const beside = unit("beside", "south", [stand(36 + W + W / 2, 10 - D / 2)]);
    const scene = prepareScene(defaultTable(), [me(), beside]);
    const plan = planMove(scene, "me", 90, 6);
    expect(plan.distance).toBe(6);
    expect(plan.stoppedBy).toBeNull();
  });
  it("Movement: not forced to cross an obstacle: the unit halts against it", () => {
    const hedge: TerrainFeature = { ...area("hedge", []), kind: "obstacle", points: [{ x: 20, y: 16 }, { x: 50, y: 16 }], difficult: true };
    const scene = prepareScene(defaultTable({ terrain: [hedge] }), [me()]);
    const plan = planMove(scene, "me", 90, 10);
    expect(plan.stoppedBy).toEqual({ kind: "obstacle", id: "hedge" });
    expect(plan.distance).toBeCloseTo(6, 9);
    expect(plan.obstaclesCrossed).toEqual([]);
    const over = planMove(scene, "me", 90, 10, { crossObstacles: true });
    expect(over.distance).toBe(10);
    expect(over.obstaclesCrossed).toEqual(["hedge"]);
    // Effect of difficult terrain: crossing an obstacle is difficult terrain.
    expect(over.difficult).toEqual(["hedge"]);
  });
  it("Effect of difficult terrain: any stand moving into a marsh is reported; passing alongside it is not", () => {
    // Marsh to the north-east: only the right-hand stand's path clips it.
    const marsh = area("marsh", [[37, 14], [45, 14], [45, 20], [37, 20]], { difficult: true });
    const scene = prepareScene(defaultTable({ terrain: [marsh] }), [me()]);
    expect(planMove(scene, "me", 90, 5).difficult).toEqual(["marsh"]);
    expect(planMove(scene, "me", 90, 3).difficult).toEqual([]);
    // A marsh whose west edge touches the unit's east flank line exactly: moving north is not entering it.
    const beside = area("beside", [[36 + W, 8], [45, 8], [45, 20], [36 + W, 20]], { difficult: true });
    const scene2 = prepareScene(defaultTable({ terrain: [beside] }), [me()]);
    expect(planMove(scene2, "me", 90, 5).difficult).toEqual([]);
    // Cover and high ground are not difficult.
    const wood = area("copse", [[30, 12], [40, 12], [40, 14], [30, 14]], { cover: true });
    expect(planMove(prepareScene(defaultTable({ terrain: [wood] }), [me()]), "me", 90, 5).difficult).toEqual([]);
  });
  it("Movement: a unit stops at the table edge unless it may leave (SW-21 pursuers)", () => {
    const u = unit("u", "south", formLine({ x: 36, y: 45, facing: 90 }, 2));
    const scene = prepareScene(defaultTable(), [u]);
    const plan = planMove(scene, "u", 90, 6);
    expect(plan.stoppedBy).toEqual({ kind: "table-edge" });
    expect(plan.distance).toBeCloseTo(3, 9);
    expect(planMove(scene, "u", 90, 6, { stopAtTableEdge: false }).distance).toBe(6);
  });
});

describe("first obstruction on a path", () => {
  it("Movement: with no zone, the first stand on the path is found whatever its side", () => {
    const me = unit("me", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
    const enemyAhead = unit("enemy", "north", [stand(36, 16 + D / 2, 270)]);
    const friendFurther = unit("friend", "south", [stand(36, 25)]);
    const scene = prepareScene(defaultTable(), [me, enemyAhead, friendFurther]);
    const plan = planMove(scene, "me", 90, 20, { zone: 0, stopAtTableEdge: false });
    expect(plan.stoppedBy).toEqual({ kind: "stand", unit: "enemy", stand: 0, friend: false });
    expect(plan.distance).toBeCloseTo(6, 9);
    // With the 2" zone, the visible enemy halts it 2" short.
    expect(planMove(scene, "me", 90, 20).distance).toBeCloseTo(4, 9);
  });
});
