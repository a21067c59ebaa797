/**
 * The table, drawn to scale in inches with Konva: the table, terrain, camps, boats, deployment
 * zones, every stand as a rectangle with its front edge marked, unit names, DP pips and leaders.
 * It reads the engine's state and draws it; it works out no rule. Wheel or pinch to zoom, drag to
 * pan, tap a unit for its card.
 */
import Konva from "konva";
import { useEffect, useRef } from "preact/hooks";
import type { BattleDecision, BattleState, BattleUnit } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { Stand } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { centroid } from "../../../src/rulesets/shieldwall/geometry/polygon.js";
import { send } from "./engine.js";
import { type BattleView, hoveredOption, hoveredUnit, involved, namesOf, nearestDeploy, nearestMove, pickedOption, selectedUnit, withNames } from "./store.js";
import { type DragMove, dragMove, haltKey, inches, moveHeadings, pickStand, queryId, requery, snapHeading, type ToolState, tools } from "./table-tools.js";
import { MoveDragPanel, ToolBar, ToolPanel } from "./TableTools.js";
import { type LabelUnit, placeLabels } from "./label-layout.js";
import { unitLabel } from "./unit-labels.js";
import { drawTableGround, flat, label, SIDE_FILL } from "./table-ground.js";

const SIDE_EDGE = { red: "#ffd7cf", black: "#e6e6e6" } as const;
const MARGIN = 2.5; // inches around the table in the fitted view

/** Stand sizes by scale (ruling SW-3), for the deployment preview only. */
const STAND_WIDTH = { "15mm": 80 / 25.4, "28mm": 120 / 25.4 } as const;
const STAND_DEPTH = { "15mm": 40 / 25.4, "28mm": 50 / 25.4 } as const;

interface Scene {
  stage: Konva.Stage;
  ground: Konva.Layer;
  units: Konva.Layer;
  overlay: Konva.Layer;
  /** The tape, sight line and zones' names. */
  tools: Konva.Layer;
  /** The zones' areas, under the units so that labels stay readable. */
  under: Konva.Layer;
  /** The ghost of a move being dragged (redrawn alone while dragging). */
  drag: Konva.Layer;
  /** Where each unit's stands were last drawn, so a change glides (a computer's step is seen). */
  drawn: Map<string, Stand[]>;
  tweens: Konva.Tween[];
  /** True while a move is being dragged: the drag layer is drawn by the pointer handler, not the effect. */
  dragLive: boolean;
  /** Table height, to turn the engine's y (north up) into the screen's (down). */
  height: number;
  width: number;
  fitted: boolean;
  /** Draws the units again (after a zoom). */
  redraw?: () => void;
}


/** Screen rotation (clockwise degrees) of a shape drawn facing up, for an engine facing (CCW from east). */
const rotationOf = (facing: number) => 90 - facing;

function labelScale(scene: Scene): void {
  const k = 1 / scene.stage.scaleX();
  for (const layer of [scene.ground, scene.units, scene.overlay, scene.tools, scene.drag]) layer.find(".label").forEach((n) => n.scale({ x: k, y: k }));
  // Labels that must stay on the table (terrain names near an edge): kept inside at any zoom.
  scene.ground.find(".label").forEach((n) => {
    const x0 = n.getAttr("anchorX") as number | undefined;
    if (x0 === undefined) return;
    const half = ((n.getClientRect({ skipTransform: true }).width / 2) * k) + 0.3;
    n.x(Math.min(Math.max(x0, half), scene.width - half));
  });
}

function fit(scene: Scene, el: HTMLElement): void {
  const w = el.clientWidth;
  const h = el.clientHeight;
  if (w === 0 || h === 0) return;
  scene.stage.size({ width: w, height: h });
  const k = Math.min(w / (scene.width + 2 * MARGIN), h / (scene.height + 2 * MARGIN));
  scene.stage.scale({ x: k, y: k });
  scene.stage.position({ x: (w - scene.width * k) / 2, y: (h - scene.height * k) / 2 });
  labelScale(scene);
  scene.fitted = true;
  scene.redraw?.();
}

function drawGround(scene: Scene, s: BattleState): void {
  drawTableGround(scene.ground, s.table, s.phase === "deployment");
  scene.height = s.table.height;
  scene.width = s.table.width;
}

function unitCentre(bu: BattleUnit): { x: number; y: number } {
  return centroid(bu.stands);
}

/** Milliseconds a unit glides from its old position to its new one after a decision. */
export const GLIDE_MS = 300;

/** Ends every glide at once (a tap skips the animation). */
function finishGlides(scene: Scene): void {
  for (const t of scene.tweens) {
    t.finish();
    t.destroy();
  }
  scene.tweens = [];
}

