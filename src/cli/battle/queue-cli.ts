/**
 * The command line of queued simulations: `muster sim --queue URL` (new run, `--resume RUN`,
 * `--status RUN`) and `muster worker --queue URL [--threads N]`. Loaded only when asked for, so
 * a plain `muster sim` never loads BullMQ.
 */
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import type { Command } from "commander";
import type { PlayerId } from "../../core/game.js";
import { UsageError } from "../errors.js";
import type { CliModule } from "../module.js";
import { globals, parseInteger, replacer } from "../output.js";
import type { AiSpec } from "./ai.js";
import { simText } from "./sim-text.js";
import { type Progress, progressBar } from "./progress.js";
import { checkQueueUrl, checkRunId, type RunRecord } from "./queue-protocol.js";
import { queueRunStatus, resumeQueueRun, startQueueRun } from "./queue-sim.js";
import { runQueueWorker } from "./queue-worker.js";
import type { SimReport } from "./sim.js";

export interface QueueSimArgs {
  queue: string;
  resume?: string;
  status?: string;
  jobGames?: string;
  perGame?: boolean;
  progress: boolean;
  /** A new run: what to simulate (absent with --resume and --status). */
  spec?: { gameId: string; options: unknown; players: Record<PlayerId, AiSpec>; scenario: string; games: number; seed: number; skipFailures: boolean; countEvents: boolean };
}

function printReport(json: boolean, record: RunRecord, report: SimReport, seconds: number, partial?: { doneGames: number }): void {
  const where = partial ? `queue run ${record.run}, PARTIAL: ${partial.doneGames} of ${record.games} games done so far` : `queue run ${record.run}`;
  if (json) {
    const extra = partial ? { partial: true, gamesDone: partial.doneGames, gamesTotal: record.games } : Number.isNaN(seconds) ? {} : { seconds: Number(seconds.toFixed(3)) };
    process.stdout.write(`${JSON.stringify({ ...report, scenario: record.scenario, run: record.run, ...extra }, replacer, 2)}\n`);
    return;
  }
  process.stdout.write(`${simText(report, { scenario: record.scenario, workers: 0, seconds, where })}\n`);
}

/** `muster sim --queue URL …`: a new run, `--resume RUN` or `--status RUN`. */
export async function queueSimAction(args: QueueSimArgs, json: boolean): Promise<void> {
  checkQueueUrl(args.queue);
  if (args.status !== undefined) {
    const run = checkRunId(args.status, "--status");
    const s = await queueRunStatus(args.queue, run);
    const state = s.errors.length > 0 ? `stopped: ${s.errors[0]}` : s.doneChunks === s.record.chunks ? "finished" : s.enqueued ? "running" : "enqueuing was interrupted: --resume finishes it";
    process.stderr.write(`muster: run ${run}: ${s.doneGames} of ${s.record.games} games done (${s.doneChunks} of ${s.record.chunks} jobs); ${state}\n`);
    if (s.partial) printReport(json, s.record, s.partial, Number.NaN, s.doneChunks === s.record.chunks ? undefined : { doneGames: s.doneGames });
    return;
  }
  let bar: Progress | undefined;
  const hooks = {
    keepOutcomes: args.perGame === true,
    onRun: (record: RunRecord, done: number) => {
      process.stderr.write(`muster: run ${record.run}: ${record.games} games in ${record.chunks} jobs of ${record.jobGames}${done > 0 ? `, ${done} already done` : ""}; see it with muster sim --queue URL --status ${record.run}; pick it up with --resume ${record.run}\n`);
      if (args.progress) bar = progressBar("sim", record.games, process.stderr, undefined, done);
    },
    onProgress: (done: number) => bar?.update(done),
    onNote: (line: string) => process.stderr.write(`${bar ? "\n" : ""}muster: ${line}\n`),
  };
  const t0 = performance.now();
  let result: { record: RunRecord; report: SimReport };
  try {
    if (args.resume !== undefined) result = await resumeQueueRun(args.queue, checkRunId(args.resume, "--resume"), hooks);
    else {
      if (!args.spec) throw new UsageError("--games is required for a new run (or give --resume RUN or --status RUN)");
      const jobGames = args.jobGames === undefined ? undefined : parseInteger(args.jobGames, "--job-games", 1, 1_000_000);
      result = await startQueueRun({ url: args.queue, ...args.spec, jobGames }, hooks);
    }
  } finally {
    bar?.finish();
  }
  printReport(json, result.record, result.report, (performance.now() - t0) / 1000);
}

export const workerCli: CliModule = {
  name: "worker",
  register(program: Command) {
    program
      .command("worker")
      .description("play queued muster sim runs (muster sim --queue URL) on this machine's processors until stopped (Ctrl-C)")
      .requiredOption("--queue <url>", "the queue's Redis, e.g. redis://127.0.0.1:6379")
      .option("--threads <n>", "worker threads (default: the number of processors)")
      .option("--lock-seconds <s>", "how long a job stays locked by a worker that stopped answering before another takes it", "30")
      .action(async (opts: { queue: string; threads?: string; lockSeconds: string }, c: Command) => {
        globals(c);
        const threads = opts.threads === undefined ? availableParallelism() : parseInteger(opts.threads, "--threads", 1, 256);
        const lockSeconds = parseInteger(opts.lockSeconds, "--lock-seconds", 1, 3600);
        await runQueueWorker({ url: opts.queue, threads, lockMs: lockSeconds * 1000, log: (line) => process.stderr.write(`${line}\n`) });
      });
  },
};
