/**
 * End to end, the table's tools in Debian's chromium: Maldon with red by hand against the
 * commander, played by the first listed option until red must move a unit; then the tape between
 * two stands (the distance and verdicts shown must equal the ruleset's `measure` on the same
 * state), the line of sight, a unit's zones, and a move made by dragging the unit's ghost.
 * Screenshots at 1366×900 and 390×844 go to test-results/screenshots/table-*.png. Skips when
 * there is no chromium, except with CI=true.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BattleState, measure } from "../../src/rulesets/shieldwall/battle/index.js";
import { buildWeb, CHROMIUM, launchChromium, playUntilMover, repoRoot, serveWeb, startBattle } from "../../scripts/web-browser.js";
import { dragBy } from "./harness.js";

const ROOT = repoRoot();
const SHOTS = join(ROOT, "test-results", "screenshots");
const haveChromium = existsSync(CHROMIUM);
const required = process.env.CI === "true";

type Page = import("playwright-core").Page;

interface Hook {
  standPoint(unit: string, stand: number): { x: number; y: number } | null;
  state(): BattleState;
  mover(): string | null;
}
declare const __musterTable: Hook;

/** Taps (phone) or clicks (desktop) a stand where the table draws it. */
async function clickStand(page: Page, touch: boolean, unit: string, stand = 0): Promise<void> {
  // Clicking options may have scrolled the table away (a phone's page is one column).
  await page.locator('[data-testid="table"]').scrollIntoViewIfNeeded();
  const p = await page.evaluate(([u, s]) => __musterTable.standPoint(u as string, s as number), [unit, stand] as const);
  expect(p, `stand ${stand} of ${unit} is drawn`).not.toBeNull();
  if (touch) await page.touchscreen.tap(p!.x, p!.y);
  else await page.mouse.click(p!.x, p!.y);
}

/** The verdicts listed in the tool panel, as yes/no in their order (2", 8", arc, sight). */
async function shownVerdicts(page: Page): Promise<boolean[]> {
  return page.$$eval('[data-testid="verdict"]', (els) => els.map((e) => e.getAttribute("data-yes") === "true"));
}

describe.skipIf(!haveChromium && !required)("the table's tools end to end", () => {
  let stop: (() => void) | null = null;
  let url = "";

  beforeAll(async () => {
    if (!haveChromium) throw new Error(`CI=true but there is no chromium at ${CHROMIUM}: .ci/run installs the Debian package chromium`);
    await buildWeb(ROOT);
    const served = await serveWeb(ROOT);
    url = served.url;
    stop = served.stop;
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);

  afterAll(() => stop?.());

  it("measures with the tape (the ruleset's verdicts), shows a line of sight and zones, and moves a unit by dragging", async () => {
    const browser = await launchChromium();
    try {
      for (const [name, viewport] of [
        ["desktop", { width: 1366, height: 900 }],
        ["phone", { width: 390, height: 844 }],
      ] as const) {
        const touch = name === "phone";
        const page = await browser.newPage({ viewport, ...(name === "phone" ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
        // The machine may be shared and loaded: generous waits (each is still bounded).
        page.setDefaultTimeout(120_000);
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.goto(url);
        await startBattle(page, { scenario: "maldon-991", red: "human", black: "commander", seed: 7, delayMs: "60" });
        const mover = await playUntilMover(page);
        await page.screenshot({ path: join(SHOTS, `table-${name}-0-move.png`) });

        // The tape: from the moving red unit to the nearest black unit's first stand.
        const state = await page.evaluate(() => __musterTable.state());
        const target = state.units.filter((u) => u.side === "black" && u.stands.length > 0 && u.u.status === "active")[0].id;
        await page.click('[data-testid="tool-tape"]');
        await clickStand(page, touch, mover);
        await clickStand(page, touch, target);
        await page.waitForSelector('[data-testid="tape-distance"]');
        const engine = measure(state, { unit: mover, stand: 0 }, { unit: target, stand: 0 });
        const shown = Number(await page.getAttribute('[data-testid="tape-distance"]', "data-inches"));
        expect(shown).toBeCloseTo(engine.distance, 9);
        expect(await page.textContent('[data-testid="tape-distance"]')).toBe(`${(Math.round(engine.distance * 10) / 10).toFixed(1)}"`);
        expect(await shownVerdicts(page)).toEqual([engine.within2, engine.within8, engine.inArc, engine.sight.clear]);
        await page.screenshot({ path: join(SHOTS, `table-${name}-1-tape.png`) });

        // Line of sight between the same stands: the verdict and, when blocked, what blocks it.
        await page.click('[data-testid="tool-sight"]');
        await clickStand(page, touch, mover);
        await clickStand(page, touch, target);
        await page.waitForSelector('[data-testid="tape-distance"]');
        const sightShown = (await shownVerdicts(page))[3];
        expect(sightShown).toBe(engine.sight.clear);
        const panel = (await page.textContent('[data-testid="tool-panel"]')) ?? "";
        for (const b of engine.sight.blockers) if (b.kind !== "gap") expect(panel).toContain(b.name);
        await page.screenshot({ path: join(SHOTS, `table-${name}-2-sight.png`) });

        // Zones of the target.
        await page.click('[data-testid="tool-zones"]');
        await clickStand(page, touch, target);
        await page.waitForFunction(`document.querySelector('[data-testid="tool-panel"]')?.textContent?.includes("Zones of")`);
        await page.screenshot({ path: join(SHOTS, `table-${name}-3-zones.png`) });

        // Drag the moving unit forward (red faces north: up the screen) and commit the engine's nearest move.
        await page.click('[data-testid="tool-inspect"]');
        await page.locator('[data-testid="table"]').scrollIntoViewIfNeeded();
        const from = await page.evaluate((u) => __musterTable.standPoint(u, 0), mover);
        await dragBy(page, touch, from!, 6, -60);
        await page.waitForSelector('[data-testid="move-panel"]');
        const option = (await page.textContent('[data-testid="drag-option"]')) ?? "";
        expect(option.length).toBeGreaterThan(0);
        expect(await page.textContent('[data-testid="drag-distance"]')).toMatch(/^\d+\.\d"$/);
        await page.screenshot({ path: join(SHOTS, `table-${name}-4-drag.png`) });
        const seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
        await page.click('[data-testid="drag-commit"]');
        await page.waitForFunction(`document.querySelector('[data-testid="battle"]')?.getAttribute("data-seq") !== ${JSON.stringify(seq)}`, undefined, { timeout: 60_000 });
        // The decision logged is the option the panel showed, made by red by hand.
        const log = (await page.textContent(".log")) ?? "";
        expect(log).toContain(`red (you): `);
        expect(log).toContain(option);
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(SHOTS, `table-${name}-5-moved.png`) });
        expect(errors, "no page errors").toEqual([]);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }, 600_000);
});
