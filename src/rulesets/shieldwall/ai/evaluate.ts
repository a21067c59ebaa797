/**
 * Head-to-head evaluation of Shieldwall computer players: plays N battles of a scenario and counts
 * wins and draws with 95% Wilson intervals (src/core/stats.ts). Pure: the caller reads the files
 * and prints (docs/shieldwall/ai.md gives the command).
 */
import { type Player, playOut } from "../../../core/game.js";
import { deriveSeed } from "../../../core/records.js";
import { randomPlayer } from "../../../core/search/random-player.js";
import { type Interval, wilsonInterval } from "../../../core/stats.js";
import type { Side } from "../army.js";
import { battleGame } from "../battle/game.js";
import type { BattleDecision, BattleState } from "../battle/types.js";
import type { BattleSetup } from "../battle/scenario.js";
import { advancePolicy } from "./advance.js";
import { commanderPlayer } from "./commander.js";
import { hardPlayer } from "./hard/player.js";

export type ShieldwallPlayerFactory = (seed: number) => Player<BattleState, BattleDecision>;

/** The Shieldwall computer players by name (also registered with the battle CLI). */
export const shieldwallPlayers: Record<string, { description: string; make: ShieldwallPlayerFactory }> = {
  commander: {
    description: "plays like a competent commander: readies units, keeps the line, charges on the exact odds (docs/shieldwall/ai.md)",
    make: (seed) => commanderPlayer(seed),
  },
  hard: {
    description: "the commander with tuned options (moves second when close, rests every DP off before advancing), searching its charges, challenges, answers, holy calls, initiative and last turn's moves with short determinized rollouts (docs/shieldwall/ai.md)",
    make: (seed) => hardPlayer(seed),
  },
  advance: {
    description: "signals at once, advances straight at the nearest enemy and charges everything",
    make: (seed) => advancePolicy(seed),
  },
  random: {
    description: "picks uniformly among the legal decisions",
    make: (seed) => randomPlayer(battleGame, seed),
  },
};

export interface Rate {
  count: number;
  rate: number;
  ci95: Interval;
}

export interface MatchReport {
  games: number;
  players: Record<Side, string>;
  wins: Record<Side, Rate>;
  draws: Rate;
  decisions: number;
  /**
   * Battles the engine could not finish (it threw): their seeds and messages. They count in
   * neither the wins nor the draws, and `games` counts only finished battles.
   */
  errors: { seed: number; message: string }[];
}

function rate(count: number, n: number): Rate {
  return { count, rate: n === 0 ? 0 : count / n, ci95: wilsonInterval(count, n) };
}

/**
 * Plays `games` battles: game i uses the battle seed deriveSeed(seed, i) and player seeds derived
 * from it (as `muster sim` does), so a report is repeatable.
 */
export function evaluateMatch(input: {
  setup: BattleSetup;
  red: string;
  black: string;
  games: number;
  seed: number;
  onGame?: (i: number) => void;
}): MatchReport {
  const make = (name: string): ShieldwallPlayerFactory => {
    const p = shieldwallPlayers[name];
    if (!p) throw new RangeError(`unknown Shieldwall player "${name}"; expected one of ${Object.keys(shieldwallPlayers).join(", ")}`);
    return p.make;
  };
  const mkRed = make(input.red);
  const mkBlack = make(input.black);
  let red = 0;
  let black = 0;
  let draws = 0;
  let decisions = 0;
  const errors: { seed: number; message: string }[] = [];
  for (let i = 0; i < input.games; i++) {
    const seed = deriveSeed(input.seed, i);
    const state = battleGame.setup(input.setup, seed);
    let played: ReturnType<typeof playOut<BattleState, BattleDecision, BattleSetup>>;
    try {
      played = playOut(battleGame, state, { red: mkRed(deriveSeed(seed, 1)), black: mkBlack(deriveSeed(seed, 2)) }, { keepEvents: false });
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      errors.push({ seed, message: err.message });
      input.onGame?.(i);
      continue;
    }
    decisions += played.decisions.length;
    if (played.result.winner === "red") red++;
    else if (played.result.winner === "black") black++;
    else draws++;
    input.onGame?.(i);
  }
  const n = input.games - errors.length;
  return { games: n, players: { red: input.red, black: input.black }, wins: { red: rate(red, n), black: rate(black, n) }, draws: rate(draws, n), decisions, errors };
}
