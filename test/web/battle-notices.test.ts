/**
 * The battle page's notices (issue 25): losses are announced once, in the message of the decision
 * that caused them, and cleared by the person's next decision; the phase summary says what
 * happened this phase and what is still to do, from the log and the engine's queue.
 */
import { describe, expect, it } from "vitest";
import { BattleSession } from "../../web/src/battle/session.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { phaseSummary } from "../../web/src/battle/phase-summary.js";
import { initialUi, LOSS_EVENTS, phaseName, reduce, type UiState } from "../../web/src/battle/store.js";

describe("battle notices", () => {
  it("announces each loss once, with the decision that caused it; the person's next decision clears them", () => {
    const session = new BattleSession(1, shippedSetup("maldon-991"), 5, { red: "human", black: "commander" });
    let ui: UiState = reduce(initialUi, { type: "started", battle: 1, scenario: session.state.scenario, players: { red: "human", black: "commander" }, seed: 5, snapshot: session.snapshot(), events: session.setupEvents });
    const announced = new Set<number>();
    let losses = 0;
    for (let n = 0; n < 3000 && !session.snapshot().result; n++) {
      const side = session.toMove()!;
      const msg = side === "red" ? session.decide(side, session.options()[0].decision) : session.computerStep();
      if (msg.type !== "applied") throw new Error(msg.message);
      const before = ui.battle!.losses.map((e) => e.n);
      ui = reduce(ui, msg);
      const now = ui.battle!.losses;
      const lostNow = msg.events.filter((e) => LOSS_EVENTS.has(e.type));
      // The new announcements are exactly this message's losses, in its words.
      const fresh = now.filter((e) => !before.includes(e.n));
      expect(fresh.map((e) => e.text)).toEqual(lostNow.map((e) => e.text).slice(-6));
      for (const e of fresh) {
        expect(announced.has(e.n)).toBe(false);
        announced.add(e.n);
      }
      losses += lostNow.length;
      // A person's decision clears what was announced before it.
      if (msg.by === "human") expect(now.every((e) => !before.includes(e.n))).toBe(true);
    }
    expect(losses).toBeGreaterThan(0);
  });

  it("the phase summary counts this phase's decisions and the work the engine has queued", () => {
    const session = new BattleSession(1, shippedSetup("maldon-991"), 3, { red: "human", black: "human" });
    let ui: UiState = reduce(initialUi, { type: "started", battle: 1, scenario: session.state.scenario, players: { red: "human", black: "human" }, seed: 3, snapshot: session.snapshot(), events: session.setupEvents });
    let checked = 0;
    for (let n = 0; n < 600 && checked < 20; n++) {
      const side = session.toMove()!;
      const msg = session.decide(side, session.options()[0].decision);
      if (msg.type !== "applied") throw new Error(msg.message);
      ui = reduce(ui, msg);
      const s = ui.battle!.snapshot.state;
      const sum = phaseSummary(s, ui.battle!.log, phaseName, "Your decision (red)");
      expect(sum.title).toContain(phaseName(s.phase));
      expect(sum.happened.decisions).toBe(ui.battle!.log.filter((e) => e.kind === "decision" && e.turn === s.turn && e.phase === s.phase).length);
      expect(sum.left[0]).toBe("Your decision (red)");
      if (s.phase === "movement") {
        const stop = s.queue.findIndex((t) => ["missiles", "combat", "end-turn", "turn-start"].includes(t.t));
        const moves = s.queue.slice(0, stop < 0 ? undefined : stop).filter((t) => t.t === "move").length;
        const said = sum.left.filter((l) => / units? to move$/.test(l)).reduce((k, l) => k + Number(l.split(" ")[0]), 0);
        expect(said).toBe(moves);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
