/**
 * Shove on the command line: `muster shove play | replay | solve | balance | tournament | board`.
 */
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import type { Command } from "commander";
import type { GameRecord } from "../../core/game.js";
import { wilsonInterval } from "../../core/stats.js";
import { AI_LEVELS, type AiLevel, DEFAULT_ITERATIONS, DEFAULT_LEVEL, playMatch } from "../../rulesets/shove/ai.js";
import { BoardFormatError, type BoardSpec, DEFAULT_BOARD, formatBoard } from "../../rulesets/shove/board.js";
import { boardFromText, type ShoveMove, type ShoveOptions, type ShoveState, shove } from "../../rulesets/shove/game.js";
import { renderBoard, renderStatus } from "../../rulesets/shove/render.js";
import { solveDeepening } from "../../rulesets/shove/solver.js";
import { InputError, UsageError } from "../errors.js";
import { checkOutput, writeOutput } from "../files.js";
import { verifyRecordFile } from "../records.js";
import { readText } from "../input.js";
import { emit, globals, parseInteger } from "../output.js";
import type { CliModule } from "../module.js";
import { type Controller, runPlay } from "./play.js";
import { progressBar } from "../battle/progress.js";

type MatchSide = Parameters<typeof playMatch>[1];

const HOUSE_NOTE = "default board: ruling SH-1, a house rule (the printed board is missing)";

/** Reads and checks a board file; errors name the file and the line or field. */
export function loadBoard(file: string | undefined): BoardSpec {
  if (file === undefined) return DEFAULT_BOARD;
  const text = readText(file);
  try {
    return boardFromText(text);
  } catch (err) {
    if (err instanceof BoardFormatError) throw new InputError(`${file}: ${err.message}`);
    throw err;
  }
}

/** Reads and verifies a Shove game record (the one record check of every game, src/cli/records.ts). */
export function loadRecord(file: string): { record: GameRecord<ShoveMove, ShoveOptions>; state: ShoveState; events: string[] } {
  const { record, verification } = verifyRecordFile(file, "shove");
  return { record: record as unknown as GameRecord<ShoveMove, ShoveOptions>, state: verification.state as unknown as ShoveState, events: verification.events.map((e) => e.text) };
}

function parseLevel(text: string, option: string): AiLevel {
  if (!(AI_LEVELS as readonly string[]).includes(text)) throw new UsageError(`${option}: unknown computer level "${text}"; expected ${AI_LEVELS.join(", ")}`);
  return text as AiLevel;
}

/** "human", "ai", "ai:LEVEL" or "ai:LEVEL:ITERATIONS". */
export function parseController(text: string, option: string): Controller {
  const parts = text.trim().toLowerCase().split(":");
  if (parts[0] === "human" && parts.length === 1) return { kind: "human" };
  if (parts[0] !== "ai" || parts.length > 3) throw new UsageError(`${option} must be human, ai, ai:LEVEL or ai:LEVEL:ITERATIONS (levels ${AI_LEVELS.join(", ")}), got "${text}"`);
  const level = parts.length > 1 ? parseLevel(parts[1], option) : DEFAULT_LEVEL;
  const iterations = parts.length > 2 ? parseInteger(parts[2], `${option} iterations`, 1, 1_000_000) : undefined;
  return { kind: "ai", level, iterations };
}

