/** The UI's store: the reducer over the worker's messages and the presentation helpers. */
import { describe, expect, it } from "vitest";
import type { BattleDecision } from "../../src/rulesets/shieldwall/battle/index.js";
import type { FromWorker, Snapshot } from "../../web/src/battle/protocol.js";
import { BattleSession } from "../../web/src/battle/session.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { actedUnits, byCategory, filterOptions, moveHeading, nearestMove, nearestDeploy, groupOptions, initialUi, involved, namesOf, pendingPrompt, reduce, type UiState, optionCategory, withNames } from "../../web/src/battle/store.js";

function started(players = { red: "human", black: "human" } as const): { msg: Extract<FromWorker, { type: "started" }>; session: BattleSession } {
  const session = new BattleSession(1, shippedSetup("maldon-991"), 7, { ...players });
  return { session, msg: { type: "started", battle: 1, scenario: session.state.scenario, players: { ...players }, seed: 7, snapshot: session.snapshot(), events: session.setupEvents } };
}

describe("store reducer", () => {
  it("opens the battle screen on started, with the set-up events in the log", () => {
    const { msg } = started();
    const ui = reduce(initialUi, msg);
    expect(ui.screen).toBe("battle");
    expect(ui.battle!.scenario).toBe("Maldon, 991");
    expect(ui.battle!.log.length).toBe(msg.events.length);
    expect(ui.battle!.log.every((e) => e.kind === "setup")).toBe(true);
  });

  it("applies decisions in order, logs who decided and the events, and ignores stale or foreign snapshots", () => {
    const { msg, session } = started();
    let ui: UiState = reduce(initialUi, msg);
    ui = reduce(ui, { type: "thinking", battle: 1, side: "red" });
    expect(ui.battle!.thinking).toBe("red");
    const side = session.toMove()!;
    const applied = session.decide(side, session.options()[0].decision);
    expect(applied.type).toBe("applied");
    const next = reduce(ui, applied as FromWorker);
    expect(next.battle!.thinking).toBeNull();
    expect(next.battle!.snapshot.seq).toBe((applied as { snapshot: Snapshot }).snapshot.seq);
    const logged = next.battle!.log.slice(ui.battle!.log.length);
    expect(logged[0]).toMatchObject({ kind: "decision", side, text: `${side} (you): ${(applied as { text: string }).text}` }); // a deployment is about no one unit
    expect(logged.length).toBe(1 + (applied as { events: unknown[] }).events.length);
    // The same message again (an older or equal snapshot) changes nothing; so does another battle's.
    expect(reduce(next, applied as FromWorker)).toBe(next);
    expect(reduce(next, { ...(applied as Extract<FromWorker, { type: "applied" }>), battle: 99 })).toBe(next);
  });

  it("keeps a refusal's reason until the next decision, and a failed start's on the setup screen", () => {
    const { msg } = started();
    let ui = reduce(initialUi, msg);
    ui = reduce(ui, { type: "error", battle: 1, message: 'the pending decision is "deploy", not "charge"', during: "decide" });
    expect(ui.battle!.error).toBe('the pending decision is "deploy", not "charge"');
    expect(ui.battle!.log.at(-1)).toMatchObject({ kind: "error", text: 'refused: the pending decision is "deploy", not "charge"' });
    const failed = reduce(initialUi, { type: "error", battle: null, message: "mine.json: field name: bad", during: "start" });
    expect(failed.screen).toBe("setup");
    expect(failed.startError).toBe("mine.json: field name: bad");
  });
});