function standsMoved(a: readonly Stand[] | undefined, b: readonly Stand[]): boolean {
  if (!a || a.length !== b.length || a === b) return false;
  return a.some((s, i) => Math.abs(s.x - b[i].x) > 1e-6 || Math.abs(s.y - b[i].y) > 1e-6 || Math.abs(s.facing - b[i].facing) > 1e-6);
}

/** The rotation to start a glide from: the old one, the short way round to the new. */
function nearRotation(from: number, to: number): number {
  return to + ((((from - to) % 360) + 540) % 360) - 180;
}

function drawUnits(scene: Scene, view: BattleView, selected: string | null, animate: boolean): void {
  finishGlides(scene);
  const layer = scene.units;
  layer.destroyChildren();
  const s = view.snapshot.state;
  const H = scene.height;
  const k = scene.stage.scaleX();
  const acting = s.pending && "unit" in s.pending ? s.pending.unit : null;
  const labels: { grp: Konva.Group; content: Konva.Group; tiny?: Konva.Group; unit: LabelUnit; old: Stand[] | null }[] = [];
  const glides: { node: Konva.Node; to: Konva.NodeConfig }[] = [];
  for (const bu of s.units) {
    if (bu.stands.length === 0) {
      scene.drawn.delete(bu.id);
      continue;
    }
    const formed = bu.u.formed;
    const isSel = bu.id === selected;
    const isActing = bu.id === acting;
    const old = animate && standsMoved(scene.drawn.get(bu.id), bu.stands) ? scene.drawn.get(bu.id)! : null;
    scene.drawn.set(bu.id, bu.stands);
    bu.stands.forEach((st, i) => {
      const grp = new Konva.Group({ x: st.x, y: H - st.y, rotation: rotationOf(st.facing), name: `unit` });
      grp.setAttr("unitId", bu.id);
      grp.setAttr("standIndex", i);
      const w = st.width;
      const d = st.depth;
      grp.add(
        new Konva.Rect({
          x: -w / 2,
          y: -d / 2,
          width: w,
          height: d,
          fill: SIDE_FILL[bu.side],
          opacity: formed ? 0.95 : 0.7,
          stroke: isSel ? "#ffd60a" : isActing ? "#00b4d8" : formed ? "#000" : SIDE_EDGE[bu.side],
          strokeWidth: isSel || isActing ? 0.28 : 0.06,
          dash: formed || isSel || isActing ? undefined : [0.3, 0.2],
          cornerRadius: formed ? 0 : 0.3,
        }),
      );
      // The front edge: a bright band along the side the stand faces.
      grp.add(new Konva.Line({ points: [-w / 2 + 0.05, -d / 2 + 0.12, w / 2 - 0.05, -d / 2 + 0.12], stroke: SIDE_EDGE[bu.side], strokeWidth: 0.22, lineCap: "butt" }));
      if (!formed) {
        // Loose stands: a few figures scattered instead of a solid block.
        for (const [fx, fy] of [
          [-0.3, 0.1],
          [0.05, 0.25],
          [0.3, 0.05],
        ])
          grp.add(new Konva.Circle({ x: fx * w, y: fy * d, radius: 0.18, fill: SIDE_EDGE[bu.side], opacity: 0.8 }));
      }
      const from = old?.[i];
      if (from) {
        glides.push({ node: grp, to: { x: grp.x(), y: grp.y(), rotation: grp.rotation() } });
        grp.position({ x: from.x, y: H - from.y });
        grp.rotation(nearRotation(rotationOf(from.facing), grp.rotation()));
      }
      layer.add(grp);
    });
    const leaders = s.leaders.filter((l) => l.unit === bu.id && l.status === "alive");
    // The name wraps to the unit's width on screen, so that neighbours' labels do not overlap.
    const xs = bu.stands.map((st) => st.x);
    const frontage = (Math.max(...xs) - Math.min(...xs) + bu.stands[0].width) * k;
    const { content, w, h, tiny } = unitLabel(bu, leaders, frontage);
    const lbl = new Konva.Group({ name: "label unit-label", listening: false });
    lbl.setAttr("unitId", bu.id);
    lbl.add(content);
    const priority = isSel || isActing;
    labels.push({ grp: lbl, content, tiny: tiny?.content, unit: { id: bu.id, side: bu.side, stands: bu.stands, w, h, ...(tiny ? { tiny: { w: tiny.w, h: tiny.h } } : {}), priority }, old });
    layer.add(lbl);
  }
  // Each label hangs from a point on its own stands, placed so that labels and other units' stands are not covered where avoidable.
  const st = scene.stage;
  const places = placeLabels(
    labels.map((l) => l.unit),
    H,
    k,
    { x0: -st.x(), y0: -st.y(), x1: st.width() - st.x(), y1: st.height() - st.y() },
  );
  for (const l of labels) {
    const place = places.get(l.unit.id)!;
    // Crowded: the tiny form instead, or hidden until the unit is tapped (selected units come first).
    if (place.form === "tiny" && l.tiny) {
      l.content.destroy();
      l.content = l.tiny;
      l.grp.add(l.content);
    }
    l.grp.visible(place.form !== "hidden");
    l.grp.setAttr("form", place.form);
    l.content.position({ x: place.dx, y: place.dy });
    l.grp.position({ x: place.at.x / k, y: place.at.y / k });
    l.grp.setAttr("where", place.where);
    if (l.old) {
      const oc = centroid(l.old);
      const c = centroid(l.unit.stands);
      glides.push({ node: l.grp, to: { x: l.grp.x(), y: l.grp.y() } });
      l.grp.position({ x: l.grp.x() + (oc.x - c.x), y: l.grp.y() - (oc.y - c.y) });
    }
  }
  for (const g of glides) {
    const t = new Konva.Tween({ node: g.node, duration: GLIDE_MS / 1000, easing: Konva.Easings.EaseInOut, ...g.to });
    scene.tweens.push(t);
    t.play();
  }
}

