import { describe, expect, it } from "vitest";
import {
  type TerrainFeature,
  defaultTable,
  formLine,
  prepareScene,
  sceneGaps,
  shootingTargets,
  standSees,
  unitSees,
  visibleEnemies,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { D, stand, unit, W } from "./fixtures.js";

const S = { unit: "shooter", stand: 0 };
const T = { unit: "target", stand: 0 };

/** Shooter at y=10 facing north, target at y=30 facing south, two blockers at y=20 with a gap. */
function gapScene(gap: number) {
  const left = stand(36 - gap / 2 - W / 2, 20);
  const right = stand(36 + gap / 2 + W / 2, 20);
  return prepareScene(defaultTable(), [
    unit("shooter", "south", [stand(36, 10)]),
    unit("target", "north", [stand(36, 30, 270)]),
    unit("left", "south", [left]),
    unit("right", "south", [right]),
  ]);
}

describe("line of sight (seed Missile Exchange)", () => {
  it("Missile Exchange: open ground, the target in front is visible", () => {
    const scene = prepareScene(defaultTable(), [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(40, 25, 270)])]);
    expect(standSees(scene, S, T)).toBe(true);
  });
  it("Missile Exchange: line of sight is from the front edge: a target behind is not visible", () => {
    const scene = prepareScene(defaultTable(), [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(36, 5, 90)])]);
    expect(standSees(scene, S, T)).toBe(false);
  });
  it("Unformed Units: an unformed stand faces all round and sees a target behind", () => {
    const scene = prepareScene(defaultTable(), [unit("shooter", "south", [stand(36, 10)], false), unit("target", "north", [stand(36, 5, 90)])]);
    expect(standSees(scene, S, T, { allRound: true })).toBe(true);
    expect(unitSees(scene, "shooter", "target")).toBe(true);
  });
  it("Missile Exchange: a stand squarely in between blocks the view", () => {
    const scene = prepareScene(defaultTable(), [
      unit("shooter", "south", [stand(36, 10)]),
      unit("target", "north", [stand(36, 30, 270)]),
      unit("wall", "south", [stand(36, 20)]),
    ]);
    expect(standSees(scene, S, T)).toBe(false);
  });
  it("Missile Exchange: a blocker off to one side leaves part of the target visible", () => {
    const scene = prepareScene(defaultTable(), [
      unit("shooter", "south", [stand(36, 10)]),
      unit("target", "north", [stand(36, 30, 270)]),
      unit("wall", "south", [stand(36 + 2.5, 20)]),
    ]);
    expect(standSees(scene, S, T)).toBe(true);
  });
  it("Missile Exchange: a gap of 1.99\" between two stands blocks shooting through it", () => {
    expect(standSees(gapScene(1.99), S, T)).toBe(false);
  });
  it("Missile Exchange: a gap of 2.01\" between two stands lets sight through", () => {
    expect(standSees(gapScene(2.01), S, T)).toBe(true);
  });
  it("Missile Exchange: a gap of exactly 2\" is wide enough (at least 2\")", () => {
    expect(standSees(gapScene(2), S, T)).toBe(true);
  });
  it("Missile Exchange: a 1.5\" gap between a stand and a wood blocks sight through it", () => {
    const wood: TerrainFeature = {
      id: "wood",
      kind: "area",
      points: [
        { x: 20, y: 18 },
        { x: 35.25, y: 18 },
        { x: 35.25, y: 22 },
        { x: 20, y: 22 },
      ],
      difficult: true,
      cover: true,
      highGround: false,
      blocksSight: true,
    };
    const base = [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(36, 30, 270)])];
    const near = prepareScene(defaultTable({ terrain: [wood] }), [...base, unit("right", "south", [stand(35.25 + 1.5 + W / 2, 20)])]);
    expect(standSees(near, S, T)).toBe(false);
    const wide = prepareScene(defaultTable({ terrain: [wood] }), [...base, unit("right", "south", [stand(35.25 + 2.2 + W / 2, 20)])]);
    expect(standSees(wide, S, T)).toBe(true);
  });
  it("Missile Exchange: a sight-blocking wood blocks, but sight may reach 1\" into it (option sightDepth)", () => {
    const wood = (y0: number, y1: number): TerrainFeature => ({
      id: "wood",
      kind: "area",
      points: [
        { x: 20, y: y0 },
        { x: 50, y: y0 },
        { x: 50, y: y1 },
        { x: 20, y: y1 },
      ],
      difficult: true,
      cover: true,
      highGround: false,
      blocksSight: true,
    });
    const units = [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(36, 30, 270)])];
    expect(standSees(prepareScene(defaultTable({ terrain: [wood(15, 25)] }), units), S, T)).toBe(false);
    // The target's front edge (y = 30 - D/2) lies 0.71" inside a wood whose south edge is y = 28.5.
    const edge = 30 - D / 2 + 0.8;
    expect(standSees(prepareScene(defaultTable({ terrain: [wood(edge - 0.01 - 10, edge)] }), units), S, T)).toBe(false);
    expect(standSees(prepareScene(defaultTable({ terrain: [wood(28.5, edge)] }), units), S, T)).toBe(true);
    expect(standSees(prepareScene(defaultTable({ terrain: [wood(28.5, edge)], options: { sightDepth: 0 } }), units), S, T)).toBe(false);
  });
  it("Missile Exchange: terrain that does not block sight (open field, low hill) does not", () => {
    const field: TerrainFeature = {
      id: "hill",
      kind: "area",
      points: [
        { x: 20, y: 15 },
        { x: 50, y: 15 },
        { x: 50, y: 25 },
      ],
      difficult: false,
      cover: false,
      highGround: true,
      blocksSight: false,
    };
    const scene = prepareScene(defaultTable({ terrain: [field] }), [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(36, 30, 270)])]);
    expect(standSees(scene, S, T)).toBe(true);
  });
  it("Missile Exchange: stands lined up edge to edge behind one another give no sliver view along their edges (option sightClearance)", () => {
    // Blocker exactly as wide as shooter and target, on the same axis: every line inside is blocked,
    // and the only lines left run exactly along the blocker's edges.
    const scene = prepareScene(defaultTable(), [
      unit("shooter", "south", [stand(36, 10)]),
      unit("target", "north", [stand(36, 30, 270)]),
      unit("wall", "north", [stand(36, 20, 270)]),
    ]);
    expect(standSees(scene, S, T)).toBe(false);
    // With the sightClearance option at 0, the exact line along the edges counts as a view.
    const exact = prepareScene(defaultTable({ options: { sightClearance: 0 } }), scene.units);
    expect(standSees(exact, S, T)).toBe(true);
  });
  it("Missile Exchange: seeing past the end of a friendly line diagonally", () => {
    const scene = prepareScene(defaultTable(), [
      unit("shooter", "south", [stand(36, 10)]),
      unit("friends", "south", formLine({ x: 36 + W * 1.5 + 0.5, y: 15, facing: 90 }, 2)),
      unit("target", "north", [stand(36 + 5 * W, 17, 270)]),
    ]);
    // The friends' line runs from x ≈ 36.5+W/2 to 36.5+2.5W at y 13.4..15; the target is to its right and beyond.
    expect(standSees(scene, S, T)).toBe(true);
  });
  it("visible enemy: visibleEnemies lists enemy units seen by any stand", () => {
    const scene = prepareScene(defaultTable(), [
      unit("me", "south", formLine({ x: 36, y: 10, facing: 90 }, 2)),
      unit("seen", "north", [stand(15, 20, 270)]),
      unit("hidden", "north", [stand(36, 2, 270)]),
      unit("screen", "south", formLine({ x: 36, y: 20, facing: 90 }, 3)),
      unit("behind-screen", "north", [stand(36, 24, 270)]),
    ]);
    expect(visibleEnemies(scene, "me").sort()).toEqual(["seen"]);
  });
  it("Missile Exchange: shooting targets are visible enemy stands within 2\"", () => {
    const scene = prepareScene(defaultTable(), [
      unit("shooter", "south", [stand(36, 10)]),
      unit("near", "north", [stand(36, 10 + D + 1.9, 270)]),
      unit("far", "north", [stand(36 + W + 0.5, 10 + D + 2.3, 270)]),
    ]);
    expect(shootingTargets(scene, S).map((t) => t.target.unit)).toEqual(["near"]);
  });
});

