/**
 * The odds shown at the moment of a decision (issue 16) are those of the test the engine then
 * takes: seeded battles are played by the commander and, at every charge, shot, control test and
 * move with dice, the odds computed before the decision are compared with the engine's own roll
 * that follows (its dice, its modifiers). Rule clauses: seed "Charges and Combat" (charge test),
 * "Missile Exchange" and ruling SW-16 (shooting dice), "Control Test", "Movement Rates" and SW-2 (move dice).
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../../src/core/game.js";
import { play, stateHash } from "../../../src/core/game.js";
import { shieldwallPlayers } from "../../../src/rulesets/shieldwall/ai/index.js";
import { type DecisionOdds, decisionOdds } from "../../../src/rulesets/shieldwall/battle/decision-odds.js";
import { type BattleDecision, type BattleState, battleGame, createBattle } from "../../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "./setup.js";

type Pending = { odds: Extract<DecisionOdds, { kind: "charge" | "shooting" }>; unit: string; target: string };

interface Tally {
  charge: number;
  chargeCombat: number;
  shooting: number;
  control: number;
  move: number;
}

/** Every distribution is a whole distribution. */
const whole = (dist: { outcomes(): { p: { toNumber(): number } }[] }) => dist.outcomes().reduce((t, o) => t + o.p.toNumber(), 0);

/** Plays a seeded battle with the commander on both sides, checking the odds of every decision with dice against the engine's roll. */
function checkBattle(scenario: string, seed: number, maxDecisions: number, tally: Tally): void {
  const setup = loadSetup(scenario);
  let s: BattleState = createBattle(setup.scenario, setup.armies, seed);
  s = { ...s, options: { ...s.options, aGradeChoice: "player" } };
  const players = { red: shieldwallPlayers.commander.make(seed), black: shieldwallPlayers.commander.make(seed + 1) };
  const waiting: Pending[] = [];
  for (let n = 0; n < maxDecisions && !battleGame.result(s); n++) {
    const side = battleGame.toMove(s) as "red" | "black";
    const d: BattleDecision = players[side].choose(s, side);
    const odds = decisionOdds(s, d);
    const unit = s.pending && "unit" in s.pending ? s.pending.unit : "";
    const { state, events } = play(battleGame, s, side, d);
    if (odds?.kind === "charge") {
      // Asking changed nothing the engine then used: the same decision on a fresh copy of the state (no memo) gives the same state.
      expect(stateHash(play(battleGame, JSON.parse(JSON.stringify(s)) as BattleState, side, d).state)).toBe(stateHash(state));
    }
    if (odds) {
      switch (odds.kind) {
        case "move": {
          const ev = events.find((e) => e.type === "move-dice" && e.unit === unit) as (GameEvent & { dice: number[]; inches: number }) | undefined;
          expect(ev, "a move with dice throws them").toBeDefined();
          expect(ev!.dice).toHaveLength(odds.dice.length);
          expect(odds.inches.outcomes().map((o) => o.value)).toContain(ev!.inches);
          expect(whole(odds.inches)).toBeCloseTo(1, 12);
          tally.move++;
          break;
        }
        case "control": {
          const ev = events.find((e) => e.type === "control-test" && e.unit === unit) as (GameEvent & { modifiers: [string, number][] }) | undefined;
          expect(ev).toBeDefined();
          expect(ev!.modifiers).toEqual(odds.modifiers.parts);
          expect(whole(odds.outcomes)).toBeCloseTo(1, 12);
          tally.control++;
          break;
        }
        case "charge":
        case "shooting":
          waiting.push({ odds, unit, target: (d as { target: string }).target });
          break;
      }
    }
    for (const e of events) {
      if (e.type === "charge-test") {
        const i = waiting.findIndex((w) => w.odds.kind === "charge" && w.unit === e.unit && w.target === e.target);
        if (i < 0) continue;
        const w = waiting.splice(i, 1)[0].odds as Extract<DecisionOdds, { kind: "charge" }>;
        // A friend declaring after this unit adds its +1 (seed: "a friendly unit charging within 2""), and a
        // friend counted at the declaration that fails its own test first no longer charges, so its +1 goes
        // (issue 14 item 5); nothing else may differ.
        // Likewise the battle standard counted at the declaration may be carried out of 2" by its own
        // unit's charge move, tested and moved before this one (retinues first): its +1 goes too.
        const friend = w.modifiers.parts.some(([label]) => label.includes("friendly unit charging"));
        const standard = w.modifiers.parts.some(([label]) => label.includes("battle standard"));
        const diff = (e.modifier as number) - w.modifiers.total;
        const allowed = (friend ? [-1, 0] : [0, 1]).flatMap((d) => (standard ? [d - 1, d] : [d]));
        expect(allowed).toContain(diff);
        expect(whole(w.passes)).toBeCloseTo(1, 12);
        if (w.combat) {
          expect(whole(w.combat)).toBeCloseTo(1, 12);
          tally.chargeCombat++;
        }
        tally.charge++;
      }
      if (e.type === "shooting") {
        const i = waiting.findIndex((w) => w.odds.kind === "shooting" && w.unit === e.shooter && w.target === e.target);
        if (i < 0) continue;
        const w = waiting.splice(i, 1)[0].odds as Extract<DecisionOdds, { kind: "shooting" }>;
        expect((e.dice as number[]).length).toBe(w.dice);
        expect(w.hits.outcomes().map((o) => o.value)).toContain(e.hits);
        tally.shooting++;
      }
    }
    s = state;
  }
}

describe("decisionOdds: the odds before a decision are those of the engine's next roll (issue 16)", () => {
  it('Charges and Combat, Missile Exchange (SW-16), Control Test, Movement Rates (SW-2): the inputs match the engine\'s own test in seeded Maldon and raid battles', () => {
    const tally: Tally = { charge: 0, chargeCombat: 0, shooting: 0, control: 0, move: 0 };
    checkBattle("maldon-991.json", 3, 1500, tally);
    checkBattle("raid.json", 5, 1500, tally);
    // Each kind was met (else the test proved nothing).
    expect(tally.move).toBeGreaterThan(10);
    expect(tally.charge).toBeGreaterThan(0);
    expect(tally.chargeCombat).toBeGreaterThan(0);
    expect(tally.shooting + tally.control).toBeGreaterThan(0);
  }, 120_000);

  it("decisions without dice have no odds; the state is not changed by asking", () => {
    const setup = loadSetup("maldon-991.json");
    const s = createBattle(setup.scenario, setup.armies, 1);
    const before = JSON.stringify(s);
    for (const d of battleGame.legalMoves(s, battleGame.toMove(s)!)) expect(decisionOdds(s, d)).toBeNull();
    expect(JSON.stringify(s)).toBe(before);
  });
});
