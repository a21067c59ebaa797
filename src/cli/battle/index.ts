/**
 * `muster battle`, `muster replay` and `muster sim`: computer players fight battles with a
 * narrative, records are re-played and verified, and many battles run on worker threads for
 * win rates with 95% confidence intervals. Generic over every game in catalog.ts.
 */
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import type { Command } from "commander";
import { type PlayerId, stateHash } from "../../core/game.js";
import type { CheckedRecord } from "../../core/records.js";
import { InputError, UsageError } from "../errors.js";
import { checkOutput, writeOutput } from "../files.js";
import { verifyRecordFile } from "../records.js";
import { globals, parseInteger, replacer } from "../output.js";
import type { CliModule } from "../module.js";
import { type AiSpec, aiEntry, aiNamesFor, parseAiSpec } from "./ai.js";
import { type BattleGameEntry, battleGame, battleGameIds, DEFAULT_BATTLE_GAME } from "./catalog.js";
import { Narrator, outcomeLine } from "./narrative.js";
import { progressBar } from "./progress.js";
import { type LoggedEvent, type PlayedBattle, playerNames, playGame, SPECTATOR } from "./run.js";
import { ladderText, runLadder } from "./ladder.js";
import { loadScenario, shippedScenarioFiles } from "./scenarios.js";
import { type EventTally, runSim, type SimReport } from "./sim.js";

interface SideOpts {
  game?: string;
  red?: string;
  black?: string;
  side?: string[];
}

function pickGame(id: string | undefined): BattleGameEntry {
  const wanted = id ?? DEFAULT_BATTLE_GAME;
  const entry = battleGame(wanted);
  if (entry) return entry;
  if (id === undefined) throw new UsageError(`the Shieldwall battle engine (${DEFAULT_BATTLE_GAME}) is not wired in yet; choose --game ${battleGameIds().join(" or --game ")}`);
  throw new UsageError(`--game: unknown game "${id}"; expected one of ${battleGameIds().join(", ")}`);
}

/** The computer player of each side from --red, --black and --side SIDE=AI. */
export function sideSpecs(entry: BattleGameEntry, opts: SideOpts): Record<PlayerId, AiSpec> {
  const sides = entry.game.players;
  const specs: Record<PlayerId, AiSpec> = {};
  const set = (side: string, text: string, option: string) => {
    if (!sides.includes(side)) throw new UsageError(`${option}: ${entry.title} has no side "${side}"; its sides are ${sides.join(", ")}`);
    if (specs[side]) throw new UsageError(`${option}: the computer player for ${side} is given twice`);
    specs[side] = parseAiSpec(text, entry.id, option);
  };
  if (opts.red !== undefined) set("red", opts.red, "--red");
  if (opts.black !== undefined) set("black", opts.black, "--black");
  for (const item of opts.side ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new UsageError(`--side must be SIDE=AI (e.g. ${sides[0]}=random), got "${item}"`);
    set(item.slice(0, eq).trim(), item.slice(eq + 1), "--side");
  }
  return specs;
}

/** game.setup with the chosen options; a refusal is a bad scenario, not our bug. */
function checkSetup(entry: BattleGameEntry, options: unknown, seed: number, label: string): void {
  try {
    entry.game.setup(options, seed);
  } catch (err) {
    throw new InputError(`${label}: the scenario is refused: ${(err as Error).message}`);
  }
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function aiHelp(): string {
  const entry = battleGame(DEFAULT_BATTLE_GAME);
  const names = aiNamesFor(DEFAULT_BATTLE_GAME).map((n) => (n === "mcts" ? "mcts[:N]" : n));
  return `computer player: ${names.join(", ")} (default ${entry?.defaultAi ?? "random"}; muster battle --list-ai describes them)`;
}

function recordOf(entry: BattleGameEntry, options: unknown, played: PlayedBattle): CheckedRecord & { players: Record<PlayerId, string> } {
  return {
    game: entry.id,
    format: 1,
    options,
    seed: played.seed,
    decisions: played.decisions,
    finalHash: stateHash(played.finalState),
    result: played.result,
    checkpoints: played.checkpoints,
    players: played.players,
  };
}

function writeRecord(file: string, record: unknown, force: boolean): void {
  writeOutput(file, `${JSON.stringify(record)}\n`, "--out", force);
}

// ---- sim output ----

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "–");

