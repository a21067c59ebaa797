import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { battleGame } from "../../src/cli/battle/catalog.js";
import { endingCategory as shieldwallEnding } from "../../src/rulesets/shieldwall/battle/options.js";
import { playGame } from "../../src/cli/battle/run.js";
import { dataPath, loadScenario } from "../../src/cli/battle/scenarios.js";
import { SHIELDWALL_BATTLE_ID } from "../../src/rulesets/shieldwall/battle/index.js";
import { type BattleState, lostStands } from "../../src/rulesets/shieldwall/battle/index.js";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "muster-sw-battle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const RAID = dataPath("shieldwall", "scenarios", "raid.json");

function entry() {
  const e = battleGame("shieldwall-battle");
  if (!e) throw new Error("the Shieldwall battle is not in the catalog");
  return e;
}

let maldon: { stdout: string; code: number };
/**
 * The first seed whose commander battle has a personal combat in it (the commanders challenge only
 * when the duel odds say so, so which battles have one moves with the commander's play).
 */
let duelSeed = 0;
beforeAll(async () => {
  const setup = loadScenario(SHIELDWALL_BATTLE_ID, undefined).options;
  for (let seed = 1; seed <= 40 && duelSeed === 0; seed++) {
    if (playGame(entry(), setup, {}, seed, { log: true }).log.some((l) => l.event.type === "duel-hand")) duelSeed = seed;
  }
  maldon = await runCli(["battle", "--seed", String(duelSeed)]);
});

