/**
 * The `muster` command line. Every failure the user can cause ends with one clear line on
 * standard error and exit code 2; a stack trace would be our bug, not the user's.
 */
import { Command, CommanderError } from "commander";
import { IllegalMoveError } from "../core/game.js";
import { CheckFailedError, InputError, UsageError } from "./errors.js";
import { clearCalculators } from "./odds.js";
import { cliModules } from "./registry.js";

function fullName(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name("muster")
    .description("Muster: tabletop battle rules engine — Shieldwall, Shove, Contest of Champions, GURPS shields as cover")
    .version("0.1.0")
    .option("--seed <n>", "seed for every random draw (same seed, same game); default: from the clock")
    .option("--json", "machine-readable JSON output")
    .showHelpAfterError(false)
    .exitOverride();
  clearCalculators();
  for (const mod of cliModules) mod.register(program);
  // Every command throws instead of exiting, and prints errors only through report() below.
  const configure = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput({ outputError: () => {} });
    // A command group called without a subcommand gets one line naming the choices.
    const hasAction = (cmd as unknown as { _actionHandler: unknown })._actionHandler !== null;
    if (cmd !== program && cmd.commands.length > 0 && !hasAction) {
      cmd.action(() => {
        const choices = cmd.commands.map((c) => c.name()).join(", ");
        throw new UsageError(`${fullName(cmd)} needs a subcommand: ${choices} (see ${fullName(cmd)} --help)`);
      });
    }
    cmd.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    return report(err);
  }
}

function report(err: unknown): number {
  if (err instanceof CommanderError) {
    if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.exitCode === 0) return 0;
    if (err.code === "commander.help") return 0;
    const message = err.message.replace(/^error:\s*/i, "");
    process.stderr.write(`muster: ${message} (see muster --help)\n`);
    return 2;
  }
  if (err instanceof UsageError || err instanceof InputError) {
    process.stderr.write(`muster: ${err.message}\n`);
    return 2;
  }
  if (err instanceof CheckFailedError) {
    process.stderr.write(`muster: ${err.message}\n`);
    return 1;
  }
  if (err instanceof IllegalMoveError) {
    process.stderr.write(`muster: illegal decision: ${err.message}\n`);
    return 2;
  }
  const e = err as Error;
  process.stderr.write(`muster: internal error: ${e?.message ?? String(err)} (please report it; set MUSTER_DEBUG=1 for details)\n`);
  if (process.env.MUSTER_DEBUG) process.stderr.write(`${e?.stack}\n`);
  return 1;
}
