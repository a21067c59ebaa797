/**
 * Issue 15: bad input never hangs, crashes or loses a file. Each case comes from the audit's
 * failures; the message must name the field and the limit, quickly.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "../../src/cli/input.js";
import { dataPath } from "../../src/cli/battle/scenarios.js";
import { packageRoot } from "../../src/cli/package-root.js";
import { runCli, scratchFiles } from "../helpers/cli.js";

const files = scratchFiles("muster-bad-input-");
const armies = { red: dataPath("shieldwall", "armies", "raid-lindisfarne-fyrd.json"), black: dataPath("shieldwall", "armies", "raid-lindisfarne-raiders.json") };
const scenario = (extra: Record<string, unknown>) => files.next({ name: "t", armies, ...extra });

async function timed(args: string[]) {
  const t0 = Date.now();
  const r = await runCli(args);
  return { ...r, ms: Date.now() - t0 };
}

describe("issue 15: a scenario no table can be is refused at once, with the limit", () => {
  it.each([
    [{ width: 1e8, height: 48 }, /table\.width.*at most 240"/],
    [{ width: 48, height: 1e9 }, /table\.height.*at most 240"/],
    [{ width: 1_000_000, height: 36 }, /table\.width.*at most 240"/],
    [{ width: 1, height: 1 }, /table\.width.*at least 12"/],
  ])("table %j is refused in under a second", async (table, message) => {
    const r = await timed(["--seed", "1", "battle", "--scenario", scenario({ table })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.ms).toBeLessThan(1000);
  });

  it("options.deployStep: 1e-6 is refused: at least 0.5\"", async () => {
    const r = await timed(["--seed", "1", "battle", "--scenario", scenario({ options: { deployStep: 1e-6 } })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/options\.deployStep.*at least 0\.5"/);
    expect(r.ms).toBeLessThan(1000);
  });

  it("a 20\" × 12\" table where the armies cannot all deploy is refused up front (SW-26), by battle and sim", async () => {
    const file = scenario({ table: { width: 20, height: 12 } });
    for (const args of [["battle", "--scenario", file], ["sim", "--games", "2", "--workers", "0", "--no-progress", "--scenario", file]]) {
      const r = await runCli(["--seed", "1", ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/table: the 20" × 12" table has no room to deploy red's contingent .* ruling SW-26/);
      expect(r.stderr).not.toMatch(/internal error/);
    }
  });

  it("SW-26: on a tight table that passes the setup check (30\" × 12\"), no computer player boxes itself in: a deployment that leaves no room for the side's other contingents is refused", async () => {
    const file = scenario({ table: { width: 30, height: 12 }, turnLimit: 2 });
    // Random seed 4 once set the thegn's men in the middle, leaving the reeve's men no room ("internal error: no legal decision").
    for (const ai of ["random", "commander", "advance", "mcts:3"]) {
      for (const seed of ["4"]) {
        const r = await runCli(["--seed", seed, "battle", "--scenario", file, "--red", ai, "--black", ai]);
        expect(r.stderr, `${ai} seed ${seed}`).toBe("");
        expect(r.code).toBe(0);
      }
    }
    const { battleGame } = await import("../../src/rulesets/shieldwall/battle/game.js");
    const { deployProblem } = await import("../../src/rulesets/shieldwall/battle/placement.js");
    const { loadScenario } = await import("../../src/cli/battle/scenarios.js");
    const start = battleGame.setup(loadScenario("shieldwall-battle", file).options as Parameters<typeof battleGame.setup>[0], 4);
    const red = start.sides.red;
    expect(deployProblem(start, "red", red.contingents[0], 15, 3)).toMatch(/it would leave no room to deploy .* ruling SW-26/);
  }, 60_000);

  it("a small table where the armies do fit still plays (24\" × 24\")", async () => {
    const r = await runCli(["--seed", "1", "battle", "--scenario", scenario({ table: { width: 24, height: 24 } })]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Outcome:/);
  });
});

describe("issue 15: --out never loses a file", () => {
  it("battle --out refuses to replace an existing file without --force; with --force it replaces it", async () => {
    const file = files.file("kept.json", "precious");
    const r = await runCli(["--seed", "1", "battle", "--game", "pig", "--out", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: cannot save the game record to .*kept\.json: the file exists \(add --force to replace it\)/);
    expect(readFileSync(file, "utf8")).toBe("precious");
    expect(r.stdout).toBe("");
    const f = await runCli(["--seed", "1", "battle", "--game", "pig", "--out", file, "--force"]);
    expect(f.code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).game).toBe("pig");
    expect(readdirSync(files.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("battle --out /proc/… is refused at once, before the battle (no recursive mkdir hang)", async () => {
    const r = await timed(["--seed", "1", "battle", "--game", "pig", "--out", "/proc/muster-nowhere/r.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: cannot save the game record to \/proc\/muster-nowhere\/r\.json: cannot create the folder/);
    expect(r.ms).toBeLessThan(2000);
  });

  it("battle --out creates missing folders", async () => {
    const file = join(files.dir, "a", "b", "r.json");
    expect((await runCli(["--seed", "1", "battle", "--game", "pig", "--out", file])).code).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it("shove play --out to an unwritable path is refused before play starts", async () => {
    const blocker = files.file("blocker", "x");
    const r = await runCli(["--seed", "1", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", join(blocker, "r.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: cannot save the game record to .*blocker\/r\.json/);
    expect(r.stdout).not.toMatch(/Turn|Game over/);
  });

  it("shove play --out refuses an existing file without --force", async () => {
    const file = files.file("shove-kept.json", "precious");
    const r = await runCli(["--seed", "1", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the file exists \(add --force to replace it\)/);
    expect(readFileSync(file, "utf8")).toBe("precious");
  });
});

describe("issue 15: records are checked with the game's declared options; one replay verdict for every game", () => {
  const RAID = dataPath("shieldwall", "scenarios", "raid.json");
  async function battleRecord(): Promise<Record<string, unknown>> {
    const out = join(files.dir, `rec-${Math.random().toString(36).slice(2)}.json`);
    expect((await runCli(["--seed", "3", "battle", "--scenario", RAID, "--red", "random", "--black", "random", "--out", out])).code).toBe(0);
    return JSON.parse(readFileSync(out, "utf8"));
  }

  it("a battle record with options: {} names the missing field, with no raw 'Cannot read properties'", async () => {
    const rec = await battleRecord();
    const r = await runCli(["replay", files.next({ ...rec, options: {} })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field options\.(scenario|armies)[^\n]*\(an option of shieldwall-battle\)/);
    expect(r.stderr).not.toMatch(/Cannot read properties|undefined|internal error/);
  });

  it("a record's scenario with turnLimit: 1e308 is refused as bad input (exit 2), not reported as a divergence", async () => {
    const rec = (await battleRecord()) as { options: { scenario: Record<string, unknown> } };
    rec.options.scenario.turnLimit = 1e308;
    const r = await runCli(["replay", files.next(rec)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field options\.scenario\.turnLimit/);
    expect(r.stderr).not.toMatch(/diverges/);
  });

  it("shove replay catches a falsified result as muster replay does: exit 1, field result", async () => {
    const out = join(files.dir, "shove-rec.json");
    expect((await runCli(["--seed", "5", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", out])).code).toBe(0);
    const rec = JSON.parse(readFileSync(out, "utf8"));
    expect(rec.result).toBeTruthy();
    rec.result = { ...rec.result, winner: rec.result.winner === "blue" ? "red" : "blue" };
    const f = files.next(rec);
    for (const args of [["shove", "replay", f], ["replay", f]]) {
      const r = await runCli(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/field result: the record says/);
      expect(r.stdout).not.toMatch(/Verified/);
    }
  });
});

describe("issue 15: messages name the field and the rule's bound", () => {
  it("a number out of bounds gets the rule's bound, not 'must be a number' or the safe-integer range", () => {
    const schema = z.object({
      turnLimit: z.number({ error: "turnLimit must be a number" }).int("turnLimit must be a whole number").min(1).max(50),
      dice: z.number().int().min(2).max(5),
      huge: z.number().int(),
    });
    const message = (data: unknown) => {
      try {
        validate(schema, data, "in.json");
      } catch (err) {
        return (err as Error).message;
      }
      return "";
    };
    expect(message({ turnLimit: 1e9, dice: 3, huge: 1 })).toBe("in.json: field turnLimit: must be at most 50, got 1000000000");
    expect(message({ turnLimit: -1, dice: 3, huge: 1 })).toBe("in.json: field turnLimit: must be at least 1, got -1");
    expect(message({ turnLimit: 3, dice: 1e300, huge: 1 })).toBe("in.json: field dice: must be at most 5, got 1e+300");
    expect(message({ turnLimit: 3, dice: 3, huge: 1e308 })).toMatch(/field huge: must be a whole number no larger than 9007199254740991, got 1e\+308/);
    expect(message({ turnLimit: 3, dice: 3 })).toBe("in.json: field huge: is missing (expected a number)");
    expect(message({ turnLimit: 3, dice: 3, huge: "x" })).toBe('in.json: field huge: must be a number, got text "x"');
  });

  it("every problem is shown, not '(and N more problems)'", () => {
    const schema = z.object({ a: z.number().max(1), b: z.number().max(1), c: z.number().max(1) });
    expect(() => validate(schema, { a: 2, b: 3, c: 4 }, "in.json")).toThrow("in.json: field a: must be at most 1, got 2; field b: must be at most 1, got 3; field c: must be at most 1, got 4");
  });

  it("a Shove record with rules.pushDistance −1 names the field and the bound (exit 2)", async () => {
    const out = join(files.dir, "shove-push.json");
    expect((await runCli(["--seed", "5", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", out])).code).toBe(0);
    const rec = JSON.parse(readFileSync(out, "utf8"));
    rec.options.rules = { pushDistance: -1, turnLimit: 1e9 };
    const r = await runCli(["shove", "replay", files.next(rec)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field options\.rules\.turnLimit: must be at most 50, got 1000000000/);
    expect(r.stderr).toMatch(/field options\.rules\.pushDistance: must be at least 1, got -1/);
  });
});

describe("issue 15: the command line a newcomer expects", () => {
  it.each([["1d20"], ["d100"], ["2d8+1"], ["d2"], ["d3"], ["d10"], ["d12"]])("roll %s rolls the common dice", async (expr) => {
    const r = await runCli(["--seed", "4", "--json", "roll", expr]);
    expect(r.code).toBe(0);
    expect(typeof JSON.parse(r.stdout).total).toBe("number");
  });

  it("roll 1x7 says which dice exist (issue 25: any die size, 1d7 rolls)", async () => {
    const r = await runCli(["roll", "1x7"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"1x7" is not a dice term: the dice are dN for any N from 1 to 10000/);
    expect((await runCli(["roll", "1d7"])).code).toBe(0);
  });

  it("roll refuses 10000 dice and a huge modifier at once", async () => {
    expect((await runCli(["roll", "600d6+600d6"])).stderr).toMatch(/at most 1000 dice in all/);
    expect((await runCli(["roll", "d6+99999999999999999999"])).stderr).toMatch(/a modifier between -1000000 and 1000000/);
  });

  it("sim --workers 256 is capped at the machine's processors, saying so", async () => {
    const r = await runCli(["--seed", "1", "sim", "--game", "pig", "--games", "2", "--workers", "256", "--no-progress"]);
    expect(r.stderr).toMatch(new RegExp(`--workers 256: this machine has ${availableParallelism()} processors?; using ${availableParallelism()} worker thread`));
  }, 60_000);
});

describe("issue 15: exact dice odds are bounded", () => {
  it("odds dice refuses 1000d100 at once, naming the limit; 20d100 still works", async () => {
    const t0 = Date.now();
    const r = await runCli(["odds", "dice", "--input", files.next({ dice: "1000d100" })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field dice: "1000d100" can show 99001 different totals; exact odds are worked out for at most 2000/);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect((await runCli(["--json", "odds", "dice", "--input", files.next({ dice: "d20+d100" })])).code).toBe(0);
  });
});

describe("issue 15: the Shove prompt's example", () => {
  it("SH-7: blue's example move brings a token nearer the victory square", async () => {
    const { runPlay } = await import("../../src/cli/shove/play.js");
    const { DEFAULT_BOARD } = await import("../../src/rulesets/shove/board.js");
    let text = "";
    await runPlay({ options: { board: DEFAULT_BOARD }, seed: 1, blue: { kind: "human" }, red: { kind: "ai", level: "random" } }, ["quit"], (s) => (text += s));
    const example = /blue, \d actions? left \(e\.g\. ([a-g]\d) (up|down|left|right),/.exec(text);
    expect(example).not.toBeNull();
    // The victory square d1 is below blue's start row: the example goes down (or sideways toward d).
    expect(example?.[2]).not.toBe("up");
  });
});

describe("issue 15: binary files are refused, never echoed", () => {
  it.each([
    ["shove", "board"],
    ["army", "check"],
    ["duel", "deck", "check"],
  ])("%s %s refuses a binary file with a clear message and no control characters", async (...cmd) => {
    const bin = files.file(`bin-${cmd.join("-")}.dat`, "");
    writeFileSync(bin, Buffer.from([0x1b, 0x5b, 0x32, 0x4a, 0x00, 0xff, 0xfe, 0x07, 0x0a, 0x41]));
    const r = await runCli([...cmd, bin]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a text file \(a binary or non-UTF-8 byte at line 1\)/);
    // eslint-disable-next-line no-control-regex
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it("control characters in any message are shown as escapes", async () => {
    const r = await runCli(["roll", "d6+\u001b[2Jx"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("\\x1b[2Jx");
    // eslint-disable-next-line no-control-regex
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });
});

describe("issue 15: a position file's deck path", () => {
  it("is read relative to the position file's folder, and a bad one names the position file, the field and the path", async () => {
    const dir = mkdtempSync(join(tmpdir(), "muster-pos-"));
    mkdirSync(join(dir, "decks"));
    writeFileSync(join(dir, "decks", "ranged.json"), readFileSync(join(packageRoot(), "data", "contest", "ranged-deck.json")));
    const position = join(dir, "pos.json");
    writeFileSync(position, JSON.stringify({ a: { profile: "hector" }, b: { profile: "achilles" }, distance: 0, rangedDeck: "decks/ranged.json", exchangesLeft: 3 }));
    expect((await runCli(["--json", "duel", "advise", "--state", position])).code).toBe(0);
    writeFileSync(position, JSON.stringify({ a: { profile: "hector" }, b: { profile: "achilles" }, distance: 0, rangedDeck: "decks/missing.json", exchangesLeft: 3 }));
    const r = await runCli(["duel", "advise", "--state", position]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${position}: field rangedDeck ("decks/missing.json", read as ${join(dir, "decks", "missing.json")}): cannot read`);
  });
});

describe("issue 15: sw roll at the table is one line", () => {
  it("sw roll charge takes its inputs as flags, the same as the sw-charge input file", async () => {
    const flags = await runCli(["--seed", "1", "--json", "sw", "roll", "charge", "--grade", "B", "--aggression", "ready", "--dp", "2", "--retinue-with-leader", "--battle-standard-within2"]);
    expect(flags.code).toBe(0);
    const file = await runCli(["--seed", "1", "--json", "sw", "roll", "charge", "--input", files.next({ grade: "B", aggression: "ready", dp: 2, retinueWithLeader: true, battleStandardWithin2: true })]);
    expect(JSON.parse(flags.stdout)).toEqual(JSON.parse(file.stdout));
  });

  it("sw roll shooting takes nested fields as --target-…; control and leader-risk take theirs", async () => {
    const shoot = await runCli(["--seed", "1", "sw", "roll", "shooting", "--shooter-stands", "2", "--target-kind", "band", "--target-grade", "C", "--target-stands", "2", "--target-aggression", "ready", "--target-dp", "3"]);
    expect(shoot.code).toBe(0);
    expect(shoot.stdout).toMatch(/^shooting: 4 dice/);
    expect((await runCli(["--seed", "2", "sw", "roll", "control", "--grade", "A", "--aggression", "bloodlust", "--a-grade-choice", "minus"])).code).toBe(0);
    expect((await runCli(["--seed", "2", "sw", "roll", "leader-risk", "--lp-value", "3", "--missile-hits", "2"])).code).toBe(0);
  });

  it("sw roll TEST --example prints a sample input that the test accepts", async () => {
    for (const test of ["charge", "control", "shooting", "leader-risk"]) {
      const ex = await runCli(["sw", "roll", test, "--example"]);
      expect(ex.code).toBe(0);
      expect((await runCli(["--seed", "1", "sw", "roll", test, "--input", files.next(JSON.parse(ex.stdout))])).code).toBe(0);
    }
  });

  it("a flag of another test, a missing input, or a bad value is refused by name", async () => {
    expect((await runCli(["sw", "roll", "control", "--dp", "3", "--grade", "A", "--aggression", "ready"])).stderr).toMatch(/--dp is not an input of the control test/);
    expect((await runCli(["sw", "roll", "control"])).stderr).toMatch(/sw roll control needs its inputs: flags \(--grade --aggression --a-grade-choice\) or --input FILE/);
    expect((await runCli(["sw", "roll", "charge", "--grade", "B", "--aggression", "ready", "--dp", "x"])).stderr).toMatch(/--dp must be a number, got "x"/);
    expect((await runCli(["sw", "roll", "charge", "--grade", "B", "--aggression", "ready", "--dp", "99"])).stderr).toMatch(/field dp: must be at most 40, got 99/);
  });
});

describe("issue 15: every command's --help has examples that use its own options", () => {
  it("each command lists examples, and every --flag in them is one the command (or a global) knows", async () => {
    const { buildProgram } = await import("../../src/cli/main.js");
    const { EXAMPLES } = await import("../../src/cli/main.js");
    const program = await buildProgram(["core", "odds", "sw-combat", "sw-personal-combat", "sw-odds", "shieldwall", "gurps", "contest", "shove", "battle", "worker", "serve"]);
    type C = typeof program;
    const all: [string, C][] = [["muster", program]];
    const walk = (c: C, pre: string) => {
      for (const s of c.commands) {
        all.push([`${pre}${s.name()}`, s]);
        walk(s, `${pre}${s.name()} `);
      }
    };
    walk(program, "");
    for (const [name, cmd] of all) {
      expect(EXAMPLES[name], name).toBeDefined();
      let help = "";
      cmd.configureOutput({ writeOut: (s) => (help += s) });
      cmd.outputHelp();
      expect(help, name).toContain("Examples:");
      for (const example of EXAMPLES[name]) {
        const line = example.split(/&&|\|/)[example.includes("&&") ? 1 : 0] ?? example;
        const words = line.trim().split(/\s+/).slice(1);
        let target: C = program;
        for (const w of words) {
          const sub = target.commands.find((s) => s.name() === w);
          if (!sub) break;
          target = sub;
        }
        const known = new Set([...target.options, ...program.options].flatMap((o) => [o.long, o.short, o.negate ? o.long : undefined]).filter(Boolean));
        for (const w of words.filter((x) => x.startsWith("--"))) expect(known.has(w), `${name}: ${example}: ${w}`).toBe(true);
      }
    }
  });
});

describe("issue 15: budgets are honoured", () => {
  it("shove solve on a legal 26×26 board stops at its time budget (--max-seconds) and says so", async () => {
    const rows: string[] = [];
    for (let r = 26; r >= 1; r--) {
      const cells = Array.from({ length: 26 }, (_, c) => (r === 24 && [2, 8, 14, 20].includes(c) ? "B" : r === 3 && [5, 11, 17].includes(c) ? "R" : r === 1 && c === 13 ? "V" : "."));
      rows.push(`${r} ${cells.join(" ")}`);
    }
    const board = files.file("big.board", `name: big\nwalls: bottom top\n${rows.join("\n")}\n`);
    const t0 = Date.now();
    const r = await runCli(["shove", "solve", "--board", board, "--max-seconds", "1"]);
    expect(r.code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.stdout).toMatch(/stopped at the time budget of 1 s .*raise --max-seconds to go further/);
  }, 20_000);
});

describe("issue 15: battle streams its narrative", () => {
  it("the narrative is written turn by turn as the battle goes, not in one piece at the end", async () => {
    const { main } = await import("../../src/cli/main.js");
    const { vi } = await import("vitest");
    const chunks: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((c: string | Uint8Array) => {
      chunks.push(String(c));
      return true;
    });
    try {
      expect(await main(["node", "muster", "--seed", "5", "battle", "--scenario", dataPath("shieldwall", "scenarios", "raid.json")])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks[0]).toMatch(/^Shieldwall battle: red .* v black .*; scenario .*; seed 5\n$/);
    expect(chunks[chunks.length - 1]).toMatch(/^Outcome: /);
  });
});

describe("issue 15: long work shows progress on a terminal only", () => {
  it("odds sw-personal-combat draws a progress bar on a terminal's stderr, and nothing into a pipe or with --json", async () => {
    const input = files.next({ a: { fighter: "leader" }, b: { fighter: "heroic-champion" }, games: 3000, seed: 1, players: { a: "ai", b: "ai" } });
    const piped = await runCli(["odds", "sw-personal-combat", "--input", input]);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe("");
    const tty = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
    Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
    try {
      const live = await runCli(["odds", "sw-personal-combat", "--input", input]);
      expect(live.code).toBe(0);
      expect(live.stderr).toMatch(/duels \[#+\] 3000\/3000 100%/);
      expect(live.stdout).toBe(piped.stdout);
      expect((await runCli(["--json", "odds", "sw-personal-combat", "--input", input])).stderr).toBe("");
    } finally {
      if (tty) Object.defineProperty(process.stderr, "isTTY", tty);
      else delete (process.stderr as { isTTY?: boolean }).isTTY;
    }
  });
});

describe("issue 15: messages give the rule's bound and every problem", () => {
  it("a scenario with turnLimit 1e308 and an unknown option gets the rule's bound (not the safe-integer range) and both problems", async () => {
    const r = await runCli(["battle", "--scenario", scenario({ turnLimit: 1e308, options: { pushDistance: -1 } })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field turnLimit: must be at most 100, got 1e\+308 \(battle scenario format\); field options: unknown field "pushDistance"/);
    expect(r.stderr).not.toMatch(/9007199254740991|Unrecognized/);
  });

  it("a calculator input of 1e308 gets the rule's bound", async () => {
    const r = await runCli(["odds", "sw-personal-combat", "--input", files.next({ a: { fighter: "leader" }, b: { fighter: "leader" }, games: 1e308 })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field games: must be at most 1000000, got 1e\+308/);
  });
});
