/**
 * Issue 15, "keep it so": mutations of the shipped valid files (wrong types, huge and negative
 * numbers, missing and unknown fields, truncation, binary) go through the real loaders, and each
 * is either accepted or refused with a named error (no stack trace, no "undefined", the message
 * names a field or the file) within a time bound. Fixed seeds: the same inputs every run.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { loadScenario } from "../../src/cli/battle/scenarios.js";
import { packageRoot } from "../../src/cli/package-root.js";
import { findGame } from "../../src/core/records.js";
import "../../src/cli/battle/catalog.js";
import { InputError } from "../../src/cli/errors.js";
import { runCli, scratchFiles } from "../helpers/cli.js";
import { runPlay } from "../../src/cli/contest/play.js";

const files = scratchFiles("muster-fuzz-");
const data = (...p: string[]) => join(packageRoot(), "data", ...p);
const json = (...p: string[]) => JSON.parse(readFileSync(data(...p), "utf8")) as unknown;
const LIMIT_MS = 2000;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value inside `v`. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

const REPLACEMENTS: Json[] = [null, true, "x", "", [], {}, 0, -1, 1e9, -1e9, 1e308, -1e308, 0.5, 1e-6, 2 ** 53 + 2, [1, 2, 3], { unknown: 1 }];

type Mutation = { kind: "replace"; path: number; value: number } | { kind: "delete"; path: number } | { kind: "unknown"; path: number } | { kind: "truncate"; at: number } | { kind: "binary"; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("replace" as const), path: fc.nat(), value: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), path: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unknown" as const), path: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("binary" as const), at: fc.nat() }) },
);

/** The mutated file's text (JSON bases), or bytes for binary. */
function mutate(base: Json, m: Mutation): string | Buffer {
  const text = JSON.stringify(base, null, 1);
  if (m.kind === "truncate") return text.slice(0, m.at % text.length);
  if (m.kind === "binary") {
    const b = Buffer.from(text);
    const at = m.at % b.length;
    return Buffer.concat([b.subarray(0, at), Buffer.from([0, 0xff, 0x1b, 0x07]), b.subarray(at)]);
  }
  const copy = JSON.parse(text) as Json;
  const all = paths(copy);
  const path = all[m.path % all.length];
  if (path.length === 0) return m.kind === "replace" ? JSON.stringify(REPLACEMENTS[m.value % REPLACEMENTS.length]) : text;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (m.kind === "replace") parent[last] = REPLACEMENTS[m.value % REPLACEMENTS.length];
  else if (m.kind === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (parent[last] !== null && typeof parent[last] === "object" && !Array.isArray(parent[last])) (parent[last] as Record<string, Json>).surprise = 1;
  else parent[last] = { surprise: 1 };
  return JSON.stringify(copy);
}

/** Text mutations for line formats (Shove boards). */
function mutateText(text: string, m: Mutation): string | Buffer {
  if (m.kind === "truncate") return text.slice(0, m.at % text.length);
  if (m.kind === "binary") {
    const b = Buffer.from(text);
    const at = m.at % b.length;
    return Buffer.concat([b.subarray(0, at), Buffer.from([0, 0xff, 0x1b]), b.subarray(at)]);
  }
  const lines = text.split("\n");
  const i = m.path % lines.length;
  if (m.kind === "delete") lines.splice(i, 1);
  else if (m.kind === "unknown") lines.splice(i, 0, "surprise: 1");
  else {
    const words = lines[i].split(" ");
    words[m.value % words.length] = String(REPLACEMENTS[m.value % REPLACEMENTS.length]);
    lines[i] = words.join(" ");
  }
  return lines.join("\n");
}

interface Stats {
  tried: number;
  clean: number;
  slowest: number;
  slowestInput: string;
}
const stats: Record<string, Stats> = {};

function record(kind: string, ms: number, input: string | Buffer, clean: boolean): void {
  const s = (stats[kind] ??= { tried: 0, clean: 0, slowest: 0, slowestInput: "" });
  s.tried++;
  if (clean) s.clean++;
  if (ms > s.slowest) {
    s.slowest = ms;
    s.slowestInput = String(input).slice(0, 120);
  }
}

/** A refusal is clean: one line, named, no stack trace, no "undefined". */
function cleanMessage(message: string, file: string): boolean {
  return (
    !/internal error|\n\s+at |undefined|\[object Object\]|NaN/.test(message) &&
    (message.includes("field") || message.includes(file) || message.includes("standard input")) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(message)
  );
}

const RUNS = 40;

const ODDS = ["dice", "sw-charge", "sw-control", "sw-shooting", "sw-leader-risk", "cc-test", "gurps-cover", "sw-combat", "cc-exchange", "sw-personal-combat"] as const;
/**
 * Extra arguments that bound a calculator's work: the simulation runs under a 1-second budget
 * (--max-seconds), so even its largest allowed input answers within the fuzz test's bound.
 */
const BOUND: Partial<Record<(typeof ODDS)[number], string[]>> = { "sw-personal-combat": ["--max-seconds", "1"] };
const examples: Record<string, Json> = {};
for (const name of ODDS) examples[name] = JSON.parse((await runCli(["odds", name, "--example"])).stdout) as Json;
// A smaller sample keeps the fuzz quick; mutations still try every field's huge and bad values.
(examples["sw-personal-combat"] as { games: number }).games = 2000;

const records: Record<"pig" | "shove" | "battle" | "contest" | "swDuel", Json> = { pig: null, shove: null, battle: null, contest: null, swDuel: null };
{
  const battle = join(files.dir, "battle-record.json");
  await runCli(["--seed", "2", "battle", "--scenario", data("shieldwall", "scenarios", "raid.json"), "--out", battle]);
  records.battle = JSON.parse(readFileSync(battle, "utf8")) as Json;
  const swDuel = join(files.dir, "sw-duel-record.json");
  await runCli(["--seed", "3", "sw", "duel", "--out", swDuel]);
  records.swDuel = JSON.parse(readFileSync(swDuel, "utf8")) as Json;
  const contest = { file: { a: { profile: "hector", assistants: 0 }, b: { profile: "achilles", assistants: 0 }, distance: 0 }, computer: "B" as const, seed: 4, seedGiven: true, exchangeLimit: 200, hide: false };
  await runPlay({ ...contest, onRecord: (r) => (records.contest = r as unknown as Json) }, Array.from({ length: 400 }, () => "1"), () => {});
  const pig = join(files.dir, "pig-record.json");
  await runCli(["--seed", "2", "battle", "--game", "pig", "--out", pig]);
  records.pig = JSON.parse(readFileSync(pig, "utf8")) as Json;
  const shove = join(files.dir, "shove-record.json");
  await runCli(["--seed", "2", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", shove]);
  records.shove = JSON.parse(readFileSync(shove, "utf8")) as Json;
}

/** Runs a loader on each mutated file; it may return or throw an InputError with a clean message. */
function fuzzLoader(kind: string, seed: number, base: Json, load: (file: string) => void) {
  it(`${kind}: ${RUNS} mutations of a shipped file are accepted or refused by name, each in under ${LIMIT_MS} ms`, () => {
    const samples = fc.sample(mutation, { seed, numRuns: RUNS });
    for (const m of samples) {
      const input = mutate(base, m);
      const file = files.next("");
      writeFileSync(file, input);
      const t0 = performance.now();
      let clean = true;
      let message = "";
      try {
        load(file);
      } catch (err) {
        message = (err as Error).message;
        clean = err instanceof InputError && !message.includes("\n") && cleanMessage(message, file);
      }
      const ms = performance.now() - t0;
      record(kind, ms, input, clean && ms < LIMIT_MS);
      if (!clean) expect.fail(`not clean: ${JSON.stringify({ mutation: m, message })}`);
      expect(ms).toBeLessThan(LIMIT_MS);
    }
  }, 120_000);
}

/** Runs the real CLI on each mutated file; `args(file)` is the command line. */
function fuzzCli(kind: string, seed: number, base: () => string | Buffer, make: (m: Mutation) => string | Buffer, args: (file: string) => string[]) {
  it(`${kind}: ${RUNS} mutations of a shipped file are accepted or refused by name, each in under ${LIMIT_MS} ms`, async () => {
    expect(base()).toBeTruthy();
    // One untimed run of the unchanged file first: the bound is for handling an input, not for loading the command's modules.
    const warm = files.next("");
    writeFileSync(warm, base());
    await runCli(args(warm));
    const samples = fc.sample(mutation, { seed, numRuns: RUNS });
    for (const m of samples) {
      const input = make(m);
      const file = files.next("");
      writeFileSync(file, input);
      const t0 = performance.now();
      const r = await runCli(args(file));
      const ms = performance.now() - t0;
      const clean = r.code === 0 || ((r.code === 1 || r.code === 2) && /^muster: [^\n]+\n$/.test(r.stderr) && cleanMessage(r.stderr, file));
      record(kind, ms, input, clean && ms < LIMIT_MS);
      if (!clean) expect.fail(`not clean: ${JSON.stringify({ mutation: m, code: r.code, stderr: r.stderr })}`);
      expect(ms, `slow: ${JSON.stringify({ mutation: m, input: String(input).slice(0, 300) })}`).toBeLessThan(LIMIT_MS);
    }
  }, 120_000);
}

afterAll(() => {
  const lines = Object.entries(stats).map(([k, s]) => `${k.padEnd(22)} tried ${String(s.tried).padStart(3)}  clean ${String(s.clean).padStart(3)}  slowest ${s.slowest.toFixed(0)} ms`);
  process.stdout.write(`fuzz figures (issue 15):\n${lines.join("\n")}\n`);
});

describe("issue 15: fuzzed inputs never hang, crash or print a stack trace", () => {
  const army = json("shieldwall", "armies", "raid-lindisfarne-fyrd.json") as Json;
  fuzzCli("army", 1501, () => JSON.stringify(army), (m) => mutate(army, m), (f) => ["army", "check", f]);

  const board = readFileSync(data("shove", "narrow.board"), "utf8");
  fuzzCli("shove board", 1502, () => board, (m) => mutateText(board, m), (f) => ["shove", "board", f]);

  const deck = json("contest", "ranged-deck.json") as Json;
  fuzzCli("deck", 1503, () => JSON.stringify(deck), (m) => mutate(deck, m), (f) => ["duel", "deck", "check", f]);

  const position = { a: { profile: "hector", might: 4, assistants: 0 }, b: { profile: "achilles" }, distance: 0, exchangesLeft: 3 } as Json;
  fuzzCli("duel position", 1504, () => JSON.stringify(position), (m) => mutate(position, m), (f) => ["duel", "advise", "--state", f]);

  ODDS.forEach((name, i) => {
    const base = examples[name];
    fuzzCli(`odds ${name}`, 1510 + i, () => JSON.stringify(base), (m) => mutate(base, m), (f) => ["odds", name, "--input", f, ...(BOUND[name] ?? [])]);
  });

  const scenario = json("shieldwall", "scenarios", "raid.json") as { armies: Record<string, string> };
  for (const side of ["red", "black"]) scenario.armies[side] = data("shieldwall", "scenarios", scenario.armies[side]);
  fuzzLoader("scenario + armies", 1520, scenario as unknown as Json, (file) => {
    const loaded = loadScenario("shieldwall-battle", file);
    try {
      findGame("shieldwall-battle")?.setup(loaded.options, 1);
    } catch (err) {
      // The CLI reports a setup refusal as the scenario refused (battle/index.ts checkSetup).
      if (err instanceof RangeError) throw new InputError(`${file}: the scenario is refused: ${err.message}`);
      throw err;
    }
  });

  fuzzCli("pig record", 1521, () => JSON.stringify(records.pig), (m) => mutate(records.pig, m), (f) => ["replay", f]);
  fuzzCli("shove record", 1522, () => JSON.stringify(records.shove), (m) => mutate(records.shove, m), (f) => ["shove", "replay", f]);
  fuzzCli("battle record", 1523, () => JSON.stringify(records.battle), (m) => mutate(records.battle, m), (f) => ["replay", f]);
  fuzzCli("contest record", 1524, () => JSON.stringify(records.contest), (m) => mutate(records.contest, m), (f) => ["replay", f]);
  fuzzCli("sw duel record", 1525, () => JSON.stringify(records.swDuel), (m) => mutate(records.swDuel, m), (f) => ["replay", f]);
});
