/**
 * The table's ground as the battle page draws it, shared with the scenario editor (issue 27: one
 * drawing of the table to scale): cloth, grid, deployment zones, centre line, terrain, camps and
 * boats, and the constant-size labels. Draws what the table data says; works out no rule.
 */
import Konva from "konva";
import { centroid } from "../../../src/rulesets/shieldwall/geometry/polygon.js";
import { deploymentZones, type Table } from "../../../src/rulesets/shieldwall/geometry/table.js";

export const SIDE_FILL = { red: "#b3261e", black: "#2b2b2b" } as const;

/** Points in table inches (y north) as Konva's flat list on a screen of table height `h` (y down). */
export const flat = (pts: readonly { x: number; y: number }[], h: number): number[] => pts.flatMap((p) => [p.x, h - p.y]);

/**
 * Draws the table's ground on `g` (emptied first): the cloth with its grid and inch marks, the
 * deployment zones (ruling SW-26, from the ruleset's `deploymentZones`, stronger while
 * `deploying`), the centre line, terrain with its traits, camps and boats. Table inches, y down.
 */
export function drawTableGround(g: Konva.Container, t: Table, deploying: boolean): void {
  g.destroyChildren();
  const H = t.height;
  g.add(new Konva.Rect({ x: 0, y: 0, width: t.width, height: H, fill: "#dfe5c6", stroke: "#5b4a2f", strokeWidth: 0.3, shadowColor: "#000", shadowBlur: 0.8, shadowOpacity: 0.25 }));
  // A faint 6" grid and inch marks every 12", so the scale reads at a glance.
  for (let x = 6; x < t.width; x += 6) g.add(new Konva.Line({ points: [x, 0, x, H], stroke: "#000", strokeWidth: 0.04, opacity: 0.12, listening: false }));
  for (let y = 6; y < H; y += 6) g.add(new Konva.Line({ points: [0, H - y, t.width, H - y], stroke: "#000", strokeWidth: 0.04, opacity: 0.12, listening: false }));
  for (let x = 0; x <= t.width; x += 12) g.add(label(`${x}"`, x, H + 0.4, { size: 10, colour: "#6b6b6b", anchor: "top" }));
  for (let y = 12; y < H; y += 12) g.add(label(`${y}"`, 0.3, H - y, { size: 10, colour: "#6b6b6b", anchor: "left" }));
  // Deployment zones (ruling SW-26) and the centre line.
  const mid = H / 2;
  const zones = deploymentZones(t);
  for (const z of zones)
    g.add(new Konva.Rect({ x: z.x, y: H - z.y1, width: z.width, height: z.y1 - z.y0, fill: SIDE_FILL[z.side], opacity: deploying ? 0.12 : 0.05, listening: false, name: `deployment-zone-${z.side}` }));
  g.add(new Konva.Line({ points: [0, H - mid, t.width, H - mid], stroke: "#5b4a2f", strokeWidth: 0.08, dash: [0.6, 0.6], opacity: 0.5, listening: false }));
  if (deploying) {
    g.add(label("red deployment zone", t.width - 0.5, H - zones[0].y1 + 0.3, { size: 10, colour: "#8a1c14", anchor: "top-right" }));
    g.add(label("black deployment zone", t.width - 0.5, H - zones[1].y0 - 0.3, { size: 10, colour: "#333", anchor: "bottom-right" }));
  }
  for (const f of t.terrain) {
    const pts = flat(f.points, H);
    const fill = f.highGround ? "#c9b27c" : f.cover ? "#5f8f4e" : f.difficult ? "#9db39a" : "#c8cfb0";
    if (f.kind === "area") g.add(new Konva.Line({ points: pts, closed: true, fill, opacity: 0.85, stroke: "#55663f", strokeWidth: 0.12, listening: false }));
    else g.add(new Konva.Line({ points: pts, stroke: "#6b4f2a", strokeWidth: 0.45, lineCap: "round", lineJoin: "round", listening: false }));
    const c = centroid(f.points);
    // Two traits a line, so that a name fits beside its neighbours on a phone.
    const traits = [f.difficult && "difficult", f.cover && "cover", f.highGround && "high ground", f.blocksSight && "blocks sight"]
      .filter(Boolean)
      .map((t, i, all) => (i === all.length - 1 ? t : i % 2 === 1 ? `${t},\n` : `${t}, `))
      .join("");
    const name = label(`${f.name ?? f.id}${traits ? `\n(${traits})` : ""}`, c.x, H - c.y, { size: 10, colour: "#2f3b1f", italic: true });
    name.setAttr("anchorX", c.x);
    g.add(name);
  }
  for (const camp of t.camps) {
    const side = camp.side === "red" || camp.side === "black" ? camp.side : "black";
    g.add(new Konva.Line({ points: flat(camp.polygon, H), closed: true, fill: SIDE_FILL[side], opacity: 0.25, stroke: SIDE_FILL[side], strokeWidth: 0.15, dash: [0.4, 0.3], listening: false }));
    const c = centroid(camp.polygon);
    g.add(label(`${side} camp`, c.x, H - c.y, { size: 10, colour: side === "red" ? "#8a1c14" : "#222" }));
  }
  for (const b of t.boats ?? []) {
    g.add(new Konva.Line({ points: flat(b.polygon, H), closed: true, fill: "#5e8fb8", opacity: 0.45, stroke: "#2d5f86", strokeWidth: 0.15, listening: false }));
    const c = centroid(b.polygon);
    g.add(label(`⛵ ${b.name ?? b.id}`, c.x, H - c.y, { size: 10, colour: "#123a59" }));
  }
}

export interface LabelStyle {
  size?: number;
  colour?: string;
  bold?: boolean;
  italic?: boolean;
  anchor?: "centre" | "top" | "left" | "right" | "top-right" | "bottom-right" | "bottom";
  background?: string;
}

/** Text of constant screen size at (x, y) in table inches (counter-scaled on zoom). */
export function label(text: string, x: number, y: number, st: LabelStyle = {}): Konva.Group {
  const grp = new Konva.Group({ x, y, name: "label", listening: false });
  const t = new Konva.Text({ text, fontSize: st.size ?? 11, fontFamily: "system-ui, sans-serif", fontStyle: `${st.italic ? "italic " : ""}${st.bold ? "bold" : "normal"}`, fill: st.colour ?? "#111", align: "center", lineHeight: 1.1 });
  const w = t.width();
  const h = t.height();
  const a = st.anchor ?? "centre";
  t.x(a === "right" || a === "top-right" || a === "bottom-right" ? -w : a === "left" ? 0 : -w / 2);
  t.y(a === "top" || a === "top-right" ? 0 : a === "bottom-right" || a === "bottom" ? -h : -h / 2);
  if (a === "top-right" || a === "bottom-right") t.align("right");
  if (st.background) grp.add(new Konva.Rect({ x: t.x() - 3, y: t.y() - 1, width: w + 6, height: h + 2, fill: st.background, cornerRadius: 3, opacity: 0.85 }));
  grp.add(t);
  return grp;
}

