/**
 * Issue 14, items 10, 11, 18 and 19, each on a hand-built position (or a seeded battle on a
 * shipped scenario): the group move and the control test's exemption (seed "Movement", "Control
 * Test"), the choices the text gives a player (the A grade ±1, the battle standard's inch, the
 * half move after an about face, ruling SW-1), Blood Lust's charge (seed "Aggression Levels",
 * "Charges and Combat") and shipped scenarios that exercise SW-10 and shooting at a unit in cover.
 */
import { describe, expect, it } from "vitest";
import { play, playOut } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { type BattleDecision, type BattleState, battleGame, decisionProblem, describeDecision } from "../../../src/rulesets/shieldwall/battle/index.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { applyMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { moveOptions } from "../../../src/rulesets/shieldwall/battle/move-options.js";
import { commanderChoice, commanderPlayer } from "../../../src/rulesets/shieldwall/ai/commander.js";
import { line, loadSetup, N, position, S, signalled, start, unitOf, withUnit } from "./setup.js";

const W = 80 / 25.4; // 15mm stand width

/** Runs the engine from a given task list to the next decision. */
function runFrom(s: BattleState, queue: BattleState["queue"]): Ctx {
  const ctx = new Ctx({ ...s, queue, pending: null });
  run(ctx);
  return ctx;
}

/** The state with rule options set. */
function withOptions(s: BattleState, o: Partial<BattleState["options"]>): BattleState {
  return { ...s, options: { ...s.options, ...o } };
}

