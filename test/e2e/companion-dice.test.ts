/**
 * End to end for physical dice in the table-side companion (issue 25), chromium at 390×844: a
 * control test entered from the faces thrown at the table resolves on the face's tap with the
 * same result and log as the ruleset's rollTestWithFaces; undo takes it back; a Seven thrown
 * again from entered faces; the taps for a single-die test from the units list are counted
 * (printed and asserted at most 3 to the result). Screenshot: companion-dice-entry-phone.png.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompanionTable, parseCompanionText, rollTestWithFaces, testDefaults } from "../../src/rulesets/shieldwall/companion/index.js";
import { STORAGE_KEY } from "../../web/src/companion/store.js";
import { chromiumRequired, haveChromium, type Page, SHOTS, useHarness } from "./harness.js";

if (!haveChromium && !chromiumRequired) console.warn("e2e companion dice: skipped: no chromium");

async function saved(page: Page): Promise<CompanionTable> {
  const text = (await page.evaluate(`localStorage.getItem(${JSON.stringify(STORAGE_KEY)})`)) as string | null;
  if (text === null) throw new Error("no table in localStorage");
  return parseCompanionText(text);
}

describe.skipIf(!haveChromium && !chromiumRequired)("physical dice in the companion", () => {
  const h = useHarness();

  it("a control test from a tapped face: two taps to the result from the units list, the same as the ruleset's; undo; a Seven from entered faces", async () => {
    const page = await h.open("#/companion", "phone");
    await page.waitForSelector('[data-testid="start"]');
    await page.fill('[data-testid="seed"]', "25");
    await page.click('[data-testid="start"]');
    await page.waitForSelector('[data-testid="phase"]');
    await page.click('[data-tab="units"]');
    const before = (await saved(page)).state;
    const unit = before.sides.red.units[0];

    // Tap 1: the unit's quick "Control test" on its line; tap 2: the face thrown.
    let taps = 0;
    await page.click(`[data-quick="control:${unit.id}"]`);
    taps++;
    await page.waitForSelector('[data-testid="faces-test"] [data-face="4"]');
    await page.screenshot({ path: join(SHOTS, "companion-dice-entry-phone.png"), fullPage: false });
    await page.click('[data-testid="faces-test"] [data-face="4"]');
    taps++;
    await page.waitForSelector('[data-testid="rolled"]');
    console.log(`companion single-die test: ${taps} taps from the units list to the result (${taps + 1} with Apply)`);
    expect(taps).toBeLessThanOrEqual(3);

    const expected = rollTestWithFaces(before, "control", testDefaults(before, "control", unit.id), [4]);
    const after = (await saved(page)).state;
    expect(after.rolled).toEqual(expected.rolled);
    expect(after.rng).toEqual(before.rng);
    expect(after.log.at(-1)).toEqual(expected.log.at(-1));
    await page.screenshot({ path: join(SHOTS, "companion-dice-rolled-phone.png"), fullPage: false });

    // Undo takes the entered roll back: no roll waits.
    await page.click('[data-testid="undo"]');
    expect((await saved(page)).state.rolled).toBeNull();

    // A Seven: give red a kept fortune token, enter a roll, then throw again from entered faces.
    const table = await saved(page);
    table.state = { ...table.state, sides: { ...table.state.sides, red: { ...table.state.sides.red, tokens: { ...table.state.sides.red.tokens, fortune: 1 } } } };
    await page.evaluate(`localStorage.setItem(${JSON.stringify(STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(table))})`);
    await page.reload();
    await page.waitForSelector('[data-testid="phase"]');
    await page.click('[data-tab="units"]');
    await page.click(`[data-quick="control:${unit.id}"]`);
    await page.click('[data-testid="faces-test"] [data-face="2"]');
    await page.waitForSelector('[data-testid="faces-seven-red"] [data-face="5"]');
    await page.click('[data-testid="faces-seven-red"] [data-face="5"]');
    await page.waitForFunction(`JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})).state.sides.red.tokens.fortune === 0`);
    const seven = (await saved(page)).state;
    expect(seven.rolled!.dice[0].faces).toEqual([5]);
    expect(seven.log.flatMap((e) => e.lines).some((l) => l.includes("plays a kept Seven"))).toBe(true);
    await page.click('[data-testid="apply"]');
    await page.waitForFunction(`JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})).state.rolled === null`);
    await page.close();
    expect(h.errors).toEqual([]);
  }, 300_000);
});
