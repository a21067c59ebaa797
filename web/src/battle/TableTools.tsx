/** The table's tool bar, the tape's and sight line's answers, and the panel to commit a dragged move. */
import { send } from "./engine.js";
import { type BattleView, namesOf, withNames } from "./store.js";
import { chooseTool, dragMove, haltKey, inches, moveChoicesOn, nearestMoveOption, type Tool, tools, verdicts } from "./table-tools.js";

const TOOLS: { tool: Tool; label: string; title: string }[] = [
  { tool: "inspect", label: "Select", title: "Tap a unit for its card and its options" },
  { tool: "tape", label: "Tape", title: "Tap a stand, then another: the distance edge to edge and the rules' verdicts" },
  { tool: "sight", label: "Line of sight", title: "Tap the stand that looks, then its target: the line from its front, and what blocks it" },
  { tool: "zones", label: "Zones", title: "Tap a unit: its front, flank and rear zones" },
];

export function ToolBar() {
  const ts = tools.value;
  return (
    <div class="table-tools" role="toolbar" aria-label="Table tools">
      {TOOLS.map((t) => (
        <button
          type="button"
          key={t.tool}
          class={ts.tool === t.tool ? "on" : ""}
          aria-pressed={ts.tool === t.tool}
          data-testid={`tool-${t.tool}`}
          title={t.title}
          onClick={() => (tools.value = chooseTool(ts, t.tool))}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function ToolPanel({ view }: { view: BattleView }) {
  const ts = tools.value;
  if (ts.tool === "inspect") return null;
  const names = namesOf(view.snapshot.state);
  const name = (ref: { unit: string } | null) => (ref ? (names.get(ref.unit) ?? ref.unit) : "");
  let body;
  if (ts.problem) body = <p class="error">{withNames(ts.problem, names)}</p>;
  else if (ts.tool === "zones") {
    body = ts.zones ? (
      <p>
        Zones of <strong>{name({ unit: ts.zones.unit })}</strong>:{" "}
        {ts.zones.allRound ? "unformed, it faces all round — no flank or rear." : "a unit coming at it from the green zone meets its front, from the yellow its flank, from the red its rear (ruling SW-18)."}
      </p>
    ) : (
      <p>Tap a unit to see its front, flank and rear zones.</p>
    );
  } else if (!ts.first) body = <p>{ts.tool === "tape" ? "Tap the stand to measure from." : "Tap the stand that looks."}</p>;
  else if (!ts.second) body = <p>From {name(ts.first)}: now tap {ts.tool === "tape" ? "the stand to measure to" : "its target"}.</p>;
  else if (!ts.measure) body = <p>Measuring…</p>;
  else {
    const m = ts.measure;
    body = (
      <>
        <p>
          {name(m.from)} → {name(m.to)}:{" "}
          <strong data-testid="tape-distance" data-inches={m.distance}>
            {inches(m.distance)}
          </strong>{" "}
          edge to edge
        </p>
        <ul class="verdicts">
          {verdicts(m, names).map((v) => (
            <li key={v.label} class={v.yes ? "yes" : "no"} data-testid="verdict" data-yes={String(v.yes)}>
              {v.yes ? "✔" : "✘"} {v.label}
              {v.why ? <span class="why"> — {withNames(v.why, names)}</span> : null}
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div class="tool-panel" data-testid="tool-panel" aria-live="polite">
      {body}
    </div>
  );
}

/** The dragged move: what the engine lists nearest it, the toggles it offers, commit or cancel. */
export function MoveDragPanel({ view, facing }: { view: BattleView; facing: number }) {
  const d = dragMove.value;
  const snap = view.snapshot;
  const side = snap.toMove;
  if (!d || !side || snap.state.pending?.kind !== "move") return null;
  const names = namesOf(snap.state);
  const pick = nearestMoveOption(snap.options, facing, d);
  const choices = moveChoicesOn(snap.options, facing, d.heading);
  const halt = tools.value.halts[haltKey(d.heading)];
  const set = (patch: Partial<typeof d>) => (dragMove.value = { ...d, ...patch });
  return (
    <div class="move-panel" data-testid="move-panel">
      <p>
        Dragged <strong data-testid="drag-distance">{inches(d.distance)}</strong>
        {halt ? (halt.distance !== null ? ` · halts at ${inches(halt.distance)}, 2" from ${withNames(halt.enemyName ?? "", names)}` : " · no visible enemy in the way") : ""}. The dice decide how far it goes.
      </p>
      <p class="toggles">
        {choices.extraD6.length > 1 && (
          <label>
            <input type="checkbox" data-testid="toggle-d6" checked={d.extraD6} onChange={(e) => set({ extraD6: (e.target as HTMLInputElement).checked })} /> extra D6
          </label>
        )}
        {choices.stops.length > 0 && (
          <label title={`The engine lists stops at ${choices.stops.map(inches).join(", ")}`}>
            <input type="checkbox" data-testid="toggle-stop" checked={d.stop} onChange={(e) => set({ stop: (e.target as HTMLInputElement).checked })} /> declare a stop
          </label>
        )}
      </p>
      {pick ? (
        <>
          <p>
            The engine's move: <strong data-testid="drag-option">{withNames(snap.options[pick.index].text, names)}</strong>
          </p>
          {pick.mismatch.map((m) => (
            <p class="filter" key={m}>
              {m}
            </p>
          ))}
          {view.error && <p class="error">Not allowed: {withNames(view.error, names)}</p>}
          <button
            type="button"
            class="primary small"
            data-testid="drag-commit"
            onClick={() => {
              send({ type: "decide", side, decision: snap.options[pick.index].decision });
              dragMove.value = null;
            }}
          >
            Commit move
          </button>{" "}
        </>
      ) : (
        <p class="error">The engine lists no move on a heading.</p>
      )}
      <button type="button" class="link" onClick={() => (dragMove.value = null)}>
        Cancel
      </button>
    </div>
  );
}
