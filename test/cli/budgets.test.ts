/**
 * Issue 15: budgets are honoured. A simulation at its allowed maximum stops at its time budget
 * (`--max-seconds`, default 60) and says plainly that its figures, with their sample size and
 * standard errors, come from the duels played; long work shows progress on a terminal only.
 */
import { describe, expect, it } from "vitest";
import { deadline } from "../../src/cli/odds.js";
import { simulateDuels } from "../../src/rulesets/shieldwall/duel/ai.js";
import { runCli, scratchFiles } from "../helpers/cli.js";

const files = scratchFiles("muster-budgets-");
const LEADERS = { a: { kind: "leader", specialWeapon: false, wounds: 0 }, b: { kind: "leader", specialWeapon: false, wounds: 0 }, options: { mutualKill: "both-lose" } } as const;

async function timed(args: string[]) {
  const t0 = Date.now();
  const r = await runCli(args);
  return { ...r, ms: Date.now() - t0 };
}

/** Runs `body` with standard error looking like a terminal. */
async function onTerminal<T>(body: () => Promise<T>): Promise<T> {
  const tty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
  Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
  try {
    return await body();
  } finally {
    if (tty) Object.defineProperty(process.stderr, "isTTY", tty);
    else delete (process.stderr as { isTTY?: boolean }).isTTY;
  }
}

