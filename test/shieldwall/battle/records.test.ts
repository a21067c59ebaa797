/**
 * Speed rule (docs/architecture.md, "Keeping the Shieldwall engine fast"): every record that enters
 * a battle state is built by its one builder (battle/records.ts), in one field order, so that V8
 * gives all records of a kind one object shape. This checks, on every state of seeded random
 * battles on each shipped scenario, that each unit, unit rules state, leader and state has exactly
 * its builder's key order: a spread followed by a new field, or a second literal in another order,
 * fails here.
 */
import { describe, expect, it } from "vitest";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { leaderRecord, stateRecord, unitRecord, unitStateRecord } from "../../../src/rulesets/shieldwall/battle/records.js";
import { loadSetup } from "./setup.js";

const SCENARIOS = ["maldon-991.json", "raid.json", "raid-landing.json", "brunanburh-937.json"];

/** The first difference between the key orders of a record and of its builder's copy, or null. */
function orderProblem(what: string, record: object, built: object): string | null {
  const a = Object.keys(record).join(",");
  const b = Object.keys(built).join(",");
  return a === b ? null : `${what}: keys ${a} but its builder gives ${b}`;
}

function recordProblems(s: BattleState): string[] {
  const out: string[] = [];
  const add = (p: string | null) => {
    if (p !== null) out.push(p);
  };
  add(orderProblem("state", s, stateRecord(s)));
  add(orderProblem("god state", s.god, stateRecord(s).god));
  for (const side of ["red", "black"] as const) add(orderProblem(`${side} side`, s.sides[side], stateRecord(s).sides[side]));
  for (const u of s.units) {
    add(orderProblem(`unit ${u.id}`, u, unitRecord(u, u.u)));
    add(orderProblem(`unit ${u.id} rules state`, u.u, unitStateRecord(u.u)));
    add(orderProblem(`unit ${u.id} DPs`, u.u.dp, unitStateRecord(u.u).dp));
  }
  for (const l of s.leaders) add(orderProblem(`leader ${l.id}`, l, leaderRecord(l)));
  return out;
}

describe("Speed rule: battle records keep their builders' field order (one object shape per kind)", () => {
  it.each(SCENARIOS)("every unit, unit rules state, leader and state of 3 random battles has exactly its builder's key order (%s)", (file) => {
    const setup = loadSetup(file);
    let states = 0;
    for (let seed = 1; seed <= 3; seed++) {
      let s = battleGame.setup(setup, seed);
      const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1000) };
      for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) {
        s = battleGame.apply(s, mover, players[mover as "red" | "black"].choose(s, mover)).state;
        expect(recordProblems(s)).toEqual([]);
        states++;
      }
    }
    expect(states).toBeGreaterThan(100);
  }, 600_000);
});
