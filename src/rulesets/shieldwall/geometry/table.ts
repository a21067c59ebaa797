/**
 * The table: a rectangle (default 72" × 48", house rule, ruling SW-3) with terrain features and
 * optional camps; its file format (validated with zod); table-edge and deployment-zone checks
 * (ruling SW-26). Format reference: docs/shieldwall/table.md.
 */
import { z } from "zod";
import { nameText } from "../../../core/input-limits.js";
import { isSimplePolygon, type Polygon, polygonsOverlap, segmentLengthInside, segmentTouchesPath, shapeClosest } from "./polygon.js";
import { BASE_SIZES, type Rect, type Scale, type Stand, rectCorners, rectOf } from "./stand.js";
import { type UnitGeom, lineProblem } from "./unit.js";
import { EPS, type Point } from "./vec.js";

/**
 * A terrain feature: an area (polygon) or an obstacle (polyline: hedge, wall, ditch, stream,
 * barricade). Flags say what it does:
 * - difficult: a unit any stand of which moves in it becomes unformed (seed "Movement").
 *   Crossing an obstacle always counts as difficult (seed: "cross obstacle").
 * - cover: shooting at a target in it rolls half dice; advantage of ground in combat.
 * - highGround: advantage of ground ("uphill") for the unit standing on it.
 * - blocksSight: lines of sight may not pass through it (areas: beyond `sightDepth`).
 */
export interface TerrainFeature {
  id: string;
  name?: string;
  kind: "area" | "obstacle";
  points: Point[];
  difficult: boolean;
  cover: boolean;
  highGround: boolean;
  blocksSight: boolean;
}

export interface Camp {
  side: string;
  polygon: Point[];
}

/**
 * Boats: ships drawn up on a shore or a landing place (docs/shieldwall/battle.md, "Boats"). Units
 * embark and disembark there (seed "Manoeuvre": half a move, unformed, ruling SW-1). It is a
 * place, not ground: it has no terrain effect and does not block moves or sight.
 */
export interface BoatsPlace {
  id: string;
  name?: string;
  polygon: Point[];
}

export interface TableOptions {
  /** Contact tolerance for base-to-base contact, inches (default 0.05"). */
  contactTolerance: number;
  /** Least gap (inches) a line of sight may pass through (seed "Missile Exchange": 2"). */
  minSightGap: number;
  /**
   * How far (inches) a line of sight may run inside a sight-blocking area before it is
   * blocked (default 1"): troops at the edge of a wood see and are seen. Not in the seed.
   */
  sightDepth: number;
  /**
   * How far (inches) a line of sight must pass clear of every other stand (default 0.01"), so
   * that a line running exactly along the edges of stands lined up one behind another does
   * not see "between" them. Not in the seed.
   */
  sightClearance: number;
  /** Deployment: most distance of any stand from the centre line (ruling SW-26: 9"). */
  deployMax: number;
  /** Deployment: least distance of every stand from the centre line (house rule SW-26: 3"). */
  deployMin: number;
}

export interface Table {
  /** East–west size in inches (house rule SW-3: 72"). */
  width: number;
  /** North–south size in inches (house rule SW-3: 48"). */
  height: number;
  scale: Scale;
  terrain: TerrainFeature[];
  camps: Camp[];
  /** Boats places (absent when there are none). */
  boats?: BoatsPlace[];
  options: TableOptions;
}

export const DEFAULT_TABLE_OPTIONS: TableOptions = {
  contactTolerance: 0.05,
  minSightGap: 2,
  sightDepth: 1,
  sightClearance: 0.01,
  deployMax: 9,
  deployMin: 3, // ruling SW-26 (house rule)
};

/** An open table of the house-rule default size 72" × 48" (ruling SW-3), 15mm stands. */
export function defaultTable(overrides: Partial<Omit<Table, "options">> & { options?: Partial<TableOptions> } = {}): Table {
  return {
    width: overrides.width ?? 72, // ruling SW-3 (house rule)
    height: overrides.height ?? 48, // ruling SW-3 (house rule)
    scale: overrides.scale ?? "15mm",
    terrain: overrides.terrain ?? [],
    camps: overrides.camps ?? [],
    options: { ...DEFAULT_TABLE_OPTIONS, ...overrides.options },
  };
}

