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
import { simText } from "./sim-text.js";
import { runSim, type SimReport } from "./sim.js";

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

export { eventsText, simText } from "./sim-text.js";

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
      .option("--games <n>", "number of games (required, except with --resume or --status)")
      .option("--workers <k>", "games in parallel: this thread and k-1 worker threads (default and most: the number of processors; 0 or 1: this thread only)")
      .option("--per-game", "with --json, list each game's seed and outcome")
      .option("--no-progress", "no progress display on standard error")
      .option("--skip-failures", "a game that fails with an engine error is counted, named and left out, instead of stopping the run")
      .option("--events", "count how often each event type fired over the games (every type the game can emit, zeros included)")
      .option("--queue <url>", "enqueue the run on a BullMQ queue in Redis (redis://HOST:PORT) for muster worker processes on any machines (docs/sim-queue.md)")
      .option("--resume <run>", "with --queue, pick up a run (after the coordinator stopped) and print its report")
      .option("--status <run>", "with --queue, show how far a run is and the report over the games done so far")
      .option("--job-games <n>", "with --queue, games per job (default: about 500 jobs per run)")
      .action(async (opts: SideOpts & { scenario?: string; games?: string; workers?: string; perGame?: boolean; progress: boolean; skipFailures?: boolean; events?: boolean; queue?: string; resume?: string; status?: string; jobGames?: string }, c: Command) => {
        const g = globals(c);
        if (opts.queue === undefined) {
          for (const o of ["resume", "status", "jobGames"] as const) if (opts[o] !== undefined) throw new UsageError(`--${o === "jobGames" ? "job-games" : o} needs --queue URL`);
        }
        const picksUp = opts.resume !== undefined || opts.status !== undefined;
        if (opts.queue !== undefined && picksUp) {
          if (opts.resume !== undefined && opts.status !== undefined) throw new UsageError("--resume and --status: give one of them");
          if (opts.games !== undefined || opts.scenario !== undefined) throw new UsageError("--resume and --status take the run's own games and scenario: leave out --games and --scenario");
          const { queueSimAction } = await import("./queue-cli.js");
          await queueSimAction({ queue: opts.queue, resume: opts.resume, status: opts.status, perGame: opts.perGame, progress: opts.progress && !g.json }, g.json);
          return;
        }
        if (opts.games === undefined) throw new UsageError("required option '--games <n>' not specified");
        const entry = pickGame(opts.game);
        const games = parseInteger(opts.games, "--games", 1, 10_000_000);
        if (opts.queue !== undefined) {
          if (opts.workers !== undefined) throw new UsageError("--workers: with --queue the games are played by muster worker processes (their --threads)");
          const specs = sideSpecs(entry, opts);
          const scenario = loadScenario(entry.id, opts.scenario);
          checkSetup(entry, scenario.options, g.seed, opts.scenario ?? "the default scenario");
          const { queueSimAction } = await import("./queue-cli.js");
          const spec = { gameId: entry.id, options: scenario.options, players: specs, scenario: scenario.label, games, seed: g.seed, skipFailures: opts.skipFailures === true, countEvents: opts.events === true };
          await queueSimAction({ queue: opts.queue, jobGames: opts.jobGames, perGame: opts.perGame, progress: opts.progress && !g.json, spec }, g.json);
          return;
        }
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
