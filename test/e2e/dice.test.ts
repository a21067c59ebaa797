/**
 * End to end for the dice calculator (issue 25): the odds page in Debian's chromium shows
 * `4d6kh3` with its mean and variance as numbers (not percentages), its chart, the meaning of
 * each term; the address holds the expression and the explode depth; a long fraction is
 * shortened and shows its exact value on tap; a bad expression is named beside its field.
 * Screenshots go to test-results/screenshots/dice-*.png. Skips without /usr/bin/chromium,
 * except with CI=true.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chromiumRequired, haveChromium, type Page, SHOTS, useHarness } from "./harness.js";

describe.skipIf(!haveChromium && !chromiumRequired)("issue 25: the dice odds page end to end", () => {
  const harness = useHarness();

  const figure = (page: Page, label: string) => page.textContent(`[data-figure="${label}"]`);

  it("4d6kh3: the mean and variance are numbers, the chart and the terms are shown, desktop and phone", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await harness.open("#/odds/dice?dice=4d6kh3", size);
      await page.waitForSelector('[data-figure="mean"]');
      expect(await figure(page, "dice")).toBe("4d6kh3");
      expect(await figure(page, "mean")).toBe("15869/1296 ≈ 12.2446");
      expect(await figure(page, "mean")).not.toContain("%");
      expect(await figure(page, "variance")).toBe("≈ 8.1045");
      expect(await figure(page, "standard deviation")).toBe("≈ 2.8468");
      // The long fraction's exact value on tap, hidden again on a second tap.
      const variance = page.locator('[data-figure="variance"] button');
      await variance.click();
      expect(await figure(page, "variance")).toBe("13612487/1679616 ≈ 8.1045");
      expect(await variance.getAttribute("aria-expanded")).toBe("true");
      await variance.click();
      expect(await figure(page, "variance")).toBe("≈ 8.1045");
      expect(await page.locator(".calc-result .dist-chart canvas").count()).toBe(1);
      expect(await page.textContent(".calc-result .dist-chart figcaption")).toContain("18 7/432 (1.62%)");
      expect(await page.textContent(".calc-result .notes")).toContain("4d6kh3: 4 D6, keep the highest 3");
      await page.screenshot({ path: join(SHOTS, `dice-4d6kh3-${size}.png`), fullPage: true });
      await page.close();
    }
  }, 120_000);

  it("typing 3d6! and an explode depth puts both in the address; the link opened fresh shows the same", async () => {
    const page = await harness.open("#/odds/dice?dice=2d6");
    await page.waitForSelector('[data-figure="mean"]');
    expect(await figure(page, "mean")).toBe("7");
    await page.fill("#f-dice", "3d6!");
    await page.waitForSelector('[data-figure="explode depth"]');
    expect(await figure(page, "explode depth")).toBe("2 (at most 2 extra throws per die)");
    await page.fill("#f-explodeDepth", "3");
    await page.waitForFunction(`document.querySelector('[data-figure="explode depth"]')?.textContent?.startsWith("3 ")`);
    expect(page.url()).toContain("dice=3d6%21");
    expect(page.url()).toContain("explodeDepth=3");
    const mean = await figure(page, "mean");
    // 3 × 7/2 × (1 + 1/6 + 1/36 + 1/216) = 1813/144
    expect(mean).toBe("1813/144 ≈ 12.5903");
    const again = await harness.open(`#${page.url().split("#")[1]}`, "phone");
    await again.waitForSelector('[data-figure="explode depth"]');
    expect(await figure(again, "mean")).toBe(mean);
    await page.close();
    await again.close();
  }, 120_000);

  it("a bad expression is refused beside the dice field, naming the part; 1d7 is a die", async () => {
    const page = await harness.open("#/odds/dice?dice=4d6kh5");
    await page.waitForSelector('.field-error[data-field="dice"]');
    expect(await page.textContent('.field-error[data-field="dice"]')).toContain('"4d6kh5": "kh5" keeps 5 of 4 dice; between 1 and 4');
    await page.fill("#f-dice", "1d7");
    await page.waitForSelector('[data-figure="mean"]');
    expect(await figure(page, "mean")).toBe("4");
    expect(await page.locator('.field-error[data-field="dice"]').count()).toBe(0);
    await page.close();
    expect(harness.errors).toEqual([]);
  }, 120_000);
});
