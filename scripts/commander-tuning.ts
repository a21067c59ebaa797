/**
 * Tuning hard's commander (issue 26): the commander with given options against the default
 * commander on the shipped scenarios, from both sides (scripts/tune-commander.ts prints it).
 */
import { playOut } from "../src/core/game.js";
import { wilsonScoreInterval } from "../src/core/stats.js";
import { commanderPlayer, type CommanderOptions, DEFAULT_COMMANDER_OPTIONS } from "../src/rulesets/shieldwall/ai/index.js";
import { battleGame } from "../src/rulesets/shieldwall/battle/index.js";
import { loadBattleSetup } from "../bench/shieldwall-battle.js";

export const SCENARIOS = ["maldon-991", "raid", "raid-landing", "brunanburh-937"];
const SIDES = ["red", "black"] as const;

export interface Cell {
  scenario: string;
  side: (typeof SIDES)[number];
  wins: number;
  losses: number;
  draws: number;
}

/** Commander options from JSON, each key one the commander has and each value of its default's type. */
export function parseCommanderOptions(text: string, name: string): Partial<CommanderOptions> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${name} must be JSON, e.g. '{"restAtDp":1}'`);
  }
  return checkCommanderOptions(value, name);
}

/** {@link parseCommanderOptions} for a value already parsed (an entry of a JSON list). */
export function checkCommanderOptions(value: unknown, name: string): Partial<CommanderOptions> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error(`${name} must be a JSON object of commander options`);
  for (const [key, v] of Object.entries(value)) {
    if (!(key in DEFAULT_COMMANDER_OPTIONS)) throw new Error(`${name}: "${key}" is not a commander option (options: ${Object.keys(DEFAULT_COMMANDER_OPTIONS).join(", ")})`);
    const want = DEFAULT_COMMANDER_OPTIONS[key as keyof CommanderOptions];
    if (Array.isArray(want) ? !Array.isArray(v) : typeof v !== typeof want) throw new Error(`${name}: "${key}" must be ${Array.isArray(want) ? "an array" : `a ${typeof want}`}, like its default ${JSON.stringify(want)}`);
  }
  return value as Partial<CommanderOptions>;
}

/** The variant against the default commander: one cell per scenario and side. */
export function playCells(options: Partial<CommanderOptions>, scenarios: string[], games: number, firstSeed: number): Cell[] {
  const cells: Cell[] = [];
  for (const scenario of scenarios) {
    const setup = loadBattleSetup(`${scenario}.json`);
    for (const side of SIDES) {
      const cell: Cell = { scenario, side, wins: 0, losses: 0, draws: 0 };
      for (let g = 0; g < games; g++) {
        const seed = firstSeed + g;
        const variant = commanderPlayer(seed, options);
        const standard = commanderPlayer(seed + 77);
        const players = side === "red" ? { red: variant, black: standard } : { red: standard, black: variant };
        const winner = playOut(battleGame, battleGame.setup(setup, seed), players, { keepEvents: false }).result.winner;
        if (winner === side) cell.wins++;
        else if (winner === null) cell.draws++;
        else cell.losses++;
      }
      cells.push(cell);
    }
  }
  return cells;
}

/** The variant's score (a draw counts half) with its 95% Wilson interval. */
export function score(c: { wins: number; losses: number; draws: number }): { rate: number; low: number; high: number } {
  const n = c.wins + c.losses + c.draws;
  const points = c.wins + c.draws / 2;
  return { rate: n === 0 ? 0 : points / n, ...wilsonScoreInterval(points, n) };
}

export const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function total(cells: Cell[]): { wins: number; losses: number; draws: number } {
  return cells.reduce((t, c) => ({ wins: t.wins + c.wins, losses: t.losses + c.losses, draws: t.draws + c.draws }), { wins: 0, losses: 0, draws: 0 });
}
