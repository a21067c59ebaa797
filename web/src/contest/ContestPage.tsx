/**
 * Contest of Champions in the browser (`#/contest?a=hector&b=achilles&distance=0&seed=1&vs=B`):
 * a duel against the computer (the advisor's optimal mixed strategy) or two people on one screen.
 * Cards are chosen secretly and revealed together (CC-5): in hot-seat the screen is covered
 * between the choosers until the next one confirms, so a card is never shown to the other. The
 * duel runs in a worker (worker.ts).
 */
import "../odds/pages.css";
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameEvent } from "../../../src/core/game.js";
import { DistChart } from "../shared/DistChart.js";
import { type PageProps, replaceQuery } from "../shell/location.js";
import { commanders, type DuelConfig, configProblem, type Side, type Snapshot, type StrategyAdvice } from "./session.js";
import type { FromDuel, ToDuel } from "./worker.js";

export function configFrom(q: URLSearchParams): DuelConfig {
  const vs = q.get("vs") ?? "B";
  return {
    a: q.get("a") ?? "hector",
    b: q.get("b") ?? "achilles",
    distance: Number(q.get("distance") ?? 0),
    seed: Number(q.get("seed") ?? 1),
    computer: vs === "A" || vs === "B" ? vs : null,
  };
}

function Setup({ query, onStart }: { query: URLSearchParams; onStart: (c: DuelConfig) => void }) {
  const c = configFrom(query);
  const problem = configProblem(c);
  const set = (k: string, v: string) => {
    const q = new URLSearchParams(query);
    q.set(k, v);
    replaceQuery(q);
  };
  const list = commanders();
  return (
    <section class="duel-setup" aria-label="New duel">
      <h2>Contest of Champions: a duel</h2>
      <p>Two commanders; each exchange both choose a card in secret and reveal them together (CC-5). Profiles and the melee deck are house rules (CC-3, CC-4).</p>
      <form class="calc-form" onSubmit={(e) => e.preventDefault()}>
        {(["a", "b"] as const).map((s) => (
          <div class="field" key={s}>
            <label for={`duel-${s}`}>Commander {s.toUpperCase()}</label>
            <select id={`duel-${s}`} value={c[s]} onChange={(e) => set(s, (e.currentTarget as HTMLSelectElement).value)}>
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} (Might {p.might}
                  {p.weapon ? `, ${p.weapon}` : ""})
                </option>
              ))}
            </select>
          </div>
        ))}
        <div class={`field${problem?.startsWith("field distance") ? " invalid" : ""}`}>
          <label for="duel-distance">Distance (inches; 0 is base contact)</label>
          <input id="duel-distance" type="text" inputMode="numeric" value={query.get("distance") ?? "0"} onInput={(e) => set("distance", (e.currentTarget as HTMLInputElement).value)} />
        </div>
        <div class="field">
          <label for="duel-vs">Players</label>
          <select id="duel-vs" value={c.computer ?? "none"} onChange={(e) => set("vs", (e.currentTarget as HTMLSelectElement).value)}>
            <option value="B">you are A, the computer B</option>
            <option value="A">you are B, the computer A</option>
            <option value="none">two people on this screen</option>
          </select>
        </div>
        <div class="field">
          <label for="duel-seed">Seed</label>
          <input id="duel-seed" type="text" inputMode="numeric" value={query.get("seed") ?? "1"} onInput={(e) => set("seed", (e.currentTarget as HTMLInputElement).value)} />
        </div>
        {problem && (
          <p class="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="button" class="primary" disabled={!!problem} onClick={() => onStart(c)} data-testid="start-duel">
          Start the duel
        </button>
      </form>
    </section>
  );
}

/** A commander's name and Might as pips (also drawn by online play). */
export function MightBar({ name, side, might, max }: { name: string; side: Side; might: number; max: number }) {
  return (
    <div class={`commander side-${side}`} data-testid={`might-${side}`}>
      <strong>
        {side}: {name}
      </strong>
      <span class="might-pips" aria-label={`Might ${might} of ${max}`}>
        {Array.from({ length: Math.max(max, might) }, (_, i) => (
          <span key={i} class={i < might ? "pip on" : "pip"} />
        ))}
      </span>
      <span class="might-num">
        Might {might}/{max}
      </span>
    </div>
  );
}

/** The events of the last exchange: the reveal, each side's dice, the result. */
function lastExchange(log: GameEvent[]): GameEvent[] {
  const i = log.map((e) => e.type).lastIndexOf("reveal");
  return i < 0 ? [] : log.slice(i);
}

