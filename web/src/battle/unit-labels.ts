/**
 * Unit labels on the table: what a label says (name, aggression, DP pips, leaders, marks) and
 * where it goes. A label is drawn in screen pixels (counter-scaled, so it reads the same at every
 * zoom) and hangs from a point on one of its own stands: behind the unit, in front, beside it, or
 * on it, whichever first overlaps no other label and no other unit's stands. Because it hangs from
 * a stand's corner, zooming (which scales the label about that point) never parts it from its unit.
 */
import Konva from "konva";
import type { BattleState, BattleUnit } from "../../../src/rulesets/shieldwall/battle/index.js";
import { DP_KINDS } from "./UnitCard.js";

type Leader = BattleState["leaders"][number];

export const DP_COLOUR: Record<string, string> = { fatigue: "#f2c14e", manoeuvre: "#4ea8de", shooting: "#9b5de5", combat: "#e63946", morale: "#f77f00" };

const AGGRESSION_MARK: Record<string, { short: string; long: string; fill: string; text: string }> = {
  shaken: { short: "Sh", long: "Shaken", fill: "#9e9e9e", text: "#111" },
  present: { short: "Pr", long: "Present", fill: "#e9ecef", text: "#111" },
  ready: { short: "Rd", long: "Ready", fill: "#52b788", text: "#062" },
  bloodlust: { short: "BL", long: "Blood Lust", fill: "#ff4d6d", text: "#fff" },
};
/** Supernumeraries' marks (and in the legend). */
export const ATTACHMENT_MARK: Record<string, string> = { "camp-followers": "⌂", "holy-person": "✝", "heroic-champion": "♞", "battle-standard": "⚑", "special-weapon": "⚒" };

const FILLER = new Set(["of", "the", "at", "and", "a"]);

/**
 * A name short enough for a unit a few pixels wide (a phone at the fitted zoom): the name without
 * filler words when that is short, else the first word's stem and the last word, e.g.
 * "Byrhtnoth's hearth troop" → "Byrht. troop", "Fyrd of Maldon" → "Fyrd Maldon".
 */
