/**
 * Three rules of the battle the engine once simplified, on hand-built positions (issue 4): pursuers
 * encountering new enemy charge at once (seed "Moves Following Combat"), outflanking stands may be
 * shot (seed "Missile Exchange"), and where two moves intersect the front unit moves first (seed
 * "Movement"). Titles name the seed section.
 */
import { describe, expect, it } from "vitest";
import { seedState } from "../../../src/core/random.js";
import type { BattleState } from "../../../src/rulesets/shieldwall/battle/index.js";
import { applyMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { movesAfterCombat } from "../../../src/rulesets/shieldwall/battle/phases/aftermath.js";
import { outflankingStands, shootingOptions } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { pursuitCharge } from "../../../src/rulesets/shieldwall/battle/effects.js";
import type { UnitOutcome } from "../../../src/rulesets/shieldwall/combat.js";
import { unitContacts } from "../../../src/rulesets/shieldwall/geometry/contact.js";
import { gap, invariantProblem, line, N, position, S, signalled, start, unitOf, withUnit } from "./setup.js";

const W = 80 / 25.4; // 15mm stand width
const D = 40 / 25.4; // 15mm stand depth

/** Red's retinue, in Blood Lust with no DPs, has charged black's Shaken retinue: a win makes it retire or break, and red pursues. */
function bloodlustChargedShaken(s: BattleState): BattleState {
  s = withUnit(s, "red.a-retinue", (u) => ({ ...u, charged: true, u: { ...u.u, aggression: "bloodlust", dp: { ...u.u.dp, fatigue: 0 } } }));
  return withUnit(s, "black.b-retinue", (u) => ({ ...u, u: { ...u.u, aggression: "shaken" } }));
}

function inContact(s: BattleState, a: string, b: string): boolean {
  const geom = (id: string) => ({ id, side: unitOf(s, id).side, formed: unitOf(s, id).u.formed, stands: unitOf(s, id).stands });
  return unitContacts(geom(a), geom(b)).length > 0;
}

/** Runs the engine from a given task list to the next decision. */
function runFrom(s: BattleState, queue: BattleState["queue"]): Ctx {
  const ctx = new Ctx({ ...s, queue, pending: null });
  run(ctx);
  return ctx;
}

describe('Pursuers encountering new enemy (seed "Moves Following Combat", Pursue)', () => {
  // Alfred's retinue (red) has beaten Dag's retinue (black), which flees north; Cnut's thegns
  // stand 1" east of the pursuit's path, more than 2" from the pursuer before it moves. Black's
  // leaders have signalled (no SW-15 DPs).
  const fought = (seed: number) =>
    ({
      ...signalled(position(start(), {
        "red.a-retinue": line(30, 20, N, 1),
        "black.b-retinue": line(30, 20, S, 1),
        "black.a-band2": line(30 + W + 1, 22, S, 1),
      }), "black.a-leader", "black.b-leader"),
      rng: seedState(seed),
    }) as BattleState;
  const outcome = (s: BattleState, id: string, move: UnitOutcome["move"]): UnitOutcome => {
    const u = unitOf(s, id);
    return { id, side: u.side === "red" ? "a" : "b", unit: u.u, engagedStands: 1, move };
  };

  it("Moves Following Combat: pursuers encountering new enemy charge them at once, unformed and with no charge test; the target stands to receive", () => {
    for (let seed = 1; seed < 12; seed++) {
      const s = fought(seed);
      expect(gap(s, "red.a-retinue", "black.a-band2")).toBeGreaterThan(2);
      const ctx = new Ctx(s);
      movesAfterCombat(ctx, [outcome(s, "black.b-retinue", "break"), outcome(s, "red.a-retinue", "pursue")], new Map(s.units.map((u) => [u.id, u.stands])));
      const after = ctx.finish();
      const types = ctx.events.map((e) => e.type);
      const charge = ctx.events.find((e) => e.type === "pursuit-charge");
      expect(charge?.target).toBe("black.a-band2");
      expect(charge?.text).toMatch(/Alfred's retinue pursues into Cnut's thegns and charges them at once/);
      expect(charge?.text).toMatch(/stands to receive at the halt/);
      // Worked out at once as a new charge: the charge move follows, with no declaration or charge test.
      expect(types.indexOf("charge-move")).toBeGreaterThan(types.indexOf("pursuit-charge"));
      expect(types).not.toContain("charge-test");
      expect(types).not.toContain("declare");
      const red = unitOf(after, "red.a-retinue");
      expect(inContact(after, "red.a-retinue", "black.a-band2")).toBe(true);
      expect(red.u.formed).toBe(false); // "Note that the pursuers will be unformed."
      expect(red.charged).toBe(true);
      expect(red.pursuing).toBe(false);
      expect(red.u.inCombat && unitOf(after, "black.a-band2").u.inCombat).toBe(true);
      // The target did not declare a charge: it stood at the halt, where it was.
      expect(unitOf(after, "black.a-band2").stands).toEqual(unitOf(s, "black.a-band2").stands);
      expect(invariantProblem(after)).toBeNull();
    }
  });

  it("Moves Following Combat: the units of the combat (the one pursued, an opponent that fell back) are not new enemy, and a Shaken pursuer does not charge", () => {
    const s = fought(3);
    // Only the fled unit on the table besides the pursuer: no pursuit charge.
    const alone = position(s, { "red.a-retinue": unitOf(s, "red.a-retinue").stands, "black.b-retinue": unitOf(s, "black.b-retinue").stands });
    const c1 = new Ctx(alone);
    movesAfterCombat(c1, [outcome(alone, "black.b-retinue", "retire"), outcome(alone, "red.a-retinue", "pursue")], new Map(alone.units.map((u) => [u.id, u.stands])));
    expect(c1.events.some((e) => e.type === "pursuit-charge")).toBe(false);
    // Cnut's thegns fought beside Dag's retinue and fall back (1.57") while it breaks: not new enemy to Alfred's pursuing retinue.
    const beside = position(s, { "red.a-retinue": unitOf(s, "red.a-retinue").stands, "black.b-retinue": unitOf(s, "black.b-retinue").stands, "black.a-band2": line(30 + W, 20, S, 1) });
    for (let seed = 1; seed < 12; seed++) {
      const b = { ...beside, rng: seedState(seed) };
      const c = new Ctx(b);
      const outcomes = [outcome(b, "black.b-retinue", "break"), outcome(b, "black.a-band2", "fall-back"), outcome(b, "red.a-retinue", "pursue")];
      movesAfterCombat(c, outcomes, new Map(b.units.map((u) => [u.id, u.stands])));
      expect(c.events.some((e) => e.type === "pursuit-charge")).toBe(false);
    }
    // A Shaken pursuer within 2" of new enemy does not charge it; the same pursuer at Present does. (A
    // loser breaking beside it would raise it a level: "+1 if an enemy unit broken … within 2"".)
    const near = position(s, { "red.a-retinue": line(30, 20, N, 1), "black.a-band2": line(30 + W + 1, 20.5, S, 1) });
    const pursuer = (a: "shaken" | "present") => new Ctx(withUnit(near, "red.a-retinue", (u) => ({ ...u, pursuing: true, u: { ...u.u, formed: false, aggression: a } })));
    expect(pursuitCharge(pursuer("present"), "red.a-retinue", new Set())).toBe("black.a-band2");
    expect(pursuitCharge(pursuer("shaken"), "red.a-retinue", new Set())).toBeNull();
  });

  it("Moves Following Combat: the new combat is fought at once in the same combat phase, as a charge combat", () => {
    // Red, in Blood Lust, has charged a Shaken black retinue: a win makes it retire or break, and red pursues.
    let s = fought(1);
    s = bloodlustChargedShaken(s);
    let seen = 0;
    for (let seed = 1; seed < 80; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed), phase: "combat" }, [{ t: "fight" }, { t: "end-turn" }]);
      const events = c.events.filter((e) => e.turn === s.turn); // this combat phase only
      const i = events.findIndex((e) => e.type === "pursuit-charge");
      if (i < 0) continue;
      seen++;
      const combats = events.filter((e) => e.type === "combat");
      // The first combat, then at once the pursuer's new one (a win there may chain another pursuit charge).
      expect(combats.length).toBeGreaterThanOrEqual(2);
      const second = combats[1];
      expect(events.indexOf(second)).toBeGreaterThan(i);
      expect(events.indexOf(combats[0])).toBeLessThan(i);
      expect(second.red).toEqual(["red.a-retinue"]);
      // The new enemy is in it (with the flank zone met since issue 23 N1, the pursuer may also touch the unit it pursued).
      expect(second.black).toContain("black.a-band2");
      expect(second.text).toMatch(/charge combat/);
      expect(second.phase).toBe("combat");
      // The unformed pursuer hits only on 6 (seed "Resolving combat").
      const detail = events.filter((e) => e.type === "combat-detail" && events.indexOf(e) > i).map((e) => e.text).join("\n");
      expect(detail).toMatch(/Alfred's retinue \d+ dice \([^:]*charged this turn[^:]*\) hitting on 6/);
      expect(invariantProblem(c.finish())).toBeNull();
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("Moves Following Combat: a pursuit charge into a combat still to be fought this phase takes it in: one combat, fought once", () => {
    // Cnut's thegns are also fighting Beorn's retinue (in their rear), a combat still to come when Alfred's retinue pursues into them.
    let s = position(fought(1), {
      "red.a-retinue": line(30, 20, N, 1),
      "black.b-retinue": line(30, 20, S, 1),
      "black.a-band2": line(30 + W + 1, 22, S, 1),
      "red.b-retinue": line(30 + W + 1, 22 + D, S, 1),
    });
    s = bloodlustChargedShaken(s);
    let seen = 0;
    for (let seed = 1; seed < 80; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed), phase: "combat" }, [{ t: "fight" }, { t: "end-turn" }]);
      const events = c.events.filter((e) => e.turn === s.turn); // this combat phase only
      const charge = events.find((e) => e.type === "pursuit-charge");
      if (!charge || charge.target !== "black.a-band2") continue;
      seen++;
      const withThegns = events.filter((e) => e.type === "combat" && (e.black as string[]).includes("black.a-band2"));
      expect(withThegns).toHaveLength(1);
      expect([...(withThegns[0].red as string[])].sort()).toEqual(["red.a-retinue", "red.b-retinue"]);
      expect(events.indexOf(withThegns[0])).toBeGreaterThan(events.indexOf(charge));
      expect(withThegns[0].text).toMatch(/charge combat/);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("Moves Following Combat: a pursuer continuing pursuit in the movement phase charges new enemy at once; the combat is fought in that turn's combat phase", () => {
    let s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band2": line(30, 26, S, 1) });
    s = withUnit(s, "red.a-retinue", (u) => ({ ...u, pursuing: true, u: { ...u.u, formed: false, aggression: "bloodlust" } }));
    s = { ...s, first: "red", phase: "movement" };
    let seen = 0;
    for (let seed = 1; seed < 40; seed++) {
      const c = runFrom({ ...s, rng: seedState(seed) }, [{ t: "move", unit: "red.a-retinue" }, { t: "combat" }, { t: "end-turn" }]);
      const events = c.events.filter((e) => e.turn === s.turn); // this turn only
      const control = events.find((e) => e.type === "control-test");
      expect(control).toBeDefined();
      const i = events.findIndex((e) => e.type === "pursuit-charge");
      if (i < 0) continue; // pursuit ceased, or the move fell short of 2"
      seen++;
      expect(events[i].phase).toBe("movement");
      const move = events.find((e) => e.type === "charge-move");
      expect(move?.phase).toBe("movement");
      expect(events.some((e) => e.type === "charge-test" || e.type === "declare")).toBe(false);
      const combat = events.find((e) => e.type === "combat");
      expect(combat?.phase).toBe("combat");
      expect(combat?.text).toMatch(/charge combat/);
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('Outflanking stands may be shot (seed "Missile Exchange")', () => {
  // Alfred's retinue (red, one stand facing north) is engaged on its right flank by Cnut's fyrd
  // (black, two stands facing west): the southern stand touches the flank, the northern one
  // stands 0.2" beyond the retinue's front and touches nothing.
  const fyrd = line(30 + W / 2, 20.2, 180, 2);
  const placed = (extra: Record<string, ReturnType<typeof line>>) => {
    let s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": fyrd, ...extra });
    for (const id of ["red.a-retinue", "black.a-band1"]) s = withUnit(s, id, (u) => ({ ...u, u: { ...u.u, inCombat: true } }));
    return s;
  };
  // Alfred's thegns (red) face west 1.35" east of the northern stand, beyond 2" of the southern one.
  const northShooter = [{ x: 34.5 + D / 2, y: 24, facing: 180, width: W, depth: D }];
  // Beorn's levy (red) faces north 1.05" south of the southern stand.
  const southShooter = line(33.5, 16, N, 1);

  it("Missile Exchange: enemy engaged in combat with friends are not targets, however, outflanking stands are", () => {
    const s = placed({ "red.a-band2": northShooter, "red.b-band1": southShooter });
    const ctx = new Ctx(s);
    const southern = fyrd.findIndex((st) => st.y < 20);
    expect(outflankingStands(ctx, "black.a-band1")).toEqual([southern]);
    // The southern stand touches the retinue's flank: it may be shot.
    expect(shootingOptions(ctx, ctx.unit("red.b-band1"))).toEqual([{ target: "black.a-band1", stands: 1 }]);
    // Only the northern stand is within 2" of the thegns: it is engaged with friends, not outflanking.
    expect(shootingOptions(ctx, ctx.unit("red.a-band2"))).toEqual([]);
    // The same fyrd out of combat is a target for both.
    const free = withUnit(s, "black.a-band1", (u) => ({ ...u, u: { ...u.u, inCombat: false } }));
    const c2 = new Ctx(free);
    expect(shootingOptions(c2, c2.unit("red.a-band2"))).toEqual([{ target: "black.a-band1", stands: 1 }]);
  });

  it("Missile Exchange: an enemy engaged only on a friend's front is not a target; an unformed friend (facing all round) is never outflanked", () => {
    const unformed = withUnit(placed({ "red.b-band1": southShooter }), "red.a-retinue", (u) => ({ ...u, u: { ...u.u, formed: false } }));
    const c1 = new Ctx(unformed);
    expect(outflankingStands(c1, "black.a-band1")).toEqual([]);
    expect(shootingOptions(c1, c1.unit("red.b-band1"))).toEqual([]);
    // Front to front: Cnut's fyrd against Alfred's fyrd; Beorn's levy 1" away sees it, but may not shoot.
    let s = position(start(), { "red.a-band1": line(30, 20, N, 2), "black.a-band1": line(30, 20, S, 2), "red.b-band1": line(30 + W + 1 + W / 2, 20.5, N, 1) });
    for (const id of ["red.a-band1", "black.a-band1"]) s = withUnit(s, id, (u) => ({ ...u, u: { ...u.u, inCombat: true } }));
    const c2 = new Ctx(s);
    expect(outflankingStands(c2, "black.a-band1")).toEqual([]);
    expect(shootingOptions(c2, c2.unit("red.b-band1"))).toEqual([]);
    const free = new Ctx(withUnit(s, "black.a-band1", (u) => ({ ...u, u: { ...u.u, inCombat: false } })));
    expect(shootingOptions(free, free.unit("red.b-band1"))).toEqual([{ target: "black.a-band1", stands: 1 }]);
  });
});

describe('Moves that intersect (seed "Movement": "except where two moves intersect, the front unit may move first")', () => {
  // Acting order: Alfred's retinue, his fyrd (right band), his thegns (left band). The thegns stand
  // beside the retinue; the fyrd 0.3" behind the thegns (and the retinue), in their path.
  const column = () => {
    let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(30 - W, 10, N, 1), "red.a-band1": line(30 - W, 10 - D - 0.3, N, 2) });
    s = signalled(s, "red.a-leader");
    return { ...s, first: "red" as const };
  };
  /** The units asked to move, in order, each holding. */
  const order = (s0: BattleState) => {
    const out: string[] = [];
    let s = s0;
    const ev: { type: string; unit?: unknown; behind?: unknown; text: string }[] = [];
    while (s.pending?.kind === "move") {
      out.push(s.pending.unit);
      const ctx = new Ctx({ ...s, pending: null });
      ctx.setUnit({ ...ctx.unit(s.pending.unit), moved: true });
      run(ctx);
      ev.push(...ctx.events);
      s = ctx.finish();
    }
    return { units: out, events: ev };
  };

  it("Movement: where two moves intersect, the front unit moves first; then the unit behind, then the rest in acting order", () => {
    const c = runFrom(column(), [{ t: "movement" }, { t: "end-turn" }]);
    expect(c.s.pending?.kind === "move" && c.s.pending.unit).toBe("red.a-retinue");
    const o = order(c.finish());
    expect(o.units).toEqual(["red.a-retinue", "red.a-band2", "red.a-band1"]);
    const ev = o.events.find((e) => e.type === "front-first");
    expect(ev?.unit).toBe("red.a-band2");
    expect(ev?.behind).toBe("red.a-band1");
    expect(ev?.text).toMatch(/Alfred's thegns is in the path of Alfred's fyrd and moves first/);
  });

  it("Movement: a retinue's group move moves its front unit first, so the body moves the full distance", () => {
    // The fyrd stands 0.33" in front of the retinue: it may move with it as one body, so it is not pulled ahead of the retinue's turn.
    const s = { ...signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(30, 11.9, N, 2) }), "red.a-leader"), first: "red" as const };
    const c = runFrom(s, [{ t: "movement" }, { t: "end-turn" }]);
    expect(c.s.pending?.kind === "move" && c.s.pending.unit).toBe("red.a-retinue");
    expect(c.events.some((e) => e.type === "front-first")).toBe(false);
    const ctx = new Ctx({ ...c.finish(), pending: null });
    applyMove(ctx, ctx.unit("red.a-retinue"), { kind: "advance", offset: 0, extraD6: false, group: true });
    const moves = ctx.events.filter((e) => e.type === "move");
    expect(moves.map((e) => e.unit)).toEqual(["red.a-band1", "red.a-retinue"]);
    expect(moves[0].distance).toBeGreaterThan(0);
    expect(moves[1].distance).toBeCloseTo(moves[0].distance as number, 6);
    expect(gap(ctx.s, "red.a-retinue", "red.a-band1")).toBeCloseTo(gap(s, "red.a-retinue", "red.a-band1"), 6);
  });

  it("Movement: with option crossingMoves right-to-left the strict acting order is kept; units side by side never reorder", () => {
    const strict = { ...column(), options: { ...column().options, crossingMoves: "right-to-left" as const } };
    const c1 = runFrom(strict, [{ t: "movement" }, { t: "end-turn" }]);
    const o = order(c1.finish());
    expect(o.units).toEqual(["red.a-retinue", "red.a-band1", "red.a-band2"]);
    expect([...c1.events, ...o.events].some((e) => e.type === "front-first")).toBe(false);
    const line3 = signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(30 - W / 2 - W, 10, N, 2), "red.a-band2": line(30 + W, 10, N, 1) }), "red.a-leader");
    const c2 = runFrom({ ...line3, first: "red" }, [{ t: "movement" }, { t: "end-turn" }]);
    expect(c2.s.pending?.kind === "move" && c2.s.pending.unit).toBe("red.a-retinue");
  });

  it("Movement: two units each in the other's path (facing each other) give way once each, so the order always ends", () => {
    const s = signalled(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(30, 14, 270, 2) }), "red.a-leader");
    const c = runFrom({ ...s, first: "red" }, [{ t: "movement" }, { t: "end-turn" }]);
    expect(c.s.pending?.kind).toBe("move");
    expect(c.events.filter((e) => e.type === "front-first")).toHaveLength(2);
    expect(c.s.pending?.kind === "move" && c.s.pending.unit).toBe("red.a-retinue");
  });
});
