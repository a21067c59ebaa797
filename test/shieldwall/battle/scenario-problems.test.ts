/** scenarioProblems (issue 27): everything the engine refuses in a scenario, each problem with its field and rule. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ArmyFile } from "../../../src/rulesets/shieldwall/army.js";
import { parseScenario } from "../../../src/rulesets/shieldwall/battle/scenario.js";
import { formatScenarioProblem, scenarioProblems } from "../../../src/rulesets/shieldwall/battle/scenario-problems.js";

const data = (p: string): unknown => JSON.parse(readFileSync(resolve(__dirname, "../../../data/shieldwall", p), "utf8"));
const english = data("armies/maldon-991-english.json") as ArmyFile;
const vikings = data("armies/maldon-991-vikings.json") as ArmyFile;
const square = (x: number, y: number, s: number): number[][] => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
const scenario = (table: object, extra: object = {}) => ({ name: "t", armies: { red: english, black: vikings }, table, ...extra });

describe("scenarioProblems", () => {
  it("finds nothing in the shipped scenarios with their armies", () => {
    for (const [file, red, black] of [
      ["maldon-991.json", "maldon-991-english.json", "maldon-991-vikings.json"],
      ["brunanburh-937.json", "brunanburh-937-english.json", "brunanburh-937-alliance.json"],
      ["raid.json", "raid-lindisfarne-fyrd.json", "raid-lindisfarne-raiders.json"],
      ["raid-landing.json", "raid-lindisfarne-fyrd.json", "raid-lindisfarne-raiders.json"],
    ])
      expect(scenarioProblems(data(`scenarios/${file}`), { red: data(`armies/${red}`) as ArmyFile, black: data(`armies/${black}`) as ArmyFile }), file).toEqual([]);
  });

  it("terrain layout (house rule): two woods lying over one another are refused, naming the later piece and the earlier", () => {
    const p = scenarioProblems(scenario({ terrain: [{ id: "a", name: "Wood", points: square(10, 2, 8), cover: true }, { id: "b", points: square(14, 4, 8), difficult: true }] }));
    expect(p).toHaveLength(1);
    expect(p[0].field).toBe("table.terrain[1].points");
    expect(p[0].rule).toBe("terrain layout (house rule)");
    expect(p[0].message).toContain('overlaps terrain "Wood" (table.terrain[0])');
    expect(formatScenarioProblem(p[0])).toMatch(/^table\.terrain\[1\]\.points: overlaps/);
  });

  it("terrain layout (house rule): a wood on rising ground, pieces merely touching, and obstacles crossing areas are allowed", () => {
    const terrain = [
      { id: "hill", points: square(10, 2, 10), highGround: true },
      { id: "wood", points: square(12, 4, 4), blocksSight: true },
      { id: "field", points: square(30, 2, 6), cover: true },
      { id: "touching", points: square(36, 2, 6), difficult: true },
      { id: "hedge", kind: "obstacle", points: [[28, 5], [44, 5]] },
    ];
    expect(scenarioProblems(scenario({ terrain }))).toEqual([]);
  });

  it("terrain layout (house rule): a camp on the longships is refused; terrainOverlap \"any\" allows every overlap", () => {
    const table = { camps: [{ side: "black", polygon: square(30, 40, 6) }], boats: [{ id: "ships", polygon: square(33, 42, 6) }] };
    const p = scenarioProblems(scenario(table));
    expect(p.map((x) => [x.field, x.rule])).toEqual([["table.boats[0].polygon", "terrain layout (house rule)"]]);
    expect(scenarioProblems(scenario(table, { terrainOverlap: "any" }))).toEqual([]);
  });

  it("a piece off the table is refused, naming the point", () => {
    const p = scenarioProblems(scenario({ terrain: [{ id: "wood", points: [[60, 2], [75, 2], [75, 8], [60, 8]] }] }));
    expect(p.map((x) => x.field)).toEqual(["table.terrain[0].points[1]", "table.terrain[0].points[2]"]);
    expect(p[0].message).toContain('is off the 72" × 48" table');
    expect(p[0].rule).toBe("battle scenario format");
  });

  it("SW-26: a table with no room to deploy a contingent is refused, naming the table and the contingent", () => {
    const p = scenarioProblems(scenario({ width: 24, height: 24 }));
    expect(p).toHaveLength(1);
    expect(p[0].field).toBe("table");
    expect(p[0].rule).toBe("SW-26");
    expect(p[0].message).toMatch(/has no room to deploy red's contingent/);
  });

  it("SW-5: an army's composition problem names its field under armies; armies given by path are checked when supplied", () => {
    const bad = { ...english, contingents: english.contingents.slice(0, 1) };
    const p = scenarioProblems({ name: "t", armies: { red: "../armies/x.json", black: vikings } }, { red: bad });
    expect([p[0].field, p[0].rule]).toEqual(["armies.red.contingents", "SW-5"]);
    expect(p.every((x) => x.field.startsWith("armies.red.") && /^SW-\d+$/.test(x.rule))).toBe(true);
    // Without the red army the set-up checks wait: only the format is checked.
    expect(scenarioProblems({ name: "t", armies: { red: "../armies/x.json", black: vikings } })).toEqual([]);
  });

  it("parseScenario (the CLI's and the web's reading) refuses the same overlap", () => {
    expect(() => parseScenario(scenario({ terrain: [{ id: "a", points: square(10, 2, 8) }, { id: "b", points: square(14, 4, 8) }] }))).toThrow(/^table\.terrain\[1\]\.points: overlaps terrain "a".*house rule/);
  });
});
