/** Every game's face: declared options (schema and defaults), names, and result codes. */
import { describe, expect, it } from "vitest";
import { pig } from "../../src/core/fixtures/pig.js";
import { type GameResult, playOut } from "../../src/core/game.js";
import type { AnyGame } from "../../src/core/records.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { ALL_GAMES, PLAYABLE_GAMES } from "../../src/rulesets/index.js";
import { CONTEST_RESULT_CODES, contestGame } from "../../src/rulesets/contest/index.js";
import { endingCategory, shieldwallDuelGame } from "../../src/rulesets/shieldwall/index.js";
import { SHOVE_RESULT_CODES, shove } from "../../src/rulesets/shove/index.js";
import type { BaseState, Game } from "../../src/core/game.js";

/** Plays `game` from its default options with random players; returns the result. */
function randomResult<S extends BaseState, M, O>(game: Game<S, M, O>, seed: number): GameResult {
  const state = game.setup(game.options.defaults(), seed);
  const players = Object.fromEntries(game.players.map((p, i) => [p, randomPlayer(game, seed * 31 + i)]));
  return playOut(game, state, players).result;
}

describe("game faces: declared options", () => {
  it("every game has a title, a display name per player, and defaults that pass its own schema and set up a game", () => {
    expect(ALL_GAMES.map((g) => g.id).sort()).toEqual(["contest-of-champions", "pig", "shieldwall-battle", "shieldwall-duel", "shove"]);
    for (const game of ALL_GAMES) {
      expect(game.title.length, game.id).toBeGreaterThan(0);
      expect(Object.keys(game.playerNames).sort(), game.id).toEqual([...game.players].sort());
      const defaults = game.options.defaults();
      const parsed = game.options.schema.safeParse(JSON.parse(JSON.stringify(defaults)));
      expect(parsed.success, `${game.id}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues[0])}`).toBe(true);
      expect(() => game.setup(parsed.data, 1), game.id).not.toThrow();
    }
  });

  it("bad options JSON gives an error whose path names the field", () => {
    const firstIssue = (game: AnyGame, json: unknown) => {
      const r = game.options.schema.safeParse(json);
      expect(r.success, game.id).toBe(false);
      return r.success ? null : r.error.issues[0];
    };
    expect(firstIssue(pig, { target: 0 })).toMatchObject({ path: ["target"], message: "target must be at least 1" });
    expect(firstIssue(pig, { target: 1.5 })?.path).toEqual(["target"]);
    expect(firstIssue(shove, { rules: { turnLimit: "ten" } })?.path).toEqual(["rules", "turnLimit"]);
    const board = { ...shove.options.defaults().board!, victory: -5 };
    expect(firstIssue(shove, { board })?.path?.[0]).toBe("board");
    const duel = shieldwallDuelGame.options.defaults();
    expect(firstIssue(shieldwallDuelGame, { ...duel, b: { kind: "hero", specialWeapon: false } })?.path).toEqual(["b", "kind"]);
    const contest = JSON.parse(JSON.stringify(contestGame.options.defaults()));
    expect(firstIssue(contestGame, { ...contest, distance: -1 })?.path).toEqual(["distance"]);
    expect(firstIssue(contestGame, { ...contest, distance: 99 })?.path).toEqual(["distance"]);
    const battle = PLAYABLE_GAMES.find((p) => p.game.id === "shieldwall-battle")!.game;
    const setup = JSON.parse(JSON.stringify(battle.options.defaults()));
    expect(firstIssue(battle, { ...setup, scenario: { ...setup.scenario, turnLimit: 0 } })?.path).toEqual(["scenario", "turnLimit"]);
    expect(firstIssue(battle, { ...setup, armies: { red: setup.armies.red } })?.path).toEqual(["armies", "black"]);
  });
});

describe("game faces: result codes", () => {
  it("Pig, Shove, Contest and the Shieldwall duel give a code naming how the game ended (kept out of JSON)", () => {
    for (let seed = 1; seed <= 6; seed++) {
      expect(randomResult(pig, seed).code).toBe("reached-target");
      expect(SHOVE_RESULT_CODES).toContain(randomResult(shove, seed).code);
      expect(CONTEST_RESULT_CODES).toContain(randomResult(contestGame, seed).code);
      const duel = randomResult(shieldwallDuelGame, seed);
      expect(["kill", "mutual-kill", "honour-satisfied"]).toContain(duel.code);
      // The code is ordinary data: it survives JSON, so records, logs and the web worker keep it.
      expect(JSON.parse(JSON.stringify(duel)).code).toBe(duel.code);
    }
  });

  it("the Shieldwall battle's ending category is keyed on the result code (a result without one is described by its reason)", () => {
    const res = (winner: string | null, code: string | undefined, reason = "x"): GameResult => ({ winner, rewards: {}, reason, ...(code ? { code } : {}) });
    expect(endingCategory(res("red", "half-units-lost"))).toBe("red wins: the enemy lost half its units (SW-25, house rule)");
    expect(endingCategory(res("black", "leaders-lost"))).toBe("black wins: the enemy's leaders are all dead or captured (SW-25, house rule)");
    expect(endingCategory(res("red", "no-units-left"))).toBe("red wins: the enemy has no units left on the table (SW-25, house rule)");
    expect(endingCategory(res(null, "both-broke"))).toBe("draw: both armies broke in the same turn (SW-25, house rule)");
    expect(endingCategory(res("red", "turn-limit-win"))).toBe("red wins: turn limit, fewer stands lost (SW-25, house rule)");
    expect(endingCategory(res(null, "turn-limit-draw"))).toBe("draw: turn limit, equal stands lost (SW-25, house rule)");
    expect(endingCategory(res(null, undefined, "turn limit 12: both lost 3 stands"))).toBe("draw: turn limit 12: both lost 3 stands");
  });

  it("a game's statistics come from its face", () => {
    const g = shove;
    const state = g.setup(g.options.defaults(), 3);
    const players = { blue: randomPlayer(g, 1), red: randomPlayer(g, 2) };
    const played = playOut(g, state, players);
    const summary = g.stats!.summarize(played.state, played.result, played.events);
    expect(summary.turns).toBe(played.state.turn);
    expect(Object.keys(summary.losses).sort()).toEqual(["blue", "red"]);
  });
});
