/** Printing for the command line: text for people, JSON with --json. */
import type { Command } from "commander";
import { UsageError } from "./errors.js";

export interface GlobalOptions {
  json: boolean;
  seed: number;
  /** True when the user gave --seed; otherwise the seed was chosen from the clock. */
  seedGiven: boolean;
}

/** Reads the global options (--json, --seed) as seen from any subcommand. */
export function globals(cmd: Command): GlobalOptions {
  const o = cmd.optsWithGlobals() as { json?: boolean; seed?: string };
  let seed: number;
  if (o.seed === undefined) seed = Date.now() % 2_147_483_647;
  else seed = parseInteger(o.seed, "--seed");
  return { json: o.json === true, seed, seedGiven: o.seed !== undefined };
}

export function parseInteger(text: string, option: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`${option} must be a whole number, got "${text}"`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${option} must be between ${min} and ${max}, got ${text}`);
  return n;
}

/** Prints `json` as JSON when --json was given, otherwise the text. */
export function emit(cmd: Command, json: unknown, text: string | (() => string)): void {
  if (globals(cmd).json) process.stdout.write(`${JSON.stringify(json, replacer, 2)}\n`);
  else process.stdout.write(`${typeof text === "function" ? text() : text}\n`);
}

/** JSON replacer: BigInt as strings. */
export function replacer(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
