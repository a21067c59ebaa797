/**
 * The online page's table talk end to end (issue 25, "Online page"), at 1400×900 and on a 390×844
 * phone: a real `muster serve` and chromium with two browser contexts as two people, plus a
 * spectator. A Shieldwall duel is created in the lobby (whose text names the duel's hidden
 * information), both players name their seats, chat (markup typed into a name and a line is shown
 * as text and never runs), play the duel to its end, and agree to a rematch, which takes each to
 * the other side of a new match with the names kept. The spectator sees the names, the chat, and
 * the duel as an onlooker (hand sizes, no hand). Screenshots: test-results/screenshots/online-table-*.png.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb, chromiumRequired, CHROMIUM, haveChromium, launchChromium, SHOTS, startServe } from "./helpers.js";

type Browser = import("playwright-core").Browser;
type Page = import("playwright-core").Page;

if (!haveChromium && !chromiumRequired) console.warn(`e2e online table: skipped: no chromium at ${CHROMIUM}`);

const VIEWPORTS = [
  { name: "desktop", width: 1400, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const finished = async (p: Page) => (await p.locator('[data-testid="online-result"]').count()) > 0;
const isMyTurn = async (p: Page) => (await p.locator('[data-testid="online-turn"].mine').count()) > 0;
const version = async (p: Page) => Number(await p.getAttribute('[data-testid="online-play"]', "data-version"));

async function nameSeat(p: Page, name: string): Promise<void> {
  await p.fill('[data-testid="name-input"]', name);
  await p.click('[data-testid="name-form"] button[type="submit"]');
}

describe.skipIf(!haveChromium && !chromiumRequired)("online table: names, chat, rematch, spectators", () => {
  let server: ChildProcess | null = null;
  let url = "";
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), "muster-e2e-online-table-"));

  beforeAll(async () => {
    await buildWeb();
    ({ server, url } = await startServe(["--db", join(dir, "matches.db")]));
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const vp of VIEWPORTS) {
    it(`${vp.name} ${vp.width}×${vp.height}: two players name their seats, chat, play a duel out and take a rematch; a spectator watches`, async () => {
      const errors: string[] = [];
      const open = async () => {
        const p = await (await browser.newContext({ viewport: { width: vp.width, height: vp.height } })).newPage();
        p.on("pageerror", (e) => errors.push(e.message));
        return p;
      };
      const [a, b, w] = await Promise.all([open(), open(), open()]);
      const shot = (p: Page, what: string) => p.screenshot({ path: join(SHOTS, `online-table-${vp.name}-${what}.png`), fullPage: true });

      await a.goto(`${url}#/play`);
      await a.selectOption('[data-testid="online-game"]', "shieldwall-duel");
      // The lobby names the duel's hidden information (it said "no hidden information" for the battle).
      expect(await a.textContent(".online-lobby")).toMatch(/Hidden: each fighter's hand/);
      await a.selectOption('[data-testid="online-game"]', "shieldwall-battle");
      expect(await a.textContent(".online-lobby")).toMatch(/Hidden: the god cards still to be drawn and, in a personal combat, each fighter's hand/);
      await a.selectOption('[data-testid="online-game"]', "shieldwall-duel");
      await a.click('[data-testid="create-match"]');
      await a.waitForSelector('[data-testid="invitations"]');
      const link = async (seat: string) => a.inputValue(`[data-testid="invite-link-${seat}"]`);
      const links = { a: await link("a"), b: await link("b"), spectator: await link("spectator") };

      await a.goto(links.a);
      await b.goto(links.b);
      await w.goto(links.spectator);
      for (const p of [a, b, w]) await p.waitForSelector('[data-testid="online-play"][data-status="open"]');

      // Names: chosen by each player, shown to everyone as text (markup in a name stays text).
      const evilName = "<b>Ann</b>";
      await nameSeat(a, evilName);
      await nameSeat(b, "Bob");
      for (const p of [a, b, w]) {
        await p.waitForFunction(`document.querySelector('[data-testid="online-players"]')?.textContent.includes("Bob")`);
        const players = await p.textContent('[data-testid="online-players"]');
        expect(players).toContain(`Fighter a: ${evilName}`);
        expect(players).toContain("Fighter b: Bob");
        expect(await p.locator('[data-testid="online-players"] b').count()).toBe(0);
      }
      // The name field takes at most 24 characters (the server refuses longer ones, table.test.ts).
      await a.fill('[data-testid="name-input"]', "x".repeat(30));
      expect((await a.inputValue('[data-testid="name-input"]')).length).toBe(24);

      // Chat: markup is shown as typed and never runs; the spectator reads it and cannot write.
      const evil = `<img src=x onerror="window.__pwned=1">hello & <script>window.__pwned=2</script>`;
      await a.fill('[data-testid="chat-input"]', evil);
      await a.click('[data-testid="chat-send"]');
      await b.fill('[data-testid="chat-input"]', "good luck");
      await b.press('[data-testid="chat-input"]', "Enter");
      for (const p of [a, b, w]) {
        await p.waitForFunction(`document.querySelectorAll('[data-testid="chat-line"]').length === 2`);
        const lines = await p.locator('[data-testid="chat-line"]').allTextContents();
        expect(lines).toEqual([`${evilName}: ${evil}`, "Bob: good luck"]);
        expect(await p.locator('[data-testid="chat-lines"] img, [data-testid="chat-lines"] script').count()).toBe(0);
        expect(await p.evaluate("window.__pwned")).toBeUndefined();
      }
      expect(await w.locator('[data-testid="chat-input"]').count()).toBe(0);
      expect(await w.locator('[data-testid="name-form"]').count()).toBe(0);

      // The spectator sees the duel as an onlooker: both fighters and hand sizes, no hand.
      await w.waitForSelector('[data-testid="sw-duel"]');
      expect(await w.locator('[data-testid="own-hand"]').count()).toBe(0);
      expect(await w.textContent('[data-testid="sw-duel"]')).toMatch(/Fighter a .* \d+ cards in hand[\s\S]*Fighter b .* \d+ cards in hand/);
      await shot(a, "1-named-chat-a");
      await shot(w, "1-spectator");

      // Play the duel out: whichever page has the decision takes its first option.
      const deadline = Date.now() + 150_000;
      let decisions = 0;
      while (!(await finished(a))) {
        expect(Date.now(), "the duel ends in time").toBeLessThan(deadline);
        const mover = (await isMyTurn(a)) ? a : (await isMyTurn(b)) ? b : null;
        if (!mover) {
          await a.waitForTimeout(50);
          continue;
        }
        const v = await version(mover);
        await mover.locator('[data-testid="online-option"]').first().click();
        await mover.waitForFunction(`Number(document.querySelector('[data-testid="online-play"]')?.getAttribute("data-version")) > ${v}`, undefined, { timeout: 30_000 });
        decisions++;
        if (decisions === 3) await shot(w, "2-spectator-mid-duel");
      }
      expect(decisions).toBeGreaterThan(2);
      await b.waitForSelector('[data-testid="online-result"]');
      await w.waitForSelector('[data-testid="online-result"]');

      // Rematch: a asks, b sees it and agrees; both are taken to the other side of a new match.
      const oldUrlA = a.url();
      await a.click('[data-testid="rematch-button"]');
      await b.waitForSelector('[data-testid="rematch-asked"]');
      expect(await b.textContent('[data-testid="rematch-asked"]')).toContain(`${evilName} asks for a rematch`);
      await shot(b, "3-rematch-asked");
      await b.click('[data-testid="rematch-button"]');
      for (const p of [a, b]) await p.waitForFunction(`!location.hash.includes(${JSON.stringify(new URL(oldUrlA).hash.split("&")[0])})`);
      for (const p of [a, b]) await p.waitForSelector('[data-testid="online-play"][data-status="open"][data-version="0"]');
      expect(await a.getAttribute('[data-testid="online-play"]', "data-seat")).toBe("b");
      expect(await b.getAttribute('[data-testid="online-play"]', "data-seat")).toBe("a");
      const players = await a.textContent('[data-testid="online-players"]');
      expect(players).toContain("Fighter a: Bob");
      expect(players).toContain(`Fighter b: ${evilName} (you)`);
      // The spectator is offered the new match without any seat.
      await w.waitForSelector('[data-testid="rematch"] a');
      expect(await w.getAttribute('[data-testid="rematch"] a', "href")).not.toMatch(/seat=/);
      await shot(a, "4-rematch-a");
      expect(errors).toEqual([]);
      for (const p of [a, b, w]) await p.context().close();
    }, 300_000);
  }
});
