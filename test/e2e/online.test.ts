/**
 * Online play end to end (issue 18): a real `muster serve` on a free loopback port with a
 * temporary --db file, and Debian's chromium with two browser contexts as two seats (two people on
 * two machines, each with their own storage). A Shove match created in the lobby is played to the
 * end through the invitation links, one page reloading in the middle and resyncing; a Shieldwall
 * battle is played until both sides have deployed and turn 1 is reached, one page reloading in
 * the middle; in a Contest duel the other seat's page never receives the committed card before
 * the reveal (CC-5). Screenshots go to test-results/screenshots/online-*.png.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb, chromiumRequired, CHROMIUM, haveChromium, launchChromium, SHOTS, startServe } from "./helpers.js";

type Browser = import("playwright-core").Browser;
type Page = import("playwright-core").Page;

if (!haveChromium && !chromiumRequired) console.warn(`e2e online: skipped: no chromium at ${CHROMIUM}`);

const version = async (p: Page) => Number(await p.getAttribute('[data-testid="online-play"]', "data-version"));
const isMyTurn = async (p: Page) => (await p.locator('[data-testid="online-turn"].mine').count()) > 0;
const finished = async (p: Page) => (await p.locator('[data-testid="online-result"]').count()) > 0;

/** Waits until the page shows a version other than `v` (the answer to a decision). */
async function waitPast(p: Page, v: number): Promise<void> {
  await p.waitForFunction(`Number(document.querySelector('[data-testid="online-play"]')?.getAttribute("data-version")) > ${v}`, undefined, { timeout: 30_000 });
}

/** Creates a match in the lobby of `page` and returns the invitation links of the seats and the spectators. */
async function createInLobby(page: Page, url: string, game: string, setup: (p: Page) => Promise<void> = async () => {}): Promise<Record<string, string>> {
  await page.goto(`${url}#/play`);
  await page.selectOption('[data-testid="online-game"]', game);
  await setup(page);
  await page.click('[data-testid="create-match"]');
  await page.waitForSelector('[data-testid="invitations"]');
  const links: Record<string, string> = {};
  for (const input of await page.locator('[data-testid^="invite-link-"]').all()) {
    const seat = (await input.getAttribute("data-testid"))!.replace("invite-link-", "");
    links[seat] = await input.inputValue();
  }
  return links;
}

/** One Shove action on the page whose turn it is: a token's first target, else end the turn. */
async function shoveAct(p: Page): Promise<void> {
  const token = p.locator(".shove-board .token.movable").first();
  if ((await token.count()) > 0) {
    await token.click();
    const target = p.locator(".shove-board rect.sq.target").first();
    if ((await target.count()) > 0) {
      await target.click({ force: true });
      return;
    }
  }
  await p.click('[data-testid="end-turn"]');
}