/** The base size for the table's scale (ruling SW-3). */
export function baseFor(table: Table): { width: number; depth: number } {
  return BASE_SIZES[table.scale];
}

// ---------------------------------------------------------------------------------------------
// File format

const finite = z.number().finite();

/** A table side's bounds, inches (docs/shieldwall/table.md): a sane limit, not a rule. */
export const TABLE_SIDE_MIN = 12;
export const TABLE_SIDE_MAX = 240;
/** At most this many points in one outline, and this many terrain features, camps or boats places. */
export const MAX_OUTLINE_POINTS = 1000;
export const MAX_TABLE_FEATURES = 200;
const pointSchema = z.union([
  z.tuple([finite, finite]).transform(([x, y]) => ({ x, y })),
  z.object({ x: finite, y: finite }).strict(),
]);

const featureSchema = z
  .object({
    id: nameText().min(1),
    name: nameText().optional(),
    kind: z.enum(["area", "obstacle"]).default("area"),
    points: z.array(pointSchema).max(MAX_OUTLINE_POINTS),
    difficult: z.boolean().optional(),
    cover: z.boolean().optional(),
    highGround: z.boolean().optional(),
    blocksSight: z.boolean().optional(),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.kind === "area") {
      if (f.points.length < 3) ctx.addIssue({ code: "custom", path: ["points"], message: "an area needs at least 3 points" });
      else if (!isSimplePolygon(f.points)) ctx.addIssue({ code: "custom", path: ["points"], message: "the area's outline crosses itself or has no area" });
    } else if (f.points.length < 2) {
      ctx.addIssue({ code: "custom", path: ["points"], message: "an obstacle needs at least 2 points" });
    }
  })
  .transform(
    (f): TerrainFeature => ({
      id: f.id,
      ...(f.name !== undefined ? { name: f.name } : {}),
      kind: f.kind,
      points: f.points,
      // An obstacle is difficult to cross (seed "Effect of difficult terrain").
      difficult: f.difficult ?? f.kind === "obstacle",
      cover: f.cover ?? false,
      highGround: f.highGround ?? false,
      blocksSight: f.blocksSight ?? false,
    }),
  );

const optionsSchema = z
  .object({
    contactTolerance: finite.min(0).max(0.5).optional(),
    minSightGap: finite.min(0).max(TABLE_SIDE_MAX).optional(),
    sightDepth: finite.min(0).max(TABLE_SIDE_MAX).optional(),
    sightClearance: finite.min(0).max(0.5).optional(),
    deployMax: finite.positive().max(TABLE_SIDE_MAX / 2).optional(),
    deployMin: finite.min(0).max(TABLE_SIDE_MAX / 2).optional(),
  })
  .strict();

/**
 * Schema of a table file (docs/shieldwall/table.md). Use with `readJsonInput(path,
 * tableSchema, "SW-3")` in the CLI; every problem names its field.
 */