export function shortName(name: string, max = 11): string {
  if (name.length <= max) return name;
  const words = name.split(/\s+/).filter((w) => w && !FILLER.has(w.toLowerCase()));
  const joined = words.join(" ");
  if (joined.length <= max) return joined;
  const first = words[0].replace(/['’]s$/, "");
  const last = words[words.length - 1];
  const head = first.length > 5 ? `${first.slice(0, 5)}.` : first;
  const tail = words.length > 1 ? ` ${last.length > 6 ? `${last.slice(0, 6)}.` : last}` : "";
  return `${head}${tail}`;
}

/**
 * A unit too small on screen for its full label (a phone at the fitted zoom): one row, its short
 * name, its aggression and ⚔ in combat; zoom in or tap the unit for the rest.
 */
function smallLabel(bu: BattleUnit, name: Konva.Text): { content: Konva.Group; w: number; h: number } {
  const content = new Konva.Group();
  let px = 3 + name.width() + 3;
  const parts: Konva.Shape[] = [];
  const mark = AGGRESSION_MARK[bu.u.aggression];
  if (mark) {
    const t = new Konva.Text({ text: mark.short, fontSize: 9, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: mark.text, x: px + 2, y: 3 });
    parts.push(new Konva.Rect({ x: px, y: 2, width: t.width() + 4, height: 11, fill: mark.fill, cornerRadius: 2 }), t);
    px += t.width() + 7;
  }
  if (bu.u.inCombat) {
    const t = new Konva.Text({ text: "⚔", fontSize: 10, fontFamily: "system-ui, sans-serif", fill: "#ffd166", fontStyle: "bold", x: px, y: 2 });
    parts.push(t);
    px += t.width() + 3;
  }
  const h = 15;
  content.add(new Konva.Rect({ x: 0, y: 0, width: px, height: h, fill: bu.side === "red" ? "#7d1a14" : "#111", opacity: 0.8, cornerRadius: 3, name: "label-box" }));
  name.position({ x: 3, y: 2 });
  content.add(name, ...parts);
  return { content, w: px, h };
}

/** A unit's label, its box's top left at (0, 0) in screen pixels, and the box's size. */
export function unitLabel(bu: BattleUnit, leaders: Leader[], frontagePx: number): { content: Konva.Group; w: number; h: number } {
  const content = new Konva.Group();
  // Roomy: the full name, wrapped to the unit's width; small on screen (a phone): a short name on one row.
  const roomy = frontagePx >= 40;
  const name = new Konva.Text({ text: roomy ? bu.u.name : shortName(bu.u.name), fontSize: 10, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: "#fff", align: "center", lineHeight: 1.05 });
  if (!roomy) return smallLabel(bu, name);
  if (roomy && name.width() > frontagePx - 6) name.setAttrs({ width: Math.max(frontagePx - 6, 72), wrap: "word" });
  const pipR = 3.2;
  const dpKinds = DP_KINDS.filter((kind) => bu.u.dp[kind] > 0);
  const dpTotal = dpKinds.reduce((n, kind) => n + bu.u.dp[kind], 0);
  // One pip per DP while they fit under the unit; else one pip per kind with its count.
  const compact = dpTotal * (pipR * 2 + 2) > Math.max(frontagePx, 30);
  const row = new Konva.Group();
  let px = 0;
  const chip = (text: string, fill: string, colour: string) => {
    const t = new Konva.Text({ text, fontSize: 9, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: colour, x: px + 2, y: 1 });
    row.add(new Konva.Rect({ x: px, y: 0, width: t.width() + 4, height: 11, fill, cornerRadius: 2 }), t);
    px += t.width() + 6;
  };
  const mark = AGGRESSION_MARK[bu.u.aggression];
  if (mark) chip(roomy ? mark.long : mark.short, mark.fill, mark.text);
  for (const kind of dpKinds) {
    const n = bu.u.dp[kind];
    for (let i = 0; i < (compact ? 1 : n); i++) {
      row.add(new Konva.Circle({ x: px + pipR, y: 5.5, radius: pipR, fill: DP_COLOUR[kind], stroke: "#fff", strokeWidth: 0.8 }));
      px += pipR * 2 + 2;
    }
    if (compact) {
      const t = new Konva.Text({ text: String(n), fontSize: 9, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: "#fff", x: px - 1, y: 1 });
      row.add(t);
      px += t.width() + 2;
    }
  }
  const extrasAll = [
    ...leaders.map((l) => `★${roomy ? `${l.name.split(" ")[0]} ` : ""}${Math.max(0, l.lpValue - l.lpSpent)}/${l.lpValue}${roomy ? "LP" : ""}`),
    ...bu.u.attachments.map((a) => ATTACHMENT_MARK[a] ?? a),
    ...(bu.u.inCombat ? ["⚔"] : []),
  ].join(" ");
  if (!roomy && extrasAll) {
    const t = new Konva.Text({ text: extrasAll, fontSize: 9, fontFamily: "system-ui, sans-serif", fill: "#ffd166", fontStyle: "bold", x: px, y: 1 });
    row.add(t);
    px += t.width() + 2;
  }
  const extras = roomy ? extrasAll : "";
  const rowW = Math.max(px - 2, 0);
  const extraText = new Konva.Text({ text: extras, fontSize: 10, fontFamily: "system-ui, sans-serif", fill: "#ffd166", fontStyle: "bold" });
  const w = Math.max(name.width(), rowW, extras ? extraText.width() : 0) + 6;
  const nameH = name.height() + 1;
  const h = nameH + 13 + (extras ? 12 : 0) + 3;
  content.add(new Konva.Rect({ x: 0, y: 0, width: w, height: h, fill: bu.side === "red" ? "#7d1a14" : "#111", opacity: 0.8, cornerRadius: 3, name: "label-box" }));
  name.position({ x: (w - name.width()) / 2, y: 2 });
  content.add(name);
  row.position({ x: (w - rowW) / 2, y: 2 + nameH });
  content.add(row);
  if (extras) {
    extraText.position({ x: (w - extraText.width()) / 2, y: 2 + nameH + 13 });
    content.add(extraText);
  }
  return { content, w, h };
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Pt {
  x: number;
  y: number;
}

/** The corners of a stand in screen pixels (table inches × k, y down), as Konva draws it. */
export function standCorners(st: { x: number; y: number; facing: number; width: number; depth: number }, H: number, k: number): Pt[] {
  const a = ((90 - st.facing) * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [-st.width / 2, -st.depth / 2],
    [st.width / 2, -st.depth / 2],
    [st.width / 2, st.depth / 2],
    [-st.width / 2, st.depth / 2],
  ].map(([x, y]) => ({ x: (st.x + x * c - y * s) * k, y: (H - st.y + x * s + y * c) * k }));
}

const boxOf = (pts: Pt[]): Box => ({ x0: Math.min(...pts.map((p) => p.x)), y0: Math.min(...pts.map((p) => p.y)), x1: Math.max(...pts.map((p) => p.x)), y1: Math.max(...pts.map((p) => p.y)) });
const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
/** Start of a span of length `len` near `want`, holding `at` at least `inset` inside (when it can). */
const around = (want: number, len: number, at: number, inset = 4) => (len <= 2 * inset ? at - len / 2 : Math.min(Math.max(want, at - len + inset), at - inset));

export interface LabelUnit {
  id: string;
  side: "red" | "black";
  stands: { x: number; y: number; facing: number; width: number; depth: number }[];
  w: number;
  h: number;
}

/** Where a label hangs: the point on its stand (screen pixels) and its box's top left relative to that point. */
export interface LabelPlace {
  at: Pt;
  dx: number;
  dy: number;
  where: "behind" | "front" | "left" | "right" | "on";
}

/**
 * Places every unit's label against its own stands: behind the unit first (away from the enemy),
 * then in front, beside it, and last on it; the first place that overlaps no label placed before
 * and no other unit's stands wins, else the place that overlaps least. Units nearest the centre
 * line are placed first. Each place hangs from a corner (or the centre) of one of the unit's stands.
 * `visible`: the part of the table on screen (pixels, as the stands); a label outside it counts as covered.
 */
export function placeLabels(units: LabelUnit[], H: number, k: number, visible?: Box): Map<string, LabelPlace> {
  const corners = new Map(units.map((u) => [u.id, u.stands.map((st) => standCorners(st, H, k))]));
  const standBoxes = units.flatMap((u) => corners.get(u.id)!.map((c) => ({ id: u.id, box: boxOf(c) })));
  const order = [...units].sort((a, b) => Math.abs(centre(a).y - H / 2) - Math.abs(centre(b).y - H / 2));
  const placed: Box[] = [];
  const out = new Map<string, LabelPlace>();
  for (const u of order) {
    const pts = corners.get(u.id)!.flat();
    const c = { x: pts.reduce((n, p) => n + p.x, 0) / pts.length, y: pts.reduce((n, p) => n + p.y, 0) / pts.length };
    // The corners along an edge (within half a pixel of the farthest): the label may hang from its middle or either end.
    const along = (score: (p: Pt) => number): Pt[] => {
      const far = Math.max(...pts.map(score));
      const edge = pts.filter((p) => score(p) >= far - 0.5);
      const byX = [...edge].sort((a, b) => a.x - b.x);
      const mid = edge.reduce((best, p) => (Math.abs(p.x - c.x) < Math.abs(best.x - c.x) ? p : best), edge[0]);
      return [mid, byX[0], byX[byX.length - 1]];
    };
    const extreme = (score: (p: Pt) => number) => pts.reduce((best, p) => (score(p) > score(best) + 1e-9 ? p : best), pts[0]);
    const back = u.side === "red" ? 1 : -1;
    const [lowMid, lowLeft, lowRight] = along((p) => p.y * back);
    const [highMid, highLeft, highRight] = along((p) => -p.y * back);
    const left = extreme((p) => -p.x);
    const right = extreme((p) => p.x);
    const yOf = (at: Pt, away: boolean) => (away ? at.y - 1 : at.y - u.h + 1);
    const first = boxOf(corners.get(u.id)![0]);
    const firstCentre = { x: (first.x0 + first.x1) / 2, y: (first.y0 + first.y1) / 2 };
    const candidates: { where: LabelPlace["where"]; at: Pt; x0: number; y0: number }[] = [];
    for (const [where, [mid, l, r], down] of [
      ["behind", [lowMid, lowLeft, lowRight], back === 1],
      ["front", [highMid, highLeft, highRight], back !== 1],
    ] as const) {
      candidates.push({ where, at: mid, x0: around(c.x - u.w / 2, u.w, mid.x), y0: yOf(mid, down) });
      candidates.push({ where, at: l, x0: around(l.x - 4, u.w, l.x), y0: yOf(l, down) });
      candidates.push({ where, at: r, x0: around(r.x - u.w + 4, u.w, r.x), y0: yOf(r, down) });
    }
    candidates.push(
      { where: "left", at: left, x0: left.x - u.w + 1, y0: around(c.y - u.h / 2, u.h, left.y) },
      { where: "right", at: right, x0: right.x - 1, y0: around(c.y - u.h / 2, u.h, right.y) },
      { where: "on", at: firstCentre, x0: firstCentre.x - u.w / 2, y0: firstCentre.y - u.h / 2 },
    );
    let best: { cand: (typeof candidates)[number]; box: Box; cost: number } | null = null;
    for (const [rank, cand] of candidates.entries()) {
      const box = { x0: cand.x0, y0: cand.y0, x1: cand.x0 + u.w, y1: cand.y0 + u.h };
      // Off the screen counts as covered: a label cut by the canvas's edge cannot be read.
      const hidden = visible ? u.w * u.h - overlap(box, visible) : 0;
      const cost = placed.reduce((n, p) => n + overlap(box, p), 0) + standBoxes.reduce((n, s) => n + (s.id === u.id ? 0 : overlap(box, s.box)), 0) + hidden;
      if (!best || cost + rank * 1e-3 < best.cost) best = { cand, box, cost: cost + rank * 1e-3 };
      if (cost === 0) break;
    }
    const { cand, box } = best!;
    placed.push(box);
    out.set(u.id, { at: cand.at, dx: cand.x0 - cand.at.x, dy: cand.y0 - cand.at.y, where: cand.where });
  }
  return out;
}

function centre(u: LabelUnit): Pt {
  return { x: u.stands.reduce((n, s) => n + s.x, 0) / u.stands.length, y: u.stands.reduce((n, s) => n + s.y, 0) / u.stands.length };
}
