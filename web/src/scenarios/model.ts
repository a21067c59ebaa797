/**
 * The scenario editor's model (issue 27), pure data and functions with no DOM, so that a test can
 * build a scenario exactly as the page does: a table with its size and scale, terrain pieces
 * (each an outline about its centre, moved, turned and stretched as the player drags it), the two
 * armies chosen (shipped, imported or the player's own), the turn limit and the options. It turns
 * into the scenario file `muster battle --scenario FILE` reads, armies inline, and back.
 */
import { z } from "zod";
import type { OptionValues } from "../../../src/rulesets/shieldwall/battle/option-catalogue.js";
import { scenarioOptionsSchema, scenarioSchema } from "../../../src/rulesets/shieldwall/battle/scenario.js";
import { centroid } from "../../../src/rulesets/shieldwall/geometry/polygon.js";
import { TABLE_SIDE_MAX, TABLE_SIDE_MIN } from "../../../src/rulesets/shieldwall/geometry/table.js";

export type Side = "red" | "black";
type Pt = { x: number; y: number };

/** An army as chosen in the editor: a shipped file by id, an imported file (kept whole), or one of the player's own (the army builder's). */
export type ArmyRef = { shipped: string } | { file: string; army: unknown } | { mine: string };

export interface Piece {
  id: string;
  name: string;
  /** A terrain feature, a camp or a boats place (the longships). */
  what: "terrain" | "camp" | "boats";
  /** Terrain: an area (outline) or an obstacle (a line: hedge, wall, stream). */
  kind: "area" | "obstacle";
  difficult: boolean;
  cover: boolean;
  highGround: boolean;
  blocksSight: boolean;
  /** A camp's side. */
  side: Side;
  /** The outline about its centre, inches (y north), before turning and stretching. */
  base: Pt[];
  /** Centre on the table, inches from the west and south edges. */
  x: number;
  y: number;
  /** Turn, degrees anticlockwise. */
  rotation: number;
  /** Stretch along the outline's own axes. */
  sx: number;
  sy: number;
}

export interface EditorScenario {
  name: string;
  description: string;
  width: number;
  height: number;
  scale: "15mm" | "28mm";
  pieces: Piece[];
  armies: Record<Side, ArmyRef>;
  turnLimit: number;
  terrainOverlap: "on-rising-ground" | "any";
  /** Rules options set by the scenario (option-catalogue.ts); turnLimit is the field above. */
  options: OptionValues;
  /** Fields kept as the imported file had them: the table's options, a fixed deployment, units aboard ship. */
  tableOptions?: Record<string, unknown>;
  deployment?: unknown;
  embarked?: unknown;
}

/** The pieces the palette offers: every terrain kind the scenario format has. */
export const PIECE_KINDS = {
  difficult: { label: "Difficult ground", what: "terrain", kind: "area", flags: { difficult: true }, w: 10, h: 6, round: false },
  wood: { label: "Wood", what: "terrain", kind: "area", flags: { difficult: true, cover: true, blocksSight: true }, w: 12, h: 8, round: true },
  copse: { label: "Copse", what: "terrain", kind: "area", flags: { difficult: true, cover: true, blocksSight: true }, w: 6, h: 6, round: true },
  rising: { label: "Rising ground", what: "terrain", kind: "area", flags: { highGround: true }, w: 14, h: 8, round: true },
  marsh: { label: "Marsh", what: "terrain", kind: "area", flags: { difficult: true }, w: 10, h: 7, round: true },
  scrub: { label: "Scrub or enclosures", what: "terrain", kind: "area", flags: { cover: true }, w: 12, h: 8, round: false },
  obstacle: { label: "Hedge, wall or stream", what: "terrain", kind: "obstacle", flags: { difficult: true }, w: 12, h: 0, round: false },
  "camp-red": { label: "Red camp", what: "camp", kind: "area", flags: {}, w: 8, h: 3, round: false },
  "camp-black": { label: "Black camp", what: "camp", kind: "area", flags: {}, w: 8, h: 3, round: false },
  longships: { label: "Longships (boats)", what: "boats", kind: "area", flags: {}, w: 12, h: 4, round: false },
} as const satisfies Record<string, { label: string; what: Piece["what"]; kind: Piece["kind"]; flags: Partial<Record<"difficult" | "cover" | "highGround" | "blocksSight", boolean>>; w: number; h: number; round: boolean }>;
export type PieceKind = keyof typeof PIECE_KINDS;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** An outline of w × h about the origin: a rectangle, or an octagon for woods, marshes and hills. */
function outline(w: number, h: number, round: boolean): Pt[] {
  if (h === 0) return [{ x: -w / 2, y: 0 }, { x: w / 2, y: 0 }];
  if (!round) return [{ x: -w / 2, y: -h / 2 }, { x: w / 2, y: -h / 2 }, { x: w / 2, y: h / 2 }, { x: -w / 2, y: h / 2 }];
  const a = w / 2;
  const b = h / 2;
  const k = 0.5;
  return [{ x: -a * k, y: -b }, { x: a * k, y: -b }, { x: a, y: -b * k }, { x: a, y: b * k }, { x: a * k, y: b }, { x: -a * k, y: b }, { x: -a, y: b * k }, { x: -a, y: -b * k }];
}

