/**
 * Where a contingent may deploy (seed "Deployment", ruling SW-26): the read-only placement checks
 * the deployment phase, the game's fixed deployment and the AI share. Each contingent's placed
 * lines (rectangles, bounding box, table problem) are worked out once per state and reused.
 */
import type { Side } from "../army.js";
import { boxesBounds } from "../geometry/polygon.js";
import { type Box, type BoxedRect, boxedRect, boxedRects, boxesApart } from "../geometry/proximity.js";
import { rectsOverlap } from "../geometry/stand.js";
import { deploymentProblem } from "../geometry/table.js";
import { contingentLine, unitIn } from "./queries.js";
import type { BattleState } from "./types.js";
import { ruleOption } from "./types.js";

/** Why a contingent may not be deployed there, or null (ruling SW-26, no overlaps, on the table). */
export function deployProblem(s: BattleState, side: Side, contingent: string, x: number, distance: number): string | null {
  return deployProblemAmong(s, side, contingent, x, distance, null);
}

/** The rectangles of every stand already deployed (what a new contingent may not overlap). */
function deployedRects(s: BattleState): BoxedRect[] {
  return s.units.filter((u) => u.deployed && u.stands.length > 0).flatMap((u) => boxedRects(u.stands));
}

/** {@link deployProblem} with the deployed stands' rectangles worked out once by the caller (null: work them out). */
function deployProblemAmong(s: BattleState, side: Side, contingent: string, x: number, distance: number, deployed: BoxedRect[] | null): string | null {
  const sd = s.sides[side];
  if (!sd.contingents.includes(contingent)) return `${contingent} is not a contingent of ${side}`;
  const ret = unitIn(s, sd.retinues[contingent]);
  if (ret.deployed) return `${sd.contingentNames[contingent]} is already deployed`;
  if (!Number.isFinite(x) || !Number.isFinite(distance)) return "deployment x and distance must be numbers";
  const placed = placedLine(s, side, contingent, x, distance);
  return placedLineProblem(placed, deployed ?? deployedRects(s)) ?? singleLineProblem(s, side, placed);
}

