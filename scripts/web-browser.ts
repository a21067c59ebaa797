/**
 * The web app in a real browser, for the e2e tests and the `web` bench: build it once with Vite,
 * serve it with `muster serve --port 0` (a free port on this machine) and drive Debian's chromium
 * through playwright-core (no browser is downloaded). `MUSTER_CHROMIUM` names another binary.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

export const CHROMIUM = process.env.MUSTER_CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** The repository root (this file runs from scripts/ or, compiled, from dist/scripts/). */
export function repoRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, "package.json")) || !existsSync(join(dir, "web"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("no package.json above scripts/");
    dir = up;
  }
  return dir;
}

/** Builds the web app into web/dist/ (Vite). */
export async function buildWeb(root = repoRoot()): Promise<void> {
  const { build } = await import("vite");
  await build({ configFile: join(root, "web", "vite.config.ts"), logLevel: "warn" });
}

/** Starts `muster serve --port 0`; resolves with the address it prints first and a stop function. */
export async function serveWeb(root = repoRoot()): Promise<{ url: string; stop: () => void }> {
  if (!existsSync(join(root, "dist", "src", "cli", "serve.js"))) throw new Error("the CLI is not built: run npm run build");
  const server: ChildProcess = spawn(process.execPath, [join(root, "bin", "muster.js"), "serve", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
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
  return { url, stop: () => server.kill() };
}

export async function launchChromium(): Promise<import("playwright-core").Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Starts a battle from the setup screen: a shipped scenario, who plays each side, the seed and the computer's pace (ms). */
export async function startBattle(page: import("playwright-core").Page, opts: { scenario: string; red: string; black: string; seed: number; delayMs: string }): Promise<void> {
  await page.selectOption('[data-testid="scenario"]', opts.scenario);
  await page.selectOption('[data-testid="player-red"]', opts.red);
  await page.selectOption('[data-testid="player-black"]', opts.black);
  await page.fill('[data-testid="seed"]', String(opts.seed));
  await page.selectOption('[data-testid="speed"]', opts.delayMs);
  await page.click('[data-testid="start"]');
  await page.waitForSelector('[data-testid="option"], [data-testid="result"], [data-testid="whose"]');
}

/**
 * Clicks the first listed option of the battle page, one decision at a time, until `stop` returns
 * something other than null (returned) or throws; throws `late` once `timeoutMs` has passed.
 */
export async function clickOptionsUntil<T>(page: import("playwright-core").Page, stop: () => Promise<T | null>, timeoutMs: number, late: string, onClick?: () => void): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error(late);
    const found = await stop();
    if (found !== null) return found;
    const option = page.locator('[data-testid="option"]').first();
    if ((await option.count()) === 0) {
      await page.waitForSelector('[data-testid="option"], [data-testid="result"]', { timeout: 120_000 });
      continue;
    }
    const seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
    await option.click();
    onClick?.();
    await page.waitForFunction(`document.querySelector('[data-testid="battle"]')?.getAttribute("data-seq") !== ${JSON.stringify(seq)}`, undefined, { timeout: 120_000 });
  }
}

/** Clicks the first listed option until turn 2 begins (or the battle ends): one whole turn; returns the clicks. */
export async function playFirstTurn(page: import("playwright-core").Page, timeoutMs = 300_000): Promise<number> {
  let clicks = 0;
  await clickOptionsUntil(
    page,
    async () => {
      const turn = (await page.textContent('[data-testid="turn"]')) ?? "";
      return /^Turn [2-9]/.test(turn) || (await page.locator('[data-testid="result"]').count()) > 0 ? true : null;
    },
    timeoutMs,
    `turn 2 within ${timeoutMs / 1000} s`,
    () => clicks++,
  );
  return clicks;
}

/**
 * Clicks the first listed option until the table's hook says a person has a unit to drag (a move
 * decision with listed headings); returns that unit. Throws if the battle ends first or the time
 * runs out.
 */
export function playUntilMover(page: import("playwright-core").Page, timeoutMs = 240_000): Promise<string> {
  return clickOptionsUntil(
    page,
    async () => {
      if ((await page.locator('[data-testid="result"]').count()) > 0) throw new Error("the battle ended before a person had a unit to move");
      const mover = await page.evaluate("typeof __musterTable === 'undefined' ? null : __musterTable.mover()");
      return typeof mover === "string" ? mover : null;
    },
    timeoutMs,
    `no move decision for a person within ${timeoutMs} ms`,
  );
}
