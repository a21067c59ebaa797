/**
 * `muster ladder`: a round robin between computer players on one or more scenarios, each pairing
 * playing both seatings on every scenario. Ratings are a Bradley–Terry fit over all results
 * (draws as half; src/core/stats.ts), win rates per pairing carry 95% Wilson intervals, and each
 * player's thinking time per decision is measured around its `choose`. Deterministic given the
 * seed (except the times): game g of a seating uses a seed derived from (seed, scenario, pairing,
 * seating, g).
 */
import { play, type PlayerId } from "../../core/game.js";
import { deriveSeed } from "../../core/records.js";
import { bradleyTerry, type Interval, type Rating, wilsonInterval } from "../../core/stats.js";
import { type AiSpec, formatAiSpec, makeAi } from "./ai.js";
import type { BattleGameEntry } from "./catalog.js";
import { playerSeed } from "./run.js";
import type { LoadedScenario } from "./scenarios.js";

export interface LadderSpec {
  entry: BattleGameEntry;
  scenarios: readonly LoadedScenario[];
  players: readonly AiSpec[];
  /** Games per pairing, scenario and seating. */
  games: number;
  seed: number;
  /** A clock in milliseconds for the time per decision (the only thing not fixed by the seed). */
  now: () => number;
  onGame?: (done: number, total: number) => void;
}

export interface PairingReport {
  a: string;
  b: string;
  /** Per scenario label, or "all". */
  scenario: string;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** a's wins over the games, with a 95% Wilson interval. */
  winRateA: { rate: number; ci95: Interval };
}

export interface LadderReport {
  game: string;
  scenarios: string[];
  seed: number;
  gamesPerSeating: number;
  games: number;
  ratings: (Rating & { msPerDecision: number; decisions: number })[];
  pairings: PairingReport[];
  failures: { scenario: string; players: Record<PlayerId, string>; seed: number; error: string }[];
}

/** Plays the round robin. Errors of the engine in a game are counted in `failures` and left out. */
export function runLadder(spec: LadderSpec): LadderReport {
  const { entry, scenarios, games, seed } = spec;
  const names = spec.players.map(formatAiSpec);
  if (new Set(names).size !== names.length) throw new RangeError(`each player may be listed once: ${names.join(", ")}`);
  if (names.length < 2) throw new RangeError("a ladder needs at least two players");
  const sides = entry.game.players;
  if (sides.length !== 2) throw new RangeError(`${entry.title} is not a two-player game`);
  const thinking = names.map(() => ({ ms: 0, decisions: 0 }));
  const tally = new Map<string, PairingReport>();
  const pairKey = (i: number, j: number, scenario: string) => `${i}|${j}|${scenario}`;
  const count = (i: number, j: number, scenario: string, winner: number | null) => {
    const key = pairKey(i, j, scenario);
    const t = tally.get(key) ?? { a: names[i], b: names[j], scenario, games: 0, winsA: 0, winsB: 0, draws: 0, winRateA: { rate: 0, ci95: { low: 0, high: 1 } } };
    t.games++;
    if (winner === i) t.winsA++;
    else if (winner === j) t.winsB++;
    else t.draws++;
    tally.set(key, t);
  };
  const failures: LadderReport["failures"] = [];
  const pairs: [number, number][] = [];
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) pairs.push([i, j]);
  const total = scenarios.length * pairs.length * 2 * games;
  let done = 0;
  scenarios.forEach((scenario, si) => {
    pairs.forEach(([i, j], pi) => {
      for (const seating of [0, 1]) {
        // seating 0: i plays the first side; seating 1: j does.
        const seated = seating === 0 ? [i, j] : [j, i];
        for (let g = 0; g < games; g++) {
          const gameSeed = deriveSeed(deriveSeed(deriveSeed(deriveSeed(seed, si + 1), pi + 1), seating + 1), g + 1);
          try {
            const winnerSide = playTimed(spec, scenario.options, sides, seated, gameSeed, thinking);
            const winner = winnerSide === null ? null : seated[sides.indexOf(winnerSide)];
            count(i, j, scenario.label, winner);
            count(i, j, "all", winner);
          } catch (err) {
            if (!(err instanceof Error)) throw err;
            failures.push({ scenario: scenario.label, players: { [sides[0]]: names[seated[0]], [sides[1]]: names[seated[1]] }, seed: gameSeed, error: err.message });
          }
          spec.onGame?.(++done, total);
        }
      }
    });
  });
  const pairings = [...tally.values()].map((t) => ({ ...t, winRateA: { rate: t.games === 0 ? 0 : t.winsA / t.games, ci95: wilsonInterval(t.winsA, t.games) } }));
  const overall = pairings.filter((p) => p.scenario === "all");
  const ratings = bradleyTerry(names, overall).map((r, k) => ({ ...r, msPerDecision: thinking[k].decisions === 0 ? 0 : thinking[k].ms / thinking[k].decisions, decisions: thinking[k].decisions }));
  ratings.sort((x, y) => y.elo - x.elo);
  return { game: entry.id, scenarios: scenarios.map((s) => s.label), seed, gamesPerSeating: games, games: overall.reduce((a, p) => a + p.games, 0), ratings, pairings, failures };
}

