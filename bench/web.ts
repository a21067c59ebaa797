/**
 * The `web` bench section: builds the web app once, serves it on a free port and drives Debian's
 * chromium (playwright-core). Measures the first table render after page load, the frame time
 * while dragging a move's ghost with the Maldon armies on the table, and the JavaScript shipped
 * (gzipped, per chunk and in total). Bounded: the browser part stops after `LIMIT_MS` whatever
 * happens, and the server and browser are always stopped.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWeb, CHROMIUM, launchChromium, playFirstTurn, playUntilMover, repoRoot, serveWeb, startBattle } from "../scripts/web-browser.js";
import type { BenchResults, BenchSection } from "./harness.js";

const LIMIT_MS = 300_000;
/** Pointer moves in the measured drag. */
const DRAG_STEPS = 150;

const kb = (n: number) => Number((n / 1024).toFixed(1));

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(2));
}

/** Gzipped size of every JavaScript chunk in web/dist/assets/ (KiB), and the total. */
function shipped(root: string): Record<string, number> {
  const dir = join(root, "web", "dist", "assets");
  const out: Record<string, number> = {};
  let total = 0;
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".js")).sort()) {
    const n = gzipSync(readFileSync(join(dir, f))).length;
    out[f] = kb(n);
    total += n;
  }
  out.total = kb(total);
  return out;
}

/** Page loads timed for `page_ready_ms` (the first one also fills the browser's cache). */
const PAGE_LOADS = 5;

async function inBrowser(browser: import("playwright-core").Browser, url: string, results: BenchResults): Promise<void> {
  const ready: number[] = [];
  for (let i = 0; i < PAGE_LOADS; i++) {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector('[data-testid="start"]');
    ready.push((await page.evaluate("performance.now()")) as number);
    await page.close();
  }
  results.page_ready_ms = percentile(ready, 50);
  results.page_ready_note = `median of ${PAGE_LOADS} loads: navigation start to the setup screen's Start button`;
  {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector('[data-testid="start"]');
    // First table render: from the Start click to the table drawn (the page marks it).
    await page.selectOption('[data-testid="scenario"]', "maldon-991");
    await page.selectOption('[data-testid="player-red"]', "human");
    await page.selectOption('[data-testid="player-black"]', "commander");
    await page.fill('[data-testid="seed"]', "7");
    await page.selectOption('[data-testid="speed"]', "60");
    await page.evaluate("window.__benchClick = performance.now(); document.querySelector('[data-testid=\"start\"]').click()");
    await page.waitForFunction("performance.getEntriesByName('muster:table-ground').length > 0", undefined, { timeout: 30_000 });
    results.table_first_render_ms = Number(((await page.evaluate("performance.getEntriesByName('muster:table-ground')[0].startTime - window.__benchClick")) as number).toFixed(1));
    // Frame time while dragging a ghost with the Maldon armies on the table.
    const mover = await playUntilMover(page);
    results.drag_units_on_table = (await page.evaluate("__musterTable.drawn()")) as number;
    const from = (await page.evaluate(`__musterTable.standPoint(${JSON.stringify(mover)}, 0)`)) as { x: number; y: number };
    await page.evaluate(`__musterTable.dragWork = []; window.__frames = []; window.__rec = true;
      (function loop(t) { if (!window.__rec) return; window.__frames.push(t); requestAnimationFrame(loop); })(performance.now());`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= DRAG_STEPS; i++) await page.mouse.move(from.x + 40 * Math.sin(i / 10), from.y - (i % 60) * 2);
    await page.mouse.up();
    const frames = (await page.evaluate("window.__rec = false; window.__frames")) as number[];
    const work = (await page.evaluate("__musterTable.dragWork")) as number[];
    const intervals = frames.slice(2).map((t, i) => t - frames[i + 1]);
    results.drag_frames = intervals.length;
    results.drag_frame_interval_p50_ms = percentile(intervals, 50);
    results.drag_frame_interval_p95_ms = percentile(intervals, 95);
    results.drag_pointer_moves = work.length;
    results.drag_work_p50_ms = percentile(work, 50);
    results.drag_work_p95_ms = percentile(work, 95);
    results.drag_note = "interval: time between animation frames while dragging (60 Hz vsync gives 16.7); work: the pointer move's handling and ghost draw";
  }
  results.maldon_turn_clicks = await clicksForATurn(browser, url);
}

/**
 * Issue 25: the clicks a person makes for a whole turn of Maldon (red, against the commander),
 * choosing each decision from the panel with one click: from Start to the first decision of turn 2.
 */
export async function clicksForATurn(browser: import("playwright-core").Browser, url: string): Promise<BenchResults> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector('[data-testid="start"]');
    await startBattle(page, { scenario: "maldon-991", red: "human", black: "commander", seed: 7, delayMs: "60" });
    const clicks = await playFirstTurn(page, 240_000);
    return { clicks, note: "one click per decision from the panel, seed 7, red against the commander, turn 1 (the setup's deployment included)" };
  } finally {
    await page.close();
  }
}

export const webBench: BenchSection = {
  name: "web",
  async run() {
    const root = repoRoot();
    const results: BenchResults = {};
    await buildWeb(root);
    results.js_gzip_kib = shipped(root);
    if (!existsSync(CHROMIUM)) {
      results.browser = `skipped: no chromium at ${CHROMIUM}`;
      return results;
    }
    const server = await serveWeb(root);
    let timer: NodeJS.Timeout | undefined;
    let browser: import("playwright-core").Browser | null = null;
    try {
      browser = await launchChromium();
      await Promise.race([
        inBrowser(browser, server.url, results),
        new Promise<never>((_, fail) => {
          timer = setTimeout(() => fail(new Error(`the web bench ran over ${LIMIT_MS} ms`)), LIMIT_MS);
        }),
      ]);
    } catch (err) {
      results.error = (err as Error).message;
    } finally {
      clearTimeout(timer);
      await browser?.close();
      server.stop();
    }
    return results;
  },
};
