/** Reading and validating input files and standard input, with errors that name the field. */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "./errors.js";

/**
 * Zod's default messages in words a user reads, for every schema the command line checks
 * (rulesets' own included): "is missing (expected a string)", "must be at most 5, got 9".
 * Messages a schema writes itself take precedence; {@link describeIssues} corrects those that
 * hide a bound.
 */
z.config({
  customError: (issue) => {
    const input = (issue as { input?: unknown }).input;
    if (issue.code === "invalid_type") return input === undefined ? `is missing (expected ${article(String(issue.expected))})` : `must be ${article(String(issue.expected))}, got ${kindOf(input)}`;
    if (issue.code === "too_big" || issue.code === "too_small") {
      const bound = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
      const got = typeof input === "number" ? `, got ${input}` : Array.isArray(input) ? `, got ${input.length}` : "";
      if (issue.origin === "array" || issue.origin === "set") return `must have ${issue.code === "too_big" ? "at most" : "at least"} ${bound} item${bound === 1 ? "" : "s"}${got}`;
      if (issue.origin === "string") return `must be ${issue.code === "too_big" ? "at most" : "at least"} ${bound} character${bound === 1 ? "" : "s"} long`;
      if (Math.abs(bound) >= Number.MAX_SAFE_INTEGER) return `must be a whole number ${issue.code === "too_big" ? "no larger" : "no smaller"} than ${bound}${got}`;
      const strict = issue.inclusive === false;
      return `must be ${issue.code === "too_big" ? (strict ? "less than" : "at most") : strict ? "more than" : "at least"} ${bound}${got}`;
    }
    return undefined;
  },
});

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

/** "a.stands" style path for messages; "(top level)" for the root. */
export function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(top level)";
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("");
}

/** The value at `path` in `data`, or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k as string];
  }
  return v;
}

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  if (typeof v === "string") return `text ${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}

const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * One problem per field, in words a user reads: the bound the rule sets ("must be at most 50, got
 * 1000000000"), not zod's safe-integer range or a schema-wide "must be a number" given for a
 * number out of bounds; "missing" for an absent field. Messages the schemas wrote themselves are kept.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const field = fieldPath(issue.path);
    const value = valueAt(data, issue.path);
    let message = issue.message;
    if (issue.code === "too_big" || issue.code === "too_small") {
      const bound = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
      const sameField = issues.filter((i) => i !== issue && i.code === issue.code && fieldPath(i.path) === field);
      // The safe-integer range of .int() hides the rule's bound: say the rule's.
      if (Math.abs(bound) >= SAFE && sameField.length > 0) continue;
      const generic = /^(Too big|Too small)/.test(message) || / must be a (number|whole number)$/.test(message) || Math.abs(bound) >= SAFE;
      if (generic && issue.origin === "array") message = `must have ${issue.code === "too_big" ? "at most" : "at least"} ${bound} item${bound === 1 ? "" : "s"}${Array.isArray(value) ? `, got ${value.length}` : ""}`;
      else if (generic && issue.origin === "string") message = `must be ${issue.code === "too_big" ? "at most" : "at least"} ${bound} character${bound === 1 ? "" : "s"} long`;
      else if (generic && Math.abs(bound) >= SAFE) message = `must be a whole number ${issue.code === "too_big" ? "no larger" : "no smaller"} than ${bound}${value !== undefined ? `, got ${String(value)}` : ""}`;
      else if (generic) {
        const strict = issue.inclusive === false;
        message = `must be ${issue.code === "too_big" ? (strict ? "less than" : "at most") : strict ? "more than" : "at least"} ${bound}${value !== undefined ? `, got ${String(value)}` : ""}`;
      }
    } else if (issue.code === "invalid_type") {
      if (/^Invalid input/.test(message)) message = value === undefined ? `is missing (expected ${article(issue.expected)})` : `must be ${article(issue.expected)}, got ${kindOf(value)}`;
    }
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message });
  }
  return out;
}

/**
 * Validates data against a schema. Every problem is named, the first becoming the
 * {@link InputError}'s field; `rule` (e.g. "SW-5") is added when the schema stands for a rule.
 */
export function validate<T>(schema: z.ZodType<T>, data: unknown, source: string, rule?: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues, data);
  const ruleText = rule ? ` (rule ${rule})` : "";
  const rest = problems.slice(1).map((p) => `; field ${p.field}: ${p.message}`).join("");
  throw new InputError(`${source}: field ${problems[0].field}: ${problems[0].message}${ruleText}${rest}`, problems[0].field, rule);
}

/** Reads, parses and validates a JSON input from a file or "-". */
export function readJsonInput<T>(source: string, schema: z.ZodType<T>, rule?: string): T {
  const label = source === "-" ? "standard input" : source;
  return validate(schema, parseJson(readText(source), label), label, rule);
}
