/**
 * End to end for the army builder (issue 27) in Debian's chromium at 1400×900 and a phone's
 * 390×844: an army built from nothing shows the ruleset's problems beside their fields (a band of
 * grade A, SW-5; one contingent, SW-5) and they go when corrected; it is saved, exported (the
 * file passes `muster army check`), re-imported unchanged, shared as a link that opens a copy, and
 * picked under "my armies" in the battle page, where a battle starts with it. A file whose format
 * is wrong is refused with its named error. Screenshots: test-results/screenshots/armies-*.png.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { armyFileProblems } from "../../src/rulesets/shieldwall/army.js";
import { type Harness, haveChromium, type Page, required, ROOT, SHOTS, startHarness } from "./harness.js";

const SIZES = {
  desktop: { viewport: { width: 1400, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

/** A screenshot of the whole page: the app shell scrolls inside .page, so it is let out for the shot. */
async function fullShot(page: Page, name: string): Promise<void> {
  const style = await page.addStyleTag({ content: "html, body, #app, .shell { height: auto !important; } .shell > .page { overflow: visible !important; } .army-head { position: static !important; }" });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
  await style.evaluate("(el) => el.remove()");
}

/** The problems shown beside the field at `path`: "message (rule X)". */
async function problemsBeside(page: Page, path: string): Promise<string[]> {
  return page.locator(`ul.army-problems[data-path="${path}"] [data-testid="problem"]`).allTextContents();
}

async function status(page: Page): Promise<string | null> {
  return page.getAttribute('[data-testid="army-status"]', "data-valid");
}