export function simText(r: SimReport, extra: { scenario: string; workers: number; seconds: number }): string {
  const sides = Object.keys(r.wins);
  const who = sides.map((s) => `${s}: ${r.players[s]}`).join(", ");
  const lines = [`${r.title}: ${r.games} games${r.failures.count > 0 ? ` (of ${r.games + r.failures.count})` : ""}, ${who}; scenario ${extra.scenario}; seed ${r.seed}; ${extra.workers === 0 ? "this thread" : `${extra.workers} worker thread${extra.workers === 1 ? "" : "s"}`}; ${extra.seconds.toFixed(1)} s`];
  const row = (label: string, x: { count: number; rate: number; ci95: { low: number; high: number } }) =>
    `  ${label.padEnd(14)} ${String(x.count).padStart(7)}  ${pct(x.rate).padStart(6)}  (95% CI ${pct(x.ci95.low)}–${pct(x.ci95.high)}, Wilson)`;
  if (r.games === 0) {
    const f = r.failures.first[0];
    lines.push(`  no game finished: all ${r.failures.count} failed with an engine error; first: game ${f?.index} (seed ${f?.seed}): ${f?.error}`);
    return lines.join("\n");
  }
  for (const s of sides) lines.push(row(`${s} wins`, r.wins[s]));
  lines.push(row("draws", r.draws));
  lines.push(`  turns          mean ${num(r.turns.mean)} (standard error ${num(r.turns.se, 3)}; sd ${num(r.turns.sd)}; range ${r.turns.min}–${r.turns.max})`);
  for (const s of sides) lines.push(`  ${`${s} losses`.padEnd(14)} mean ${num(r.losses[s].mean)} ${r.lossUnit} (standard error ${num(r.losses[s].se, 3)}; sd ${num(r.losses[s].sd)})`);
  lines.push(`  decisions      mean ${num(r.decisions.mean, 1)} per game`);
  if (r.failures.count > 0) {
    const f = r.failures.first[0];
    lines.push(`  WARNING: ${r.failures.count} game${r.failures.count === 1 ? "" : "s"} failed with an engine error and ${r.failures.count === 1 ? "is" : "are"} left out of every figure; first: game ${f.index} (seed ${f.seed}): ${f.error}`);
  }
  lines.push("  how games ended:");
  for (const e of r.endings.slice(0, 10)) lines.push(`    ${String(e.count).padStart(7)}  ${e.ending}`);
  if (r.endings.length > 10) lines.push(`    and ${r.endings.length - 10} more kinds of ending (see --json)`);
  if (r.tallies && r.tallies.length > 0) {
    lines.push(`  per game (mean; total in brackets): ${sides.join(" / ")}`);
    const width = Math.max(...r.tallies.map((t) => t.name.length));
    for (const t of r.tallies) lines.push(`    ${t.name.padEnd(width)}  ${sides.map((s) => `${num(t.perPlayer[s].mean).padStart(6)} (${t.perPlayer[s].total})`).join("  ")}`);
  }
  if (r.events) lines.push(...eventsText(r.events));
  return lines.join("\n");
}

/** The `--events` table: every event type the game lists (zeros included), then any it does not list. */
export function eventsText(events: readonly EventTally[]): string[] {
  const width = Math.max(10, ...events.map((e) => e.type.length));
  const lines = ["  events over the games (every type the game can emit, zeros included):", `    ${"type".padEnd(width)}  ${"count".padStart(9)}  ${"games".padStart(6)}  per game`];
  for (const e of events) lines.push(`    ${e.type.padEnd(width)}  ${String(e.count).padStart(9)}  ${String(e.games).padStart(6)}  ${num(e.perGame).padStart(8)}${e.listed ? "" : "  NOT LISTED by the game"}`);
  const zeros = events.filter((e) => e.count === 0).length;
  lines.push(`    ${events.filter((e) => e.listed).length} types listed, ${zeros} never fired in these games`);
  return lines;
}

