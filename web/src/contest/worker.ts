/** The Contest duel's worker: the duel and the advisor run here, so the page never freezes. */
import { type DuelConfig, DuelSession, type Side, type Snapshot, type StrategyAdvice } from "./session.js";

export type ToDuel = { type: "new"; config: DuelConfig } | { type: "choose"; side: Side; card: string } | { type: "advise" };
export type FromDuel = { type: "snapshot"; snapshot: Snapshot; thinking: boolean } | { type: "advice"; advice: StrategyAdvice } | { type: "error"; message: string };

let session: DuelSession | null = null;
const post = (m: FromDuel) => (self as unknown as Worker).postMessage(m);

function computerTurns(): void {
  if (!session) return;
  while (session.computerToMove()) {
    post({ type: "snapshot", snapshot: session.snapshot(), thinking: true });
    session.computerMove();
  }
  post({ type: "snapshot", snapshot: session.snapshot(), thinking: false });
}

self.onmessage = (e: MessageEvent<ToDuel>) => {
  const m = e.data;
  try {
    if (m.type === "new") {
      session = new DuelSession(m.config);
      computerTurns();
    } else if (!session) {
      post({ type: "error", message: "no duel" });
    } else if (m.type === "choose") {
      session.choose(m.side, m.card);
      computerTurns();
    } else {
      post({ type: "advice", advice: session.advice() });
    }
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
