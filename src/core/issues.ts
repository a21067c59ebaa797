/**
 * Validation problems in words a user reads, shared by every program that checks input with a
 * ruleset's schema (the command line, the web app's forms): zod's default messages replaced
 * ("is missing (expected a string)", "must be at most 5, got 9") and each issue named by its field.
 */
import { z } from "zod";

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
 * The bound the rule sets for a whole number beyond the safe range (1e308): zod's .int() stops at
 * its safe-integer check and never reaches the schema's own `max`, so the value is tried again at
 * the safe limit and the schema's answer for that field kept ("must be at most 100"), or null.
 */
function ruleBound(schema: z.ZodType, data: unknown, path: readonly PropertyKey[], code: "too_big" | "too_small"): string | null {
  if (path.length === 0 || data === null || typeof data !== "object") return null;
  const copy = structuredClone(data) as Record<PropertyKey, unknown>;
  let parent: Record<PropertyKey, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    const next = parent[k as string];
    if (next === null || typeof next !== "object") return null;
    parent = next as Record<PropertyKey, unknown>;
  }
  parent[path[path.length - 1] as string] = code === "too_big" ? SAFE : -SAFE;
  const again = schema.safeParse(copy);
  if (again.success) return null;
  const field = fieldPath(path);
  const same = again.error.issues.find((i) => i.code === code && fieldPath(i.path) === field && Math.abs(Number(i.code === "too_big" ? i.maximum : i.minimum)) < SAFE);
  return same ? same.message.replace(/, got [^,;]*$/, "") : null;
}

/**
 * One problem per field, in words a user reads: the bound the rule sets ("must be at most 50, got
 * 1000000000"), not zod's safe-integer range or a schema-wide "must be a number" given for a
 * number out of bounds; "missing" for an absent field. Messages the schemas wrote themselves are
 * kept. With the `schema`, a number beyond the safe range is given the rule's bound too.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown, schema?: z.ZodType): { field: string; message: string }[] {
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
      const ruled = Math.abs(bound) >= SAFE && schema ? ruleBound(schema, data, issue.path, issue.code) : null;
      const generic = /^(Too big|Too small)/.test(message) || / must be a (number|whole number)$/.test(message) || Math.abs(bound) >= SAFE;
      if (ruled !== null) message = `${ruled}, got ${String(value)}`;
      else if (generic && issue.origin === "array") message = `must have ${issue.code === "too_big" ? "at most" : "at least"} ${bound} item${bound === 1 ? "" : "s"}${Array.isArray(value) ? `, got ${value.length}` : ""}`;
      else if (generic && issue.origin === "string") message = `must be ${issue.code === "too_big" ? "at most" : "at least"} ${bound} character${bound === 1 ? "" : "s"} long`;
      else if (generic && Math.abs(bound) >= SAFE) message = `must be a whole number ${issue.code === "too_big" ? "no larger" : "no smaller"} than ${bound}${value !== undefined ? `, got ${String(value)}` : ""}`;
      else if (generic) {
        const strict = issue.inclusive === false;
        message = `must be ${issue.code === "too_big" ? (strict ? "less than" : "at most") : strict ? "more than" : "at least"} ${bound}${value !== undefined ? `, got ${String(value)}` : ""}`;
      }
    } else if (issue.code === "unrecognized_keys") {
      message = `unknown field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")} (not part of this format; check the spelling)`;
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


/** The problems of a failed parse as one line, as the command line reports them after the source: "field a.dp: must be at most 40, got 99 (rule SW-5)". */
export function problemsText(problems: readonly { field: string; message: string }[], rule?: string): string {
  const ruleText = rule ? ` (rule ${rule})` : "";
  const rest = problems
    .slice(1)
    .map((p) => `; field ${p.field}: ${p.message}`)
    .join("");
  return `field ${problems[0].field}: ${problems[0].message}${ruleText}${rest}`;
}
