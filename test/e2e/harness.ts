/**
 * What the browser tests share: Debian's chromium through playwright-core (no browser is
 * downloaded), the web app built with Vite and served by `muster serve --port 0`, and where
 * screenshots go. Without /usr/bin/chromium the tests skip, except with CI=true.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

export const CHROMIUM = process.env.MUSTER_CHROMIUM ?? "/usr/bin/chromium";
export const ROOT = join(import.meta.dirname, "..", "..");
export const SHOTS = join(ROOT, "test-results", "screenshots");
export const haveChromium = existsSync(CHROMIUM);
export const required = process.env.CI === "true";

export type Browser = import("playwright-core").Browser;
export type Page = import("playwright-core").Page;

if (!haveChromium && !required) {
  console.warn(`e2e: skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium; with CI=true this test fails instead)`);
}

/** Builds the web app and serves it; resolves with the address `muster serve` prints first and a stop function. */
export async function serveApp(): Promise<{ url: string; stop: () => void }> {
  if (!haveChromium) throw new Error(`CI=true but there is no chromium at ${CHROMIUM}: .ci/run installs the Debian package chromium`);
  if (!existsSync(join(ROOT, "dist", "src", "cli", "serve.js"))) throw new Error("the CLI is not built: run npm run build (npm ci does it)");
  const { build } = await import("vite");
  await build({ configFile: join(ROOT, "web", "vite.config.ts"), logLevel: "warn" });
  const server: ChildProcess = spawn(process.execPath, [join(ROOT, "bin", "muster.js"), "serve", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((ok, fail) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) ok(out.slice(0, nl).trim());
    });
    server.stderr!.on("data", (d: Buffer) => fail(new Error(`muster serve: ${d.toString()}`)));
    server.on("exit", (code) => fail(new Error(`muster serve exited with ${code}`)));
  });
  mkdirSync(SHOTS, { recursive: true });
  return { url, stop: () => server.kill() };
}

/** Debian's chromium, headless, with the flags the working agreement names. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

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
