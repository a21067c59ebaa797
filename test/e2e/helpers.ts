/**
 * Shared pieces of the browser tests: Debian's chromium through playwright-core (never a
 * downloaded browser) with the agreed flags, and `muster serve` started on a free loopback port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export const CHROMIUM = process.env.MUSTER_CHROMIUM ?? "/usr/bin/chromium";
export const ROOT = join(import.meta.dirname, "..", "..");
export const SHOTS = join(ROOT, "test-results", "screenshots");
export const haveChromium = existsSync(CHROMIUM);
/** With CI=true a missing chromium fails the tests instead of skipping them. */
export const chromiumRequired = process.env.CI === "true";

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export async function launchChromium(): Promise<import("playwright-core").Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Builds the web app with Vite (the CLI must be built already: npm run build). */
export async function buildWeb(): Promise<void> {
  if (!existsSync(join(ROOT, "dist", "src", "cli", "serve.js"))) throw new Error("the CLI is not built: run npm run build (npm ci does it)");
  const { build } = await import("vite");
  await build({ configFile: join(ROOT, "web", "vite.config.ts"), logLevel: "warn" });
}

/** `muster serve --port 0 --host 127.0.0.1 …extra`: the process and the address it prints first. */
export function startServe(extra: string[] = []): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [join(ROOT, "bin", "muster.js"), "serve", "--port", "0", "--host", "127.0.0.1", ...extra], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((ok, fail) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) ok({ server, url: out.slice(0, nl).trim() });
    });
    server.stderr!.on("data", (d: Buffer) => fail(new Error(`muster serve: ${d.toString()}`)));
    server.on("exit", (code) => fail(new Error(`muster serve exited with ${code}`)));
  });
}
