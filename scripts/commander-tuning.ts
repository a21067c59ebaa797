/**
 * Tuning hard's commander (issue 26): the commander with given options against the default
 * commander on the shipped scenarios, from both sides (scripts/tune-commander.ts prints it).
 */
import { playOut } from "../src/core/game.js";
import { wilsonScoreInterval } from "../src/core/stats.js";
import { commanderPlayer, type CommanderOptions, DEFAULT_COMMANDER_OPTIONS } from "../src/rulesets/shieldwall/ai/index.js";
import type { Side } from "../src/rulesets/shieldwall/army.js";
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
  return scenarios.flatMap((scenario) => SIDES.map((side) => playCell(options, scenario, side, games, firstSeed)));
}

/** The variant against the default commander on one scenario, from one side. */
export function playCell(options: Partial<CommanderOptions>, scenario: string, side: Side, games: number, firstSeed: number): Cell {
  const setup = loadBattleSetup(`${scenario}.json`);
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
  return cell;
}

/**
 * The choices a scenario plan is tuned over, one option at a time, in this order (deployment
 * first: it matters most and everything after plays from it).
 */
export const PLAN_CHOICES: readonly (readonly [keyof CommanderOptions, readonly unknown[]])[] = [
  ["deployGap", [0, 2, 4, 6]],
  ["deployFacingEnemy", [false, true]],
  ["deployDistance", [3, 6]],
  ["restAtDp", [0, 1, 2]],
  ["advanceBy", [2, 4, 6]],
  ["initiative", ["first", "second", "second-when-close"]],
  ["signal", ["when-ready", "at-once"]],
  ["chargeThreshold", [-0.3, -0.1, 0.2]],
  ["straightWithinBearing", [15, 30, 60]],
  ["turnWithin", [3, 6, 10]],
  ["groupHeading", ["straight-until-near", "toward"]],
  ["holdBack", [[], ["D"]]],
  ["advanceWhenEnemyWithin", [4, 8, 12]],
];

export interface PlanStep {
  change: Partial<CommanderOptions>;
  cell: Cell;
  kept: boolean;
}

/**
 * A scenario plan for one side (ai/hard/plans.ts): from `start`, each choice of {@link PLAN_CHOICES}
 * is tried in turn on the same battle seeds, and kept when it wins at least `margin` more of the
 * cell's battles than the best so far (a coordinate search; the margin keeps noise out).
 */
export function tunePlan(start: Partial<CommanderOptions>, scenario: string, side: Side, games: number, firstSeed: number, margin: number, onStep: (s: PlanStep) => void = () => {}): { options: Partial<CommanderOptions>; cell: Cell; steps: PlanStep[] } {
  let options = { ...start };
  let best = playCell(options, scenario, side, games, firstSeed);
  const steps: PlanStep[] = [];
  for (const [key, values] of PLAN_CHOICES) {
    const current = JSON.stringify(options[key] ?? DEFAULT_COMMANDER_OPTIONS[key]);
    for (const value of values) {
      if (JSON.stringify(value) === current) continue;
      const change = { [key]: value } as Partial<CommanderOptions>;
      const cell = playCell({ ...options, ...change }, scenario, side, games, firstSeed);
      const kept = cell.wins >= best.wins + margin;
      const step = { change, cell, kept };
      steps.push(step);
      onStep(step);
      if (kept) {
        options = { ...options, ...change };
        best = cell;
      }
    }
  }
  return { options, cell: best, steps };
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
