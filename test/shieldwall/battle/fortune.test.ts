/**
 * The kept Seven in the battle (ruling SW-11: "the Seven re-rolls any one set of dice thrown by its
 * own side (one roll of one test, move, shooting or combat)"), on hand-built positions: for each
 * kind of roll the offer appears only while the side keeps a Seven and only after the dice are
 * seen, re-rolling throws the same dice again with the battle's generator and keeps the second
 * result, declining keeps the first, and the token is spent only when used.
 */
import { describe, expect, it } from "vitest";
import { type GameEvent, play } from "../../../src/core/game.js";
import { Random, seedState } from "../../../src/core/random.js";
import { type BattleDecision, type BattleState, battleGame, type DiceRoll } from "../../../src/rulesets/shieldwall/battle/index.js";
import { chargeInputFor } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { movesAfterCombat } from "../../../src/rulesets/shieldwall/battle/phases/aftermath.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { resolveControl, resolveFreeHack, resolveShooting, resolveCharge } from "../../../src/rulesets/shieldwall/checks.js";
import { type UnitOutcome, rollSide } from "../../../src/rulesets/shieldwall/combat.js";
import { rollMove } from "../../../src/rulesets/shieldwall/move-dice.js";
import { wantsReroll } from "../../../src/rulesets/shieldwall/ai/fortune.js";
import { advanceChoice } from "../../../src/rulesets/shieldwall/ai/advance.js";
import { commanderChoice } from "../../../src/rulesets/shieldwall/ai/commander.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { contextOf } from "../../../src/rulesets/shieldwall/ai/view.js";
import { invariantProblem, line, N, position, S, signalled, start, unitOf, withUnit } from "./setup.js";

const KEEP: BattleDecision = { type: "fortune", reroll: false };
const REROLL: BattleDecision = { type: "fortune", reroll: true };

function sevens(s: BattleState, side: "red" | "black", n = 1): BattleState {
  return { ...s, sides: { ...s.sides, [side]: { ...s.sides[side], tokens: { skilledArcher: 0, fortune: n } } } };
}

function runFrom(s: BattleState, queue: BattleState["queue"]): BattleState {
  const ctx = new Ctx({ ...s, queue, pending: null });
  run(ctx);
  return ctx.finish();
}

/** The pending roll of a fortune offer (fails the test if there is none). */
function offered(s: BattleState): DiceRoll {
  if (s.pending?.kind !== "fortune") throw new Error(`no fortune offer pending (${s.pending?.kind ?? "nothing"})`);
  return s.pending.roll;
}

/** Plays a fortune decision; returns the new state and the events. */
function decide(s: BattleState, d: BattleDecision): { state: BattleState; events: GameEvent[] } {
  const side = s.pending?.side;
  if (!side) throw new Error("nothing pending");
  return play(battleGame, s, side, d);
}

/** Searches seeds for a state the maker accepts (e.g. a fortune offer whose re-roll differs). */
function findSeed<T>(make: (seed: number) => T | null, limit = 200): T {
  for (let seed = 1; seed < limit; seed++) {
    const x = make(seed);
    if (x !== null) return x;
  }
  throw new Error("no seed gave the position wanted");
}

function expectOffer(s: BattleState, side: "red" | "black"): void {
  expect(s.pending?.kind).toBe("fortune");
  expect(s.pending?.side).toBe(side);
  expect(battleGame.legalMoves(s, side)).toEqual([KEEP, REROLL]);
}

function fortuneEvent(events: GameEvent[]): GameEvent {
  const e = events.find((x) => x.type === "fortune");
  if (!e) throw new Error("no fortune event");
  return e;
}