describe.skipIf(!haveChromium && !required)("web app end to end: the army builder", () => {
  let h: Harness;
  const errors: string[] = [];

  beforeAll(async () => {
    h = await startHarness();
  }, 240_000);

  afterAll(async () => {
    await h?.close();
  });

  async function open(size: keyof typeof SIZES, hash: string): Promise<Page> {
    const context = await h.browser.newContext({ ...SIZES[size], acceptDownloads: true });
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(`${size}: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${size}: ${m.text()}`);
    });
    await page.goto(`${h.url}${hash}`);
    return page;
  }

  it("desktop: leaving an army with unsaved changes asks first; staying keeps them, leaving goes", async () => {
    const page = await open("desktop", "#/armies");
    await page.click('[data-testid="new-army"]');
    await page.waitForSelector('[data-testid="army-editor"]');
    // Opened and not changed: nothing to lose, no question.
    let asked: string | null = null;
    const answer = (accept: boolean) =>
      page.once("dialog", (d) => {
        asked = d.message();
        void (accept ? d.accept() : d.dismiss());
      });
    await page.fill('[data-testid="name"]', "The men of Kent");
    answer(false);
    await page.click('nav.site a[href="#/battle"]');
    await page.waitForFunction("location.hash.startsWith('#/armies/edit/')");
    expect(asked).toBe('Leave "The men of Kent" with unsaved changes? They are lost unless you save first.');
    expect(await page.inputValue('[data-testid="name"]')).toBe("The men of Kent");
    expect(await page.locator('[data-testid="army-editor"]').count()).toBe(1);
    asked = null;
    answer(true);
    await page.click('nav.site a[href="#/battle"]');
    await page.waitForSelector('[data-testid="start"]');
    expect(asked).not.toBeNull();
    await page.context().close();
  });

  it("phone: a saved army is offered in the companion and in an online match, and plays there", async () => {
    const fyrd = JSON.parse(readFileSync(join(ROOT, "data", "shieldwall", "armies", "raid-lindisfarne-fyrd.json"), "utf8")) as { name: string; contingents: { name?: string; leader: { name: string } }[] };
    fyrd.name = "Eadric's fyrd";
    fyrd.contingents[0].leader.name = "Eadric";
    fyrd.contingents[0].name = "Eadric's hearth";
    const draft = { ...fyrd, contingents: fyrd.contingents.slice(0, 1) };
    expect(armyFileProblems(draft).problems.length).toBeGreaterThan(1);
    const page = await open("phone", "#/armies");
    await page.evaluate(`localStorage.setItem("muster.shieldwall.myArmies", ${JSON.stringify(JSON.stringify([{ id: "eadric", savedAt: 2, file: fyrd }, { id: "half", savedAt: 1, file: draft }]))})`);

    // The companion: "Two armies", mine for red; a draft is listed but cannot be chosen.
    await page.goto(`${h.url}#/companion`);
    await page.click('button[role="radio"]:has-text("Two armies")');
    expect(await page.locator('[data-testid="red-army"] option[value="my:half"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="red-army"] option[value="my:half"]').textContent()).toBe(`Eadric's fyrd (red): draft, ${armyFileProblems(draft).problems.length} problems`);
    await page.selectOption('[data-testid="red-army"]', "my:eadric");
    await page.click('[data-testid="start"]');
    // The companion keeps its table in the browser: it holds my army's leader.
    await page.waitForFunction(`(localStorage.getItem("muster.companion.table") ?? "").includes("Eadric") || document.querySelector('[data-testid="setup-error"]')`, undefined, { timeout: 30_000 });
    expect(await page.locator('[data-testid="setup-error"]').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "armies-companion-phone.png") });
    await page.evaluate(`localStorage.removeItem("muster.companion.table")`);

    // Online: the lobby sends the scenario with my army in place of red's; the server checks and starts it.
    await page.goto(`${h.url}#/play`);
    await page.selectOption('[data-testid="online-game"]', "shieldwall-battle");
    expect(await page.locator('[data-testid="online-army-red"] option').allTextContents()).toEqual(["the scenario's", "my army: Eadric's fyrd (red)"]);
    await page.selectOption('[data-testid="online-army-red"]', "eadric");
    await page.selectOption('[data-testid="online-seat-black"]', "random");
    await page.click('[data-testid="create-match"]');
    await page.waitForSelector('[data-testid="invitations"]', { timeout: 30_000 });
    await page.screenshot({ path: join(SHOTS, "armies-online-lobby-phone.png"), fullPage: true });
    await page.goto(await page.inputValue('[data-testid="invite-link-red"]'));
    await page.waitForSelector('[data-testid="battle"]', { timeout: 60_000 });
    // Maldon's red army is the English; the deployment lists my army's contingent instead.
    await page.waitForFunction(`document.body.textContent.includes("Eadric")`, undefined, { timeout: 60_000 });
    await page.context().close();
    expect(errors).toEqual([]);
  }, 180_000);

  for (const size of ["desktop", "phone"] as const) {
    it(`${size}: build from nothing, a rule error shown and corrected, save, export, re-import, share, play`, async () => {
      const page = await open(size, "#/armies");
      await page.waitForSelector('[data-testid="army-list"]');
      expect(await page.locator('nav.site a[href="#/armies"]').textContent()).toBe("Armies");
      await page.click('[data-testid="new-army"]');
      await page.waitForSelector('[data-testid="army-editor"]');
      expect(await status(page)).toBe("no");
      expect(await problemsBeside(page, "contingents")).toEqual(["an army has 2 to 5 contingents, this one has 1 (rule SW-5)"]);
      expect(await problemsBeside(page, "name")).toHaveLength(1);
      expect(await problemsBeside(page, "contingents[0].leader.name")).toHaveLength(1);

      await page.fill('[data-testid="name"]', "The fyrd of Essex");
      await page.fill('[data-testid="contingents[0].leader.name"]', "Byrhtwold");
      await page.selectOption('[data-testid="contingents[0].bands[0].grade"]', "A");
      expect(await problemsBeside(page, "contingents[0].bands[0].grade")).toEqual(["a band may be B, C or D, not A (rule SW-5)"]);
      expect(await problemsBeside(page, "name")).toEqual([]);
      await page.selectOption('[data-testid="contingents[0].retinue.attach"]', "holy-person");
      await page.selectOption('[data-testid="contingents[0].bands[0].attach"]', "battle-standard");
      expect(await problemsBeside(page, "contingents[0].bands[0].supernumeraries[0]")).toEqual([
        "only camp followers may attach to a band; a battle standard attaches to a leader's retinue (rule SW-6)",
        "an army may have at most as many supernumeraries as contingents (1); this is number 2 (rule SW-6)",
      ]);
      await fullShot(page, `armies-problems-${size}.png`);

      // Corrected: the band back to C, its standard removed, a second contingent added.
      await page.selectOption('[data-testid="contingents[0].bands[0].grade"]', "C");
      await page.click('[data-testid="contingents[0].bands[0].supernumeraries[0]"] button');
      expect(await problemsBeside(page, "contingents[0].bands[0].grade")).toEqual([]);
      await page.click('[data-testid="add-contingent"]');
      expect(await problemsBeside(page, "contingents")).toEqual([]);
      await page.fill('[data-testid="contingents[1].leader.name"]', "Leofsunu");
      await page.fill('[data-testid="contingents[1].name"]', "The left wing");
      await page.selectOption('[data-testid="contingents[1].leader.lp"]', "roll");
      await page.check('[data-testid="contingents[1].leader.exceptional"]');
      await page.fill('[data-testid="contingents[1].retinue.stands"]', "2");
      await page.click('[data-testid="contingents[1].add-band"]');
      await page.selectOption('[data-testid="contingents[1].bands[1].grade"]', "D");
      await page.selectOption('[data-testid="contingents[1].bands[1].attach"]', "camp-followers");
      expect(await page.locator('[data-testid="problem"]').count()).toBe(0);
      expect(await status(page)).toBe("yes");

      await page.click('[data-testid="save"]');
      expect(await page.textContent('[data-testid="save-note"]')).toBe("Saved in this browser: ready to play.");
      const id = page.url().split("#/armies/edit/")[1];
      expect(id).toMatch(/^[a-z0-9]+$/);

      const download = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="export"]')]).then(([d]) => d);
      expect(download.suggestedFilename()).toBe("the-fyrd-of-essex.json");
      const exported = join(SHOTS, `armies-export-${size}.json`);
      await download.saveAs(exported);
      const file = JSON.parse(readFileSync(exported, "utf8")) as unknown;
      expect(armyFileProblems(file).problems).toEqual([]);
      expect(file).toMatchObject({ name: "The fyrd of Essex", side: "red", contingents: [{ leader: { name: "Byrhtwold", commanderInChief: true }, retinue: { supernumeraries: ["holy-person"] } }, { name: "The left wing", leader: { name: "Leofsunu", lp: "roll", exceptional: true }, retinue: { stands: 2 } }] });
      // The command line reads the exported file as it is.
      const check = execFileSync(process.execPath, [join(ROOT, "bin", "muster.js"), "army", "check", exported], { encoding: "utf8" });
      expect(check).toContain("The fyrd of Essex");

      // Share: the link opens a copy, not yet saved.
      await page.click('[data-testid="share"]');
      const link = await page.inputValue('[data-testid="share-link"]');
      expect(link).toMatch(/#\/armies\/shared\?army=z1[A-Za-z0-9_-]+$/);
      const other = await open(size, link.slice(link.indexOf("#")));
      await other.waitForSelector('[data-testid="army-editor"]');
      expect(await other.inputValue('[data-testid="name"]')).toBe("The fyrd of Essex");
      expect(await other.textContent('[data-testid="army-status"]')).toContain("not saved yet");
      await other.context().close();

      // Re-import the exported file: the same army opens as a new draft.
      await page.goto(`${h.url}#/armies`);
      await page.waitForSelector(`[data-testid="saved-${id}"]`);
      await page.setInputFiles('[data-testid="import-army"]', exported);
      await page.waitForSelector('[data-testid="army-editor"]');
      expect(await page.inputValue('[data-testid="contingents[1].leader.name"]')).toBe("Leofsunu");
      await page.click('[data-testid="save"]');
      const reId = page.url().split("#/armies/edit/")[1];
      expect(reId).not.toBe(id);
      const stored = (await page.evaluate(`JSON.parse(localStorage.getItem("muster.shieldwall.myArmies"))`)) as { id: string; file: unknown }[];
      expect(stored.find((a) => a.id === reId)?.file).toEqual(file);

      // A file whose format is wrong is refused, its fields named; a file that is not JSON too.
      await page.goto(`${h.url}#/armies`);
      await page.waitForSelector('[data-testid="army-list"]');
      const bad = join(SHOTS, `armies-bad-${size}.json`);
      writeFileSync(bad, JSON.stringify({ name: "Bad", side: "green", contingents: [{ leader: { name: "X", lp: 3 }, retinue: { grade: "A", stands: 1 }, bands: [], banner: true }] }));
      await page.setInputFiles('[data-testid="import-army"]', bad);
      const refused = await page.textContent('[data-testid="import-error"]');
      expect(refused).toMatch(new RegExp(`^armies-bad-${size}\\.json: not an army file: field side: .*; field contingents\\[0\\]: Unrecognized key: "banner" \\(army format, docs/shieldwall/army-format\\.md\\)$`));
      await page.setInputFiles('[data-testid="import-army"]', { name: "notes.json", mimeType: "application/json", buffer: Buffer.from("my army: 3 bands") });
      expect(await page.textContent('[data-testid="import-error"]')).toMatch(/^notes\.json: not JSON: /);
      await fullShot(page, `armies-list-${size}.png`);

      // Play: the battle page offers it under "my armies"; a battle starts with it.
      await page.click(`[data-testid="saved-${id}"] a`);
      await page.waitForSelector('[data-testid="army-editor"]');
      await page.click('[data-testid="play"]');
      await page.waitForSelector('[data-testid="my-army-red"]');
      expect(await page.inputValue('[data-testid="my-army-red"]')).toBe(id);
      if (size === "phone") {
        // The other side's picker: a saved army for black too.
        await page.selectOption('[data-testid="my-army-black"]', reId);
      }
      await fullShot(page, `armies-battle-setup-${size}.png`);
      await page.selectOption('[data-testid="player-red"]', "human");
      await page.selectOption('[data-testid="player-black"]', "commander");
      await page.click('[data-testid="start"]');
      await page.waitForSelector('[data-testid="option"], [data-testid="result"], [data-testid="whose"]', { timeout: 60_000 });
      // The battle's own log names the saved army's leaders (the commanders-in-chief dice for deployment).
      await page.waitForFunction(`document.body.textContent.includes("Byrhtwold")`, undefined, { timeout: 60_000 });
      await page.screenshot({ path: join(SHOTS, `armies-battle-${size}.png`) });
      await page.context().close();
      expect(errors).toEqual([]);
    }, 240_000);
  }
});
