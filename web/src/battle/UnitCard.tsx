/** A unit's state card: what the engine's state says about it, nothing computed. */
import type { BattleDecision } from "../../../src/rulesets/shieldwall/battle/index.js";
import { send } from "./engine.js";
import { type BattleView, selectedUnit } from "./store.js";

const AGGRESSION: Record<string, string> = { shaken: "Shaken", present: "Present", ready: "Ready for Battle", bloodlust: "Blood Lust" };
export const DP_KINDS = ["fatigue", "manoeuvre", "shooting", "combat", "morale"] as const;

export function UnitCard({ view, id, names }: { view: BattleView; id: string; names: Map<string, string> }) {
  const s = view.snapshot.state;
  const bu = s.units.find((u) => u.id === id);
  if (!bu) return null;
  const u = bu.u;
  const leaders = s.leaders.filter((l) => l.unit === id);
  const p = s.pending;
  const side = view.snapshot.toMove;
  // A person may name this unit as a target of the pending charge or shot: the engine decides whether it may.
  let action: { label: string; decision: BattleDecision } | null = null;
  if (side && view.players[side] === "human" && p && bu.side !== side) {
    if (p.kind === "charge") action = { label: `${names.get(p.unit) ?? p.unit}: charge this unit`, decision: { type: "charge", target: id } };
    if (p.kind === "shoot") action = { label: `${names.get(p.unit) ?? p.unit}: shoot at this unit`, decision: { type: "shoot", target: id, archer: false } };
  }
  const status = bu.embarked ? `aboard ship (${bu.embarked})` : u.status === "active" ? (bu.deployed ? "on the table" : "not deployed yet") : u.status;
  const flags = [bu.charged && "charged this turn", bu.pursuing && "pursuing", bu.retiring && "retiring", bu.looting && "looting the camp", bu.fightToDeath && "fights to the death", bu.mustCharge && "must charge"].filter(Boolean);
  return (
    <div class={`unit-card ${bu.side}`} data-testid="unit-card">
      <button type="button" class="close" aria-label="Close" onClick={() => (selectedUnit.value = null)}>
        ×
      </button>
      <h3>
        <span class={`swatch ${bu.side}`} /> {u.name}
      </h3>
      <dl>
        <dt>Kind</dt>
        <dd>
          {u.kind === "retinue" ? "Retinue" : "Band"}, grade {u.grade} · {s.sides[bu.side].contingentNames[u.contingent] ?? u.contingent}
        </dd>
        <dt>Stands</dt>
        <dd>
          {u.stands} of {bu.initialStands} · {status}
        </dd>
        <dt>Order</dt>
        <dd>
          {u.formed ? "Formed" : "Unformed"}
          {u.inCombat ? " · in combat" : ""}
          {flags.length > 0 ? ` · ${flags.join(", ")}` : ""}
        </dd>
        <dt>Aggression</dt>
        <dd>{AGGRESSION[u.aggression] ?? u.aggression}</dd>
        <dt>DPs</dt>
        <dd>
          {DP_KINDS.filter((k) => u.dp[k] > 0).map((k) => (
            <span class={`dp dp-${k}`} key={k}>
              {u.dp[k]} {k}
            </span>
          ))}
          {DP_KINDS.every((k) => u.dp[k] === 0) && "none"}
        </dd>
        {u.attachments.length > 0 && (
          <>
            <dt>With it</dt>
            <dd>{u.attachments.map((a) => a.replace("-", " ")).join(", ")}</dd>
          </>
        )}
        {leaders.map((l) => (
          <>
            <dt>Leader</dt>
            <dd>
              ★ {l.name}
              {l.commanderInChief ? " (commander-in-chief)" : ""} · {l.status === "alive" ? `${Math.max(0, l.lpValue - l.lpSpent)} of ${l.lpValue} LP left this turn` : l.status}
              {l.wounds > 0 ? ` · ${l.wounds} wound${l.wounds > 1 ? "s" : ""}` : ""}
            </dd>
          </>
        ))}
      </dl>
      {action && (
        <button type="button" class="primary small" data-testid="card-action" onClick={() => send({ type: "decide", side: side!, decision: action!.decision })}>
          {action.label}
        </button>
      )}
    </div>
  );
}
