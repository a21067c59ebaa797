/**
 * Unformed moves with each stand on its own heading (seed "Unformed Units": "move stands
 * independently"): the move form builds the `headings` list, one per stand, and the engine
 * applies it or names what is wrong.
 */
import { describe, expect, it } from "vitest";
import { MOVE_FORM_DEFAULT, moveFromForm } from "../../web/src/battle/move-form.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { BattleSession } from "../../web/src/battle/session.js";

describe("each stand's heading in an unformed move (seed \"Unformed Units\")", () => {
  it("builds headings only when one is filled; blanks take the move's heading; a bad one is named", () => {
    const base = { ...MOVE_FORM_DEFAULT, kind: "unformed-move" as const, angle: "90" };
    expect(moveFromForm({ ...base, standHeadings: ["", "", ""] })).toEqual({ decision: { type: "move", move: { kind: "unformed-move", heading: 90, extraD6: false } } });
    expect(moveFromForm({ ...base, standHeadings: ["80", "", "100"] })).toEqual({ decision: { type: "move", move: { kind: "unformed-move", heading: 90, extraD6: false, headings: [80, 90, 100] } } });
    expect(moveFromForm({ ...base, kind: "change-direction", standHeadings: ["", "45"] })).toEqual({ decision: { type: "move", move: { kind: "change-direction", heading: 90, extraD6: false, headings: [90, 45] } } });
    expect(moveFromForm({ ...base, standHeadings: ["", "east"] })).toEqual({ error: 'stand 2\'s heading: a number of degrees, got "east"' });
    // A formed advance has no per-stand headings, whatever the fields hold.
    expect(moveFromForm({ ...MOVE_FORM_DEFAULT, standHeadings: ["10"] })).toEqual({ decision: { type: "move", move: { kind: "advance", offset: 0, extraD6: false } } });
  });

  it("the engine moves each stand on its heading, and refuses a list of the wrong length with its reason", () => {
    const session = new BattleSession(1, shippedSetup("maldon-991"), 3, { red: "human", black: "human" });
    for (let i = 0; i < 3000 && session.toMove(); i++) {
      const p = session.state.pending;
      if (p?.kind === "move" && session.options().some((o) => o.decision.type === "move" && o.decision.move.kind === "change-direction")) break;
      const r = session.decide(session.toMove()!, session.options()[0].decision);
      if (r.type === "error") throw new Error(r.message);
    }
    const p = session.state.pending;
    if (p?.kind !== "move") throw new Error("no move decision with a change of direction");
    const side = session.toMove()!;
    const unit = session.state.units.find((u) => u.id === p.unit)!;
    const n = unit.stands.length;
    const ahead = session.options().find((o) => o.decision.type === "move" && o.decision.move.kind === "change-direction")!.decision;
    const heading = ahead.type === "move" && ahead.move.kind === "change-direction" ? ahead.move.heading : 0;
    const wrong = moveFromForm({ ...MOVE_FORM_DEFAULT, kind: "change-direction", angle: String(heading), standHeadings: ["5"] });
    if ("error" in wrong) throw new Error(wrong.error);
    if (n !== 1) {
      const refused = session.decide(side, wrong.decision);
      expect(refused.type === "error" && refused.message).toContain(`headings must list one heading per stand of ${unit.u.name} (${n})`);
    }
    // Each stand on a different heading the engine offers a change of direction on (before the signal: only laterally or to the rear).
    const offered = session.options().flatMap((o) => (o.decision.type === "move" && o.decision.move.kind === "change-direction" ? [o.decision.move.heading] : []));
    const own = Array.from({ length: n }, (_, i) => String(offered[i % offered.length]));
    expect(new Set(own).size).toBeGreaterThan(1);
    const form = moveFromForm({ ...MOVE_FORM_DEFAULT, kind: "change-direction", angle: String(heading), standHeadings: own });
    if ("error" in form) throw new Error(form.error);
    const r = session.decide(side, form.decision);
    if (r.type === "error") throw new Error(`refused: ${r.message}`);
    expect(r.text).toContain(`stands on ${own.join("°/")}°`);
  });
});
