/**
 * Rules of the battle on the table, section by section, on hand-built positions (issue 4):
 * Deployment, Turn Sequence, Leaders, Movement, Manoeuvre, Missile Exchange, Charges and Combat,
 * Moves Following Combat, Victory. Titles name the seed section or ruling.
 */
import { describe, expect, it } from "vitest";
import { play } from "../../../src/core/game.js";
import { seedState } from "../../../src/core/random.js";
import type { Card } from "../../../src/core/cards.js";
import { type BattleDecision, type BattleState, battleGame, createBattle, decisionProblem, parseScenario } from "../../../src/rulesets/shieldwall/battle/index.js";
import { applyMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { armyBroken, chargePlan, findCombats, shootingOptions } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { deployOptions, deployProblem, firstDeployable } from "../../../src/rulesets/shieldwall/battle/placement.js";
import { moveOptions } from "../../../src/rulesets/shieldwall/battle/move-options.js";
import { movesAfterCombat } from "../../../src/rulesets/shieldwall/battle/phases/aftermath.js";
import { moveStraight } from "../../../src/rulesets/shieldwall/battle/effects.js";
import type { UnitOutcome } from "../../../src/rulesets/shieldwall/combat.js";
import { rectOf, rectsOverlap } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { totalDp } from "../../../src/rulesets/shieldwall/units.js";
import { gap, invariantProblem, line, N, position, runFrom, S, signalled, start, tinySetup, unitOf, withUnit } from "./setup.js";

function leaderOf(s: BattleState, id: string) {
  const l = s.leaders.find((x) => x.id === id);
  if (!l) throw new Error(`no leader ${id}`);
  return l;
}

function pendingOf(s: BattleState) {
  if (!s.pending) throw new Error("nothing pending");
  return s.pending;
}


describe("Deployment (seed \"Deployment\", ruling SW-26)", () => {
  it("SW-26: a fixed deployment puts every unit in its half, 3 DPs and Present, in base contact within its contingent", () => {
    const s = start();
    expect(s.pending?.kind).toBe("initiative");
    for (const u of s.units) {
      expect(u.deployed).toBe(true);
      expect(totalDp(u.u)).toBe(3);
      expect(u.u.aggression).toBe("present");
      for (const st of u.stands) expect(u.side === "red" ? st.y < 24 : st.y > 24).toBe(true);
    }
    expect(gap(s, "red.a-retinue", "red.a-band1")).toBeLessThan(0.01);
    expect(gap(s, "red.a-retinue", "red.a-band2")).toBeLessThan(0.01);
    expect(invariantProblem(s)).toBeNull();
  });

  it("SW-26: no stand nearer than 3 inches to the centre line (house rule) nor further than 9 inches", () => {
    const fresh = { ...start(), units: start().units.map((u) => ({ ...u, deployed: false, stands: [] })) };
    expect(deployProblem(fresh, "red", "red.a", 30, 2)).toMatch(/SW-26, house rule/);
    expect(deployProblem(fresh, "red", "red.a", 30, 8.5)).toMatch(/at most 9/);
    expect(deployProblem(fresh, "red", "red.a", 30, 3)).toBeNull();
  });

  it("SW-26: deployment alternates by dice, the low scorer deploying one contingent at a time", () => {
    const setup = tinySetup();
    const scenario = parseScenario({ ...setup.scenario, deployment: undefined });
    let s = createBattle(scenario, setup.armies, 5);
    const order: string[] = [];
    while (s.pending?.kind === "deploy") {
      const side = s.pending.side;
      const moves = battleGame.legalMoves(s, side);
      expect(moves.length).toBeGreaterThan(0);
      const r = play(battleGame, s, side, moves[0]);
      order.push(side);
      expect(r.events.some((e) => e.type === "deploy")).toBe(true);
      s = r.state;
    }
    expect(order).toHaveLength(4);
    expect(order.filter((x) => x === "red")).toHaveLength(2);
    expect(s.pending?.kind).toBe("initiative");
    expect(invariantProblem(s)).toBeNull();
  });

  it("SW-26: the first deployable contingent is the first of the enumerated places, and a place off the grid is validated by the room rule alone", () => {
    const setup = tinySetup();
    const scenario = parseScenario({ ...setup.scenario, deployment: undefined });
    let s = createBattle(scenario, setup.armies, 7);
    while (s.pending?.kind === "deploy") {
      const side = s.pending.side;
      const options = deployOptions(s, side);
      expect(firstDeployable(s, side)).toBe(options[0].contingent);
      // Half an inch off the grid: legal exactly when deployProblem says so, with its reason.
      const off = { type: "deploy" as const, contingent: options[0].contingent, x: options[0].x + 0.5, distance: options[0].distance };
      expect(decisionProblem(s, side, off)).toBe(deployProblem(s, side, off.contingent, off.x, off.distance));
      expect(decisionProblem(s, side, { ...off, contingent: "nobody" })).toMatch(/nobody is not a contingent/);
      s = play(battleGame, s, side, battleGame.legalMoves(s, side)[0]).state;
    }
    expect(s.pending?.kind).toBe("initiative");
  });
});

describe("Turn Sequence (seed \"Turn Sequence\", \"Deployment\": the order of actions)", () => {
  it("Turn Sequence: with initiativeChoice per-turn the initiative winner chooses once who acts first, and that side's leaders act first, right to left", () => {
    const setup = tinySetup();
    let s = createBattle(parseScenario({ ...setup.scenario, options: { initiativeChoice: "per-turn" } }), setup.armies, 3);
    const winner = pendingOf(s).side;
    const first = winner === "red" ? "black" : "red";
    s = play(battleGame, s, winner, { type: "initiative", first }).state;
    expect(s.first).toBe(first);
    while (s.pending && s.pending.kind !== "lead") s = play(battleGame, s, s.pending.side, battleGame.legalMoves(s, s.pending.side)[0]).state;
    expect(s.pending?.side).toBe(first);
    // Red faces north: its right is east, so contingent b (x 50) acts before a (x 20); black faces south: a (x 20) first.
    expect(s.pending?.kind === "lead" && s.pending.leader).toBe(first === "red" ? "red.b-leader" : "black.a-leader");
  });
});

describe("Leaders (seed \"Leaders\", \"Deployment\"; rulings SW-7, SW-8)", () => {
  it("Deployment: signalling the advance moves Present units 1 inch and Ready units 2 inches straight ahead", () => {
    let s = withUnit(start(), "red.a-band1", (u) => ({ ...u, u: { ...u.u, aggression: "ready" } }));
    s = withUnit(s, "red.a-band2", (u) => ({ ...u, u: { ...u.u, aggression: "shaken" } }));
    const y0 = (id: string) => unitOf(s, id).stands[0].y;
    const ctx = runFrom(s, [{ t: "leader", leader: "red.a-leader" }]);
    expect(ctx.s.pending?.kind).toBe("lead");
    const after = play(battleGame, ctx.finish(), "red", { type: "lead", action: "signal" }).state;
    const y = (id: string) => unitOf(after, id).stands[0].y;
    expect(y("red.a-retinue") - y0("red.a-retinue")).toBeCloseTo(1, 6);
    expect(y("red.a-band1") - y0("red.a-band1")).toBeCloseTo(2, 6);
    expect(y("red.a-band2") - y0("red.a-band2")).toBeCloseTo(0, 6);
    expect(leaderOf(after, "red.a-leader").lpSpent).toBe(1);
  });

  it("SW-8: a leader offers only done once his LPs are spent, and spends no LPs when his retinue is in combat", () => {
    let s = start();
    s = { ...s, leaders: s.leaders.map((l) => (l.id === "red.a-leader" ? { ...l, lpSpent: l.lpValue } : l)) };
    const ctx = runFrom(s, [{ t: "leader", leader: "red.a-leader" }, { t: "leader", leader: "red.b-leader" }]);
    expect(ctx.s.pending?.kind === "lead" && ctx.s.pending.leader).toBe("red.b-leader");
    const inCombat = withUnit(start(), "red.b-retinue", (u) => ({ ...u, u: { ...u.u, inCombat: true } }));
    const c2 = runFrom(inCombat, [{ t: "leader", leader: "red.b-leader" }, { t: "initiative-choice" }]);
    expect(c2.s.pending?.kind).toBe("initiative");
  });
});

describe("Movement (seed \"Movement\", \"Control Test\"; rulings SW-3, SW-4, SW-15)", () => {
  it("Movement: a halt at 2 inches from visible enemy", () => {
    const s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "black.a-retinue": line(30, 16, S, 1) });
    const ctx = new Ctx(s);
    const moved = moveStraight(ctx, ctx.unit("red.a-retinue"), N, 10, "test move");
    expect(moved).toBeCloseTo(4, 6);
    expect(gap(ctx.s, "red.a-retinue", "black.a-retinue")).toBeCloseTo(2, 6);
  });

  it("Movement: units will not be forced to interpenetrate friends (the move stops at the friend)", () => {
    const s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(30, 13, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    const ctx = new Ctx(s);
    moveStraight(ctx, ctx.unit("red.a-retinue"), N, 8, "test move");
    expect(gap(ctx.s, "red.a-retinue", "red.a-band2")).toBeLessThan(0.01);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Movement: units within 2 inches of the retinue moving the same way move as a single body on the same die roll", () => {
    let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(30 - 3.15 * 1.5, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) });
    s = signalled(s, "red.a-leader");
    const ctx = new Ctx(s);
    applyMove(ctx, ctx.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: false, group: true });
    const dice = ctx.events.filter((e) => e.type === "move-dice");
    expect(dice).toHaveLength(1);
    expect(ctx.events.some((e) => e.type === "group-move")).toBe(true);
    const dy = (id: string) => ctx.unit(id).stands[0].y - unitOf(s, id).stands[0].y;
    expect(dy("red.a-band1")).toBeCloseTo(dy("red.a-retinue"), 6);
    expect(dy("red.a-retinue")).toBeGreaterThan(1.9);
    expect(ctx.unit("red.a-band1").moved).toBe(true);
  });

  it("Deployment: before the signal a unit may not advance towards the enemy, only step back or sideways, about face or rest", () => {
    const s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    const ctx = new Ctx(s);
    const kinds = new Set(moveOptions(ctx, ctx.unit("red.a-retinue")).map((m) => m.kind));
    expect(kinds.has("advance")).toBe(false);
    expect(kinds.has("toward")).toBe(false);
    expect([...kinds].sort()).toEqual(["about-face", "change-direction", "hold", "rest", "step"]);
    for (const m of moveOptions(ctx, ctx.unit("red.a-retinue"))) {
      if (m.kind === "change-direction") expect(Math.sin((m.heading * Math.PI) / 180)).toBeLessThanOrEqual(0.01);
      if (m.kind === "step") expect(m.direction).not.toBe("forward");
    }
    const p = decisionProblem({ ...s, pending: { kind: "move", side: "red", unit: "red.a-retinue" } }, "red", { type: "move", move: { kind: "advance", offset: 0, extraD6: false } });
    expect(p).toMatch(/not signalled/);
  });

  it("Control Test: a band further than 2 inches from its leader's retinue tests at the start of the movement phase", () => {
    const s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(40, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    const ctx = runFrom(s, [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    const test = ctx.events.find((e) => e.type === "control-test");
    expect(test?.text).toMatch(/further than 2" from the leader's retinue/);
    expect((test?.dice as number[] | undefined)?.[0]).toBeGreaterThanOrEqual(2);
    const near = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(33.2, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    const c2 = runFrom(near, [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(c2.events.some((e) => e.type === "control-test")).toBe(false);
  });

  it("SW-15: a unit whose leader has not signalled takes 1 morale DP when enemy advances to within 8 inches, once per phase", () => {
    let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "black.a-retinue": line(30, 20, S, 1) });
    s = signalled(s, "red.a-leader");
    const ctx = new Ctx({ ...s, phase: "movement" }); // SW-15 counts moves of the initial advance and the movement phase
    const dp0 = totalDp(ctx.unit("black.a-retinue").u);
    moveStraight(ctx, ctx.unit("red.a-retinue"), N, 1, "test move"); // 8.43" → still beyond 8"
    expect(totalDp(ctx.unit("black.a-retinue").u)).toBe(dp0);
    moveStraight(ctx, ctx.unit("red.a-retinue"), N, 1, "test move"); // now within 8"
    expect(ctx.unit("black.a-retinue").u.dp.morale).toBe(1);
    moveStraight(ctx, ctx.unit("red.a-retinue"), N, 1, "test move");
    expect(ctx.unit("black.a-retinue").u.dp.morale).toBe(1);
    expect(ctx.events.some((e) => e.type === "sw15")).toBe(true);
  });
});

describe("Manoeuvre (seed \"Manoeuvre\", \"Rest and Reform\"; ruling SW-1)", () => {
  const s0 = () => signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(50, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) }), "red.a-leader");
  const pending = (s: BattleState, unit: string): BattleState => ({ ...s, pending: { kind: "move", side: "red", unit } });

  it("SW-1: a formed unit moves at most 22½° off its front; a wider move is refused", () => {
    const s = pending(s0(), "red.a-retinue");
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "advance", offset: 22.5, extraD6: false } })).toBeNull();
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "advance", offset: 30, extraD6: true } })).toMatch(/22\.5.*SW-1/);
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "advance", offset: 10, extraD6: false, stopAt: 1.5 } })).toBeNull();
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "advance", offset: 0, extraD6: false, stopAt: -1 } })).toMatch(/stopAt/);
  });

  it("SW-1: side-step up to 2 inches for A and B grade only; C grade is refused", () => {
    const s = pending(s0(), "red.a-retinue");
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "step", direction: "left", distance: 1.5 } })).toBeNull();
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "step", direction: "left", distance: 2.5 } })).toMatch(/SW-1/);
    expect(decisionProblem(pending(s0(), "red.a-band1"), "red", { type: "move", move: { kind: "step", direction: "left", distance: 1 } })).toMatch(/A and B grade/);
  });

  it("Manoeuvre: change direction makes the unit unformed; form up makes a line again", () => {
    const ctx = new Ctx(s0());
    applyMove(ctx, ctx.unit("red.a-band1"), { kind: "change-direction", heading: 0, extraD6: false });
    expect(ctx.unit("red.a-band1").u.formed).toBe(false);
    const opts = moveOptions(ctx, ctx.unit("red.a-band1"));
    const form = opts.find((m) => m.kind === "form-up");
    expect(form).toBeDefined();
    if (!form) throw new Error("no form-up offered");
    applyMove(ctx, ctx.unit("red.a-band1"), form);
    expect(ctx.unit("red.a-band1").u.formed).toBe(true);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Rest and Reform: a B grade unit that rests removes 1 DP; fatigue: a formed unit takes a DP for each 5 or 6 of its move dice", () => {
    const ctx = new Ctx(s0());
    applyMove(ctx, ctx.unit("red.a-retinue"), { kind: "rest" });
    expect(totalDp(ctx.unit("red.a-retinue").u)).toBe(2);
    let fatigued = false;
    for (let seed = 1; seed < 40 && !fatigued; seed++) {
      const c = new Ctx({ ...s0(), rng: seedState(seed) });
      applyMove(c, c.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: true });
      const dice = c.events.find((e) => e.type === "move-dice")?.dice as number[];
      const expected = dice.filter((f) => f >= 5).length;
      expect(c.unit("red.a-retinue").u.dp.fatigue).toBe(3 + expected);
      fatigued = expected > 0;
    }
    expect(fatigued).toBe(true);
  });
});

