/**
 * Defects of the second audit of seeded battles (issue 23, section 2), each on an engine state
 * built from the tiny test armies: following up (seed "Combat"), simultaneous results (SW-27),
 * fatigue on a move into difficult ground (seed "Movement"), the pursuer's quarry and Blood Lust's
 * pursuit (seed "Moves Following Combat", "Control Test"), losses announced once, the scenario's
 * deploy distances (SW-26) and the narrative's names and halvings. Titles name the seed section or ruling.
 */
import { describe, expect, it } from "vitest";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { leaderDies, unitGone } from "../../../src/rulesets/shieldwall/battle/effects.js";
import { battleGame, parseScenario } from "../../../src/rulesets/shieldwall/battle/index.js";
import { challengeTask } from "../../../src/rulesets/shieldwall/battle/phases/leadership.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { afterPursue, movesAfterCombat } from "../../../src/rulesets/shieldwall/battle/phases/aftermath.js";
import { combatInputFor } from "../../../src/rulesets/shieldwall/battle/phases/combat.js";
import { afterPursuitMove, diceMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { shootingHalvingText } from "../../../src/rulesets/shieldwall/checks.js";
import type { UnitOutcome } from "../../../src/rulesets/shieldwall/combat.js";
import { contactBetween } from "../../../src/rulesets/shieldwall/geometry/contact.js";
import type { MoveRoll } from "../../../src/rulesets/shieldwall/move-dice.js";
import { seedState } from "../../../src/core/random.js";
import type { BattleState } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { Aftermath } from "../../../src/rulesets/shieldwall/battle/types.js";
import { line, loadSetup, N, position, S, start, unitOf, withUnit } from "./setup.js";

const W = 80 / 25.4; // 15mm stand width
const D = 40 / 25.4; // 15mm stand depth

const roll = (inches: number, fatigue = 0): MoveRoll => ({ roll: { dice: [], faces: [], total: inches }, inches, fatigue });
const outcome = (s: BattleState, id: string, move: UnitOutcome["move"]): UnitOutcome => ({ id, side: unitOf(s, id).side === "red" ? "a" : "b", unit: unitOf(s, id).u, engagedStands: 1, move });
const tableNow = (s: BattleState) => new Map(s.units.map((u) => [u.id, u.stands]));

describe('Following up (seed "Combat": "+1 Following up an opponent that fell back")', () => {
  it("Combat: the +1 counts against the opponent that fell back, not against a later opponent", () => {
    const s = { ...position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2) }), phase: "combat" as const };
    const ctx = new Ctx(s);
    movesAfterCombat(ctx, [outcome(s, "black.a-band1", "fall-back"), outcome(s, "red.a-retinue", "follow-up")], tableNow(s));
    const red = ctx.unit("red.a-retinue");
    expect(red.followingUp).toBe(true);
    expect(red.followedUp).toEqual(["black.a-band1"]);
    // Against the unit that fell back (still in contact after the follow-up): +1.
    expect(combatInputFor(ctx, ["red.a-retinue"], ["black.a-band1"])?.input.a[0].followingUp).toBe(true);
    // Another enemy unit now in front of it instead: no +1.
    const front = red.stands[0];
    const later = new Ctx(position(ctx.s, { "red.a-retinue": red.stands, "black.b-retinue": line(front.x, front.y + D / 2, S, 1) }));
    const input = combatInputFor(later, ["red.a-retinue"], ["black.b-retinue"])?.input;
    expect(input?.a[0].followingUp).toBe(false);
  });
});

describe("Simultaneous results (seed \"Combat\": engaged units share the outcome; ruling SW-27)", () => {
  it("SW-27: a unit losing a stand in the result that destroys the enemy beside it loses the stand that faced the destroyed unit, not the one still in contact", () => {
    // Black's band of two: its last stand meets red's retinue, its first stand red's levy of one stand.
    const black = line(30, 20, S, 2);
    const s = position(start(), {
      "black.a-band1": black,
      "red.a-retinue": line(black[1].x, 20, N, 1),
      "red.b-band1": line(black[0].x, 20, N, 1),
    });
    expect(contactBetween(unitOf(s, "red.a-retinue").stands[0], black[1]).inContact).toBe(true);
    expect(contactBetween(unitOf(s, "red.b-band1").stands[0], black[0]).inContact).toBe(true);
    const ctx = new Ctx(s);
    // One result: black loses a stand, red's levy is destroyed (listed after black, as a combat lists them).
    ctx.setUsTogether([{ ...ctx.unit("black.a-band1").u, stands: 1 }, { ...ctx.unit("red.b-band1").u, stands: 0, status: "destroyed" }]);
    expect(ctx.unit("red.b-band1").stands).toEqual([]);
    expect(ctx.unit("black.a-band1").stands).toEqual([black[1]]);
    // Unit by unit (the old order) black chose while the levy still stood, and lost the stand in contact.
    const old = new Ctx(s);
    old.setU({ ...old.unit("black.a-band1").u, stands: 1 });
    expect(old.unit("black.a-band1").stands).toEqual([black[0]]);
  });
});

