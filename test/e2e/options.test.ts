/**
 * End to end, the new-battle form's rules options and army files (issue 16): the options fold
 * into "Rules options", each house rule labelled with its ruling; a house-rule turn limit set in
 * the form is in effect in the battle ("Turn 1 of 4"); a bad army file shows the engine's named
 * error (SW-5, SW-6). Screenshots, desktop and phone: test-results/screenshots/options-*.png.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fyrdJson from "../../data/shieldwall/armies/raid-lindisfarne-fyrd.json" with { type: "json" };
import { haveChromium, required, SHOTS, useHarness } from "./harness.js";

describe.skipIf(!haveChromium && !required)("web app end to end: rules options and army files", () => {
  const h = useHarness();
  const dir = mkdtempSync(join(tmpdir(), "muster-e2e-options-"));


  it("folds every option into Rules options, house rules labelled, readable on desktop and phone", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await h.open("", size);
      await page.waitForSelector('[data-testid="rules-options"]');
      expect(await page.locator('[data-testid="rules-options"]').getAttribute("open")).toBeNull();
      await page.screenshot({ path: join(SHOTS, `options-setup-${size}.png`), fullPage: true });
      await page.click('[data-testid="rules-options"] summary');
      const labels = await page.locator('[data-testid="house-rule"]').allTextContents();
      expect(labels).toEqual(["house rule, ruling SW-25", "house rule, ruling SW-25", "house rule, ruling Unpaid acceptance"]);
      await page.locator('[data-testid="option-turnLimit"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `options-open-${size}.png`) });
      await page.locator('[data-testid="option-unpaidAcceptance"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `options-rules-${size}.png`) });
      // On the phone nothing is wider than the screen.
      const width = await page.evaluate<number>("document.documentElement.scrollWidth");
      expect(width).toBeLessThanOrEqual(size === "phone" ? 390 : 1366);
      await page.close();
    }
  }, 120_000);

  it("a house-rule turn limit set in the form is in effect in the battle", async () => {
    const page = await h.open("");
    await page.selectOption('[data-testid="scenario"]', "raid");
    await page.selectOption('[data-testid="player-red"]', "commander");
    await page.selectOption('[data-testid="player-black"]', "commander");
    await page.click('[data-testid="rules-options"] summary');
    expect(await page.inputValue('[data-testid="option-turnLimit"]')).toBe("10");
    await page.fill('[data-testid="option-turnLimit"]', "4");
    expect(await page.textContent('[data-testid="rules-options"] summary')).toContain("1 changed");
    await page.selectOption('[data-testid="speed"]', { label: "Fast" });
    await page.click('[data-testid="start"]');
    await page.waitForFunction(`/Turn \\d+ of 4/.test(document.querySelector('[data-testid="turn"]')?.textContent ?? "")`, undefined, { timeout: 120_000 });
    expect(await page.textContent('[data-testid="turn"]')).toMatch(/^Turn \d+ of 4/);
    await page.screenshot({ path: join(SHOTS, "options-battle-turn-limit.png") });
    await page.close();
  }, 180_000);

  it("a bad army file shows the engine's named error and starts nothing", async () => {
    const bad = join(dir, "bad-army.json");
    writeFileSync(bad, JSON.stringify({ ...fyrdJson, contingents: fyrdJson.contingents.slice(0, 1) }));
    const page = await h.open("", "phone");
    await page.setInputFiles('[data-testid="army-file-black"]', bad);
    await page.click('[data-testid="start"]');
    const err = await page.waitForSelector('[data-testid="start-error"]');
    expect(await err.textContent()).toMatch(/^black army \(bad-army\.json\): contingents: an army has 2 to 5 contingents, this one has 1 \(rule SW-5\).*\(rule SW-6\)$/);
    expect(await page.locator('[data-testid="battle"]').count()).toBe(0);
    await err.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "options-bad-army-phone.png") });
    // A fresh form, a turn limit out of range: the scenario format's named error.
    await page.reload();
    await page.click('[data-testid="rules-options"] summary');
    await page.fill('[data-testid="option-turnLimit"]', "0");
    await page.click('[data-testid="start"]');
    await page.waitForFunction(`/options[.]turnLimit/.test(document.querySelector('[data-testid="start-error"]')?.textContent ?? "")`);
    expect(await page.textContent('[data-testid="start-error"]')).toBe("options.turnLimit: must be at least 1, got 0 (battle scenario format)");
    await page.close();
    expect(h.errors).toEqual([]);
  }, 60_000);
});