function arrow(x0: number, y0: number, heading: number, length: number, H: number, colour: string): Konva.Arrow {
  const a = (heading * Math.PI) / 180;
  return new Konva.Arrow({
    points: [x0, H - y0, x0 + Math.cos(a) * length, H - (y0 + Math.sin(a) * length)],
    stroke: colour,
    fill: colour,
    strokeWidth: 0.3,
    pointerLength: 1,
    pointerWidth: 1,
    dash: [0.6, 0.3],
    listening: false,
  });
}

/** Preview of the option under the pointer: the units it involves, and where a move or deployment points. */
function drawOverlay(scene: Scene, view: BattleView, option: BattleDecision | null, highlighted: readonly string[] = []): void {
  const layer = scene.overlay;
  layer.destroyChildren();
  const s = view.snapshot.state;
  const H = scene.height;
  if (!option) {
    // No preview: mark the units lit from the log, or else those the last decision moved or touched, so each step is seen.
    const lit = highlighted.length > 0;
    for (const bu of s.units) {
      if (!(lit ? highlighted : view.lastActed).includes(bu.id)) continue;
      for (const st of bu.stands) {
        const grp = new Konva.Group({ x: st.x, y: H - st.y, rotation: rotationOf(st.facing), listening: false });
        grp.add(new Konva.Rect({ x: -st.width / 2 - 0.2, y: -st.depth / 2 - 0.2, width: st.width + 0.4, height: st.depth + 0.4, stroke: lit ? "#ff4fd8" : "#ffb703", strokeWidth: lit ? 0.3 : 0.18, dash: lit ? undefined : [0.4, 0.25], cornerRadius: 0.3 }));
        layer.add(grp);
      }
    }
    return;
  }
  const ids = involved(s.pending, option);
  for (const bu of s.units) {
    const led = s.leaders.some((l) => ids.includes(l.id) && l.unit === bu.id);
    if (!ids.includes(bu.id) && !ids.includes(bu.u.contingent) && !led) continue;
    for (const st of bu.stands) {
      const grp = new Konva.Group({ x: st.x, y: H - st.y, rotation: rotationOf(st.facing), listening: false });
      grp.add(new Konva.Rect({ x: -st.width / 2 - 0.25, y: -st.depth / 2 - 0.25, width: st.width + 0.5, height: st.depth + 0.5, stroke: "#00e5ff", strokeWidth: 0.25, cornerRadius: 0.3 }));
      layer.add(grp);
    }
  }
  const p = s.pending;
  const subject = p && "unit" in p ? s.units.find((u) => u.id === p.unit) : undefined;
  const from = subject && subject.stands.length > 0 ? unitCentre(subject) : null;
  const facing = subject?.stands[0]?.facing ?? 90;
  if (option.type === "deploy") {
    // Where the contingent's front line goes: centre at x, this far from the centre line.
    const side = p?.side ?? "red";
    const units = s.units.filter((u) => u.u.contingent === option.contingent);
    const frontage = units.reduce((n, u) => n + u.initialStands, 0) * STAND_WIDTH[s.table.scale];
    const depth = STAND_DEPTH[s.table.scale];
    const front = side === "red" ? H / 2 - option.distance : H / 2 + option.distance;
    const back = side === "red" ? front - depth : front + depth;
    layer.add(
      new Konva.Rect({ x: option.x - frontage / 2, y: H - Math.max(front, back), width: frontage, height: depth, fill: SIDE_FILL[side], opacity: 0.35, stroke: "#00e5ff", strokeWidth: 0.2, dash: [0.5, 0.3], listening: false }),
    );
    layer.add(label(`front line here (x ${option.x}", ${option.distance}" from the centre)`, Math.min(Math.max(option.x, 12), s.table.width - 12), H - front + (side === "red" ? -0.6 : 0.6), { size: 11, colour: "#003b46", anchor: side === "red" ? "bottom" : "top", background: "#e0fbff" }));
  } else if (option.type === "move" && from) {
    const m = option.move;
    const heading =
      m.kind === "advance"
        ? facing + m.offset
        : m.kind === "change-direction" || m.kind === "unformed-move"
          ? m.heading
          : m.kind === "form-up"
            ? m.facing
            : m.kind === "about-face"
              ? facing + 180
              : m.kind === "step"
                ? facing + { forward: 0, left: 90, back: 180, right: -90 }[m.direction]
                : m.kind === "disembark" && m.heading !== undefined
                  ? m.heading
                  : null;
    if (heading !== null) {
      const length = m.kind === "step" ? m.distance : m.kind === "form-up" || m.kind === "about-face" ? 3 : ("stopAt" in m && m.stopAt !== undefined ? m.stopAt : 6);
      layer.add(arrow(from.x, from.y, heading, Math.max(length, 1.5), H, "#00b4d8"));
    }
  }
  if ((option.type === "charge" || option.type === "shoot") && option.target && from) {
    const target = s.units.find((u) => u.id === option.target);
    if (target && target.stands.length > 0) {
      const to = unitCentre(target);
      layer.add(new Konva.Arrow({ points: [from.x, H - from.y, to.x, H - to.y], stroke: option.type === "charge" ? "#ff006e" : "#9b5de5", fill: option.type === "charge" ? "#ff006e" : "#9b5de5", strokeWidth: 0.3, pointerLength: 1, pointerWidth: 1, listening: false }));
    }
  }
  labelScale(scene);
}


