/**
 * One implementation of each rule (issue 23, "The companion's rules"): every companion test kind
 * is rolled on the same inputs and the same generator state as the battle engine's own
 * resolution of that test, and both must agree — the inputs the companion reads from its tracked
 * state, every die thrown, the outcome, the generator's state after, and the unit or leader after.
 * The battle side runs the battle's own code (its input builders controlInputFor, chargeInputFor,
 * shotInput, combatInputFor, and its tasks initiativeTask, retireMove, applyMove "rest",
 * leaderRisk, unitGone, applyAnswer, startCombat) on a battle whose units carry the same states.
 * Spatial facts the players judge at the table (a friend charging within 2", cover, flank,
 * ground, engaged stands) are entered into the companion as the battle measured them.
 */
import { describe, expect, it } from "vitest";
import { Random, type RandomState } from "../../src/core/random.js";
import type { BattleState } from "../../src/rulesets/shieldwall/battle/index.js";
import { Ctx } from "../../src/rulesets/shieldwall/battle/ctx.js";
import { leaderRisk, refreshInCombat, retireMove, unitGone } from "../../src/rulesets/shieldwall/battle/effects.js";
import { applyAnswer } from "../../src/rulesets/shieldwall/battle/phases/leadership.js";
import { combatInputFor, startCombat } from "../../src/rulesets/shieldwall/battle/phases/combat.js";
import { initiativeTask } from "../../src/rulesets/shieldwall/battle/phases/initiative.js";
import { shotInput } from "../../src/rulesets/shieldwall/battle/phases/missiles.js";
import { applyMove, moveDiceOf } from "../../src/rulesets/shieldwall/battle/phases/movement.js";
import { chargeInputFor, controlInputFor } from "../../src/rulesets/shieldwall/battle/queries.js";
import { ruleOption } from "../../src/rulesets/shieldwall/battle/types.js";
import { type FinalResult, RESULT_NAME } from "../../src/rulesets/shieldwall/combat.js";
import { chargeRefusal, resolveCharge, resolveControl, resolveFreeHack, resolveShooting } from "../../src/rulesets/shieldwall/checks.js";
import { applyRolled, type CompanionState, leaderOf, rollTest, startFromArmies, type TestInput, type TestKind, TEST_KINDS, testDefaults, unitOf } from "../../src/rulesets/shieldwall/companion/index.js";
import { rollMove } from "../../src/rulesets/shieldwall/move-dice.js";
import { AGGRESSION_LEVELS, type Aggression, DP_KINDS, type Grade } from "../../src/rulesets/shieldwall/units.js";
import { line, N, position, S, start, tinySetup, withUnit } from "./battle/setup.js";

/** Cases run for each test kind. */
const CASES = 40;
/** Units whose "in combat" after a combat was compared (the battle's table against stillInCombat). */
let inCombatCompared = 0;

const BASE = start(3);
const TINY = tinySetup();
const COMPANION = startFromArmies(TINY.armies.red, TINY.armies.black, { seed: 1 }).state;

/** The companion's tracked state holding exactly the battle's units and leaders, with the generator at `rng`. */
function companionOf(b: BattleState, rng: RandomState): CompanionState {
  const side = (sd: "red" | "black") => ({
    ...COMPANION.sides[sd],
    units: b.units.filter((u) => u.side === sd).map((u) => u.u),
    leaders: b.leaders.filter((l) => l.id.startsWith(`${sd}.`)),
  });
  return { ...COMPANION, rng: [...rng] as RandomState, chargedThisTurn: b.units.filter((u) => u.charged).map((u) => u.id), sides: { red: side("red"), black: side("black") }, god: { ...COMPANION.god, soggyGround: b.god.soggy } };
}

const pick = <T,>(r: Random, xs: readonly T[]): T => xs[r.int(0, xs.length - 1)];