describe("muster battle on Shieldwall (default game and scenario)", () => {
  it("plays Maldon 991 by default: events under turn and phase headings, then the SW-25 outcome labelled house rule", () => {
    expect(maldon.code).toBe(0);
    const lines = maldon.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`Shieldwall battle: red commander v black commander; scenario Maldon, 991 (data/shieldwall/scenarios/maldon-991.json); seed ${duelSeed}`);
    expect(lines[1]).toBe("Before the first turn");
    expect(lines[2]).toBe("  Deployment");
    const t1 = lines.indexOf("Turn 1");
    expect(t1).toBeGreaterThan(2);
    expect(lines[t1 + 1]).toBe("  Initiative");
    expect(lines.at(-1)).toMatch(/^Outcome: (red wins|black wins|Draw) — .*\(ruling SW-25, house rule\)\. \d+ turns?; losses \(stands\): red \d+, black \d+\.$/);
  });

  it("the narrative is every engine event text in order an onlooker may see, and turn headings only increase", () => {
    const setup = loadScenario(SHIELDWALL_BATTLE_ID, undefined).options;
    expect(duelSeed).toBeGreaterThan(0);
    const played = playGame(entry(), setup, {}, duelSeed, { log: true });
    const body = maldon.stdout.split("\n").filter((l) => l.startsWith("    ")).map((l) => l.slice(4));
    // SW-24: a personal combat's hands ("duel-hand" events) are kept from onlookers; its exchanges are told.
    expect(body).toEqual(played.log.filter((l) => l.event.type !== "duel-hand").map((l) => l.event.text));
    expect(played.log.some((l) => l.event.type === "duel-hand")).toBe(true);
    expect(body.some((t) => / answers .* with .*: /.test(t))).toBe(true);
    const turns = maldon.stdout.split("\n").filter((l) => /^Turn \d+$/.test(l)).map((l) => Number(l.slice(5)));
    expect(turns).toEqual([...Array(turns.length).keys()].map((i) => i + 1));
    const state = played.finalState as BattleState;
    expect(played.summary.losses).toEqual({ red: lostStands(state, "red"), black: lostStands(state, "black") });
    expect(played.summary.turns).toBe(state.turn);
  });

  it("Embark/Disembark: the narrative of the raid with boats shows the units starting aboard ship and landing (seed \"Manoeuvre\", SW-1)", async () => {
    const r = await runCli(["battle", "--scenario", dataPath("shieldwall", "scenarios", "raid-landing.json"), "--seed", "3"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    const aboard = lines.findIndex((l) => /Ubba's hirth \(black\) starts aboard ship at the longships on the beach/.test(l));
    expect(aboard).toBeGreaterThan(1);
    expect(aboard).toBeLessThan(lines.indexOf("Turn 1"));
    expect(r.stdout).toMatch(/disembarks from the longships on the beach and becomes unformed \(half its move: seed "Manoeuvre", ruling SW-1\)/);
  });

  it("--log json: every event carries turn and phase; the outcome line has losses in stands", async () => {
    const r = await runCli(["battle", "--scenario", RAID, "--seed", "4", "--log", "json"]);
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    const last = rows.pop();
    expect(last).toMatchObject({ type: "outcome", game: "shieldwall-battle", seed: 4, players: { red: "commander", black: "commander" }, lossUnit: "stands" });
    for (const e of rows) {
      expect(typeof e.turn).toBe("number");
      expect(typeof e.phase).toBe("string");
      expect(typeof e.text).toBe("string");
    }
    expect(rows.at(-1)?.type).toBe("result");
  });

  it("C-2: --out writes a record with the whole setup inline; muster replay verifies it; a tampered decision diverges at its index", async () => {
    const file = join(dir, "raid.json");
    expect((await runCli(["battle", "--scenario", RAID, "--seed", "8", "--red", "random", "--black", "random", "--out", file])).code).toBe(0);
    const record = JSON.parse(readFileSync(file, "utf8"));
    expect(record.game).toBe("shieldwall-battle");
    expect(typeof record.options.armies.red).toBe("object");
    const ok = await runCli(["replay", file]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^Verified: shieldwall-battle, \d+ decisions re-played from seed 8 \(every checkpoint matches\)/);
    // Deploy the first contingent 1" further along: still legal, but a different battle.
    const i = record.decisions.findIndex((d: { move: { type: string } }) => d.move.type === "deploy");
    record.decisions[i].move.x += 1;
    const tampered = join(dir, "tampered.json");
    writeFileSync(tampered, JSON.stringify(record));
    const bad = await runCli(["replay", tampered]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(new RegExp(`^muster: .*tampered\\.json: the replay diverges at decision ${i} \\((red|black): \\{"type":"deploy"[^\\n]*\\n$`));
  });

  it("--red and --black pick the Shieldwall computer players (commander, advance, random)", async () => {
    const r = await runCli(["battle", "--scenario", RAID, "--seed", "6", "--red", "advance", "--black", "random", "--log", "json"]);
    expect(r.code).toBe(0);
    const last = JSON.parse(r.stdout.trimEnd().split("\n").pop() ?? "null");
    expect(last.players).toEqual({ red: "advance", black: "random" });
    const list = await runCli(["battle", "--list-ai"]);
    expect(list.stdout).toMatch(/^commander +plays like a competent commander/m);
    expect(list.stdout).toMatch(/^advance +signals at once, advances straight at the nearest enemy and charges everything/m);
    expect(list.stdout).toMatch(/^hard +the commander with tuned options/m);
  });

  it("SW-25: endings are counted by kind and labelled house rule", () => {
    const res = (winner: "red" | "black" | null, reason: string, code: string) => ({ winner, rewards: {}, reason, code });
    expect(shieldwallEnding(res("black", "red has lost 4 of 7 units (ruling SW-25, house rule)", "half-units-lost"))).toBe("black wins: the enemy lost half its units (SW-25, house rule)");
    expect(shieldwallEnding(res("red", "black's leaders are all dead or captured (ruling SW-25, house rule)", "leaders-lost"))).toBe("red wins: the enemy's leaders are all dead or captured (SW-25, house rule)");
    expect(shieldwallEnding(res("red", "black has no units left on the table (ruling SW-25, house rule)", "no-units-left"))).toBe("red wins: the enemy has no units left on the table (SW-25, house rule)");
    expect(shieldwallEnding(res(null, "both armies broke in the same turn (x; y) (ruling SW-25, house rule)", "both-broke"))).toBe("draw: both armies broke in the same turn (SW-25, house rule)");
    expect(shieldwallEnding(res(null, "turn limit 12: both lost 3 stands (ruling SW-25, house rule)", "turn-limit-draw"))).toBe("draw: turn limit, equal stands lost (SW-25, house rule)");
    expect(shieldwallEnding(res("red", "turn limit 12: red lost 2 stands, black 5 (ruling SW-25, house rule)", "turn-limit-win"))).toBe("red wins: turn limit, fewer stands lost (SW-25, house rule)");
  });
});

describe("muster battle on Shieldwall: bad scenarios and players are one line, exit 2", () => {
  const refused = async (args: string[], pattern: RegExp) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^muster: [^\n]+\n$/);
    expect(r.stderr).toMatch(pattern);
  };
  const write = (name: string, data: unknown) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(data));
    return f;
  };
  it("missing scenario file", () => refused(["battle", "--scenario", join(dir, "none.json"), "--seed", "1"], /cannot read .*none\.json: no such file/));
  it("scenario field of the wrong kind names the field", () => refused(["battle", "--scenario", write("s1.json", { name: "x", armies: { red: "a.json", black: "b.json" }, turnLimit: 0 }), "--seed", "1"], /s1\.json: field turnLimit: .*battle scenario format/));
  it("an army path that does not exist names the side", () => refused(["battle", "--scenario", write("s2.json", { name: "x", armies: { red: "nope.json", black: "nope.json" } }), "--seed", "1"], /s2\.json: armies\.red: cannot read .*nope\.json: no such file/));
  it("an army that breaks the army rules names the rule", () => {
    const army = JSON.parse(readFileSync(dataPath("shieldwall", "armies", "raid-lindisfarne-fyrd.json"), "utf8"));
    army.contingents = [];
    const f = write("army-empty.json", army);
    return refused(["battle", "--scenario", write("s3.json", { name: "x", armies: { red: f, black: f } }), "--seed", "1"], /s3\.json: armies\.red: .*army-empty\.json: contingents: an army has 2 to 5 contingents, this one has 0 \(rule SW-5\)/);
  });
  it("unknown computer player for red", () => refused(["battle", "--red", "genius", "--seed", "1"], /--red: unknown computer player "genius" for shieldwall-battle; expected one of random, mcts, easy, normal, hard, commander, advance/));
  it("a side Shieldwall does not have", () => refused(["battle", "--side", "blue=random", "--seed", "1"], /--side: Shieldwall battle has no side "blue"; its sides are red, black/));
});