/** A new scenario: an open 72" × 48" table (house rule SW-3), the two Maldon armies, 12 turns (house rule SW-25). */
export function newScenario(): EditorScenario {
  return { name: "My battle", description: "", width: 72, height: 48, scale: "15mm", pieces: [], armies: { red: { shipped: "maldon-991-english" }, black: { shipped: "maldon-991-vikings" } }, turnLimit: 12, terrainOverlap: "on-rising-ground", options: {} };
}

function freshId(sc: EditorScenario, stem: string): string {
  const used = new Set(sc.pieces.map((p) => p.id));
  for (let i = 1; ; i++) if (!used.has(`${stem}-${i}`)) return `${stem}-${i}`;
}

/** The scenario with a new piece of `kind` at (x, y) (default: the table's centre); returns the scenario and the piece's id. */
export function addPiece(sc: EditorScenario, kind: PieceKind, at?: Pt): { scenario: EditorScenario; id: string } {
  const k = PIECE_KINDS[kind];
  const id = freshId(sc, kind);
  const count = sc.pieces.filter((p) => p.id.startsWith(`${kind}-`)).length;
  const piece: Piece = {
    id,
    name: count === 0 ? k.label : `${k.label} ${count + 1}`,
    what: k.what,
    kind: k.kind,
    difficult: false,
    cover: false,
    highGround: false,
    blocksSight: false,
    ...k.flags,
    side: kind === "camp-red" ? "red" : "black",
    base: outline(k.w, k.h, k.round),
    x: at?.x ?? sc.width / 2,
    y: at?.y ?? sc.height / 2,
    rotation: 0,
    sx: 1,
    sy: 1,
  };
  return { scenario: { ...sc, pieces: [...sc.pieces, piece] }, id };
}

/** The scenario with piece `id` changed (moved, turned, stretched, renamed, its traits set). */
export function updatePiece(sc: EditorScenario, id: string, patch: Partial<Omit<Piece, "id" | "base">>): EditorScenario {
  return { ...sc, pieces: sc.pieces.map((p) => (p.id === id ? { ...p, ...patch } : p)) };
}

export const movePiece = (sc: EditorScenario, id: string, x: number, y: number) => updatePiece(sc, id, { x: round2(x), y: round2(y) });
export const rotatePiece = (sc: EditorScenario, id: string, degrees: number) => updatePiece(sc, id, { rotation: round2((((degrees % 360) + 540) % 360) - 180) });
/** Stretches piece `id` to `width` × `depth` inches (its outline's own extent). */
export function resizePiece(sc: EditorScenario, id: string, width: number, depth: number): EditorScenario {
  const p = sc.pieces.find((q) => q.id === id);
  if (!p) return sc;
  const { w, h } = baseSize(p);
  return updatePiece(sc, id, { sx: w > 0 ? Math.max(0.05, width / w) : 1, sy: h > 0 ? Math.max(0.05, depth / h) : 1 });
}
export const removePiece = (sc: EditorScenario, id: string): EditorScenario => ({ ...sc, pieces: sc.pieces.filter((p) => p.id !== id) });

