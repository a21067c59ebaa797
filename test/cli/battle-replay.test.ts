import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../src/cli/battle/catalog.js";
import { pig } from "../../src/core/fixtures/pig.js";
import { makeRecord, playOut, stateHash } from "../../src/core/game.js";
import { checkedRecord, deriveSeed, findGame, registeredGameIds, verifyRecord } from "../../src/core/records.js";
import { randomPlayer } from "../../src/core/search/random-player.js";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "muster-replay-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function save(record: unknown): string {
  const f = join(dir, `r${n++}.json`);
  writeFileSync(f, typeof record === "string" ? record : JSON.stringify(record));
  return f;
}

type Rec = { game: string; decisions: { player: string; move: unknown }[]; checkpoints: string[]; finalHash: string; result: unknown; seed: number; options: unknown };
let pigRecord: Rec;
let shoveRecord: Rec;

beforeAll(async () => {
  for (const [game, seed] of [
    ["pig", 31],
    ["shove", 32],
  ] as const) {
    const f = join(dir, `${game}.json`);
    expect((await runCli(["battle", "--game", game, "--seed", String(seed), "--out", f])).code).toBe(0);
    const r = JSON.parse(readFileSync(f, "utf8")) as Rec;
    if (game === "pig") pigRecord = r;
    else shoveRecord = r;
  }
});

const copy = (r: Rec): Rec => JSON.parse(JSON.stringify(r));

describe("muster replay: good records verify (C-2)", () => {
  it("C-2: a record written by muster battle replays and verifies (pig and shove)", async () => {
    for (const r of [pigRecord, shoveRecord]) {
      const res = await runCli(["replay", save(r)]);
      expect(res.code).toBe(0);
      expect(res.stderr).toBe("");
      expect(res.stdout).toContain(`Verified: ${r.game}, ${r.decisions.length} decisions re-played from seed ${r.seed} (every checkpoint matches); final state hash ${r.finalHash} matches.`);
    }
  });

  it("C-2: a plain core record (no checkpoints) verifies too, with --json", async () => {
    const options = { target: 30 };
    const played = playOut(pig, pig.setup(options, 5), { p1: randomPlayer(pig, 1), p2: randomPlayer(pig, 2) });
    const rec = makeRecord(pig, options, 5, played.decisions, played.state);
    const res = await runCli(["--json", "replay", save(rec)]);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ verified: true, game: "pig", seed: 5, decisions: played.decisions.length, checkpoints: 0, finalHash: rec.finalHash, result: rec.result });
  });

  it("--events prints the re-played events", async () => {
    const res = await runCli(["replay", "--events", save(pigRecord)]);
    expect(res.code).toBe(0);
    expect(res.stdout.split("\n")[0]).toMatch(/^p1 rolls/);
  });
});

describe("muster replay: a tampered record is detected (exit 1, naming the decision)", () => {
  it("a changed decision that is now illegal names its index", async () => {
    const r = copy(pigRecord);
    const i = r.decisions.findIndex((d, k) => k > 0 && d.move === "roll" && r.decisions[k - 1].player !== d.player);
    expect(i).toBeGreaterThan(0);
    r.decisions[i] = { ...r.decisions[i], move: "hold" }; // nothing to hold at the start of a turn
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`^muster: .*: the replay diverges at decision ${i} \\(${r.decisions[i].player}: hold\\): nothing to hold: roll at least once first\\n$`));
  });

  it("a changed decision that is still legal is caught by the checkpoint after it", async () => {
    const r = copy(pigRecord);
    // The first hold that follows a roll: make it another roll (still legal), so the states part ways there.
    const i = r.decisions.findIndex((d) => d.move === "hold");
    r.decisions[i] = { ...r.decisions[i], move: "roll" };
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(new RegExp(`diverges at decision ${i} \\(p\\d: roll\\)`));
  });

  it("a changed seed diverges at the first chance event", async () => {
    const r = copy(shoveRecord);
    r.seed += 1;
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^muster: .*: the replay diverges at decision \d+ \((blue|red): /);
  });

  it("a changed final hash without checkpoints names the last decision", async () => {
    const r = copy(pigRecord) as Partial<Rec>;
    delete r.checkpoints;
    r.finalHash = "0123456789abcdef";
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/the replay diverges: the final state hashes to [0-9a-f]{16}, the record says 0123456789abcdef, after all \d+ decisions \(last: decision \d+/);
  });

  it("a changed result is detected", async () => {
    const r = copy(pigRecord);
    (r.result as { winner: string }).winner = (r.result as { winner: string }).winner === "p1" ? "p2" : "p1";
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/field result: the record says/);
  });

  it("a dropped decision is detected", async () => {
    const r = copy(pigRecord);
    r.decisions.pop();
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/decisions but \d+ checkpoints/);
  });
});

