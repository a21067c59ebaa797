/**
 * End to end, the battle page as a player meets it (issue 25): the decision panel holds still
 * under the pointer and commits on one click; the move's dice chart draws; each unit's label
 * touches its own stands at three zooms; names on a phone; explanations before each question; a
 * confirmation before a running game is thrown away; the phase summary; the duel's odds.
 * Screenshots: test-results/screenshots/battle-page-*.png.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { battleGame } from "../../src/rulesets/shieldwall/battle/index.js";
import { continueSaved, savedUntil } from "./battle-records.js";
import { afterNextSnapshot, haveChromium, required, type Harness, type Page, SHOTS, startHarness } from "./harness.js";

/** Pixels of a chart's bars (the app's accent, #00798c) drawn in the canvases under `selector`. */
async function barPixels(page: Page, selector: string): Promise<number> {
  // Runs in the page (a string: the root type-check has no DOM types).
  return (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(`${selector} canvas`)})].reduce((n, c) => {
    const ctx = c.getContext("2d");
    if (!ctx || c.width === 0 || c.height === 0) return n;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let hits = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 12 && Math.abs(d[i + 1] - 121) < 12 && Math.abs(d[i + 2] - 140) < 12 && d[i + 3] > 200) hits++;
    return n + hits;
  }, 0)`)) as number;
}

describe.skipIf(!haveChromium && !required)("the battle page (issue 25)", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  }, 180_000);

  afterAll(() => h?.close());

  it("pointing at each option of a long scrolled panel never moves it; one click commits; the move's chart draws", async () => {
    const { file, found } = savedUntil("long-move", (s) => {
      const p = s.pending;
      if (p?.kind !== "move") return null;
      const n = battleGame.legalMoves(s, p.side).length;
      return n >= 10 ? n : null;
    });
    const page = await h.open("#/battle");
    await page.setViewportSize({ width: 1400, height: 900 });
    page.setDefaultTimeout(60_000);
    await continueSaved(page, file);
    const options = page.locator('[data-testid="option"]');
    expect(await options.count()).toBe(found);
    // The panel scrolls (the list is longer than its place), and is scrolled to its end, where the options jumped.
    const scroller = page.locator('[data-testid="option-list"]');
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    let charted = 0;
    for (let i = found - 1; i >= 0; i--) {
      const option = options.nth(i);
      await option.scrollIntoViewIfNeeded();
      const before = (await option.boundingBox())!;
      await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
      // A few frames for the odds to appear (and, before the fix, for the list to jump).
      await page.waitForTimeout(100);
      const after = (await option.boundingBox())!;
      expect(after.y, `option ${i} stays under the pointer`).toBe(before.y);
      expect(await option.evaluate((el) => el.matches(":hover"))).toBe(true);
      const text = (await option.textContent()) ?? "";
      if (text.includes("·")) {
        // An option with dice: its own odds, and its chart drawn (not blank).
        await page.waitForSelector('[data-testid="odds-panel"] canvas');
        await page.waitForTimeout(60);
        expect(await barPixels(page, '[data-testid="odds-panel"]'), `option ${i}'s chart has bars`).toBeGreaterThan(50);
        charted++;
      }
    }
    expect(charted).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, "battle-page-desktop-move-odds.png") });
    // One click on the last option (at the bottom of the scrolled list) commits it.
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = options.nth(found - 1);
    const lastText = (await last.textContent())!.split(" · ")[0];
    const box = (await last.boundingBox())!;
    await afterNextSnapshot(page, () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2), 20_000);
    expect(await page.textContent('[data-testid="log"]')).toContain(lastText);
    await page.close();
    expect(h.errors).toEqual([]);
  }, 240_000);
});

interface LabelBox {
  unit: string;
  where: string;
  name: string;
  label: { x: number; y: number; width: number; height: number };
  stands: { x: number; y: number; width: number; height: number }[];
}
declare const __musterTable: { labelBoxes(): LabelBox[]; zoom(): number };

/** Whether two page boxes overlap or touch (within a pixel). */
const touches = (a: LabelBox["label"], b: LabelBox["label"]) => a.x <= b.x + b.width + 1 && b.x <= a.x + a.width + 1 && a.y <= b.y + b.height + 1 && b.y <= a.y + a.height + 1;

/** Zooms the table by wheel steps at its centre and waits for the labels to be placed again. */
async function zoomTable(page: Page, steps: number): Promise<void> {
  const box = (await page.locator('[data-testid="table"]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < Math.abs(steps); i++) await page.mouse.wheel(0, steps > 0 ? -100 : 100);
  await page.waitForTimeout(150);
}

/** Every unit's label touches its own stands; returns how many labels cover another unit's stand. */
async function checkLabels(page: Page, what: string): Promise<{ labels: number; covering: number }> {
  const boxes = (await page.evaluate(() => __musterTable.labelBoxes())) as LabelBox[];
  expect(boxes.length, `${what}: labels drawn`).toBeGreaterThan(0);
  let covering = 0;
  for (const b of boxes) {
    expect(b.name.length, `${what}: ${b.unit} has a name`).toBeGreaterThan(0);
    expect(
      b.stands.some((s) => touches(b.label, s)),
      `${what}: ${b.unit}'s label (${b.where}) touches its stands`,
    ).toBe(true);
    if (boxes.some((o) => o.unit !== b.unit && o.stands.some((s) => touches(b.label, s) && Math.min(b.label.x + b.label.width, s.x + s.width) - Math.max(b.label.x, s.x) > 2 && Math.min(b.label.y + b.label.height, s.y + s.height) - Math.max(b.label.y, s.y) > 2))) covering++;
  }
  return { labels: boxes.length, covering };
}

describe.skipIf(!haveChromium && !required)("the table's unit labels (issue 25)", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  }, 180_000);

  afterAll(() => h?.close());

  for (const size of ["desktop", "phone"] as const) {
    it(`${size}: each unit's label touches its own stands at three zooms, with a name`, async () => {
      const { file } = savedUntil("mid-battle", (s) => (s.turn >= 3 && s.pending?.kind === "move" ? true : null), { by: "commander", seed: 4 });
      const page = await h.open("#/battle", size);
      if (size === "desktop") await page.setViewportSize({ width: 1400, height: 900 });
      page.setDefaultTimeout(60_000);
      await continueSaved(page, file);
      await page.locator('[data-testid="table"]').scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      const seen: string[] = [];
      for (const [zoom, steps] of [
        ["fitted", 0],
        ["zoomed in", 6],
        ["zoomed out", -9],
      ] as const) {
        await zoomTable(page, steps);
        const { labels, covering } = await checkLabels(page, `${size}, ${zoom}`);
        seen.push(`${zoom}: ${labels} labels, ${covering} over another unit's stands, zoom ${(await page.evaluate(() => __musterTable.zoom())).toFixed(1)} px/inch`);
        if (zoom !== "zoomed out") await page.locator('[data-testid="table"]').screenshot({ path: join(SHOTS, `battle-page-${size}-labels-${zoom.replace(" ", "-")}.png`) });
      }
      console.log(`labels, ${size}: ${seen.join("; ")}`);
      await page.close();
      expect(h.errors).toEqual([]);
    }, 240_000);
  }
});