/** Random but legal unit states (grade: A or B for a retinue, B to D for a band (ruling SW-5), aggression, DPs by kind, formed) and leader LPs, wounds and signals. */
function varied(r: Random, opts: { aggression?: readonly Aggression[] } = {}): BattleState {
  let s = structuredClone(BASE);
  for (const bu of s.units) {
    const dp = Object.fromEntries(DP_KINDS.map((k) => [k, r.int(0, k === "fatigue" ? 4 : 1)])) as typeof bu.u.dp;
    s = withUnit(s, bu.id, (u) => ({ ...u, u: { ...u.u, grade: pick(r, (u.u.kind === "retinue" ? ["A", "B"] : ["B", "C", "D"]) as Grade[]), aggression: pick(r, opts.aggression ?? AGGRESSION_LEVELS), dp, formed: r.int(0, 3) > 0 } }));
  }
  s.leaders = s.leaders.map((l) => ({ ...l, lpValue: r.int(1, 6), wounds: r.int(0, 2), signalled: r.int(0, 1) === 1 }));
  s.god = { ...s.god, soggy: r.int(0, 3) === 0 };
  s.rng = Random.fromSeed(r.int(1, 1_000_000)).state();
  return s;
}

/** The dice faces the battle threw in an event, and every companion die in one list. */
const faces = (c: CompanionState) => c.rolled!.dice.flatMap((d) => d.faces);

/** One case per kind: runs both, asserts agreement, and says what was compared. */
type Case = (r: Random) => void;