describe('Group move and the control test (seed "Movement", "Control Test"; issue 14 item 10)', () => {
  // Red's retinue with its fyrd (2 stands) in base contact on its left, and the thegns in contact with the fyrd, beyond 2" of the retinue.
  const lineUp = () =>
    signalled(
      position(start(), {
        "red.a-retinue": line(30, 10, N, 1),
        "red.a-band1": line(30 - 1.5 * W, 10, N, 2),
        "red.a-band2": line(30 - 3 * W, 10, N, 1),
        "black.a-retinue": line(30, 40, S, 1),
      }),
      "red.a-leader",
    );

  it('Movement: a retinue moving with dice moves every unit of its contingent within 2" facing its way as a single body on its roll, with no choice (option groupMove "same-way")', () => {
    const s = lineUp();
    const ctx = new Ctx(s);
    applyMove(ctx, ctx.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: false });
    expect(ctx.events.filter((e) => e.type === "move-dice")).toHaveLength(1);
    expect(ctx.events.some((e) => e.type === "group-move")).toBe(true);
    const dy = (id: string) => ctx.unit(id).stands[0].y - unitOf(s, id).stands[0].y;
    expect(dy("red.a-retinue")).toBeGreaterThan(1.9);
    expect(dy("red.a-band1")).toBeCloseTo(dy("red.a-retinue"), 6);
    expect(ctx.unit("red.a-band1").moved).toBe(true);
    // The thegns are beyond 2" of the retinue: not in the body.
    expect(dy("red.a-band2")).toBe(0);
    // No group flag is offered: every such move is a group move.
    expect(moveOptions(new Ctx(s), unitOf(s, "red.a-retinue")).some((m) => "group" in m)).toBe(false);
  });

  it('Movement: option groupMove "optional" keeps the old reading: the group move is the retinue\'s choice', () => {
    const s = withOptions(lineUp(), { groupMove: "optional" });
    expect(moveOptions(new Ctx(s), unitOf(s, "red.a-retinue")).some((m) => m.kind === "advance" && m.group === true)).toBe(true);
    const ctx = new Ctx(s);
    applyMove(ctx, ctx.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: false });
    expect(ctx.events.some((e) => e.type === "group-move")).toBe(false);
    expect(ctx.unit("red.a-band1").stands[0].y).toBe(unitOf(s, "red.a-band1").stands[0].y);
  });

  it('Control Test: a unit beyond 2" in an unbroken line with its retinue is spared the test only when all move the same way: after the straight move of the retinue, facing its way; it then makes that move', () => {
    // The retinue has not moved this phase: the thegns' intent is unknown, so they test.
    const still = runFrom(lineUp(), [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(still.events.some((e) => e.type === "control-test")).toBe(true);
    // The retinue advanced straight this phase: the line moves its way, so no test, and only that move is offered.
    const advanced = withUnit(lineUp(), "red.a-retinue", (u) => ({ ...u, moved: true, lastMove: { kind: "advance", offset: 0, extraD6: true } }));
    const ctx = runFrom(advanced, [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(ctx.events.some((e) => e.type === "control-test")).toBe(false);
    expect(ctx.s.pending).toMatchObject({ kind: "move", unit: "red.a-band2", follow: { kind: "advance", offset: 0 } });
    const options = battleGame.legalMoves(ctx.s, "red") as Extract<BattleDecision, { type: "move" }>[];
    expect(options.length).toBeGreaterThan(0);
    for (const d of options) expect(d.move).toMatchObject({ kind: "advance", offset: 0 });
    expect(decisionProblem(ctx.s, "red", { type: "move", move: { kind: "hold" } })).toMatch(/control test/);
    // A unit of the line that does not face the retinue's way (here unformed) breaks it: the thegns test.
    const broken = withUnit(advanced, "red.a-band1", (u) => ({ ...u, u: { ...u.u, formed: false } }));
    const c2 = runFrom(broken, [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(c2.events.some((e) => e.type === "control-test")).toBe(true);
  });
});

describe('The A grade ±1 of a control test (seed "Control Test"; issue 14 item 11)', () => {
  // Red's thegns, made A grade, far from their retinue: they must test.
  const far = () =>
    withUnit(
      signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(50, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) }), "red.a-leader"),
      "red.a-band2",
      (u) => ({ ...u, u: { ...u.u, grade: "A" } }),
    );

  it('Control Test: "+/-1 (optional) if A Grade" is the player\'s decision before the die (option aGradeChoice "player"), and the test applies it', () => {
    const ctx = runFrom(far(), [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(ctx.s.pending).toMatchObject({ kind: "control", side: "red", unit: "red.a-band2" });
    expect(ctx.events.some((e) => e.type === "control-test")).toBe(false);
    const options = battleGame.legalMoves(ctx.s, "red");
    expect(options).toEqual([
      { type: "control", aGrade: "none" },
      { type: "control", aGrade: "plus" },
      { type: "control", aGrade: "minus" },
    ]);
    expect(options.map((o) => describeDecision(o))).toEqual(["control test without the A grade ±1", "control test with the A grade +1", "control test with the A grade −1"]);
    const after = play(battleGame, ctx.s, "red", { type: "control", aGrade: "minus" });
    const test = after.events.find((e) => e.type === "control-test");
    expect(test?.modifiers).toContainEqual(["A grade (optional -1)", -1]);
    expect(test?.total).toBe((test?.dice as number[])[0] - 1);
    // The commander wants 3–4 ("act as the player wishes"): with no other modifier "none" gives it 4 faces in 6, the most.
    expect(commanderChoice(ctx.s, "red")).toEqual({ type: "control", aGrade: "none" });
    const ready = withUnit(far(), "red.a-band2", (u) => ({ ...u, u: { ...u.u, aggression: "bloodlust" } }));
    const c2 = runFrom(ready, [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(commanderChoice(c2.s, "red")).toEqual({ type: "control", aGrade: "minus" });
  });

  it('Control Test: with aGradeChoice "plus", "minus" or "none" the scenario fixes the ±1 and no decision is asked; a B grade unit is never asked', () => {
    const ctx = runFrom(withOptions(far(), { aGradeChoice: "plus" }), [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    const test = ctx.events.find((e) => e.type === "control-test");
    expect(test?.modifiers).toContainEqual(["A grade (optional +1)", 1]);
    const b = withUnit(far(), "red.a-band2", (u) => ({ ...u, u: { ...u.u, grade: "B" } }));
    const c2 = runFrom(b, [{ t: "move", unit: "red.a-band2" }, { t: "end-turn" }]);
    expect(c2.events.some((e) => e.type === "control-test")).toBe(true);
    expect(c2.s.pending?.kind).not.toBe("control");
  });
});

describe('The battle standard\'s inch on the initial move (seed "Deployment"; issue 14 item 11)', () => {
  // Red's retinue carries the battle standard; the fyrd stands beside it.
  const ready = (): BattleState => {
    const s = withUnit(
      position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(30 - 1.5 * W, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) }),
      "red.a-retinue",
      (u) => ({ ...u, u: { ...u.u, attachments: [...u.u.attachments, "battle-standard"] } }),
    );
    return { ...s, phase: "leadership", queue: [{ t: "end-turn" }], pending: { kind: "lead", side: "red", leader: "red.a-leader" } };
  };
  const moved = (before: BattleState, after: BattleState, id: string) => unitOf(after, id).stands[0].y - unitOf(before, id).stands[0].y;

  it('Deployment: a unit below Blood Lust "may choose to add 1"" with the battle standard within 2": the signal offers the inch or not, and any units of the contingent may take it', () => {
    const s = ready();
    const signals = battleGame.legalMoves(s, "red").filter((d) => d.type === "lead" && d.action === "signal");
    expect(signals).toEqual([
      { type: "lead", action: "signal" },
      { type: "lead", action: "signal", standard: [] },
    ]);
    expect(signals.map((d) => describeDecision(d))).toEqual(["signal the advance", "signal the advance, without the battle standard's extra inch"]);
    // Present units: 1" each, 2" with the standard's inch.
    const all = play(battleGame, s, "red", { type: "lead", action: "signal" }).state;
    expect(moved(s, all, "red.a-retinue")).toBeCloseTo(2, 6);
    expect(moved(s, all, "red.a-band1")).toBeCloseTo(2, 6);
    const none = play(battleGame, s, "red", { type: "lead", action: "signal", standard: [] }).state;
    expect(moved(s, none, "red.a-retinue")).toBeCloseTo(1, 6);
    expect(moved(s, none, "red.a-band1")).toBeCloseTo(1, 6);
    const one = play(battleGame, s, "red", { type: "lead", action: "signal", standard: ["red.a-band1"] }).state;
    expect(moved(s, one, "red.a-retinue")).toBeCloseTo(1, 6);
    expect(moved(s, one, "red.a-band1")).toBeCloseTo(2, 6);
    expect(decisionProblem(s, "red", { type: "lead", action: "signal", standard: ["black.a-retinue"] })).toMatch(/may not take the battle standard's extra inch/);
    // The commander takes the inch (it means to close with the enemy).
    expect(commanderChoice(s, "red")).toEqual({ type: "lead", action: "signal" });
  });

  it('Deployment: without a battle standard within 2" (or at Blood Lust) there is no choice to offer', () => {
    const s = ready();
    // The fyrd beyond 2" of the standard, and the standard's own retinue at Blood Lust.
    const far = { ...s, units: s.units.map((u) => (u.id === "red.a-band1" ? { ...u, stands: line(60, 10, N, 2) } : u)) };
    const lusting = withUnit(far, "red.a-retinue", (u) => ({ ...u, u: { ...u.u, aggression: "bloodlust" } }));
    expect(battleGame.legalMoves(lusting, "red").filter((d) => d.type === "lead" && d.action === "signal")).toEqual([{ type: "lead", action: "signal" }]);
    expect(battleGame.legalMoves(far, "red").filter((d) => d.type === "lead" && d.action === "signal")).toHaveLength(2);
  });
});

describe("The half move left after an about face (ruling SW-1; issue 14 item 11)", () => {
  // Red's retinue with its back to the enemy, free of DPs, its contingent signalled, on turn 3.
  const backTurned = (signal = true): BattleState => {
    let s = position(start(), { "red.a-retinue": line(30, 10, S, 1), "black.a-retinue": line(30, 40, S, 1) });
    if (signal) s = signalled(s, "red.a-leader");
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, u: { ...u.u, dp: { fatigue: 0, manoeuvre: 0, shooting: 0, combat: 0, morale: 0 } } }));
    return { ...s, turn: 3, phase: "movement", queue: [{ t: "end-turn" }], pending: { kind: "move", side: "red", unit: "red.a-retinue" } };
  };

  it("SW-1: About Face costs half a move: the player may use the other half, straight ahead on the new facing, with the move dice (half the inches rolled)", () => {
    const s = backTurned();
    const moves = battleGame.legalMoves(s, "red").map((d) => (d as Extract<BattleDecision, { type: "move" }>).move);
    expect(moves).toContainEqual({ kind: "about-face" });
    expect(moves).toContainEqual({ kind: "about-face", halfMove: { extraD6: false } });
    expect(moves).toContainEqual({ kind: "about-face", halfMove: { extraD6: true } });
    expect(describeDecision({ type: "move", move: { kind: "about-face", halfMove: { extraD6: false } } })).toBe("about face, then half a move straight ahead (AvD)");
    const r = play(battleGame, s, "red", { type: "move", move: { kind: "about-face", halfMove: { extraD6: false } } });
    const inches = r.events.map((e) => /half of its ([\d.]+)"/.exec(e.text)?.[1]).find((x) => x !== undefined);
    expect(inches).toBeDefined();
    const after = unitOf(r.state, "red.a-retinue");
    const dy = after.stands[0].y - unitOf(s, "red.a-retinue").stands[0].y;
    // Facing north now, and moved half the dice north (the stand's front edge turned with it).
    expect(Math.round(after.stands[0].facing)).toBe(N);
    expect(dy).toBeGreaterThan(0);
    const plain = play(battleGame, s, "red", { type: "move", move: { kind: "about-face" } }).state;
    expect(dy - (unitOf(plain, "red.a-retinue").stands[0].y - unitOf(s, "red.a-retinue").stands[0].y)).toBeCloseTo(Number(inches) / 2, 6);
    // The commander, its back to the enemy, turns and moves on him.
    expect(commanderChoice(s, "red")).toEqual({ type: "move", move: { kind: "about-face", halfMove: { extraD6: false } } });
  });

  it("SW-1: a unit with Blood Lust after the signal, its back to the enemy, must take the half move on after an about face (it must advance); a malformed halfMove is refused", () => {
    const s = withUnit(backTurned(), "red.a-retinue", (u) => ({ ...u, u: { ...u.u, aggression: "bloodlust" } }));
    const moves = battleGame.legalMoves(s, "red").map((d) => (d as Extract<BattleDecision, { type: "move" }>).move);
    expect(moves).not.toContainEqual({ kind: "about-face" });
    expect(moves).toContainEqual({ kind: "about-face", halfMove: { extraD6: false } });
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "about-face" } })).toMatch(/Blood Lust/);
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "about-face", halfMove: { extraD6: "yes" } } as never })).toMatch(/halfMove must be/);
  });

  it("SW-1: before the signal the half move towards the enemy is not offered (units may not advance), the plain about face is", () => {
    const s = backTurned(false);
    const moves = battleGame.legalMoves(s, "red").map((d) => (d as Extract<BattleDecision, { type: "move" }>).move);
    expect(moves).toContainEqual({ kind: "about-face" });
    expect(moves.some((m) => m.kind === "about-face" && m.halfMove !== undefined)).toBe(false);
    expect(decisionProblem(s, "red", { type: "move", move: { kind: "about-face", halfMove: { extraD6: false } } })).toMatch(/not signalled/);
  });
});

