/**
 * Rules of the battle on hand-built positions, continued from rules.test.ts: camp followers'
 * move (seed "Supernumeraries", ruling SW-6), which edge a charge comes in on (SW-18), and a kept
 * Seven re-rolling a failed charge test (SW-11).
 */
import { describe, expect, it } from "vitest";
import { play } from "../../../src/core/game.js";
import { seedState } from "../../../src/core/random.js";
import { type BattleDecision, battleGame, decisionProblem } from "../../../src/rulesets/shieldwall/battle/index.js";
import { nearestEnemy } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { edgeFacing } from "../../../src/rulesets/shieldwall/geometry/contact.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { moveOptions } from "../../../src/rulesets/shieldwall/battle/move-options.js";
import { moveStraight } from "../../../src/rulesets/shieldwall/battle/effects.js";
import { totalDp } from "../../../src/rulesets/shieldwall/units.js";
import { line, N, position, runFrom, S, signalled, start, unitOf, withUnit } from "./setup.js";

describe("Camp followers move (seed \"Supernumeraries\", ruling SW-6)", () => {
  it("Camp followers: after tending they may move to join another unit of the army", () => {
    const s = withUnit(start(), "red.a-band1", (u) => ({ ...u, u: { ...u.u, attachments: ["camp-followers"] } }));
    const c = runFrom(s, [{ t: "camp", unit: "red.a-band1" }, { t: "end-turn" }]).finish();
    const options = battleGame.legalMoves(c, "red");
    expect(options).toContainEqual({ type: "camp", target: "red.a-band1", moveTo: "red.a-retinue" });
    expect(options).toContainEqual({ type: "camp", target: null, moveTo: "red.b-retinue" });
    expect(options.some((o) => o.type === "camp" && o.moveTo?.startsWith("black."))).toBe(false);
    // Field order does not matter when a decision is submitted.
    expect(decisionProblem(c, "red", { moveTo: "red.a-retinue", target: "red.a-band1", type: "camp" } as BattleDecision)).toBeNull();
    const r = play(battleGame, c, "red", { type: "camp", target: "red.a-band1", moveTo: "red.a-retinue" });
    const unit = (id: string) => unitOf(r.state, id);
    expect(unit("red.a-band1").u.attachments).not.toContain("camp-followers");
    expect(unit("red.a-retinue").u.attachments).toContain("camp-followers");
    // 1 DP for tending it, and the additional DP from the unit they were attached to (option campFollowerDps).
    expect(totalDp(unit("red.a-band1").u)).toBe(1);
  });
});

describe("Charges: which edge a charge comes in on (SW-18, the 45° zones)", () => {
  it("SW-18: a charger in the target's front zone charges its front, in a flank zone its flank, in the rear zone its rear (zones bounded at 45° from the corners)", () => {
    const target = line(30, 30, S, 1)[0]; // faces south: front edge at y 30, rear at y 31.57
    expect(edgeFacing(target, { x: 31, y: 27 })).toBe("front");
    // Ahead of the front line but further to the side than ahead: the flank zone (issue 23 N1; once "front").
    expect(edgeFacing(target, { x: 36, y: 27 })).toBe("left");
    expect(edgeFacing(target, { x: 36, y: 30.8 })).toBe("left");
    expect(edgeFacing(target, { x: 24, y: 30.8 })).toBe("right");
    expect(edgeFacing(target, { x: 30, y: 34 })).toBe("rear");
  });
});

describe("Events for the narrative", () => {
  it("every event has a readable text, the turn and the phase; the set-up's events are kept in setupEvents", () => {
    const s = start();
    expect(s.setupEvents.filter((e) => e.type === "deploy")).toHaveLength(4);
    let cur = s;
    for (let i = 0; i < 60 && cur.pending; i++) {
      const r = play(battleGame, cur, cur.pending.side, battleGame.legalMoves(cur, cur.pending.side)[0]);
      for (const e of r.events) {
        expect(e.text.length).toBeGreaterThan(5);
        expect(typeof e.turn).toBe("number");
        expect(["deployment", "initiative", "gods", "leadership", "movement", "missiles", "combat", "end", "over"]).toContain(e.phase);
      }
      cur = r.state;
    }
  });
});

describe("The Seven (ruling SW-11)", () => {
  it("SW-11 Seven: a side keeping a Seven may re-roll a failed charge test; keeping it accepts the failure", () => {
    let s = position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 11.5, S, 2) });
    s = signalled(s, "red.a-leader");
    s = { ...s, sides: { ...s.sides, red: { ...s.sides.red, tokens: { skilledArcher: 0, fortune: 1 } } } };
    let checked = false;
    for (let seed = 1; seed < 60 && !checked; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed) }, [{ t: "combat" }, { t: "end-turn" }]);
      const declared = play(battleGame, c.finish(), "red", { type: "charge", target: "black.a-band1" });
      if (declared.state.pending?.kind !== "fortune") continue;
      checked = true;
      expect(battleGame.legalMoves(declared.state, "red")).toEqual([
        { type: "fortune", reroll: false },
        { type: "fortune", reroll: true },
      ]);
      const kept = play(battleGame, declared.state, "red", { type: "fortune", reroll: false });
      expect(kept.state.sides.red.tokens.fortune).toBe(1);
      expect(unitOf(kept.state, "red.a-band1").u.dp.morale).toBe(1);
      const rerolled = play(battleGame, declared.state, "red", { type: "fortune", reroll: true });
      expect(rerolled.state.sides.red.tokens.fortune).toBe(0);
      expect(rerolled.events.map((e) => e.type).filter((t) => t === "fortune" || t === "charge-test")).toEqual(["fortune", "charge-test"]);
    }
    expect(checked).toBe(true);
  });
});

describe("Battle context (engine bookkeeping: derived answers belong to one state)", () => {
  it("engine: answers worked out after a change are not filed under the state the change was applied to", () => {
    const s = position(start(), {
      "red.a-retinue": line(30, 10, N, 1),
      "black.a-retinue": line(10, 20, S, 1),
      "black.b-retinue": line(50, 30, S, 1),
    });
    const fresh = () => structuredClone(s);
    const before = new Ctx(fresh(), true);
    expect(nearestEnemy(before, before.unit("red.a-retinue"))?.id).toBe("black.a-retinue");
    // A writing context on s (nothing yet worked out about s) moves the unit east, then asks.
    const w = new Ctx(s);
    moveStraight(w, w.unit("red.a-retinue"), 0, 15, "test move");
    expect(nearestEnemy(w, w.unit("red.a-retinue"))?.id).toBe("black.b-retinue");
    moveOptions(w, w.unit("red.a-retinue"));
    const again = new Ctx(s, true);
    expect(nearestEnemy(again, again.unit("red.a-retinue"))?.id).toBe("black.a-retinue");
    const clean = new Ctx(fresh(), true);
    expect(moveOptions(again, again.unit("red.a-retinue"))).toEqual(moveOptions(clean, clean.unit("red.a-retinue")));
  });
});
