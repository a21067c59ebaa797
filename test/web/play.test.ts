/**
 * Issue 16, the decision side of play: the odds sent with the options, undo (src/core/undo.ts),
 * saving and loading a record to play on, the replay viewer, and the UI state code for them.
 */
import { describe, expect, it } from "vitest";
import { stateHash } from "../../src/core/game.js";
import type { BattleState } from "../../src/rulesets/shieldwall/battle/index.js";
import { checkBattleRecord } from "../../web/src/battle/record-file.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { BattleSession } from "../../web/src/battle/session.js";
import { actedUnits, diceOf, initialUi, oddsShown, reduce } from "../../web/src/battle/store.js";
import { MOVE_FORM_DEFAULT, moveFromForm } from "../../web/src/battle/move-form.js";
import { fakeHost } from "./fake-host.js";

/** A hot-seat Maldon session played by always taking the first option, until `until` holds. */
function playUntil(session: BattleSession, until: (s: BattleSession) => boolean, max = 3000): void {
  for (let i = 0; i < max && !until(session); i++) {
    const side = session.toMove();
    if (!side) return;
    const r = session.decide(side, session.options()[0].decision);
    if (r.type === "error") throw new Error(r.message);
  }
}

const hotSeat = (seed = 3) => new BattleSession(1, shippedSetup("maldon-991"), seed, { red: "human", black: "human" });

