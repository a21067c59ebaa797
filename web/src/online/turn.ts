/** Whose turn a seat's page shows, and when it notifies (plain functions, tested in Node). */
import { isMyTurn, type OnlineState } from "./connection.js";

export { isMyTurn };

/** A seat by the name its player chose, with the side: "Ann (Red)"; else the side's name. */
const nameOf = (s: OnlineState, seat: string | null) => {
  const p = s.players.find((x) => x.seat === seat);
  if (!p) return seat ?? "nobody";
  return p.player ? `${p.player} (${p.name})` : p.name;
};

/** The line saying whose turn it is, or how the match ended. */
export function turnText(s: OnlineState): string {
  if (s.result) return `${s.result.winner ? `${nameOf(s, s.result.winner)} wins` : "A draw"} — ${s.result.reason}`;
  if (!s.synced) return "…";
  if (s.deciding) return "Sending your decision…";
  if (isMyTurn(s)) return "Your turn";
  // Where seats choose at once, a seat that has chosen waits for the others still choosing.
  const waitingFor = s.deciders.filter((seat) => seat !== s.seat);
  if (waitingFor.length === 0) return s.toMove === null ? "Nobody to decide" : `Waiting for ${nameOf(s, s.toMove)}`;
  const computer = waitingFor.some((seat) => s.players.find((p) => p.seat === seat)?.kind === "computer");
  return `Waiting for ${waitingFor.map((seat) => nameOf(s, seat)).join(" and ")}${computer ? " (the server's computer player)" : ""}`;
}

/** A notification is shown when the turn has just become this seat's, the player allowed them, and the page is not in view. */
export function shouldNotify(wasMine: boolean, mine: boolean, permission: string, pageHidden: boolean): boolean {
  return mine && !wasMine && permission === "granted" && pageHidden;
}