export const battleCli: CliModule = {
  name: "battle",
  register(program: Command) {
    const sideOptions = (cmd: Command) =>
      cmd
        .option("--game <id>", `game to play (default ${DEFAULT_BATTLE_GAME}; also ${battleGameIds().filter((id) => id !== DEFAULT_BATTLE_GAME).join(", ")})`)
        .option("--scenario <file>", "scenario file (default for Shieldwall: data/shieldwall/scenarios/maldon-991.json)")
        .option("--red <ai>", `red's ${aiHelp()}`)
        .option("--black <ai>", `black's ${aiHelp()}`)
        .option("--side <side=ai>", "computer player of any side, e.g. --side p1=mcts:100 (repeatable)", collect);

    sideOptions(program.command("battle").description("a battle between computer players, told turn by turn (events grouped by turn and phase) with the outcome; Shieldwall victory is ruling SW-25, a house rule"))
      .option("--log <format>", "text (narrative) or json (one event per line)", "text")
      .option("--out <record>", "save the game record (replay it with muster replay RECORD); an existing file is kept unless --force")
      .option("--force", "with --out, replace an existing file")
      .option("--list-ai", "list the computer players for the game and stop")
      .action((opts: SideOpts & { scenario?: string; log: string; out?: string; force?: boolean; listAi?: boolean }, c: Command) => {
        const g = globals(c);
        const entry = pickGame(opts.game);
        if (opts.listAi) {
          const names = aiNamesFor(entry.id);
          process.stdout.write(`${names.map((n) => `${n.padEnd(10)} ${aiEntry(n)?.description ?? ""}`).join("\n")}\n`);
          return;
        }
        if (opts.log !== "text" && opts.log !== "json") throw new UsageError(`--log must be text or json, got "${opts.log}"`);
        const json = opts.log === "json" || g.json;
        const specs = sideSpecs(entry, opts);
        const scenario = loadScenario(entry.id, opts.scenario);
        checkSetup(entry, scenario.options, g.seed, opts.scenario ?? "the default scenario");
        if (opts.out !== undefined) checkOutput(opts.out, "--out", opts.force === true);
        // The narrative (or the JSON event lines) is written as the battle goes, not at its end.
        const sides = entry.game.players;
        const names = playerNames(entry, specs);
        const narrator = new Narrator();
        const write = (lines: string[]) => {
          if (lines.length > 0) process.stdout.write(`${lines.join("\n")}\n`);
        };
        if (!json) write([`${entry.title}: ${sides.map((s) => `${s} ${names[s]}`).join(" v ")}; scenario ${scenario.label}; seed ${g.seed}`]);
        const onLog = (l: LoggedEvent) =>
          write(json ? [JSON.stringify({ decision: l.decision, player: l.player, turn: l.turn, phase: l.phase, ...l.event }, replacer)] : narrator.lines(l));
        // Told to onlookers: hidden cards (a personal combat's hands) stay hidden.
        const played = playGame(entry, scenario.options, specs, g.seed, { log: true, record: opts.out !== undefined, onLog, viewer: SPECTATOR });
        if (opts.out !== undefined) writeRecord(opts.out, recordOf(entry, scenario.options, played), opts.force === true);
        if (json) {
          write([
            JSON.stringify({ type: "outcome", game: entry.id, seed: g.seed, players: played.players, winner: played.result.winner, reason: played.result.reason, turns: played.summary.turns, losses: played.summary.losses, lossUnit: entry.lossUnit, decisions: played.decisionCount, record: opts.out ?? null }),
          ]);
          return;
        }
        const lines = [outcomeLine(entry, played.result, played.summary)];
        if (opts.out !== undefined) lines.push(`Game record saved to ${opts.out}; check it with: muster replay ${opts.out}`);
        write(lines);
      });

    program
      .command("replay")
      .description("re-play a game record of any game (by its game field) and verify every decision and the final state; exit 1 if it diverges")
      .argument("<record>", 'game record file (JSON), or "-" for standard input')
      .option("--events", "print every event of the re-played game")
      .action((file: string, opts: { events?: boolean }, c: Command) => {
        const g = globals(c);
        const { record, verification, result } = verifyRecordFile(file);
        if (!verification.ok) return;
        const summary = `Verified: ${record.game}, ${record.decisions.length} decisions re-played from seed ${record.seed}${record.checkpoints ? " (every checkpoint matches)" : ""}; final state hash ${verification.hash} matches.`;
        const outcome = result ? `Result: ${result.winner === null ? "draw" : `${result.winner} wins`} — ${result.reason}.` : "The game is unfinished.";
        if (g.json) {
          process.stdout.write(`${JSON.stringify({ verified: true, game: record.game, seed: record.seed, decisions: record.decisions.length, checkpoints: record.checkpoints?.length ?? 0, finalHash: verification.hash, result }, replacer, 2)}\n`);
          return;
        }
        process.stdout.write(`${[...(opts.events ? verification.events.map((e) => e.text) : []), summary, outcome].join("\n")}\n`);
      });

    program
      .command("ladder")
      .description("a round robin between computer players on one or more scenarios, both seatings: Elo-style ratings with 95% intervals (Bradley–Terry, draws as half), win rates per pairing with Wilson intervals, time per decision")
      .requiredOption("--players <list>", `comma-separated computer players, e.g. random,easy,normal (${aiHelp()})`)
      .option("--game <id>", `game to play (default ${DEFAULT_BATTLE_GAME})`)
      .option("--scenario <file>", "a scenario file (repeatable; default the game's default scenario)", collect)
      .option("--shipped", "every shipped scenario of the game (with Shieldwall: data/shieldwall/scenarios/*.json)")
      .option("--games <n>", "games per pairing, scenario and seating", "10")
      .option("--no-progress", "no progress display on standard error")
      .action((opts: { players: string; game?: string; scenario?: string[]; shipped?: boolean; games: string; progress: boolean }, c: Command) => {
        const g = globals(c);
        const entry = pickGame(opts.game);
        const games = parseInteger(opts.games, "--games", 1, 1_000_000);
        const players = opts.players
          .split(",")
          .map((t) => t.trim())
          .filter((t) => t.length > 0)
          .map((t) => parseAiSpec(t, entry.id, "--players"));
        if (players.length < 2) throw new UsageError(`--players: a ladder needs at least two players, got "${opts.players}"`);
        const names = players.map((p) => (p.arg === undefined ? p.name : `${p.name}:${p.arg}`));
        const twice = names.find((n, i) => names.indexOf(n) !== i);
        if (twice) throw new UsageError(`--players: ${twice} is listed twice`);
        if (opts.shipped && opts.scenario) throw new UsageError("--shipped and --scenario: give one or the other");
        const files: (string | undefined)[] = opts.shipped ? shippedScenarioFiles(entry.id) : (opts.scenario ?? [undefined]);
        if (files.length === 0) files.push(undefined);
        const scenarios = files.map((f) => loadScenario(entry.id, f));
        scenarios.forEach((s, k) => checkSetup(entry, s.options, g.seed, files[k] ?? "the default scenario"));
        const total = scenarios.length * ((players.length * (players.length - 1)) / 2) * 2 * games;
        const bar = opts.progress ? progressBar("ladder", total, process.stderr) : undefined;
        const t0 = performance.now();
        let report;
        try {
          report = runLadder({ entry, scenarios, players, games, seed: g.seed, now: () => performance.now(), onGame: bar ? (done) => bar.update(done) : undefined });
        } finally {
          bar?.finish();
        }
        const seconds = (performance.now() - t0) / 1000;
        if (g.json) process.stdout.write(`${JSON.stringify({ ...report, seconds: Number(seconds.toFixed(3)) }, replacer, 2)}\n`);
        else process.stdout.write(`${ladderText(report, seconds)}\n`);
      });

    sideOptions(program.command("sim").description("many battles between computer players on worker threads: win and draw rates with 95% confidence intervals, mean turns and losses (Shieldwall victory: ruling SW-25, a house rule)"))
      .requiredOption("--games <n>", "number of games")
      .option("--workers <k>", "worker threads (default and most: the number of processors; 0 plays in this thread)")
      .option("--per-game", "with --json, list each game's seed and outcome")
      .option("--no-progress", "no progress display on standard error")
      .option("--skip-failures", "a game that fails with an engine error is counted, named and left out, instead of stopping the run")
      .option("--events", "count how often each event type fired over the games (every type the game can emit, zeros included)")
      .action(async (opts: SideOpts & { scenario?: string; games: string; workers?: string; perGame?: boolean; progress: boolean; skipFailures?: boolean; events?: boolean }, c: Command) => {
        const g = globals(c);
        const entry = pickGame(opts.game);
        const games = parseInteger(opts.games, "--games", 1, 10_000_000);
        const cores = availableParallelism();
        let workers = opts.workers === undefined ? Math.min(cores, games) : parseInteger(opts.workers, "--workers", 0, 256);
        if (workers > cores) {
          // More threads than processors only adds memory and switching: cap, and say so.
          process.stderr.write(`muster: --workers ${workers}: this machine has ${cores} processor${cores === 1 ? "" : "s"}; using ${cores} worker thread${cores === 1 ? "" : "s"}\n`);
          workers = cores;
        }
        const specs = sideSpecs(entry, opts);
        const scenario = loadScenario(entry.id, opts.scenario);
        checkSetup(entry, scenario.options, g.seed, opts.scenario ?? "the default scenario");
        const bar = opts.progress ? progressBar("sim", games, process.stderr) : undefined;
        const t0 = performance.now();
        let report: SimReport;
        try {
          report = await runSim({ gameId: entry.id, options: scenario.options, players: specs, games, seed: g.seed, workers, skipFailures: opts.skipFailures === true, countEvents: opts.events === true, onProgress: bar ? (done) => bar.update(done) : undefined }, opts.perGame === true);
        } finally {
          bar?.finish();
        }
        const seconds = (performance.now() - t0) / 1000;
        if (g.json) process.stdout.write(`${JSON.stringify({ ...report, scenario: scenario.label, workers, seconds: Number(seconds.toFixed(3)) }, replacer, 2)}\n`);
        else process.stdout.write(`${simText(report, { scenario: scenario.label, workers, seconds })}\n`);
      });
  },
};
