/** "Your own move": a move with parameters the listed options do not cover; the engine checks it and names what is wrong. */
import { useState } from "preact/hooks";
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { send } from "./engine.js";
import { MOVE_FORM_DEFAULT, type MoveFormInput, moveFromForm } from "./move-form.js";

export function MoveForm({ side }: { side: Side }) {
  const [f, setF] = useState<MoveFormInput>(MOVE_FORM_DEFAULT);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<MoveFormInput>) => setF({ ...f, ...patch });
  const submit = (e: Event) => {
    e.preventDefault();
    const r = moveFromForm(f);
    if ("error" in r) {
      setError(r.error);
      return;
    }
    setError(null);
    send({ type: "decide", side, decision: r.decision });
  };
  return (
    <details class="move-form" data-testid="move-form">
      <summary>Your own move (any angle in the arc, a declared stop, the extra D6)</summary>
      <form onSubmit={submit}>
        <label>
          Move{" "}
          <select value={f.kind} onChange={(e) => set({ kind: e.currentTarget.value as MoveFormInput["kind"] })}>
            <option value="advance">advance (formed, straight ahead ± up to 22½°)</option>
            <option value="toward">towards the nearest enemy</option>
            <option value="change-direction">change direction (becomes unformed)</option>
            <option value="unformed-move">move unformed</option>
          </select>
        </label>
        {f.kind !== "toward" && (
          <label>
            {f.kind === "advance" ? "Offset (degrees, + to the left)" : "Heading (degrees, 0 east, 90 north)"}{" "}
            <input type="number" step="0.5" value={f.angle} onInput={(e) => set({ angle: e.currentTarget.value })} />
          </label>
        )}
        <label>
          Declared stop (inches, blank: none) <input type="number" step="0.25" min="0" value={f.stopAt} onInput={(e) => set({ stopAt: e.currentTarget.value })} />
        </label>
        <label>
          <input type="checkbox" checked={f.extraD6} onChange={(e) => set({ extraD6: e.currentTarget.checked })} /> the extra D6 (AvD + D6)
        </label>
        <label>
          <input type="checkbox" checked={f.interpenetrate} onChange={(e) => set({ interpenetrate: e.currentTarget.checked })} /> pass through friends in the way
        </label>
        <button type="submit" class="primary small">
          Move
        </button>
        {error && <p class="error">{error}</p>}
      </form>
    </details>
  );
}
