/** The worker protocol, run in Node through worker-host.ts with a fake host (manual timers). */
import { describe, expect, it } from "vitest";
import { replay } from "../../src/core/game.js";
import { battleGame } from "../../src/rulesets/shieldwall/battle/index.js";
import type { FromWorker } from "../../web/src/battle/protocol.js";
import { fakeHost } from "./fake-host.js";
import { resolvePath, setupFromScenario, shippedScenarios, shippedSetup } from "../../web/src/battle/scenarios.js";

describe("shipped scenarios", () => {
  it("bundles Maldon, Raid, Raid landing and Brunanburh with their armies resolved", () => {
    expect(shippedScenarios.map((s) => s.id)).toEqual(["maldon-991", "raid", "raid-landing", "brunanburh-937"]);
    for (const s of shippedScenarios) {
      const setup = shippedSetup(s.id);
      expect(setup.scenario.name).toBe(s.name);
      expect(setup.armies.red.contingents.length).toBeGreaterThan(0);
      expect(setup.armies.black.contingents.length).toBeGreaterThan(0);
    }
  });

  it("resolves relative army paths", () => {
    expect(resolvePath("../../data/shieldwall/scenarios/x.json", "../armies/y.json")).toBe("../../data/shieldwall/armies/y.json");
  });

  it("gives the engine's named error for a bad uploaded scenario", () => {
    expect(() => setupFromScenario({ name: "x" })).toThrow(/armies/);
    expect(() => setupFromScenario({ name: "x", armies: { red: "nowhere.json", black: "nowhere.json" } })).toThrow(/armies\.red: no shipped army "nowhere.json"/);
  });
});

describe("worker protocol", () => {
  it("starts a battle, lets the computer decide after a pause, and offers a person the engine's options", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "human", black: "commander" }, seed: 7, delayMs: 0 });
    const started = w.last("started")!;
    expect(started.scenario).toBe("Maldon, 991");
    expect(started.snapshot.state.phase).toBe("deployment");
    w.run(() => (w.last("applied")?.snapshot ?? started.snapshot).options.length > 0);
    const snap = w.last("applied")?.snapshot ?? started.snapshot;
    expect(snap.toMove).toBe("red");
    expect(snap.options.length).toBeGreaterThan(0);
    expect(snap.options[0].text).toMatch(/^deploy /);
    if (w.last("applied")) {
      expect(w.last("applied")!.by).toBe("commander");
      expect(w.posted.some((m) => m.type === "thinking" && m.side === "black")).toBe(true);
    }
    const before = w.posted.length;
    w.send({ type: "decide", side: "red", decision: snap.options[0].decision });
    const applied = w.posted[before] as Extract<FromWorker, { type: "applied" }>;
    expect(applied.type).toBe("applied");
    expect(applied.by).toBe("human");
    expect(applied.text).toBe(snap.options[0].text);
    expect(applied.events.length).toBeGreaterThan(0);
    expect(applied.snapshot.seq).toBeGreaterThan(snap.seq);
  });

  it("refuses an illegal decision with the engine's reason, and a decision for the computer's side", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "human", black: "human" }, seed: 3, delayMs: 0 });
    const snap = w.last("started")!.snapshot;
    const side = snap.toMove!;
    w.send({ type: "decide", side, decision: { type: "charge", target: "black.nobody" } });
    expect(w.last("error")).toMatchObject({ during: "decide", message: 'the pending decision is "deploy", not "charge"' });
    const other = side === "red" ? "black" : "red";
    w.send({ type: "decide", side: other, decision: snap.options[0].decision });
    expect(w.last("error")!.message).toBe(`it is ${side}'s decision, not ${other}'s`);

    const c = fakeHost();
    c.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "human", black: "advance" }, seed: 3, delayMs: 0 });
    c.send({ type: "decide", side: "black", decision: { type: "initiative", first: "red" } });
    expect(c.last("error")!.message).toBe("black is played by the computer (advance)");
  });

  it("names the field of a bad uploaded scenario", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { file: { name: 5 }, fileName: "mine.json" }, players: { red: "human", black: "commander" }, seed: 1 });
    const err = w.last("error")!;
    expect(err.during).toBe("start");
    expect(err.message).toMatch(/^mine\.json: field name: /);
  });

  it("plays a battle between two computers to its result, and stops a replaced battle", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "raid" }, players: { red: "advance", black: "random" }, seed: 11, delayMs: 0 });
    w.run();
    const end = w.last("applied")!;
    expect(end.snapshot.result).not.toBeNull();
    expect(end.snapshot.toMove).toBeNull();
    expect(end.snapshot.options).toEqual([]);
    expect(w.timers()).toBe(0);

    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "commander", black: "commander" }, seed: 2, delayMs: 0 });
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "human", black: "human" }, seed: 2, delayMs: 0 });
    expect(w.timers()).toBe(0);
  });

  it("pauses and resumes the computer", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "commander", black: "commander" }, seed: 5, delayMs: 0 });
    expect(w.timers()).toBe(1);
    w.send({ type: "pause", paused: true });
    expect(w.timers()).toBe(0);
    w.send({ type: "pause", paused: false });
    expect(w.timers()).toBe(1);
  });

  it("hands out a game record that replays to the same state", () => {
    const w = fakeHost();
    w.send({ type: "start", scenario: { shipped: "maldon-991" }, players: { red: "human", black: "commander" }, seed: 9, delayMs: 0 });
    for (let i = 0; i < 40; i++) {
      w.run(() => (w.last("applied")?.snapshot ?? w.last("started")!.snapshot).options.length > 0);
      const snap = w.last("applied")?.snapshot ?? w.last("started")!.snapshot;
      if (snap.result) break;
      w.send({ type: "decide", side: snap.toMove!, decision: snap.options[snap.options.length - 1].decision });
    }
    w.send({ type: "record" });
    const { record } = w.last("record")!;
    expect(record.decisions.length).toBeGreaterThan(40);
    expect(record.decisions.some((d) => d.player === "black")).toBe(true);
    const again = replay(battleGame, record);
    expect(again.failure).toBeUndefined();
    expect(again.matches).toBe(true);
  });
});
