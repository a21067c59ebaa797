/** Issue 26: `muster ladder`, a round robin with Bradley–Terry ratings, win rates and time per decision. */
import { describe, expect, it } from "vitest";
import { battleGame } from "../../src/cli/battle/catalog.js";
import { type LadderReport, runLadder } from "../../src/cli/battle/ladder.js";
import { loadScenario } from "../../src/cli/battle/scenarios.js";
import { SHIELDWALL_BATTLE_ID } from "../../src/rulesets/shieldwall/battle/index.js";
import { runCli } from "../helpers/cli.js";

/** The report without the times (the only figures not fixed by the seed). */
function untimed(r: LadderReport) {
  return { ...r, ratings: r.ratings.map(({ msPerDecision: _ms, ...rest }) => rest) };
}

describe("muster ladder", () => {
  it("plays every pairing in both seatings on every scenario, and is repeatable from its seed", () => {
    const entry = battleGame("pig")!;
    const scenarios = [loadScenario("pig", undefined)];
    let t = 0;
    const run = () => runLadder({ entry, scenarios, players: [{ name: "random" }, { name: "mcts", arg: "8" }], games: 6, seed: 9, now: () => (t += 1) });
    const a = run();
    expect(a.games).toBe(12);
    const all = a.pairings.find((p) => p.scenario === "all")!;
    expect(all.winsA + all.winsB + all.draws).toBe(12);
    expect(a.ratings.map((r) => r.games)).toEqual([12, 12]);
    // Each choose is timed by two clock reads one apart.
    for (const r of a.ratings) expect(r.msPerDecision).toBe(1);
    expect(a.ratings.reduce((s, r) => s + r.decisions, 0)).toBeGreaterThan(12);
    expect(untimed(run())).toEqual(untimed(a));
    expect(untimed(runLadder({ entry, scenarios, players: [{ name: "random" }, { name: "mcts", arg: "8" }], games: 6, seed: 10, now: () => 0 }))).not.toEqual(untimed(a));
  });

  it("rates the stronger Shieldwall level above the weaker on two scenarios", () => {
    const entry = battleGame(SHIELDWALL_BATTLE_ID)!;
    const scenarios = [loadScenario(entry.id, "data/shieldwall/scenarios/raid.json"), loadScenario(entry.id, "data/shieldwall/scenarios/raid-landing.json")];
    const r = runLadder({ entry, scenarios, players: [{ name: "random" }, { name: "easy" }], games: 2, seed: 1, now: () => 0 });
    expect(r.games).toBe(8);
    expect(r.ratings[0].player).toBe("easy");
    expect(r.ratings[0].elo).toBeGreaterThan(0);
    expect(r.ratings[0].elo + r.ratings[1].elo).toBeCloseTo(0, 9);
    expect(r.pairings.map((p) => p.scenario).sort()).toEqual(["all", scenarios[0].label, scenarios[1].label].sort());
  }, 120_000);

  it("prints the table, or JSON with --json; bad player lists name the option", async () => {
    const text = await runCli(["--seed", "3", "ladder", "--game", "pig", "--players", "random,mcts:4", "--games", "2", "--no-progress"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Ratings \(Bradley–Terry/);
    expect(text.stdout).toMatch(/random v mcts:4/);
    const json = await runCli(["--json", "--seed", "3", "ladder", "--game", "pig", "--players", "random,mcts:4", "--games", "2", "--no-progress"]);
    const report = JSON.parse(json.stdout) as LadderReport;
    expect(report.games).toBe(4);
    expect(report.ratings).toHaveLength(2);
    const twice = await runCli(["ladder", "--game", "pig", "--players", "random,random"]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--players: random is listed twice/);
    const unknown = await runCli(["ladder", "--game", "pig", "--players", "random,nobody"]);
    expect(unknown.stderr).toMatch(/--players: unknown computer player "nobody"/);
  });
});
