/** The Shove board as SVG: coordinates, walls and open edges, the victory square, SH-6's open path, tokens and their locks; click or drag to act. */
import { useRef, useState } from "preact/hooks";
import { columnLetter } from "../../../src/rulesets/shove/board.js";
import type { ShoveState } from "../../../src/rulesets/shove/game.js";
import type { BoardAction } from "./session.js";

const CELL = 48;
const M = 26;

export interface BoardProps {
  state: ShoveState;
  /** Legal actions of a person to move (empty otherwise). */
  actions: BoardAction[];
  path: number[] | null;
  onAct: (move: string) => void;
  /** Squares the last decision touched. */
  lastSquares: number[];
}

export function Board({ state, actions, path, onAct, lastSquares }: BoardProps) {
  const b = state.config.board;
  const w = b.width;
  const h = b.height;
  const [sel, setSel] = useState<number | null>(null);
  const drag = useRef<number | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const nRed = b.red.length;
  const x = (sq: number) => M + (sq % w) * CELL;
  const y = (sq: number) => M + (h - 1 - Math.floor(sq / w)) * CELL;
  const bySquare = new Map<number, number>();
  state.tokens.forEach((sq, k) => sq >= 0 && bySquare.set(sq, k));
  const movable = new Set(actions.filter((a) => a.kind !== "end").map((a) => a.from));
  const fromSel = sel === null ? [] : actions.filter((a) => a.from === sel && a.kind !== "end");
  const squareAt = (e: PointerEvent): number | null => {
    const r = svg.current?.getBoundingClientRect();
    if (!r) return null;
    const px = ((e.clientX - r.left) / r.width) * (2 * M + w * CELL) - M;
    const py = ((e.clientY - r.top) / r.height) * (2 * M + h * CELL) - M;
    const col = Math.floor(px / CELL);
    const row = h - 1 - Math.floor(py / CELL);
    return col >= 0 && col < w && row >= 0 && row < h ? row * w + col : null;
  };
  const target = (sq: number) => fromSel.find((a) => a.to === sq);
  const click = (sq: number) => {
    const t = target(sq);
    if (t) {
      setSel(null);
      onAct(t.move);
    } else setSel(movable.has(sq) ? sq : null);
  };
  const onDown = (e: PointerEvent) => {
    const sq = squareAt(e);
    if (sq !== null && movable.has(sq)) {
      drag.current = sq;
      setSel(sq);
    }
  };
  const onUp = (e: PointerEvent) => {
    const start = drag.current;
    drag.current = null;
    const sq = squareAt(e);
    if (start === null || sq === null || sq === start) return;
    const t = actions.find((a) => a.from === start && a.to === sq);
    if (t) {
      setSel(null);
      onAct(t.move);
    }
  };
  const W = 2 * M + w * CELL;
  const H = 2 * M + h * CELL;
  const edge = (walled: boolean) => (walled ? { stroke: "#3b2f1e", "stroke-width": 5 } : { stroke: "#7aa0c4", "stroke-width": 2, "stroke-dasharray": "6 5" });
  return (
    <svg ref={svg} class="shove-board" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Shove board, turn ${state.turn}`} onPointerDown={onDown} onPointerUp={onUp} data-testid="shove-board">
      <rect x={M} y={M} width={w * CELL} height={h * CELL} fill="#efe6cf" />
      {Array.from({ length: w * h }, (_, sq) => {
        const t = target(sq);
        const cls = ["sq", sq === b.victory ? "victory" : "", t ? `target ${t.kind}` : "", lastSquares.includes(sq) ? "last" : ""].join(" ");
        return (
          <rect key={sq} class={cls} x={x(sq)} y={y(sq)} width={CELL} height={CELL} fill={sq === b.victory ? "#f3c969" : (sq % w) % 2 === Math.floor(sq / w) % 2 ? "#e7dcbf" : "#f1e9d4"} stroke="#c9bc98" onClick={() => click(sq)} data-square={`${columnLetter(sq % w)}${Math.floor(sq / w) + 1}`} />
        );
      })}
      <text x={x(b.victory) + CELL / 2} y={y(b.victory) + CELL / 2 + 6} text-anchor="middle" class="victory-star" pointer-events="none">
        ★
      </text>
      {path && path.length > 1 && <polyline class="sh6-path" points={path.map((sq) => `${x(sq) + CELL / 2},${y(sq) + CELL / 2}`).join(" ")} fill="none" pointer-events="none" />}
      <line x1={M} y1={M} x2={M + w * CELL} y2={M} {...edge(b.walls.top)} />
      <line x1={M} y1={M + h * CELL} x2={M + w * CELL} y2={M + h * CELL} {...edge(b.walls.bottom)} />
      <line x1={M} y1={M} x2={M} y2={M + h * CELL} {...edge(b.walls.left)} />
      <line x1={M + w * CELL} y1={M} x2={M + w * CELL} y2={M + h * CELL} {...edge(b.walls.right)} />
      {Array.from({ length: w }, (_, c) => (
        <text key={`c${c}`} class="coord" x={M + c * CELL + CELL / 2} y={H - 7} text-anchor="middle">
          {columnLetter(c)}
        </text>
      ))}
      {Array.from({ length: h }, (_, r) => (
        <text key={`r${r}`} class="coord" x={M / 2} y={M + (h - 1 - r) * CELL + CELL / 2 + 5} text-anchor="middle">
          {r + 1}
        </text>
      ))}
      {fromSel.map((a) => (
        <circle key={a.move} class={`hint ${a.kind}`} cx={x(a.to) + CELL / 2} cy={y(a.to) + CELL / 2} r={a.kind === "push" ? CELL * 0.44 : 7} pointer-events="none" />
      ))}
      {[...bySquare].map(([sq, k]) => {
        const red = k < nRed;
        const locked = state.locked[k] === 1;
        return (
          <g key={`t${k}`} class={`token ${red ? "red" : "blue"}${locked ? " locked" : ""}${sel === sq ? " selected" : ""}${movable.has(sq) ? " movable" : ""}`} onClick={() => click(sq)} data-token={red ? "red" : "blue"}>
            <circle cx={x(sq) + CELL / 2} cy={y(sq) + CELL / 2} r={CELL * 0.36} />
            {locked && (
              <g class="lock" pointer-events="none" transform={`translate(${x(sq) + CELL / 2 - 6} ${y(sq) + CELL / 2 - 8})`}>
                <path d="M2.5 7 V4.5 a3.5 3.5 0 0 1 7 0 V7" fill="none" stroke="#fff" stroke-width="2" />
                <rect x="0" y="7" width="12" height="9" rx="1.5" fill="#fff" />
              </g>
            )}
            <title>
              {red ? "red" : "blue"} token, {state.idle[k]} turn{state.idle[k] === 1 ? "" : "s"} without moving{locked ? " — locked: must move first (SH-5)" : ""}
            </title>
          </g>
        );
      })}
    </svg>
  );
}