describe("muster replay: corrupt or unreadable records are one line, exit 2", () => {
  const bad = async (content: unknown, pattern: RegExp) => {
    const res = await runCli(["replay", save(content)]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^muster: [^\n]+\n$/);
    expect(res.stderr).toMatch(pattern);
  };
  it("missing file", async () => {
    const res = await runCli(["replay", join(dir, "missing.json")]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^muster: cannot read .*missing\.json: no such file\n$/);
  });
  it("not JSON", () => bad("{\"game\": ", /not valid JSON/));
  it("unknown game", () => bad({ ...pigRecord, game: "chess" }, /field game: unknown game "chess"; known games: .*pig.*shove/));
  it("wrong format", () => bad({ ...pigRecord, format: 2 }, /field format: format must be 1/));
  it("seed not a whole number", () => bad({ ...pigRecord, seed: 1.5 }, /field seed: seed must be a whole number/));
  it("decisions not a list", () => bad({ ...pigRecord, decisions: "roll" }, /field decisions: decisions must be a list/));
  it("a decision without a move", () => bad({ ...pigRecord, decisions: [{ player: "p1" }] }, /field decisions\[0\]\.move: move is missing/));
  it("bad hash", () => bad({ ...pigRecord, finalHash: "xyz" }, /field finalHash: must be a 16-digit hex state hash/));
  it("options the game refuses", () => bad({ ...pigRecord, options: { target: -3 } }, /field options\.target: target must be at least 1 \(an option of pig\)/));
  it("missing replay argument", async () => {
    const res = await runCli(["replay"]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^muster: missing required argument 'record'/);
  });
});

describe("core records: registry, checkpoints, derived seeds", () => {
  it("the battle catalog registers its games for replay by id", () => {
    expect(registeredGameIds()).toEqual(expect.arrayContaining(["pig", "shove"]));
    expect(findGame("pig")).toBe(pig);
    expect(findGame("chess")).toBeUndefined();
  });

  it("C-2: checkedRecord + verifyRecord round-trip over random games; any single changed checkpoint is found at its index (property, fixed seed)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.nat(), (seed, pick) => {
        const options = { target: 20 };
        const played = playOut(pig, pig.setup(options, seed), { p1: randomPlayer(pig, seed), p2: randomPlayer(pig, seed + 1) });
        const rec = checkedRecord(pig, options, seed, played.decisions);
        expect(rec.finalHash).toBe(stateHash(played.state));
        expect(verifyRecord(pig, rec).ok).toBe(true);
        const i = pick % rec.decisions.length;
        const cps = [...(rec.checkpoints ?? [])];
        cps[i] = "0000000000000000";
        const v = verifyRecord(pig, { ...rec, checkpoints: cps });
        expect(v.ok).toBe(false);
        if (!v.ok) expect([v.index, v.kind]).toEqual([i, "checkpoint"]);
      }),
      { seed: 404, numRuns: 200 },
    );
  });

  it("deriveSeed: depends only on (seed, index), spreads neighbours, stays a safe positive int", () => {
    expect(deriveSeed(7, 3)).toBe(deriveSeed(7, 3));
    const seeds = new Set<number>();
    for (let i = 0; i < 10_000; i++) seeds.add(deriveSeed(42, i));
    expect(seeds.size).toBeGreaterThan(9_990);
    expect(deriveSeed(1, 0)).not.toBe(deriveSeed(2, 0));
    expect(deriveSeed(2 ** 40, 0)).not.toBe(deriveSeed(0, 0));
    for (const s of seeds) expect(Number.isInteger(s) && s >= 0 && s < 2_147_483_647).toBe(true);
    expect(() => deriveSeed(1.5, 0)).toThrow(/seed/);
    expect(() => deriveSeed(1, -1)).toThrow(/index/);
  });
});

describe("muster replay: decisions of the wrong shape", () => {
  it("a decision the game cannot even read is a divergence at its index, not a crash", async () => {
    const r = copy(shoveRecord);
    r.decisions[0] = { ...r.decisions[0], move: 42 };
    const res = await runCli(["replay", save(r)]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^muster: .*diverges at decision 0 \((blue|red): 42\): [^\n]+\n$/);
    expect(res.stderr).not.toMatch(/internal error/);
  });
});
