/**
 * End to end, the decision side of play (issue 16): a bad scenario file shows the engine's named
 * error; a saved game (a record made here by two commanders up to red's charge declaration) is
 * continued by hand and shows the charge odds; a decision is undone; the game is saved, the page
 * reloaded, and the record stepped through in the replay viewer with its hash verified; clicking a
 * log entry lights up its units. Screenshots: test-results/screenshots/play-*.png.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRecord } from "../../src/core/game.js";
import { shieldwallPlayers } from "../../src/rulesets/shieldwall/ai/index.js";
import { battleGame, type BattleDecision, createBattle } from "../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "../shieldwall/battle/setup.js";
import { afterNextSnapshot, collectErrors, haveChromium, launchChromium, required, serveApp, SHOTS } from "./harness.js";

/** A Maldon record played by two commanders up to red's first charge declaration with a target to choose. */
function chargeRecord(seed: number): string {
  const setup = loadSetup("maldon-991.json");
  let s = createBattle(setup.scenario, setup.armies, seed);
  const players = { red: shieldwallPlayers.commander.make(1), black: shieldwallPlayers.commander.make(2) };
  const decisions: { player: string; move: BattleDecision }[] = [];
  for (let n = 0; n < 3000 && !battleGame.result(s); n++) {
    if (s.pending?.kind === "charge" && s.pending.side === "red" && battleGame.legalMoves(s, "red").length > 1) break;
    const side = battleGame.toMove(s) as "red" | "black";
    const move = players[side].choose(s, side);
    decisions.push({ player: side, move });
    s = battleGame.apply(s, side, move).state;
  }
  if (s.pending?.kind !== "charge") throw new Error("no charge decision reached");
  return JSON.stringify(makeRecord(battleGame, setup, seed, decisions, s));
}

describe.skipIf(!haveChromium && !required)("web app end to end: odds, undo, save, load and replay", () => {
  let stop: (() => void) | null = null;
  let url = "";
  const dir = mkdtempSync(join(tmpdir(), "muster-e2e-"));

  beforeAll(async () => {
    ({ url, stop } = await serveApp());
  }, 120_000);

  afterAll(() => stop?.());

  it("a bad scenario file shows the engine's named error", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await page.goto(url);
      await page.selectOption('[data-testid="scenario"]', "upload");
      const bad = join(dir, "bad-scenario.json");
      writeFileSync(bad, JSON.stringify({ name: "Nowhere", armies: { red: "nowhere.json", black: "nowhere.json" } }));
      await page.setInputFiles('[data-testid="scenario-file"]', bad);
      await page.click('[data-testid="start"]');
      const err = await page.waitForSelector('[data-testid="start-error"]');
      expect(await err.textContent()).toMatch(/^bad-scenario\.json: .*armies\.red: no shipped army "nowhere\.json"/);
      await page.screenshot({ path: join(SHOTS, "play-0-bad-scenario.png") });
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("continues a saved game to a charge decision with its odds, undoes a decision, saves, reloads and replays the record verified", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
      const errors = collectErrors(page);
      await page.goto(url);
      const saved = join(dir, "maldon-charge.json");
      const made = chargeRecord(3);
      const recorded = JSON.parse(made).decisions.length as number;
      writeFileSync(saved, made);
      // Continue it in hot-seat: red and black both by hand.
      await page.selectOption('[data-testid="player-red"]', "human");
      await page.selectOption('[data-testid="player-black"]', "human");
      await page.setInputFiles('[data-testid="record-file"]', saved);
      await page.click('[data-testid="continue"]');
      await page.waitForSelector('[data-testid="option"]');
      expect(await page.textContent('[data-testid="log"]')).toMatch(/decisions replayed and verified/);

      // The charge odds: the test's chance as an exact fraction and the combat's chart.
      const chargeOption = page.locator('[data-testid="option"]', { hasText: /^charge/ }).first();
      await chargeOption.hover();
      const odds = page.locator('[data-testid="odds"]').first();
      await odds.waitFor();
      expect(await odds.textContent()).toMatch(/Charge test/);
      expect(await page.textContent('[data-testid="odds-headline"]')).toMatch(/charges: (\d+\/\d+|0|1) \(\d+\.\d\d%\)/); // a certain charge shows 1 (100.00%)
      expect(await odds.textContent()).toMatch(/Combat result if the charge goes in/);
      expect(await page.locator('[data-testid="odds"] canvas').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(SHOTS, "play-1-charge-odds.png") });

      // Undo: red's last decisions since chance was seen (how many depends on the game) may be taken back;
      // one is, and the saved record has it no more.
      const undo = page.locator('[data-testid="undo"]');
      const undoable = Number(/^Undo \((\d+)\)$/.exec((await undo.textContent()) ?? "")?.[1] ?? 0);
      expect(undoable).toBeGreaterThanOrEqual(1);
      await afterNextSnapshot(page, () => undo.click());
      if (undoable > 1) expect(await undo.textContent()).toBe(`Undo (${undoable - 1})`);
      expect(await page.textContent('[data-testid="log"]')).toMatch(/took back a decision/);
      await page.screenshot({ path: join(SHOTS, "play-2-undone.png") });

      // Play on (first option each time) until the log shows dice; clicking an entry lights up the units it names.
      let played = 0;
      for (; played < 40 && (await page.locator('[data-testid="dice"]').count()) === 0; played++) {
        // A charge when offered (its test throws dice), else the first option.
        const charge = page.locator('[data-testid="option"]', { hasText: /^charge/ });
        const pick = (await charge.count()) > 0 ? charge.first() : page.locator('[data-testid="option"]').first();
        await afterNextSnapshot(page, () => pick.click());
      }
      const named = page.locator('[data-testid="log-entry"].has-units').last();
      const units = (await named.getAttribute("data-units")) ?? "";
      await named.click();
      expect(await page.getAttribute(".table-wrap", "data-lit")).toBe(units);
      expect(await page.locator('[data-testid="dice"]').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(SHOTS, "play-3-log-lit.png") });

      // Save the game, reload the page, open the record in the replay viewer.
      const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="save"]')]);
      const file = join(dir, "saved-game.json");
      await download.saveAs(file);
      const record = JSON.parse(readFileSync(file, "utf8"));
      expect(record.decisions).toHaveLength(recorded - 1 + played);
      await page.reload();
      await page.setInputFiles('[data-testid="record-file"]', file);
      await page.click('[data-testid="open-replay"]');
      await page.waitForSelector('[data-testid="replay-bar"]');
      expect(await page.textContent('[data-testid="replay-verified"]')).toContain(`verified, hash ${record.finalHash}`);
      expect(await page.textContent('[data-testid="replay-step"]')).toBe(`Step 0 of ${record.decisions.length}`);
      for (let i = 1; i <= 5; i++) {
        await afterNextSnapshot(page, () => page.click('[data-testid="replay-forward"]'));
        expect(await page.textContent('[data-testid="replay-step"]')).toBe(`Step ${i} of ${record.decisions.length}`);
        expect(await page.textContent('[data-testid="replay-decision"]')).toMatch(/^(red|black): /);
      }
      await afterNextSnapshot(page, () => page.click('[data-testid="replay-back"]'));
      expect(await page.textContent('[data-testid="replay-step"]')).toBe(`Step 4 of ${record.decisions.length}`);
      await page.screenshot({ path: join(SHOTS, "play-4-replay.png") });
      expect(errors, "no page errors").toEqual([]);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