describe('Fatigue (seed "Movement": "Formed units incur 1 DP each time a 5 or 6 is thrown on the move dice")', () => {
  it("Movement, Effect of difficult terrain: a formed unit whose dice move enters difficult ground takes the fatigue DP of the 5s and 6s it threw while formed", () => {
    const base = start();
    const marsh = { id: "marsh", kind: "area" as const, points: [{ x: 25, y: 12 }, { x: 35, y: 12 }, { x: 35, y: 16 }, { x: 25, y: 16 }], difficult: true, cover: false, highGround: false, blocksSight: false };
    const s = { ...position({ ...base, table: { ...base.table, terrain: [marsh] } }, { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 40, S, 2) }), phase: "movement" as const };
    const ctx = new Ctx(s);
    const before = ctx.unit("red.a-band1").u.dp.fatigue;
    diceMove(ctx, "red.a-band1", { kind: "advance", offset: 0, extraD6: true }, true, roll(6, 1));
    expect(ctx.unit("red.a-band1").u.formed).toBe(false);
    expect(ctx.events.some((e) => e.type === "move" && /difficult terrain: it becomes unformed/.test(e.text))).toBe(true);
    expect(ctx.unit("red.a-band1").u.dp.fatigue).toBe(before + 1);
  });
});

describe('The pursuer\'s quarry (seed "Moves Following Combat", Pursue: "in an attempt to remain in contact with opponent who broke or retired")', () => {
  const pursuer = (s: BattleState, quarry: string | null, aggression: "present" | "bloodlust" = "present") =>
    withUnit(s, "red.a-retinue", (u) => ({ ...u, pursuing: true, quarry, u: { ...u.u, formed: false, aggression } }));
  const retiring = (s: BattleState, id: string) => withUnit(s, id, (u) => ({ ...u, retiring: true, u: { ...u.u, formed: false } }));

  it("Moves Following Combat: a winner's pursuit after combat records the unit it pursues, the nearest of those that fled", () => {
    let s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 30, N, 2), "black.b-band1": line(50, 34, N, 1) });
    s = retiring(retiring(s, "black.a-band1"), "black.b-band1");
    const ctx = new Ctx({ ...s, phase: "combat" });
    const after: Aftermath = { outcomes: [], positions: {}, step: 0, fled: [{ id: "black.a-band1", how: "retire" }, { id: "black.b-band1", how: "retire" }], fellBack: {}, refresh: false };
    afterPursue(ctx, "red.a-retinue", after, 1, roll(3));
    expect(ctx.unit("red.a-retinue").pursuing).toBe(true);
    expect(ctx.unit("red.a-retinue").quarry).toBe("black.a-band1");
  });

  it("Moves Following Combat: in the movement phase a pursuer chases its quarry, not a nearer retiring enemy", () => {
    let s = position(start(), {
      "red.a-retinue": line(30, 20, N, 1),
      "black.a-band1": line(24, 24 + D, N, 2), // its quarry, retiring north-west
      "black.b-band1": line(36, 22 + D, N, 1), // nearer, also retiring, to the north-east
    });
    s = pursuer(retiring(retiring(s, "black.a-band1"), "black.b-band1"), "black.a-band1");
    const ctx = new Ctx({ ...s, phase: "movement" });
    afterPursuitMove(ctx, "red.a-retinue", roll(2));
    const move = ctx.events.find((e) => e.type === "move" && e.unit === "red.a-retinue");
    expect(move?.text).toMatch(/pursues Cnut's fyrd/);
    expect(ctx.unit("red.a-retinue").stands[0].x).toBeLessThan(30);
  });

  it("Moves Following Combat: with its quarry gone a pursuer no longer chases another retiring enemy; it heads for the enemy's table edge", () => {
    let s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.b-band1": line(60, 22, N, 1) });
    s = pursuer(retiring(s, "black.b-band1"), "black.a-band1");
    const ctx = new Ctx({ ...s, phase: "movement" });
    afterPursuitMove(ctx, "red.a-retinue", roll(3));
    expect(ctx.events.find((e) => e.type === "move" && e.unit === "red.a-retinue")?.text).toMatch(/pursues towards the enemy table edge/);
  });

  it('Control Test, 5+: a Blood Lust pursuer with no quarry left advances towards the nearest enemy and charges it, not towards the table edge', () => {
    // The enemy is 3" off to the east: the enemy's table edge lies north.
    let s = position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.b-retinue": line(30 + W + 3, 20 - D / 2, S, 1) });
    s = pursuer(s, null, "bloodlust");
    const ctx = new Ctx({ ...s, phase: "movement" });
    const x0 = ctx.unit("red.a-retinue").stands[0].x;
    afterPursuitMove(ctx, "red.a-retinue", roll(6), true);
    const move = ctx.events.find((e) => e.type === "move" && e.unit === "red.a-retinue");
    expect(move?.text).toMatch(/advances towards the nearest enemy, Dag's retinue \(Blood Lust, pursuit continues\)/);
    expect(ctx.events.some((e) => e.type === "move" && /table edge/.test(e.text))).toBe(false);
    expect(ctx.unit("red.a-retinue").stands[0].x).toBeGreaterThan(x0);
    const charged = ctx.events.some((e) => e.type === "pursuit-charge" && e.target === "black.b-retinue") || ctx.unit("red.a-retinue").mustCharge;
    expect(charged).toBe(true);
  });
});

