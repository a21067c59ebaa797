/**
 * Manoeuvres added to the battle's move decision (docs/shieldwall/battle.md, "Interpenetration",
 * "Boats"): seed "Movement" ("will not be forced to interpenetrate friends"), seed "Manoeuvre"
 * ("Interpenetration: All units involved become unformed"; "Embark/Disembark: ½ move for all
 * units and become unformed"), ruling SW-1 (embark/disembark costs half a move).
 */
import { describe, expect, it } from "vitest";
import { seedState } from "../../../src/core/random.js";
import type { ArmyFile } from "../../../src/rulesets/shieldwall/army.js";
import { type BattleState, battleGame, createBattle, decisionProblem, parseScenario } from "../../../src/rulesets/shieldwall/battle/index.js";
import { applyMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { armyBroken, lostStands, lostUnits } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { moveOptions } from "../../../src/rulesets/shieldwall/battle/move-options.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { moveThroughFriends } from "../../../src/rulesets/shieldwall/battle/manoeuvres.js";
import { rectOf } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { rectsDistance } from "../../../src/rulesets/shieldwall/geometry/unit.js";
import { gap, invariantProblem, line, N, position, S, signalled, start, tinySetup, unitOf } from "./setup.js";

const pending = (s: BattleState, unit: string): BattleState => ({ ...s, pending: { kind: "move", side: unit.startsWith("red") ? "red" : "black", unit } });

describe("Interpenetration (seed \"Movement\", \"Manoeuvre\": Interpenetration)", () => {
  // The retinue (front edge y 10) with a friendly band 1.43" ahead of it (front edge y 13, rear 11.43).
  const s0 = () =>
    signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(30, 13, N, 1), "black.a-retinue": line(30, 40, S, 1) }), "red.a-leader");

  it("Manoeuvre: Interpenetration: a declared move passes through friends; the mover and every friend passed through become unformed", () => {
    const ctx = new Ctx(s0());
    const moved = moveThroughFriends(ctx, ctx.unit("red.a-retinue"), N, 8, "test move");
    expect(moved).toBeCloseTo(8, 6);
    expect(ctx.unit("red.a-retinue").stands[0].y).toBeGreaterThan(ctx.unit("red.a-band2").stands[0].y);
    expect(ctx.unit("red.a-retinue").u.formed).toBe(false);
    expect(ctx.unit("red.a-band2").u.formed).toBe(false);
    const ev = ctx.events.find((e) => e.type === "interpenetration");
    expect(ev?.text).toMatch(/passes through .*all units involved become unformed \(seed "Manoeuvre": Interpenetration\)/);
    expect(ev?.through).toEqual(["red.a-band2"]);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Interpenetration: a move that would end inside a friend it cannot clear stops short of it, touching, and nobody becomes unformed", () => {
    const ctx = new Ctx(s0());
    const moved = moveThroughFriends(ctx, ctx.unit("red.a-retinue"), N, 3, "test move");
    expect(moved).toBeCloseTo(1.43, 2);
    expect(gap(ctx.s, "red.a-retinue", "red.a-band2")).toBeLessThan(0.01);
    expect(ctx.unit("red.a-retinue").u.formed).toBe(true);
    expect(ctx.unit("red.a-band2").u.formed).toBe(true);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Interpenetration: with two friends one behind the other and no room between them, the move stops short of the first", () => {
    // Band 2 (front y 13) then band 1 (front y 16, rear 14.43): 1.43" between them, less than a stand's depth.
    const s = signalled(
      position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(30, 13, N, 1), "red.a-band1": line(30, 16, N, 2), "black.a-retinue": line(30, 40, S, 1) }),
      "red.a-leader",
    );
    const ctx = new Ctx(s);
    const moved = moveThroughFriends(ctx, ctx.unit("red.a-retinue"), N, 5.5, "test move");
    expect(moved).toBeCloseTo(1.43, 2);
    expect(ctx.events.some((e) => e.type === "interpenetration")).toBe(false);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Movement: an interpenetrating move still halts 2 inches from visible enemy (seen once the friends are out of the way)", () => {
    // Enemy front edge at y 22 behind the friend: the friend hides it at the start of the move.
    const s = signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(30, 13, N, 1), "black.a-retinue": line(30, 22, S, 1) }), "red.a-leader");
    const ctx = new Ctx(s);
    const moved = moveThroughFriends(ctx, ctx.unit("red.a-retinue"), N, 12, "test move");
    expect(moved).toBeCloseTo(10, 6);
    expect(gap(ctx.s, "red.a-retinue", "black.a-retinue")).toBeCloseTo(2, 6);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Interpenetration: never through enemy stands nor friends in combat", () => {
    const enemy = signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "black.b-band1": line(30, 13, S, 1), "black.a-retinue": line(50, 40, S, 1) }), "red.a-leader");
    const c1 = new Ctx(enemy);
    moveThroughFriends(c1, c1.unit("red.a-retinue"), N, 8, "test move");
    expect(gap(c1.s, "red.a-retinue", "black.b-band1")).toBeGreaterThan(1.9);
    const locked = { ...s0(), units: s0().units.map((u) => (u.id === "red.a-band2" ? { ...u, u: { ...u.u, inCombat: true } } : u)) };
    const c2 = new Ctx(locked);
    const moved = moveThroughFriends(c2, c2.unit("red.a-retinue"), N, 8, "test move");
    expect(moved).toBeCloseTo(1.43, 2);
    expect(c2.unit("red.a-band2").u.formed).toBe(true);
  });

  it("Movement: interpenetration is offered only when a friend is in the way, declared before the dice, and the plain move still stops at the friend", () => {
    const ctx = new Ctx(s0());
    const through = moveOptions(ctx, ctx.unit("red.a-retinue")).filter((m) => "interpenetrate" in m && m.interpenetrate);
    expect(through).toEqual([{ kind: "advance", offset: 0, extraD6: false, interpenetrate: true }]);
    const clear = new Ctx(signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(40, 13, N, 1), "black.a-retinue": line(30, 40, S, 1) }), "red.a-leader"));
    expect(moveOptions(clear, clear.unit("red.a-retinue")).some((m) => "interpenetrate" in m && m.interpenetrate)).toBe(false);
    // Played through the game: the move dice are rolled once, then the unit passes through.
    for (let seed = 1; seed <= 5; seed++) {
      const c = new Ctx({ ...s0(), rng: seedState(seed) });
      applyMove(c, c.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: true, interpenetrate: true });
      expect(c.events.filter((e) => e.type === "move-dice")).toHaveLength(1);
      expect(invariantProblem(c.s)).toBeNull();
      const dice = c.events.find((e) => e.type === "move-dice")?.inches as number;
      if (dice >= 4) expect(c.unit("red.a-band2").u.formed).toBe(false);
    }
    // The plain move of a unit that moves alone stops at the friend (option groupMove "optional": the
    // retinue moves without its body); by default the friend, within 2" and facing the retinue's
    // way, moves with it as one body (seed "Movement"), front first, and keeps its distance.
    const plain = new Ctx({ ...s0(), options: { ...s0().options, groupMove: "optional" }, rng: seedState(3) });
    applyMove(plain, plain.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: true });
    expect(gap(plain.s, "red.a-retinue", "red.a-band2")).toBeLessThan(0.01);
    expect(plain.unit("red.a-band2").u.formed).toBe(true);
    const body = new Ctx({ ...s0(), rng: seedState(3) });
    applyMove(body, body.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: true });
    expect(gap(body.s, "red.a-retinue", "red.a-band2")).toBeCloseTo(gap(s0(), "red.a-retinue", "red.a-band2"), 6);
    expect(body.unit("red.a-band2").u.formed).toBe(true);
  });

  it("bad input: interpenetrate must be a boolean and is refused on a step, about face or rest", () => {
    const s = pending(s0(), "red.a-retinue");
    const move = (m: unknown) => decisionProblem(s, "red", { type: "move", move: m as never });
    expect(move({ kind: "advance", offset: 0, extraD6: false, interpenetrate: true })).toBeNull();
    expect(move({ kind: "advance", offset: 0, extraD6: false, interpenetrate: "yes" })).toMatch(/interpenetrate must be true or false/);
    expect(move({ kind: "step", direction: "back", distance: 1, interpenetrate: true })).toMatch(/interpenetrate is declared only with .* not with step/);
    expect(move({ kind: "rest", interpenetrate: true })).toMatch(/not with rest/);
  });
});

