/**
 * End to end for the table-side companion (issue 17) in Debian's chromium at a phone's 390×844:
 * a table started from the Maldon scenario, a turn played through its six phases with the
 * initiative rolled, a god card drawn and applied, a charge tested (its exact odds checked against
 * the ruleset) and applied; a reload keeps the whole table; undo takes back the last change; a bad
 * file shows the companion format's named error. Screenshots at phone and desktop sizes go to
 * test-results/screenshots/companion-*.png; the page weight and time to interactive are printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type CompanionTable, parseCompanionTable, parseCompanionText, tableText, testOdds, type TestInput } from "../../src/rulesets/shieldwall/companion/index.js";
import { applyChargeResult } from "../../src/rulesets/shieldwall/checks.js";
import { STORAGE_KEY } from "../../web/src/companion/store.js";
import { chromiumRequired, haveChromium, type Page, ROOT, SHOTS, useHarness } from "./harness.js";

if (!haveChromium && !chromiumRequired) console.warn("e2e companion: skipped: no chromium (apt-get install -y chromium; with CI=true this test fails instead)");

async function saved(page: Page): Promise<CompanionTable> {
  const text = (await page.evaluate(`localStorage.getItem(${JSON.stringify(STORAGE_KEY)})`)) as string | null;
  if (text === null) throw new Error("no table in localStorage");
  return parseCompanionText(text);
}

/** A screenshot of the whole page: the app shell scrolls inside .page, so it is let out for the shot. */
async function fullShot(page: Page, name: string): Promise<void> {
  const style = await page.addStyleTag({ content: "html, body, #app, .shell { height: auto !important; } .shell > .page { overflow: visible !important; }" });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
  await style.evaluate("(el) => el.remove()");
}

/** Progress on stderr, so a slow machine's timeout says where it was. */
function step(what: string): void {
  process.stderr.write(`companion e2e: ${what}\n`);
}

async function tab(page: Page, id: string): Promise<void> {
  await page.click(`[data-tab="${id}"]`);
}

