/** Text pictures of a Shove position for the screen (pure: returns strings). */
import { columnLetter } from "./board.js";
import { geometryOf, type ShoveState, winReasonText } from "./game.js";
import { OPEN, WALL } from "./sim.js";

/**
 * The board with coordinates. `R`/`B` are red and blue tokens, `*` the empty victory square;
 * `=` and `|` are walls, `~` and `:` open edges (a token pushed across them leaves the board).
 */
export function renderBoard(state: ShoveState): string {
  const b = state.config.board;
  const g = geometryOf(b);
  const bySquare = new Map<number, number>();
  state.tokens.forEach((sq, k) => {
    if (sq >= 0) bySquare.set(sq, k);
  });
  const letters = `     ${Array.from({ length: b.width }, (_, c) => columnLetter(c)).join("   ")}`;
  const edge = (walled: boolean) => `    ${(walled ? "=" : "~").repeat(b.width * 4 - 1)}`;
  const out = [letters, edge(b.walls.top)];
  const pad = String(b.height).length;
  for (let row = b.height; row >= 1; row--) {
    const cells: string[] = [];
    for (let col = 0; col < b.width; col++) {
      const sq = (row - 1) * b.width + col;
      const k = bySquare.get(sq);
      let mark = sq === b.victory ? "*" : ".";
      if (k !== undefined) mark = k < g.nRed ? "R" : "B";
      const locked = k !== undefined && state.locked[k] === 1;
      cells.push(locked ? `${mark}!` : `${mark} `);
    }
    const left = g.nb[((row - 1) * b.width) * 4 + 2] === WALL ? "|" : ":";
    const right = g.nb[((row - 1) * b.width + b.width - 1) * 4 + 3] === OPEN ? ":" : "|";
    // Every cell is two characters wide (a locked token's "!" takes the space after it), so the
    // right border stays in its column whatever stands in the last column.
    out.push(`${String(row).padStart(pad + 1)} ${left} ${cells.join("  ")}${right} ${row}`);
  }
  out.push(edge(b.walls.bottom), letters);
  return out.join("\n");
}

/** One status line and the locks, for the screen. */
export function renderStatus(state: ShoveState): string {
  const g = geometryOf(state.config.board);
  const lines: string[] = [];
  if (state.winner !== null) {
    lines.push(`Game over after turn ${state.turn}: ${state.winner} wins — ${winReasonText(state)}.`);
    return lines.join("\n");
  }
  lines.push(
    `Turn ${state.turn} of ${state.config.rules.turnLimit} · the D4 shows ${state.roll} · ${state.side} to act, ${state.actionsLeft} action${state.actionsLeft === 1 ? "" : "s"} left`,
  );
  const locks = state.tokens
    .map((sq, k) => ({ sq, k }))
    .filter(({ sq, k }) => sq >= 0 && state.locked[k] === 1)
    .map(({ sq, k }) => `${g.name(sq)} (${k < g.nRed ? "red" : "blue"}, ${state.idle[k]} turns without moving)`);
  lines.push(locks.length ? `Locked (SH-5, marked !): ${locks.join(", ")} — must move before any other token of its side` : "Locked (SH-5): none");
  const soon = (own: boolean) =>
    state.tokens
      .map((sq, k) => ({ sq, k }))
      .filter(({ sq, k }) => {
        if (sq < 0 || state.locked[k] === 1) return false;
        const red = k < g.nRed;
        if (red !== (state.side === "red") !== !own) return false;
        const limit = red ? state.config.rules.redLockTurns : state.config.rules.blueLockTurns;
        return state.idle[k] >= limit - (own && state.moved[k] === 0 ? 1 : 0) && !(own && state.moved[k] === 1);
      })
      .map(({ sq }) => g.name(sq));
  const mine = soon(true);
  const theirs = soon(false);
  const other = state.side === "red" ? "blue" : "red";
  if (mine.length) lines.push(`Move this turn or be locked next turn (SH-5): ${mine.join(", ")}`);
  if (theirs.length) lines.push(`Locked at ${other}'s next turn (SH-5): ${theirs.join(", ")}`);
  return lines.join("\n");
}
