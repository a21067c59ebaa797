/** Reading and validating input files and standard input, with errors that name the field. */
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { describeIssues, problemsText } from "../core/issues.js";
import { InputError } from "./errors.js";

export { describeIssues, fieldPath } from "../core/issues.js";

/** Input files are text of at most this many bytes (a sane limit: the largest shipped file is some 10 kB). */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** Reads a text file, or standard input for "-"; refuses a binary file or one too large, never echoing it. */
export function readText(source: string): string {
  const label = source === "-" ? "standard input" : source;
  let bytes: Buffer;
  try {
    bytes = readFileSync(source === "-" ? 0 : source);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : code === "EACCES" ? "permission denied" : (err as Error).message;
    throw new InputError(`cannot read ${label}: ${why}`);
  }
  if (bytes.length > MAX_INPUT_BYTES) throw new InputError(`${label}: the file is ${bytes.length} bytes; input files are text of at most ${MAX_INPUT_BYTES} bytes`);
  const text = bytes.toString("utf8");
  // eslint-disable-next-line no-control-regex
  const bad = /[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/.exec(text);
  if (bad) {
    const line = text.slice(0, bad.index).split("\n").length;
    throw new InputError(`${label}: not a text file (a binary or non-UTF-8 byte at line ${line}); expected JSON or the text format of its kind`);
  }
  return text;
}

/** Parses JSON, reporting the line and column of a syntax error. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const pos = /position (\d+)/.exec(msg);
    let where = "";
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      const line = before.split("\n").length;
      const col = before.length - before.lastIndexOf("\n");
      where = ` at line ${line}, column ${col}`;
    } else if (/end of (JSON )?input/i.test(msg)) {
      where = ` (it ends too early, at line ${text.split("\n").length})`;
    }
    throw new InputError(`${source}: not valid JSON${where}: ${msg.replace(/ in JSON at position \d+.*$/, "")}`);
  }
}

/**
 * Validates data against a schema. Every problem is named, the first becoming the
 * {@link InputError}'s field; `rule` (e.g. "SW-5") is added when the schema stands for a rule.
 */
export function validate<T>(schema: z.ZodType<T>, data: unknown, source: string, rule?: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues, data, schema as z.ZodType);
  throw new InputError(`${source}: ${problemsText(problems, rule)}`, problems[0].field, rule);
}

/** Reads, parses and validates a JSON input from a file or "-". */
export function readJsonInput<T>(source: string, schema: z.ZodType<T>, rule?: string): T {
  const label = source === "-" ? "standard input" : source;
  return validate(schema, parseJson(readText(source), label), label, rule);
}