describe("presentation helpers", () => {
  it("shows ids as names", () => {
    const { session } = started();
    const names = namesOf(session.state);
    const unit = session.state.units.find((u) => u.side === "black")!;
    expect(withNames(`charge ${unit.id} now`, names)).toBe(`charge ${unit.u.name} now`);
    expect(withNames("charge black.unknown", names)).toBe("charge black.unknown");
  });

  it("groups deployment options by contingent and filters them to a selected unit", () => {
    const { session } = started();
    const s = session.state;
    const opts = session.options();
    const groups = groupOptions(s, opts);
    const contingents = new Set(opts.map((o) => (o.decision as Extract<BattleDecision, { type: "deploy" }>).contingent));
    expect(groups.map((g) => g.subject).sort()).toEqual([...contingents].sort());
    expect(groups.reduce((n, g) => n + g.options.length, 0)).toBe(opts.length);
    const first = groups[0].subject;
    const unit = s.units.find((u) => u.u.contingent === first)!;
    const { shown, filtered } = filterOptions(s, opts, unit.id);
    expect(filtered).toBe(true);
    expect(shown.length).toBe(groups[0].options.length);
    expect(filterOptions(s, opts, null)).toEqual({ shown: opts.map((_, i) => i), filtered: false });
    expect(involved(s.pending, opts[0].decision)).toContain(first);
    expect(pendingPrompt(s, namesOf(s))).toMatch(/^Deploy a contingent/);
  });

  it("sorts a unit's options into categories in the engine's order", () => {
    const move = (m: Extract<BattleDecision, { type: "move" }>["move"]): BattleDecision => ({ type: "move", move: m });
    expect(optionCategory(move({ kind: "rest" }))).toBe("Stay");
    expect(optionCategory(move({ kind: "advance", offset: 0, extraD6: true }))).toBe("Advance (AvD + D6)");
    expect(optionCategory(move({ kind: "step", direction: "left", distance: 2 }))).toBe("Turn or step");
    expect(optionCategory({ type: "deploy", contingent: "red.c", x: 12, distance: 3 })).toBe('3" from the centre line');
    expect(optionCategory({ type: "charge", target: null })).toBe("");
    const opts = [move({ kind: "rest" }), move({ kind: "advance", offset: 0, extraD6: false }), move({ kind: "hold" })].map((decision, index) => ({ index, option: { decision, text: "" } }));
    expect(byCategory(opts).map((c) => [c.category, c.options.map((o) => o.index)])).toEqual([
      ["Stay", [0, 2]],
      ["Advance (AvD)", [1]],
    ]);
  });

  it("picks the legal deployment nearest a tap on the table", () => {
    const { session } = started();
    const s = session.state;
    const opts = session.options();
    const side = s.pending!.side;
    const deploys = opts.map((o) => o.decision as Extract<BattleDecision, { type: "deploy" }>);
    const last = deploys[deploys.length - 1];
    const mid = s.table.height / 2;
    const front = s.sides[side].half === "south" ? mid - last.distance : mid + last.distance;
    const i = nearestDeploy(s, opts, { x: last.x + 0.4, y: front + 0.2 }, last.contingent)!;
    expect(deploys[i]).toEqual(last);
    // Without a contingent: the first one offered.
    expect(deploys[nearestDeploy(s, opts, { x: 0, y: 0 })!].contingent).toBe(deploys[0].contingent);
  });

  it("marks the units the last decision's events name", () => {
    const events = [
      { type: "declare", text: "", unit: "red.a", target: "black.b" },
      { type: "x", text: "", units: ["red.c", 3] },
      { type: "y", text: "", unit: "nobody" },
    ];
    expect(actedUnits(events, "red.s")).toEqual(["red.s", "red.a", "black.b", "red.c"]);
  });

  it("picks the move pointing nearest a tap on the table", () => {
    const { session } = started({ red: "human", black: "human" });
    // Deploy both sides by the first option until the first move decision.
    while (session.state.pending && session.state.pending.kind !== "move") session.decide(session.toMove()!, session.options()[0].decision);
    const s = session.state;
    const p = s.pending as Extract<typeof s.pending, { kind: "move" }>;
    const bu = s.units.find((u) => u.id === p.unit)!;
    const facing = bu.stands[0].facing;
    // Options of known headings (the engine offers these when the unit may move freely).
    const move = (m: Extract<BattleDecision, { type: "move" }>["move"]) => ({ decision: { type: "move", move: m } as BattleDecision, text: "" });
    const opts = [move({ kind: "rest" }), move({ kind: "advance", offset: 0, extraD6: false }), move({ kind: "advance", offset: 22.5, extraD6: false }), move({ kind: "change-direction", heading: facing + 180, extraD6: false })];
    const c = { x: bu.stands.reduce((n, st) => n + st.x, 0) / bu.stands.length, y: bu.stands.reduce((n, st) => n + st.y, 0) / bu.stands.length };
    const toward = (deg: number) => ({ x: c.x + 10 * Math.cos((deg * Math.PI) / 180), y: c.y + 10 * Math.sin((deg * Math.PI) / 180) });
    expect(nearestMove(s, opts, toward(facing))).toBe(1);
    expect(nearestMove(s, opts, toward(facing + 30))).toBe(2);
    expect(nearestMove(s, opts, toward(facing + 170))).toBe(3);
    expect(moveHeading(opts[2].decision, facing)).toBe(facing + 22.5);
    expect(nearestMove(s, opts.slice(0, 1), toward(facing))).toBeNull();
  });
});
