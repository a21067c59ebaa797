/** "Your own move": a move with parameters the listed options do not cover; the engine checks it and names what is wrong. */
import { useState } from "preact/hooks";
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { useDecisionForm } from "./decision-form.js";
import { MOVE_FORM_DEFAULT, type MoveFormInput, moveFromForm } from "./move-form.js";

/** `stands`: how many stands the moving unit has (one heading field each for an unformed move). */
export function MoveForm({ side, stands }: { side: Side; stands: number }) {
  const [f, setF] = useState<MoveFormInput>({ ...MOVE_FORM_DEFAULT, standHeadings: Array.from({ length: stands }, () => "") });
  const set = (patch: Partial<MoveFormInput>) => setF({ ...f, ...patch });
  const { error, submit } = useDecisionForm(side, () => moveFromForm(f));
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
        {(f.kind === "change-direction" || f.kind === "unformed-move") && stands > 1 && (
          <fieldset class="stand-headings" data-testid="stand-headings">
            <legend>Each stand on its own heading (blank: the move's heading; all blank: the stands keep together)</legend>
            {f.standHeadings.map((h, i) => (
              <label key={i}>
                Stand {i + 1}{" "}
                <input
                  type="number"
                  step="0.5"
                  data-testid="stand-heading"
                  value={h}
                  onInput={(e) => set({ standHeadings: f.standHeadings.map((x, j) => (j === i ? e.currentTarget.value : x)) })}
                />
              </label>
            ))}
          </fieldset>
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
        <button type="submit" class="primary small" data-testid="move-form-send">
          Move
        </button>
        {error && <p class="error">{error}</p>}
      </form>
    </details>
  );
}
