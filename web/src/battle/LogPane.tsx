/** Every event, in the engine's words (ids shown as names), newest at the bottom. */
import { useEffect, useRef } from "preact/hooks";
import { type BattleView, type LogEntry, litUnits, phaseName, withNames } from "./store.js";

const DIE_FACE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** The dice of an entry with their faces (a die glyph per face 1–6; the number beside it for screen readers and the AvD). */
function Dice({ faces }: { faces: number[] }) {
  if (faces.length === 0) return null;
  return (
    <span class="dice" aria-label={`dice ${faces.join(", ")}`} data-testid="dice">
      {faces.map((f, i) => (
        <span class="die" key={i} title={`${f}`}>
          {DIE_FACE[f] ?? f}
          <small>{f}</small>
        </span>
      ))}
    </span>
  );
}

/** Clicking an entry lights its units on the table (again: off). */
function light(e: LogEntry): void {
  const same = litUnits.value.length === e.units.length && e.units.every((u) => litUnits.value.includes(u));
  litUnits.value = same ? [] : e.units;
}

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
            <li
              key={e.n}
              class={`log-${e.kind} ${e.side ?? ""}${e.units.length ? " has-units" : ""}${e.units.length && e.units.every((u) => litUnits.value.includes(u)) ? " lit" : ""}`}
              data-testid="log-entry"
              data-units={e.units.join(" ")}
              title={e.units.length ? "Click: light up its units on the table" : undefined}
              onClick={e.units.length ? () => light(e) : undefined}
            >
              {withNames(e.text, names)} <Dice faces={e.dice} />
            </li>,
          ];
        })}
      </ol>
    </section>
  );
}
