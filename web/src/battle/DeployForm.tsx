/** "Your own place": a deployment at any x and distance, not only the offered grid; the engine checks it and names what is wrong. */
import { useState } from "preact/hooks";
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { deployFormStart, deployFromForm, type DeployFormInput } from "./deploy-form.js";
import { useDecisionForm } from "./decision-form.js";

export function DeployForm({ side, offered, names }: { side: Side; offered: { contingent: string; x: number; distance: number }[]; names: Map<string, string> }) {
  const [f, setF] = useState<DeployFormInput>(() => deployFormStart(offered));
  const contingents = [...new Set(offered.map((o) => o.contingent))];
  const { error, submit } = useDecisionForm(side, () => deployFromForm(f));
  return (
    <details class="move-form" data-testid="deploy-form">
      <summary>Your own place (any x and distance where the contingent fits)</summary>
      <form onSubmit={submit}>
        <label>
          Contingent{" "}
          <select value={f.contingent} onChange={(e) => setF(deployFormStart(offered, e.currentTarget.value))}>
            {contingents.map((c) => (
              <option key={c} value={c}>
                {names.get(c) ?? c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Front line's centre (inches from the west edge) <input type="number" step="0.25" data-testid="deploy-x" value={f.x} onInput={(e) => setF({ ...f, x: e.currentTarget.value })} />
        </label>
        <label>
          Distance from the centre line (inches) <input type="number" step="0.25" data-testid="deploy-distance" value={f.distance} onInput={(e) => setF({ ...f, distance: e.currentTarget.value })} />
        </label>
        <button type="submit" class="primary small" data-testid="deploy-form-send">
          Deploy
        </button>
        {error && <p class="error">{error}</p>}
      </form>
    </details>
  );
}
