import { describe, expect, it } from "vitest";
import { playOut } from "../../src/core/game.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { battleGame } from "../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "./battle-setup.js";

describe("smoke", () => {
  it("plays random battles", () => {
    for (const name of ["raid.json", "maldon-991.json"]) {
      const setup = loadSetup(name);
      for (let seed = 1; seed <= 5; seed++) {
        const t0 = performance.now();
        const s0 = battleGame.setup(setup, seed);
        const r = playOut(battleGame, s0, { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 100) }, { maxDecisions: 20000 });
        console.log(name, seed, r.result.reason, r.decisions.length, r.events.length, (performance.now() - t0).toFixed(0), "ms");
        if (seed === 1 && name === "raid.json") console.log(r.events.slice(0, 120).map((e) => e.text).join("\n"));
        expect(r.result).toBeTruthy();
      }
    }
  });
});
