/**
 * Reading and validating input files and standard input, with errors that name the field. Every
 * file the command line reads comes through {@link readText}: regular files and standard input
 * only, never more than {@link MAX_INPUT_BYTES} read, never a wait on a FIFO nobody writes to.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import type { z } from "zod";
import { MAX_INPUT_BYTES, nestingProblem, tooLargeText } from "../core/input-limits.js";
import { describeIssues, problemsText } from "../core/issues.js";
import { InputError } from "./errors.js";

export { describeIssues, fieldPath } from "../core/issues.js";
export { MAX_INPUT_BYTES };

/** What a file that is not a regular file is, in words: "a FIFO (named pipe)", "a device". */
export function fileKind(stat: Stats): string {
  if (stat.isDirectory()) return "a folder";
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  return stat.isFile() ? "a regular file" : "not a regular file";
}

const CHUNK = 64 * 1024;

/** Sleeps `ms` without the event loop (a synchronous read of standard input that has no data yet). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Reads `fd` to its end, stopping with a named error once more than the cap has come (so /dev/zero or an endless pipe stops at 4 MiB). */
function readCapped(fd: number, label: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        pause(10); // standard input set non-blocking by someone else: wait for its writer
        continue;
      }
      if (code === "EOF") break; // Windows: the end of a pipe
      throw new InputError(`cannot read ${label}: ${code ?? (err as Error).message}`);
    }
    if (n === 0) break;
    total += n;
    if (total > MAX_INPUT_BYTES) throw new InputError(`${label}: ${tooLargeText()}`);
    chunks.push(n === CHUNK ? buf : buf.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

/** Opens a named input without waiting (a FIFO opens at once) and refuses anything but a regular file. */
function openRegular(file: string): number {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : code === "EACCES" ? "permission denied" : code === "ENXIO" ? "it is a socket, not a regular file" : (err as Error).message;
    throw new InputError(`cannot read ${file}: ${why}`);
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    if (stat.isDirectory()) throw new InputError(`cannot read ${file}: it is a folder`);
    throw new InputError(`cannot read ${file}: it is ${fileKind(stat)}, not a regular file; input files must be regular files (give - to read standard input)`);
  }
  if (stat.size > MAX_INPUT_BYTES) {
    closeSync(fd);
    throw new InputError(`${file}: ${tooLargeText(stat.size)}`);
  }
  return fd;
}

/** Reads a text file, or standard input for "-"; refuses a binary file, one too large or one that is not a regular file, never echoing it. */
export function readText(source: string): string {
  const label = source === "-" ? "standard input" : source;
  let bytes: Buffer;
  if (source === "-") bytes = readCapped(0, label);
  else {
    const fd = openRegular(source);
    try {
      bytes = readCapped(fd, label);
    } finally {
      closeSync(fd);
    }
  }
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
  const deep = nestingProblem(text);
  if (deep) throw new InputError(`${source}: ${deep}`);
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
