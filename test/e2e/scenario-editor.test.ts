/**
 * End to end, issue 27's scenario editor in Debian's chromium at 1400×900 (mouse) and 390×844
 * (touch): a raid table with three terrain pieces placed by drag; a piece dragged onto another and
 * one dragged off the table are named as the engine refuses them (field and rule), then fixed;
 * one turn played against the commander on the battle page; exported, imported back unchanged,
 * and the exported file played by `node bin/muster.js battle --scenario FILE`; bad files refused
 * with named errors. Screenshots: test-results/screenshots/scenario-editor-*.png.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playFirstTurn } from "../../scripts/web-browser.js";
import { dragBy, haveChromium, type Page, required, ROOT, SHOTS, useHarness } from "./harness.js";

const SIZES = {
  desktop: { viewport: { width: 1400, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

interface Hook {
  pieceCentre(id: string): { x: number; y: number } | null;
  anchor(name: string): { x: number; y: number } | null;
  scale(): number;
  zones(): { name: string; depth: number }[];
}
declare const __musterEditor: Hook;

async function centre(page: Page, id: string): Promise<{ x: number; y: number }> {
  await page.locator('[data-testid="editor-table"]').scrollIntoViewIfNeeded();
  const p = await page.evaluate((i) => __musterEditor.pieceCentre(i), id);
  expect(p, `piece ${id} is drawn`).not.toBeNull();
  return p!;
}

/** Drags piece `id` by (dx, dy) table inches (y north), with the mouse or a finger. */
async function dragPiece(page: Page, touch: boolean, id: string, dxIn: number, dyIn: number): Promise<void> {
  await dragFrom(page, touch, await centre(page, id), dxIn, dyIn);
}

/** Drags the selected piece's Transformer handle `name` by (dx, dy) table inches. */
async function dragAnchor(page: Page, touch: boolean, name: string, dxIn: number, dyIn: number): Promise<void> {
  const from = await page.evaluate((n) => __musterEditor.anchor(n), name);
  expect(from, `handle ${name} is drawn`).not.toBeNull();
  await dragFrom(page, touch, from!, dxIn, dyIn);
}

async function dragFrom(page: Page, touch: boolean, from: { x: number; y: number }, dxIn: number, dyIn: number): Promise<void> {
  const k = await page.evaluate(() => __musterEditor.scale());
  await dragBy(page, touch, from, dxIn * k, -dyIn * k, 10);
  await page.waitForTimeout(100);
}

async function pieceAt(page: Page, testid: string): Promise<number> {
  return Number(await page.inputValue(`[data-testid="${testid}"]`));
}

async function problems(page: Page): Promise<{ field: string; rule: string; text: string }[]> {
  return page.$$eval('[data-testid="problem"]', (els) => els.map((e) => ({ field: e.getAttribute("data-field") ?? "", rule: e.getAttribute("data-rule") ?? "", text: e.textContent ?? "" })));
}

