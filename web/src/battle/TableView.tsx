/**
 * The table, drawn to scale in inches with Konva: the table, terrain, camps, boats, deployment
 * zones, every stand as a rectangle with its front edge marked, unit names, DP pips and leaders.
 * It reads the engine's state and draws it; it works out no rule. Wheel or pinch to zoom, drag to
 * pan, tap a unit for its card.
 */
import Konva from "konva";
import { useEffect, useRef } from "preact/hooks";
import type { BattleDecision, BattleState, BattleUnit } from "../../../src/rulesets/shieldwall/battle/index.js";
import { centroid } from "../../../src/rulesets/shieldwall/geometry/polygon.js";
import { type BattleView, hoveredOption, hoveredUnit, involved, nearestDeploy, nearestMove, pickedOption, selectedUnit } from "./store.js";
import { DP_KINDS } from "./UnitCard.js";

const SIDE_FILL = { red: "#b3261e", black: "#2b2b2b" } as const;
const SIDE_EDGE = { red: "#ffd7cf", black: "#e6e6e6" } as const;
const DP_COLOUR: Record<string, string> = { fatigue: "#f2c14e", manoeuvre: "#4ea8de", shooting: "#9b5de5", combat: "#e63946", morale: "#f77f00" };
const MARGIN = 2.5; // inches around the table in the fitted view

/** Stand sizes by scale (ruling SW-3), for the deployment preview only. */
const STAND_WIDTH = { "15mm": 80 / 25.4, "28mm": 120 / 25.4 } as const;
const STAND_DEPTH = { "15mm": 40 / 25.4, "28mm": 50 / 25.4 } as const;

interface Scene {
  stage: Konva.Stage;
  ground: Konva.Layer;
  units: Konva.Layer;
  overlay: Konva.Layer;
  /** Table height, to turn the engine's y (north up) into the screen's (down). */
  height: number;
  width: number;
  fitted: boolean;
  /** Draws the units again (after a zoom). */
  redraw?: () => void;
}

const flat = (pts: { x: number; y: number }[], h: number) => pts.flatMap((p) => [p.x, h - p.y]);

/** Screen rotation (clockwise degrees) of a shape drawn facing up, for an engine facing (CCW from east). */
const rotationOf = (facing: number) => 90 - facing;