// ---- Boats ----

const boatsTable = {
  width: 72,
  height: 48,
  boats: [{ id: "ships", name: "the longships", polygon: [[46, 44], [54, 44], [54, 48], [46, 48]] }],
};

function boatsSetup(embarked: unknown, table: unknown = boatsTable) {
  const base = tinySetup();
  const scenario = parseScenario({ ...base.scenario, table, embarked });
  return { scenario, armies: { red: scenario.armies.red as ArmyFile, black: scenario.armies.black as ArmyFile } };
}

function boatsStart(seed = 1): BattleState {
  const setup = boatsSetup({ black: [{ unit: "b-band1", boats: "ships" }] });
  return createBattle(setup.scenario, setup.armies, seed);
}

describe("Boats: embark and disembark (seed \"Manoeuvre\", ruling SW-1)", () => {
  it("Embark/Disembark: a unit that starts embarked is off the table, neither lost nor deployed by dice, and the set-up says so", () => {
    const s = boatsStart();
    const band = unitOf(s, "black.b-band1");
    expect(band.embarked).toBe("ships");
    expect(band.stands).toEqual([]);
    expect(unitOf(s, "black.b-retinue").stands.length).toBe(1);
    expect(s.setupEvents.some((e) => e.type === "embarked" && /starts aboard ship at the longships/.test(e.text))).toBe(true);
    expect(lostUnits(s, "black")).toBe(0);
    expect(invariantProblem(s)).toBeNull();
  });

  it("SW-1: disembark lands the unit unformed next to its boats, on the side towards the enemy, and the movement phase offers it", () => {
    const s = boatsStart();
    const ctx = new Ctx({ ...s, queue: [{ t: "movement" }, { t: "end-turn" }], pending: null, phase: "movement" });
    run(ctx);
    // Black's units on the table decide first; run them through holding until the embarked band is asked.
    let st = ctx.finish();
    for (let i = 0; i < 20 && st.pending && st.pending.kind === "move" && st.pending.unit !== "black.b-band1"; i++) {
      st = battleGame.apply(st, st.pending.side, { type: "move", move: { kind: "hold" } }).state;
    }
    expect(st.pending).toEqual({ kind: "move", side: "black", unit: "black.b-band1" });
    const opts = battleGame.legalMoves(st, "black").map((d) => (d.type === "move" ? d.move.kind : d.type));
    expect(opts).toContain("disembark");
    expect(new Set(opts)).toEqual(new Set(["hold", "disembark"]));
    const landed = battleGame.apply(st, "black", { type: "move", move: { kind: "disembark" } });
    const band = unitOf(landed.state, "black.b-band1");
    expect(band.embarked).toBeUndefined();
    expect(band.u.formed).toBe(false);
    expect(band.stands).toHaveLength(1);
    // Rear edge on the boats' south side (black's enemy is south), facing south.
    expect(band.stands[0].facing).toBe(S);
    expect(band.stands[0].y + band.stands[0].depth / 2).toBeCloseTo(44, 6);
    expect(landed.events.some((e) => e.type === "disembark" && /half its move: seed "Manoeuvre", ruling SW-1/.test(e.text))).toBe(true);
    expect(invariantProblem(landed.state)).toBeNull();
  });

  it("Embark/Disembark: a unit lands beside other stands, never on them nor within 2 inches of the enemy; with no room it may not disembark", () => {
    const s = boatsStart();
    // A red unit right where the band would land (centred on the boats' south side, x 50).
    const blocked = { ...s, units: s.units.map((u) => (u.id === "red.b-band1" ? { ...u, stands: line(50, 41, N, 1) } : u)) };
    const ctx = new Ctx(blocked);
    applyMove(ctx, ctx.unit("black.b-band1"), { kind: "disembark" });
    const landed = ctx.unit("black.b-band1").stands[0];
    expect(rectsDistance([rectOf(landed)], unitOf(ctx.s, "red.b-band1").stands.map(rectOf))).toBeGreaterThanOrEqual(2 - 1e-6);
    expect(invariantProblem(ctx.s)).toBeNull();
    // Enemy all along the beach, a stand every 6": no room within 12" either way.
    const at = (x: number) => line(x, 41, N, 1)[0];
    const wall = position(s, {
      "red.a-band1": [at(35), at(41)],
      "red.a-retinue": [at(47)],
      "red.a-band2": [at(53)],
      "red.b-retinue": [at(59)],
      "red.b-band1": [at(65)],
      "black.b-retinue": unitOf(s, "black.b-retinue").stands,
    });
    const aboard = { ...wall, units: wall.units.map((u) => (u.id === "black.b-band1" ? unitOf(s, "black.b-band1") : u)) };
    expect(decisionProblem(pending(aboard, "black.b-band1"), "black", { type: "move", move: { kind: "disembark" } })).toMatch(/no room to land next to the boats ships/);
  });

  it("SW-1: a disembark with a heading moves half of the move dice after landing", () => {
    const s = signalled(boatsStart(), "black.b-leader");
    for (let seed = 1; seed <= 4; seed++) {
      const ctx = new Ctx({ ...s, rng: seedState(seed) });
      applyMove(ctx, ctx.unit("black.b-band1"), { kind: "disembark", heading: S, extraD6: true });
      const dice = ctx.events.find((e) => e.type === "move-dice");
      const mv = ctx.events.find((e) => e.type === "move");
      expect(mv?.asked).toBeCloseTo((dice?.inches as number) / 2, 9);
      expect(ctx.unit("black.b-band1").stands[0].y + ctx.unit("black.b-band1").stands[0].depth / 2).toBeCloseTo(44 - (mv?.distance as number), 6);
      expect(ctx.unit("black.b-band1").moved).toBe(true);
    }
  });

  it("SW-11: a side keeping a Seven may re-roll the move dice of a disembark, once the unit has landed", () => {
    const s0 = signalled(boatsStart(), "black.b-leader");
    const s = { ...s0, sides: { ...s0.sides, black: { ...s0.sides.black, tokens: { ...s0.sides.black.tokens, fortune: 1 } } } };
    let offered = false;
    for (let seed = 1; seed <= 6 && !offered; seed++) {
      const ctx = new Ctx({ ...s, rng: seedState(seed) });
      applyMove(ctx, ctx.unit("black.b-band1"), { kind: "disembark", heading: S, extraD6: false });
      expect(ctx.unit("black.b-band1").embarked).toBeUndefined();
      if (ctx.s.pending?.kind === "fortune") {
        offered = true;
        expect(ctx.s.pending.unit).toBe("black.b-band1");
        expect(ctx.events.some((e) => e.type === "move")).toBe(false);
      }
    }
    expect(offered).toBe(true);
  });

  it("Embark/Disembark: a unit touching the boats may embark, unformed: it leaves the table, neither lost nor on the table (house rule)", () => {
    const s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "black.b-band1": line(50, 42.43, S, 1) });
    const withBoats = { ...s, table: { ...s.table, boats: [{ id: "ships", polygon: [{ x: 46, y: 44 }, { x: 54, y: 44 }, { x: 54, y: 48 }, { x: 46, y: 48 }] }] } };
    const ctx = new Ctx(withBoats);
    const opts = moveOptions(ctx, ctx.unit("black.b-band1"));
    expect(opts).toContainEqual({ kind: "embark", boats: "ships" });
    applyMove(ctx, ctx.unit("black.b-band1"), { kind: "embark", boats: "ships" });
    const band = ctx.unit("black.b-band1");
    expect(band.embarked).toBe("ships");
    expect(band.stands).toEqual([]);
    expect(band.u.formed).toBe(false);
    expect(band.u.status).toBe("active");
    expect(lostUnits(ctx.s, "black")).toBe(0);
    expect(lostStands(ctx.s, "black")).toBe(0);
    expect(ctx.events.some((e) => e.type === "embark" && /neither lost nor on the table \(house rule\)/.test(e.text))).toBe(true);
    // A unit away from the boats is not offered it, and is refused.
    const far = new Ctx({ ...withBoats, units: withBoats.units.map((u) => (u.id === "black.b-band1" ? { ...u, stands: line(50, 35, S, 1) } : u)) });
    expect(moveOptions(far, far.unit("black.b-band1")).some((m) => m.kind === "embark")).toBe(false);
    expect(decisionProblem(pending(far.s, "black.b-band1"), "black", { type: "move", move: { kind: "embark", boats: "ships" } })).toMatch(/must touch the boats ships/);
  });

  it("Control Test: with its leader's retinue aboard ship, a band on the table tests as if further than 2 inches from him", () => {
    const s = position(start(), { "red.a-band2": line(30, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    const aboard = {
      ...s,
      table: { ...s.table, boats: [{ id: "ships", polygon: [{ x: 26, y: 0 }, { x: 34, y: 0 }, { x: 34, y: 4 }, { x: 26, y: 4 }] }] },
      units: s.units.map((u) => (u.id === "red.a-retinue" ? { ...u, deployed: true, embarked: "ships" } : u)),
    };
    const ctx = new Ctx({ ...aboard, queue: [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }], pending: null });
    run(ctx);
    expect(ctx.events.find((e) => e.type === "control-test")?.text).toMatch(/further than 2" from the leader's retinue/);
  });

  it("SW-25 (house rule): an army with every remaining unit aboard ship has no units left on the table", () => {
    const s = boatsStart();
    const aboard = { ...s, units: s.units.map((u) => (u.side === "black" ? { ...u, stands: [], embarked: "ships" } : u)) };
    expect(armyBroken(aboard, "black")).toMatch(/no units left on the table/);
    expect(armyBroken(s, "black")).toBeNull();
  });

  it("bad input: boats and embarked units are checked in the scenario, naming the field", () => {
    expect(() => boatsSetup({ black: [{ unit: "b-band1", boats: "skiffs" }] })).toThrow(/embarked\.black\[0\]\.boats: no boats place "skiffs" in table\.boats \(there: ships\)/);
    expect(() => boatsSetup({ black: [{ unit: "b-band1", boats: "ships" }] }, { width: 72, height: 48 })).toThrow(/embarked\.black\[0\]\.boats: .*the table has none/);
    expect(() => boatsSetup({ black: [{ unit: "b-band1", boats: "ships" }, { unit: "b-band1", boats: "ships" }] })).toThrow(/embarked\.black\[1\]\.unit: unit "b-band1" is listed twice/);
    expect(() => boatsSetup({ black: [{ unit: "b-band1" }] })).toThrow(/embarked\.black\[0\]\.boats/);
    expect(() => boatsSetup({ black: [] }, { ...boatsTable, boats: [{ id: "ships", polygon: [[46, 44], [54, 44], [54, 50]] }] })).toThrow(/table\.boats\[0\]\.polygon\[2\]: point \(54, 50\) is off/);
    expect(() => boatsSetup({ black: [] }, { ...boatsTable, boats: [...boatsTable.boats, ...boatsTable.boats] })).toThrow(/table\.boats\[1\]\.id: duplicate boats id "ships"/);
    const unknown = boatsSetup({ black: [{ unit: "b-band9", boats: "ships" }] });
    expect(() => createBattle(unknown.scenario, unknown.armies, 1)).toThrow(/embarked\.black\[0\]\.unit: no unit "b-band9" in the black army \(its units: .*b-band1/);
    const retinue = boatsSetup({ black: [{ unit: "b-retinue", boats: "ships" }] });
    expect(() => createBattle(retinue.scenario, retinue.armies, 1)).toThrow(/embarked\.black\[0\]\.unit: a retinue starts aboard only with its whole contingent.*also list b-band1/);
  });

  it("bad input: only an embarked unit disembarks, and an embarked unit may only disembark or hold", () => {
    const s = signalled(boatsStart(), "black.b-leader");
    const aboard = pending(s, "black.b-band1");
    expect(decisionProblem(aboard, "black", { type: "move", move: { kind: "rest" } })).toMatch(/aboard ship at ships: it may disembark or hold/);
    expect(decisionProblem(aboard, "black", { type: "move", move: { kind: "disembark", heading: "south" as unknown as number } })).toMatch(/heading must be a number/);
    expect(decisionProblem(aboard, "black", { type: "move", move: { kind: "disembark", heading: 200, extraD6: false } })).toBeNull();
    expect(decisionProblem(pending(s, "black.b-retinue"), "black", { type: "move", move: { kind: "disembark" } })).toMatch(/only an embarked unit disembarks/);
    expect(decisionProblem(pending(s, "black.b-retinue"), "black", { type: "move", move: { kind: "embark", boats: "galleys" } })).toMatch(/no boats place "galleys"/);
  });
});

describe("Unformed units move stands independently (seed \"Unformed Units\", \"Manoeuvre\": change direction)", () => {
  // Red's fyrd (2 stands) unformed, side by side with front edges at y 10 (stand 0 west, stand 1 east).
  const s0 = () =>
    signalled(
      position(start(), {
        "red.a-band1": line(30, 10, N, 2),
        "black.a-retinue": line(30, 40, S, 1),
      }),
      "red.a-leader",
    );
  const unformed = (s: BattleState) => ({ ...s, units: s.units.map((u) => (u.id === "red.a-band1" ? { ...u, u: { ...u.u, formed: false } } : u)) });

  it("Unformed Units: each stand moves on its own heading, the whole roll, and the unit stays unformed", () => {
    const ctx = new Ctx({ ...unformed(s0()), rng: seedState(2) });
    const was = ctx.unit("red.a-band1").stands;
    applyMove(ctx, ctx.unit("red.a-band1"), { kind: "unformed-move", heading: N, extraD6: false, headings: [180, 0] });
    const roll = ctx.events.find((e) => e.type === "move-dice")?.inches as number;
    const now = ctx.unit("red.a-band1").stands;
    expect(now[0].x).toBeCloseTo(was[0].x - roll, 6);
    expect(now[1].x).toBeCloseTo(was[1].x + roll, 6);
    expect(now[0].y).toBeCloseTo(was[0].y, 6);
    expect(ctx.events.filter((e) => e.type === "move-dice")).toHaveLength(1);
    expect(ctx.events.filter((e) => e.type === "move" && /stand \d of 2 on its own/.test(e.text))).toHaveLength(2);
    expect(ctx.unit("red.a-band1").u.formed).toBe(false);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Unformed Units: a stand stops short of its own unit's other stands and of friends, as any move; the others go on", () => {
    // Stand 0 heads east into stand 1 (which moves after it); stand 1 heads north past nothing.
    const s = signalled(position(unformed(s0()), { "red.a-band1": line(30, 10, N, 2), "red.a-band2": line(38, 4, N, 1), "black.a-retinue": line(30, 40, S, 1) }), "red.a-leader");
    const ctx = new Ctx({ ...unformed(s), rng: seedState(2) });
    const was = ctx.unit("red.a-band1").stands;
    applyMove(ctx, ctx.unit("red.a-band1"), { kind: "unformed-move", heading: 0, extraD6: false, headings: [0, N] });
    const now = ctx.unit("red.a-band1").stands;
    expect(now[0].x).toBeCloseTo(was[0].x, 6);
    expect(ctx.events.some((e) => e.type === "move" && /stand 1 of 2 .*stopped by another stand of its own unit/.test(e.text))).toBe(true);
    expect(now[1].y).toBeGreaterThan(was[1].y + 1);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("Manoeuvre: change direction may move the stands independently; each still halts 2 inches from visible enemy", () => {
    const s = signalled(position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-retinue": line(28.4, 13.5, S, 1) }), "red.a-leader");
    const ctx = new Ctx({ ...s, rng: seedState(5) });
    applyMove(ctx, ctx.unit("red.a-band1"), { kind: "change-direction", heading: N, extraD6: true, headings: [N, N] });
    expect(ctx.unit("red.a-band1").u.formed).toBe(false);
    const st = ctx.unit("red.a-band1").stands[0];
    expect(rectsDistance([rectOf(st)], unitOf(ctx.s, "black.a-retinue").stands.map(rectOf))).toBeCloseTo(2, 6);
    expect(invariantProblem(ctx.s)).toBeNull();
  });

  it("bad input: headings need one number per stand, only on unformed moves and change of direction, and obey the signal", () => {
    const s = pending(unformed(s0()), "red.a-band1");
    const move = (m: unknown) => decisionProblem(s, "red", { type: "move", move: m as never });
    expect(move({ kind: "unformed-move", heading: N, extraD6: false, headings: [N, 0] })).toBeNull();
    expect(move({ kind: "unformed-move", heading: N, extraD6: false, headings: [N] })).toMatch(/one heading per stand .* \(2\)/);
    expect(move({ kind: "unformed-move", heading: N, extraD6: false, headings: [N, "east"] })).toMatch(/headings must be numbers/);
    expect(move({ kind: "unformed-move", heading: N, extraD6: false, headings: [N, 0], interpenetrate: true })).toMatch(/does not pass through friends/);
    expect(move({ kind: "rest", headings: [N, N] })).toMatch(/only with an unformed-move or change-direction/);
    const before = pending(unformed(position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) })), "red.a-band1");
    expect(decisionProblem(before, "red", { type: "move", move: { kind: "unformed-move", heading: 0, extraD6: false, headings: [0, N] } })).toMatch(/headings\.1: .*signal/);
  });
});