describe("line of sight: obstacles and unformed viewers", () => {
  it("Missile Exchange: a sight-blocking obstacle line (a high wall) blocks; a low hedge does not", () => {
    const wall = (blocksSight: boolean): TerrainFeature => ({
      id: "wall",
      kind: "obstacle",
      points: [
        { x: 20, y: 20 },
        { x: 50, y: 20 },
      ],
      difficult: true,
      cover: true,
      highGround: false,
      blocksSight,
    });
    const units = [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(36, 30, 270)])];
    expect(standSees(prepareScene(defaultTable({ terrain: [wall(true)] }), units), S, T)).toBe(false);
    expect(standSees(prepareScene(defaultTable({ terrain: [wall(false)] }), units), S, T)).toBe(true);
  });
  it("Unformed Units: a formed unit does not see an enemy behind it; the same unit unformed does", () => {
    const behind = unit("target", "north", [stand(36, 4, 90)]);
    expect(unitSees(prepareScene(defaultTable(), [unit("me", "south", [stand(36, 10)]), behind]), "me", "target")).toBe(false);
    expect(unitSees(prepareScene(defaultTable(), [unit("me", "south", [stand(36, 10)], false), behind]), "me", "target")).toBe(true);
  });
});

describe("narrow gaps in a scene", () => {
  it("Missile Exchange: gaps under 2\" are listed once with their bridge; touching stands and wide gaps are not", () => {
    const scene = prepareScene(defaultTable(), [
      unit("line", "south", formLine({ x: 20, y: 10, facing: 90 }, 2)),
      unit("near", "south", [stand(20 + W + 1.9 + W / 2, 10 - D / 2)]),
      unit("wide", "south", [stand(20 + 2 * W + 1.9 + 2.1 + W / 2, 10 - D / 2)]),
    ]);
    expect(scene.gaps).toBeNull();
    const gaps = sceneGaps(scene);
    expect(gaps.length).toBe(1);
    expect(Math.hypot(gaps[0].p.x - gaps[0].q.x, gaps[0].p.y - gaps[0].q.y)).toBeCloseTo(1.9, 9);
    expect(sceneGaps(scene)).toBe(gaps);
  });
});

describe("line of sight in contact", () => {
  it("Missile Exchange: a target touching the shooter's front edge is in sight", () => {
    const scene = prepareScene(defaultTable(), [unit("shooter", "south", [stand(36, 10)]), unit("target", "north", [stand(36, 10 + D, 270)])]);
    expect(standSees(scene, S, T)).toBe(true);
  });
});