describe("Missile Exchange (seed \"Missile Exchange\", ruling SW-16)", () => {
  // Shooter's front edge at y 10; the target's rear edge 1.9" away; two friendly stands in between with a gap.
  const gapPosition = (gapWidth: number) => {
    const w = 80 / 25.4;
    return position(start(), {
      "red.a-retinue": line(30, 10, N, 1),
      "red.a-band2": line(30 - gapWidth / 2 - w / 2, 11.7, N, 1),
      "red.b-retinue": line(30 + gapWidth / 2 + w / 2, 11.7, N, 1),
      "black.a-retinue": line(30, 11.9, S, 1),
    });
  };

  it("SW-3: a gap just under 2 inches blocks the line of sight; a gap just over 2 inches does not", () => {
    const narrow = new Ctx(gapPosition(1.95));
    expect(gap(narrow.s, "red.a-retinue", "black.a-retinue")).toBeLessThanOrEqual(2);
    expect(shootingOptions(narrow, narrow.unit("red.a-retinue"))).toEqual([]);
    const wide = new Ctx(gapPosition(2.1));
    expect(shootingOptions(wide, wide.unit("red.a-retinue"))).toEqual([{ target: "black.a-retinue", stands: 1 }]);
  });

  it("Missile Exchange: both sides shoot before any result is applied, and units in combat are not targets", () => {
    const s = position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 11.5, S, 2) });
    for (let seed = 1; seed < 30; seed++) {
      const ctx = runFrom({ ...s, rng: seedState(seed) }, [{ t: "missiles" }, { t: "end-turn" }]);
      // Both C grade bands see one target each: the decisions are asked of each side, initiative side first.
      let cur = ctx.finish();
      const events = [];
      while (cur.pending?.kind === "shoot") {
        const options = battleGame.legalMoves(cur, cur.pending.side);
        // Holding fire is allowed ("units may shoot"); here every unit shoots.
        expect(options[0]).toEqual({ type: "shoot", target: null, archer: false });
        const r = play(battleGame, cur, cur.pending.side, options[1]);
        events.push(...r.events);
        cur = r.state;
      }
      const types = events.map((e) => e.type);
      expect(types.filter((t) => t === "shooting")).toHaveLength(2);
      const lastShot = types.lastIndexOf("shooting");
      const firstHit = types.indexOf("missile-hits");
      if (firstHit >= 0) expect(firstHit).toBeGreaterThan(lastShot);
    }
    const engaged = withUnit(s, "black.a-band1", (u) => ({ ...u, u: { ...u.u, inCombat: true } }));
    const ctx = new Ctx(engaged);
    expect(shootingOptions(ctx, ctx.unit("red.a-band1"))).toEqual([]);
  });
});

