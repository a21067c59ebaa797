/**
 * End to end, every decision by hand (issue 16): a saved hot-seat Maldon continued at a leader's
 * signal to advance, the battle standard's extra inch ticked unit by unit from the engine's list
 * and sent; a contingent deployed at the player's own place off the grid (and one refused); an unformed move's stands each given its own heading in the move form; and on a phone (390×844) an open table tool's panel sits inside the table's section,
 * above the decision panel, not over it. Screenshots: test-results/screenshots/decisions-*.png.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeRecord } from "../../src/core/game.js";
import { type BattleDecision, type BattleState, battleGame, createBattle, signalStandardChoices } from "../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "../shieldwall/battle/setup.js";
import { afterNextSnapshot, haveChromium, required, SHOTS, useHarness, type Page } from "./harness.js";

/**
 * A hot-seat Maldon record, played by the first legal option, up to the first state `stop` accepts
 * (the root type-check does not take the web app's Vite-only modules, so this drives the engine itself).
 */
function recordUntil<T>(stop: (s: BattleState) => T | null, seed = 3): { record: string; found: T } {
  const setup = loadSetup("maldon-991.json");
  let s = createBattle(setup.scenario, setup.armies, seed);
  const decisions: { player: string; move: BattleDecision }[] = [];
  for (let n = 0; n < 3000 && !battleGame.result(s); n++) {
    const found = stop(s);
    if (found !== null) return { record: JSON.stringify(makeRecord(battleGame, setup, seed, decisions, s)), found };
    const side = battleGame.toMove(s) as "red" | "black";
    const move = battleGame.legalMoves(s, side)[0];
    decisions.push({ player: side, move });
    s = battleGame.apply(s, side, move).state;
  }
  throw new Error("the battle never reached the wanted decision");
}

/** Up to a signal with the standard's inch for two units or more: the record and the engine's choices. */
function signalRecord(): { record: string; choices: string[] } {
  const { record, found } = recordUntil((s) => {
    const offered = s.pending?.kind === "lead" && battleGame.legalMoves(s, s.pending.side).some((d) => d.type === "lead" && d.action === "signal" && d.standard !== undefined);
    const choices = offered ? signalStandardChoices(s) : [];
    return choices.length >= 2 ? choices : null;
  });
  return { record, choices: found };
}

/** Up to a move decision with a change of direction for a unit of two stands or more: the record, the headings offered and the stands. */
function changeDirectionRecord(): { record: string; offered: number[]; stands: number } {
  const { record, found } = recordUntil((s) => {
    const p = s.pending;
    if (p?.kind !== "move") return null;
    const offered = battleGame.legalMoves(s, battleGame.toMove(s) as "red" | "black").flatMap((d) => (d.type === "move" && d.move.kind === "change-direction" ? [d.move.heading] : []));
    const stands = s.units.find((u) => u.id === p.unit)!.stands.length;
    return offered.length > 1 && stands > 1 ? { offered, stands } : null;
  });
  return { record, ...found };
}

async function continueSaved(page: Page, file: string, ready = '[data-testid="signal-chooser"]'): Promise<void> {
  await page.selectOption('[data-testid="player-red"]', "human");
  await page.selectOption('[data-testid="player-black"]', "human");
  await page.setInputFiles('[data-testid="record-file"]', file);
  await page.click('[data-testid="continue"]');
  await page.waitForSelector(ready);
}