const ZONE_FILL = { front: "#2a9d8f", flank: "#e9c46a", rear: "#e76f51" } as const;

/** The tape, the line of sight or the zones the ruleset answered (the tools layer). */
function drawTools(scene: Scene, view: BattleView, ts: ToolState): void {
  const layer = scene.tools;
  layer.destroyChildren();
  scene.under.destroyChildren();
  const s = view.snapshot.state;
  const H = scene.height;
  const names = namesOf(s);
  const outline = (ref: { unit: string; stand: number }, colour: string) => {
    const st = s.units.find((u) => u.id === ref.unit)?.stands[ref.stand];
    if (!st) return;
    const grp = new Konva.Group({ x: st.x, y: H - st.y, rotation: rotationOf(st.facing), listening: false });
    grp.add(new Konva.Rect({ x: -st.width / 2 - 0.2, y: -st.depth / 2 - 0.2, width: st.width + 0.4, height: st.depth + 0.4, stroke: colour, strokeWidth: 0.22, cornerRadius: 0.2 }));
    layer.add(grp);
  };
  if (ts.first) outline(ts.first, "#ffd60a");
  if (ts.second) outline(ts.second, "#ffd60a");
  const m = ts.measure;
  if (m && ts.tool === "tape") {
    if (m.arc) layer.add(new Konva.Line({ points: flat(m.arc, H), closed: true, fill: "#ffd60a", opacity: 0.13, stroke: "#b08900", strokeWidth: 0.06, dash: [0.3, 0.2], listening: false }));
    layer.add(new Konva.Line({ points: [m.p.x, H - m.p.y, m.q.x, H - m.q.y], stroke: "#ffd60a", strokeWidth: 0.3, lineCap: "round", listening: false }));
    layer.add(new Konva.Line({ points: [m.p.x, H - m.p.y, m.q.x, H - m.q.y], stroke: "#111", strokeWidth: 0.08, dash: [0.25, 0.25], listening: false }));
    const mid = { x: (m.p.x + m.q.x) / 2, y: (m.p.y + m.q.y) / 2 };
    const tag = label(inches(m.distance), mid.x, H - mid.y, { size: 13, bold: true, colour: "#111", background: "#ffd60a" });
    tag.name("label tape-label");
    layer.add(tag);
  }
  if (m && ts.tool === "sight") {
    const l = m.sight.line;
    const colour = m.sight.clear ? "#2dc653" : "#e63946";
    layer.add(new Konva.Arrow({ points: [l.from.x, H - l.from.y, l.to.x, H - l.to.y], stroke: colour, fill: colour, strokeWidth: 0.22, pointerLength: 0.8, pointerWidth: 0.8, dash: m.sight.clear ? undefined : [0.5, 0.3], listening: false }));
    for (const b of m.sight.blockers) {
      if (b.kind === "stand") {
        const bu = s.units.find((u) => u.id === b.unit);
        bu?.stands.forEach((_, i) => outline({ unit: b.unit, stand: i }, "#e63946"));
      } else if (b.kind === "terrain") {
        const f = s.table.terrain.find((t) => t.id === b.id);
        if (f) layer.add(new Konva.Line({ points: flat(f.points, H), closed: f.kind === "area", stroke: "#e63946", strokeWidth: 0.25, dash: [0.5, 0.3], listening: false }));
      } else if (b.kind === "gap") {
        layer.add(new Konva.Line({ points: [b.p.x, H - b.p.y, b.q.x, H - b.q.y], stroke: "#e63946", strokeWidth: 0.3, listening: false }));
      }
    }
    const at = { x: (l.from.x + l.to.x) / 2, y: (l.from.y + l.to.y) / 2 };
    layer.add(label(m.sight.clear ? "in sight" : `blocked: ${m.sight.blockers.map((b) => withNames(b.name, names)).join("; ") || "no clear line"}`, at.x, H - at.y, { size: 11, bold: true, colour: "#fff", background: colour }));
  }
  if (ts.tool === "zones" && ts.zones) {
    for (const z of ts.zones.zones) {
      scene.under.add(new Konva.Line({ points: flat(z.polygon, H), closed: true, fill: ZONE_FILL[z.aspect], opacity: 0.35, stroke: ZONE_FILL[z.aspect], strokeWidth: 0.08, listening: false }));
      const c = centroid(z.polygon);
      layer.add(label(z.aspect === "flank" ? `${z.edge} flank` : z.aspect, c.x, H - c.y, { size: 11, bold: true, colour: "#fff", background: ZONE_FILL[z.aspect] }));
    }
    if (ts.zones.allRound) {
      const bu = s.units.find((u) => u.id === ts.zones!.unit);
      if (bu && bu.stands.length > 0) {
        const c = unitCentre(bu);
        layer.add(label("unformed: faces all round (no flank or rear)", c.x, H - c.y - 2, { size: 11, colour: "#111", background: "#fff" }));
      }
    }
  }
  labelScale(scene);
}