/** Wilson score interval for a proportion (95%), as [low, high] (core/stats.ts). */
function wilson(wins: number, n: number): [number, number] {
  const { low, high } = wilsonInterval(wins, n);
  return [low, high];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function rulesFrom(opts: { turns?: string; emptyPushes?: boolean }): ShoveOptions["rules"] {
  const rules: NonNullable<ShoveOptions["rules"]> = {};
  if (opts.turns !== undefined) rules.turnLimit = parseInteger(opts.turns, "--turns", 1, 50);
  if (opts.emptyPushes) rules.emptyPushes = true;
  return rules;
}

export const shoveCli: CliModule = {
  name: "shove",
  register(program: Command) {
    const cmd = program.command("shove").description("Shove: a pushing game for two on a small board (rulings SH-1..SH-7)");

    cmd
      .command("play")
      .description("play in the terminal; commands like `b3 up`, `push d4 from d3`, `undo`, `end`, `help` are read line by line")
      .option("--blue <who>", "human, ai, ai:LEVEL or ai:LEVEL:ITERATIONS (levels random, mcts, strong)", "human")
      .option("--red <who>", "human, ai, ai:LEVEL or ai:LEVEL:ITERATIONS", `ai:${DEFAULT_LEVEL}`)
      .option("--board <file>", `board file (docs/shove.md); ${HOUSE_NOTE}`)
      .option("--out <file>", "where to save the game record (default .muster/shove-SEED.json); an existing file is kept unless --force")
      .option("--force", "with --out, replace an existing file")
      .option("--turns <n>", "turn limit (SH-7 default 10)")
      .option("--empty-pushes", "allow pushes that move nothing (our decision: refused by default)")
      .action(async (opts: { blue: string; red: string; board?: string; out?: string; force?: boolean; turns?: string; emptyPushes?: boolean }, c: Command) => {
        const g = globals(c);
        const board = loadBoard(opts.board);
        const blue = parseController(opts.blue, "--blue");
        const red = parseController(opts.red, "--red");
        const out = opts.out ?? `.muster/shove-${g.seed}.json`;
        checkOutput(out, "--out", opts.force === true);
        const rl = createInterface({ input: process.stdin, terminal: false });
        try {
          const summary = await runPlay({ options: { board, rules: rulesFrom(opts) }, seed: g.seed, blue, red, echo: !process.stdin.isTTY }, rl, (s) => process.stdout.write(s));
          saveRecord(out, summary.record, opts.force === true);
          process.stdout.write(`Game record saved to ${out}${summary.finished ? "" : " (unfinished)"}; check it with: muster shove replay ${out}\n`);
        } finally {
          rl.close();
        }
      });

    cmd
      .command("replay")
      .description("re-play a saved game record, checking every decision and the final state hash")
      .argument("<record>", 'game record file (JSON), or "-" for standard input')
      .option("--moves", "print every decision and event")
      .action((file: string, opts: { moves?: boolean }, c: Command) => {
        const { record, state, events } = loadRecord(file);
        const result = shove.result(state);
        emit(
          c,
          { decisions: record.decisions.length, verified: true, finished: result !== null, result, turn: state.turn, state },
          () =>
            [
              ...(opts.moves ? events : []),
              renderBoard(state),
              renderStatus(state),
              `Verified: ${record.decisions.length} decisions re-played from seed ${record.seed}; the final state hash matches.`,
            ].join("\n"),
        );
      });

    cmd
      .command("solve")
      .description("exact probability that blue wins with perfect play (expectimax over the D4, transposition table)")
      .option("--board <file>", `board file; ${HOUSE_NOTE}`)
      .option("--position <record>", "solve the position at the end of this game record (default: the start, before the first roll)")
      .option("--turns-left <k>", "solve as if this many turns remain, counting the current one (default: all)")
      .option("--max-nodes <n>", "stop a depth after this many nodes (default 20000000)")
      .option("--max-seconds <s>", "stop after this many seconds in all (default 60)")
      .action((opts: { board?: string; position?: string; turnsLeft?: string; maxNodes?: string; maxSeconds?: string }, c: Command) => {
        let state: ShoveState;
        let beforeRoll = false;
        if (opts.position) {
          if (opts.board) throw new UsageError("--board and --position do not mix: the record carries its own board");
          state = loadRecord(opts.position).state;
        } else {
          state = shove.setup({ board: loadBoard(opts.board) }, 1);
          beforeRoll = true;
        }
        const remaining = state.config.rules.turnLimit - state.turn + 1;
        const k = opts.turnsLeft === undefined ? remaining : parseInteger(opts.turnsLeft, "--turns-left", 1, remaining);
        const maxNodes = opts.maxNodes === undefined ? 20_000_000 : parseInteger(opts.maxNodes, "--max-nodes", 1, 1_000_000_000);
        if (state.winner !== null) {
          emit(c, { finished: true, winner: state.winner }, `The game is over: ${state.winner} won.`);
          return;
        }
        const maxSeconds = opts.maxSeconds === undefined ? 60 : parseInteger(opts.maxSeconds, "--max-seconds", 1, 86_400);
        // Progress on a terminal only (stderr; never with --json or into a pipe).
        const live = process.stderr.isTTY === true && !globals(c).json;
        const r = solveDeepening(state.config, state, k, () => performance.now(), {
          maxNodes,
          beforeRoll,
          maxMs: maxSeconds * 1000,
          onStart: live ? (n) => process.stderr.write(`solving with ${n} turn${n === 1 ? "" : "s"} left…\n`) : undefined,
        });
        const where = beforeRoll ? `the start of ${state.config.board.name} before the first roll` : `turn ${state.turn}, ${state.side} to act with ${state.actionsLeft} of ${state.roll} actions left`;
        const reached = r.steps.length ? r.steps[r.steps.length - 1].turnsLeft : 0;
        const json = {
          position: where,
          requestedTurnsLeft: k,
          solvedUpTo: reached,
          steps: r.steps.map((s) => ({ turnsLeft: s.turnsLeft, blueWins: s.blueWins.toJSON(), nodes: s.nodes, tableEntries: s.tableEntries, seconds: Number(s.seconds.toFixed(3)), nodesPerSecond: s.nodesPerSecond })),
          stopped: r.stoppedAt === null ? null : { turnsLeft: r.stoppedAt, nodes: r.stoppedNodes, seconds: Number(r.stoppedSeconds.toFixed(3)), reason: r.stoppedReason === "time budget exceeded" ? `time budget ${maxSeconds} s` : `node budget ${maxNodes}` },
        };
        emit(c, json, () => {
          const lines = [`Solving ${where} (perfect play by both sides; D4 as chance):`];
          for (const s of r.steps) {
            lines.push(
              `  ${s.turnsLeft} turn${s.turnsLeft === 1 ? "" : "s"} left: P(blue wins) = ${s.blueWins.toString()} ≈ ${s.blueWins.toDecimal(6)}   (${s.nodes} nodes, ${s.tableEntries} table entries, ${s.seconds.toFixed(2)} s, ${s.nodesPerSecond} nodes/s)`,
            );
          }
          if (r.stoppedAt !== null) {
            const time = r.stoppedReason === "time budget exceeded";
            lines.push(
              `Solved with up to ${reached} turn${reached === 1 ? "" : "s"} left; ${r.stoppedAt} turns left stopped at the ${time ? `time budget of ${maxSeconds} s` : "node budget"} (${r.stoppedNodes} nodes in ${r.stoppedSeconds.toFixed(1)} s; raise ${time ? "--max-seconds" : "--max-nodes"} to go further).`,
            );
          } else {
            lines.push(`Solved with up to ${reached} turn${reached === 1 ? "" : "s"} left${k === remaining ? " (the whole rest of the game)" : ""}.`);
          }
          return lines.join("\n");
        });
      });

    const matchOptions = (command: Command) =>
      command
        .option("--board <file>", `board file; ${HOUSE_NOTE}`)
        .option("--turns <n>", "turn limit (SH-7 default 10)")
        .option("--empty-pushes", "allow pushes that move nothing (our decision: refused by default)")
        .option("--progress", "report progress on standard error every 50 games (on a terminal a progress bar shows anyway)");

    matchOptions(
      cmd
        .command("balance")
        .description("win rates of two equal computer players on a board, with 95% confidence intervals")
        .requiredOption("--games <n>", "number of games")
        .option("--level <level>", "computer level for both sides: random, mcts, strong", DEFAULT_LEVEL)
        .option("--iterations <n>", "MCTS iterations per decision (default: the level's)"),
    ).action((opts: { games: string; level: string; iterations?: string; board?: string; turns?: string; emptyPushes?: boolean; progress?: boolean }, c: Command) => {
      const g = globals(c);
      const games = parseInteger(opts.games, "--games", 1, 1_000_000);
      const level = parseLevel(opts.level, "--level");
      const iterations = opts.iterations === undefined ? undefined : parseInteger(opts.iterations, "--iterations", 1, 1_000_000);
      const board = loadBoard(opts.board);
      const options: ShoveOptions = { board, rules: rulesFrom(opts) };
      const t0 = performance.now();
      const m = playMatchShown(options, { level, iterations }, { level, iterations }, games, g.seed, opts.progress, "balance", c);
      const seconds = (performance.now() - t0) / 1000;
      const [lo, hi] = wilson(m.blueWins, games);
      const json = { board: board.name, level, iterations: iterations ?? DEFAULT_ITERATIONS[level], games, seed: g.seed, blueWins: m.blueWins, redWins: games - m.blueWins, blueWinRate: m.blueWins / games, blueWinRate95: [lo, hi], reasons: m.reasons, seconds: Number(seconds.toFixed(2)) };
      emit(c, json, () =>
        [
          `Balance of ${board.name}: ${games} games, both sides ${level} (${json.iterations} iterations), seed ${g.seed}`,
          `  blue wins ${m.blueWins} (${pct(m.blueWins / games)}, 95% CI ${pct(lo)}–${pct(hi)}), red wins ${games - m.blueWins}`,
          `  how games ended: ${Object.entries(m.reasons).map(([r, n]) => `${r} ${n}`).join(", ")}`,
          `  ${lo > 0.5 ? "favours blue" : hi < 0.5 ? "favours red" : "no significant imbalance at this sample size"}; ${seconds.toFixed(1)} s`,
        ].join("\n"),
      );
    });

    matchOptions(
      cmd
        .command("tournament")
        .description("two computer levels play N games each way; win rates with 95% confidence intervals")
        .requiredOption("--a <level>", "first player: LEVEL or LEVEL:ITERATIONS")
        .requiredOption("--b <level>", "second player: LEVEL or LEVEL:ITERATIONS")
        .requiredOption("--games <n>", "games each way (A as blue, then A as red)"),
    ).action((opts: { a: string; b: string; games: string; board?: string; turns?: string; emptyPushes?: boolean; progress?: boolean }, c: Command) => {
      const g = globals(c);
      const games = parseInteger(opts.games, "--games", 1, 1_000_000);
      const a = parseController(`ai:${opts.a}`, "--a");
      const b = parseController(`ai:${opts.b}`, "--b");
      if (a.kind !== "ai" || b.kind !== "ai") throw new UsageError("--a and --b are computer levels");
      const board = loadBoard(opts.board);
      const options: ShoveOptions = { board, rules: rulesFrom(opts) };
      const t0 = performance.now();
      const aBlue = playMatchShown(options, a, b, games, g.seed, opts.progress, "A as blue", c);
      const aRed = playMatchShown(options, b, a, games, g.seed + 1_000_003, opts.progress, "A as red", c);
      const seconds = (performance.now() - t0) / 1000;
      const aWinsBlue = aBlue.blueWins;
      const aWinsRed = games - aRed.blueWins;
      const total = aWinsBlue + aWinsRed;
      const ci = (w: number, n: number) => wilson(w, n).map((x) => Number(x.toFixed(4)));
      const name = (x: Controller) => (x.kind !== "ai" ? "human" : x.level === "random" ? "random" : `${x.level}(${x.iterations ?? DEFAULT_ITERATIONS[x.level]})`);
      const json = {
        board: board.name,
        a: name(a),
        b: name(b),
        gamesEachWay: games,
        seed: g.seed,
        aAsBlue: { wins: aWinsBlue, rate: aWinsBlue / games, ci95: ci(aWinsBlue, games) },
        aAsRed: { wins: aWinsRed, rate: aWinsRed / games, ci95: ci(aWinsRed, games) },
        aOverall: { wins: total, rate: total / (2 * games), ci95: ci(total, 2 * games) },
        seconds: Number(seconds.toFixed(1)),
      };
      emit(c, json, () => {
        const line = (label: string, w: number, n: number) => {
          const [lo, hi] = wilson(w, n);
          return `  ${label.padEnd(22)} ${String(w).padStart(5)} / ${n}  ${pct(w / n).padStart(6)}  (95% CI ${pct(lo)}–${pct(hi)})`;
        };
        return [
          `Tournament on ${board.name}: A = ${name(a)}, B = ${name(b)}, ${games} games each way, seed ${g.seed}`,
          line("A wins playing blue", aWinsBlue, games),
          line("A wins playing red", aWinsRed, games),
          line("A wins overall", total, 2 * games),
          `  ${seconds.toFixed(1)} s`,
        ].join("\n");
      });
    });

    cmd
      .command("board")
      .description("check a board file and show it (default: the built-in board)")
      .argument("[file]", "board file")
      .action((file: string | undefined, _opts, c: Command) => {
        const board = loadBoard(file);
        const state = shove.setup({ board }, 1);
        emit(c, { board, text: formatBoard(board) }, () =>
          [`${board.name}${board === DEFAULT_BOARD ? ` — ${HOUSE_NOTE}` : ""}: valid`, renderBoard(state), "", formatBoard(board).trimEnd()].join("\n"),
        );
      });
  },
};

/**
 * Progress of a match on standard error: a bar when it is a terminal (never with --json), plain
 * lines every 50 games with --progress (for logs), otherwise nothing.
 */
function progress(on: boolean | undefined, label: string, games: number, c: Command): { update?: (done: number, blueWins: number) => void; finish: () => void } {
  if (process.stderr.isTTY === true && !globals(c).json) {
    const bar = progressBar(label, games, process.stderr);
    return { update: (done) => bar.update(done), finish: () => bar.finish() };
  }
  if (!on) return { finish: () => {} };
  return {
    update: (done, blueWins) => {
      if (done % 50 === 0) process.stderr.write(`${label}: ${done} games, blue won ${blueWins}\n`);
    },
    finish: () => {},
  };
}

/** Plays a match with its progress shown (see {@link progress}). */
function playMatchShown(options: ShoveOptions, blue: MatchSide, red: MatchSide, games: number, seed: number, on: boolean | undefined, label: string, c: Command) {
  const shown = progress(on, label, games, c);
  try {
    return playMatch(options, blue, red, games, seed, shown.update);
  } finally {
    shown.finish();
  }
}

function saveRecord(file: string, record: GameRecord<ShoveMove, ShoveOptions>, force: boolean): void {
  writeOutput(file, `${JSON.stringify(record, null, 1)}\n`, "--out", force);
}
