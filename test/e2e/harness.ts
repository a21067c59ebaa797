/**
 * Shared set-up of the browser tests: builds the web app, serves it with `muster serve --port 0`
 * and launches Debian's chromium through playwright-core (no browser download), with the desktop
 * and phone viewports the tests use and a collector of page errors. Skipped without chromium
 * unless CI=true (then the test fails). Used by companion.test.ts; the older tests still carry
 * their own copy of the same steps.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

export const CHROMIUM = process.env.MUSTER_CHROMIUM ?? "/usr/bin/chromium";
export const ROOT = join(import.meta.dirname, "..", "..");
export const SHOTS = join(ROOT, "test-results", "screenshots");
export const haveChromium = existsSync(CHROMIUM);
export const chromiumRequired = process.env.CI === "true";

export type Browser = import("playwright-core").Browser;
export type Page = import("playwright-core").Page;

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

/** Builds the app, starts the server on a free port and launches chromium. */
export async function startHarness(): Promise<Harness> {
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
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
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
      server.kill();
    },
  };
}
