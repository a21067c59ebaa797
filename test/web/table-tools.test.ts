/** The table's tools: picking stands, the worker's answers (by the ruleset), verdicts in words, and choosing the listed move nearest a drag. */
import { describe, expect, it } from "vitest";
import { type BattleDecision, measure } from "../../src/rulesets/shieldwall/battle/index.js";
import type { FromWorker, OptionView, TableQuery } from "../../web/src/battle/protocol.js";
import { handleMessage, type Host } from "../../web/src/battle/worker-host.js";
import {
  chooseTool,
  initialTools,
  moveChoicesOn,
  moveHeadings,
  nearestMoveOption,
  pickStand,
  receive,
  requery,
  snapHeading,
  verdicts,
} from "../../web/src/battle/table-tools.js";

function fakeHost(): { host: Host; posted: FromWorker[] } {
  const posted: FromWorker[] = [];
  return { posted, host: { post: (m) => posted.push(structuredClone(m)), setTimer: () => 0, clearTimer: () => undefined } };
}

describe("picking stands with a tool", () => {
  it("the tape takes two stands and then asks the ruleset; a third tap starts again", () => {
    let ts = chooseTool(initialTools, "tape");
    const first = pickStand(ts, { unit: "red.a", stand: 0 }, 1);
    expect(first.query).toBeNull();
    ts = first.next;
    const second = pickStand(ts, { unit: "black.b", stand: 1 }, 2);
    expect(second.query).toEqual({ kind: "measure", from: { unit: "red.a", stand: 0 }, to: { unit: "black.b", stand: 1 } });
    expect(second.next.waiting).toBe(2);
    const third = pickStand(second.next, { unit: "black.c", stand: 0 }, 3);
    expect(third.next.first).toEqual({ unit: "black.c", stand: 0 });
    expect(third.next.second).toBeNull();
    expect(third.query).toBeNull();
  });

  it("tapping the first stand again lets it go; the select tool asks nothing; zones ask about the unit", () => {
    const ts = pickStand(chooseTool(initialTools, "sight"), { unit: "red.a", stand: 0 }, 1).next;
    expect(pickStand(ts, { unit: "red.a", stand: 0 }, 2).next.first).toBeNull();
    expect(pickStand(initialTools, { unit: "red.a", stand: 0 }, 3).query).toBeNull();
    expect(pickStand(chooseTool(initialTools, "zones"), { unit: "red.a", stand: 1 }, 4).query).toEqual({ kind: "zones", unit: "red.a" });
  });

  it("keeps only the answer to the question last asked, and asks again after the table changed", () => {
    let ts = chooseTool(initialTools, "zones");
    ts = pickStand(ts, { unit: "red.a", stand: 0 }, 5).next;
    const zones = { unit: "red.a", allRound: true, zones: [] };
    expect(receive(ts, { type: "answer", battle: 1, id: 4, answer: { kind: "zones", zones }, problem: null })).toBe(ts);
    const got = receive(ts, { type: "answer", battle: 1, id: 5, answer: { kind: "zones", zones }, problem: null });
    expect(got.zones).toEqual(zones);
    expect(got.waiting).toBeNull();
    const again = requery(got, 6);
    expect(again.query).toEqual({ kind: "zones", unit: "red.a" });
    expect(again.next.waiting).toBe(6);
    const refused = receive(again.next, { type: "answer", battle: 1, id: 6, answer: null, problem: 'no unit "red.a"' });
    expect(refused.problem).toBe('no unit "red.a"');
  });
});

