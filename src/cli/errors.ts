/** Errors the command line reports as one clear line (exit code 2), never a stack trace. */

/** Wrong use of the command line: unknown command, bad option value, missing argument. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Bad input data (an army list, board, deck, save or input file): the message names the field
 * and, where one applies, the rule.
 */
export class InputError extends Error {
  override name = "InputError";
  constructor(
    message: string,
    readonly field?: string,
    readonly rule?: string,
  ) {
    super(message);
  }
}

/** A check the user asked for failed (e.g. a replayed record diverges): one line, exit code 1. */
export class CheckFailedError extends Error {
  override name = "CheckFailedError";
}
