/**
 * Issue 24, "Options are data from a stranger": mutations of a game's options JSON, one field at a
 * time, as a hostile client would send them. A mutation picks one place in the options (any
 * object field or array element, however deep) and replaces, removes or duplicates it.
 */
import fc from "fast-check";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Every place inside a JSON value (the root excluded), depth first. */
export function placesOf(value: Json, at: Path = [], into: Path[] = []): Path[] {
  if (value === null || typeof value !== "object") return into;
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    const p = [...at, k];
    into.push(p);
    placesOf(v, p, into);
  }
  return into;
}

/** What a field becomes: each kind is a class of hostile value. */
const REPLACEMENTS: readonly { name: string; value: (old: Json) => Json | undefined }[] = [
  { name: "removed", value: () => undefined },
  { name: "null", value: () => null },
  { name: "empty object", value: () => ({}) },
  { name: "empty array", value: () => [] },
  { name: "array of null", value: () => [null] },
  { name: "empty string", value: () => "" },
  { name: "string", value: () => "x" },
  { name: "zero", value: () => 0 },
  { name: "negative", value: () => -1 },
  { name: "huge", value: () => 1e12 },
  { name: "fraction", value: () => 0.5 },
  { name: "true", value: () => true },
  { name: "false", value: () => false },
  { name: "doubled number", value: (old) => (typeof old === "number" ? old * 2 + 1 : 7) },
  { name: "number as string", value: (old) => (typeof old === "number" ? String(old) : "1") },
  { name: "object with the old value", value: (old) => ({ value: old }) },
  { name: "array holding the old value and null", value: (old) => [old, null] },
  { name: "long string", value: () => "w".repeat(5000) },
  { name: "object holding null fields", value: (old) => (old !== null && typeof old === "object" && !Array.isArray(old) ? Object.fromEntries(Object.keys(old).map((k) => [k, null])) : { a: null }) },
  { name: "array emptied of its last element", value: (old) => (Array.isArray(old) ? old.slice(0, -1) : old) },
  { name: "array with its first element doubled", value: (old) => (Array.isArray(old) && old.length > 0 ? [old[0], ...old] : old) },
  { name: "array reversed", value: (old) => (Array.isArray(old) ? [...old].reverse() : old) },
  { name: "prototype key", value: (old) => (old !== null && typeof old === "object" && !Array.isArray(old) ? { ...old, ["__proto__"]: { polluted: true } } : old) },
];

export interface Mutation {
  path: Path;
  kind: string;
  options: unknown;
}

function setAt(root: Json, path: Path, value: Json | undefined): Json {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else if (last === "__proto__") {
    Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  } else {
    node[last] = value;
  }
  return copy;
}

function getAt(root: Json, path: Path): Json {
  let node: Json = root;
  for (const k of path) node = (node as Record<string | number, Json>)[k];
  return node;
}

/** Seeded mutations of `base`: one place, one kind of hostile value (or another field's value). */
export function mutationOf(base: unknown): fc.Arbitrary<Mutation> {
  const json = JSON.parse(JSON.stringify(base)) as Json;
  const places = placesOf(json);
  const replaced = fc.record({ place: fc.nat({ max: places.length - 1 }), kind: fc.nat({ max: REPLACEMENTS.length - 1 }) }).map(({ place, kind }) => {
    const path = places[place];
    const r = REPLACEMENTS[kind];
    return { path, kind: r.name, options: setAt(json, path, r.value(getAt(json, path))) };
  });
  // A well-typed value from elsewhere in the options: right shape, wrong place.
  const moved = fc.record({ place: fc.nat({ max: places.length - 1 }), from: fc.nat({ max: places.length - 1 }) }).map(({ place, from }) => {
    const path = places[place];
    return { path, kind: `value of ${places[from].join(".")}`, options: setAt(json, path, getAt(json, places[from])) };
  });
  // Serialised and read back as JSON, so what is sent is what is described.
  return fc.oneof({ arbitrary: replaced, weight: 4 }, { arbitrary: moved, weight: 1 }).map((m) => ({ ...m, options: JSON.parse(JSON.stringify(m.options)) as unknown }));
}