describe("Charges and Combat (seed \"Charges and Combat\"; rulings SW-17, SW-18)", () => {
  it("SW-18: a flank charge comes into contact with the enemy's flank, which then hits only on 6", () => {
    // Black's line faces south; the red unit stands off its east end, facing west: black's flank.
    const w = 80 / 25.4;
    let s = position(start(), { "black.a-band1": line(30, 30, S, 2), "red.a-retinue": [{ x: 30 + w + 1.5, y: 30 + 0.8, facing: 180, width: w, depth: 1.5748 }] });
    s = signalled(s, "red.a-leader");
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, u: { ...u.u, aggression: "ready", dp: { ...u.u.dp, fatigue: 0 } } }));
    const ctx = new Ctx(s);
    const plan = chargePlan(ctx, ctx.unit("red.a-retinue"), ctx.unit("black.a-band1"));
    expect(plan?.edge === "left" || plan?.edge === "right").toBe(true);
    let charged = false;
    for (let seed = 1; seed < 40 && !charged; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed) }, [{ t: "combat" }, { t: "end-turn" }]);
      expect(c.s.pending?.kind).toBe("charge");
      const r = play(battleGame, c.finish(), "red", { type: "charge", target: "black.a-band1" });
      const move = r.events.find((e) => e.type === "charge-move");
      if (!move) continue;
      charged = true;
      expect(move.edge === "left" || move.edge === "right").toBe(true);
      const detail = r.events.filter((e) => e.type === "combat-detail").map((e) => e.text).join("\n");
      expect(detail).toMatch(/Cnut's fyrd \d+ dice \(.*?\) hitting on 6 \(flank or rear\):/);
      expect(detail).toMatch(/Alfred's retinue \d+ dice \([^:]*charged this turn\) hitting on 5-6/);
    }
    expect(charged).toBe(true);
  });

  it("Charges and Combat: a unit within 2 inches of visible enemy declares; a failed charge test costs 1 DP and it stays", () => {
    let s = position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 11.5, S, 2) });
    s = signalled(s, "red.a-leader");
    let failed = false;
    for (let seed = 1; seed < 60 && !failed; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed) }, [{ t: "combat" }, { t: "end-turn" }]);
      expect(c.s.pending?.kind === "charge" && c.s.pending.unit).toBe("red.a-band1");
      const before = c.finish();
      const r = play(battleGame, before, "red", { type: "charge", target: "black.a-band1" });
      const test = r.events.find((e) => e.type === "charge-test");
      expect(test).toBeDefined();
      if (test?.charges === false) {
        failed = true;
        expect(unitOf(r.state, "red.a-band1").u.dp.morale).toBe(1);
        expect(unitOf(r.state, "red.a-band1").stands).toEqual(unitOf(before, "red.a-band1").stands);
      }
    }
    expect(failed).toBe(true);
  });

  it("Resolving combat: units in contact form one combat, several units on a side fight together", () => {
    const w = 80 / 25.4;
    const s = position(start(), {
      "red.a-retinue": line(30, 20, N, 1),
      "red.a-band2": line(30 + w, 20, N, 1),
      "black.a-band1": line(30 + w / 2, 20, S, 2),
    });
    const ctx = new Ctx(s);
    const combats = findCombats(ctx);
    expect(combats).toHaveLength(1);
    expect([...combats[0].red].sort()).toEqual(["red.a-band2", "red.a-retinue"]);
    expect([...combats[0].black]).toEqual(["black.a-band1"]);
  });
});