describe.skipIf(!haveChromium && !required)("every decision by hand, end to end", () => {
  const h = useHarness();
  const dir = mkdtempSync(join(tmpdir(), "muster-e2e-"));
  const { record, choices } = signalRecord();
  const saved = join(dir, "maldon-signal.json");
  writeFileSync(saved, record);


  it("deploys at the player's own place off the grid; a place that does not fit shows the engine's reason", async () => {
    const { record: startRecord, found: grid } = recordUntil((s) => (s.pending?.kind === "deploy" ? battleGame.legalMoves(s, s.pending.side).flatMap((d) => (d.type === "deploy" ? [d] : [])) : null));
    const file = join(dir, "maldon-start.json");
    writeFileSync(file, startRecord);
    const page = await h.open("#/battle");
    page.setDefaultTimeout(60_000);
    await continueSaved(page, file, '[data-testid="deploy-form"]');
    await page.click('[data-testid="deploy-form"] summary');
    // Too far from the centre line: refused with the engine's reason, and nothing is deployed.
    await page.fill('[data-testid="deploy-distance"]', "200");
    await page.click('[data-testid="deploy-form-send"]');
    await page.waitForSelector('[data-testid="decision-error"]');
    expect(await page.textContent('[data-testid="decision-error"]')).toMatch(/not wholly on the table/);
    // A quarter inch off the first offered place.
    const x = grid[0].x + 0.25;
    await page.fill('[data-testid="deploy-x"]', String(x));
    await page.fill('[data-testid="deploy-distance"]', String(grid[0].distance));
    await page.screenshot({ path: join(SHOTS, "decisions-desktop-0-deploy-form.png") });
    await afterNextSnapshot(page, () => page.click('[data-testid="deploy-form-send"]'));
    expect(await page.textContent('[data-testid="log"]')).toContain(`at x ${x}"`);
    await page.close();
    expect(h.errors).toEqual([]);
  }, 240_000);

  it("moves an unformed unit's stands each on its own heading from the move form", async () => {
    const { record: moveRecord, offered, stands } = changeDirectionRecord();
    const file = join(dir, "maldon-move.json");
    writeFileSync(file, moveRecord);
    const page = await h.open("#/battle");
    page.setDefaultTimeout(60_000);
    await continueSaved(page, file, '[data-testid="move-form"]');
    await page.click('[data-testid="move-form"] summary');
    await page.selectOption('[data-testid="move-form"] select', "change-direction");
    await page.fill('[data-testid="move-form"] input[type="number"] >> nth=0', String(offered[0]));
    const fields = page.locator('[data-testid="stand-heading"]');
    expect(await fields.count()).toBe(stands);
    const own = Array.from({ length: stands }, (_, i) => String(offered[i % offered.length]));
    for (const [i, v] of own.entries()) await fields.nth(i).fill(v);
    await page.screenshot({ path: join(SHOTS, "decisions-desktop-0-stand-headings.png") });
    await afterNextSnapshot(page, () => page.click('[data-testid="move-form-send"]'));
    expect(await page.textContent('[data-testid="log"]')).toContain(`stands on ${own.join("°/")}°`);
    await page.close();
    expect(h.errors).toEqual([]);
  }, 240_000);

  it("signals the advance with the battle standard's inch for the ticked units only", async () => {
    const page = await h.open("#/battle");
    page.setDefaultTimeout(60_000);
    await continueSaved(page, saved);
    const boxes = page.locator('[data-testid="standard-unit"]');
    expect(await boxes.count()).toBe(choices.length);
    expect(await boxes.evaluateAll((els) => els.map((e) => e.getAttribute("data-unit")))).toEqual(choices);
    // All ticked at first; untick the first.
    await boxes.first().uncheck();
    expect(await page.textContent('[data-testid="signal-send"]')).toContain(`${choices.length - 1} of ${choices.length} take the inch`);
    await page.screenshot({ path: join(SHOTS, "decisions-desktop-1-signal.png") });
    await afterNextSnapshot(page, () => page.click('[data-testid="signal-send"]'));
    const log = (await page.textContent('[data-testid="log"]')) ?? "";
    expect(log).toMatch(/signal the advance, the battle standard's extra inch for /);
    expect(await page.locator('[data-testid="decision-error"]').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "decisions-desktop-2-signalled.png") });
    await page.close();
    expect(h.errors).toEqual([]);
  }, 240_000);

  it("on a phone an open tool panel stays in the table's section, above the decisions", async () => {
    const page = await h.open("#/battle", "phone");
    page.setDefaultTimeout(60_000);
    await continueSaved(page, saved);
    for (const tool of ["tape", "sight", "zones"]) {
      await page.click(`[data-testid="tool-${tool}"]`);
      const panel = await page.locator('[data-testid="tool-panel"]').boundingBox();
      const wrap = await page.locator(".table-wrap").boundingBox();
      const decisions = await page.locator('[data-testid="decisions"]').boundingBox();
      expect(panel && wrap && decisions).toBeTruthy();
      // Inside the table's section, and the decisions start below it.
      expect(panel!.y + panel!.height).toBeLessThanOrEqual(wrap!.y + wrap!.height + 0.5);
      expect(decisions!.y).toBeGreaterThanOrEqual(panel!.y + panel!.height - 0.5);
      if (tool === "tape") {
        await page.locator('[data-testid="tool-panel"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, "decisions-phone-1-tool-panel.png") });
      }
    }
    await page.close();
    expect(h.errors).toEqual([]);
  }, 240_000);
});
