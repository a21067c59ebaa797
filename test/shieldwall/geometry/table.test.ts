import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/cli/errors.js";
import { validate } from "../../../src/cli/input.js";
import {
  BASE_SIZES,
  DEFAULT_TABLE_OPTIONS,
  baseFor,
  centreLineY,
  defaultTable,
  deploymentProblem,
  deploymentProblems,
  distanceToTableEdge,
  featuresUnder,
  formLine,
  rectOf,
  standIn,
  standOffTable,
  standOnTable,
  standPolygon,
  tableSchema,
  unitGeomSchema,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { D, stand, W } from "./fixtures.js";


const parse = (data: unknown) => validate(tableSchema, data, "table.json", "SW-3");
const problem = (data: unknown): string => {
  try {
    parse(data);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("expected an InputError");
};

describe("SW-3 the table", () => {
  it("SW-3: the default table is 72\" × 48\" (house rule), open ground, 15mm", () => {
    const t = defaultTable();
    expect([t.width, t.height, t.scale, t.terrain.length]).toEqual([72, 48, "15mm", 0]);
    expect(baseFor(t)).toEqual(BASE_SIZES["15mm"]);
    expect(parse({})).toEqual(t);
  });
  it("SW-3: on a 28mm table, lines are formed of 120 mm stands", () => {
    const t = parse({ scale: "28mm" });
    const line = formLine({ x: 36, y: 10, facing: 90 }, 2, baseFor(t));
    expect(line[1].x - line[0].x).toBeCloseTo(120 / 25.4, 12);
    expect(line[0].depth).toBeCloseTo(50 / 25.4, 12);
  });
  it("SW-3: a table file may set size, 28mm scale, terrain, camps and options", () => {
    const t = parse({
      width: 96,
      height: 60,
      scale: "28mm",
      terrain: [
        { id: "wood", points: [[10, 10], [20, 10], [20, 20]], difficult: true, cover: true, blocksSight: true },
        { id: "hedge", kind: "obstacle", points: [{ x: 30, y: 30 }, { x: 40, y: 30 }] },
        { id: "hill", name: "Beacon Hill", points: [[50, 10], [60, 10], [60, 20], [50, 20]], highGround: true },
      ],
      camps: [{ side: "north", polygon: [[30, 55], [40, 55], [35, 59]] }],
      options: { contactTolerance: 0.1, deployMin: 0 },
    });
    expect(t.scale).toBe("28mm");
    expect(t.terrain[0]).toMatchObject({ kind: "area", difficult: true, cover: true, blocksSight: true, highGround: false });
    // An obstacle is difficult to cross unless the file says otherwise.
    expect(t.terrain[1]).toMatchObject({ kind: "obstacle", difficult: true, blocksSight: false });
    expect(t.terrain[2].name).toBe("Beacon Hill");
    expect(t.camps[0].polygon[2]).toEqual({ x: 35, y: 59 });
    expect(t.options).toEqual({ ...DEFAULT_TABLE_OPTIONS, contactTolerance: 0.1, deployMin: 0 });
  });
  it("bad table files name the field and the rule", () => {
    expect(problem({ width: -5 })).toMatch(/^table\.json: field width: .*\(rule SW-3\)$/);
    expect(problem({ scale: "6mm" })).toMatch(/field scale/);
    expect(problem({ terrain: [{ id: "w", points: [[1, 1], [2, 2]] }] })).toMatch(/field terrain\[0\]\.points: an area needs at least 3 points/);
    expect(problem({ terrain: [{ id: "w", points: [[0, 0], [10, 10], [10, 0], [0, 10]] }] })).toMatch(/crosses itself/);
    expect(problem({ terrain: [{ id: "h", kind: "obstacle", points: [[1, 1]] }] })).toMatch(/at least 2 points/);
    expect(problem({ terrain: [{ id: "w", points: [[1, 1], [80, 1], [5, 5]] }] })).toMatch(/field terrain\[0\]\.points\[1\]: point \(80, 1\) is off the 72" × 48" table/);
    expect(problem({ terrain: [{ id: "w", points: [[1, 1], [8, 1], [5, 5]] }, { id: "w", points: [[11, 1], [18, 1], [15, 5]] }] })).toMatch(
      /terrain\[1\]\.id: duplicate terrain id "w"/,
    );
    expect(problem({ terrain: [{ id: "w", points: [[1, 1], [8, 1], [5, 5]], dense: true }] })).toMatch(/field terrain\[0\]/);
    expect(problem({ options: { deployMin: 10 } })).toMatch(/field options\.deployMin: must be less than deployMax \(9\) \(ruling SW-26\)/);
    expect(problem({ terrain: [{ id: "w", points: [[1, "a"], [8, 1], [5, 5]] }] })).toMatch(/field terrain\[0\]\.points\[0\]/);
    expect(problem({ camps: [{ side: "north", polygon: [[30, 44], [40, 44], [35, 49]] }] })).toMatch(/field camps\[0\]\.polygon\[2\]: point \(35, 49\) is off/);
    expect(problem({ camps: [{ side: "north", polygon: [[30, 44], [40, 44]] }] })).toMatch(/field camps\[0\]\.polygon/);
    expect(problem([])).toMatch(/field \(top level\)/);
  });
  it("unit placements validate: stands need positive sizes", () => {
    expect(() => validate(unitGeomSchema, { id: "u", side: "south", formed: true, stands: [{ x: 1, y: 1, facing: 0, width: 0, depth: 1 }] }, "pos.json")).toThrow(
      /field stands\[0\]\.width/,
    );
    expect(validate(unitGeomSchema, { id: "u", side: "south", formed: true, stands: [stand(5, 5)] }, "pos.json").stands[0].x).toBe(5);
  });
  it("a formed unit's placement must be a line of stands side by side; an unformed one need not", () => {
    const line = formLine({ x: 36, y: 10, facing: 90 }, 2);
    expect(validate(unitGeomSchema, { id: "u", side: "south", formed: true, stands: line }, "pos.json").stands.length).toBe(2);
    const broken = [line[0], { ...line[1], x: line[1].x + 1 }];
    expect(() => validate(unitGeomSchema, { id: "u", side: "south", formed: true, stands: broken }, "pos.json")).toThrow(
      /^pos\.json: field stands: a formed unit must be a line of stands side by side: stand 1 is not side by side/,
    );
    expect(validate(unitGeomSchema, { id: "u", side: "south", formed: false, stands: broken }, "pos.json").formed).toBe(false);
  });
});

describe("table edges", () => {
  const t = defaultTable();
  it("a stand wholly on the table is on it; one corner over the edge is not", () => {
    expect(standOnTable(stand(W / 2, D / 2), t)).toBe(true);
    expect(standOnTable(stand(W / 2 - 0.01, D / 2), t)).toBe(false);
    expect(standOnTable(stand(36, 24, 45), t)).toBe(true);
  });
  it("SW-21: a stand has left the table only when no part of it is over the table", () => {
    expect(standOffTable(stand(-W / 2 + 0.01, 10), t)).toBe(false);
    expect(standOffTable(stand(-W / 2, 10), t)).toBe(true);
    expect(standOffTable(stand(36, 48 + D / 2 + 1), t)).toBe(true);
  });
  it("distance to the table edge along a heading", () => {
    expect(distanceToTableEdge(rectOf(stand(36, 40)), 0, 1, t)).toBeCloseTo(8 - D / 2, 12);
    expect(distanceToTableEdge(rectOf(stand(36, 40)), -1, 0, t)).toBeCloseTo(36 - W / 2, 12);
  });
});

describe("terrain under a stand", () => {
  const t = parse({
    terrain: [
      { id: "wood", points: [[10, 10], [20, 10], [20, 20], [10, 20]], cover: true, blocksSight: true, difficult: true },
      { id: "hill", points: [[30, 10], [40, 10], [35, 20]], highGround: true },
      { id: "wall", kind: "obstacle", points: [[50, 10], [50, 20]], cover: true },
    ],
  });
  it("Missile Exchange: a stand overlapping a wood is in cover; one touching its edge from outside is not", () => {
    expect(standIn(stand(15, 15), t, "cover")).toBe(true);
    expect(standIn(stand(20 + W / 2, 15), t, "cover")).toBe(false);
    expect(standIn(stand(20 + W / 2 - 0.1, 15), t, "cover")).toBe(true);
  });
  it("SW-18: a stand on a hill has high ground; a stand behind a wall touches it (cover)", () => {
    expect(standIn(stand(35, 13), t, "highGround")).toBe(true);
    expect(standIn(stand(25, 13), t, "highGround")).toBe(false);
    expect(featuresUnder(standPolygon(stand(50 + D / 2, 15, 180)), t).map((f) => f.id)).toEqual(["wall"]);
  });
});

describe("SW-26 deployment zones", () => {
  const t = defaultTable();
  const mid = centreLineY(t);
  it("SW-26: the centre line is half way across the table's depth", () => {
    expect(mid).toBe(24);
  });
  it("SW-26: a stand between 3\" and 9\" from the centre line on its own half may deploy", () => {
    expect(deploymentProblem(stand(36, mid - 3 - D / 2), "south", t)).toBeNull();
    expect(deploymentProblem(stand(36, mid - 9 + D / 2), "south", t)).toBeNull();
    expect(deploymentProblem(stand(36, mid + 6, 270), "north", t)).toBeNull();
  });
  it("SW-26: no stand may be more than 9\" from the centre line", () => {
    expect(deploymentProblem(stand(36, mid - 9 + D / 2 - 0.01), "south", t)).toMatch(/at most 9" allowed \(ruling SW-26\)/);
  });
  it("SW-26: no stand may be nearer than 3\" to the centre line (house rule)", () => {
    expect(deploymentProblem(stand(36, mid - 3 - D / 2 + 0.01), "south", t)).toMatch(/at least 3" required \(ruling SW-26, house rule\)/);
    // The house rule is an option: with deployMin 0 the same stand may deploy.
    expect(deploymentProblem(stand(36, mid - 3 - D / 2 + 0.01), "south", defaultTable({ options: { deployMin: 0 } }))).toBeNull();
  });
  it("SW-26: a stand on the enemy half may not deploy", () => {
    expect(deploymentProblem(stand(36, mid + 5), "south", t)).toMatch(/enemy half/);
  });
  it("SW-26: a turned stand is judged by its corners", () => {
    // Turned 45°: its corners reach (W/2 + D/2)/√2 either side of its centre.
    const reach = (W / 2 + D / 2) * Math.SQRT1_2;
    expect(deploymentProblem(stand(36, mid - 3 - reach, 45), "south", t)).toBeNull();
    expect(deploymentProblem(stand(36, mid - 3 - reach + 0.01, 45), "south", t)).toMatch(/SW-26/);
  });
  it("SW-26: a whole deployment lists each offending stand", () => {
    const units = [
      { id: "a", side: "south", formed: true, stands: formLine({ x: 36, y: mid - 4, facing: 90 }, 2) },
      { id: "b", side: "south", formed: true, stands: formLine({ x: 50, y: mid - 1, facing: 90 }, 2) },
    ];
    expect(deploymentProblems(units, "south", t)).toEqual([
      expect.stringMatching(/^b\[0\]: .*house rule/),
      expect.stringMatching(/^b\[1\]: .*house rule/),
    ]);
  });
});