describe("undo (issue 16): own decisions back to the last dice or the other side's decision", () => {
  it("takes back a decision that threw no dice: the state is as before and the record no longer has it", () => {
    const s = hotSeat();
    // Deployments throw the deployment dice; leadership points are spent without any.
    playUntil(s, (x) => x.state.pending?.kind === "lead");
    const before: BattleState = s.state;
    const done = s.decisions.length;
    const side = s.toMove()!;
    s.decide(side, s.options()[0].decision);
    expect(s.snapshot().undoable[side]).toBeGreaterThanOrEqual(1);
    const r = s.undo(side);
    expect(r.type).toBe("undone");
    expect(stateHash(s.state)).toBe(stateHash(before));
    expect(s.decisions).toHaveLength(done);
    expect(s.record().decisions).toHaveLength(done);
  });

  it("refuses after the other side's decision, and after a decision that threw dice, with the reason", () => {
    const s = hotSeat();
    // Play until a decision of one side is followed by one of the other.
    playUntil(s, (x) => x.decisions.length >= 2 && x.decisions[x.decisions.length - 1].player !== x.decisions[x.decisions.length - 2].player);
    const last = s.decisions[s.decisions.length - 1].player as "red" | "black";
    const other = last === "red" ? "black" : "red";
    expect(s.undoable(other)).toBe(0);
    const refused = s.undo(other);
    expect(refused.type === "error" && refused.message).toMatch(/nothing to undo: the last decision was (red|black)'s/);
    // A decision that threw dice (its rng moved) is not undoable.
    const t = hotSeat(5);
    let threw = false;
    for (let i = 0; i < 3000 && !threw && t.toMove(); i++) {
      const side = t.toMove()!;
      const rng = t.state.rng.join();
      t.decide(side, t.options()[0].decision);
      threw = t.state.rng.join() !== rng;
      if (threw) {
        expect(t.undoable(side)).toBe(0);
        const r = t.undo(side);
        expect(r.type === "error" && r.message).toMatch(/threw dice/);
      }
    }
    expect(threw).toBe(true);
  });

  it("a game with undone decisions saves a record that verifies without them", () => {
    const s = hotSeat(11);
    playUntil(s, (x) => x.decisions.length >= 12);
    const side = s.toMove()!;
    s.decide(side, s.options()[0].decision);
    if (s.undoable(side) > 0) s.undo(side);
    const record = JSON.parse(JSON.stringify(s.record()));
    const checked = checkBattleRecord(record);
    expect("error" in checked ? checked.error : null).toBeNull();
    expect(record.decisions).toHaveLength(s.decisions.length);
  });
});

describe("record files: load to play on, and the replay viewer (verifyRecord)", () => {
  it("refuses a bad record naming the field, and a tampered one at the decision where it diverges", () => {
    expect(checkBattleRecord([])).toEqual({ error: "a record is a JSON object" });
    expect(checkBattleRecord({ game: "shove" })).toEqual({ error: 'field game: this is a record of "shove", not of "shieldwall-battle"' });
    const s = hotSeat();
    playUntil(s, (x) => x.decisions.length >= 6);
    const good = JSON.parse(JSON.stringify(s.record()));
    expect(checkBattleRecord({ ...good, seed: "x" })).toEqual({ error: "field seed: must be a whole number" });
    expect(checkBattleRecord({ ...good, finalHash: "0000" })).toMatchObject({ error: expect.stringMatching(/does not verify/) });
    expect("error" in checkBattleRecord({ ...good, options: { ...good.options, scenario: 3 } })).toBe(true);
  });

  it("a saved game loaded back goes on from the same state, and the viewer steps forward and back", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "human", black: "human" }, seed: 4, delayMs: 0 });
    for (let i = 0; i < 8; i++) {
      const snap = w.last("applied")?.snapshot ?? w.last("started")!.snapshot;
      w.send({ type: "decide", side: snap.toMove!, decision: snap.options[0].decision });
    }
    w.send({ type: "record" });
    const record = structuredClone(w.last("record")!.record);
    const at = w.last("applied")!.snapshot.state;
    w.send({ type: "load", record, fileName: "saved.json", players: { red: "human", black: "commander" }, delayMs: 0 });
    const loaded = w.last("started")!;
    expect(stateHash(loaded.snapshot.state)).toBe(stateHash(at));
    expect(loaded.snapshot.step).toBe(8);
    expect(loaded.events.some((e) => /8 decisions replayed and verified/.test(e.text))).toBe(true);

    w.send({ type: "replay", record, fileName: "saved.json" });
    let r = w.last("replayed")!;
    expect(r.replay).toMatchObject({ step: 0, total: 8, hash: record.finalHash, decision: null });
    w.send({ type: "replay-step", step: 3 });
    r = w.last("replayed")!;
    expect(r.replay.step).toBe(3);
    expect(r.replay.decision?.text).toBeTruthy();
    w.send({ type: "replay-step", step: 99 });
    expect(w.last("replayed")!.replay.step).toBe(8);
    expect(stateHash(w.last("replayed")!.snapshot.state)).toBe(record.finalHash);

    const before = w.posted.length;
    w.send({ type: "load", record: { ...record, finalHash: "bad" }, fileName: "bad.json", players: { red: "human", black: "human" } });
    const err = w.posted.slice(before).find((m) => m.type === "error");
    expect(err && err.type === "error" && err.message).toMatch(/^bad\.json: the record does not verify/);
  });
});