describe('A loss is announced once (seed "Aggression Levels": a unit leaves play once)', () => {
  it("Risk to Leaders: a leader's death announces only the units it destroys, not those already gone", () => {
    let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(40, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    // The fyrd was destroyed earlier (announced then); the thegns are Shaken.
    s = withUnit(s, "red.a-band1", (u) => ({ ...u, deployed: true, stands: [], u: { ...u.u, status: "destroyed" } }));
    s = withUnit(s, "red.a-band2", (u) => ({ ...u, u: { ...u.u, aggression: "shaken" } }));
    const ctx = new Ctx(s);
    leaderDies(ctx, "red.a-leader", false, "combat-risk");
    const lost = ctx.events.filter((e) => e.type === "unit-lost");
    expect(lost.filter((e) => e.unit === "red.a-band1")).toEqual([]);
    expect(lost.filter((e) => e.unit === "red.a-band2").length).toBe(ctx.unit("red.a-band2").u.status === "active" ? 0 : 1);
  });
});

describe('A loss is announced once, cascades too (seed "Aggression Levels": friend broken or destroyed within 2"; ruling SW-13)', () => {
  it("Aggression Levels: a Shaken friend of one stand destroyed by a loss within 2 inches is announced lost once, and each loss only once", () => {
    let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.b-band1": line(30 + W + 0.5, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) });
    s = withUnit(s, "red.b-band1", (u) => ({ ...u, u: { ...u.u, aggression: "shaken" } }));
    const ctx = new Ctx(s);
    const gone = ctx.unit("red.a-retinue");
    ctx.setU({ ...gone.u, stands: 0, status: "destroyed" });
    unitGone(ctx, gone, "destroyed");
    unitGone(ctx, gone, "destroyed");
    expect(ctx.unit("red.b-band1").u.status).not.toBe("active");
    const lost = ctx.events.filter((e) => e.type === "unit-lost").map((e) => e.unit);
    expect(lost).toEqual(["red.a-retinue", "red.b-band1"]);
  });
});

describe('Deployment distances (ruling SW-26; option deployDistances)', () => {
  const scenario = (deployDistances: number[], table?: object) => ({ name: "t", armies: { red: "red.json", black: "black.json" }, ...(table ? { table } : {}), options: { deployDistances } });

  it("SW-26: a deploy distance outside the feasible range is refused naming the option and the range", () => {
    expect(() => parseScenario(scenario([3, 8]))).toThrow(/options\.deployDistances\[1\]: 8" is outside the feasible range 3"–7\.43"/);
    expect(() => parseScenario(scenario([2]))).toThrow(/options\.deployDistances\[0\]: 2" is outside the feasible range 3"–7\.43".*deployMin/);
    expect(() => parseScenario(scenario([3, 6, 7.4]))).not.toThrow();
  });

  it("SW-26: the range follows the table's deployMin, deployMax and scale", () => {
    expect(() => parseScenario(scenario([10], { options: { deployMax: 12 } }))).not.toThrow();
    expect(() => parseScenario(scenario([7.5], { scale: "28mm" }))).toThrow(/feasible range 3"–7\.03".*28mm stand/);
  });
});

describe("The narrative says what happened (issue 23, N7 and N8)", () => {
  it('Risk to Leaders: "escapes and joins" names the unit he joins, not its id', () => {
    let seen = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = { ...position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band2": line(40, 10, N, 1), "black.a-retinue": line(30, 40, S, 1) }), rng: seedState(seed) };
      const ctx = new Ctx(s);
      const gone = ctx.unit("red.a-retinue");
      ctx.setU({ ...gone.u, stands: 0, status: "destroyed" });
      unitGone(ctx, gone, "destroyed");
      const escape = ctx.events.find((e) => e.type === "retinue-eliminated" && /escapes and joins/.test(e.text));
      if (!escape) continue;
      seen++;
      expect(escape.text).toMatch(/joins Alfred's thegns$/);
      expect(escape.text).not.toMatch(/red\.a-band2/);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("Missile Exchange (ruling SW-16): a retinue in cover is said to be halved once when it is halved once, twice when twice", () => {
    const input = { shooterStands: 2, skilledArcher: false, targetIsRetinue: true, targetInCover: true };
    expect(shootingHalvingText(input, { halveOnceForRetinueInCover: true })).toBe(", halved once for a retinue in cover (option halveOnceForRetinueInCover)");
    expect(shootingHalvingText(input, { halveOnceForRetinueInCover: false })).toBe(", halved for a retinue and halved again for cover");
    expect(shootingHalvingText({ ...input, targetInCover: false })).toBe(", halved for a retinue");
    expect(shootingHalvingText({ ...input, targetIsRetinue: false })).toBe(", halved for cover");
    expect(shootingHalvingText({ ...input, targetIsRetinue: false, targetInCover: false })).toBe("");
  });
});

describe('Every challenge is answered or says why not (seed "Personal Combat"; issue 23)', () => {
  it("Personal Combat: a King's challenge with every enemy leader off the table (aboard ship) is void with that reason, not that no enemy leader lives", () => {
    // Black's units are all off the table, as when they are still aboard ship (raid-landing, seeds 5017 and 5044).
    const s = position(start(), { "red.a-retinue": line(30, 10, N, 1) });
    const ctx = new Ctx(s);
    challengeTask(ctx, "red.a-leader", "heroic-champion", true);
    const voids = ctx.events.filter((e) => e.type === "challenge-void");
    expect(voids.map((e) => e.text)).toEqual(['No challenge: no enemy leader is on the table to challenge (Cnut, Dag are not on it) (seed "Personal Combat": the closest enemy leader)']);
    expect(ctx.events.some((e) => e.type === "challenge")).toBe(false);
    expect(ctx.s.pending?.kind).not.toBe("answer");
  });

  it("Personal Combat: in random battles of each shipped scenario every challenge event is followed by its answer", () => {
    let challenges = 0;
    for (const file of ["raid-landing.json", "maldon-991.json"]) {
      const setup = loadSetup(file);
      for (const seed of [5017, 5044]) {
        let s = battleGame.setup(setup, seed);
        const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1000) };
        const events = [...s.setupEvents];
        for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) {
          const r = battleGame.apply(s, mover, players[mover as "red" | "black"].choose(s, mover));
          s = r.state;
          events.push(...r.events);
        }
        let open = false;
        for (const e of events) {
          if (e.type === "challenge") {
            expect(open).toBe(false);
            open = true;
            challenges++;
          } else if (e.type === "challenge-answer") {
            expect(open).toBe(true);
            open = false;
          } else if (e.type === "challenge-void") expect(e.text).toMatch(/^No challenge: .+/);
        }
        expect(open).toBe(false);
      }
    }
    expect(challenges).toBeGreaterThan(0);
  }, 300_000);
});
