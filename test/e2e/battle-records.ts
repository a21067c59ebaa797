/**
 * Saved Maldon games for the battle page's browser tests: a hot-seat record played by the first
 * legal option (or the commander) up to the first state a test wants, written to a temporary file
 * and continued in the page by hand.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeRecord } from "../../src/core/game.js";
import { shieldwallPlayers } from "../../src/rulesets/shieldwall/ai/index.js";
import { type BattleDecision, type BattleState, battleGame, createBattle } from "../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "../shieldwall/battle/setup.js";
import type { Page } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "muster-battle-page-"));

/**
 * A hot-seat record (red and black played by `by`: the first legal option, or two commanders) up
 * to the first state `stop` accepts, saved to a file: its path and what `stop` found.
 */
export function savedUntil<T>(name: string, stop: (s: BattleState) => T | null, opts: { seed?: number; by?: "first" | "commander"; scenario?: string } = {}): { file: string; found: T; state: BattleState } {
  const seed = opts.seed ?? 3;
  const setup = loadSetup(opts.scenario ?? "maldon-991.json");
  let s = createBattle(setup.scenario, setup.armies, seed);
  const players = { red: shieldwallPlayers.commander.make(1), black: shieldwallPlayers.commander.make(2) };
  const decisions: { player: string; move: BattleDecision }[] = [];
  for (let n = 0; n < 4000 && !battleGame.result(s); n++) {
    const found = stop(s);
    if (found !== null) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(makeRecord(battleGame, setup, seed, decisions, s)));
      return { file, found, state: s };
    }
    const side = battleGame.toMove(s) as "red" | "black";
    const move = opts.by === "commander" ? players[side].choose(s, side) : battleGame.legalMoves(s, side)[0];
    decisions.push({ player: side, move });
    s = battleGame.apply(s, side, move).state;
  }
  throw new Error(`${name}: the battle never reached the wanted decision`);
}

/** Continues a saved record in the page with both sides played by hand; waits for `ready`. */
export async function continueSaved(page: Page, file: string, ready = '[data-testid="option"]'): Promise<void> {
  await page.selectOption('[data-testid="player-red"]', "human");
  await page.selectOption('[data-testid="player-black"]', "human");
  await page.setInputFiles('[data-testid="record-file"]', file);
  await page.click('[data-testid="continue"]');
  await page.waitForSelector(ready);
}