describe('Blood Lust\'s charge (seed "Aggression Levels", "Charges and Combat"; issue 14 item 18)', () => {
  // Red's fyrd (2 stands) at Blood Lust with a black unit 1" in front of each of its stands.
  const lusting = (signal: boolean): BattleState => {
    let s = position(start(), {
      "red.a-retinue": line(60, 10, N, 1),
      "red.a-band1": line(30, 10, N, 2),
      "black.a-retinue": line(27, 11, S, 1),
      "black.a-band2": line(33, 11, S, 1),
    });
    if (signal) s = signalled(s, "red.a-leader");
    s = withUnit(s, "red.a-band1", (u) => ({ ...u, u: { ...u.u, aggression: "bloodlust" } }));
    return { ...s, phase: "combat", declarations: [] };
  };

  it('Aggression Levels: "Once the Advance has been signalled" Blood Lust must charge: before its contingent has signalled it neither must nor may (option bloodLustCharge "after-signal")', () => {
    const ctx = runFrom(lusting(false), [{ t: "declare", unit: "red.a-band1" }, { t: "end-turn" }]);
    expect(ctx.events.some((e) => e.type === "declare")).toBe(false);
    expect(ctx.s.pending?.kind).not.toBe("charge");
    // Option "always": the old reading, Blood Lust must charge whether or not its contingent has signalled.
    const always = runFrom(withOptions(lusting(false), { bloodLustCharge: "always" }), [{ t: "declare", unit: "red.a-band1" }, { t: "end-turn" }]);
    expect(always.s.pending).toMatchObject({ kind: "charge", unit: "red.a-band1", forced: true });
  });

  it('Charges and Combat: Blood Lust "must declare a charge" once within 2", and its player chooses the target among those it may charge ("no charge" is not offered)', () => {
    const ctx = runFrom(lusting(true), [{ t: "declare", unit: "red.a-band1" }, { t: "end-turn" }]);
    expect(ctx.s.pending).toMatchObject({ kind: "charge", side: "red", unit: "red.a-band1", forced: true });
    const options = battleGame.legalMoves(ctx.s, "red");
    expect(options).toHaveLength(2);
    expect(options.map((d) => (d as Extract<BattleDecision, { type: "charge" }>).target).sort()).toEqual(["black.a-band2", "black.a-retinue"]);
    expect(decisionProblem(ctx.s, "red", { type: "charge", target: null })).not.toBeNull();
    // The farther target may be chosen: the declaration stands on it.
    const r = play(battleGame, ctx.s, "red", { type: "charge", target: "black.a-band2" });
    expect(r.state.declarations).toContainEqual({ unit: "red.a-band1", target: "black.a-band2" });
    expect(r.events.find((e) => e.type === "declare")?.text).toMatch(/must charge and chooses/);
    // The commander picks a target (never "no charge").
    const pick = commanderChoice(ctx.s, "red") as Extract<BattleDecision, { type: "charge" }>;
    expect(["black.a-band2", "black.a-retinue"]).toContain(pick.target);
  });

  it('Charges and Combat: with one target in reach the Blood Lust charge is declared on it at once, no decision', () => {
    const s = lusting(true);
    const one = { ...s, units: s.units.map((u) => (u.id === "black.a-band2" ? { ...u, deployed: false, stands: [] } : u)) };
    const ctx = runFrom(one, [{ t: "declare", unit: "red.a-band1" }, { t: "end-turn" }]);
    expect(ctx.events.find((e) => e.type === "declare")).toMatchObject({ unit: "red.a-band1", target: "black.a-retinue", automatic: true });
  });
});