const CASES_BY_KIND: Record<TestKind, Case> = {
  initiative: (r) => {
    const b = varied(r);
    const ctx = new Ctx(structuredClone(b));
    initiativeTask(ctx);
    const c = companionOf(b, b.rng);
    const rolled = rollTest(c, "initiative", testDefaults(c, "initiative", "red.a-leader"));
    expect(rolled.rolled!.outcome).toBe(ctx.s.initiative);
    expect(rolled.rng).toEqual(ctx.rng.state());
  },

  control: (r) => {
    const b = varied(r);
    const id = pick(r, b.units).id;
    const ctx = new Ctx(structuredClone(b));
    const input = controlInputFor(ctx, ctx.unit(id));
    const battle = resolveControl(ctx.rng, input);
    const c = companionOf(b, b.rng);
    const mine = testDefaults(c, "control", id);
    expect({ grade: mine.grade, aggression: mine.aggression, aGradeChoice: mine.aGradeChoice }).toEqual(input);
    const rolled = rollTest(c, "control", mine);
    expect(rolled.rolled!.outcome).toBe(battle.outcome);
    expect(faces(rolled)).toEqual([battle.face]);
    expect(rolled.rng).toEqual(ctx.rng.state());
  },

  move: (r) => {
    const b0 = varied(r);
    const id = pick(r, b0.units.filter((u) => u.id !== "red.a-band1")).id;
    // Alone in the middle of the table, so a retire has room.
    const b = position(b0, { [id]: line(36, 24, b0.units.find((u) => u.id === id)!.side === "red" ? N : S, 1) });
    const bu = b.units.find((u) => u.id === id)!;
    const kind = pick(r, ["normal", "rout", "retire", "pursuit"] as const);
    const c = companionOf(b, b.rng);
    // The companion's default: "formed" from the tracked flag, whatever the move.
    const mine: TestInput = { ...testDefaults(c, "move", id), moveKind: kind, extraD6: kind !== "normal" || r.int(0, 1) === 1 };
    expect(mine.formed).toBe(bu.u.formed);
    const rolled = rollTest(c, "move", mine);
    const after = unitOf(applyRolled(rolled), id);
    const ctx = new Ctx(structuredClone(b));
    if (kind === "retire") {
      // The battle's own retire move (effects.ts), dice and fatigue included.
      retireMove(ctx, ctx.unit(id), "retires", [], { k: "mark-moved" });
      const thrown = ctx.events.find((e) => e.type === "move-dice") as unknown as { dice: number[] };
      expect(faces(rolled)).toEqual(thrown.dice);
      expect(ctx.unit(id).u.dp).toEqual(after.dp);
      expect(ctx.unit(id).u.formed).toBe(after.formed);
    } else {
      // A formed move's dice as the movement phase builds them (moveDiceOf); rout and pursuit as
      // aftermath.ts throws them (both dice, unformed).
      const dice = kind === "normal" ? moveDiceOf(bu.u.formed ? { kind: "advance", extraD6: mine.extraD6 === true } as never : { kind: "unformed-move", extraD6: mine.extraD6 === true } as never)! : { kind, extraD6: true, formed: false };
      const battle = rollMove(ctx.rng, { kind: dice.kind, extraD6: dice.extraD6, formed: dice.formed, soggyGround: ctx.s.god.soggy });
      expect(faces(rolled)).toEqual(battle.roll.faces);
      expect(rolled.rolled!.outcome).toEqual({ inches: battle.inches, fatigue: battle.fatigue });
      expect(after.dp.fatigue - bu.u.dp.fatigue).toBe(battle.fatigue);
      if (kind !== "normal") expect(after.formed).toBe(false);
    }
  },

  rest: (r) => {
    const b0 = varied(r);
    const id = pick(r, b0.units).id;
    // Alone on the table: beyond 2" and 8" of every enemy, as the players would tick.
    const b = position(b0, { [id]: line(36, 24, N, b0.units.find((u) => u.id === id)!.u.stands) });
    const ctx = new Ctx(structuredClone(b));
    applyMove(ctx, ctx.unit(id), { kind: "rest" } as never);
    const c = companionOf(b, b.rng);
    const rolled = rollTest(c, "rest", { ...testDefaults(c, "rest", id), beyond2OfEnemy: true, beyond8OfEnemy: true });
    expect(unitOf(applyRolled(rolled), id)).toEqual(ctx.unit(id).u);
  },

  charge: (r) => {
    const b = varied(r);
    const id = pick(r, b.units).id;
    const ctx = new Ctx(structuredClone(b));
    const input = chargeInputFor(ctx, id);
    const c = companionOf(b, b.rng);
    const mine: TestInput = { ...testDefaults(c, "charge", id), friendChargingWithin2: input.friendChargingWithin2, battleStandardWithin2: input.battleStandardWithin2 };
    // The inputs read from the tracked state are the battle's.
    expect({ grade: mine.grade, aggression: mine.aggression, dp: mine.dp, unformed: mine.unformed, retinueWithLeader: mine.retinueWithLeader }).toEqual({
      grade: input.grade,
      aggression: input.aggression,
      dp: input.dp,
      unformed: input.unformed,
      retinueWithLeader: input.retinueWithLeader,
    });
    if (chargeRefusal(input)) {
      // Shaken: neither may charge.
      expect(() => rollTest(c, "charge", mine)).toThrow(/aggression: /);
      return;
    }
    const battle = resolveCharge(ctx.rng, input, { chargeDisorderPenalty: ruleOption(ctx.s.options, "chargeDisorderPenalty") });
    const rolled = rollTest(c, "charge", mine);
    expect(rolled.rolled!.outcome).toBe(battle.charges);
    expect(faces(rolled)).toEqual(battle.face === null ? [] : [battle.face]);
    expect(rolled.rng).toEqual(ctx.rng.state());
  },

  shooting: (r) => {
    const b0 = varied(r);
    const shooter = pick(r, b0.units.filter((u) => u.side === "red")).id;
    const target = pick(r, b0.units.filter((u) => u.side === "black")).id;
    const n = (id: string) => b0.units.find((u) => u.id === id)!.u.stands;
    // Facing each other 1" apart.
    const b = position(b0, { [shooter]: line(36, 24, N, n(shooter)), [target]: line(36, 25, S, n(target)) });
    const ctx = new Ctx(structuredClone(b));
    const input = shotInput(ctx, ctx.unit(shooter), ctx.unit(target), false)!;
    expect(input).not.toBeNull();
    const battle = resolveShooting(ctx.rng, input, { halveOnceForRetinueInCover: ruleOption(ctx.s.options, "halveOnceForRetinueInCover") });
    const c = companionOf(b, b.rng);
    const rolled = rollTest(c, "shooting", { ...testDefaults(c, "shooting", shooter), target, shooterStands: input.shooterStands, targetInCover: input.targetInCover });
    expect(rolled.rolled!.outcome).toBe(battle.hits);
    expect(faces(rolled)).toEqual(battle.roll.faces);
    expect(rolled.rng).toEqual(ctx.rng.state());
  },

  "leader-risk": (r) => {
    const b = varied(r);
    const l = pick(r, b.leaders);
    const ctx = new Ctx(structuredClone(b));
    leaderRisk(ctx, l.id, true);
    const c = companionOf(b, b.rng);
    const rolled = rollTest(c, "leader-risk", { ...testDefaults(c, "leader-risk", l.id), rolls: 1 });
    const risk = ctx.events.find((e) => e.type === "leader-risk") as unknown as { dice: number[] };
    expect(faces(rolled)).toEqual(risk.dice);
    expect(leaderOf(applyRolled(rolled), l.id)).toEqual(ctx.leader(l.id));
  },

  "retinue-eliminated": (r) => {
    const b = varied(r);
    const l = pick(r, b.leaders);
    const ctx = new Ctx(structuredClone(b));
    const before = ctx.leader(l.id);
    unitGone(ctx, ctx.unit(l.unit), "is destroyed");
    const battle = ctx.leader(l.id);
    const c = companionOf(b, b.rng);
    // The players name the nearest A or B grade friend, as the battle measured it.
    const escapeTo = battle.unit !== before.unit ? battle.unit : "";
    const rolled = rollTest(c, "retinue-eliminated", { ...testDefaults(c, "retinue-eliminated", l.id), escapeTo });
    const fate = ctx.events.find((e) => e.type === "retinue-eliminated") as unknown as { dice: number[] };
    expect(faces(rolled)).toEqual(fate.dice);
    const after = leaderOf(applyRolled(rolled), l.id);
    expect({ status: after.status, unit: after.unit, lpValue: after.lpValue }).toEqual({ status: battle.status, unit: battle.unit, lpValue: battle.lpValue });
  },

  refusal: (r) => {
    const b = varied(r);
    const l = pick(r, b.leaders.filter((x) => x.id.startsWith("black.")));
    const ctx = new Ctx(structuredClone(b));
    applyAnswer(ctx, { kind: "answer", side: "black", leader: l.id, challenger: "red.a-leader", fromKing: false, challengerFighter: "leader" } as never, false, "leader");
    const answer = ctx.events.find((e) => e.type === "challenge-answer")!;
    const c = companionOf(b, b.rng);
    const rolled = rollTest(c, "refusal", testDefaults(c, "refusal", l.id));
    expect(answer.text).toContain(`refuses the challenge and rolls ${faces(rolled)[0]}`);
    const after = leaderOf(applyRolled(rolled), l.id);
    expect({ lpValue: after.lpValue, status: after.status }).toEqual({ lpValue: ctx.leader(l.id).lpValue, status: ctx.leader(l.id).status });
  },

  "free-hack": (r) => {
    const b = varied(r);
    const pursuer = pick(r, b.units.filter((u) => u.side === "red"));
    const caught = pick(r, b.units.filter((u) => u.side === "black")).id;
    const dice = r.int(1, 4);
    const ctx = new Ctx(structuredClone(b));
    const battle = resolveFreeHack(ctx.rng, dice);
    const c = companionOf(b, b.rng);
    const rolled = rollTest(c, "free-hack", { ...testDefaults(c, "free-hack", pursuer.id), target: caught, engagedStands: dice });
    expect(rolled.rolled!.outcome).toBe(battle.casualties);
    expect(faces(rolled)).toEqual(battle.roll.faces);
    expect(rolled.rng).toEqual(ctx.rng.state());
  },

  combat: (r) => {
    let b = varied(r, { aggression: ["present", "ready", "bloodlust", "shaken"] });
    const red = pick(r, b.units.filter((u) => u.side === "red"));
    const black = pick(r, b.units.filter((u) => u.side === "black"));
    // Front to front; sometimes a charge combat (red charged this turn, perhaps Shaken since: no charge bonus) or red following up.
    b = position(b, { [red.id]: line(36, 24, N, red.u.stands), [black.id]: line(36, 24, S, black.u.stands) });
    for (const id of [red.id, black.id]) b = withUnit(b, id, (u) => ({ ...u, u: { ...u.u, formed: true } }));
    const how = r.int(0, 2);
    if (how === 1) b = withUnit(b, red.id, (u) => ({ ...u, charged: true }));
    if (how === 2) b = withUnit(b, red.id, (u) => ({ ...u, followingUp: true }));
    // Nothing waiting (the start's initiative choice is cleared), so a decision after the combat shows.
    const ctx = new Ctx({ ...structuredClone(b), pending: null, queue: [] });
    const found = combatInputFor(ctx, [red.id], [black.id])!;
    startCombat(ctx, [red.id], [black.id]);
    const fought = ctx.events.find((e) => e.type === "combat") as unknown as { result: FinalResult; rounds: { red: number[][]; black: number[][] }[] };
    const c = companionOf(b, b.rng);
    const side = (key: "a" | "b", x: (typeof found.input.a)[number]): TestInput => ({
      [`${key}Unit`]: x.unit.id,
      [`${key}Engaged`]: x.engagedStands,
      [`${key}Charged`]: x.charged ?? false,
      [`${key}FlankOrRear`]: x.flankOrRear ?? false,
      [`${key}OpponentHasGround`]: x.opponentHasGround ?? false,
      [`${key}Leader`]: x.leader ?? false,
      [`${key}FlankSupport`]: x.flankSupport ?? 0,
      [`${key}FollowingUp`]: x.followingUp ?? false,
      [`${key}FightToTheDeath`]: x.fightToTheDeath ?? false,
    });
    const mine: TestInput = { chargeCombat: found.input.chargeCombat, ...side("a", found.input.a[0]), ...side("b", found.input.b[0]) };
    // What the companion fills in from its tracked state agrees with the battle's facts.
    const defaults = testDefaults(c, "combat", red.id);
    expect({ unit: defaults.aUnit, leader: defaults.aLeader, charged: defaults.aCharged, chargeCombat: defaults.chargeCombat }).toEqual({
      unit: red.id,
      leader: found.input.a[0].leader,
      charged: found.input.a[0].charged,
      chargeCombat: found.input.chargeCombat,
    });
    const rolled = rollTest(c, "combat", mine);
    expect(rolled.rolled!.dice.map((d) => d.faces)).toEqual(fought.rounds.flatMap((x) => [...x.red, ...x.black]));
    expect(rolled.rolled!.text.at(-1)).toBe(`final: ${RESULT_NAME[fought.result]} for ${red.u.name}`);
    // Who is still in combat once the moves following it are made: the battle measures contact on
    // its table, the companion applies stillInCombat (seed "Moves Following Combat").
    if (ctx.s.pending === null) {
      refreshInCombat(ctx);
      const applied = applyRolled(rolled);
      for (const id of [red.id, black.id]) {
        const after = unitOf(applied, id);
        if (after.status === "active" && ctx.unit(id).u.status === "active") {
          inCombatCompared++;
          expect({ id, inCombat: after.inCombat }).toEqual({ id, inCombat: ctx.unit(id).u.inCombat });
        }
      }
    }
  },
};

describe("one implementation of each rule: the companion's tests agree with the battle's own resolution (issue 23)", () => {
  it("covers every companion test kind", () => {
    expect(Object.keys(CASES_BY_KIND).sort()).toEqual([...TEST_KINDS].sort());
  });

  for (const kind of TEST_KINDS) {
    it(`${kind}: ${CASES} cases on the same inputs and generator agree`, () => {
      const r = Random.fromSeed(2300 + TEST_KINDS.indexOf(kind));
      for (let i = 0; i < CASES; i++) CASES_BY_KIND[kind](r);
      if (kind === "combat") expect(inCombatCompared).toBeGreaterThan(CASES / 2);
    });
  }
});
