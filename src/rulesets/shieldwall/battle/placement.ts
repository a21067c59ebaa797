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

/**
 * Why a contingent may not be deployed there, or null (ruling SW-26, no overlaps, on the table,
 * and room left for the side's other contingents: see {@link noRoomLeft}).
 */
export function deployProblem(s: BattleState, side: Side, contingent: string, x: number, distance: number): string | null {
  const sd = s.sides[side];
  if (!sd.contingents.includes(contingent)) return `${contingent} is not a contingent of ${side}`;
  const ret = unitIn(s, sd.retinues[contingent]);
  if (ret.deployed) return `${sd.contingentNames[contingent]} is already deployed`;
  if (!Number.isFinite(x) || !Number.isFinite(distance)) return "deployment x and distance must be numbers";
  const scene = sceneOf(s, side);
  const placed = placedLine(s, side, contingent, x, distance);
  return placeProblem(s, placed, scene) ?? roomProblem(s, side, contingent, placed, scene);
}

/** The stands already on the table and the x ranges of the side's own line: what a new contingent must fit among. */
interface DeployScene {
  deployed: readonly BoxedRect[];
  /** The side's deployed contingents' x ranges, west to east. */
  ranges: readonly (readonly [number, number])[];
}

function sceneOf(s: BattleState, side: Side): DeployScene {
  return { deployed: deployedRects(s), ranges: friendlyRanges(s, side) };
}

/** The scene once `placed` stands on the table too. */
function withPlaced(scene: DeployScene, placed: PlacedLine): DeployScene {
  const ranges = placed.line.flatMap((l) => l.rects.map((b) => [b.minX, b.maxX] as const));
  return { deployed: [...scene.deployed, ...placed.line.flatMap((l) => l.rects)], ranges: [...scene.ranges, ...ranges].sort((a, b) => a[0] - b[0]) };
}

/** The rectangles of every stand already deployed (what a new contingent may not overlap). */
function deployedRects(s: BattleState): BoxedRect[] {
  return s.units.filter((u) => u.deployed && u.stands.length > 0).flatMap((u) => boxedRects(u.stands));
}

/** Why a placed line may not stand in the scene (off its half, overlapping, behind the line), or null. */
function placeProblem(s: BattleState, placed: PlacedLine, scene: DeployScene): string | null {
  return placedLineProblem(placed, scene.deployed) ?? singleLineProblem(s, placed, scene.ranges);
}

/**
 * Ruling SW-26 with seed "Deployment": a player may not deploy a contingent where it leaves his
 * other contingents no room on the table (a player at the table would simply set it elsewhere;
 * the engine must never leave a side with no legal deployment). Its reason, or null.
 */
function roomProblem(s: BattleState, side: Side, contingent: string, placed: PlacedLine, scene: DeployScene): string | null {
  const stuck = noRoomLeft(s, side, withPlaced(scene, placed), contingent);
  return stuck === null ? null : `it would leave no room to deploy ${s.sides[side].contingentNames[stuck] ?? stuck} (each line must fit in its own half, ruling SW-26)`;
}

/**
 * The first of the side's contingents still to deploy (leaving out `besides`) that finds no place
 * when they are set down one after another, in army order, each at its first place; or null when
 * all fit. The setup's table check and every deployment decision use it, so a side always keeps
 * a legal deployment: the first contingent's first place leaves room for the rest by this test.
 */
export function noRoomLeft(s: BattleState, side: Side, scene: DeployScene = sceneOf(s, side), besides?: string): string | null {
  const sd = s.sides[side];
  let at = scene;
  for (const c of sd.contingents) {
    if (c === besides || unitIn(s, sd.retinues[c]).deployed) continue;
    const first = places(s, side, c, at).next();
    if (first.done) return c;
    at = withPlaced(at, first.value.placed);
  }
  return null;
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
function singleLineProblem(s: BattleState, placed: PlacedLine, ranges: DeployScene["ranges"]): string | null {
  if (!ruleOption(s.options, "singleLine")) return null;
  if (ranges.length === 0) return null;
  const { minX, maxX } = placed.box;
  if (!ranges.some(([a, b]) => minX < b - LINE_TOLERANCE && maxX > a + LINE_TOLERANCE)) return null;
  if (lineGaps(s, ranges).every(([a, b]) => b - a < maxX - minX)) return null;
  return 'it would stand behind or in front of another contingent: an army deploys in a single line with no reserves (seed "Deployment")';
}

/** The gaps along the line of a side's deployed contingents, table edges included. */
function lineGaps(s: BattleState, ranges: DeployScene["ranges"]): [number, number][] {
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

/**
 * The places a contingent may stand in the scene, in the engine's order: a grid every deployStep
 * inches at each deploy distance (every inch where that finds none), else the middle of each gap in
 * the line wide enough for it. `keep` filters further (the room test); the grid falls back to every
 * inch only when no place passes it.
 */
function* places(s: BattleState, side: Side, c: string, scene: DeployScene, keep?: (placed: PlacedLine) => boolean): Generator<{ x: number; distance: number; placed: PlacedLine }> {
  const lines = placedLines(s, side, c);
  let found = 0;
  for (const step of [s.options.deployStep, 1]) {
    for (const distance of s.options.deployDistances) {
      if (!Number.isFinite(distance)) continue;
      for (let x = step; x < s.table.width; x += step) {
        const placed = placedLine(s, side, c, x, distance, lines);
        if (placeProblem(s, placed, scene) === null && (keep === undefined || keep(placed))) {
          found++;
          yield { x, distance, placed };
        }
      }
    }
    if (found > 0) return;
  }
  // No place on the grid: the middle of each gap in the line wide enough for the contingent.
  if (ruleOption(s.options, "singleLine")) {
    const gaps = lineGaps(s, scene.ranges);
    for (const distance of s.options.deployDistances) {
      if (!Number.isFinite(distance)) continue;
      for (const [a, b] of gaps) {
        const x = Math.round(((a + b) / 2) * 100) / 100;
        const placed = placedLine(s, side, c, x, distance, lines);
        if (placeProblem(s, placed, scene) === null && (keep === undefined || keep(placed))) yield { x, distance, placed };
      }
    }
  }
}

/** Each contingent of `side` still to deploy, in army order, with the places it may take (deployProblem accepts each), found lazily. */
function* pendingPlaces(s: BattleState, side: Side): Generator<{ contingent: string; places: Iterable<{ x: number; distance: number }> }> {
  const sd = s.sides[side];
  const pending = sd.contingents.filter((c) => !unitIn(s, sd.retinues[c]).deployed);
  const scene = sceneOf(s, side);
  for (const c of pending) {
    const room = pending.length === 1 ? undefined : (placed: PlacedLine) => roomProblem(s, side, c, placed, scene) === null;
    yield { contingent: c, places: places(s, side, c, scene, room) };
  }
}

/** Every place where a contingent of `side` may deploy now (deployProblem accepts each), contingent by contingent. */
export function deployOptions(s: BattleState, side: Side): { contingent: string; x: number; distance: number }[] {
  const out: { contingent: string; x: number; distance: number }[] = [];
  for (const { contingent, places: at } of pendingPlaces(s, side)) for (const p of at) out.push({ contingent, x: p.x, distance: p.distance });
  return out;
}

/**
 * The first contingent (army order) among {@link deployOptions}' — the first still to deploy that
 * has a place — found without working out every place; undefined when none has one.
 */
export function firstDeployable(s: BattleState, side: Side): string | undefined {
  for (const { contingent, places: at } of pendingPlaces(s, side)) if (!at[Symbol.iterator]().next().done) return contingent;
  return undefined;
}
