/**
 * Ruling SW-25 (house rule): the battle's result carries a machine-readable code beside its reason.
 * The code is worked out from the final state by the function that ended the battle, so the stored
 * result (part of the state and its hash) is unchanged.
 */
import { describe, expect, it } from "vitest";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "./setup.js";

const PATTERN: Record<string, RegExp> = {
  "half-units-lost": /has lost \d+ of \d+ units/,
  "leaders-lost": /leaders are all dead or captured/,
  "no-units-left": /no units left on the table/,
  "both-broke": /^both armies broke in the same turn/,
  "turn-limit-win": /^turn limit \d+: red lost \d+ stands, black \d+/,
  "turn-limit-draw": /^turn limit \d+: both lost \d+ stands/,
};

describe("SW-25: the battle's result code", () => {
  it.each(["maldon-991.json", "raid.json"])("SW-25: the result of random battles carries the code of its reason, and the stored result has none (%s)", (file) => {
    const setup = loadSetup(file);
    for (let seed = 1; seed <= 4; seed++) {
      let s = battleGame.setup(setup, seed);
      const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1000) };
      for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) s = battleGame.apply(s, mover, players[mover as "red" | "black"].choose(s, mover)).state;
      const r = battleGame.result(s);
      expect(r).not.toBeNull();
      expect(Object.keys(PATTERN)).toContain(r!.code);
      expect(r!.reason).toMatch(PATTERN[r!.code!]);
      expect(r!.winner).toBe(s.result!.winner);
      expect(Object.keys(s.result!)).toEqual(["winner", "rewards", "reason"]);
    }
  }, 600_000);
});
