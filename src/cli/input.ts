/** Reading and validating input files and standard input, with errors that name the field. */
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { InputError } from "./errors.js";

/** Reads a file, or standard input for "-". */
export function readText(source: string): string {
  try {
    return readFileSync(source === "-" ? 0 : source, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (err as Error).message;
    throw new InputError(`cannot read ${source === "-" ? "standard input" : source}: ${why}`);
  }
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

/**
 * Validates data against a schema. The first problem becomes an {@link InputError} naming the
 * field; `rule` (e.g. "SW-5") is added when the schema stands for a rule.
 */
export function validate<T>(schema: z.ZodType<T>, data: unknown, source: string, rule?: string): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = fieldPath(issue.path);
  const ruleText = rule ? ` (rule ${rule})` : "";
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more problem${parsed.error.issues.length > 2 ? "s" : ""})` : "";
  throw new InputError(`${source}: field ${field}: ${issue.message}${ruleText}${more}`, field, rule);
}

/** Reads, parses and validates a JSON input from a file or "-". */
export function readJsonInput<T>(source: string, schema: z.ZodType<T>, rule?: string): T {
  const label = source === "-" ? "standard input" : source;
  return validate(schema, parseJson(readText(source), label), label, rule);
}