describe.skipIf(!haveChromium && !chromiumRequired)("the table-side companion end to end", () => {
  const h = useHarness();

  it("a phone plays a turn: initiative, a god card drawn and applied, a charge tested and applied; reload keeps it; undo; a bad file is named", async () => {
    const page = await h.open("#/companion", "phone");
    await page.waitForSelector('[data-testid="start"]');
    await fullShot(page, "companion-setup-phone.png");
    await page.fill('[data-testid="seed"]', "17");
    await page.click('[data-testid="start"]');
    await page.waitForSelector('[data-testid="phase"]');
    expect(await page.textContent('[data-testid="phase"]')).toBe("1. Initiative");
    await fullShot(page, "companion-turn-phone.png");

    // 1. Initiative: the roll's odds are shown before rolling; applied, the winner acts first.
    await page.click('[data-testid="roll-initiative"]');
    await page.waitForSelector('[data-testid="odds"] canvas');
    // A short fraction is shown whole; a long one as "≈ x%", its exact value on tap (issue 25).
    expect(await page.textContent('[data-figure="red wins"]')).toMatch(/^(\d+\/\d+ \(|≈ [\d.]+%$)/);
    await page.click('[data-testid="roll"]');
    await page.waitForSelector('[data-testid="rolled"] .die');
    await page.click('[data-testid="apply"]');
    const afterInitiative = (await saved(page)).state;
    expect(afterInitiative.first).not.toBeNull();
    await page.waitForSelector(".cmp-head .whose");
    await tab(page, "turn");
    await page.click('[data-testid="next-phase"]');

    step("gods");
    // 2. Gods: draw, nobody calls, choose what the card asks for, apply.
    expect(await page.textContent('[data-testid="phase"]')).toBe("2. Gods");
    await page.click('[data-testid="draw-card"]');
    await page.waitForSelector('[data-testid="god-card"]');
    const card = await page.textContent('[data-testid="god-card"] .face');
    await fullShot(page, "companion-god-phone.png");
    // Call the holy person if one may (Byrhtnoth has one) and let the card stand, else nobody calls.
    await page.click('[data-testid="settle-calls"]');
    await page.waitForSelector('[data-testid="apply-card"]');
    for (const select of await page.locator('select[data-testid^="god-choice-"]').all()) {
      const value = await select.locator("option").nth(1).getAttribute("value");
      await select.selectOption(value!);
    }
    await page.click('[data-testid="apply-card"]');
    await page.waitForSelector('[data-testid="draw-card"], [data-testid="next-phase"]:not([disabled])');
    const afterGods = (await saved(page)).state;
    expect(afterGods.god.inPlay).toBeNull();
    expect(afterGods.god.pack.deck.drawPile.length).toBeLessThan(54);
    expect(afterGods.log.flatMap((e) => e.lines).some((l) => l.startsWith("the god card: ") && l.includes(card!))).toBe(true);
    expect(afterGods.log.flatMap((e) => e.lines)).toContain("the card's effect is applied:");

    step("leadership");
    // 3. Leadership: a personal combat dealt on the phone, the screen covered between the fighters.
    await page.click('[data-testid="next-phase"]');
    expect(await page.textContent('[data-testid="phase"]')).toBe("3. Leadership");
    await fullShot(page, "companion-leadership-phone.png");
    await page.click('[data-testid="duel-start"]');
    let decisions = 0;
    for (;;) {
      await page.waitForSelector('[data-testid="duel-cover"], [data-testid="duel-over"]');
      if ((await page.locator('[data-testid="duel-over"]').count()) > 0) break;
      if (decisions === 0) await fullShot(page, "companion-duel-cover-phone.png");
      await page.click('[data-testid="duel-reveal"]');
      await page.waitForSelector('[data-testid="duel-hand"]');
      if (decisions === 0) await fullShot(page, "companion-duel-hand-phone.png");
      const table = (await saved(page)).state;
      const seat = decisions === 0 ? "a" : decisions === 1 ? "b" : null;
      if (seat !== null) {
        // Discard: the cards shown are the seat's own hand only (ruling SW-24).
        const shown = await page.$$eval("[data-card]", (els) => els.map((e) => e.getAttribute("data-card")));
        expect(shown.length).toBeGreaterThan(0);
        const n = Number(/Choose (\d+) card/.exec((await page.textContent('[data-testid="duel-hand"]'))!)![1]);
        for (const code of shown.slice(0, n)) await page.click(`[data-card="${code}"]`);
        await page.click('[data-testid="duel-discard"]');
      } else await page.locator("[data-play]").first().click();
      expect(table.duel).not.toBeNull();
      decisions++;
      step(`duel decision ${decisions}`);
      expect(decisions).toBeLessThan(100);
    }
    await page.click('[data-testid="duel-finish"]');
    await page.waitForSelector('[data-testid="duel-start"]');
    expect((await saved(page)).state.log.flatMap((e) => e.lines).some((l) => l.startsWith("the personal combat ends"))).toBe(true);

    // 4–5. Movement, missiles: walk on (each phase's checklist is shown).
    for (const expected of ["4. Movement", "5. Missiles", "6. Combat"]) {
      await page.click('[data-testid="next-phase"]');
      expect(await page.textContent('[data-testid="phase"]')).toBe(expected);
      if (expected === "4. Movement") await fullShot(page, "companion-movement-phone.png");
    }

    step("charge");
    // 6. A charge: the first unit in acting order of the side with the initiative charges an enemy.
    const s = (await saved(page)).state;
    const charger = s.sides[s.first!].units.find((u) => u.aggression !== "shaken" && u.status === "active")!;
    const enemy = s.sides[s.first === "red" ? "black" : "red"].units[0];
    await page.click(`[data-test="charge:${charger.id}"]`);
    await page.waitForSelector('[data-testid="odds"] canvas');
    await page.selectOption('select[data-field="target"]', enemy.id);
    await page.waitForSelector('[data-testid="modifiers"]');
    // The odds shown are the ruleset's exact odds for the inputs filled in from the tracked state.
    const input: TestInput = { unit: charger.id, target: enemy.id, grade: charger.grade, aggression: charger.aggression, dp: Object.values(charger.dp).reduce((a, b) => a + b, 0), unformed: !charger.formed, retinueWithLeader: charger.kind === "retinue" && s.sides[s.first!].leaders.some((l) => l.unit === charger.id && l.status === "alive"), friendChargingWithin2: false, battleStandardWithin2: charger.attachments.includes("battle-standard") };
    const exact = testOdds(s, "charge", input).headline[0].p;
    expect(await page.textContent('[data-figure="charges"]')).toBe(`${exact.fraction} (${(exact.decimal * 100).toFixed(1)}%)`);
    await fullShot(page, "companion-charge-odds-phone.png");
    await page.click('[data-testid="roll"]');
    await page.waitForSelector('[data-testid="rolled"]');
    const rolled = (await saved(page)).state.rolled!;
    expect(rolled.kind).toBe("charge");
    await fullShot(page, "companion-charge-rolled-phone.png");
    await page.click('[data-testid="apply"]');
    await page.waitForSelector('[data-testid="roll"]');
    const afterCharge = (await saved(page)).state;
    const c = afterCharge.sides[s.first!].units.find((u) => u.id === charger.id)!;
    if (rolled.outcome === true) {
      expect(c.inCombat).toBe(true);
      expect(afterCharge.chargedThisTurn).toContain(charger.id);
      expect(afterCharge.sides[s.first === "red" ? "black" : "red"].units[0].inCombat).toBe(true);
    } else expect(c).toEqual(applyChargeResult(charger, false).value); // 1 morale DP, or a level from 4 DPs (SW-12)

    step("reload");
    // Reload: the whole table is still there (localStorage), on the same phase with the same log.
    const before = await saved(page);
    await page.reload();
    await page.waitForSelector('[data-testid="phase"]');
    expect(await page.textContent('[data-testid="phase"]')).toBe("6. Combat");
    expect(await saved(page)).toEqual(before);
    await tab(page, "log");
    expect(await page.textContent('[data-testid="log"]')).toContain("Charge test:");
    await fullShot(page, "companion-log-phone.png");
    await tab(page, "units");
    await page.click(`[data-unit="${charger.id}"] > summary > strong`);
    await fullShot(page, "companion-units-phone.png");

    // Undo takes back the applied charge: the roll waits again.
    await page.click('[data-testid="undo"]');
    const undone = await saved(page);
    expect(undone.state.rolled?.kind).toBe("charge");
    expect(undone.undo.length).toBe(before.undo.length - 1);

    step("bad file");
    // A bad file: the companion format's error names the field; the table is unchanged.
    await tab(page, "file");
    const broken = JSON.parse(tableText(undone));
    broken.state.sides.red.units[0].stands = -1;
    let expected = "";
    try {
      parseCompanionTable(broken);
    } catch (err) {
      expected = (err as Error).message;
    }
    expect(expected).toContain("state.sides.red.units.0.stands");
    await page.locator('[data-testid="import"]').setInputFiles({ name: "broken-table.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(broken)) });
    await page.waitForSelector('[data-testid="import-error"]');
    expect(await page.textContent('[data-testid="import-error"]')).toContain(`broken-table.json: ${expected}`);
    expect(await saved(page)).toEqual(undone);
    await fullShot(page, "companion-bad-file-phone.png");
    // A good file imports.
    await page.locator('[data-testid="import"]').setInputFiles({ name: "table.json", mimeType: "application/json", buffer: Buffer.from(tableText(before)) });
    await page.waitForFunction(`!document.querySelector('[data-testid="import-error"]')`);
    expect(await saved(page)).toEqual(before);

    // Desktop: the same table.
    const text = tableText(before);
    const desk = await h.open("#/companion", "desktop");
    await desk.evaluate(`localStorage.setItem(${JSON.stringify(STORAGE_KEY)}, ${JSON.stringify(text)})`);
    await desk.reload();
    await desk.waitForSelector('[data-testid="phase"]');
    await fullShot(desk, "companion-turn-desktop.png");
    await desk.click('[data-tab="units"]');
    await desk.click(`[data-unit="${charger.id}"] > summary > strong`);
    await desk.screenshot({ path: join(SHOTS, "companion-units-desktop.png") });
    await desk.close();
    await page.close();
    expect(h.errors).toEqual([]);
  }, 480_000);

  it("reports the page weight and the time to interactive (printed, not asserted)", async () => {
    const assets = join(ROOT, "web", "dist", "assets");
    const page = await h.open("#/companion", "phone");
    await page.waitForSelector('[data-testid="start"]');
    const js = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name.slice(e.name.lastIndexOf("/") + 1)).filter((n) => n.endsWith(".js")));
    const interactive = await page.evaluate(() => Math.round(performance.now()));
    const files = readdirSync(assets);
    const gz = (name: string) => gzipSync(readFileSync(join(assets, name)), { level: 9 }).length;
    const chunk = files.find((f) => f.startsWith("CompanionPage") && f.endsWith(".js"))!;
    const loaded = js.filter((n) => files.includes(n));
    const report = { companionChunkGzipBytes: gz(chunk), jsLoadedOnFirstVisitGzipBytes: loaded.reduce((t, n) => t + gz(n), 0), jsFiles: loaded.length, timeToInteractiveMs: interactive };
    console.log(`companion page: ${JSON.stringify(report)}`);
    expect(loaded).toContain(chunk);
    await page.close();
  }, 60_000);
});