describe("Ground in the engine's combats (ruling SW-18)", () => {
  it("SW-18: in the battle, a unit whose opponent stands on high ground or in cover hits only on 6", () => {
    // Black's stands stand in a feature 10" x 4" around (30, 20); red's do not.
    const feature = (flags: { highGround: boolean; cover: boolean }) => ({
      id: "hill",
      kind: "area" as const,
      points: [
        { x: 25, y: 20.2 },
        { x: 35, y: 20.2 },
        { x: 35, y: 24 },
        { x: 25, y: 24 },
      ],
      difficult: false,
      blocksSight: false,
      ...flags,
    });
    const hitOn = (terrain: ReturnType<typeof feature>[]) => {
      const base = start();
      const s = position({ ...base, table: { ...base.table, terrain } }, { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2) });
      const c = runFrom(s, [{ t: "fight" }, { t: "end-turn" }]);
      const detail = c.events.find((e) => e.type === "combat-detail" && e.text.startsWith("round 1 "));
      const side = (name: string) => (new RegExp(`${name}: [^;]* hitting on (5-6|6)`).exec(detail?.text ?? "") ?? [])[1];
      return { red: side("side a"), black: side("side b") };
    };
    expect(hitOn([])).toEqual({ red: "5-6", black: "5-6" });
    expect(hitOn([feature({ highGround: true, cover: false })])).toEqual({ red: "6", black: "5-6" });
    expect(hitOn([feature({ highGround: false, cover: true })])).toEqual({ red: "6", black: "5-6" });
    expect(hitOn([feature({ highGround: false, cover: false })])).toEqual({ red: "5-6", black: "5-6" });
  });
});

