import { describe, expect, it } from "vitest";
import { runCli, scratchFiles } from "../../helpers/cli.js";

const inputFile = scratchFiles("muster-duel-").file;

describe("muster sw duel, duel-sim and refusal", () => {
  it("Personal Combat CLI: duel-sim reports every outcome with sample size and standard error", async () => {
    const r = await runCli(["--seed", "4", "--json", "sw", "duel-sim", "--games", "200", "--a", "ai", "--b", "random"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.sampleSize).toBe(200);
    const c = out.counts;
    expect(c.aWins + c.bWins + c.honour + c.mutualKills).toBe(200);
    expect(out.aKills.p).toBeCloseTo(c.aWins / 200, 12);
    expect(out.aKills.standardError).toBeCloseTo(Math.sqrt((out.aKills.p * (1 - out.aKills.p)) / 200), 12);
    expect(out.aFirstAdvantage).toEqual({ fraction: "1/2", decimal: 0.5 });
    expect(out.players).toEqual({ a: "ai", b: "random" });
  });

  it("Personal Combat CLI: the same seed gives the same simulation", async () => {
    const args = ["--seed", "9", "sw", "duel-sim", "--games", "50", "--a-fighter", "heroic-champion", "--b-weapon"];
    const x = await runCli(args);
    const y = await runCli(args);
    expect(x.code).toBe(0);
    expect(x.stdout).toBe(y.stdout);
    expect(x.stdout).toMatch(/a heroic champion \(ai\) v b leader with the special weapon \(random\)/);
    expect(x.stdout).toMatch(/Monte Carlo: 50 duels, seed 9/);
    expect(x.stdout).toMatch(/21\/31/);
  });

  it("Personal Combat CLI: a narrated duel shows the deal, the dice-off and every exchange", async () => {
    const r = await runCli(["--seed", "3", "sw", "duel"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/a is dealt (\S+ ){6}\S+\n/);
    expect(r.stdout).toMatch(/dice-off for advantage/);
    expect(r.stdout).toMatch(/plays .* face up/);
    expect(r.stdout).toMatch(/Result: /);
  });

  it("Personal Combat refusal CLI: the roll and its exact odds", async () => {
    const r = await runCli(["--seed", "1", "--json", "sw", "refusal", "--lp-value", "3"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.face).toBeGreaterThanOrEqual(1);
    expect(out.face).toBeLessThanOrEqual(6);
    expect(out.outcome).toBe(out.face <= 3 ? "loses-lp" : out.face <= 5 ? "champion-accepts" : "ignored");
    expect(out.lpValue).toBe(out.face <= 3 ? 2 : 3);
    expect(out.odds["loses-lp"]).toEqual({ fraction: "1/2", decimal: 0.5 });
  });

  it("Personal Combat CLI: bad options are one clear line naming the option", async () => {
    const cases: [string[], RegExp][] = [
      [["sw", "duel-sim", "--a-fighter", "wizard"], /--a-fighter must be one of leader, heroic-champion, champion, got "wizard"/],
      [["sw", "duel-sim", "--a", "oracle"], /--a must be one of ai, random, mcts/],
      [["sw", "duel-sim", "--games", "0"], /--games must be between 1/],
      [["sw", "duel-sim", "--b-fighter", "champion", "--b-weapon"], /--b-weapon: only a leader may fight with the special weapon.*SW-6/],
      [["sw", "duel", "--a-wounds", "3"], /--a-wounds must be between 0 and 2/],
      [["sw", "duel", "--mutual-kill", "maybe"], /--mutual-kill must be one of both-lose, no-winner/],
      [["sw", "refusal", "--lp-value", "9"], /--lp-value must be between 1 and 6/],
      [["sw", "duel", "--a", "human", "--b", "human"], /only one side can be human/],
      [["sw", "duel", "--b", "wizard"], /--b must be one of ai, random, mcts, human/],
      [["sw", "refusal"], /required option '--lp-value <n>' not specified/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("muster odds sw-personal-combat", () => {
  it("Personal Combat odds: win and draw shares with sample size and standard error", async () => {
    const file = inputFile("duel.json", { a: { fighter: "leader", specialWeapon: true }, b: { fighter: "heroic-champion", wounds: 1 }, games: 300, seed: 2 });
    const r = await runCli(["--json", "odds", "sw-personal-combat", "--input", file]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.method).toBe("Monte Carlo simulation");
    expect(out.sampleSize).toBe(300);
    const total = out.aKills.p + out.bKills.p + out.honourSatisfied.p + out.bothKilled.p;
    expect(total).toBeCloseTo(1, 12);
    expect(out.fighters.b).toEqual({ kind: "heroic-champion", specialWeapon: false, wounds: 1 });
    expect(out.aFirstAdvantage.fraction).toBe("10/31");
    const text = await runCli(["odds", "sw-personal-combat", "--input", file]);
    expect(text.stdout).toMatch(/Monte Carlo: 300 duels, seed 2/);
    expect(text.stdout).toMatch(/se /);
  });

  it("Personal Combat odds: bad input is refused naming the field and the rule", async () => {
    const cases: [unknown, RegExp][] = [
      [{ a: { fighter: "leader" }, b: { fighter: "leader" }, extra: 1 }, /unknown field "extra"/],
      [{ a: { fighter: "champion", specialWeapon: true }, b: { fighter: "leader" } }, /field a\.specialWeapon: only a leader may fight with the special weapon.*SW-6/],
      [{ a: { fighter: "leader", wounds: 3 }, b: { fighter: "leader" } }, /field a\.wounds/],
      [{ a: { fighter: "king" }, b: { fighter: "leader" } }, /field a\.fighter/],
      [{ a: { fighter: "leader" } }, /field b/],
      [{ a: { fighter: "leader" }, b: { fighter: "leader" }, games: 0 }, /field games/],
      [{ a: { fighter: "leader" }, b: { fighter: "leader" }, players: { a: "mcts" }, games: 100000 }, /field games: with MCTS players/],
      ["{ not json", /not valid JSON/],
    ];
    for (const [data, message] of cases) {
      const r = await runCli(["odds", "sw-personal-combat", "--input", inputFile("bad.json", data)]);
      expect(r.code, JSON.stringify(data)).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});
