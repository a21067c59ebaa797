/**
 * `muster sw roll <test> --input FILE|-`: a table-side companion for the tests outside combat.
 * It rolls the charge test, control test, shooting or the risk to a leader with the seeded
 * generator (`--seed N` repeats a roll), shows every face, and applies the result with the same
 * rule functions as the game and the exact calculators. Inputs are those of the calculators
 * (docs/shieldwall/odds.md).
 */
import type { Command } from "commander";
import { Random } from "../../core/random.js";
import {
  applyChargeResult,
  applyShootingHits,
  DEFAULT_CHARGE_OPTIONS,
  DEFAULT_LEADER_RISK_OPTIONS,
  DEFAULT_SHOOTING_OPTIONS,
  leaderRiskRolls,
  probeUnit,
  resolveCharge,
  resolveControl,
  resolveLeaderRisk,
  shootingDice,
  resolveShooting,
  targetOutcome,
} from "../../rulesets/shieldwall/checks.js";
import { AGGRESSION_NAME, type LeaderState, probeLeader } from "../../rulesets/shieldwall/units.js";
import { z } from "zod";
import { UsageError } from "../errors.js";
import { readJsonInput as readJsonFile, validate } from "../input.js";
import { emit, globals } from "../output.js";
import { SW_EXAMPLES, swChargeSchema, swControlSchema, swLeaderRiskSchema, swShootingSchema } from "./odds.js";

const TESTS = ["charge", "control", "shooting", "leader-risk"] as const;
type TestName = (typeof TESTS)[number];

const SCHEMAS = { charge: swChargeSchema, control: swControlSchema, shooting: swShootingSchema, "leader-risk": swLeaderRiskSchema } as const;