describe("The Seven re-rolls any one set of dice of its own side (ruling SW-11)", () => {
  describe("control tests", () => {
    // The fyrd stands 10" from its retinue: it tests at the start of its move.
    const base = () => position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(42, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) });
    const test = (s: BattleState) => runFrom(s, [{ t: "move", unit: "red.a-band1" }, { t: "end-turn" }]);

    it("SW-11 Seven: a control test that halts is offered for a re-roll; re-rolling keeps the second result, declining the first", () => {
      const { s, roll, second } = findSeed((seed) => {
        const s = test({ ...sevens(base(), "red"), rng: seedState(seed) });
        if (s.pending?.kind !== "fortune") return null;
        const roll = offered(s);
        if (roll.what !== "control") return null;
        const second = resolveControl(new Random(s.rng), { grade: "C", aggression: "present" });
        return roll.result.outcome === "halt" && second.outcome === "free" ? { s, roll, second } : null;
      });
      expectOffer(s, "red");
      if (roll.what !== "control") throw new Error("not a control test");
      expect(roll.unit).toBe("red.a-band1");
      expect(roll.result.face).toBe(2);

      const kept = decide(s, KEEP);
      expect(kept.state.sides.red.tokens.fortune).toBe(1);
      expect(kept.events.map((e) => e.type)).toEqual(expect.arrayContaining(["fortune-kept", "halt"]));
      expect(unitOf(kept.state, "red.a-band1").moved).toBe(true);

      const again = decide(s, REROLL);
      expect(again.state.sides.red.tokens.fortune).toBe(0);
      expect(fortuneEvent(again.events).text).toMatch(/^red plays a kept Seven: Alfred's fyrd re-rolls its control test \(ruling SW-11\): AvD 2 = .*→ AvD [34] = /);
      const test2 = again.events.find((e) => e.type === "control-test");
      expect(test2?.dice).toEqual([second.face]);
      // 3–4: the player acts as he wishes: the move decision follows.
      expect(again.state.pending).toEqual({ kind: "move", side: "red", unit: "red.a-band1" });
    });

    it("SW-11 Seven: no offer without a kept Seven, nor for a control test of 3–4 (the player already acts as he wishes)", () => {
      for (let seed = 1; seed < 40; seed++) {
        const none = test({ ...base(), rng: seedState(seed) });
        expect(none.pending?.kind).not.toBe("fortune");
        const withSeven = test({ ...sevens(base(), "red"), rng: seedState(seed) });
        const first = resolveControl(new Random(seedState(seed)), { grade: "C", aggression: "present" });
        expect(withSeven.pending?.kind === "fortune").toBe(first.outcome !== "free");
      }
    });
  });

  describe("move dice", () => {
    const s0 = () => signalled(sevens(position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(30 - 3.15 * 1.5, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) }), "red"), "red.a-leader");
    const moving = (s: BattleState, unit: string): BattleState => ({ ...s, pending: { kind: "move", side: "red", unit }, queue: [{ t: "end-turn" }] });
    const moveEvent = (events: GameEvent[], unit: string) => events.find((e) => e.type === "move" && e.unit === unit);

    it("SW-11 Seven: a voluntary move's dice (group move on one roll) are offered; the whole group moves by the second roll, or by the first if kept", () => {
      const { s, roll, second } = findSeed((seed) => {
        const before = moving({ ...s0(), rng: seedState(seed) }, "red.a-retinue");
        const s = play(battleGame, before, "red", { type: "move", move: { kind: "advance", offset: 0, extraD6: true, group: true } }).state;
        const roll = offered(s);
        if (roll.what !== "move") return null;
        const second = rollMove(new Random(s.rng), { kind: "normal", extraD6: true, formed: true, soggyGround: false });
        return second.inches !== roll.result.inches ? { s, roll, second } : null;
      });
      expectOffer(s, "red");
      if (roll.what !== "move") throw new Error("not a move roll");
      // Nothing has moved yet: the player sees the dice first.
      expect(unitOf(s, "red.a-retinue").stands).toEqual(unitOf(s0(), "red.a-retinue").stands);

      const kept = decide(s, KEEP);
      expect(kept.state.sides.red.tokens.fortune).toBe(1);
      expect(moveEvent(kept.events, "red.a-retinue")?.asked).toBe(roll.result.inches);
      expect(moveEvent(kept.events, "red.a-band1")?.asked).toBe(roll.result.inches);

      const again = decide(s, REROLL);
      expect(again.state.sides.red.tokens.fortune).toBe(0);
      expect(fortuneEvent(again.events).text).toMatch(/re-rolls its move dice \(ruling SW-11\): AvD\+D6 \[\d, \d\] = \d+".* → AvD\+D6 \[\d, \d\] = \d+"/);
      expect(again.events.filter((e) => e.type === "move-dice").map((e) => e.dice)).toEqual([second.roll.faces]);
      expect(moveEvent(again.events, "red.a-retinue")?.asked).toBe(second.inches);
      expect(moveEvent(again.events, "red.a-band1")?.asked).toBe(second.inches);
      expect(unitOf(again.state, "red.a-retinue").u.dp.fatigue).toBe(3 + second.fatigue);
      expect(unitOf(again.state, "red.a-retinue").lastMove).toEqual({ kind: "advance", offset: 0, extraD6: true, group: true });
      expect(invariantProblem(again.state)).toBeNull();
    });

    it("SW-11 Seven: no offer for a move that reaches its declared stop without fatigue, nor without a kept Seven", () => {
      let quiet = 0;
      for (let seed = 1; seed < 30; seed++) {
        const first = rollMove(new Random(seedState(seed)), { kind: "normal", extraD6: false, formed: true, soggyGround: false });
        const r = play(battleGame, moving({ ...s0(), rng: seedState(seed) }, "red.a-retinue"), "red", { type: "move", move: { kind: "advance", offset: 0, extraD6: false, stopAt: 2 } });
        expect(r.state.pending?.kind === "fortune").toBe(first.fatigue > 0);
        if (first.fatigue === 0) quiet++;
        const none = play(battleGame, moving({ ...s0(), sides: start().sides, rng: seedState(seed) }, "red.a-retinue"), "red", { type: "move", move: { kind: "advance", offset: 0, extraD6: true } });
        expect(none.state.pending?.kind).not.toBe("fortune");
      }
      expect(quiet).toBeGreaterThan(0);
    });

    it("SW-11 Seven: Blood Lust's advance after a control test of 5+: the test and then the move dice are each offered", () => {
      let s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(42, 10, N, 2), "black.a-retinue": line(42, 20, S, 1) });
      s = signalled(sevens(s, "red"), "red.a-leader");
      s = withUnit(s, "red.a-band1", (u) => ({ ...u, u: { ...u.u, aggression: "bloodlust" } }));
      const { control, roll, second } = findSeed((seed) => {
        // The retinue's move comes next: the battle stops there, before the turn ends.
        const control = runFrom({ ...s, rng: seedState(seed) }, [{ t: "move", unit: "red.a-band1" }, { t: "move", unit: "red.a-retinue" }]);
        if (control.pending?.kind !== "fortune" || offered(control).what !== "control") return null;
        const moved = decide(control, KEEP).state;
        if (moved.pending?.kind !== "fortune") return null;
        const roll = offered(moved);
        const second = rollMove(new Random(moved.rng), { kind: "normal", extraD6: false, formed: true, soggyGround: false });
        return roll.what === "move" && roll.result.inches !== second.inches ? { control: moved, roll, second } : null;
      });
      if (roll.what !== "move") throw new Error("not a move roll");
      expect(roll.for).toEqual({ k: "bloodlust" });
      const again = decide(control, REROLL);
      const move = again.events.find((e) => e.type === "move" && e.unit === "red.a-band1");
      expect(move?.asked).toBe(second.inches);
      expect(move?.text).toMatch(new RegExp(`Blood Lust, AvD ${second.roll.faces[0]}`));
      expect(unitOf(again.state, "red.a-band1").mustCharge).toBe(true);
      expect(again.state.sides.red.tokens.fortune).toBe(0);
    });

    it("SW-11 Seven: a retiring unit's further retire move (AvD+D6+1) is offered and re-rolled", () => {
      let s = position(start(), { "red.a-band1": line(30, 20, N, 2), "black.a-retinue": line(30, 24, S, 1) });
      s = withUnit(sevens(s, "red"), "red.a-band1", (u) => ({ ...u, retiring: true, u: { ...u.u, formed: false } }));
      const { st, second } = findSeed((seed) => {
        const st = play(battleGame, moving({ ...s, rng: seedState(seed) }, "red.a-band1"), "red", { type: "move", move: { kind: "retire" } }).state;
        if (st.pending?.kind !== "fortune") return null;
        const second = rollMove(new Random(st.rng), { kind: "retire", extraD6: true, formed: false, soggyGround: false });
        const roll = offered(st);
        return roll.what === "move" && roll.result.inches !== second.inches ? { st, second } : null;
      });
      const again = decide(st, REROLL);
      expect(again.events.find((e) => e.type === "move" && e.unit === "red.a-band1")?.asked).toBe(second.inches);
      expect(unitOf(again.state, "red.a-band1").retiring).toBe(true);
      expect(unitOf(again.state, "red.a-band1").moved).toBe(true);
    });
  });

  describe("charge tests", () => {
    it("SW-11 Seven: a failed charge test is re-rolled once (the second result stands even with a second Seven kept)", () => {
      let s = position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 11.5, S, 2) });
      s = signalled(sevens(s, "red", 2), "red.a-leader");
      const { st } = findSeed((seed) => {
        const c = runFrom({ ...s, rng: seedState(seed) }, [{ t: "combat" }, { t: "end-turn" }]);
        const st = play(battleGame, c, "red", { type: "charge", target: "black.a-band1" }).state;
        if (st.pending?.kind !== "fortune" || offered(st).what !== "charge") return null;
        return resolveCharge(new Random(st.rng), chargeInputFor(new Ctx(st, true), "red.a-band1")).charges ? null : { st };
      });
      expectOffer(st, "red");
      const again = decide(st, REROLL);
      // The re-roll failed as well: no second offer, one Seven left, the failure applies.
      expect(again.events.filter((e) => e.type === "charge-test")).toHaveLength(1);
      expect(again.state.pending?.kind).not.toBe("fortune");
      expect(again.state.sides.red.tokens.fortune).toBe(1);
      expect(unitOf(again.state, "red.a-band1").u.dp.morale).toBe(1);
    });
  });

  describe("shooting", () => {
    const s0 = () => sevens(position(start(), { "red.a-band1": line(30, 10, N, 2), "black.a-band1": line(30, 11.5, S, 2) }), "red");
    const shootAll = (s: BattleState): { state: BattleState; events: GameEvent[] } => {
      let cur = runFrom(s, [{ t: "missiles" }, { t: "end-turn" }]);
      const events: GameEvent[] = [];
      while (cur.pending?.kind === "shoot") {
        const r = play(battleGame, cur, cur.pending.side, battleGame.legalMoves(cur, cur.pending.side)[1]);
        events.push(...r.events);
        cur = r.state;
      }
      return { state: cur, events };
    };

    it("SW-11 Seven: one shooting unit's dice are offered after the roll; the hits of the second roll are the ones applied", () => {
      const { st, roll, second } = findSeed((seed) => {
        const { state } = shootAll({ ...s0(), rng: seedState(seed) });
        if (state.pending?.kind !== "fortune") return null;
        const roll = offered(state);
        if (roll.what !== "shooting") return null;
        const second = resolveShooting(new Random(state.rng), roll.input);
        return second.hits !== roll.result.hits ? { st: state, roll, second } : null;
      });
      expectOffer(st, "red");
      if (roll.what !== "shooting") throw new Error("not shooting");
      expect(roll.unit).toBe("red.a-band1");
      expect(roll.result.hits).toBeLessThan(roll.result.dice);
      const hitsOn = (events: GameEvent[]) => events.find((e) => e.type === "missile-hits" && e.unit === "black.a-band1")?.hits ?? 0;
      const kept = decide(st, KEEP);
      expect(hitsOn(kept.events)).toBe(roll.result.hits);
      const again = decide(st, REROLL);
      expect(fortuneEvent(again.events).text).toMatch(/re-rolls its shooting dice \(ruling SW-11\): \[[\d, ]+\]: \d hits? → \[[\d, ]+\]: \d hits?/);
      expect(hitsOn(again.events)).toBe(second.hits);
      expect(again.state.sides.red.tokens.fortune).toBe(0);
      expect(kept.state.sides.red.tokens.fortune).toBe(1);
    });

    it("SW-11 Seven: no shooting offer without a kept Seven, nor to the side that does not keep it", () => {
      for (let seed = 1; seed < 20; seed++) {
        const { state } = shootAll({ ...s0(), sides: start().sides, rng: seedState(seed) });
        expect(state.pending?.kind).not.toBe("fortune");
        const blackOnly = sevens({ ...s0(), sides: start().sides }, "black");
        const black = shootAll({ ...blackOnly, rng: seedState(seed) }).state;
        if (black.pending?.kind === "fortune") expect(black.pending.side).toBe("black");
      }
    });
  });

  describe("combat", () => {
    const fought = () => position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2) });
    const fight = (s: BattleState) => runFrom(s, [{ t: "fight" }, { t: "end-turn" }]);
    const combatEvent = (events: GameEvent[]) => events.find((e) => e.type === "combat") as (GameEvent & { rounds: { red: number[][]; black: number[][] }[] }) | undefined;

    it("SW-11 Seven: a side that did not win the round re-rolls its own combat dice (never the enemy's); the combat follows the second roll", () => {
      const { st, roll, second } = findSeed((seed) => {
        const st = fight({ ...sevens(fought(), "red"), rng: seedState(seed) });
        if (st.pending?.kind !== "fortune") return null;
        const roll = offered(st);
        if (roll.what !== "combat") return null;
        const second = rollSide(new Random(st.rng), roll.fight.input.a, roll.fight.input.chargeCombat);
        const faces = (x: typeof second) => x.units.map((u) => u.roll.faces).join("|");
        return roll.fight.rounds.length === 1 && faces(second) !== faces(roll.result) ? { st, roll, second } : null;
      });
      expectOffer(st, "red");
      if (roll.what !== "combat") throw new Error("not a combat roll");
      expect(roll.side).toBe("red");
      expect(roll.fight.rounds[0].result).not.toBe("victory");
      const blackFaces = roll.fight.rounds[0].b.units.map((u) => u.roll.faces);
      // Nothing is decided yet: no combat event, the units are as they were.
      expect(st.units).toEqual(fought().units.map((u) => st.units.find((x) => x.id === u.id)));

      const kept = decide(st, KEEP);
      expect(combatEvent(kept.events)?.rounds[0].red).toEqual(roll.result.units.map((u) => u.roll.faces));
      expect(kept.state.sides.red.tokens.fortune).toBe(1);

      const again = decide(st, REROLL);
      expect(fortuneEvent(again.events).text).toMatch(/^red plays a kept Seven: Alfred's retinue re-rolls its combat dice \(ruling SW-11\): \[[\d, ]+\] = \d+ hits? → \[[\d, ]+\] = \d+ hits?/);
      const c = combatEvent(again.events);
      expect(c?.rounds[0].red).toEqual(second.units.map((u) => u.roll.faces));
      expect(c?.rounds[0].black).toEqual(blackFaces);
      expect(again.state.sides.red.tokens.fortune).toBe(0);
      expect(invariantProblem(again.state)).toBeNull();
    });

    it("SW-11 Seven: both sides keeping a Seven are each offered their own dice, the side acting first first; none without a token", () => {
      let both = 0;
      for (let seed = 1; seed < 60; seed++) {
        const plain = fight({ ...fought(), rng: seedState(seed) });
        expect(plain.pending?.kind).not.toBe("fortune");
        let st = fight({ ...sevens(sevens(fought(), "red"), "black"), first: "black", rng: seedState(seed) });
        const sides: string[] = [];
        while (st.pending?.kind === "fortune") {
          const roll = offered(st);
          if (roll.what !== "combat") break;
          if (roll.fight.rounds.length === 1) sides.push(roll.side);
          st = decide(st, KEEP).state;
        }
        if (sides.length === 2) {
          expect(sides).toEqual(["black", "red"]);
          both++;
        }
      }
      expect(both).toBeGreaterThan(0);
    });
  });

  describe("moves following combat", () => {
    const w = 80 / 25.4;
    const fought = () => position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2), "red.a-band2": line(30 - w, 20, N, 1) });
    const outcome = (s: BattleState, id: string, move: UnitOutcome["move"]): UnitOutcome => {
      const u = unitOf(s, id);
      return { id, side: u.side === "red" ? "a" : "b", unit: u.u, engagedStands: 1, move };
    };
    const after = (s: BattleState, outcomes: UnitOutcome[]): BattleState => {
      const ctx = new Ctx({ ...s, pending: null, queue: [{ t: "end-turn" }] });
      movesAfterCombat(ctx, outcomes, new Map(s.units.map((u) => [u.id, u.stands])));
      return ctx.finish();
    };

    it("SW-11 Seven: a breaking unit's rout move is offered to its side and re-rolled; the pursuers' dice to theirs", () => {
      const { st, second } = findSeed((seed) => {
        const s = { ...sevens(fought(), "black"), rng: seedState(seed) };
        const st = after(s, [outcome(s, "black.a-band1", "break"), outcome(s, "red.a-retinue", "pursue")]);
        if (st.pending?.kind !== "fortune") return null;
        const roll = offered(st);
        const second = rollMove(new Random(st.rng), { kind: "rout", extraD6: true, formed: false, soggyGround: false });
        return roll.what === "move" && roll.for.k === "rout" && second.inches !== roll.result.inches ? { st, second } : null;
      });
      expectOffer(st, "black");
      const again = decide(st, REROLL);
      expect(again.events.find((e) => e.type === "move" && e.unit === "black.a-band1")?.asked).toBe(second.inches);
      expect(again.state.sides.black.tokens.fortune).toBe(0);
      // The rest of the moves followed: red pursued (no Seven of its own, no offer), black is gone.
      expect(again.events.some((e) => e.type === "move-dice" && e.unit === "red.a-retinue")).toBe(true);
      expect(unitOf(again.state, "black.a-band1").stands).toEqual([]);
      // Without a Seven the same seed runs straight through.
      const plain = after({ ...fought(), rng: st.rng }, [outcome(fought(), "black.a-band1", "break"), outcome(fought(), "red.a-retinue", "pursue")]);
      expect(plain.pending?.kind).not.toBe("fortune");
    });

    it("SW-11 Seven: a pursuit that falls short and a free hack are each offered to the pursuing side", () => {
      const { st, roll } = findSeed((seed) => {
        const s = { ...sevens(fought(), "red", 2), rng: seedState(seed) };
        let st = after(s, [outcome(s, "black.a-band1", "break"), outcome(s, "red.a-retinue", "pursue")]);
        if (st.pending?.kind !== "fortune" || offered(st).what !== "move") return null;
        st = decide(st, KEEP).state;
        if (st.pending?.kind !== "fortune") return null;
        const roll = offered(st);
        return roll.what === "free-hack" ? { st, roll } : null;
      });
      expectOffer(st, "red");
      if (roll.what !== "free-hack") throw new Error("not a free hack");
      const second = resolveFreeHack(new Random(st.rng), roll.dice);
      const again = decide(st, REROLL);
      expect(again.events.find((e) => e.type === "free-hack")?.casualties).toBe(second.casualties);
      expect(again.state.sides.red.tokens.fortune).toBe(1);
    });
  });

  describe("the commander", () => {
    it("SW-11: the commander re-rolls a control test that halts and a combat round its side loses, not a Victory", () => {
      const s = position(start(), { "red.a-retinue": line(30, 10, N, 1), "red.a-band1": line(42, 10, N, 2), "black.a-retinue": line(30, 40, S, 1) });
      const ctx = contextOf(s);
      const control = (face: number, outcome: "halt" | "free"): DiceRoll => ({
        what: "control",
        unit: "red.a-band1",
        reasons: [],
        result: { face, modifier: 0, total: face, outcome, pursuitContinues: false, text: "" },
      });
      expect(wantsReroll(ctx, "red", control(2, "halt"), -0.1)).toBe(true);
      expect(wantsReroll(ctx, "red", control(3, "free"), -0.1)).toBe(false);
      const fs = findSeed((seed) => {
        const st = runFrom({ ...sevens(position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2) }), "red"), rng: seedState(seed) }, [{ t: "fight" }, { t: "end-turn" }]);
        return st.pending?.kind === "fortune" ? st : null;
      });
      const roll = offered(fs);
      if (roll.what !== "combat") throw new Error("not a combat roll");
      const res = roll.fight.rounds[0].result;
      expect(wantsReroll(contextOf(fs), "red", roll, -0.1)).toBe(res === "setback" || res === "defeat");
      const d = commanderChoice(fs, "red");
      expect(d).toEqual({ type: "fortune", reroll: res === "setback" || res === "defeat" });
    });

    it("SW-11: the advance policy keeps its Seven and the random player picks a legal answer", () => {
      const st = findSeed((seed) => {
        const st = runFrom({ ...sevens(position(start(), { "red.a-retinue": line(30, 20, N, 1), "black.a-band1": line(30, 20, S, 2) }), "red"), rng: seedState(seed) }, [{ t: "fight" }, { t: "end-turn" }]);
        return st.pending?.kind === "fortune" ? st : null;
      });
      expect(advanceChoice(st, "red")).toEqual(KEEP);
      for (let seed = 1; seed < 6; seed++) {
        const d = randomPlayer(battleGame, seed).choose(st, "red");
        expect(battleGame.validate(st, "red", d)).toBeNull();
      }
    });
  });
});