/** The moving unit's ghost where the drag puts it, with its path, the listed headings and the 2" halt. */
function drawDrag(scene: Scene, view: BattleView, headings: number[], unitId: string | null, d: DragMove | null): void {
  const layer = scene.drag;
  layer.destroyChildren();
  const s = view.snapshot.state;
  const bu = unitId ? s.units.find((u) => u.id === unitId) : undefined;
  if (!bu || bu.stands.length === 0) return;
  const H = scene.height;
  const c = unitCentre(bu);
  // The listed headings, faint: where the engine lets the unit go.
  for (const h of headings) layer.add(arrow(c.x, c.y, h, 4, H, "#00b4d8").opacity(0.35));
  if (!d) return;
  const v = { x: Math.cos((d.heading * Math.PI) / 180), y: Math.sin((d.heading * Math.PI) / 180) };
  const halt = tools.value.halts[haltKey(d.heading)];
  for (const st of bu.stands) {
    const grp = new Konva.Group({ x: st.x + v.x * d.distance, y: H - (st.y + v.y * d.distance), rotation: rotationOf(st.facing), listening: false });
    grp.add(new Konva.Rect({ x: -st.width / 2, y: -st.depth / 2, width: st.width, height: st.depth, fill: SIDE_FILL[bu.side], opacity: 0.4, stroke: "#00e5ff", strokeWidth: 0.15, dash: [0.3, 0.2] }));
    layer.add(grp);
    if (halt?.distance != null) {
      const hx = st.x + v.x * halt.distance;
      const hy = st.y + v.y * halt.distance;
      const g2 = new Konva.Group({ x: hx, y: H - hy, rotation: rotationOf(st.facing), listening: false });
      g2.add(new Konva.Line({ points: [-st.width / 2, -st.depth / 2, st.width / 2, -st.depth / 2], stroke: "#ff006e", strokeWidth: 0.2, dash: [0.3, 0.15] }));
      layer.add(g2);
    }
  }
  layer.add(new Konva.Arrow({ points: [c.x, H - c.y, c.x + v.x * d.distance, H - (c.y + v.y * d.distance)], stroke: "#00e5ff", fill: "#00e5ff", strokeWidth: 0.15, pointerLength: 0.6, pointerWidth: 0.6, listening: false }));
  const tip = { x: c.x + v.x * d.distance, y: c.y + v.y * d.distance };
  const names = namesOf(s);
  const haltText = halt?.distance != null ? ` · halts at ${inches(halt.distance)} (2" from ${withNames(halt.enemyName ?? "", names)})` : halt ? " · no visible enemy in the way" : "";
  const tag = label(`${inches(d.distance)}${haltText}`, tip.x, H - tip.y - 1.2, { size: 12, bold: true, colour: "#003b46", background: "#e0fbff" });
  tag.name("label drag-label");
  layer.add(tag);
  labelScale(scene);
}

/**
 * Test hook (e2e tests and the web bench read it from the page): where a stand is drawn on the
 * page, how many units are drawn, and, when a caller sets `dragWork` to an array, the
 * milliseconds each pointer move of a drag takes to draw its ghost.
 */