export const tableSchema = z
  .object({
    width: finite.min(TABLE_SIDE_MIN, `a table side must be at least ${TABLE_SIDE_MIN}" (no army deploys on less)`).max(TABLE_SIDE_MAX, `a table side must be at most ${TABLE_SIDE_MAX}" (20 feet: no table is longer)`).default(72),
    height: finite.min(TABLE_SIDE_MIN, `a table side must be at least ${TABLE_SIDE_MIN}" (no army deploys on less)`).max(TABLE_SIDE_MAX, `a table side must be at most ${TABLE_SIDE_MAX}" (20 feet: no table is longer)`).default(48),
    scale: z.enum(["15mm", "28mm"]).default("15mm"),
    terrain: z.array(featureSchema).max(MAX_TABLE_FEATURES).default([]),
    camps: z.array(z.object({ side: nameText().min(1), polygon: z.array(pointSchema).min(3).max(MAX_OUTLINE_POINTS) }).strict()).max(MAX_TABLE_FEATURES).default([]),
    boats: z.array(z.object({ id: nameText().min(1), name: nameText().optional(), polygon: z.array(pointSchema).min(3).max(MAX_OUTLINE_POINTS) }).strict()).max(MAX_TABLE_FEATURES).default([]),
    options: optionsSchema.default({}),
  })
  .strict()
  .superRefine((t, ctx) => {
    const ids = new Set<string>();
    t.terrain.forEach((f, i) => {
      if (ids.has(f.id)) ctx.addIssue({ code: "custom", path: ["terrain", i, "id"], message: `duplicate terrain id "${f.id}"` });
      ids.add(f.id);
      f.points.forEach((p, j) => {
        if (p.x < -EPS || p.y < -EPS || p.x > t.width + EPS || p.y > t.height + EPS) {
          ctx.addIssue({ code: "custom", path: ["terrain", i, "points", j], message: `point (${p.x}, ${p.y}) is off the ${t.width}" × ${t.height}" table` });
        }
      });
    });
    t.camps.forEach((c, i) => {
      if (!isSimplePolygon(c.polygon)) ctx.addIssue({ code: "custom", path: ["camps", i, "polygon"], message: "the camp's outline crosses itself or has no area" });
      c.polygon.forEach((p, j) => {
        if (p.x < -EPS || p.y < -EPS || p.x > t.width + EPS || p.y > t.height + EPS) {
          ctx.addIssue({ code: "custom", path: ["camps", i, "polygon", j], message: `point (${p.x}, ${p.y}) is off the ${t.width}" × ${t.height}" table` });
        }
      });
    });
    const boatIds = new Set<string>();
    t.boats.forEach((b, i) => {
      if (boatIds.has(b.id)) ctx.addIssue({ code: "custom", path: ["boats", i, "id"], message: `duplicate boats id "${b.id}"` });
      boatIds.add(b.id);
      if (!isSimplePolygon(b.polygon)) ctx.addIssue({ code: "custom", path: ["boats", i, "polygon"], message: "the boats' outline crosses itself or has no area" });
      b.polygon.forEach((p, j) => {
        if (p.x < -EPS || p.y < -EPS || p.x > t.width + EPS || p.y > t.height + EPS) {
          ctx.addIssue({ code: "custom", path: ["boats", i, "polygon", j], message: `point (${p.x}, ${p.y}) is off the ${t.width}" × ${t.height}" table` });
        }
      });
    });
    const dmin = t.options.deployMin ?? DEFAULT_TABLE_OPTIONS.deployMin;
    const dmax = t.options.deployMax ?? DEFAULT_TABLE_OPTIONS.deployMax;
    if (dmin >= dmax) ctx.addIssue({ code: "custom", path: ["options", "deployMin"], message: `must be less than deployMax (${dmax}) (ruling SW-26)` });
  })
  .transform(
    (t): Table => ({
      width: t.width,
      height: t.height,
      scale: t.scale,
      terrain: t.terrain,
      camps: t.camps,
      // Only when there are boats, so tables without them keep their shape (and state hashes).
      ...(t.boats.length > 0 ? { boats: t.boats.map((b) => ({ id: b.id, ...(b.name !== undefined ? { name: b.name } : {}), polygon: b.polygon })) } : {}),
      options: { ...DEFAULT_TABLE_OPTIONS, ...stripUndefined(t.options) },
    }),
  );

export type TableFile = z.input<typeof tableSchema>;

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

const standSchema = z
  .object({ x: finite, y: finite, facing: finite, width: finite.positive(), depth: finite.positive() })
  .strict();
/** Schema of a unit's placement (for saved positions and scenario set-ups). */
export const unitGeomSchema = z
  .object({ id: nameText().min(1), side: nameText().min(1), formed: z.boolean(), stands: z.array(standSchema).min(1) })
  .strict()
  .superRefine((u, ctx) => {
    // A formed unit is a line of stands side by side (seed "Organising The Armies", "Unformed Units").
    const why = u.formed ? lineProblem(u.stands) : null;
    if (why) ctx.addIssue({ code: "custom", path: ["stands"], message: `a formed unit must be a line of stands side by side: ${why}` });
  });

// ---------------------------------------------------------------------------------------------
// Table edges

/** How far (inches) the stand sticks out over the table edge; 0 if wholly on the table. */
export function overhang(r: Rect, table: Pick<Table, "width" | "height">): number {
  let worst = 0;
  for (const c of rectCorners(r)) {
    worst = Math.max(worst, -c.x, -c.y, c.x - table.width, c.y - table.height);
  }
  return worst;
}