/** The x ranges (west to east) of a side's contingents already on the table. */
function friendlyRanges(s: BattleState, side: Side): [number, number][] {
  const out: [number, number][] = [];
  for (const u of s.units) {
    if (u.side !== side || !u.deployed || u.stands.length === 0) continue;
    for (const b of boxedRects(u.stands)) out.push([b.minX, b.maxX]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Overlaps in x closer than this count as standing behind (lines merely touching side by side do not). */
const LINE_TOLERANCE = 0.01;

/**
 * Seed "Deployment": "each army deploys in a single line with no reserves" (option `singleLine`).
 * A contingent may not stand behind or in front of a friendly contingent already deployed (their
 * x ranges overlap) while a gap in the line, or at its ends, is wide enough for it; when there is
 * no such gap it may (the line cannot take it).
 */
function singleLineProblem(s: BattleState, side: Side, placed: PlacedLine): string | null {
  if (!ruleOption(s.options, "singleLine")) return null;
  const ranges = friendlyRanges(s, side);
  if (ranges.length === 0) return null;
  const { minX, maxX } = placed.box;
  if (!ranges.some(([a, b]) => minX < b - LINE_TOLERANCE && maxX > a + LINE_TOLERANCE)) return null;
  if (lineGaps(s, ranges).every(([a, b]) => b - a < maxX - minX)) return null;
  return 'it would stand behind or in front of another contingent: an army deploys in a single line with no reserves (seed "Deployment")';
}

/** The gaps along the line of a side's deployed contingents, table edges included. */
function lineGaps(s: BattleState, ranges: [number, number][]): [number, number][] {
  const gaps: [number, number][] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (a > at) gaps.push([at, a]);
    at = Math.max(at, b);
  }
  if (s.table.width > at) gaps.push([at, s.table.width]);
  return gaps;
}

/** Why a contingent's line may not stand there: off its half of the table (ruling SW-26), or overlapping a stand already deployed; or null. */
function placedLineProblem(placed: PlacedLine, deployed: readonly BoxedRect[]): string | null {
  if (placed.problem) return placed.problem;
  const near = deployed.filter((o) => !boxesApart(o, placed.box));
  if (near.length === 0) return null;
  for (const { unit, rects } of placed.line) {
    for (const b of rects) {
      for (const o of near) if (!boxesApart(o, b) && rectsOverlap(b.r, o.r, 1e-6)) return `${unit} would overlap a unit already deployed`;
    }
  }
  return null;
}

/** A contingent's deployment line with its rectangles, their bounding box and its table problem (ruling SW-26), which no other unit affects. */
interface PlacedLine {
  line: { unit: string; rects: BoxedRect[] }[];
  box: Box;
  problem: string | null;
}

/** One contingent's placed lines by distance from the centre line, then by x. */
type PlacedLines = Map<number, Map<number, PlacedLine>>;

/**
 * Placed lines by table and contingent: before deployment a contingent's line depends only on the
 * table, the contingent's units and their stand counts (in the key), so each candidate place is
 * worked out once per table, not once per deployment decision.
 */
const PLACED_LINES = new WeakMap<object, Map<string, PlacedLines>>();

function placedLines(s: BattleState, side: Side, contingent: string): PlacedLines {
  let byKey = PLACED_LINES.get(s.table);
  if (!byKey) {
    byKey = new Map();
    PLACED_LINES.set(s.table, byKey);
  }
  const sd = s.sides[side];
  const ids = [sd.retinues[contingent], ...sd.bands[contingent]];
  const key = `${side}|${contingent}|${ids.map((id) => `${id}:${unitIn(s, id).u.stands}`).join(",")}`;
  let lines = byKey.get(key);
  if (!lines) {
    lines = new Map();
    byKey.set(key, lines);
  }
  return lines;
}

function placedLine(s: BattleState, side: Side, contingent: string, x: number, distance: number, lines = placedLines(s, side, contingent)): PlacedLine {
  let byX = lines.get(distance);
  if (!byX) {
    byX = new Map();
    lines.set(distance, byX);
  }
  let placed = byX.get(x);
  if (!placed) {
    const half = s.sides[side].half;
    let problem: string | null = null;
    const line = contingentLine(s, side, contingent, x, distance).map(({ unit, stands }) => {
      for (const st of stands) {
        const why = problem === null ? deploymentProblem(st, half, s.table) : null;
        if (why) problem = `${unit}: ${why}`;
      }
      return { unit, rects: stands.map(boxedRect) };
    });
    placed = { line, box: boxesBounds(line.flatMap((l) => l.rects)), problem };
    byX.set(x, placed);
  }
  return placed;
}

export function deployOptions(s: BattleState, side: Side): { contingent: string; x: number; distance: number }[] {
  const sd = s.sides[side];
  const out: { contingent: string; x: number; distance: number }[] = [];
  const pending = sd.contingents.filter((c) => !unitIn(s, sd.retinues[c]).deployed);
  const deployed = deployedRects(s);
  for (const c of pending) {
    // A contingent not yet deployed at a place on the table: deployProblem's checks of the contingent and its numbers pass.
    const lines = placedLines(s, side, c);
    let found = 0;
    for (const step of [s.options.deployStep, 1]) {
      for (const distance of s.options.deployDistances) {
        if (!Number.isFinite(distance)) continue;
        for (let x = step; x < s.table.width; x += step) {
          const placed = placedLine(s, side, c, x, distance, lines);
          if (placedLineProblem(placed, deployed) === null && singleLineProblem(s, side, placed) === null) {
            out.push({ contingent: c, x, distance });
            found++;
          }
        }
      }
      if (found > 0) break;
    }
    // No place on the grid: the middle of each gap in the line wide enough for the contingent.
    if (found === 0 && ruleOption(s.options, "singleLine")) {
      const gaps = lineGaps(s, friendlyRanges(s, side));
      for (const distance of s.options.deployDistances) {
        if (!Number.isFinite(distance)) continue;
        for (const [a, b] of gaps) {
          const x = Math.round(((a + b) / 2) * 100) / 100;
          if (deployProblemAmong(s, side, c, x, distance, deployed) === null) out.push({ contingent: c, x, distance });
        }
      }
    }
  }
  return out;
}