describe("the worker answers table questions with the ruleset", () => {
  it("refuses a question about a unit not on the table yet (before deployment), saying so", () => {
    const { host, posted } = fakeHost();
    handleMessage(host, { type: "start", scenario: { shipped: "maldon-991" }, players: { red: "commander", black: "commander" }, seed: 3, delayMs: 0 });
    const started = posted[0] as Extract<FromWorker, { type: "started" }>;
    const s0 = started.snapshot.state;
    const red = s0.units.find((u) => u.side === "red")!;
    expect(red.stands).toEqual([]);
    const q: TableQuery = { kind: "measure", from: { unit: red.id, stand: 0 }, to: { unit: s0.units.find((u) => u.side === "black")!.id, stand: 0 } };
    handleMessage(host, { type: "query", id: 9, query: q });
    const refused = posted.at(-1) as Extract<FromWorker, { type: "answer" }>;
    expect(refused).toMatchObject({ type: "answer", id: 9, answer: null });
    expect(refused.problem).toBe(`unit "${red.id}" is not on the table`);
  });

  it("answers a measure between deployed stands exactly as measure() does", async () => {
    const { BattleSession } = await import("../../web/src/battle/session.js");
    const { shippedSetup } = await import("../../web/src/battle/scenarios.js");
    const session = new BattleSession(1, shippedSetup("maldon-991"), 3, { red: "commander", black: "commander" });
    while (session.state.phase === "deployment" || session.state.units.every((u) => u.stands.length === 0)) session.computerStep();
    const red = session.state.units.find((u) => u.side === "red" && u.stands.length > 0)!;
    const black = session.state.units.find((u) => u.side === "black" && u.stands.length > 0)!;
    const { answerQuery } = await import("../../web/src/battle/table-queries.js");
    const a = structuredClone(answerQuery(session.state, { kind: "measure", from: { unit: red.id, stand: 0 }, to: { unit: black.id, stand: 0 } }));
    expect(a).toEqual({ kind: "measure", measure: measure(session.state, { unit: red.id, stand: 0 }, { unit: black.id, stand: 0 }) });
    const words = verdicts(a.kind === "measure" ? a.measure : (null as never), new Map([[red.id, "Red unit"]]));
    expect(words.map((w) => w.label)).toEqual(['within 2"', 'within 8"', "in the 22½° arc of Red unit's front", "in sight"]);
    expect(words.map((w) => w.yes)).toEqual(a.kind === "measure" ? [a.measure.within2, a.measure.within8, a.measure.inArc, a.measure.sight.clear] : []);
    const zones = answerQuery(session.state, { kind: "zones", unit: red.id });
    expect(zones.kind === "zones" && zones.zones.zones.length).toBe(red.u.formed ? 4 : 0);
  });
});

describe("dragging a move: only the engine's listed moves", () => {
  const adv = (offset: number, extraD6: boolean, stopAt?: number): OptionView => ({
    decision: { type: "move", move: { kind: "advance", offset, extraD6, ...(stopAt !== undefined ? { stopAt } : {}) } } as BattleDecision,
    text: `advance ${offset} ${extraD6 ? "AvD+D6" : "AvD"}${stopAt !== undefined ? ` stop ${stopAt}` : ""}`,
  });
  const options: OptionView[] = [
    { decision: { type: "move", move: { kind: "step", direction: "back", distance: 2 } } as BattleDecision, text: "step back" },
    adv(-22.5, false),
    adv(0, false),
    adv(0, true),
    adv(0, false, 2),
    adv(0, true, 4),
    adv(22.5, false),
  ];

  it("lists the headings of the options that have one, and snaps a drag to the nearest", () => {
    expect(moveHeadings(options, 90)).toEqual([67.5, 90, 112.5]);
    expect(snapHeading([67.5, 90, 112.5], 100)).toBe(90);
    expect(snapHeading([67.5, 90, 112.5], 170)).toBe(112.5);
    expect(snapHeading([], 0)).toBeNull();
  });

  it("picks the nearest heading, then the extra D6 as toggled, then the declared stop nearest the drag", () => {
    expect(nearestMoveOption(options, 90, { heading: 92, distance: 3, extraD6: false, stop: false })).toEqual({ index: 2, mismatch: [] });
    expect(nearestMoveOption(options, 90, { heading: 90, distance: 3, extraD6: true, stop: false })).toEqual({ index: 3, mismatch: [] });
    expect(nearestMoveOption(options, 90, { heading: 90, distance: 2.2, extraD6: false, stop: true })).toEqual({ index: 4, mismatch: [] });
    expect(nearestMoveOption(options, 90, { heading: 90, distance: 3.9, extraD6: true, stop: true })).toEqual({ index: 5, mismatch: [] });
  });

  it("says what of the drag no listed move has, and never invents one", () => {
    const r = nearestMoveOption(options, 90, { heading: 112.5, distance: 3, extraD6: true, stop: false })!;
    expect(r.index).toBe(6);
    expect(r.mismatch).toEqual(["no listed move on this heading takes the extra D6"]);
    expect(nearestMoveOption([options[0]], 90, { heading: 90, distance: 1, extraD6: false, stop: false })).toBeNull();
  });

  it("offers the extra D6 and the declared stop only where the engine lists them", () => {
    expect(moveChoicesOn(options, 90, 90)).toEqual({ extraD6: [false, true], stops: [2, 4] });
    expect(moveChoicesOn(options, 90, 112.5)).toEqual({ extraD6: [false], stops: [] });
  });
});