function labelScale(scene: Scene): void {
  const k = 1 / scene.stage.scaleX();
  for (const layer of [scene.ground, scene.units, scene.overlay]) layer.find(".label").forEach((n) => n.scale({ x: k, y: k }));
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
  const g = scene.ground;
  g.destroyChildren();
  const t = s.table;
  const H = t.height;
  scene.height = H;
  scene.width = t.width;
  g.add(new Konva.Rect({ x: 0, y: 0, width: t.width, height: H, fill: "#dfe5c6", stroke: "#5b4a2f", strokeWidth: 0.3, shadowColor: "#000", shadowBlur: 0.8, shadowOpacity: 0.25 }));
  // A faint 6" grid and inch marks every 12", so the scale reads at a glance.
  for (let x = 6; x < t.width; x += 6) g.add(new Konva.Line({ points: [x, 0, x, H], stroke: "#000", strokeWidth: 0.04, opacity: 0.12, listening: false }));
  for (let y = 6; y < H; y += 6) g.add(new Konva.Line({ points: [0, H - y, t.width, H - y], stroke: "#000", strokeWidth: 0.04, opacity: 0.12, listening: false }));
  for (let x = 0; x <= t.width; x += 12) g.add(label(`${x}"`, x, H + 0.4, { size: 10, colour: "#6b6b6b", anchor: "top" }));
  for (let y = 12; y < H; y += 12) g.add(label(`${y}"`, 0.3, H - y, { size: 10, colour: "#6b6b6b", anchor: "left" }));
  // Deployment zones (ruling SW-26) and the centre line.
  const mid = H / 2;
  const { deployMin, deployMax } = t.options;
  const zone = (y0: number, y1: number, side: "red" | "black") =>
    new Konva.Rect({ x: 0, y: H - y1, width: t.width, height: y1 - y0, fill: SIDE_FILL[side], opacity: s.phase === "deployment" ? 0.12 : 0.05, listening: false });
  g.add(zone(mid - deployMax, mid - deployMin, "red"), zone(mid + deployMin, mid + deployMax, "black"));
  g.add(new Konva.Line({ points: [0, H - mid, t.width, H - mid], stroke: "#5b4a2f", strokeWidth: 0.08, dash: [0.6, 0.6], opacity: 0.5, listening: false }));
  if (s.phase === "deployment") {
    g.add(label("red deployment zone", t.width - 0.5, H - (mid - deployMin) + 0.3, { size: 10, colour: "#8a1c14", anchor: "top-right" }));
    g.add(label("black deployment zone", t.width - 0.5, H - (mid + deployMin) - 0.3, { size: 10, colour: "#333", anchor: "bottom-right" }));
  }
  for (const f of t.terrain) {
    const pts = flat(f.points, H);
    const fill = f.highGround ? "#c9b27c" : f.cover ? "#5f8f4e" : f.difficult ? "#9db39a" : "#c8cfb0";
    if (f.kind === "area") g.add(new Konva.Line({ points: pts, closed: true, fill, opacity: 0.85, stroke: "#55663f", strokeWidth: 0.12, listening: false }));
    else g.add(new Konva.Line({ points: pts, stroke: "#6b4f2a", strokeWidth: 0.45, lineCap: "round", lineJoin: "round", listening: false }));
    const c = centroid(f.points);
    const traits = [f.difficult && "difficult", f.cover && "cover", f.highGround && "high ground", f.blocksSight && "blocks sight"].filter(Boolean).join(", ");
    g.add(label(`${f.name ?? f.id}${traits ? `\n(${traits})` : ""}`, c.x, H - c.y, { size: 10, colour: "#2f3b1f", italic: true }));
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

interface LabelStyle {
  size?: number;
  colour?: string;
  bold?: boolean;
  italic?: boolean;
  anchor?: "centre" | "top" | "left" | "right" | "top-right" | "bottom-right" | "bottom";
  background?: string;
}

/** Text of constant screen size at (x, y) in table inches (counter-scaled on zoom). */
function label(text: string, x: number, y: number, st: LabelStyle = {}): Konva.Group {
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

function unitCentre(bu: BattleUnit): { x: number; y: number } {
  return centroid(bu.stands);
}

function drawUnits(scene: Scene, view: BattleView, selected: string | null): void {
  const layer = scene.units;
  layer.destroyChildren();
  const s = view.snapshot.state;
  const H = scene.height;
  const acting = s.pending && "unit" in s.pending ? s.pending.unit : null;
  for (const bu of s.units) {
    if (bu.stands.length === 0) continue;
    const formed = bu.u.formed;
    const isSel = bu.id === selected;
    const isActing = bu.id === acting;
    for (const st of bu.stands) {
      const grp = new Konva.Group({ x: st.x, y: H - st.y, rotation: rotationOf(st.facing), name: `unit`, id: undefined });
      grp.setAttr("unitId", bu.id);
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
      layer.add(grp);
    }
    const c = unitCentre(bu);
    const leaders = s.leaders.filter((l) => l.unit === bu.id && l.status === "alive");
    const lbl = new Konva.Group({ x: c.x, y: H - c.y, name: "label", listening: false });
    // The name wraps to the unit's width on screen, so that neighbours' labels do not overlap.
    const xs = bu.stands.map((st) => st.x);
    const frontage = (Math.max(...xs) - Math.min(...xs) + bu.stands[0].width) * scene.stage.scaleX();
    // Too small on screen for a name (a phone at the fitted zoom): pips and leaders only; zoom in or tap for the rest.
    const roomy = frontage >= 40;
    const name = new Konva.Text({ text: roomy ? bu.u.name : "", fontSize: 10, fontFamily: "system-ui, sans-serif", fontStyle: "bold", fill: "#fff", align: "center", lineHeight: 1.05 });
    if (roomy && name.width() > frontage - 6) name.setAttrs({ width: Math.max(frontage - 6, 58), wrap: "word" });
    const pipR = 3.2;
    const dps: string[] = [];
    for (const k of DP_KINDS) for (let i = 0; i < bu.u.dp[k]; i++) dps.push(k);
    const extra = `${leaders.map((l) => (roomy ? `★${l.name.split(" ")[0]}` : "★")).join(" ")}${bu.u.inCombat ? " ⚔" : ""}`;
    const extraText = new Konva.Text({ text: extra, fontSize: 10, fontFamily: "system-ui, sans-serif", fill: "#ffd166", fontStyle: "bold" });
    const line2 = dps.length * (pipR * 2 + 2) + (extra ? extraText.width() + 4 : 0);
    const bw = Math.max(name.width(), line2) + 4;
    const nameH = roomy ? name.height() : 0;
    const bh = nameH + (line2 > 0 ? 12 : 0) + 4;
    // Labels sit just behind the unit (away from the enemy), so they do not hide its stands.
    const top = bu.side === "red" ? 0 : -bh;
    lbl.add(new Konva.Rect({ x: -bw / 2, y: top, width: bw, height: bh, fill: bu.side === "red" ? "#7d1a14" : "#111", opacity: 0.78, cornerRadius: 3 }));
    name.position({ x: -name.width() / 2, y: top + 2 });
    lbl.add(name);
    let px = -line2 / 2 + pipR;
    const py = top + nameH + 8;
    for (const k of dps) {
      lbl.add(new Konva.Circle({ x: px, y: py, radius: pipR, fill: DP_COLOUR[k], stroke: "#fff", strokeWidth: 0.8 }));
      px += pipR * 2 + 2;
    }
    if (extra) {
      extraText.position({ x: px - pipR + (dps.length ? 2 : 0), y: py - 6 });
      lbl.add(extraText);
    }
    const back = bu.side === "red" ? 1 : -1;
    lbl.y(H - c.y + back * (bu.stands[0].depth / 2 + 0.15));
    layer.add(lbl);
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

  useEffect(() => {
    const container = el.current!;
    const stage = new Konva.Stage({ container, width: container.clientWidth || 300, height: container.clientHeight || 200, draggable: true });
    const sc: Scene = { stage, ground: new Konva.Layer({ listening: false }), units: new Konva.Layer(), overlay: new Konva.Layer({ listening: false }), height: 48, width: 72, fitted: false };
    stage.add(sc.ground, sc.units, sc.overlay);
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
    const unitOf = (target: Konva.Node): string | null => {
      for (let n: Konva.Node | null = target; n; n = n.getParent()) {
        const id = n.getAttr("unitId") as string | undefined;
        if (id) return id;
      }
      return null;
    };
    stage.on("click tap", (e) => {
      const id = unitOf(e.target);
      const v = viewRef.current;
      const side = v.snapshot.toMove;
      // Your deployment or move: a tap on open ground picks the nearest legal deployment (of the
      // selected unit's contingent), or the move pointing nearest the tap; confirmed in the panel.
      const kind = v.snapshot.state.pending?.kind;
      if (!id && side && v.players[side] === "human" && (kind === "deploy" || kind === "move")) {
        const pos = stage.getPointerPosition();
        if (pos) {
          const k = stage.scaleX();
          const at = { x: (pos.x - stage.x()) / k, y: sc.height - (pos.y - stage.y()) / k };
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
      container.style.cursor = id ? "pointer" : "grab";
    });
    stage.on("mouseleave", () => (hoveredUnit.value = null));
    stage.on("dblclick dbltap", () => fit(sc, container));
    const ro = new ResizeObserver(() => fit(sc, container));
    ro.observe(container);
    return () => {
      ro.disconnect();
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
  }, [snap.state.table, snap.state.phase === "deployment"]);

  useEffect(() => {
    const sc = scene.current;
    if (!sc) return;
    sc.redraw = () => {
      drawUnits(sc, view, selected);
      labelScale(sc);
    };
    sc.redraw();
  }, [snap.seq, selected]);

  useEffect(() => {
    const sc = scene.current;
    if (!sc) return;
    drawOverlay(sc, view, option, highlighted);
  }, [snap.seq, option, highlighted]);

  return (
    <>
      <div class="table" ref={el} data-testid="table" />
      <div class="table-legend" aria-label="Legend">
        <span class="front-mark" /> front edge · DP pips: <i class="pip fatigue" /> fatigue <i class="pip manoeuvre" /> manoeuvre <i class="pip shooting" /> shooting{" "}
        <i class="pip combat" /> combat <i class="pip morale" /> morale · ★ leader · ⚔ in combat · dashed = unformed · <span class="last-mark" /> last step
      </div>
      <div class="table-help">Drag to pan · wheel or pinch to zoom · double-click to fit · tap a unit for its card</div>
    </>
  );
}