/** Is every part of the stand on the table (within `tol`)? */
export function standOnTable(s: Stand, table: Pick<Table, "width" | "height">, tol = EPS): boolean {
  return overhang(rectOf(s), table) <= tol;
}

/** Has the stand left the table altogether (no part of it over the table)? */
export function standOffTable(s: Stand, table: Pick<Table, "width" | "height">): boolean {
  const cs = rectCorners(rectOf(s));
  return (
    cs.every((c) => c.x <= 0) || cs.every((c) => c.y <= 0) || cs.every((c) => c.x >= table.width) || cs.every((c) => c.y >= table.height)
  );
}

/**
 * How far a rectangle can travel along unit direction (dx, dy) before any part of it crosses
 * the table edge (0 if it is already over; Infinity for a zero direction).
 */
export function distanceToTableEdge(r: Rect, dx: number, dy: number, table: Pick<Table, "width" | "height">): number {
  let best = Number.POSITIVE_INFINITY;
  for (const c of rectCorners(r)) {
    if (dx > 1e-12) best = Math.min(best, (table.width - c.x) / dx);
    if (dx < -1e-12) best = Math.min(best, -c.x / dx);
    if (dy > 1e-12) best = Math.min(best, (table.height - c.y) / dy);
    if (dy < -1e-12) best = Math.min(best, -c.y / dy);
  }
  return Math.max(0, best);
}

// ---------------------------------------------------------------------------------------------
// Terrain queries

/** Polygon outline of a stand. */
export function standPolygon(s: Stand): Point[] {
  return rectCorners(rectOf(s));
}

/**
 * Terrain features a polygon (a stand, or the ground swept by a move) is in or over: areas it
 * overlaps by more than `tol`, obstacles it touches or crosses.
 */
export function featuresUnder(poly: Polygon, table: Table, tol = EPS): TerrainFeature[] {
  return table.terrain.filter((f) =>
    f.kind === "area" ? polygonsOverlap(poly, f.points, tol) : shapeClosest(poly, true, f.points, false).distance <= tol,
  );
}

/** Is the stand standing on a feature with the given flag (cover, high ground, difficult)? */
export function standIn(s: Stand, table: Table, flag: "cover" | "highGround" | "difficult"): boolean {
  return featuresUnder(standPolygon(s), table).some((f) => f[flag]);
}

/** Does segment pq pass through a feature so as to block sight (ruling: option sightDepth)? */
export function terrainBlocksSegment(p: Point, q: Point, f: TerrainFeature, sightDepth: number): boolean {
  if (!f.blocksSight) return false;
  if (f.kind === "obstacle") return segmentTouchesPath(p, q, f.points, false, -1e-12);
  return segmentLengthInside(p, q, f.points) > sightDepth + EPS;
}

// ---------------------------------------------------------------------------------------------
// Deployment (ruling SW-26)

/** The centre line runs east–west across the middle of the table: y = height / 2. */
export function centreLineY(table: Pick<Table, "height">): number {
  return table.height / 2;
}

/**
 * Why a stand may not be deployed there, or null (ruling SW-26): it must be on its own half
 * (side "south" has y below the centre line, "north" above), every point no more than
 * `deployMax` (9") from the centre line and none nearer than `deployMin` (3", house rule), and
 * wholly on the table.
 */
export function deploymentProblem(s: Stand, side: "north" | "south", table: Table): string | null {
  const mid = centreLineY(table);
  const { deployMax, deployMin } = table.options;
  const corners = standCorners4(s);
  if (!standOnTable(s, table)) return "stand is not wholly on the table";
  let near = Number.POSITIVE_INFINITY;
  let far = 0;
  for (const c of corners) {
    const off = side === "south" ? mid - c.y : c.y - mid;
    if (off < -EPS) return `stand crosses the centre line into the enemy half (ruling SW-26)`;
    near = Math.min(near, off);
    far = Math.max(far, off);
  }
  if (far > deployMax + 1e-6) return `stand reaches ${far.toFixed(2)}" from the centre line; at most ${deployMax}" allowed (ruling SW-26)`;
  if (near < deployMin - 1e-6) {
    return `stand comes within ${near.toFixed(2)}" of the centre line; at least ${deployMin}" required (ruling SW-26, house rule)`;
  }
  return null;
}

function standCorners4(s: Stand): Point[] {
  return rectCorners(rectOf(s));
}

