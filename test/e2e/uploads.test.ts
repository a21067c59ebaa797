/**
 * End to end, issue 24 item 7: every upload shows its error beside the field it came from, every
 * time, and Start never silently plays without a refused file. A red army file that is not JSON
 * gets its message beside the red army field and blocks Start (it used to start the shipped
 * army); a file nested 100,000 deep is refused with the nesting limit before it reaches the
 * worker (it used to throw an uncaught stack overflow in postMessage). Also the companion's own
 * army files and saved table file. Screenshot: test-results/screenshots/uploads-errors-phone.png.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fyrdJson from "../../data/shieldwall/armies/raid-lindisfarne-fyrd.json" with { type: "json" };
import { haveChromium, type Page, required, SHOTS, useHarness } from "./harness.js";

const DEEP = `{"name":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
const NESTING = /nested too deeply: more than 100 levels of \[ \] and \{ \} \(at line 1, column 108\); input files are nested at most 100 deep$/;

function upload(page: Page, testid: string, name: string, text: string): Promise<void> {
  return page.locator(`[data-testid="${testid}"]`).setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

/** The text of the error shown right after the field holding input `testid` (its label), or null. */
function errorBeside(page: Page, testid: string): Promise<string | null> {
  return page.evaluate<string | null>(`(() => {
    const next = document.querySelector('[data-testid="${testid}"]')?.closest("label")?.nextElementSibling;
    return next?.getAttribute("data-testid") === "${testid}-error" ? next.textContent : null;
  })()`);
}

async function waitBeside(page: Page, testid: string): Promise<string | null> {
  await page.waitForSelector(`[data-testid="${testid}-error"]`, { timeout: 10_000 });
  return errorBeside(page, testid);
}

describe.skipIf(!haveChromium && !required)("web app end to end: upload errors beside their fields", () => {
  const h = useHarness();

  it("battle setup: a red army file that is not JSON is named beside its field and Start plays nothing", async () => {
    const page = await h.open("", "phone");
    await page.click('[data-testid="army-files"] summary');
    await upload(page, "army-file-red", "red-army.json", "this is not json");
    expect(await waitBeside(page, "army-file-red")).toMatch(/^red-army\.json: not JSON: /);
    await page.click('[data-testid="start"]');
    expect(await page.textContent('[data-testid="start-error"]')).toBe("Not started: the red army file was refused (the reason is beside it); choose another file or clear it.");
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="battle"]').count()).toBe(0);
    // Another field's upload does not hide it; a fresh pick of the same bad file shows it again.
    await upload(page, "army-file-black", "black-army.json", JSON.stringify(fyrdJson));
    expect(await errorBeside(page, "army-file-red")).toMatch(/^red-army\.json: not JSON: /);
    await upload(page, "army-file-red", "good.json", JSON.stringify(fyrdJson));
    await page.waitForSelector('[data-testid="army-file-red-error"]', { state: "detached" });
    await upload(page, "army-file-red", "red-army.json", "{");
    expect(await waitBeside(page, "army-file-red")).toMatch(/^red-army\.json: not JSON: /);
    await page.screenshot({ path: join(SHOTS, "uploads-errors-phone.png"), fullPage: true });
    await page.close();
    expect(h.errors).toEqual([]);
  }, 60_000);

  it("battle setup: army, scenario and record files nested 100,000 deep get the nesting limit beside their fields, no page error", async () => {
    const page = await h.open("");
    await page.click('[data-testid="army-files"] summary');
    await upload(page, "army-file-black", "deep-army.json", DEEP);
    expect(await waitBeside(page, "army-file-black")).toMatch(new RegExp(`^deep-army\\.json: ${NESTING.source}`));
    await page.click('[data-testid="start"]');
    expect(await page.textContent('[data-testid="start-error"]')).toMatch(/^Not started: the black army file was refused/);
    await upload(page, "record-file", "deep-record.json", DEEP);
    expect(await waitBeside(page, "record-file")).toMatch(new RegExp(`^deep-record\\.json: ${NESTING.source}`));
    expect(await page.locator('[data-testid="continue"]').isDisabled()).toBe(true);
    await page.selectOption('[data-testid="scenario"]', "upload");
    await upload(page, "scenario-file", "deep-scenario.json", DEEP);
    expect(await waitBeside(page, "scenario-file")).toMatch(new RegExp(`^deep-scenario\\.json: ${NESTING.source}`));
    await page.click('[data-testid="start"]');
    expect(await page.textContent('[data-testid="start-error"]')).toMatch(/^Not started: the scenario file and the black army file were refused/);
    expect(await page.locator('[data-testid="battle"]').count()).toBe(0);
    await page.close();
    expect(h.errors).toEqual([]);
  }, 60_000);

  it("companion: an army file that is not JSON or nested too deep is named beside its field", async () => {
    const page = await h.open("#/companion", "phone");
    await page.click('button[role="radio"]:has-text("My files")');
    await upload(page, "file-red", "red.json", "not json");
    expect(await waitBeside(page, "file-red")).toMatch(/^red\.json: not JSON: /);
    await upload(page, "file-black", "black.json", DEEP);
    expect(await waitBeside(page, "file-black")).toMatch(new RegExp(`^black\\.json: ${NESTING.source}`));
    await page.click('[data-testid="start"]');
    expect(await page.textContent('[data-testid="setup-error"]')).toBe("the red army file was refused (the reason is beside it)");
    // A saved table file nested too deep, twice (the field is emptied after each pick, so the same file is read again).
    for (let i = 0; i < 2; i++) {
      await upload(page, "import", "deep-table.json", DEEP);
      expect(await waitBeside(page, "import")).toMatch(new RegExp(`^deep-table\\.json: ${NESTING.source}`));
    }
    await page.close();
    expect(h.errors).toEqual([]);
  }, 60_000);
});
