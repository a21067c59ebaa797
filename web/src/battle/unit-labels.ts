/**
 * Unit labels on the table: what a label says (name, aggression, DP pips, leaders, marks) and
 * where it goes. A label is drawn in screen pixels (counter-scaled, so it reads the same at every
 * zoom) and hangs from a point on one of its own stands: behind the unit, in front, beside it, or
 * on it, whichever first overlaps no other label and no other unit's stands. Because it hangs from
 * a stand's corner, zooming (which scales the label about that point) never parts it from its unit.
 * Where units crowd (a phone at the fitted zoom) a small label that finds no free place tries a
 * tiny one (a shorter name alone), and failing that is hidden until its unit is tapped (the
 * selected and the acting unit's labels are placed first and always shown): labels never overlap.
 */
import Konva from "konva";
import type { BattleState, BattleUnit } from "../../../src/rulesets/shieldwall/battle/index.js";
import { initials, shortName } from "./label-layout.js";
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

/** The last resort before hiding a crowded small label: the name's initials, in the side's colour. */
function tinyLabel(bu: BattleUnit): { content: Konva.Group; w: number; h: number } {
  const content = new Konva.Group();
  const name = new Konva.Text({ text: initials(bu.u.name), fontSize: 9, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: "#fff", x: 2, y: 1.5 });
  const w = name.width() + 4;
  const h = 12;
  content.add(new Konva.Rect({ x: 0, y: 0, width: w, height: h, fill: bu.side === "red" ? "#7d1a14" : "#111", opacity: 0.8, cornerRadius: 2, name: "label-box" }), name);
  return { content, w, h };
}

export interface DrawnLabel {
  content: Konva.Group;
  w: number;
  h: number;
  /** Small labels only: the tiny one to use where the small one finds no free place. */
  tiny?: { content: Konva.Group; w: number; h: number };
}

/** A unit's label, its box's top left at (0, 0) in screen pixels, and the box's size. */
export function unitLabel(bu: BattleUnit, leaders: Leader[], frontagePx: number): DrawnLabel {
  const content = new Konva.Group();
  // Roomy: the full name, wrapped to the unit's width; small on screen (a phone): a short name on one row.
  const roomy = frontagePx >= 40;
  const name = new Konva.Text({ text: roomy ? bu.u.name : shortName(bu.u.name), fontSize: 10, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: "#fff", align: "center", lineHeight: 1.05 });
  if (!roomy) return { ...smallLabel(bu, name), tiny: tinyLabel(bu) };
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