describe("odds in the snapshot and the UI state", () => {
  it("a person's move options carry the move dice's exact odds; deployments carry none", () => {
    const s = hotSeat(2);
    expect(s.options().every((o) => o.odds === undefined)).toBe(true);
    playUntil(s, (x) => x.state.pending?.kind === "move");
    const withOdds = s.options().filter((o) => o.odds);
    expect(withOdds.length).toBeGreaterThan(0);
    const o = withOdds[0].odds!;
    expect(o.title).toBe("Move dice");
    const total = o.charts[0].bars.reduce((t, b) => t + b.p.decimal, 0);
    expect(total).toBeCloseTo(1, 9);
    // Shown once per different set of dice.
    const options = s.options();
    const shown = oddsShown(options, null);
    expect(new Set(shown.map((x) => JSON.stringify(options[x.index].odds))).size).toBe(shown.length);
    const i = options.findIndex((x) => x.odds);
    expect(oddsShown(options, i)).toEqual([{ index: i, others: 0 }]);
  });

  it("undone drops the log entries of the decision taken back; dice and units of events are kept for the log", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "human", black: "human" }, seed: 4, delayMs: 0 });
    let ui = reduce(initialUi, w.last("started")!);
    let snap = w.last("started")!.snapshot;
    while (snap.state.pending?.kind !== "lead") {
      w.send({ type: "decide", side: snap.toMove!, decision: snap.options[0].decision });
      ui = reduce(ui, w.last("applied")!);
      snap = w.last("applied")!.snapshot;
    }
    w.send({ type: "decide", side: snap.toMove!, decision: snap.options[0].decision });
    ui = reduce(ui, w.last("applied")!);
    const step = snap.step + 1;
    expect(ui.battle!.log.some((e) => e.step === step)).toBe(true);
    expect(ui.battle!.snapshot.undoable[snap.toMove!]).toBeGreaterThanOrEqual(1);
    w.send({ type: "undo", side: snap.toMove! });
    ui = reduce(ui, w.last("undone")!);
    expect(ui.battle!.log.some((e) => e.step === step)).toBe(false);
    expect(ui.battle!.snapshot.step).toBe(step - 1);
    expect(diceOf({ type: "move-dice", text: "", dice: [3, 5] })).toEqual([3, 5]);
    expect(diceOf({ type: "combat", text: "", rounds: [{ red: [[1, 6]], black: [[2]] }] })).toEqual([1, 6, 2]);
    expect(actedUnits([{ type: "shooting", text: "", shooter: "red.a", target: "black.b" }], null).sort()).toEqual(["black.b", "red.a"]);
  });
});

describe("your own move (seed \"Movement\", ruling SW-1): parameters beyond the listed options, checked by the engine", () => {
  it("builds the decision from the form and names a field that is not a number", () => {
    expect(moveFromForm({ ...MOVE_FORM_DEFAULT, angle: "10", stopAt: "1.5", extraD6: true })).toEqual({ decision: { type: "move", move: { kind: "advance", offset: 10, extraD6: true, stopAt: 1.5 } } });
    expect(moveFromForm({ ...MOVE_FORM_DEFAULT, kind: "toward", angle: "" })).toEqual({ decision: { type: "move", move: { kind: "toward", extraD6: false } } });
    expect(moveFromForm({ ...MOVE_FORM_DEFAULT, angle: "x" })).toEqual({ error: 'offset: a number of degrees, got "x"' });
    expect(moveFromForm({ ...MOVE_FORM_DEFAULT, stopAt: "far" })).toEqual({ error: 'declared stop: a number of inches, got "far"' });
  });

  it("the engine takes an advance at an angle not listed and refuses one beyond the 22½° arc with its reason", () => {
    const s = hotSeat(2);
    const advancing = (x: BattleSession) => x.state.pending?.kind === "move" && x.options().some((o) => o.decision.type === "move" && o.decision.move.kind === "advance");
    // Signal the advance whenever offered (before it no unit advances), else the first option.
    for (let i = 0; i < 3000 && !advancing(s) && s.toMove(); i++) {
      const options = s.options();
      const signal = options.find((o) => o.decision.type === "lead" && o.decision.action === "signal");
      s.decide(s.toMove()!, (signal ?? options[0]).decision);
    }
    expect(advancing(s)).toBe(true);
    const side = s.toMove()!;
    const wide = moveFromForm({ ...MOVE_FORM_DEFAULT, angle: "30" });
    const refused = s.decide(side, (wide as { decision: never }).decision);
    expect(refused.type === "error" && refused.message).toMatch(/22\.5/);
    const own = moveFromForm({ ...MOVE_FORM_DEFAULT, angle: "7.5", stopAt: "1" });
    const listed = s.options().map((o) => JSON.stringify(o.decision));
    expect(listed).not.toContain(JSON.stringify((own as { decision: unknown }).decision));
    const r = s.decide(side, (own as { decision: never }).decision);
    expect(r.type === "error" ? r.message : null).toBeNull();
  });
});
