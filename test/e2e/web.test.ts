/**
 * End to end: builds the web app, starts `muster serve` on a free port, opens the page in Debian's
 * chromium (playwright-core, no downloaded browser), starts Maldon with red played by hand against
 * the commander, and plays it to the result by always clicking the first listed option.
 * Screenshots (desktop 1366×900 and phone 390×844) at the start, mid-battle and the end go to
 * test-results/screenshots/. Skips when /usr/bin/chromium is missing, except with CI=true.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterNextSnapshot, collectErrors, duelStep, haveChromium, launchChromium, type Page, required, serveApp, SHOTS } from "./harness.js";

/** Clicks the first listed option until the result shows; a screenshot once turn 3 is reached. */
async function playToResult(page: Page, name: string): Promise<{ clicks: number; result: string }> {
  let clicks = 0;
  let midShot = false;
  const deadline = Date.now() + 250_000;
  for (;;) {
    expect(Date.now(), "the battle ends in time").toBeLessThan(deadline);
    if ((await page.locator('[data-testid="result"]').count()) > 0) break;
    const option = page.locator('[data-testid="option"]').first();
    // A personal combat is played in its own panel (issue 14 item 17).
    if ((await option.count()) === 0 && (await duelStep(page))) {
      clicks++;
      continue;
    }
    if ((await option.count()) === 0) {
      await page.waitForSelector('[data-testid="option"], [data-testid="result"], [data-testid="duel-play"], [data-testid="duel-discard-card"]', { timeout: 60_000 });
      continue;
    }
    const turn = Number(/Turn (\d+)/.exec((await page.textContent('[data-testid="turn"]')) ?? "")?.[1] ?? 0);
    const subject = page.locator('[data-testid="subject"]').first();
    if (!midShot && turn >= 3 && ((await subject.count()) > 0 || turn >= 5)) {
      // Show a unit's card (the option group's heading selects its unit) and preview the first option.
      if ((await subject.count()) > 0) await subject.click();
      if (name === "desktop") await option.hover();
      await page.screenshot({ path: join(SHOTS, `${name}-2-mid.png`) });
      midShot = true;
    }
    // Wait for the engine's answer (a new snapshot) before the next click.
    await afterNextSnapshot(page, () => option.click());
    clicks++;
  }
  const headline = (await page.textContent('[data-testid="result"] strong')) ?? "";
  const reason = (await page.textContent('[data-testid="result"] span')) ?? "";
  return { clicks, result: `${headline} — ${reason}` };
}

describe.skipIf(!haveChromium && !required)("web app end to end", () => {
  let stop: (() => void) | null = null;
  let url = "";

  beforeAll(async () => {
    ({ url, stop } = await serveApp());
  }, 120_000);

  afterAll(() => {
    stop?.();
  });

  it("serves the address as the first line of output", () => {
    expect(url).toMatch(/^http:\/\/localhost:\d+\/$/);
  });

  it("plays a whole Maldon battle by hand (red) against the commander to the result", async () => {
    const browser = await launchChromium();
    try {
      const desktop = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      const errors = collectErrors(desktop);
      await desktop.goto(url);
      await phone.goto(url);
      await desktop.screenshot({ path: join(SHOTS, "desktop-0-setup.png") });
      await phone.screenshot({ path: join(SHOTS, "phone-0-setup.png") });

      // The same battle on both screens: Maldon, red by hand, black the commander, seed 7, fast computer.
      for (const page of [desktop, phone]) {
        await page.selectOption('[data-testid="scenario"]', "maldon-991");
        await page.selectOption('[data-testid="player-red"]', "human");
        await page.selectOption('[data-testid="player-black"]', "commander");
        await page.fill('[data-testid="seed"]', "7");
        await page.selectOption('[data-testid="speed"]', "60");
        await page.click('[data-testid="start"]');
        await page.waitForSelector('[data-testid="option"], [data-testid="result"]');
      }
      // A tap on open ground in red's zone picks the nearest legal deployment and previews it.
      const box = (await desktop.locator('[data-testid="table"]').boundingBox())!;
      await desktop.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.61);
      await desktop.waitForSelector('[data-testid="picked"]');
      await desktop.screenshot({ path: join(SHOTS, "desktop-1-start.png") });
      await phone.screenshot({ path: join(SHOTS, "phone-1-start.png") });

      const desktopRun = await playToResult(desktop, "desktop");
      const phoneRun = await playToResult(phone, "phone");
      expect(phoneRun.result).toBe(desktopRun.result);
      const clicks = desktopRun.clicks;
      const result = desktopRun.result;
      expect(result).toMatch(/wins|draw/i);
      expect(clicks).toBeGreaterThan(5);
      await desktop.screenshot({ path: join(SHOTS, "desktop-3-end.png") });
      await phone.screenshot({ path: join(SHOTS, "phone-3-end.png") });
      expect(errors, "no page errors").toEqual([]);
      console.log(`e2e: Maldon played to the result in ${clicks} decisions by hand: ${result}`);
    } finally {
      await browser.close();
    }
  }, 600_000);
});