/** One command-line flag for one input field (nested fields such as target.kind become --target-kind; options.* drop the prefix). */
interface Flag {
  path: string[];
  flag: string;
  attr: string;
  kind: "number" | "boolean" | "choice";
  choices?: readonly string[];
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The flags of a schema's fields, from the schema itself (one source for files and flags). */
function flagsOf(schema: z.ZodType, path: string[] = []): Flag[] {
  let t = schema as unknown as { def?: { type?: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; entries?: Record<string, string> }; shape?: Record<string, z.ZodType>; options?: readonly string[] };
  while (t.def?.type === "optional" || t.def?.type === "default") t = t.def.innerType as unknown as typeof t;
  const type = t.def?.type;
  if (type === "object") return Object.entries(t.shape ?? {}).flatMap(([k, v]) => flagsOf(v, [...path, k]));
  const visible = path[0] === "options" ? path.slice(1) : path;
  const flag = `--${visible.map(kebab).join("-")}`;
  const attr = camel(flag.slice(2));
  if (type === "boolean") return [{ path, flag, attr, kind: "boolean" }];
  if (type === "enum") return [{ path, flag, attr, kind: "choice", choices: Object.values(t.def?.entries ?? {}) }];
  return [{ path, flag, attr, kind: "number" }];
}

const FLAGS: Record<TestName, Flag[]> = {
  charge: flagsOf(SCHEMAS.charge),
  control: flagsOf(SCHEMAS.control),
  shooting: flagsOf(SCHEMAS.shooting),
  "leader-risk": flagsOf(SCHEMAS["leader-risk"]),
};

/** The input object from the flags given for `test` (a flag of another test is refused by name). */
function inputFromFlags(test: TestName, opts: Record<string, unknown>, base: Record<string, unknown>): Record<string, unknown> {
  const own = new Set(FLAGS[test].map((f) => f.attr));
  for (const other of TESTS) for (const f of FLAGS[other]) if (!own.has(f.attr) && opts[f.attr] !== undefined) throw new UsageError(`${f.flag} is not an input of the ${test} test; its flags: ${FLAGS[test].map((g) => g.flag).join(" ")}`);
  const out = structuredClone(base);
  for (const f of FLAGS[test]) {
    const raw = opts[f.attr];
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (f.kind === "number") {
      value = Number(raw);
      if (String(raw).trim() === "" || !Number.isFinite(value)) throw new UsageError(`${f.flag} must be a number, got "${String(raw)}"`);
    } else if (f.kind === "boolean") {
      if (raw === true || raw === "yes" || raw === "true") value = true;
      else if (raw === "no" || raw === "false") value = false;
      else throw new UsageError(`${f.flag} takes yes or no (alone: yes), got "${String(raw)}"`);
    }
    let at = out;
    for (const k of f.path.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
    at[f.path[f.path.length - 1]] = value;
  }
  return out;
}

function rollTest(test: TestName, input: string | Record<string, unknown>, rng: Random): { json: unknown; text: string } {
  const readJsonInput = <T>(source: string | Record<string, unknown>, schema: z.ZodType<T>, rule: string): T =>
    typeof source === "string" ? readJsonFile(source, schema, rule) : validate(schema, source, "the command line", rule);
  switch (test) {
    case "charge": {
      const i = readJsonInput(input, swChargeSchema, 'seed "Charges and Combat"');
      const options = { ...DEFAULT_CHARGE_OPTIONS, ...(i.options ?? {}) };
      const r = resolveCharge(rng, i, options);
      const unit = probeUnit({ grade: i.grade, kind: i.retinueWithLeader ? "retinue" : "band", stands: 1, aggression: i.aggression, dp: i.dp });
      const after = applyChargeResult(unit, r.charges);
      return { json: { ...r, unitAfter: targetOutcome(after.value), notes: after.notes }, text: [`charge test: ${r.text}`, ...(r.charges ? [] : after.notes.slice(1))].join("\n") };
    }
    case "control": {
      const i = readJsonInput(input, swControlSchema, 'seed "Control Test"');
      const r = resolveControl(rng, i);
      return { json: r, text: `control test: AvD ${r.face} ${r.modifier >= 0 ? "+" : "-"} ${Math.abs(r.modifier)} = ${r.text}` };
    }
    case "shooting": {
      const i = readJsonInput(input, swShootingSchema, "SW-16");
      const options = { ...DEFAULT_SHOOTING_OPTIONS, ...(i.options ?? {}) };
      const sIn = { shooterStands: i.shooterStands, skilledArcher: i.skilledArcher, targetIsRetinue: i.target.kind === "retinue", targetInCover: i.target.cover };
      const r = resolveShooting(rng, sIn, options);
      const t = i.target;
      const before = probeUnit({ grade: t.grade, kind: t.kind, stands: t.stands, aggression: t.aggression, dp: t.dp, name: "the target" });
      const after = applyShootingHits(before, r.hits);
      return {
        json: { dice: r.dice, faces: r.roll.faces, hits: r.hits, targetAfter: targetOutcome(after.value), notes: after.notes },
        text: [
          `shooting: ${r.dice} dice (${shootingDice(sIn, options).notes.join("; ")}) [${r.roll.faces.join(", ")}]: ${r.hits} hit${r.hits === 1 ? "" : "s"}`,
          ...after.notes,
          `the target is now ${AGGRESSION_NAME[after.value.aggression]} with ${targetOutcome(after.value).dp} DPs and ${after.value.stands} stand(s)`,
        ].join("\n"),
      };
    }
    case "leader-risk": {
      const i = readJsonInput(input, swLeaderRiskSchema, 'seed "Risk to Leaders"');
      const rolls = leaderRiskRolls(i, { ...DEFAULT_LEADER_RISK_OPTIONS, ...(i.options ?? {}) });
      let leader: LeaderState = probeLeader({ lpValue: i.lpValue });
      const lines: string[] = [];
      const faces: number[][] = [];
      for (let k = 0; k < rolls && leader.status === "alive"; k++) {
        const r = resolveLeaderRisk(rng, leader);
        leader = r.value;
        faces.push(r.faces);
        lines.push(`roll ${k + 1}: D6 [${r.faces.join(", ")}]: ${r.notes.join("; ")}`);
      }
      return { json: { rolls: faces, status: leader.status, lpValue: leader.lpValue, wounds: leader.wounds }, text: lines.join("\n") };
    }
  }
}

export function registerRollCommand(program: Command): void {
  const sw = program.commands.find((c) => c.name() === "sw") ?? program.command("sw").description("Shieldwall (Maldon v2.1) tools");
  const roll = sw
    .command("roll")
    .description(`roll a Shieldwall test with every face shown: ${TESTS.join(", ")}; give the inputs as flags (or a JSON file, as the sw-* calculators, docs/shieldwall/odds.md)`)
    .argument("<test>", TESTS.join(" | "))
    .option("-i, --input <file>", 'input JSON file, or "-" for standard input (flags override its fields)')
    .option("--example", "print a sample input for the test (JSON) and stop");
  const seen = new Set<string>();
  for (const test of TESTS)
    for (const f of FLAGS[test]) {
      if (seen.has(f.flag)) continue;
      seen.add(f.flag);
      const users = TESTS.filter((t) => FLAGS[t].some((g) => g.flag === f.flag)).join(", ");
      if (f.kind === "boolean") roll.option(`${f.flag} [yes|no]`, `(${users})`);
      else roll.option(`${f.flag} <${f.kind === "choice" ? (f.choices ?? []).join("|") : "n"}>`, `(${users})`);
    }
  roll.action((test: string, opts: Record<string, unknown> & { input?: string; example?: boolean }, cmd: Command) => {
    if (!(TESTS as readonly string[]).includes(test)) throw new UsageError(`unknown test "${test}"; known: ${TESTS.join(", ")}`);
    const name = test as TestName;
    if (opts.example) {
      process.stdout.write(`${JSON.stringify(SW_EXAMPLES[name], null, 2)}\n`);
      return;
    }
    const flagsGiven = FLAGS[name].some((f) => opts[f.attr] !== undefined) || TESTS.some((t) => FLAGS[t].some((f) => opts[f.attr] !== undefined));
    if (opts.input === undefined && !flagsGiven) {
      throw new UsageError(`sw roll ${name} needs its inputs: flags (${FLAGS[name].map((f) => f.flag).join(" ")}) or --input FILE; e.g. muster sw roll ${name} --example`);
    }
    let source: string | Record<string, unknown> = opts.input ?? {};
    if (flagsGiven) {
      const base = opts.input === undefined ? {} : (readJsonFile(opts.input, z.record(z.string(), z.unknown())) as Record<string, unknown>);
      source = inputFromFlags(name, opts, base);
    }
    const g = globals(cmd);
    const out = rollTest(name, source, Random.fromSeed(g.seed));
    emit(cmd, { test, seed: g.seed, ...(out.json as object) }, `${out.text}\n(seed ${g.seed}${g.seedGiven ? "" : ", from the clock"})`);
  });
}