describe.skipIf(!haveChromium && !chromiumRequired)("online play in two browsers", () => {
  let server: ChildProcess | null = null;
  let url = "";
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), "muster-e2e-online-"));

  beforeAll(async () => {
    await buildWeb();
    ({ server, url } = await startServe(["--db", join(dir, "matches.db")]));
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Two seats: two browser contexts (separate storage, like two machines). */
  async function twoSeats(): Promise<{ a: Page; b: Page; errors: string[] }> {
    const errors: string[] = [];
    const pages = await Promise.all([0, 1].map(async () => (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage()));
    for (const p of pages) p.on("pageerror", (e) => errors.push(e.message));
    return { a: pages[0], b: pages[1], errors };
  }

  it("plays a Shove match to the end through the invitation links, one page reloading in the middle", async () => {
    const { a, b, errors } = await twoSeats();
    // Options the server refuses: its message, naming the field, shows in the lobby.
    await a.goto(`${url}#/play`);
    await a.selectOption('[data-testid="online-game"]', "shove");
    await a.click(".online-options summary");
    await a.fill('[data-testid="online-options-json"]', '{"board": 5}');
    await a.click('[data-testid="create-match"]');
    await a.waitForSelector('[data-testid="lobby-error"]');
    expect(await a.textContent('[data-testid="lobby-error"]')).toMatch(/refused the match: .*options\.board/);
    await a.screenshot({ path: join(SHOTS, "online-0-lobby-refused.png") });
    await a.reload();
    const links = await createInLobby(a, url, "shove");
    expect(Object.keys(links).sort()).toEqual(["blue", "red", "spectator"]);
    expect(links.blue).toMatch(/#\/play\?match=[\w-]+&seat=[\w-]+$/);
    await a.screenshot({ path: join(SHOTS, "online-0-lobby.png") });
    await a.goto(links.blue);
    await b.goto(links.red);
    for (const p of [a, b]) await p.waitForSelector('[data-testid="shove"]');
    expect(await a.textContent('[data-testid="online-seat"]')).toBe("Blue");
    expect(await b.textContent('[data-testid="online-seat"]')).toBe("Red");
    expect(await a.textContent('[data-testid="online-turn"]')).toBe("Your turn");
    expect(await b.textContent('[data-testid="online-turn"]')).toMatch(/^Waiting for Blue/);
    await a.screenshot({ path: join(SHOTS, "online-1-shove-blue.png") });
    // Whose turn shows in the tab's title too (where a notification is not allowed).
    expect(await a.title()).toMatch(/^● Your turn/);
    expect(await b.title()).not.toMatch(/Your turn/);
    // The spectators' link shows the public view with no controls.
    const watcher = await (await browser.newContext()).newPage();
    await watcher.goto(links.spectator);
    await watcher.waitForSelector('[data-testid="shove"]');
    expect(await watcher.textContent('[data-testid="online-play"] h2')).toMatch(/watching/);
    expect(await watcher.locator('[data-testid="end-turn"], .shove-board .token.movable').count()).toBe(0);
    await watcher.context().close();

    let reloaded = false;
    let decisions = 0;
    const deadline = Date.now() + 240_000;
    while (!(await finished(a))) {
      expect(Date.now(), "the match ends in time").toBeLessThan(deadline);
      const mover = (await isMyTurn(a)) ? a : (await isMyTurn(b)) ? b : null;
      if (!mover) {
        await a.waitForTimeout(50);
        continue;
      }
      const v = await version(mover);
      await shoveAct(mover);
      await waitPast(mover, v);
      decisions++;
      if (!reloaded && decisions >= 4) {
        // Red's page reloads mid-match: it rejoins with the seat from the address and resyncs.
        const at = await version(a);
        await b.screenshot({ path: join(SHOTS, "online-2-shove-red-before-reload.png") });
        await b.reload();
        await b.waitForSelector(`[data-testid="online-play"][data-status="open"]`);
        expect(await version(b)).toBe(at);
        expect(await b.getAttribute('[data-testid="online-play"]', "data-seat")).toBe("red");
        reloaded = true;
      }
    }
    await b.waitForSelector('[data-testid="online-result"]');
    expect(reloaded).toBe(true);
    const ra = await a.textContent('[data-testid="online-result"]');
    expect(await b.textContent('[data-testid="online-result"]')).toBe(ra);
    expect(ra).toMatch(/wins|draw/i);
    await a.screenshot({ path: join(SHOTS, "online-3-shove-end-blue.png") });
    await b.screenshot({ path: join(SHOTS, "online-3-shove-end-red.png") });

    // The seat is remembered in "my matches" of its own browser only.
    await b.goto(`${url}#/play`);
    await b.waitForSelector('[data-testid="my-matches"]');
    expect(await b.textContent('[data-testid="my-matches"]')).toContain("Shove — Red");
    await b.screenshot({ path: join(SHOTS, "online-4-my-matches.png") });
    expect(errors).toEqual([]);
    console.log(`e2e online: Shove played to the end in ${decisions} decisions by two pages: ${ra}`);
  }, 300_000);

  it("plays a Shieldwall battle until both sides have deployed and turn 1 is reached, one page reloading while deploying", async () => {
    const { a, b, errors } = await twoSeats();
    const links = await createInLobby(a, url, "shieldwall-battle", (p) => p.selectOption('[data-testid="online-scenario"]', "maldon-991").then(() => undefined));
    await a.goto(links.red);
    await b.goto(links.black);
    for (const p of [a, b]) await p.waitForSelector('[data-testid="battle"]');
    let decisions = 0;
    let reloaded = false;
    const deadline = Date.now() + 240_000;
    const reached = async () => {
      const el = a.locator('[data-testid="battle"]');
      return Number(await el.getAttribute("data-turn")) >= 1 && (await el.getAttribute("data-phase")) !== "deployment";
    };
    while (!(await reached())) {
      expect(Date.now(), "turn 1 is reached in time").toBeLessThan(deadline);
      const mover = (await isMyTurn(a)) ? a : (await isMyTurn(b)) ? b : null;
      if (!mover) {
        await a.waitForTimeout(50);
        continue;
      }
      if (decisions === 1) await mover.screenshot({ path: join(SHOTS, "online-5-battle-deploying.png") });
      const v = await version(mover);
      await mover.locator('[data-testid="online-option"]').first().click();
      await waitPast(mover, v);
      decisions++;
      if (!reloaded && decisions >= 2) {
        const at = await version(a);
        await b.reload();
        await b.waitForSelector(`[data-testid="online-play"][data-status="open"]`);
        expect(await version(b)).toBeGreaterThanOrEqual(at);
        await b.waitForSelector('[data-testid="battle"]');
        reloaded = true;
      }
    }
    expect(reloaded).toBe(true);
    await b.waitForFunction(`Number(document.querySelector('[data-testid="battle"]')?.getAttribute("data-turn")) >= 1`);
    await a.screenshot({ path: join(SHOTS, "online-6-battle-turn1-red.png") });
    await b.screenshot({ path: join(SHOTS, "online-6-battle-turn1-black.png") });
    expect(errors).toEqual([]);
    console.log(`e2e online: Maldon reached turn 1 after ${decisions} decisions by two pages`);
  }, 300_000);

  it("CC-5: in a Contest duel the other seat's page never receives the card committed before the reveal", async () => {
    const { a, b, errors } = await twoSeats();
    const links = await createInLobby(a, url, "contest-of-champions");
    const framesToB: string[] = [];
    b.on("websocket", (ws) => ws.on("framereceived", (f) => framesToB.push(String(f.payload))));
    await a.goto(links.A);
    await b.goto(links.B);
    for (const p of [a, b]) await p.waitForSelector('[data-testid="duel"]');
    // A commits a card; B's page says a card was chosen, face down.
    await a.waitForSelector('[data-testid="card"]');
    const card = (await a.locator('[data-testid="card"]').first().getAttribute("data-card"))!;
    const v = await version(a);
    await a.locator('[data-testid="card"]').first().click();
    await a.click('[data-testid="commit"]');
    await waitPast(b, v);
    await b.waitForSelector('[data-testid="committed"]');
    expect(await b.textContent('[data-testid="committed"]')).toMatch(/face down/);
    expect(await a.textContent('[data-testid="committed"]')).toMatch(/You have chosen/);
    await b.screenshot({ path: join(SHOTS, "online-7-contest-B-before-reveal.png") });
    // Nothing B received names A's pending card.
    const leaks = framesToB.filter((f) => f.includes(`"pending":"${card}"`) || f.includes(`"pending":{`));
    expect(leaks).toEqual([]);
    expect(framesToB.some((f) => f.includes('"pending":"hidden"'))).toBe(true);
    // B plays; both are revealed together.
    const vb = await version(b);
    await b.locator('[data-testid="card"]').first().click();
    await b.click('[data-testid="commit"]');
    await waitPast(a, vb);
    await a.waitForSelector('[data-testid="online-events"]');
    await a.screenshot({ path: join(SHOTS, "online-8-contest-A-after-reveal.png") });
    expect(errors).toEqual([]);
  }, 120_000);

  it("SW-24: in a Shieldwall duel each page shows its own hand, and no message to a seat carries the other's hand", async () => {
    const { a, b, errors } = await twoSeats();
    const links = await createInLobby(a, url, "shieldwall-duel");
    const framesToA: string[] = [];
    a.on("websocket", (ws) => ws.on("framereceived", (f) => framesToA.push(String(f.payload))));
    await a.goto(links.a);
    await b.goto(links.b);
    for (const p of [a, b]) await p.waitForSelector('[data-testid="own-hand"]');
    const handOf = async (p: Page) => ((await p.textContent('[data-testid="own-hand"]')) ?? "").replace("Your hand: ", "").split(", ");
    const handA = await handOf(a);
    const handB = await handOf(b);
    expect(handA.length).toBeGreaterThan(0);
    expect(handB.filter((c) => handA.includes(c))).toEqual([]);
    expect(framesToA.length).toBeGreaterThan(0);
    expect(framesToA.filter((f) => f.includes('"hands"') || f.includes('"stock"'))).toEqual([]);
    await a.screenshot({ path: join(SHOTS, "online-9-duel-a.png") });
    expect(errors).toEqual([]);
  }, 120_000);
});
