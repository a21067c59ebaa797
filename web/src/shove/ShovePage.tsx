/**
 * Shove in the browser (`#/shove?blue=human&red=strong&seed=1`): the board with coordinates,
 * click or drag a token to move or push, the D4 and the actions left, locks, the victory square
 * and the path red must leave open (SH-6); against the computer at each level or two people on
 * one screen; undo within a turn; save a record and load one back (verified by replay) to step
 * through it. Computer players think in a worker (worker.ts).
 */
import "../odds/pages.css";
import "./shove.css";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { deriveSeed } from "../../../src/core/records.js";
import { type AiLevel, DEFAULT_LEVEL } from "../../../src/rulesets/shove/ai.js";
import { geometryOf, winReasonText } from "../../../src/rulesets/shove/game.js";
import { openPathSquares } from "../../../src/rulesets/shove/path.js";
import { type PageProps, replaceQuery } from "../shell/location.js";
import { Board } from "./Board.js";
import {
  boardActions,
  computerToMove,
  current,
  decide,
  decisionSquares,
  loadRecord,
  newGame,
  PLAYER_KINDS,
  type PlayerKind,
  personToMove,
  recordOf,
  replayTo,
  type ShoveGame,
  type SideName,
  squareLabel,
  undo,
  undoable,
} from "./session.js";
import type { ThinkReply, ThinkRequest } from "./worker.js";
import { downloadJson } from "../shared/download.js";
import { readUploadText } from "../shared/upload.js";

const KIND_TEXT: Record<PlayerKind, string> = { human: "a person", random: "computer: random", mcts: "computer: MCTS", strong: "computer: strong (MCTS + heuristic)" };

function kindOf(v: string | null, fallback: PlayerKind): PlayerKind {
  return (PLAYER_KINDS as readonly string[]).includes(v ?? "") ? (v as PlayerKind) : fallback;
}

function D4({ face }: { face: number }) {
  return (
    <svg class="d4" viewBox="0 0 40 36" role="img" aria-label={`the D4 shows ${face}`}>
      <polygon points="20,2 38,34 2,34" fill="#fff" stroke="#333" stroke-width="2" />
      <text x="20" y="29" text-anchor="middle" font-size="16" font-weight="700">
        {face}
      </text>
    </svg>
  );
}