describe("Moves Following Combat (seed \"Moves Following Combat\"; rulings SW-19, SW-20, SW-21)", () => {
  it("Moves Following Combat: units that lost move first; winners follow up or pursue; no stands overlap", () => {
    const s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2) });
    let decisive = 0;
    for (let seed = 1; seed < 80; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed) }, [{ t: "fight" }, { t: "end-turn" }]);
      const combat = c.events.find((e) => e.type === "combat");
      expect(combat).toBeDefined();
      expect(invariantProblem(c.s)).toBeNull();
      const result = combat?.result as string;
      if (result === "separated") continue;
      const redWon = result === "victory" || result === "success";
      const loser = redWon ? "black.a-band1" : "red.a-retinue";
      const winner = redWon ? "red.a-retinue" : "black.a-band1";
      const idx = (id: string) => c.events.findIndex((e) => (e.type === "move" || e.type === "move-dice" || e.type === "unable-to-move") && e.unit === id);
      const li = idx(loser);
      const wi = idx(winner);
      if (li >= 0 && wi >= 0) {
        expect(li).toBeLessThan(wi);
        decisive++;
      }
    }
    expect(decisive).toBeGreaterThan(3);
  });
});

describe("Victory (ruling SW-25, house rule)", () => {
  it("SW-25: an army that has lost half its units (rounded up) has lost; so has one whose leaders are all dead", () => {
    const s = start();
    expect(armyBroken(s, "red")).toBeNull();
    const lost = { ...s, units: s.units.map((u) => (u.id === "red.a-band1" || u.id === "red.a-band2" || u.id === "red.b-band1" ? { ...u, u: { ...u.u, status: "broken" as const }, stands: [] } : u)) };
    expect(armyBroken(lost, "red")).toMatch(/lost 3 of 5 units/);
    const twoLost = { ...s, units: s.units.map((u) => (u.id === "red.a-band1" || u.id === "red.a-band2" ? { ...u, u: { ...u.u, status: "destroyed" as const }, stands: [] } : u)) };
    expect(armyBroken(twoLost, "red")).toBeNull();
    const leaderless = { ...s, leaders: s.leaders.map((l) => (l.id.startsWith("red.") ? { ...l, status: "killed" as const } : l)) };
    expect(armyBroken(leaderless, "red")).toMatch(/leaders are all dead/);
  });

  it("SW-25: at the turn limit the side that lost fewer stands wins; a pursuer that left the table is not lost (SW-21)", () => {
    const s = start();
    const limit = { ...s, turn: 12, units: s.units.map((u) => (u.id === "black.a-band1" ? { ...u, u: { ...u.u, stands: 1 }, stands: u.stands.slice(0, 1) } : u.id === "red.a-band1" ? { ...u, u: { ...u.u, status: "left-table" as const }, stands: [] } : u)) };
    const c = runFrom(limit, [{ t: "end-turn" }]);
    expect(c.s.result?.winner).toBe("red");
    expect(c.s.result?.reason).toMatch(/turn limit 12: red lost 0 stands, black 1/);
  });
});

describe("Bad input (scenario format, decisions)", () => {
  it("scenario format: a bad field is refused with its name", () => {
    expect(() => parseScenario({ name: "x", armies: { red: "a.json" } })).toThrow(/armies\.black/);
    expect(() => parseScenario({ name: "x", armies: { red: "a.json", black: "b.json" }, turnLimit: 0 })).toThrow(/turnLimit/);
    expect(() => parseScenario({ name: "x", armies: { red: "a.json", black: "b.json" }, options: { victory: "sudden-death" } })).toThrow(/options\.victory/);
  });
  it('scenario format: option crossingMoves (seed "Movement", moves that intersect) accepts only front-first or right-to-left', () => {
    expect(() => parseScenario({ name: "x", armies: { red: "a.json", black: "b.json" }, options: { crossingMoves: "sideways" } })).toThrow(/options\.crossingMoves/);
    expect(parseScenario({ name: "x", armies: { red: "a.json", black: "b.json" }, options: { crossingMoves: "right-to-left" } }).options?.crossingMoves).toBe("right-to-left");
  });

  it("scenario format: an illegal fixed deployment is refused naming the side, the contingent and the rule", () => {
    const setup = tinySetup();
    const bad = parseScenario({ ...setup.scenario, deployment: { red: [{ contingent: "a", x: 20, distance: 1 }] } });
    expect(() => createBattle(bad, setup.armies, 1)).toThrow(/deployment\.red: contingent "a": .*SW-26/);
  });

  it("decisions: the wrong player, the wrong type and an unknown target are refused with a reason", () => {
    const s = start();
    const side = pendingOf(s).side;
    const other = side === "red" ? "black" : "red";
    expect(decisionProblem(s, other, { type: "initiative", first: "red" })).toMatch(/decision, not/);
    expect(decisionProblem(s, side, { type: "charge", target: null })).toMatch(/pending decision is "initiative"/);
    expect(decisionProblem(s, side, { type: "initiative", first: "green" as "red" })).toMatch(/not a legal initiative decision/);
  });
});