describe("Shipped scenarios that exercise the rules: Brunanburh, 937 (issue 14 item 19)", () => {
  const setup = loadSetup("brunanburh-937.json");

  it("SW-6, SW-10: both armies of the shipped Brunanburh scenario have a holy person attached to a leader's retinue", () => {
    for (const side of ["red", "black"] as const) {
      const holy = setup.armies[side].contingents.filter((c) => c.retinue.supernumeraries?.includes("holy-person"));
      expect(holy).toHaveLength(1);
    }
  });

  it("SW-10: in a seeded battle on Brunanburh both sides call on a holy person in the same turn, and the calls cancel", () => {
    const players = { red: randomPlayer(battleGame, 2), black: randomPlayer(battleGame, 1_000_002) };
    const end = playOut(battleGame, battleGame.setup(setup, 2), players);
    const both = (end.events ?? []).filter((e) => /both sides call on a holy person: the calls cancel and the card stands/.test(e.text));
    expect(both.length).toBeGreaterThan(0);
  });

  it("SW-16, Missile Exchange: on Brunanburh's table (scrub and enclosures with cover where the lines meet) units shoot at a target in cover, with half the dice", () => {
    const players = { red: commanderPlayer(1), black: commanderPlayer(2) };
    const end = playOut(battleGame, battleGame.setup(setup, 1), players);
    const shots = (end.events ?? []).filter((e) => e.type === "shooting");
    const covered = shots.filter((e) => e.cover === true);
    expect(covered.length).toBeGreaterThan(0);
    for (const e of covered) expect(e.text).toMatch(/halved for cover|halved once for a retinue in cover|halved again for cover/);
  });
});