export default function ShovePage({ query }: PageProps) {
  const players = { blue: kindOf(query.get("blue"), "human"), red: kindOf(query.get("red"), DEFAULT_LEVEL) };
  const seed = Number(query.get("seed") ?? 1) || 1;
  const [game, setGame] = useState<ShoveGame | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [thinking, setThinking] = useState(false);
  const worker = useRef<Worker | null>(null);
  const ask = useRef(0);
  useEffect(() => () => worker.current?.terminate(), []);

  // A computer to move: ask the worker, apply its decision.
  useEffect(() => {
    if (!game || !computerToMove(game)) return;
    const s = current(game);
    worker.current ??= new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    const id = ++ask.current;
    setThinking(true);
    const timer = setTimeout(() => {
      worker.current!.onmessage = (e: MessageEvent<ThinkReply>) => {
        if (e.data.id !== ask.current) return;
        setThinking(false);
        if ("error" in e.data) return setError(e.data.error);
        const move = e.data.move;
        setGame((g) => (g ? decide(g, move) : g));
      };
      worker.current!.postMessage({ id, state: s, level: game.players[s.side] as AiLevel, seed: deriveSeed(game.seed, game.decisions.length) } satisfies ThinkRequest);
    }, 250);
    return () => clearTimeout(timer);
  }, [game]);

  const set = (k: string, v: string) => {
    const q = new URLSearchParams(query);
    q.set(k, v);
    replaceQuery(q);
  };
  const start = () => {
    ask.current++;
    setThinking(false);
    setError(null);
    setGame(newGame(seed, players));
  };
  const act = (move: string) => {
    if (!game) return;
    try {
      setGame(decide(game, move));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const fileInput = useRef<HTMLInputElement>(null);
  const load = async (f: File) => {
    const text = await readUploadText(f);
    if (!text.ok) return setError(text.error);
    const r = loadRecord(text.value);
    if ("error" in r) return setError(`${f.name}: ${r.error}`);
    ask.current++;
    setError(null);
    setGame(r.game);
  };

  const s = game ? current(game) : null;
  const actions = useMemo(() => (game && s && personToMove(game) ? boardActions(s) : []), [game, s]);
  const path = useMemo(() => (s ? openPathSquares(s) : null), [s]);
  if (!game || !s) {
    return (
      <div class="game-page shove-page">
        <div />
        <section class="duel-setup" aria-label="New game">
          <h2>Shove</h2>
          <p>Blue brings one of four tokens onto the victory square (★) on red's side within 10 turns; red blocks and pushes, and must always leave blue an open path to the square (SH-6). One D4 a turn gives both sides their actions (SH-2). Board: ruling SH-1 (a house rule).</p>
          <form class="calc-form" onSubmit={(e) => e.preventDefault()}>
            {(["blue", "red"] as const).map((side) => (
              <div class="field" key={side}>
                <label for={`shove-${side}`}>{side === "blue" ? "Blue (moves first)" : "Red"}</label>
                <select id={`shove-${side}`} value={players[side]} onChange={(e) => set(side, (e.currentTarget as HTMLSelectElement).value)}>
                  {PLAYER_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_TEXT[k]}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div class="field">
              <label for="shove-seed">Seed (the dice)</label>
              <input id="shove-seed" type="text" inputMode="numeric" value={query.get("seed") ?? "1"} onInput={(e) => set("seed", (e.currentTarget as HTMLInputElement).value)} />
            </div>
            <div class="calc-actions">
              <button type="button" class="primary" onClick={start} data-testid="start-shove">
                Start
              </button>
              <button type="button" onClick={() => fileInput.current?.click()}>
                Load a record…
              </button>
            </div>
          </form>
          <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="load-record" onChange={(e) => (e.currentTarget as HTMLInputElement).files?.[0] && void load((e.currentTarget as HTMLInputElement).files![0])} />
          {error && <p class="error">{error}</p>}
        </section>
      </div>
    );
  }
  const g = geometryOf(s.config.board);
  const lastEvents = game.replayAt === null ? (game.events[game.events.length - 1] ?? []) : (game.events[game.replayAt - 1] ?? []);
  const lastIndex = game.replayAt === null ? game.decisions.length - 1 : game.replayAt - 1;
  const lastDecision = lastIndex >= 0 ? game.decisions[lastIndex] : undefined;
  const lastSquares = lastDecision ? decisionSquares(game.states[lastIndex], lastDecision.move) : [];
  const locks = s.tokens.map((sq, k) => ({ sq, k })).filter(({ sq, k }) => sq >= 0 && s.locked[k] === 1);
  const result = s.winner ? { winner: s.winner, reason: winReasonText(s) } : null;
  const canUndo = undoable(game);
  const who = (side: SideName) => (game.replayAt !== null ? "in the record" : game.players[side] === "human" ? "you" : KIND_TEXT[game.players[side]]);
  return (
    <div class="game-page shove-page">
      <div />
      <div class="shove" data-testid="shove" data-decisions={game.decisions.length}>
        <div class="shove-status">
          <span>
            Turn <strong data-testid="shove-turn">{s.turn}</strong> of {s.config.rules.turnLimit}
          </span>
          <D4 face={s.roll} />
          {!result && (
            <span class={`shove-mover ${s.side}`} data-testid="shove-side">
              {s.side} to act ({who(s.side)}): <strong>{s.actionsLeft}</strong> action{s.actionsLeft === 1 ? "" : "s"} left
            </span>
          )}
          {thinking && <span class="thinking">the computer is thinking…</span>}
        </div>
        {result && (
          <div class="result-banner" data-testid="shove-result">
            <strong>{result.winner} wins</strong> — {result.reason}
          </div>
        )}
        <div class="shove-main">
          <Board state={s} actions={actions} path={path} onAct={act} lastSquares={lastSquares} />
          <aside class="shove-side">
            {personToMove(game) && (
              <div class="calc-actions">
                <button type="button" class="primary" onClick={() => act("end")} data-testid="end-turn">
                  End turn
                </button>
                <button type="button" disabled={canUndo === 0} onClick={() => setGame(undo(game))} data-testid="undo">
                  Undo{canUndo ? ` (${canUndo})` : ""}
                </button>
              </div>
            )}
            {personToMove(game) && <p class="help">Tap one of your tokens, then a marked square (move) or a ringed blue token (push, red only); or drag it there.</p>}
            {error && (
              <p class="error" data-testid="shove-error">
                {error}
              </p>
            )}
            <p class="legend">
              <span class="mark victory">★</span> victory square ({squareLabel(s, g.victory)}) · <span class="mark path" /> the open path red must leave (SH-6){path ? "" : ": closed"} · dashed ring and padlock: locked (SH-5): must move before its side's other tokens
            </p>
            <p>
              Locked: {locks.length ? locks.map(({ sq, k }) => `${squareLabel(s, sq)} (${k < g.nRed ? "red" : "blue"}, ${s.idle[k]} turns idle)`).join(", ") : "none"}
            </p>
            {lastDecision && (
              <div class="last-exchange">
                <h3>
                  Last: {lastDecision.player} {lastDecision.move}
                </h3>
                <ul>
                  {lastEvents.map((e, i) => (
                    <li key={i}>{e.text}</li>
                  ))}
                </ul>
              </div>
            )}
            {game.replayAt !== null && (
              <div class="replay" data-testid="replay">
                <p>
                  Replaying a verified record: decision {game.replayAt} of {game.decisions.length}
                </p>
                <input type="range" min={0} max={game.decisions.length} value={game.replayAt} onInput={(e) => setGame(replayTo(game, Number((e.currentTarget as HTMLInputElement).value)))} aria-label="Decision" />
                <div class="calc-actions">
                  <button type="button" onClick={() => setGame(replayTo(game, game.replayAt! - 1))}>
                    ◀ Back
                  </button>
                  <button type="button" onClick={() => setGame(replayTo(game, game.replayAt! + 1))} data-testid="replay-next">
                    Next ▶
                  </button>
                </div>
              </div>
            )}
            <div class="calc-actions">
              <button type="button" onClick={() => downloadJson(`shove-seed${game.seed}.json`, `${JSON.stringify(recordOf(game), null, 2)}\n`)} data-testid="save-record">
                Save record
              </button>
              <button type="button" onClick={() => fileInput.current?.click()}>
                Load record…
              </button>
              <button type="button" onClick={() => (ask.current++, setThinking(false), setGame(null))}>
                New game
              </button>
            </div>
            <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="load-record" onChange={(e) => (e.currentTarget as HTMLInputElement).files?.[0] && void load((e.currentTarget as HTMLInputElement).files![0])} />
            <details class="duel-log">
              <summary>Decisions ({game.decisions.length})</summary>
              <ol>
                {game.decisions.map((d, i) => (
                  <li key={i}>
                    {d.player}: {d.move}
                  </li>
                ))}
              </ol>
            </details>
          </aside>
        </div>
      </div>
    </div>
  );
}
