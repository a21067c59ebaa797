/** Issue 26: a person asks the computer for a hint in the battle page's worker, and may play it. */
import { describe, expect, it } from "vitest";
import { commanderChoice } from "../../src/rulesets/shieldwall/ai/index.js";
import { battleGame, decisionProblem } from "../../src/rulesets/shieldwall/battle/index.js";
import { hintFor } from "../../web/src/battle/hint.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { fakeHost } from "./fake-host.js";

describe("hints", () => {
  it("gives the strongest level's legal decision for the person's side, in the engine's words, and plays it", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "human", black: "normal" }, seed: 3, delayMs: 0 });
    w.run(() => (w.last("applied")?.snapshot ?? w.last("started")!.snapshot).toMove === "red");
    w.send({ type: "hint", side: "red" });
    const h = w.last("hint")!;
    expect(h.problem).toBeNull();
    expect(h.hint!.level).toMatch(/^(normal|hard)$/);
    const snap = w.last("applied")?.snapshot ?? w.last("started")!.snapshot;
    expect(h.seq).toBe(snap.seq);
    // The hint is legal, in the engine's words: an offered option's own text, or (a deployment
    // anywhere along the line) the engine's description of that place.
    expect(h.hint!.text).toMatch(/^deploy .* from the centre line$/);
    const same = snap.options.find((o) => JSON.stringify(o.decision) === JSON.stringify(h.hint!.decision));
    if (same) expect(same.text).toBe(h.hint!.text);
    const before = w.posted.length;
    w.send({ type: "decide", side: "red", decision: h.hint!.decision });
    expect(w.posted[before].type).toBe("applied");
  });

  it("refuses a side the computer plays, and a side not to decide", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "human", black: "normal" }, seed: 3, delayMs: 0 });
    w.send({ type: "hint", side: "black" });
    expect(w.last("hint")!.problem).toMatch(/black is played by the computer/);
    const state = battleGame.setup(shippedSetup("raid"), 3);
    const other = battleGame.toMove(state) === "red" ? "black" : "red";
    expect(hintFor(state, other, 1)).toEqual({ problem: `it is not ${other}'s decision` });
  });

  it("with the commander as the strongest level, a charge hint carries the engine's odds and is the commander's own choice", () => {
    // Play commander against commander until red must decide a charge; the hint then matches the commander's choice.
    const setup = shippedSetup("raid");
    let state = battleGame.setup(setup, 5);
    for (let i = 0; i < 3000 && !state.result; i++) {
      const side = battleGame.toMove(state)!;
      if (side === "red" && state.pending?.kind === "charge") break;
      state = battleGame.apply(state, side, commanderChoice(state, side, undefined, 1)).state;
    }
    expect(state.pending?.kind).toBe("charge");
    const h = hintFor(state, "red", 9);
    if ("problem" in h) throw new Error(h.problem);
    expect(decisionProblem(state, "red", h.decision)).toBeNull();
    if (h.decision.type === "charge" && h.decision.target) expect(h.odds?.headline).not.toBeNull();
    expect(h.ms).toBeGreaterThanOrEqual(0);
  });
});
