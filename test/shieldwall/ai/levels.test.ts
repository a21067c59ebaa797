/** Issue 26: the levels people pick (easy, normal, hard) and the one place they are mapped. */
import { describe, expect, it } from "vitest";
import { COMPUTER_PLAYERS } from "../../../src/rulesets/index.js";
import { SHIELDWALL_LEVEL_PLAYERS, shieldwallLevels, shieldwallPlayerName, shieldwallPlayers, strongestShieldwallLevel } from "../../../src/rulesets/shieldwall/ai/index.js";
import { aiNamesFor, makeAi, parseAiSpec } from "../../../src/cli/battle/ai.js";
import "../../../src/cli/battle/catalog.js";
import { battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { computerPlayersFor } from "../../../src/server/games.js";

describe("Shieldwall levels (issue 26)", () => {
  it("maps easy to advance and normal to commander; hard only once its player is registered", () => {
    expect(SHIELDWALL_LEVEL_PLAYERS).toEqual({ easy: "advance", normal: "commander", hard: "hard" });
    const levels = shieldwallLevels().map((l) => l.level);
    expect(levels.slice(0, 2)).toEqual(["easy", "normal"]);
    expect(levels.includes("hard")).toBe(shieldwallPlayers.hard !== undefined);
    expect(strongestShieldwallLevel().level).toBe(shieldwallPlayers.hard !== undefined ? "hard" : "normal");
  });

  it("resolves a level to its player and leaves the old names as they are", () => {
    expect(shieldwallPlayerName("easy")).toBe("advance");
    expect(shieldwallPlayerName("normal")).toBe("commander");
    for (const old of ["commander", "advance", "random"]) expect(shieldwallPlayerName(old)).toBe(old);
  });

  it("offers the levels in the CLI and to online seats, and a level plays as its player", () => {
    const id = battleGame.id;
    for (const name of ["easy", "normal", "commander", "advance"]) {
      expect(aiNamesFor(id)).toContain(name);
      expect(computerPlayersFor(id)).toContain(name);
    }
    expect(COMPUTER_PLAYERS.find((c) => c.name === "normal")?.make(1).name).toBe(shieldwallPlayers.commander.make(1).name);
    const spec = parseAiSpec("Normal", id, "--red");
    expect(spec).toEqual({ name: "normal" });
    expect(makeAi(spec, { game: battleGame as never, options: undefined, side: "red", seed: 3 }).name).toBe("commander");
  });
});
