/** What a "your own …" decision form does on submit: build the decision from its fields, then show what is wrong or send it. */
import { useState } from "preact/hooks";
import type { BattleDecision, Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { send } from "./engine.js";

export function useDecisionForm(side: Side, build: () => { decision: BattleDecision } | { error: string }): { error: string | null; submit: (e: Event) => void } {
  const [error, setError] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    const r = build();
    if ("error" in r) {
      setError(r.error);
      return;
    }
    setError(null);
    send({ type: "decide", side, decision: r.decision });
  };
  return { error, submit };
}
