/**
 * Issue 15: every interactive game saves a replayable record with `--out` (finished or not, the
 * place checked before play), offers undo of your own last choice, and exits at its end.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { GameRecord } from "../../src/core/game.js";
import { runPlay } from "../../src/cli/contest/play.js";
import { runHumanDuel } from "../../src/cli/shieldwall/personal-combat-play.js";
import { duelPlayer } from "../../src/rulesets/shieldwall/duel/ai.js";
import { dealDuel, type ShieldwallDuelSetup } from "../../src/rulesets/shieldwall/duel/game.js";
import { cardCode } from "../../src/core/cards.js";
import { runCli, scratchFiles } from "../helpers/cli.js";

const root = resolve(import.meta.dirname, "..", "..");
const files = scratchFiles("muster-interactive-");
const LEADERS: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } };
const contest = (computer: "A" | "B" | null) => ({
  file: { a: { profile: "hector", assistants: 0 }, b: { profile: "achilles", assistants: 0 }, distance: 0 },
  computer,
  seed: 4,
  seedGiven: true,
  exchangeLimit: 200,
  hide: false,
});

async function replays(record: unknown): Promise<string> {
  const file = files.next(record);
  const r = await runCli(["replay", file]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return r.stdout;
}

async function* forever(first: string[], then: string): AsyncGenerator<string> {
  for (const l of first) yield l;
  for (;;) yield then;
}

describe("issue 15: duel play (Contest of Champions) saves a record and offers undo", () => {
  it("a finished duel's record replays with muster replay (one verifier for every game)", async () => {
    let saved: { record: GameRecord; finished: boolean } | undefined;
    const summary = await runPlay({ ...contest("B"), onRecord: (record, finished) => (saved = { record, finished }) }, Array.from({ length: 400 }, () => "1"), () => {});
    expect(saved?.finished).toBe(true);
    expect(saved?.record.game).toBe("contest-of-champions");
    expect(saved?.record.decisions.length).toBe(2 * summary.exchanges);
    expect(await replays(saved?.record)).toMatch(/^Verified: contest-of-champions/);
  });

  it("input that ends early still gives the unfinished duel's record, which replays", async () => {
    let saved: { record: GameRecord; finished: boolean } | undefined;
    await expect(runPlay({ ...contest("B"), onRecord: (record, finished) => (saved = { record, finished }) }, ["1"], () => {})).rejects.toThrow(/standard input ended/);
    expect(saved?.finished).toBe(false);
    expect(saved?.record.decisions.length).toBe(2);
    await replays(saved?.record);
  });

  it("undo takes back your own last choice and the computer's after it; the same cards then give the same exchange", async () => {
    let text = "";
    let saved: GameRecord | undefined;
    // Card 1 in exchange 1, undo, then card 2 instead; then card 1 until the end.
    await runPlay({ ...contest("B"), onRecord: (r) => (saved = r) }, ["undo", "1", "undo", "2", ...Array.from({ length: 400 }, () => "1")], (s) => (text += s));
    expect(text).toMatch(/Nothing to undo: you have made no choice yet/);
    expect(text).toMatch(/Undone: back to your choice in exchange 1\./);
    const plain: GameRecord[] = [];
    await runPlay({ ...contest("B"), onRecord: (r) => plain.push(r) }, ["2", ...Array.from({ length: 400 }, () => "1")], () => {});
    expect((saved?.decisions[0].move as { card: string }).card).toBe((plain[0].decisions[0].move as { card: string }).card);
    await replays(saved);
  });

  it("hot-seat undo goes back to the player's own last choice (the other's later choice is taken back with it)", async () => {
    let text = "";
    let saved: GameRecord | undefined;
    await runPlay({ ...contest(null), onRecord: (r) => (saved = r) }, ["1", "1", "1", "undo", "2", ...Array.from({ length: 400 }, () => "1")], (s) => (text += s)).catch(() => {});
    expect(text).toMatch(/Undone: back to your choice in exchange 1\./);
    expect(saved?.decisions.slice(0, 2).map((d) => d.player)).toEqual(["A", "B"]);
    await replays(saved);
  });

  it.skipIf(!existsSync(join(root, "dist", "src", "cli", "main.js")))(
    "duel play exits when the duel ends, although its input stays open, and saves the record",
    async () => {
      const out = join(files.dir, "contest-exit.json");
      const child = spawn(process.execPath, [join(root, "bin", "muster.js"), "--seed", "4", "duel", "play", "--vs", "computer", "--distance", "0", "--out", out], { stdio: ["pipe", "pipe", "pipe"] });
      child.stdin.write("1\n".repeat(400));
      // The input is never closed: the program must end by itself.
      const code = await new Promise<number | null>((done) => {
        const timer = setTimeout(() => {
          child.kill();
          done(null);
        }, 20_000);
        child.on("exit", (c) => {
          clearTimeout(timer);
          done(c);
        });
      });
      expect(code).toBe(0);
      expect((await runCli(["replay", out])).code).toBe(0);
    },
    30_000,
  );
});

describe("issue 15: sw duel saves a record and offers undo", () => {
  it("sw duel --out saves a record that replays; a second run keeps it without --force", async () => {
    const out = join(files.dir, "sw-duel.json");
    const r = await runCli(["--seed", "3", "sw", "duel", "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Duel saved to .*sw-duel\.json \(muster replay/);
    const before = readFileSync(out, "utf8");
    expect(await replays(JSON.parse(before))).toMatch(/^Verified: shieldwall-duel/);
    const again = await runCli(["--seed", "4", "sw", "duel", "--out", out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/--out: cannot save the game record to .*the file exists \(add --force to replace it\)/);
    expect(readFileSync(out, "utf8")).toBe(before);
    expect((await runCli(["--seed", "4", "sw", "duel", "--out", out, "--force"])).code).toBe(0);
    expect(readFileSync(out, "utf8")).not.toBe(before);
  });

  it("sw duel --out to a place that takes no files is refused before the duel", async () => {
    writeFileSync(join(files.dir, "a-file"), "x");
    const r = await runCli(["--seed", "3", "sw", "duel", "--out", join(files.dir, "a-file", "duel.json")]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/--out: cannot save the game record/);
  });

  it("at the keyboard, undo takes back your own last choice; the record of the duel as played replays", async () => {
    const start = dealDuel(LEADERS, 3);
    let out = "";
    let saved: GameRecord | undefined;
    await runHumanDuel(LEADERS, 3, "a", duelPlayer("ai", 7), forever(["undo", "1 2", "undo", "1 3"], "1"), (t) => (out += t), (r) => (saved = r));
    expect(out).toMatch(/Nothing to undo: you have made no choice yet/);
    expect(out).toMatch(/Undone: choose again\./);
    const discard = saved?.decisions.find((d) => d.player === "a")?.move as { type: string; cards: string[] };
    expect(discard).toEqual({ type: "discard", cards: [cardCode(start.hands.a[0]), cardCode(start.hands.a[2])] });
    expect(await replays(saved)).toMatch(/^Verified: shieldwall-duel/);
  });

  it("at the keyboard, quitting still saves the unfinished duel", async () => {
    let saved: { record: GameRecord; finished: boolean } | undefined;
    await expect(runHumanDuel(LEADERS, 3, "a", duelPlayer("ai", 7), forever(["1 2", "quit"], "1"), () => {}, (record, finished) => (saved = { record, finished }))).rejects.toThrow(/abandoned/);
    expect(saved?.finished).toBe(false);
    await replays(saved?.record);
  });
});

describe("issue 15: a bad decision in a personal-combat record is refused by name", () => {
  it("a play without its card, or a discard of cards that are not text, is a named divergence, not 'undefined'", async () => {
    const out = join(files.dir, "sw-duel-bad.json");
    await runCli(["--seed", "3", "sw", "duel", "--out", out]);
    const record = JSON.parse(readFileSync(out, "utf8")) as GameRecord;
    const play = record.decisions.findIndex((d) => (d.move as { type: string }).type === "play");
    const noCard = structuredClone(record);
    delete (noCard.decisions[play].move as { card?: string }).card;
    const r1 = await runCli(["replay", files.next(noCard)]);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(/diverges at decision \d+ .*a play names its card as text/);
    expect(r1.stderr).not.toMatch(/undefined/);
    const badDiscard = structuredClone(record);
    (badDiscard.decisions[0].move as { cards: unknown[] }).cards = [1, { x: 2 }];
    const r2 = await runCli(["replay", files.next(badDiscard)]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/discarded cards are named as text/);
  });
});