function upload(page: Page, name: string, text: string): Promise<void> {
  return page.locator('[data-testid="import"]').setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

describe.skipIf(!haveChromium && !required)("web app end to end: the scenario editor", () => {
  const h = useHarness();

  for (const size of ["desktop", "phone"] as const) {
    it(`${size}: three pieces by drag, an overlap and an off-table piece named then fixed, one turn against the commander, export, import, the CLI plays the file`, async () => {
      const touch = size === "phone";
      const page = await h.browser.newPage(SIZES[size]);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${h.url}#/scenarios`);
      await page.waitForSelector('[data-testid="scenario-editor"]');
      expect(await page.getAttribute('nav.site a[href="#/scenarios"]', "aria-current")).toBe("page");
      await page.click('[data-testid="new"]');
      await page.fill('[data-testid="scenario-name"]', `Raid ${size}`);
      await page.fill('[data-testid="table-width"]', "48");
      await page.locator('[data-testid="table-width"]').dispatchEvent("change");
      await page.fill('[data-testid="table-height"]', "36");
      await page.locator('[data-testid="table-height"]').dispatchEvent("change");
      await page.selectOption('[data-testid="army-red"]', "shipped:raid-lindisfarne-fyrd");
      await page.selectOption('[data-testid="army-black"]', "shipped:raid-lindisfarne-raiders");
      await page.fill('[data-testid="turn-limit"]', "3");
      await page.locator('[data-testid="turn-limit"]').dispatchEvent("change");

      // Three pieces, each added at the centre (24, 18) and dragged into place.
      await page.click('[data-testid="add-wood"]');
      await dragPiece(page, touch, "wood-1", -15, 0);
      expect(await pieceAt(page, "piece-x")).toBeCloseTo(9, 0);
      await page.click('[data-testid="add-marsh"]');
      await dragPiece(page, touch, "marsh-1", 15, 0);
      expect(await pieceAt(page, "piece-x")).toBeCloseTo(39, 0);
      // The marsh stretched by its right-hand handle and turned by its rotation handle.
      const width = await pieceAt(page, "piece-width");
      await dragAnchor(page, touch, "middle-right", 3, 0);
      expect(await pieceAt(page, "piece-width")).toBeCloseTo(width + 3, 0);
      const c = await centre(page, "marsh-1");
      const rot = await page.evaluate(() => __musterEditor.anchor("rotater"));
      const k = await page.evaluate(() => __musterEditor.scale());
      // From the rotation handle (straight above the centre) to straight right of it: a quarter turn clockwise.
      await dragFrom(page, touch, rot!, (c.y - rot!.y) / k, -(c.y - rot!.y) / k);
      expect(Math.abs(await pieceAt(page, "piece-rotation"))).toBeCloseTo(90, 0);
      await page.fill('[data-testid="piece-width"]', String(width));
      await page.locator('[data-testid="piece-width"]').dispatchEvent("change");
      await page.fill('[data-testid="piece-rotation"]', "0");
      await page.locator('[data-testid="piece-rotation"]').dispatchEvent("change");
      // The deployment zones drawn as SW-26 sets them: 3" to 9" from the centre line, 6" deep.
      expect(await page.evaluate(() => __musterEditor.zones())).toEqual([{ name: "deployment-zone-red", depth: 6 }, { name: "deployment-zone-black", depth: 6 }]);
      await page.click('[data-testid="add-copse"]');
      expect(await problems(page)).toEqual([]);
      // The copse dragged onto the wood, and the marsh dragged off the east edge.
      await dragPiece(page, touch, "copse-1", -14, 0);
      await dragPiece(page, touch, "marsh-1", 8, 0);
      const found = await problems(page);
      expect(found.find((p) => p.field === "table.terrain[2].points")?.rule).toBe("terrain layout (house rule)");
      expect(found.find((p) => p.field === "table.terrain[2].points")?.text).toContain('overlaps terrain "Wood" (table.terrain[0])');
      expect(found.some((p) => /^table\.terrain\[1\]\.points\[\d\]$/.test(p.field) && p.text.includes('is off the 48" × 36" table'))).toBe(true);
      expect(await page.isDisabled('[data-testid="play"]')).toBe(true);
      await page.screenshot({ path: join(SHOTS, `scenario-editor-problems-${size}.png`), fullPage: true });
      // Fixed by dragging them back.
      await dragPiece(page, touch, "copse-1", 14, 8);
      await dragPiece(page, touch, "marsh-1", -8, 0);
      await page.waitForSelector('[data-testid="no-problems"]');
      await page.screenshot({ path: join(SHOTS, `scenario-editor-ok-${size}.png`), fullPage: true });

      // Export (the file the CLI reads) before playing, then one turn against the commander.
      const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="export"]')]);
      const dir = mkdtempSync(join(tmpdir(), "muster-e2e-editor-"));
      const file = join(dir, "exported.json");
      await download.saveAs(file);
      const exported = JSON.parse(readFileSync(file, "utf8")) as { table: { terrain: unknown[] }; armies: { red: { name: string } } };
      expect(exported.table.terrain).toHaveLength(3);
      expect(typeof exported.armies.red).toBe("object");

      await page.fill('[data-testid="seed"]', "5");
      await page.locator('[data-testid="seed"]').dispatchEvent("change");
      await page.click('[data-testid="play"]');
      await page.waitForSelector('[data-testid="battle"]', { timeout: 60_000 });
      await playFirstTurn(page);
      await page.screenshot({ path: join(SHOTS, `scenario-editor-played-${size}.png`) });

      // Back in the editor: a fresh table, the exported file imported, the same file exported again.
      await page.goto(`${h.url}#/scenarios`);
      await page.waitForSelector('[data-testid="scenario-editor"]');
      await page.click('[data-testid="new"]');
      await upload(page, "exported.json", readFileSync(file, "utf8"));
      await page.waitForSelector('[data-testid="notice"]');
      expect(await page.textContent('[data-testid="notice"]')).toBe("Imported exported.json.");
      await page.waitForSelector('[data-testid="no-problems"]');
      const [again] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="export"]')]);
      const file2 = join(dir, "again.json");
      await again.saveAs(file2);
      expect(JSON.parse(readFileSync(file2, "utf8"))).toEqual(JSON.parse(readFileSync(file, "utf8")));

      // Bad files are refused, naming the field.
      await upload(page, "broken.json", "{ not json");
      await page.waitForSelector('[data-testid="import-error"]');
      expect(await page.textContent('[data-testid="import-error"]')).toMatch(/^Not imported: broken\.json: not JSON: /);
      const off = JSON.parse(readFileSync(file, "utf8")) as { table: { terrain: { points: number[][] }[] } };
      off.table.terrain[0].points[0] = [-5, 10];
      await upload(page, "off.json", JSON.stringify(off));
      await page.waitForFunction(`document.querySelector('[data-testid="import-error"]')?.textContent.includes("off.json")`);
      expect(await page.textContent('[data-testid="import-error"]')).toMatch(/^Not imported: off\.json: table\.terrain\[0\]\.points\[0\]: point \(-5, 10\) is off the 48" × 36" table/);
      await upload(page, "no-armies.json", JSON.stringify({ name: "x" }));
      await page.waitForFunction(`document.querySelector('[data-testid="import-error"]')?.textContent.includes("no-armies.json")`);
      expect(await page.textContent('[data-testid="import-error"]')).toMatch(/no-armies\.json: armies: is missing/);
      await page.screenshot({ path: join(SHOTS, `scenario-editor-import-error-${size}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();

      // The exported file, unchanged, played from the command line.
      if (size === "desktop") {
        const cli = spawnSync(process.execPath, [join(ROOT, "bin", "muster.js"), "battle", "--scenario", file, "--seed", "5"], { encoding: "utf8", timeout: 240_000 });
        expect(cli.stderr).toBe("");
        expect(cli.status).toBe(0);
        expect(cli.stdout).toMatch(/scenario Raid desktop/);
        expect(cli.stdout).toMatch(/(wins|draw)/);
      }
    }, 600_000);
  }
});
