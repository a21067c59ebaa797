/**
 * A calculator's form, derived from its input schema (the ruleset's zod schema through
 * `z.toJSONSchema`), and the address query that holds its inputs. The query is the single source
 * of truth: each field's text is kept under its dotted path (`a.grade=A`), so a link reproduces
 * the inputs; the data handed to the schema is built from it. No rule is checked here: the
 * schema names every problem.
 */
import { z } from "zod";

export type FieldKind = "enum" | "integer" | "number" | "boolean" | "text";

export interface Field {
  /** Dotted path, the query key and the schema's field name in its errors ("a.grade"). */
  key: string;
  path: string[];
  kind: FieldKind;
  /** Choices of an enum (strings or numbers). */
  choices?: (string | number)[];
  min?: number;
  max?: number;
  /** Whether the schema needs it (else it may be left blank: its default applies). */
  required: boolean;
  default?: unknown;
}

type Json = Record<string, unknown>;

function kindOf(s: Json): Pick<Field, "kind" | "choices" | "min" | "max"> | null {
  if (Array.isArray(s.enum)) return { kind: "enum", choices: s.enum as (string | number)[] };
  if (Array.isArray(s.anyOf)) {
    const alts = (s.anyOf as Json[]).filter((a) => a.type !== "null");
    if (alts.length > 0 && alts.every((a) => "const" in a)) return { kind: "enum", choices: alts.map((a) => a.const as string | number) };
    // A name or an inline object (a Contest profile): the form takes the name.
    if (alts.some((a) => a.type === "string")) return { kind: "text" };
    return null;
  }
  if (s.type === "boolean") return { kind: "boolean" };
  if (s.type === "integer" || s.type === "number") return { kind: s.type, min: s.minimum as number | undefined, max: s.maximum as number | undefined };
  if (s.type === "string") return { kind: "text" };
  return null;
}

function walk(s: Json, path: string[], required: boolean, out: Field[]): void {
  if (s.type === "object" && s.properties) {
    const req = new Set((s.required as string[] | undefined) ?? []);
    for (const [k, v] of Object.entries(s.properties as Record<string, Json>)) walk(v, [...path, k], required && req.has(k), out);
    return;
  }
  const kind = kindOf(s);
  if (!kind) return;
  out.push({ key: path.join("."), path, ...kind, required, ...("default" in s ? { default: s.default } : {}) });
}

/** The form's fields for an input schema, in the schema's order. */
export function fieldsOf(schema: z.ZodType): Field[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  const out: Field[] = [];
  walk(json, [], true, out);
  return out;
}

/** The query (field texts) for an input such as the calculator's example. */
export function queryFor(fields: readonly Field[], input: unknown): Record<string, string> {
  const q: Record<string, string> = {};
  for (const f of fields) {
    let v: unknown = input;
    for (const k of f.path) v = v !== null && typeof v === "object" ? (v as Json)[k] : undefined;
    if (v !== undefined && v !== null && typeof v !== "object") q[f.key] = String(v);
  }
  return q;
}

/** A field's text as the value the schema checks: numbers and booleans converted when they read as such, else left as text for the schema to name. */
export function valueOf(f: Field, text: string): unknown {
  const t = text.trim();
  if (f.kind === "boolean") return t === "true" ? true : t === "false" ? false : t;
  const numeric = f.kind === "integer" || f.kind === "number" || (f.kind === "enum" && f.choices?.every((c) => typeof c === "number"));
  if (numeric && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return Number(t);
  return f.kind === "text" ? text : t;
}

/** The input data the query holds: a blank field is left out (its default applies, or the schema says it is missing). */
export function dataFrom(fields: readonly Field[], query: URLSearchParams): Json {
  const data: Json = {};
  for (const f of fields) {
    const text = query.get(f.key);
    if (text === null || text.trim() === "") continue;
    let o = data;
    for (const k of f.path.slice(0, -1)) o = (o[k] ??= {}) as Json;
    o[f.path[f.path.length - 1]] = valueOf(f, text);
  }
  return data;
}

/** Problems by field key; a problem about a whole object or the top level (no such field) goes under "". */
export function problemsByField(fields: readonly Field[], problems: readonly { field: string; message: string }[]): Map<string, string[]> {
  const keys = new Set(fields.map((f) => f.key));
  const out = new Map<string, string[]>();
  for (const p of problems) {
    const key = keys.has(p.field) ? p.field : "";
    const message = key ? p.message : p.field === "(top level)" ? p.message : `${p.field}: ${p.message}`;
    out.set(key, [...(out.get(key) ?? []), message]);
  }
  return out;
}

/** "target.dp" → "target › dp"; camelCase words spaced. */
export function labelOf(f: Field): string {
  return f.path[f.path.length - 1].replace(/([a-z])([A-Z0-9])/g, "$1 $2").toLowerCase();
}