/** The outline's own width and depth before stretching. */
export function baseSize(p: Piece): { w: number; h: number } {
  const xs = p.base.map((q) => q.x);
  const ys = p.base.map((q) => q.y);
  return { w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/** The piece's outline on the table, inches (y north), to 0.01". */
export function piecePoints(p: Piece): Pt[] {
  const t = (p.rotation * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  return p.base.map((q) => {
    const u = q.x * p.sx;
    const v = q.y * p.sy;
    return { x: round2(p.x + c * u - s * v), y: round2(p.y + s * u + c * v) };
  });
}

const pair = (q: Pt): [number, number] => [q.x, q.y];

/**
 * The scenario file (docs/shieldwall/battle.md, "Scenario format") with both armies inline, so
 * that the file plays unchanged from the command line. `armies` are the chosen armies' files.
 */
export function scenarioFile(sc: EditorScenario, armies: Record<Side, unknown>): Record<string, unknown> {
  const terrain = sc.pieces
    .filter((p) => p.what === "terrain")
    .map((p) => ({ id: p.id, name: p.name, kind: p.kind, points: piecePoints(p).map(pair), difficult: p.difficult, cover: p.cover, highGround: p.highGround, blocksSight: p.blocksSight }));
  const camps = sc.pieces.filter((p) => p.what === "camp").map((p) => ({ side: p.side, polygon: piecePoints(p).map(pair) }));
  const boats = sc.pieces.filter((p) => p.what === "boats").map((p) => ({ id: p.id, name: p.name, polygon: piecePoints(p).map(pair) }));
  const options = Object.fromEntries(Object.entries(sc.options).filter(([k, v]) => k !== "turnLimit" && v !== undefined));
  return {
    name: sc.name,
    ...(sc.description ? { description: sc.description } : {}),
    armies: { red: armies.red, black: armies.black },
    table: { width: sc.width, height: sc.height, scale: sc.scale, terrain, camps, ...(boats.length > 0 ? { boats } : {}), ...(sc.tableOptions ? { options: sc.tableOptions } : {}) },
    ...(sc.deployment !== undefined ? { deployment: sc.deployment } : {}),
    ...(sc.embarked !== undefined ? { embarked: sc.embarked } : {}),
    turnLimit: sc.turnLimit,
    ...(sc.terrainOverlap === "any" ? { terrainOverlap: "any" } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/**
 * A piece from a file's outline: the outline about its centroid, turned by the direction of its
 * first edge. Every outline the editor draws starts with an edge along its own width, so a piece
 * exported and imported again reads the same turn (and stretches along its own sides); the outline
 * is turned back by exactly the angle it is turned by when drawn, so its points come out the same.
 */
function pieceFrom(points: readonly Pt[], rest: Omit<Piece, "base" | "x" | "y" | "rotation" | "sx" | "sy">): Piece {
  const c = points.length >= 3 ? centroid(points) : { x: points.reduce((a, q) => a + q.x, 0) / points.length, y: points.reduce((a, q) => a + q.y, 0) / points.length };
  const dx = points.length >= 2 ? points[1].x - points[0].x : 0;
  const dy = points.length >= 2 ? points[1].y - points[0].y : 0;
  // To a tenth of a degree: the file's points are to 0.01", so a short first edge's angle is only that exact.
  const rotation = dx === 0 && dy === 0 ? 0 : Math.round((Math.atan2(dy, dx) * 1800) / Math.PI) / 10;
  const t = (rotation * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const base = points.map((q) => {
    const u = q.x - c.x;
    const v = q.y - c.y;
    return { x: cos * u + sin * v, y: -sin * u + cos * v };
  });
  return { ...rest, base, x: round2(c.x), y: round2(c.y), rotation, sx: 1, sy: 1 };
}

/**
 * The editor's scenario from a scenario file, or a RangeError naming the field (the scenario
 * format's own words). Overlapping pieces are let in (the editor shows them to be fixed); every
 * other problem refuses the file. `armyRef` turns each side's army (a path or inline) into a choice.
 */
export function fromScenarioFile(json: unknown, armyRef: (side: Side, army: unknown) => ArmyRef): EditorScenario {
  const lenient = json !== null && typeof json === "object" && !Array.isArray(json) ? { ...(json as object), terrainOverlap: "any" } : json;
  const r = scenarioSchema.safeParse(lenient);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue.path.length > 0 ? issue.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") : "(scenario)";
    throw new RangeError(`${field}: ${issue.message} (battle scenario format)`);
  }
  const s = r.data;
  const raw = json as { armies: Record<Side, unknown>; terrainOverlap?: unknown; table?: { options?: Record<string, unknown> }; deployment?: unknown; embarked?: unknown };
  const t = s.table;
  const pieces: Piece[] = [];
  const none = { difficult: false, cover: false, highGround: false, blocksSight: false, side: "black" as Side, kind: "area" as const };
  for (const f of t?.terrain ?? []) pieces.push(pieceFrom(f.points, { id: f.id, name: f.name ?? f.id, what: "terrain", kind: f.kind, difficult: f.difficult, cover: f.cover, highGround: f.highGround, blocksSight: f.blocksSight, side: "black" }));
  (t?.camps ?? []).forEach((c, i) => pieces.push(pieceFrom(c.polygon, { ...none, id: `camp-${c.side}-${i + 1}`, name: `${c.side} camp`, what: "camp", side: c.side === "red" ? "red" : "black" })));
  for (const b of t?.boats ?? []) pieces.push(pieceFrom(b.polygon, { ...none, id: b.id, name: b.name ?? b.id, what: "boats" }));
  const { turnLimit, ...options } = s.options ?? {};
  return {
    name: s.name,
    description: s.description ?? "",
    width: t?.width ?? 72,
    height: t?.height ?? 48,
    scale: t?.scale ?? "15mm",
    pieces,
    armies: { red: armyRef("red", raw.armies.red), black: armyRef("black", raw.armies.black) },
    turnLimit: s.turnLimit ?? turnLimit ?? 12,
    terrainOverlap: raw.terrainOverlap === "any" ? "any" : "on-rising-ground",
    options,
    ...(raw.table?.options ? { tableOptions: raw.table.options } : {}),
    ...(raw.deployment !== undefined ? { deployment: raw.deployment } : {}),
    ...(raw.embarked !== undefined ? { embarked: raw.embarked } : {}),
  };
}

const pointSchema = z.strictObject({ x: z.number().finite(), y: z.number().finite() });
const pieceSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: z.string().max(200),
  what: z.enum(["terrain", "camp", "boats"]),
  kind: z.enum(["area", "obstacle"]),
  difficult: z.boolean(),
  cover: z.boolean(),
  highGround: z.boolean(),
  blocksSight: z.boolean(),
  side: z.enum(["red", "black"]),
  base: z.array(pointSchema).min(2).max(1000),
  x: z.number().finite(),
  y: z.number().finite(),
  rotation: z.number().finite(),
  sx: z.number().finite().positive().max(1000),
  sy: z.number().finite().positive().max(1000),
});
const armyRefSchema = z.union([z.strictObject({ shipped: z.string().min(1) }), z.strictObject({ file: z.string(), army: z.unknown() }), z.strictObject({ mine: z.string().min(1) })]);

/** The editor's own save format (the browser's storage and shared links): checked field by field, as it may come from a stranger's link. */
export const editorScenarioSchema: z.ZodType<EditorScenario> = z.strictObject({
  name: z.string().max(200),
  description: z.string().max(5000),
  width: z.number().min(TABLE_SIDE_MIN).max(TABLE_SIDE_MAX),
  height: z.number().min(TABLE_SIDE_MIN).max(TABLE_SIDE_MAX),
  scale: z.enum(["15mm", "28mm"]),
  pieces: z.array(pieceSchema).max(200),
  armies: z.strictObject({ red: armyRefSchema, black: armyRefSchema }),
  turnLimit: z.number().int().min(1).max(100),
  terrainOverlap: z.enum(["on-rising-ground", "any"]),
  options: scenarioOptionsSchema.unwrap() as z.ZodType<OptionValues>,
  tableOptions: z.record(z.string(), z.unknown()).optional(),
  deployment: z.unknown().optional(),
  embarked: z.unknown().optional(),
}) as z.ZodType<EditorScenario>;

/** The editor's scenario from its save format, or a RangeError naming the first bad field. */
export function parseEditorScenario(value: unknown): EditorScenario {
  const r = editorScenarioSchema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new RangeError(`${issue.path.length > 0 ? issue.path.join(".") : "(scenario)"}: ${issue.message} (scenario editor's saved format)`);
}

/** The scenario as the text of a link's query (base64url of its JSON). */
export function encodeLink(sc: EditorScenario): string {
  const bytes = new TextEncoder().encode(JSON.stringify(sc));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A link's scenario, or a RangeError saying why it is refused. */
export function decodeLink(text: string): EditorScenario {
  let json: unknown;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    json = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
  } catch {
    throw new RangeError("the link's scenario is damaged (not the text a Share link holds)");
  }
  return parseEditorScenario(json);
}
