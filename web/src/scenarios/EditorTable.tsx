/**
 * The scenario editor's table: the battle page's ground drawing (battle/table-ground.ts, to scale
 * in inches, deployment zones from the ruleset) with each piece over it as a handle the player
 * drags to move, and the selected one in a Konva Transformer to turn and stretch it, by mouse or
 * finger. Pieces with a problem are outlined in red. It changes the model only through model.ts.
 */
import Konva from "konva";
import { useEffect, useRef } from "preact/hooks";
import { drawTableGround } from "../battle/table-ground.js";
import { type EditorScenario, movePiece, type Piece, updatePiece } from "./model.js";
import { editorTable } from "./problems.js";

const MARGIN = 2.5;

interface Scene {
  stage: Konva.Stage;
  ground: Konva.Layer;
  pieces: Konva.Layer;
  transformer: Konva.Transformer;
  width: number;
  height: number;
}

/** The page's hook for the browser tests: where a piece's centre is on the page. */
export interface EditorHook {
  pieceCentre(id: string): { x: number; y: number } | null;
  /** Where a handle of the selected piece's Transformer is on the page ("rotater", "middle-right", …). */
  anchor(name: string): { x: number; y: number } | null;
  /** Screen pixels per table inch. */
  scale(): number;
  /** The deployment zones drawn, by name (`deployment-zone-red`), with their height in table inches. */
  zones(): { name: string; depth: number }[];
}

function fit(sc: Scene, el: HTMLElement): void {
  const w = el.clientWidth;
  const h = el.clientHeight;
  if (w === 0 || h === 0) return;
  sc.stage.size({ width: w, height: h });
  const k = Math.min(w / (sc.width + 2 * MARGIN), h / (sc.height + 2 * MARGIN));
  sc.stage.scale({ x: k, y: k });
  sc.stage.position({ x: (w - sc.width * k) / 2, y: (h - sc.height * k) / 2 });
  // Labels keep their screen size whatever the scale (as on the battle page).
  sc.ground.find(".label").forEach((n) => n.scale({ x: 1 / k, y: 1 / k }));
}

/** A piece's handle: its outline in its own frame, placed, turned and stretched as the model says (screen y runs south). */
function handle(p: Piece, H: number, selected: boolean, bad: boolean): Konva.Group {
  const g = new Konva.Group({ x: p.x, y: H - p.y, rotation: -p.rotation, scaleX: p.sx, scaleY: p.sy, draggable: true, name: "piece", id: `piece-${p.id}` });
  const points = p.base.flatMap((q) => [q.x, -q.y]);
  const stroke = bad ? "#d00000" : selected ? "#00a5c4" : "rgba(40,40,40,0.35)";
  const line = p.kind === "obstacle" && p.what === "terrain";
  g.add(
    new Konva.Line({
      points,
      closed: !line,
      fill: line ? undefined : "rgba(255,255,255,0.01)",
      stroke,
      strokeWidth: line ? 1.2 : bad || selected ? 0.3 : 0.12,
      opacity: line ? (bad || selected ? 0.6 : 0.25) : 1,
      dash: bad ? [0.6, 0.3] : undefined,
      lineCap: "round",
      hitStrokeWidth: line ? 2 : "auto",
      strokeScaleEnabled: false,
    }),
  );
  return g;
}