function Advice({ advice, names }: { advice: StrategyAdvice; names: Record<Side, string> }) {
  return (
    <section class="advice" aria-label="Optimal mixed strategy" data-testid="advice">
      <h3>
        Optimal mixed strategy for this exchange ({advice.deck}); A wins the duel with probability {(advice.value.decimal * 100).toFixed(2)}% under optimal play
      </h3>
      <div class="calc-result">
        <div class="charts">
          {(["A", "B"] as const).map((s) => (
            <div class="chart-box" key={s}>
              <h3>
                {s}: {names[s]}
              </h3>
              <DistChart title={`${names[s]}'s optimal mix`} bars={advice[s].map((c) => ({ label: c.name, p: c.p }))} height={150} colour={s === "A" ? "#00798c" : "#7a4e9c"} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function Duel({ snap, thinking, onChoose, onAdvise, advice, onNew }: { snap: Snapshot; thinking: boolean; onChoose: (side: Side, card: string) => void; onAdvise: () => void; advice: StrategyAdvice | null; onNew: () => void }) {
  const [cleared, setCleared] = useState<string>("");
  const [picked, setPicked] = useState<string | null>(null);
  const turnKey = `${snap.exchanges}-${snap.toMove}`;
  const hotSeat = snap.computer === null;
  const covered = hotSeat && snap.toMove !== null && cleared !== turnKey;
  const last = lastExchange(snap.log);
  const mover = snap.toMove;
  return (
    <div class="duel" data-testid="duel" data-exchanges={snap.exchanges}>
      <div class="duel-status">
        <MightBar name={snap.names.A} side="A" might={snap.position.mightA} max={snap.maxMight.A} />
        <div class="distance" data-testid="distance">
          {snap.position.distance === 0 ? "base contact: melee" : `${snap.position.distance}" apart: ranged`}
          <br />
          <small>
            exchange {snap.exchanges + (snap.result ? 0 : 1)} · {snap.deck.name}
          </small>
        </div>
        <MightBar name={snap.names.B} side="B" might={snap.position.mightB} max={snap.maxMight.B} />
      </div>
      {snap.result ? (
        <div class="result-banner" data-testid="duel-result">
          <strong>{snap.result.winner ? `${snap.names[snap.result.winner]} (${snap.result.winner}) wins` : "A draw"}</strong> — {snap.result.reason}
          <button type="button" class="primary" onClick={onNew}>
            New duel
          </button>
        </div>
      ) : thinking || (mover !== null && mover === snap.computer) ? (
        <p class="thinking" data-testid="thinking">
          {mover ? snap.names[mover] : "The computer"} is choosing a card…
        </p>
      ) : covered ? (
        <div class="cover" data-testid="cover">
          <p>
            {snap.committed ? `${snap.names.A} has chosen a card. ` : ""}Hand the screen to <strong>{mover && snap.names[mover]}</strong> ({mover}). The other player looks away.
          </p>
          <button type="button" class="primary" onClick={() => (setCleared(turnKey), setPicked(null))} data-testid="uncover">
            I am {mover}: show my cards
          </button>
        </div>
      ) : mover ? (
        <div class="choose" data-testid="choose">
          <p>
            <strong>
              {snap.names[mover]} ({mover})
            </strong>
            , choose your card in secret{snap.committed ? ` (${snap.names.A} has chosen)` : ""}:
          </p>
          <div class="cards">
            {snap.cards.map((c) => (
              <button type="button" key={c.id} class={`card${picked === c.id ? " picked" : ""}`} onClick={() => setPicked(c.id)} data-testid="card" data-card={c.id} aria-pressed={picked === c.id}>
                <strong>{c.name}</strong>
                <small>{c.summary}</small>
              </button>
            ))}
          </div>
          <button type="button" class="primary" disabled={!picked} data-testid="commit" onClick={() => picked && (onChoose(mover, picked), setPicked(null))}>
            {picked ? `Play ${snap.cards.find((c) => c.id === picked)?.name}` : "Choose a card"}
          </button>
        </div>
      ) : null}
      {last.length > 0 && (
        <section class="last-exchange" aria-label="Last exchange" data-testid="last-exchange">
          <h3>Last exchange</h3>
          <ul>
            {last.map((e, i) => (
              <li key={i} class={`ev-${e.type}`}>
                {e.type === "roll" && Array.isArray((e as { faces?: number[] }).faces) ? (
                  <>
                    {e.text.replace(/\[.*\]/, "")}{" "}
                    <span class="dice">
                      {(e as unknown as { faces: number[] }).faces.map((f, j) => (
                        <span key={j} class={`die${f >= 4 ? " success" : ""}`}>
                          {f}
                        </span>
                      ))}
                    </span>
                  </>
                ) : (
                  e.text
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!snap.result && (
        <div class="calc-actions">
          <button type="button" onClick={onAdvise} data-testid="advise">
            Show the optimal mixed strategy
          </button>
        </div>
      )}
      {advice && !snap.result && advice.position.mightA === snap.position.mightA && advice.position.mightB === snap.position.mightB && advice.position.distance === snap.position.distance && <Advice advice={advice} names={snap.names} />}
      <details class="duel-log">
        <summary>Duel log ({snap.log.length} events)</summary>
        <ol>
          {snap.log.map((e, i) => (
            <li key={i}>{e.text}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}

export default function ContestPage({ query }: PageProps) {
  const worker = useRef<Worker | null>(null);
  const [snap, setSnap] = useState<Snapshot | null>(null);
  const [thinking, setThinking] = useState(false);
  const [advice, setAdvice] = useState<StrategyAdvice | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () => () => {
      worker.current?.terminate();
    },
    [],
  );
  const send = (m: ToDuel) => worker.current?.postMessage(m);
  const start = (config: DuelConfig) => {
    worker.current?.terminate();
    const w = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    w.onmessage = (e: MessageEvent<FromDuel>) => {
      const m = e.data;
      if (m.type === "snapshot") {
        setSnap(m.snapshot);
        setThinking(m.thinking);
        setError(null);
      } else if (m.type === "advice") setAdvice(m.advice);
      else setError(m.message);
    };
    worker.current = w;
    setSnap(null);
    setAdvice(null);
    send({ type: "new", config });
  };
  return (
    <div class="game-page contest-page">
      <div />
      <div>
        {error && <p class="error">{error}</p>}
        {snap ? (
          <Duel snap={snap} thinking={thinking} advice={advice} onChoose={(side, card) => send({ type: "choose", side, card })} onAdvise={() => send({ type: "advise" })} onNew={() => setSnap(null)} />
        ) : (
          <Setup query={query} onStart={start} />
        )}
      </div>
    </div>
  );
}