describe("Invariants on hand-built positions", () => {
  it("no overlaps after a charge into contact (the charge move aligns stands without overlap)", () => {
    let s = position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(31, 11.5, S, 2) });
    s = signalled(s, "red.a-leader");
    const c = new Ctx(s);
    const p = chargePlan(c, c.unit("red.a-band1"), c.unit("black.a-band1"));
    expect(p).not.toBeNull();
    if (!p) throw new Error("no charge plan");
    const moved = p.plan.unit.stands.map(rectOf);
    for (const st of c.unit("black.a-band1").stands) for (const m of moved) expect(rectsOverlap(m, rectOf(st), 0.01)).toBe(false);
  });
});

describe("Moves Following Combat, one move at a time (seed \"Moves Following Combat\")", () => {
  const w = 80 / 25.4;
  const fought = () =>
    position(start(), {
      "red.a-retinue": line(30, 20, N, 1),
      "black.a-band1": line(30, 20, S, 2),
      "red.a-band2": line(30 - w, 20, N, 1),
    });
  const outcome = (s: BattleState, id: string, move: UnitOutcome["move"]): UnitOutcome => {
    const u = unitOf(s, id);
    return { id, side: u.side === "red" ? "a" : "b", unit: u.u, engagedStands: 1, move };
  };
  const positions = (s: BattleState) => new Map(s.units.map((u) => [u.id, u.stands]));

  it("Fall-back: the loser moves back its base depth facing the enemy; the winner follows up into contact (SW-19)", () => {
    const s = fought();
    const ctx = new Ctx(s);
    movesAfterCombat(ctx, [outcome(s, "black.a-band1", "fall-back"), outcome(s, "red.a-retinue", "follow-up")], positions(s));
    const dy = ctx.unit("black.a-band1").stands[0].y - unitOf(s, "black.a-band1").stands[0].y;
    expect(dy).toBeCloseTo(1.5748, 3);
    expect(ctx.unit("black.a-band1").stands[0].facing).toBe(S);
    expect(gap(ctx.s, "red.a-retinue", "black.a-band1")).toBeLessThan(0.06);
    expect(ctx.unit("red.a-retinue").followingUp).toBe(true);
  });

  it("Fall-back: a unit unable to fall back remains in place and takes 1 DP", () => {
    // A friend right behind the black band blocks its fall-back.
    const s0 = fought();
    const s = position(s0, { ...Object.fromEntries(s0.units.filter((u) => u.deployed).map((u) => [u.id, u.stands])), "black.a-retinue": line(30, 20 + 1.5748 + 0.01, S, 1) });
    const ctx = new Ctx(s);
    const dp = totalDp(ctx.unit("black.a-band1").u);
    movesAfterCombat(ctx, [outcome(s, "black.a-band1", "fall-back"), outcome(s, "red.a-retinue", "follow-up")], positions(s));
    expect(ctx.unit("black.a-band1").stands).toEqual(unitOf(s, "black.a-band1").stands);
    expect(totalDp(ctx.unit("black.a-band1").u)).toBe(Math.min(dp + 1, 99));
    expect(ctx.events.some((e) => e.type === "unable-to-move")).toBe(true);
  });

  it("Retire: a full unformed move away from the enemy (AvD+D6+1, SW-2); a friend of equal grade within 2 inches takes 1 DP", () => {
    const s = fought();
    const ctx = new Ctx(s);
    const friendDp = totalDp(ctx.unit("red.a-band2").u);
    movesAfterCombat(ctx, [outcome(s, "red.a-retinue", "retire"), outcome(s, "black.a-band1", "remain")], positions(s));
    const r = ctx.unit("red.a-retinue");
    expect(r.u.formed).toBe(false);
    const dice = ctx.events.find((e) => e.type === "move-dice" && e.unit === "red.a-retinue");
    expect((dice?.dice as number[] | undefined)?.length).toBe(2);
    expect(r.stands[0].y).toBeLessThan(unitOf(s, "red.a-retinue").stands[0].y);
    expect(totalDp(ctx.unit("red.a-band2").u)).toBe(friendDp + 1);
    expect(ctx.unit("red.a-retinue").retiring).toBe(true);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("SW-20: a breaking unit is removed as broken; pursuers that catch it get a free hack (a stand lost on 3+)", () => {
    let hacked = false;
    for (let seed = 1; seed < 40 && !hacked; seed++) {
      const s = { ...fought(), rng: seedState(seed) };
      const ctx = new Ctx(s);
      movesAfterCombat(ctx, [outcome(s, "black.a-band1", "break"), outcome(s, "red.a-retinue", "pursue")], positions(s));
      expect(["broken", "destroyed"]).toContain(ctx.unit("black.a-band1").u.status);
      expect(ctx.unit("black.a-band1").stands).toEqual([]);
      expect(ctx.unit("red.a-retinue").pursuing).toBe(true);
      expect(ctx.unit("red.a-retinue").u.formed).toBe(false);
      const hack = ctx.events.find((e) => e.type === "free-hack");
      if (hack) {
        hacked = true;
        expect((hack.casualties as number)).toBe((hack.dice as number[]).filter((f) => f >= 3).length);
      }
    }
    expect(hacked).toBe(true);
  });

  it("SW-20: a breaking unit that cannot move surrenders to an enemy within 2 inches", () => {
    // A friend stands right behind the black band: it cannot move away.
    const s = position(start(), { "black.a-band1": line(30, 20, S, 2), "black.a-retinue": line(30, 20 + 1.5748 + 0.01, S, 1), "red.a-retinue": line(30, 20, N, 1) });
    const ctx = new Ctx(s);
    movesAfterCombat(ctx, [outcome(s, "black.a-band1", "break"), outcome(s, "red.a-retinue", "pursue")], new Map(s.units.map((u) => [u.id, u.stands])));
    expect(ctx.unit("black.a-band1").u.status).toBe("surrendered");
  });

  it("Pursue: pursuers meeting new enemy within 2 inches must charge them", () => {
    let s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 21.5, S, 2) });
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, pursuing: true, u: { ...u.u, formed: false } }));
    const c = runFrom(s, [{ t: "declare", unit: "red.a-retinue" }, { t: "end-turn" }]);
    const d = c.events.find((e) => e.type === "declare");
    expect(d?.automatic).toBe(true);
    expect(d?.text).toMatch(/pursuers encountering new enemy charge them/);
  });
});

