/**
 * End to end: builds the web app, starts `muster serve` on a free port, opens the page in Debian's
 * chromium (playwright-core, no downloaded browser), starts Maldon with red played by hand against
 * the commander, and plays it to the result by always clicking the first listed option.
 * Screenshots (desktop 1366×900 and phone 390×844) at the start, mid-battle and the end go to
 * test-results/screenshots/. Skips when /usr/bin/chromium is missing, except with CI=true.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duelStep } from "./harness.js";

const CHROMIUM = process.env.MUSTER_CHROMIUM ?? "/usr/bin/chromium";
const ROOT = join(import.meta.dirname, "..", "..");
const SHOTS = join(ROOT, "test-results", "screenshots");
const haveChromium = existsSync(CHROMIUM);
const required = process.env.CI === "true";

if (!haveChromium && !required) {
  console.warn(`e2e: skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium; with CI=true this test fails instead)`);
}

type Page = import("playwright-core").Page;

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
    const seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
    await option.click();
    clicks++;
    // Wait for the engine's answer (a new snapshot) before the next click.
    await page.waitForFunction(`document.querySelector('[data-testid="battle"]')?.getAttribute("data-seq") !== ${JSON.stringify(seq)}`, undefined, { timeout: 60_000 });
  }
  const headline = (await page.textContent('[data-testid="result"] strong')) ?? "";
  const reason = (await page.textContent('[data-testid="result"] span')) ?? "";
  return { clicks, result: `${headline} — ${reason}` };
}

describe.skipIf(!haveChromium && !required)("web app end to end", () => {
  let server: ChildProcess | null = null;
  let url = "";

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI=true but there is no chromium at ${CHROMIUM}: .ci/run installs the Debian package chromium`);
    if (!existsSync(join(ROOT, "dist", "src", "cli", "serve.js"))) throw new Error("the CLI is not built: run npm run build (npm ci does it)");
    const { build } = await import("vite");
    await build({ configFile: join(ROOT, "web", "vite.config.ts"), logLevel: "warn" });
    server = spawn(process.execPath, [join(ROOT, "bin", "muster.js"), "serve", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    url = await new Promise<string>((ok, fail) => {
      let out = "";
      server!.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        const nl = out.indexOf("\n");
        if (nl >= 0) ok(out.slice(0, nl).trim());
      });
      server!.stderr!.on("data", (d: Buffer) => fail(new Error(`muster serve: ${d.toString()}`)));
      server!.on("exit", (code) => fail(new Error(`muster serve exited with ${code}`)));
    });
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(() => {
    server?.kill();
  });

  it("serves the address as the first line of output", () => {
    expect(url).toMatch(/^http:\/\/localhost:\d+\/$/);
  });

  it("plays a whole Maldon battle by hand (red) against the commander to the result", async () => {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const desktop = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      const errors: string[] = [];
      desktop.on("pageerror", (e) => errors.push(e.message));
      desktop.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
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
        await page.selectOption("select:not([data-testid])", "60");
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
