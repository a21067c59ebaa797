/**
 * End to end, the personal combat in the browser (issue 14 item 17; ruling SW-24): two people
 * play at one screen (hot seat). A challenge is issued and accepted by clicking; the duel panel
 * then covers the hand of the side to decide until its player says "I am Red/Black, show my
 * hand". At every step the page (its text and its markup, data attributes included; the table's
 * canvas draws no cards) never shows a card of a covered hand: the hands are known here by saving
 * the game record from the page and replaying it with the engine. A card is played by clicking it.
 * Screenshots go to test-results/screenshots/duel-*.png. Skips without chromium, except with CI=true.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Card, cardCode, cardName } from "../../src/core/cards.js";
import { type GameRecord, replay } from "../../src/core/game.js";
import { type BattleDecision, type BattleSetup, type BattleState, battleGame, type Side } from "../../src/rulesets/shieldwall/battle/index.js";
import { chromiumRequired, haveChromium, launchChromium, serveWebApp, SHOTS, waitPast } from "./harness.js";

type Page = import("playwright-core").Page;
type Browser = import("playwright-core").Browser;

if (!haveChromium && !chromiumRequired) console.warn("e2e duel: skipped: no chromium (apt-get install -y chromium; with CI=true this test fails instead)");

/** The battle as the engine holds it now: the page's own game record, replayed. */
async function engineState(page: Page): Promise<BattleState> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('button[title^="Download the game record"]')]);
  const record = JSON.parse(readFileSync((await download.path())!, "utf8")) as GameRecord<BattleDecision, BattleSetup>;
  const out = replay(battleGame, record);
  expect(out.matches, "the page's record replays").toBe(true);
  return out.state;
}

function hands(s: BattleState): Record<Side, Card[]> {
  const p = s.pending;
  if (p?.kind !== "duel") throw new Error("no duel pending");
  const d = p.duel;
  return { [d.a.side]: d.game.hands.a, [d.b.side]: d.game.hands.b } as Record<Side, Card[]>;
}

/** Every way the page could show a card: its name in the text, its code in the markup. */
async function shown(page: Page, cards: Card[], baseline: string): Promise<string[]> {
  const text = (await page.evaluate("document.body.innerText")) as string;
  const html = await page.content();
  const count = (hay: string, needle: string) => hay.split(needle).length - 1;
  const out: string[] = [];
  for (const c of cards) {
    // The log may already name a god card of the same rank and suit: only more mentions than before the duel count.
    if (count(text, cardName(c)) > count(baseline, cardName(c))) out.push(`${cardName(c)} in the text`);
    if (html.includes(`data-card="${cardCode(c)}"`)) out.push(`${cardCode(c)} drawn as a card`);
  }
  return out;
}

describe.skipIf(!haveChromium && !chromiumRequired)("the duel in the browser, hot seat (issue 14 item 17, SW-24)", () => {
  let stop: (() => void) | null = null;
  let url = "";
  let browser: Browser;

  beforeAll(async () => {
    ({ url, stop } = await serveWebApp());
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    stop?.();
  });

  it("SW-24: a covered hand never shows; each player uncovers his own, discards and plays a card by clicking", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.selectOption('[data-testid="scenario"]', "raid");
    await page.selectOption('[data-testid="player-red"]', "human");
    await page.selectOption('[data-testid="player-black"]', "human");
    await page.fill('[data-testid="seed"]', "5");
    await page.click('[data-testid="start"]');
    await page.waitForSelector('[data-testid="option"]');

    // Click on until a challenge is issued and accepted: the duel panel opens.
    let baseline = "";
    for (let clicks = 0; (await page.locator('[data-testid="duel-panel"]').count()) === 0; clicks++) {
      expect(clicks, "a challenge within 300 decisions").toBeLessThan(300);
      const options = page.locator('[data-testid="option"]');
      const texts = await options.allTextContents();
      let i = texts.findIndex((t) => t.startsWith("accept"));
      if (i < 0) i = texts.findIndex((t) => t.startsWith("challenge"));
      if (i < 0) i = 0;
      baseline = (await page.evaluate("document.body.innerText")) as string;
      const seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
      await options.nth(i).click();
      await waitPast(page, seq);
    }
    const state = await engineState(page);
    const all = hands(state);
    const first = state.pending!.side;
    const second: Side = first === "red" ? "black" : "red";

    // Covered: neither hand shows, and the generic option buttons are not listed.
    await page.waitForSelector('[data-testid="duel-cover"]');
    expect(await page.textContent('[data-testid="duel-reveal"]')).toBe(`I am ${first === "red" ? "Red" : "Black"}, show my hand`);
    expect(await page.locator('[data-testid="option"]').count()).toBe(0);
    expect(await shown(page, [...all.red, ...all.black], baseline)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "duel-0-covered.png") });

    // The first player uncovers his hand: his cards show, the other's never.
    await page.click('[data-testid="duel-reveal"]');
    await page.waitForSelector('[data-testid="duel-hand"]');
    expect((await shown(page, all[first], baseline)).length).toBeGreaterThan(0);
    expect(await shown(page, all[second], baseline)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "duel-1-hand.png") });
    // He picks cards to discard by clicking them, then discards.
    const discard = page.locator('[data-testid="duel-discard"]');
    const cards = page.locator('[data-testid="duel-discard-card"]');
    for (let i = 0; await discard.isDisabled(); i++) await cards.nth(i).click();
    let seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
    await discard.click();
    await waitPast(page, seq);

    // The other player's turn: covered again, and the first hand is hidden too.
    await page.waitForSelector('[data-testid="duel-cover"]');
    expect(await shown(page, [...all.red, ...all.black], baseline)).toEqual([]);
    await page.click('[data-testid="duel-reveal"]');
    expect(await shown(page, all[first], baseline)).toEqual([]);
    for (let i = 0; await discard.isDisabled(); i++) await cards.nth(i).click();
    seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
    await discard.click();
    await waitPast(page, seq);

    // The dice-off gave the advantage: the other side leads. If that is the player who just
    // discarded, his hand stays open; otherwise it is covered until he asks. He plays a card by clicking.
    const now = await engineState(page);
    const leader = now.pending!.side;
    const led = hands(now);
    if (leader === first) {
      await page.waitForSelector('[data-testid="duel-cover"]');
      expect(await shown(page, [...led.red, ...led.black], baseline)).toEqual([]);
      await page.click('[data-testid="duel-reveal"]');
    } else expect(await page.locator('[data-testid="duel-cover"]').count()).toBe(0);
    await page.waitForSelector('[data-testid="duel-play"]');
    expect(await shown(page, led[leader === "red" ? "black" : "red"], baseline)).toEqual([]);
    const play = page.locator('[data-testid="duel-play"]').first();
    const playedCode = await play.locator("[data-card]").getAttribute("data-card");
    seq = await page.getAttribute('[data-testid="battle"]', "data-seq");
    await play.click();
    await waitPast(page, seq);
    // The card led is face up for both; the answering side's hand is covered again.
    await page.waitForSelector('[data-testid="duel-lead"]');
    expect(await page.getAttribute('[data-testid="duel-lead"] [data-card]', "data-card")).toBe(playedCode);
    const after = hands(await engineState(page));
    expect(await shown(page, [...after.red, ...after.black], baseline)).toEqual([]);
    expect(after[leader].map(cardCode)).not.toContain(playedCode);
    await page.screenshot({ path: join(SHOTS, "duel-2-led.png") });
    expect(errors).toEqual([]);
  }, 300_000);
});