describe("Movement and Manoeuvre details", () => {
  it("Movement: Shaken units may not advance towards the enemy", () => {
    let s = signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) }), "red.a-leader");
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, u: { ...u.u, aggression: "shaken" } }));
    const ctx = new Ctx(s);
    expect(moveOptions(ctx, ctx.unit("red.a-retinue")).some((m) => m.kind === "advance" || m.kind === "toward")).toBe(false);
  });

  it("Effect of difficult terrain: a formed unit any stand of which moves in difficult ground becomes unformed", () => {
    const base = start();
    const s = position({ ...base, table: { ...base.table, terrain: [{ id: "marsh", kind: "area", points: [{ x: 25, y: 12 }, { x: 35, y: 12 }, { x: 35, y: 14 }, { x: 25, y: 14 }], difficult: true, cover: false, highGround: false, blocksSight: false }] } }, {
      "red.a-retinue": line(30, 10, N, 1),
      "black.a-retinue": line(30, 40, S, 1),
    });
    const ctx = new Ctx(s);
    moveStraight(ctx, ctx.unit("red.a-retinue"), N, 3, "test move");
    expect(ctx.unit("red.a-retinue").u.formed).toBe(false);
  });

  it("SW-1: about face turns the unit round on its own footprint; turns to the flank are not offered", () => {
    const s = position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) });
    const ctx = new Ctx(s);
    applyMove(ctx, ctx.unit("red.a-band1"), { kind: "about-face" });
    const after = ctx.unit("red.a-band1").stands;
    expect(after.every((st) => Math.abs(((st.facing % 360) + 360) % 360 - S) < 1e-6)).toBe(true);
    const xs = (st: { x: number }[]) => st.map((p) => p.x).sort((a, b) => a - b);
    const before = unitOf(s, "red.a-band1").stands;
    for (const [i, x] of xs(after).entries()) expect(x).toBeCloseTo(xs(before)[i], 6);
    expect(moveOptions(ctx, ctx.unit("red.a-band1")).some((m) => m.kind === "advance" && Math.abs(m.offset) > 22.5)).toBe(false);
  });

  it("SW-3: stands are 80 × 40 mm at 15mm scale; a contingent deploys with its retinue in the centre and bands on the wings", () => {
    const s = start();
    for (const u of s.units) for (const st of u.stands) {
      expect(st.width).toBeCloseTo(80 / 25.4, 9);
      expect(st.depth).toBeCloseTo(40 / 25.4, 9);
    }
    const x = (id: string) => unitOf(s, id).stands[0].x;
    // Red faces north: its right is east. Band 1 is the right band, band 2 the left.
    expect(x("red.a-band1")).toBeGreaterThan(x("red.a-retinue"));
    expect(x("red.a-band2")).toBeLessThan(x("red.a-retinue"));
    // Black faces south: its right is west.
    expect(x("black.a-band1")).toBeLessThan(x("black.a-retinue"));
  });
});

