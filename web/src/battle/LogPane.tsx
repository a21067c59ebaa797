/** Every event, in the engine's words (ids shown as names), newest at the bottom. */
import { useEffect, useRef } from "preact/hooks";
import { type BattleView, phaseName, withNames } from "./store.js";

const SHOWN = 400;

export function LogPane({ view, names }: { view: BattleView; names: Map<string, string> }) {
  const ref = useRef<HTMLOListElement>(null);
  const entries = view.log.slice(-SHOWN);
  const last = entries.length > 0 ? entries[entries.length - 1].n : 0;
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  let prev = "";
  return (
    <section class="log" aria-label="Battle log">
      <h2>Battle log</h2>
      <ol ref={ref} data-testid="log">
        {entries.map((e) => {
          const head = e.turn > 0 ? `Turn ${e.turn} · ${phaseName(e.phase)}` : "Set-up";
          const showHead = head !== prev;
          prev = head;
          return [
            showHead ? (
              <li class="log-head" key={`h${e.n}`}>
                {head}
              </li>
            ) : null,
            <li key={e.n} class={`log-${e.kind} ${e.side ?? ""}`}>
              {withNames(e.text, names)}
            </li>,
          ];
        })}
      </ol>
    </section>
  );
}