/** One game; returns the winning side (null: a draw). */
function playTimed(spec: LadderSpec, options: unknown, sides: readonly PlayerId[], seated: number[], gameSeed: number, thinking: { ms: number; decisions: number }[]): PlayerId | null {
  const { entry, now } = spec;
  const { game } = entry;
  let state = game.setup(options, gameSeed);
  const players = sides.map((side, k) => makeAi(spec.players[seated[k]], { game, options, side, seed: playerSeed(gameSeed, k) }));
  const limit = entry.maxDecisions ?? 1_000_000;
  let decisions = 0;
  for (let mover = game.toMove(state); mover !== null; mover = game.toMove(state)) {
    if (decisions++ >= limit) throw new Error(`${entry.title}: the game did not end within ${limit} decisions (seed ${gameSeed})`);
    const k = sides.indexOf(mover);
    const t0 = now();
    const move = players[k].choose(state, mover);
    const t = thinking[seated[k]];
    t.ms += now() - t0;
    t.decisions++;
    state = play(game, state, mover, move).state;
  }
  return game.result(state)?.winner ?? null;
}

const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x))}`;
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

/** The report as tables for people (the same figures as the JSON). */
export function ladderText(r: LadderReport, seconds: number): string {
  const lines = [
    `Ladder: ${r.game}, ${r.ratings.length} players, ${r.games} games (${r.gamesPerSeating} per pairing, scenario and seating) on ${r.scenarios.join("; ")}; seed ${r.seed}; ${seconds.toFixed(1)} s`,
    "",
    "Ratings (Bradley–Terry, Elo scale, mean 0; draws count half):",
    `  ${"player".padEnd(14)} ${"Elo".padStart(6)}  ${"95% interval".padEnd(14)} ${"score".padStart(11)}  ${"ms/decision".padStart(11)}`,
  ];
  for (const x of r.ratings) {
    const score = `${x.score}/${x.games}`;
    lines.push(`  ${x.player.padEnd(14)} ${signed(x.elo).padStart(6)}  ${`[${signed(x.ci95.low)}, ${signed(x.ci95.high)}]`.padEnd(14)} ${score.padStart(11)}  ${x.msPerDecision.toFixed(2).padStart(11)}`);
  }
  lines.push("", "Win rates per pairing (first player's wins, 95% Wilson interval):");
  const ordered = [...r.pairings.filter((p) => p.scenario === "all"), ...r.pairings.filter((p) => p.scenario !== "all")];
  for (const p of ordered) {
    // A scenario's title without the file it came from (the heading names the files).
    const where = p.scenario === "all" ? "all scenarios" : p.scenario.replace(/ \([^()]*\)$/, "");
    lines.push(`  ${`${p.a} v ${p.b}`.padEnd(26)} ${`${p.winsA}–${p.winsB}${p.draws > 0 ? ` (${p.draws} drawn)` : ""}`.padEnd(16)} ${pct(p.winRateA.rate).padStart(4)} [${pct(p.winRateA.ci95.low)}, ${pct(p.winRateA.ci95.high)}]  ${where}`);
  }
  if (r.failures.length > 0) {
    const f = r.failures[0];
    lines.push("", `WARNING: ${r.failures.length} game(s) failed with an engine error and are left out; first: ${f.scenario}, seed ${f.seed}: ${f.error}`);
  }
  return lines.join("\n");
}
