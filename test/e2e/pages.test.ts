/**
 * End to end for the calculators, Shove, Contest and GURPS pages (issue 17): builds the web app,
 * serves it with `muster serve --port 0`, and drives Debian's chromium through playwright-core
 * (no browser download). A calculator link opened fresh shows the same exact numbers the shared
 * registry computes; a bad input shows the schema's named error beside its field; a Shove game and
 * a Contest duel are played to the end against the computer by clicking; the GURPS compare view
 * shows its table. Screenshots (desktop 1366×900, phone 390×844) go to
 * test-results/screenshots/pages-*.png. Skips without /usr/bin/chromium, except with CI=true.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCalculatorInput } from "../../src/core/calculator.js";
import { calculatorNamed } from "../../src/rulesets/calculators.js";
import { fieldsOf, queryFor } from "../../web/src/odds/form.js";
import { figureText, viewOf } from "../../web/src/odds/views.js";
import { chromiumRequired, type Harness, haveChromium, type Page, SHOTS, startHarness, type VIEWPORTS } from "./harness.js";

describe.skipIf(!haveChromium && !chromiumRequired)("calculator and game pages end to end", () => {
  let harness: Harness;
  let url = "";
  let errors: string[] = [];
  const open = (hash: string, size: keyof typeof VIEWPORTS = "desktop"): Promise<Page> => harness.open(hash, size);

  beforeAll(async () => {
    harness = await startHarness();
    url = harness.url;
    errors = harness.errors;
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
  });

  it("a shared calculator link, opened fresh, shows the same exact numbers (and its charts) on desktop and phone", async () => {
    const spec = calculatorNamed("sw-combat")!;
    const input = { ...(spec.example as { a: object; b: object }), a: { ...(spec.example as { a: object }).a, grade: "B", dp: 2 } };
    const checked = checkCalculatorInput(spec, input);
    if (!checked.ok) throw new Error(checked.message);
    const expected = viewOf(spec.name, JSON.parse(JSON.stringify(spec.result(checked.input)))).figures.map((f) => [f.label, figureText(f)]);
    const link = `#/odds/sw-combat?${new URLSearchParams(queryFor(fieldsOf(spec.schema), input))}`;
    const figures = async (page: Page) => {
      await page.waitForSelector(".calc-result dd");
      return page.$$eval(".calc-result dd", (dds) => dds.map((d) => [d.getAttribute("data-figure"), d.textContent]));
    };
    for (const size of ["desktop", "phone"] as const) {
      const page = await open(link, size);
      expect(await figures(page)).toEqual(expected);
      expect(await page.locator(".dist-chart canvas").count()).toBe(2);
      expect(page.url()).toContain("a.grade=B");
      await page.screenshot({ path: join(SHOTS, `pages-odds-${size}.png`) });
      await page.close();
    }
    // A Monte Carlo calculator shows its sample size and standard errors, and its link repeats it (same seed).
    const mc = `#/odds/sw-personal-combat?a.fighter=leader&a.specialWeapon=true&b.fighter=heroic-champion&games=400&seed=5`;
    const first = await open(mc);
    await first.waitForSelector('[data-testid="sample-size"]', { timeout: 60_000 });
    expect(await first.textContent('[data-testid="sample-size"]')).toBe("400");
    const shown = await figures(first);
    expect(shown.find(([l]) => l === "a kills b")?.[1]).toMatch(/% ± [\d.]+% \(se\)/);
    await first.screenshot({ path: join(SHOTS, "pages-odds-montecarlo-desktop.png") });
    const again = await open(mc);
    await again.waitForSelector('[data-testid="sample-size"]', { timeout: 60_000 });
    expect(await figures(again)).toEqual(shown);
    await first.close();
    await again.close();
  }, 180_000);

  it("on a phone every link of the site's navigation is in sight (the links wrap, none runs off the right edge)", async () => {
    const page = await open("#/", "phone");
    await page.waitForSelector("nav.site a");
    const links = await page.$$eval("nav.site a", (as) => as.map((a) => ({ text: a.textContent, right: a.getBoundingClientRect().right, width: a.getBoundingClientRect().width })));
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const l of links) {
      expect(l.width, String(l.text)).toBeGreaterThan(0);
      expect(l.right, String(l.text)).toBeLessThanOrEqual(390);
    }
    await page.close();
  }, 60_000);

  it("a bad calculator input shows the schema's named error beside its field, and no result", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await open("#/odds/sw-charge?grade=B&aggression=ready&dp=99&retinueWithLeader=true", size);
      const err = page.locator('.field-error[data-field="dp"]');
      await err.waitFor();
      expect(await err.textContent()).toBe("must be at most 40, got 99");
      expect(await page.textContent('[data-testid="input-error"]')).toContain("field dp: must be at most 40, got 99");
      expect(await page.locator(".calc-result").count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, `pages-odds-error-${size}.png`) });
      // Correcting the field computes the result and keeps it in the address.
      await page.fill("#f-dp", "2");
      await page.waitForSelector(".calc-result dd");
      expect(page.url()).toContain("dp=2");
      await page.close();
    }
  }, 60_000);

  it("a Shove game against the computer is played to the end by dragging and clicking", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await open("#/shove?blue=human&red=random&seed=3", size);
      await page.click('[data-testid="start-shove"]');
      let actions = 0;
      let moved = 0;
      const deadline = Date.now() + 150_000;
      for (;;) {
        expect(Date.now()).toBeLessThan(deadline);
        await page.waitForSelector('[data-testid="end-turn"], [data-testid="shove-result"]', { timeout: 60_000 });
        if ((await page.locator('[data-testid="shove-result"]').count()) > 0) break;
        const before = await page.getAttribute('[data-testid="shove"]', "data-decisions");
        const token = page.locator(".token.movable");
        if (actions === 0 && size === "desktop") {
          // Drag a token onto a square it may move to.
          await token.first().click();
          const from = (await token.first().boundingBox())!;
          const to = (await page.locator(".sq.target").first().boundingBox())!;
          await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
          await page.mouse.down();
          await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
          await page.mouse.up();
          moved++;
        } else if (actions % 3 !== 2 && (await token.count()) > 0) {
          await token.first().click();
          const target = page.locator(".sq.target");
          if ((await target.count()) > 0) {
            await target.first().click({ force: true });
            moved++;
          } else await page.click('[data-testid="end-turn"]');
        } else await page.click('[data-testid="end-turn"]');
        actions++;
        if (actions === 4) await page.screenshot({ path: join(SHOTS, `pages-shove-${size}.png`) });
        await page.waitForFunction(`document.querySelector('[data-testid="shove"]')?.getAttribute("data-decisions") !== ${JSON.stringify(before)}`, undefined, { timeout: 60_000 });
      }
      expect(moved).toBeGreaterThan(0);
      expect(await page.textContent('[data-testid="shove-result"]')).toMatch(/(red|blue) wins/);
      await page.screenshot({ path: join(SHOTS, `pages-shove-end-${size}.png`) });
      if (size === "desktop") {
        // Save the record, load it back (verified by replay) and step through it.
        const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="save-record"]')]);
        const file = join(SHOTS, "..", "shove-record.json");
        await download.saveAs(file);
        await page.locator('[data-testid="load-record"]').setInputFiles(file);
        await page.waitForSelector('[data-testid="replay"]');
        await page.click('[data-testid="replay-next"]');
        expect(await page.textContent('[data-testid="replay"] p')).toMatch(/decision 1 of \d+/);
        await page.screenshot({ path: join(SHOTS, "pages-shove-replay-desktop.png") });
      }
      await page.close();
    }
  }, 400_000);

  it("a Contest duel against the computer is played to the end, and the advisor's strategy shows as a chart", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await open("#/contest?a=hector&b=achilles&distance=6&seed=4&vs=B", size);
      await page.click('[data-testid="start-duel"]');
      let choices = 0;
      for (;;) {
        await page.waitForSelector('[data-testid="card"], [data-testid="duel-result"]', { timeout: 60_000 });
        if ((await page.locator('[data-testid="duel-result"]').count()) > 0) break;
        if (choices === 1) {
          await page.click('[data-testid="advise"]');
          await page.waitForSelector('[data-testid="advice"] canvas', { timeout: 60_000 });
          await page.screenshot({ path: join(SHOTS, `pages-contest-${size}.png`) });
        }
        const before = await page.getAttribute('[data-testid="duel"]', "data-exchanges");
        await page.locator('[data-testid="card"]').nth(choices % 2).click();
        await page.click('[data-testid="commit"]');
        choices++;
        await page.waitForFunction(`document.querySelector('[data-testid="duel"]')?.getAttribute("data-exchanges") !== ${JSON.stringify(before)}`, undefined, { timeout: 60_000 });
        expect(await page.locator('[data-testid="last-exchange"]').count()).toBe(1);
      }
      expect(choices).toBeGreaterThan(0);
      expect(await page.textContent('[data-testid="duel-result"]')).toMatch(/wins|draw/i);
      await page.screenshot({ path: join(SHOTS, `pages-contest-end-${size}.png`) });
      await page.close();
    }
    // Hot-seat: the second chooser sees a cover, not the first one's card.
    const hot = await open("#/contest?vs=none&seed=2");
    await hot.click('[data-testid="start-duel"]');
    await hot.click('[data-testid="uncover"]');
    await hot.locator('[data-testid="card"]').first().click();
    await hot.click('[data-testid="commit"]');
    await hot.waitForSelector('[data-testid="cover"]');
    expect(await hot.locator('[data-testid="card"]').count()).toBe(0);
    await hot.screenshot({ path: join(SHOTS, "pages-contest-hotseat-desktop.png") });
    await hot.close();
  }, 300_000);

  it("GURPS: one attack rolled step by step, and the four treatments compared", async () => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await open("#/gurps/attack?skill=14&db=3&mode=random&defense.kind=block&defense.value=11&seed=2", size);
      await page.click("text=Roll all");
      await page.waitForSelector('[data-testid="attack-result"]');
      expect(await page.locator('[data-testid="attack-steps"] li').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(SHOTS, `pages-gurps-attack-${size}.png`) });
      await page.goto(`${url}#/gurps/compare?skill=14&db=3&defense.kind=block&defense.value=11`);
      await page.waitForSelector('[data-testid="compare-table"]');
      expect(await page.locator('[data-testid="compare-table"] thead th').count()).toBe(5);
      expect(await page.textContent('[data-testid="attacker-best"]')).toBeTruthy();
      expect(await page.locator(".dist-chart canvas").count()).toBe(1);
      await page.screenshot({ path: join(SHOTS, `pages-gurps-compare-${size}.png`) });
      await page.close();
    }
    expect(errors, "no page errors").toEqual([]);
  }, 120_000);
});