/** Problems with a side's whole deployment (ruling SW-26), as "unit[stand]: reason" lines. */
export function deploymentProblems(units: readonly UnitGeom[], side: "north" | "south", table: Table): string[] {
  const out: string[] = [];
  for (const u of units) {
    u.stands.forEach((s, i) => {
      const why = deploymentProblem(s, side, table);
      if (why) out.push(`${u.id}[${i}]: ${why}`);
    });
  }
  return out;
}

/**
 * The two deployment zones as the table draws them (ruling SW-26): each side's band between
 * `deployMin` and `deployMax` from the centre line, red south, black north, as rectangles in
 * table inches (y north).
 */
export function deploymentZones(table: Pick<Table, "width" | "height" | "options">): { side: "red" | "black"; x: number; y0: number; y1: number; width: number }[] {
  const mid = centreLineY(table);
  const { deployMin, deployMax } = table.options;
  return [
    { side: "red", x: 0, y0: Math.max(0, mid - deployMax), y1: mid - deployMin, width: table.width },
    { side: "black", x: 0, y0: mid + deployMin, y1: Math.min(table.height, mid + deployMax), width: table.width },
  ];
}

/** A piece of the table's layout that takes up ground: a terrain area, a camp or a boats place. */
interface LayoutPiece {
  path: (string | number)[];
  label: string;
  polygon: Point[];
  risingGround: boolean;
  box: [number, number, number, number];
}

/** At most this many overlaps are reported: a table with more is refused all the same. */
const MAX_OVERLAPS_REPORTED = 20;

/**
 * Where the table's pieces overlap (the terrain layout house rule, docs/rules/rulings.md
 * "Terrain layout"): two terrain areas, camps or boats places may not lie over one another, as two
 * real terrain pieces cannot, except on rising ground (a wood, a marsh or a camp may stand on a
 * hill). Obstacles (hedges, walls, streams) may cross anything. Each overlap names the later
 * piece's field and the earlier piece.
 */
export function terrainOverlaps(table: Table): { path: (string | number)[]; message: string }[] {
  const pieces: LayoutPiece[] = [];
  const boxOf = (pts: readonly Point[]): [number, number, number, number] => [Math.min(...pts.map((p) => p.x)), Math.min(...pts.map((p) => p.y)), Math.max(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.y))];
  table.terrain.forEach((f, i) => {
    if (f.kind === "area") pieces.push({ path: ["table", "terrain", i, "points"], label: `terrain "${f.name ?? f.id}" (table.terrain[${i}])`, polygon: f.points, risingGround: f.highGround, box: boxOf(f.points) });
  });
  table.camps.forEach((c, i) => pieces.push({ path: ["table", "camps", i, "polygon"], label: `the ${c.side} camp (table.camps[${i}])`, polygon: c.polygon, risingGround: false, box: boxOf(c.polygon) }));
  (table.boats ?? []).forEach((b, i) => pieces.push({ path: ["table", "boats", i, "polygon"], label: `boats "${b.name ?? b.id}" (table.boats[${i}])`, polygon: b.polygon, risingGround: false, box: boxOf(b.polygon) }));
  const out: { path: (string | number)[]; message: string }[] = [];
  for (let j = 1; j < pieces.length && out.length < MAX_OVERLAPS_REPORTED; j++) {
    const b = pieces[j];
    for (let i = 0; i < j; i++) {
      const a = pieces[i];
      if (a.risingGround || b.risingGround) continue;
      if (a.box[2] <= b.box[0] || b.box[2] <= a.box[0] || a.box[3] <= b.box[1] || b.box[3] <= a.box[1]) continue;
      if (!polygonsOverlap(a.polygon, b.polygon, 0.01)) continue;
      out.push({ path: b.path, message: `overlaps ${a.label}: terrain pieces may not lie over one another except on rising ground (terrain layout, house rule; the scenario's terrainOverlap "any" allows it)` });
      break;
    }
  }
  return out;
}

/** The boats place with this id, if any. */
export function boatsOf(table: Table, id: string): BoatsPlace | undefined {
  return table.boats?.find((b) => b.id === id);
}

/** Is the point in a camp of the given side? */
export function campOf(table: Table, side: string): Camp | undefined {
  return table.camps.find((c) => c.side === side);
}