export interface TableHook {
  standPoint(unit: string, stand: number): { x: number; y: number } | null;
  drawn(): number;
  /** The battle state the table shows (the engine's, as the worker sent it). */
  state(): BattleState;
  /** The unit a person may drag now (a move with listed headings), or null. */
  mover(): string | null;
  dragWork?: number[];
  /** Each unit's label box and its stands' boxes, in page pixels (the label tests). */
  /** The labels shown (crowded-out ones are hidden until their unit is tapped). */
  labelBoxes(): { unit: string; where: string; form: string; name: string; label: PageBox; stands: PageBox[] }[];
  /** Units whose label is crowded out now. */
  hiddenLabels(): string[];
  /** The table's zoom (screen pixels per inch). */
  zoom(): number;
}

export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `highlighted`: units to light up (those a clicked log entry names). */
export function TableView({ view, highlighted = [] }: { view: BattleView; highlighted?: readonly string[] }) {
  const el = useRef<HTMLDivElement>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const scene = useRef<Scene | null>(null);
  const snap = view.snapshot;
  const selected = selectedUnit.value;
  const optionIndex = hoveredOption.value ?? pickedOption.value;
  const option = optionIndex !== null ? (snap.options[optionIndex]?.decision ?? null) : null;
  const ts = tools.value;
  const drag = dragMove.value;
  // A person's move: the unit that moves and the headings the engine lists for it.
  const side = snap.toMove;
  const p = snap.state.pending;
  const mover = side && view.players[side] === "human" && p?.kind === "move" ? snap.state.units.find((u) => u.id === p.unit) : undefined;
  const moverFacing = mover?.stands[0]?.facing ?? 90;
  const headings = mover ? moveHeadings(snap.options, moverFacing) : [];
  const moveRef = useRef({ mover: mover?.id ?? null, headings, facing: moverFacing });
  moveRef.current = { mover: mover?.id ?? null, headings, facing: moverFacing };

  useEffect(() => {
    const container = el.current!;
    const stage = new Konva.Stage({ container, width: container.clientWidth || 300, height: container.clientHeight || 200, draggable: true });
    const sc: Scene = {
      stage,
      ground: new Konva.Layer({ listening: false }),
      units: new Konva.Layer(),
      overlay: new Konva.Layer({ listening: false }),
      tools: new Konva.Layer({ listening: false }),
      under: new Konva.Layer({ listening: false }),
      drag: new Konva.Layer({ listening: false }),
      drawn: new Map(),
      tweens: [],
      dragLive: false,
      height: 48,
      width: 72,
      fitted: false,
    };
    stage.add(sc.ground, sc.under, sc.units, sc.overlay, sc.tools, sc.drag);
    scene.current = sc;
    const zoomAt = (factor: number, at: { x: number; y: number }) => {
      const old = stage.scaleX();
      const fitK = Math.min(stage.width() / (sc.width + 2 * MARGIN), stage.height() / (sc.height + 2 * MARGIN));
      const k = Math.min(Math.max(old * factor, fitK * 0.6), fitK * 12);
      const world = { x: (at.x - stage.x()) / old, y: (at.y - stage.y()) / old };
      stage.scale({ x: k, y: k });
      stage.position({ x: at.x - world.x * k, y: at.y - world.y * k });
      labelScale(sc);
      redrawSoon();
    };
    // Unit labels wrap to the units' width on screen: redrawn once the zoom settles.
    let pending = 0;
    const redrawSoon = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => sc.redraw?.());
    };
    stage.on("wheel", (e) => {
      e.evt.preventDefault();
      const at = stage.getPointerPosition() ?? { x: stage.width() / 2, y: stage.height() / 2 };
      zoomAt(e.evt.deltaY < 0 ? 1.15 : 1 / 1.15, at);
    });
    // Pinch to zoom with two fingers (the stage drag pans with one).
    let pinch: number | null = null;
    stage.on("touchmove", (e) => {
      const t = e.evt.touches;
      if (t.length !== 2) {
        pinch = null;
        return;
      }
      e.evt.preventDefault();
      if (stage.isDragging()) stage.stopDrag();
      const rect = container.getBoundingClientRect();
      const d = Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
      const mid = { x: (t[0].clientX + t[1].clientX) / 2 - rect.left, y: (t[0].clientY + t[1].clientY) / 2 - rect.top };
      if (pinch !== null && d > 0) zoomAt(d / pinch, mid);
      pinch = d;
    });
    stage.on("touchend", () => (pinch = null));
    const attrOf = (target: Konva.Node, attr: string): unknown => {
      for (let n: Konva.Node | null = target; n; n = n.getParent()) {
        const v = n.getAttr(attr) as unknown;
        if (v !== undefined) return v;
      }
      return undefined;
    };
    const unitOf = (target: Konva.Node) => (attrOf(target, "unitId") as string | undefined) ?? null;
    const tableAt = (): { x: number; y: number } | null => {
      const pos = stage.getPointerPosition();
      if (!pos) return null;
      const k = stage.scaleX();
      return { x: (pos.x - stage.x()) / k, y: sc.height - (pos.y - stage.y()) / k };
    };
    // Dragging the moving unit: a ghost follows the pointer along the nearest listed heading.
    let dragging: { from: { x: number; y: number }; heading: number | null; moved: boolean; live: DragMove | null } | null = null;
    const dragTo = () => {
      if (!dragging) return;
      const at = tableAt();
      if (!at) return;
      const dx = at.x - dragging.from.x;
      const dy = at.y - dragging.from.y;
      if (!dragging.moved && Math.hypot(dx, dy) * stage.scaleX() < 6) return;
      dragging.moved = true;
      const heading = snapHeading(moveRef.current.headings, (Math.atan2(dy, dx) * 180) / Math.PI);
      if (heading === null) return;
      const a = (heading * Math.PI) / 180;
      const distance = Math.max(0, dx * Math.cos(a) + dy * Math.sin(a));
      if (heading !== dragging.heading) {
        dragging.heading = heading;
        const unit = moveRef.current.mover;
        if (unit && !tools.value.halts[haltKey(heading)]) send({ type: "query", id: queryId(), query: { kind: "halt", unit, heading } });
      }
      const prev = dragMove.peek();
      const t0 = performance.now();
      sc.dragLive = true;
      // The panel hears of the drag on release; while it lasts only the ghost is drawn, in the
      // pointer's own event, so nothing else is re-rendered and the ghost never lags a frame.
      dragging.live = { heading, distance, extraD6: prev?.extraD6 ?? false, stop: prev?.stop ?? false };
      drawDrag(sc, viewRef.current, moveRef.current.headings, moveRef.current.mover, dragging.live);
      sc.drag.draw();
      hook.dragWork?.push(performance.now() - t0);
    };
    stage.on("mousedown touchstart", (e) => {
      finishGlides(sc);
      const id = unitOf(e.target);
      if (!id || id !== moveRef.current.mover || moveRef.current.headings.length === 0 || tools.value.tool !== "inspect") return;
      const at = tableAt();
      if (!at) return;
      stage.draggable(false);
      dragging = { from: at, heading: null, moved: false, live: null };
    });
    stage.on("mousemove touchmove", () => {
      if (dragging) dragTo();
    });
    const endDrag = () => {
      if (!dragging) return;
      const wasMoved = dragging.moved;
      const live = dragging.live;
      dragging = null;
      sc.dragLive = false;
      if (live) dragMove.value = live;
      stage.draggable(true);
      if (wasMoved) suppressClick = true;
    };
    let suppressClick = false;
    stage.on("mouseup touchend", endDrag);
    stage.on("mouseleave", endDrag);
    stage.on("click tap", (e) => {
      if (suppressClick) {
        suppressClick = false;
        return;
      }
      const id = unitOf(e.target);
      const v = viewRef.current;
      const ts = tools.value;
      if (ts.tool !== "inspect") {
        if (!id) return;
        const stand = (attrOf(e.target, "standIndex") as number | undefined) ?? 0;
        const { next, query } = pickStand(ts, { unit: id, stand }, queryId());
        tools.value = next;
        if (query && next.waiting !== null) send({ type: "query", id: next.waiting, query });
        return;
      }
      const side = v.snapshot.toMove;
      // Your deployment or move: a tap on open ground picks the nearest legal deployment (of the
      // selected unit's contingent), or the move pointing nearest the tap; confirmed in the panel.
      const kind = v.snapshot.state.pending?.kind;
      if (!id && side && v.players[side] === "human" && (kind === "deploy" || kind === "move")) {
        const at = tableAt();
        if (at) {
          const sel = v.snapshot.state.units.find((u) => u.id === selectedUnit.value);
          const i = kind === "deploy" ? nearestDeploy(v.snapshot.state, v.snapshot.options, at, sel?.u.contingent) : nearestMove(v.snapshot.state, v.snapshot.options, at);
          if (i !== null) {
            pickedOption.value = i;
            return;
          }
        }
      }
      selectedUnit.value = id === selectedUnit.value ? null : id;
    });
    stage.on("mouseover", (e) => {
      const id = unitOf(e.target);
      hoveredUnit.value = id;
      container.style.cursor = id ? (id === moveRef.current.mover && tools.value.tool === "inspect" ? "move" : "pointer") : "grab";
    });
    stage.on("mouseleave", () => (hoveredUnit.value = null));
    stage.on("dblclick dbltap", () => fit(sc, container));
    const ro = new ResizeObserver(() => fit(sc, container));
    ro.observe(container);
    const hook: TableHook = {
      standPoint: (unit, stand) => {
        const st = viewRef.current.snapshot.state.units.find((u) => u.id === unit)?.stands[stand];
        if (!st) return null;
        const r = container.getBoundingClientRect();
        const k = stage.scaleX();
        return { x: r.left + stage.x() + st.x * k, y: r.top + stage.y() + (sc.height - st.y) * k };
      },
      drawn: () => sc.drawn.size,
      state: () => viewRef.current.snapshot.state,
      mover: () => (moveRef.current.headings.length > 0 ? moveRef.current.mover : null),
      labelBoxes: () => {
        const r = container.getBoundingClientRect();
        const onPage = (n: Konva.Node): PageBox => {
          const b = n.getClientRect();
          return { x: r.left + b.x, y: r.top + b.y, width: b.width, height: b.height };
        };
        return sc.units.find(".unit-label").filter((l) => l.visible()).map((l) => ({
          form: l.getAttr("form") as string,
          unit: l.getAttr("unitId") as string,
          where: l.getAttr("where") as string,
          name: ((l as Konva.Group).findOne("Text") as Konva.Text | undefined)?.text() ?? "",
          label: onPage((l as Konva.Group).findOne(".label-box")!),
          stands: sc.units.find(".unit").filter((g) => g.getAttr("unitId") === l.getAttr("unitId")).map((g) => onPage((g as Konva.Group).findOne("Rect")!)),
        }));
      },
      hiddenLabels: () => sc.units.find(".unit-label").filter((l) => !l.visible()).map((l) => l.getAttr("unitId") as string),
      zoom: () => stage.scaleX(),
    };
    (globalThis as { __musterTable?: TableHook }).__musterTable = hook;
    return () => {
      delete (globalThis as { __musterTable?: TableHook }).__musterTable;
      ro.disconnect();
      finishGlides(sc);
      stage.destroy();
      scene.current = null;
      hoveredUnit.value = null;
    };
  }, []);

  useEffect(() => {
    const sc = scene.current;
    if (!sc) return;
    const sizeChanged = sc.width !== snap.state.table.width || sc.height !== snap.state.table.height;
    drawGround(sc, snap.state);
    if (!sc.fitted || sizeChanged) fit(sc, el.current!);
    labelScale(sc);
    if (performance.getEntriesByName("muster:table-ground").length === 0) {
      sc.stage.draw();
      performance.mark("muster:table-ground");
    }
  }, [snap.state.table, snap.state.phase === "deployment"]);

  // A new state: units glide to their new places; what was measured is measured again.
  const lastSeq = useRef(-1);
  useEffect(() => {
    const sc = scene.current;
    if (!sc) return;
    const animate = lastSeq.current !== -1 && lastSeq.current !== snap.seq;
    lastSeq.current = snap.seq;
    sc.redraw = () => {
      drawUnits(sc, view, selected, false);
      labelScale(sc);
    };
    drawUnits(sc, view, selected, animate);
    labelScale(sc);
    if (sc.drawn.size > 0 && performance.getEntriesByName("muster:table-drawn").length === 0) performance.mark("muster:table-drawn");
  }, [snap.seq, selected]);

  useEffect(() => {
    dragMove.value = null;
    const { next, query } = requery(tools.value, queryId());
    tools.value = next;
    if (query && next.waiting !== null) send({ type: "query", id: next.waiting, query });
  }, [snap.seq]);

  useEffect(() => {
    const sc = scene.current;
    if (!sc) return;
    drawOverlay(sc, view, drag ? null : option, highlighted);
  }, [snap.seq, option, drag === null, highlighted]);

  useEffect(() => {
    const sc = scene.current;
    if (sc) drawTools(sc, view, ts);
  }, [snap.seq, ts]);

  useEffect(() => {
    const sc = scene.current;
    if (sc && !sc.dragLive) drawDrag(sc, view, ts.tool === "inspect" && (selected === mover?.id || drag) ? headings : [], mover?.id ?? null, drag);
  }, [snap.seq, drag, ts.halts, selected, ts.tool]);

  return (
    <>
      <div class="table" ref={el} data-testid="table" />
      <div class="table-legend" aria-label="Legend">
        <span class="front-mark" /> front edge · DP pips: <i class="pip fatigue" /> fatigue <i class="pip manoeuvre" /> manoeuvre <i class="pip shooting" /> shooting{" "}
        <i class="pip combat" /> combat <i class="pip morale" /> morale · aggression: <b class="aggr shaken">Sh</b> shaken <b class="aggr present">Pr</b> present{" "}
        <b class="aggr ready">Rd</b> ready <b class="aggr bloodlust">BL</b> blood lust · ★ leader, LPs left/LP value · ⌂ camp followers ✝ holy person ♞ champion ⚑ standard ⚒ special
        weapon · ⚔ in combat · dashed = unformed · <span class="last-mark" /> last step
      </div>
      <ToolBar />
      <ToolPanel view={view} />
      {mover && <MoveDragPanel view={view} facing={moverFacing} />}
      <div class="table-help">
        {mover && ts.tool === "inspect" ? "Drag the moving unit to aim its move · " : ""}Drag to pan · wheel or pinch to zoom · double-click to fit · tap a unit for its card
      </div>
    </>
  );
}
