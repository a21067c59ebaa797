/**
 * The editor's scenario as the engine sees it: the table to draw, and every problem the engine
 * would refuse (the ruleset's `scenarioProblems`, the one check the CLI and the battle use), each
 * tied to the piece it concerns so the table can outline it.
 */
import { type ScenarioProblem, scenarioProblems } from "../../../src/rulesets/shieldwall/battle/scenario-problems.js";
import { defaultTable, type Table } from "../../../src/rulesets/shieldwall/geometry/table.js";
import { armyLabel, armyOf } from "./army-choices.js";
import { type EditorScenario, piecePoints, scenarioFile, type Side } from "./model.js";

/** The table as drawn: the pieces at their places (no checks: a piece off the table is drawn where it is). */
export function editorTable(sc: EditorScenario): Table {
  const terrain = sc.pieces
    .filter((p) => p.what === "terrain")
    .map((p) => ({ id: p.id, name: p.name, kind: p.kind, points: piecePoints(p), difficult: p.difficult, cover: p.cover, highGround: p.highGround, blocksSight: p.blocksSight }));
  const camps = sc.pieces.filter((p) => p.what === "camp").map((p) => ({ side: p.side, polygon: piecePoints(p) }));
  const boats = sc.pieces.filter((p) => p.what === "boats").map((p) => ({ id: p.id, name: p.name, polygon: piecePoints(p) }));
  const t = defaultTable({ width: sc.width, height: sc.height, scale: sc.scale, terrain, camps, options: sc.tableOptions as Partial<Table["options"]> | undefined });
  return boats.length > 0 ? { ...t, boats } : t;
}

export interface EditorCheck {
  /** The scenario file as exported (null while an army is missing). */
  file: Record<string, unknown> | null;
  problems: (ScenarioProblem & { piece: string | null })[];
}

/** The piece a problem's field names (`table.terrain[2]…` is the third terrain piece), or null. */
function pieceOf(sc: EditorScenario, field: string): string | null {
  const m = /^table\.(terrain|camps|boats)\[(\d+)\]/.exec(field);
  if (!m) return null;
  const what = m[1] === "terrain" ? "terrain" : m[1] === "camps" ? "camp" : "boats";
  return sc.pieces.filter((p) => p.what === what)[Number(m[2])]?.id ?? null;
}

/** The file and its problems. */
export function checkScenario(sc: EditorScenario): EditorCheck {
  const armies = { red: armyOf(sc.armies.red), black: armyOf(sc.armies.black) };
  const missing = (["red", "black"] as Side[]).filter((s) => armies[s] === null);
  if (missing.length > 0)
    return { file: null, problems: missing.map((s) => ({ field: `armies.${s}`, rule: "battle scenario format", message: `the chosen army "${armyLabel(sc.armies[s])}" is not there any more: choose another`, piece: null })) };
  const file = scenarioFile(sc, armies as Record<Side, unknown>);
  return { file, problems: scenarioProblems(file).map((p) => ({ ...p, piece: pieceOf(sc, p.field) })) };
}
