/**
 * End to end (issue 26): a person asks the computer for a hint in the battle page, sees the
 * strongest level's decision for his side in the engine's words, and plays it; three times in a
 * row, the page answering all the while. Screenshot: test-results/screenshots/hint-*.png.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startBattle } from "../../scripts/web-browser.js";
import { afterNextSnapshot, haveChromium, required, SHOTS, useHarness } from "./harness.js";

describe.skipIf(!haveChromium && !required)("hints in the battle page", () => {
  const h = useHarness();

  it("asks for a hint, shows it with the level that gave it, and applies it", async () => {
    const page = await h.open("");
    page.setDefaultTimeout(120_000);
    await startBattle(page, { scenario: "raid", red: "human", black: "normal", seed: 3, delayMs: "60" });
    for (let n = 0; n < 3; n++) {
      await page.waitForSelector('[data-testid="hint-ask"]');
      await page.click('[data-testid="hint-ask"]');
      await page.waitForSelector('[data-testid="hint"]');
      const text = (await page.textContent('[data-testid="hint"]')) ?? "";
      expect(text).toMatch(/^The (normal|hard) level \((commander|hard)\) would: /);
      const decision = (await page.textContent('[data-testid="hint-text"]')) ?? "";
      expect(decision.length).toBeGreaterThan(3);
      if (n === 0) await page.screenshot({ path: join(SHOTS, "hint-1-shown.png") });
      await afterNextSnapshot(page, () => page.click('[data-testid="hint-play"]'));
      // The person's decision went in as the hint said: the log's newest entries name it.
      await page.waitForFunction(`document.querySelector('[data-testid="log"]')?.textContent?.includes(${JSON.stringify(decision.slice(0, 20))}) ?? false`);
    }
    await page.screenshot({ path: join(SHOTS, "hint-2-played.png") });
    expect(h.errors).toEqual([]);
  }, 600_000);
});
