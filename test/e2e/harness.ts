/**
 * Shared by the browser tests: Debian's chromium through playwright-core (never a downloaded
 * browser), the web app built and served by `muster serve --port 0`, the desktop and phone
 * viewports, a collector of page errors (`startHarness`), and the duel panel's clicks.
 */
import { afterAll, beforeAll } from "vitest";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildWeb, CHROMIUM, CHROMIUM_ARGS, launchChromium, serveWeb } from "../../scripts/web-browser.js";

export { CHROMIUM, CHROMIUM_ARGS };
export const ROOT = join(import.meta.dirname, "..", "..");
export const SHOTS = join(ROOT, "test-results", "screenshots");
export const haveChromium = existsSync(CHROMIUM);
export const chromiumRequired = process.env.CI === "true";
/** The same as {@link chromiumRequired}. */
export const required = chromiumRequired;

export type Page = import("playwright-core").Page;
export type Browser = import("playwright-core").Browser;

if (!haveChromium && !chromiumRequired) {
  console.warn(`e2e: skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium; with CI=true this test fails instead)`);
}

export const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

export interface Harness {
  url: string;
  browser: Browser;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  open(hash: string, size?: keyof typeof VIEWPORTS): Promise<Page>;
  close(): Promise<void>;
}

/** Builds the web app and starts `muster serve --port 0` (scripts/web-browser.ts, shared with the web bench): its address and a stop function. */
export async function serveWebApp(): Promise<{ url: string; stop: () => void }> {
  if (!haveChromium) throw new Error(`CI=true but there is no chromium at ${CHROMIUM}: .ci/run installs the Debian package chromium`);
  await buildWeb(ROOT);
  const served = await serveWeb(ROOT);
  mkdirSync(SHOTS, { recursive: true });
  return served;
}

/** Builds the web app and serves it: the address `muster serve` prints first and a stop function. */
export const serveApp = serveWebApp;

export { launchChromium };

/** Page errors and console errors, collected for a final "no errors" check. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

/** Waits for the battle's next snapshot after an action (the battle element's data-seq changes). */
export async function afterNextSnapshot(page: Page, act: () => Promise<void>, timeout = 60_000): Promise<void> {
  const seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
  await act();
  await page.waitForFunction(`document.querySelector('[data-testid="battle"]')?.getAttribute("data-seq") !== ${JSON.stringify(seq)}`, undefined, { timeout });
}

/** Waits for the engine's answer to a click: a snapshot newer than `seq`. */
export async function waitPast(page: Page, seq: string | null): Promise<void> {
  await page.waitForFunction(`document.querySelector('[data-testid="battle"]')?.getAttribute("data-seq") !== ${JSON.stringify(seq)}`, undefined, { timeout: 60_000 });
}

/**
 * One duel decision by clicking, if the duel panel offers one (its hand uncovered first in the
 * hot seat): picks the first cards to discard and discards them, or plays the first playable
 * card. Returns whether it decided.
 */
export async function duelStep(page: Page): Promise<boolean> {
  if ((await page.locator('[data-testid="duel-panel"]').count()) === 0) return false;
  const reveal = page.locator('[data-testid="duel-reveal"]');
  if ((await reveal.count()) > 0) await reveal.click();
  const seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
  const play = page.locator('[data-testid="duel-play"]');
  if ((await play.count()) > 0) {
    await play.first().click();
    await waitPast(page, seq);
    return true;
  }
  const cards = page.locator('[data-testid="duel-discard-card"]');
  if ((await cards.count()) === 0) return false;
  const discard = page.locator('[data-testid="duel-discard"]');
  for (let i = 0; i < (await cards.count()) && (await discard.isDisabled()); i++) await cards.nth(i).click();
  await discard.click();
  await waitPast(page, seq);
  return true;
}

/**
 * The harness of one describe block: started before its tests (startHarness), closed after them.
 * Call it in the block's body; the harness it returns may be used inside the tests.
 */
export function useHarness(startMs = 240_000): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness();
  }, startMs);
  afterAll(async () => {
    await started?.close();
  });
  const the = (): Harness => {
    if (!started) throw new Error("the e2e harness did not start (see the beforeAll error)");
    return started;
  };
  return {
    get url() {
      return the().url;
    },
    get browser() {
      return the().browser;
    },
    get errors() {
      return the().errors;
    },
    open: (hash, size) => the().open(hash, size),
    close: async () => {
      await started?.close();
      started = undefined;
    },
  };
}

/** Builds the app, starts the server on a free port and launches chromium, with page-error collection. */
export async function startHarness(): Promise<Harness> {
  const { url, stop } = await serveWebApp();
  const browser = await launchChromium();
  const errors: string[] = [];
  return {
    url,
    browser,
    errors,
    async open(hash, size = "desktop") {
      const page = await browser.newPage(VIEWPORTS[size]);
      page.on("pageerror", (e) => errors.push(`${hash}: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(`${hash}: ${m.text()}`);
      });
      await page.goto(`${url}${hash}`);
      return page;
    },
    async close() {
      await browser.close();
      stop();
    },
  };
}

/** Drags from a point by (dx, dy) pixels in steps: a finger on the phone (touch events), the mouse on the desktop. */
export async function dragBy(page: Page, touch: boolean, from: { x: number; y: number }, dx: number, dy: number, steps = 12): Promise<void> {
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + (dx * i) / steps, from.y + (dy * i) / steps);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => [{ x: from.x + (dx * i) / steps, y: from.y + (dy * i) / steps }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (let i = 1; i <= steps; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}