export function EditorTable({ scenario, selected, bad, onSelect, onChange }: { scenario: EditorScenario; selected: string | null; bad: ReadonlySet<string>; onSelect: (id: string | null) => void; onChange: (sc: EditorScenario) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const scene = useRef<Scene | null>(null);
  // The handlers read the newest props (Konva keeps the first closures).
  const live = useRef({ scenario, onSelect, onChange });
  live.current = { scenario, onSelect, onChange };

  useEffect(() => {
    const stage = new Konva.Stage({ container: el.current!, width: 10, height: 10 });
    const ground = new Konva.Layer({ listening: false });
    const pieces = new Konva.Layer();
    const touch = matchMedia("(pointer: coarse)").matches;
    const transformer = new Konva.Transformer({ rotateEnabled: true, keepRatio: false, flipEnabled: false, ignoreStroke: true, anchorSize: touch ? 16 : 11, rotateAnchorOffset: touch ? 30 : 24, anchorStroke: "#00a5c4", borderStroke: "#00a5c4", rotationSnaps: [0, 45, 90, 135, 180, 225, 270, 315], rotationSnapTolerance: 4 });
    pieces.add(transformer);
    stage.add(ground, pieces);
    const sc: Scene = { stage, ground, pieces, transformer, width: scenario.width, height: scenario.height };
    scene.current = sc;
    stage.on("click tap", (e) => {
      if (e.target === stage || e.target.getLayer() === ground) live.current.onSelect(null);
    });
    const ro = new ResizeObserver(() => el.current && fit(sc, el.current));
    ro.observe(el.current!);
    const hook: EditorHook = {
      pieceCentre: (id) => {
        const n = stage.findOne(`#piece-${id}`);
        if (!n) return null;
        const r = el.current!.getBoundingClientRect();
        const p = n.getAbsolutePosition();
        return { x: r.left + p.x, y: r.top + p.y };
      },
      anchor: (name) => {
        const n = transformer.findOne(`.${name}`);
        if (!n || transformer.nodes().length === 0) return null;
        const r = el.current!.getBoundingClientRect();
        const b = n.getClientRect();
        return { x: r.left + b.x + b.width / 2, y: r.top + b.y + b.height / 2 };
      },
      scale: () => stage.scaleX(),
      zones: () => ground.find((n: Konva.Node) => n.name().startsWith("deployment-zone-")).map((n) => ({ name: n.name(), depth: (n as Konva.Rect).height() })),
    };
    (globalThis as { __musterEditor?: EditorHook }).__musterEditor = hook;
    return () => {
      delete (globalThis as { __musterEditor?: EditorHook }).__musterEditor;
      ro.disconnect();
      stage.destroy();
      scene.current = null;
    };
  }, []);

  useEffect(() => {
    const sc = scene.current;
    if (!sc) return;
    const H = scenario.height;
    sc.width = scenario.width;
    sc.height = H;
    drawTableGround(sc.ground, editorTable(scenario), true);
    sc.transformer.nodes([]);
    sc.pieces.find(".piece").forEach((n) => n.destroy());
    for (const p of scenario.pieces) {
      const g = handle(p, H, p.id === selected, bad.has(p.id));
      // Selected on a tap or at the end of a drag: selecting redraws the pieces, which must not happen mid-drag.
      g.on("click tap", () => {
        if (p.id !== selected) live.current.onSelect(p.id);
      });
      // While dragging, the ground is drawn again with the piece where it is now.
      g.on("dragmove", () => drawTableGround(sc.ground, editorTable(movePiece(live.current.scenario, p.id, g.x(), H - g.y())), true));
      g.on("dragend", () => {
        live.current.onChange(movePiece(live.current.scenario, p.id, g.x(), H - g.y()));
        if (p.id !== selected) live.current.onSelect(p.id);
      });
      g.on("transformend", () =>
        live.current.onChange(updatePiece(live.current.scenario, p.id, { x: Math.round(g.x() * 100) / 100, y: Math.round((H - g.y()) * 100) / 100, rotation: Math.round(-g.rotation() * 100) / 100, sx: Math.abs(g.scaleX()), sy: Math.abs(g.scaleY()) })),
      );
      sc.pieces.add(g);
      if (p.id === selected) {
        const obstacle = p.kind === "obstacle" && p.what === "terrain";
        sc.transformer.enabledAnchors(obstacle ? ["middle-left", "middle-right"] : ["top-left", "top-center", "top-right", "middle-right", "bottom-right", "bottom-center", "bottom-left", "middle-left"]);
        sc.transformer.nodes([g]);
      }
    }
    sc.transformer.moveToTop();
    fit(sc, el.current!);
    sc.stage.batchDraw();
  }, [scenario, selected, bad]);

  // As tall as the table's shape needs (with its margin), no taller: a phone wastes no height.
  return <div class="editor-table" ref={el} data-testid="editor-table" style={{ aspectRatio: `${scenario.width + 2 * MARGIN} / ${scenario.height + 2 * MARGIN}` }} />;
}