describe("issue 15: a duel simulation honours its budget", () => {
  it("simulateDuels stops when the budget says so and returns the duels finished (the same duels as an unbounded run)", () => {
    let asked = 0;
    const stopped = simulateDuels({ setup: LEADERS, players: { a: "ai", b: "random" }, games: 1000, seed: 3, shouldStop: () => ++asked > 40 });
    expect(stopped.games).toBe(40);
    const full = simulateDuels({ setup: LEADERS, players: { a: "ai", b: "random" }, games: 40, seed: 3 });
    expect(stopped).toEqual(full);
  });

  it("an MCTS duel cut short by the budget is not counted (its searches did not run in full)", () => {
    let now = 0;
    // The budget runs out during the second duel's searches.
    const tally = simulateDuels({ setup: LEADERS, players: { a: "mcts", b: "ai" }, games: 5, seed: 3, mctsIterations: 50, shouldStop: () => ++now > 12 });
    expect(tally.games).toBeLessThan(5);
    const full = simulateDuels({ setup: LEADERS, players: { a: "mcts", b: "ai" }, games: tally.games, seed: 3, mctsIterations: 50 });
    expect(tally).toEqual(full);
  });

  it("deadline(s) is false before s seconds and true after", () => {
    let t = 1000;
    const over = deadline(2, () => t);
    expect(over()).toBe(false);
    t = 2999;
    expect(over()).toBe(false);
    t = 3000;
    expect(over()).toBe(true);
  });

  it("odds sw-personal-combat at its allowed maximum (1,000,000 duels) stops at --max-seconds 1 and says so plainly, with sample size and standard error", async () => {
    const input = files.next({ a: { fighter: "leader" }, b: { fighter: "leader" }, games: 1_000_000 });
    const r = await timed(["odds", "sw-personal-combat", "--input", input, "--max-seconds", "1"]);
    expect(r.code).toBe(0);
    expect(r.ms).toBeLessThan(4000);
    const n = Number(/Stopped early at the time budget of 1 s \(--max-seconds\): (\d+) of the 1000000 duels asked were played/.exec(r.stdout)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(r.stdout).toContain(`Monte Carlo: ${n} duels`);
    expect(r.stdout).toMatch(/a kills b\s+[\d.]+%\s+se [\d.]+%/);
    const j = await runCli(["--json", "odds", "sw-personal-combat", "--input", input, "--max-seconds", "1"]);
    const json = JSON.parse(j.stdout) as { sampleSize: number; gamesAsked: number; stoppedEarly: boolean; stoppedBy: string; aKills: { standardError: number } };
    expect(json).toMatchObject({ gamesAsked: 1_000_000, stoppedEarly: true, stoppedBy: "time budget of 1 s (--max-seconds)" });
    expect(json.sampleSize).toBeGreaterThan(0);
    expect(json.aKills.standardError).toBeGreaterThan(0);
  });

  it("a run within its budget is whole and says nothing of stopping", async () => {
    const input = files.next({ a: { fighter: "leader" }, b: { fighter: "leader" }, games: 200 });
    const r = await runCli(["--json", "odds", "sw-personal-combat", "--input", input]);
    expect(JSON.parse(r.stdout)).toMatchObject({ sampleSize: 200, gamesAsked: 200, stoppedEarly: false });
    expect(r.stdout).not.toContain("stoppedBy");
  });

  it("MCTS duels at the largest search (100,000 iterations) that cannot finish one duel in the budget are refused by name, within the budget", async () => {
    const input = files.next({ a: { fighter: "leader" }, b: { fighter: "leader" }, games: 15, players: { a: "mcts", b: "mcts" }, mctsIterations: 100_000 });
    const r = await timed(["odds", "sw-personal-combat", "--input", input, "--max-seconds", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`muster: ${input}: no duel finished within the time budget of 1 s (--max-seconds): allow more time, or fewer MCTS iterations per decision\n`);
    expect(r.ms).toBeLessThan(4000);
  });

  it("sw duel-sim at its maximum (10,000,000 duels) stops at --max-seconds 1", async () => {
    const r = await timed(["--seed", "1", "sw", "duel-sim", "--games", "10000000", "--max-seconds", "1"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Stopped early at the time budget of 1 s \(--max-seconds\): \d+ of the 10000000 duels asked were played/);
    expect(r.ms).toBeLessThan(4000);
  });

  it.each([["0"], ["-1"], ["1e9"], ["soon"]])("--max-seconds %s is refused with its bounds", async (value) => {
    const r = await runCli(["sw", "duel-sim", "--max-seconds", value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-seconds must be (between 1 and 86400|a whole number)/);
  });
});

describe("issue 15: duel simulations show progress on a terminal only", () => {
  it("sw duel-sim and odds sw-personal-combat draw a bar on a terminal's stderr, and nothing into a pipe or with --json", async () => {
    const input = files.next({ a: { fighter: "leader" }, b: { fighter: "heroic-champion" }, games: 3000 });
    for (const args of [["odds", "sw-personal-combat", "--input", input], ["--seed", "2", "sw", "duel-sim", "--games", "3000"]]) {
      const piped = await runCli(args);
      expect(piped.code).toBe(0);
      expect(piped.stderr).toBe("");
      const live = await onTerminal(() => runCli(args));
      expect(live.stderr).toMatch(/duels \[#+\] 3000\/3000 100%/);
      expect(live.stdout).toBe(piped.stdout);
      expect((await onTerminal(() => runCli(["--json", ...args]))).stderr).toBe("");
    }
  });
});

describe("issue 15: Shove matches show progress on a terminal only", () => {
  it.each([[["shove", "balance", "--games", "4", "--level", "random"]], [["shove", "tournament", "--a", "random", "--b", "random", "--games", "3"]]])("%j draws a bar on a terminal's stderr, nothing into a pipe or with --json", async (args) => {
    const piped = await runCli(["--seed", "1", ...args]);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe("");
    const live = await onTerminal(() => runCli(["--seed", "1", ...args]));
    expect(live.stderr).toMatch(/(balance|A as red) \[#+\] (4\/4|3\/3) 100%/);
    expect(live.stdout.replace(/[\d.]+ s\b/g, "")).toBe(piped.stdout.replace(/[\d.]+ s\b/g, ""));
    expect((await onTerminal(() => runCli(["--seed", "1", "--json", ...args]))).stderr).toBe("");
  });
});