describe("The gods, leadership and personal combat in the battle (seed \"The Gods and Fortune\", \"Leaders\", \"Personal Combat\"; SW-7, SW-10, SW-11)", () => {
  const withPile = (s: BattleState, pile: Card[]): BattleState => ({ ...s, god: { ...s.god, pack: { ...s.god.pack, deck: { drawPile: pile, discards: [] } } } });
  const holy = (s: BattleState) => withUnit(s, "red.a-retinue", (u) => ({ ...u, u: { ...u.u, attachments: ["holy-person"] } }));
  const decide = (s: BattleState, d: BattleDecision) => play(battleGame, s, pendingOf(s).side, d);

  it("SW-10: a leader with a holy person spends 1 LP to call; the single caller may cancel the card and draw again", () => {
    const s = withPile(holy(start()), [{ rank: "9", suit: "clubs" }, { rank: "2", suit: "spades" }]);
    const c = runFrom({ ...s, first: "red" }, [{ t: "gods" }, { t: "end-turn" }]);
    expect(c.s.pending).toEqual({ kind: "holy-call", side: "red", leader: "red.a-leader" });
    const called = decide(c.finish(), { type: "holy-call", call: true });
    expect(leaderOf(called.state, "red.a-leader").lpSpent).toBe(1);
    expect(called.state.pending?.kind).toBe("holy-cancel");
    const redrawn = decide(called.state, { type: "holy-cancel", cancel: true, redraw: true });
    const text = redrawn.events.map((e) => e.text).join("\n");
    expect(text).toMatch(/cancels the 2♠/);
    expect(text).toMatch(/draws again: 9♣, and must accept it/);
  });

  it("SW-11: a red Three is chosen by the opposing side: black picks the red unit that drops a level", () => {
    const s = withPile(start(), [{ rank: "3", suit: "hearts" }]);
    const c = runFrom(s, [{ t: "gods" }, { t: "end-turn" }]);
    expect(c.s.pending).toMatchObject({ kind: "god-choice", side: "black", effect: "bad-omen", affected: "red" });
    const options = battleGame.legalMoves(c.finish(), "black");
    expect(options.every((o) => o.type === "god-choice" && o.target.startsWith("red."))).toBe(true);
    const r = decide(c.finish(), { type: "god-choice", target: "red.a-band1" });
    expect(unitOf(r.state, "red.a-band1").u.aggression).toBe("shaken");
  });

  it("Personal Combat: a challenge costs 3 LPs, acceptance 3 LPs; the duel is fought and its consequences applied to the contingents", () => {
    let s = runFrom(start(), [{ t: "leader", leader: "red.a-leader" }, { t: "end-turn" }]).finish();
    expect(battleGame.legalMoves(s, "red")).toContainEqual({ type: "lead", action: "challenge", fighter: "leader" });
    s = decide(s, { type: "lead", action: "challenge", fighter: "champion" }).state;
    expect(leaderOf(s, "red.a-leader").lpSpent).toBe(3);
    // The closest enemy leader is Cnut, facing Alfred across the field.
    expect(s.pending).toMatchObject({ kind: "answer", side: "black", leader: "black.a-leader" });
    let r = decide(s, { type: "answer", accept: true, fighter: "leader" });
    expect(leaderOf(r.state, "black.a-leader").lpSpent).toBe(3);
    // The duel is decided card by card by the sides' players (issue 14 item 17): here the first legal choice each time.
    const events = [...r.events];
    while (r.state.pending?.kind === "duel") {
      r = decide(r.state, battleGame.legalMoves(r.state, r.state.pending.side)[0]);
      events.push(...r.events);
    }
    const duel = events.find((e) => e.type === "duel");
    expect(duel?.text).toMatch(/Personal combat: Alfred's champion against Cnut/);
    const end = duel?.end as string;
    const units = (side: string) => r.state.units.filter((u) => u.id.startsWith(`${side}.a-`));
    if (end === "kill") {
      const redWon = ((duel?.wounds as { a: number; b: number } | undefined)?.b ?? 0) >= 3;
      const winner = units(redWon ? "red" : "black");
      expect(winner.every((u) => u.u.aggression === "ready")).toBe(true);
    }
    expect(invariantProblem(r.state)).toBeNull();
  });

  it("Camp followers: remove 1 DP from a unit of their contingent within 2 inches, even in combat", () => {
    let s = withUnit(start(), "red.a-band1", (u) => ({ ...u, u: { ...u.u, attachments: ["camp-followers"] } }));
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, u: { ...u.u, inCombat: true } }));
    const c = runFrom(s, [{ t: "camp", unit: "red.a-band1" }, { t: "end-turn" }]);
    expect(c.s.pending).toEqual({ kind: "camp", side: "red", unit: "red.a-band1" });
    const targets = battleGame.legalMoves(c.finish(), "red").map((d) => (d.type === "camp" ? d.target : "?"));
    expect(targets).toContain("red.a-retinue");
    expect(targets).not.toContain("red.b-retinue");
    const r = decide(c.finish(), { type: "camp", target: "red.a-retinue" });
    expect(totalDp(unitOf(r.state, "red.a-retinue").u)).toBe(2);
  });
});

describe("Movement: declared stop short (seed \"Movement\")", () => {
  it("Movement: a unit may declare before rolling that it stops to line up with friends; it then moves no further", () => {
    let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(34, 12.5, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    s = signalled(s, "red.a-leader");
    const ctx = new Ctx(s);
    const align = moveOptions(ctx, ctx.unit("red.a-retinue")).filter((m) => m.kind === "advance" && m.stopAt !== undefined && Math.abs(m.stopAt - 2.5) < 1e-6);
    expect(align).toHaveLength(2);
    applyMove(ctx, ctx.unit("red.a-retinue"), align[1]);
    const y = (id: string) => ctx.unit(id).stands[0].y;
    expect(y("red.a-retinue")).toBeCloseTo(y("red.a-band2"), 6);
  });
});

describe("Turn Sequence: initiative for each phase (option initiativeChoice)", () => {
  it("Turn Sequence: by default (initiativeChoice per-phase, the seed's reading) the winner chooses who goes first before each of the five phases", () => {
    let s = start(9);
    const winner = s.pending?.side;
    const phases: string[] = [];
    while (s.turn === 1 && s.pending) {
      const p = s.pending;
      const moves = battleGame.legalMoves(s, p.side);
      const r = play(battleGame, s, p.side, p.kind === "initiative" ? { type: "initiative", first: phases.length % 2 === 0 ? "red" : "black" } : moves[0]);
      if (p.kind === "initiative") {
        expect(p.side).toBe(winner);
        phases.push(String(r.events.find((e) => e.type === "initiative-choice")?.forPhase));
      }
      s = r.state;
    }
    expect(phases).toEqual(["gods", "leadership", "movement", "missiles", "combat"]);
  });
});
