/**
 * `muster gurps attack`, `muster gurps compare` and the `gurps-cover` odds calculator: GURPS 4e
 * shields as cover (seed gurps-shields-and-cover, rulings GC-1..GC-6).
 */
import type { Command } from "commander";
import type { z } from "zod";
import { Random } from "../../core/random.js";
import { type AttackInput, type AttackPlan, planAttack } from "../../rulesets/gurps/attack.js";
import { compareTreatments } from "../../rulesets/gurps/compare.js";
import { exactOutcome, resolveAttack } from "../../rulesets/gurps/resolve.js";
import { InputError, UsageError } from "../errors.js";
import { fieldPath, parseJson, readJsonInput, readText } from "../input.js";
import { registerCalculator } from "../odds.js";
import { emit, globals, parseInteger } from "../output.js";
import type { CliModule } from "../module.js";
import { attackJson, attackText, compareJson, compareText, oddsJson, oddsText } from "./format.js";
import { gurpsCoverCalculator } from "../../rulesets/gurps/calculators.js";
import { attackSchema, compareSchema } from "./schema.js";

/** Plans the attack, turning a refusal (GC-4 fully covered location, GC-5 hunkered) into an InputError. */
export function planOrThrow(input: AttackInput, source: string): AttackPlan {
  const r = planAttack(input);
  if (!r.ok) throw new InputError(`${source}: field ${r.field}: ${r.reason} (rule ${r.rule})`, r.field, r.rule);
  return r.plan;
}

/** Command-line flags of `gurps attack`, by input field. */
const FLAGS: Record<string, string> = {
  skill: "--skill",
  db: "--db",
  mode: "--mode",
  location: "--location",
  hex: "--hex",
  flailPenalty: "--flail",
  wielderMoving: "--moving",
  lobbed: "--lobbed",
  hunkered: "--hunkered",
  shieldWall: "--shield-wall",
  edition: "--edition",
  "defense.kind": "--defense",
  "defense.value": "--defense-value",
};

interface AttackFlags {
  input?: string;
  skill?: string;
  db?: string;
  mode?: string;
  location?: string;
  hex?: string;
  flail?: string;
  moving?: boolean;
  lobbed?: boolean;
  hunkered?: boolean;
  shieldWall?: boolean;
  edition?: string;
  defense?: string;
  defenseValue?: string;
}

/** Builds the attack input from --input (if any) and the flags, which win. */
function attackFromFlags(f: AttackFlags): AttackInput {
  let base: Record<string, unknown> = {};
  const source = f.input === undefined ? "command line" : f.input === "-" ? "standard input" : f.input;
  if (f.input !== undefined) {
    const data = parseJson(readText(f.input), source);
    if (typeof data !== "object" || data === null || Array.isArray(data)) throw new InputError(`${source}: field (top level): must be a JSON object (see docs/gurps.md)`);
    base = { ...(data as Record<string, unknown>) };
  }
  if (f.skill !== undefined) base.skill = parseInteger(f.skill, "--skill");
  if (f.db !== undefined) base.db = parseInteger(f.db, "--db");
  if (f.mode !== undefined) base.mode = f.mode;
  if (f.location !== undefined) base.location = f.location;
  if (f.hex !== undefined) base.hex = f.hex;
  if (f.flail !== undefined) base.flailPenalty = parseInteger(f.flail, "--flail");
  if (f.moving) base.wielderMoving = true;
  if (f.lobbed) base.lobbed = true;
  if (f.hunkered) base.hunkered = true;
  if (f.shieldWall) base.shieldWall = true;
  if (f.edition !== undefined) base.edition = parseInteger(f.edition, "--edition");
  if (f.defense !== undefined || f.defenseValue !== undefined) {
    const d = typeof base.defense === "object" && base.defense !== null ? { ...(base.defense as Record<string, unknown>) } : {};
    if (f.defense !== undefined) d.kind = f.defense;
    if (f.defenseValue !== undefined) d.value = parseInteger(f.defenseValue, "--defense-value");
    base.defense = d;
  }
  const parsed = attackSchema.safeParse(base);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = fieldPath(issue.path);
  if (f.input === undefined) {
    const flag = FLAGS[field];
    if (issue.path.length === 0 || !flag) throw new UsageError(`${flag ?? field}: ${issue.message}`);
    const missing = issue.code === "invalid_type" && (base as Record<string, unknown>)[String(issue.path[0])] === undefined;
    throw new UsageError(missing ? `${flag} is required (${issue.message})` : `${flag}: ${issue.message}`);
  }
  throw new InputError(`${source}: field ${field}${FLAGS[field] ? ` (or ${FLAGS[field]})` : ""}: ${issue.message}`, field);
}

function sourceLabel(input: string): string {
  return input === "-" ? "standard input" : input;
}

export const gurpsCli: CliModule = {
  name: "gurps",
  register(program: Command) {
    registerCalculator<z.output<typeof attackSchema>>({
      ...gurpsCoverCalculator,
      run(input) {
        const plan = planOrThrow(input, "input");
        const odds = exactOutcome(plan);
        return { json: oddsJson(odds, plan), text: oddsText(input, odds, plan) };
      },
    });

    const gurps = program.command("gurps").description("GURPS 4e shields as cover (GC-1..GC-6): one attack step by step, or the four treatments compared");
    // `muster gurps` on its own lists its commands.
    gurps.action(() => {
      process.stdout.write(gurps.helpInformation());
    });

    gurps
      .command("attack")
      .description("resolve one attack against a shield-bearer with a seeded roll, every die shown (flags override --input)")
      .option("-i, --input <file>", 'attack input JSON (docs/gurps.md), or "-" for standard input')
      .option("--skill <n>", "attacker's skill before penalties")
      .option("--db <n>", "shield DB (its PD with --edition 3)")
      .option("--mode <mode>", "db | abstract | random | specific")
      .option("--location <loc>", "random, or skull, face, neck, torso, vitals, groin, arm-weapon, arm-shield, hand-weapon, hand-shield, leg, foot")
      .option("--hex <hex>", "front | shield-side | weapon-side | side | rear (default front)")
      .option("--flail <n>", "flail's Block penalty, e.g. -2 (GC-6)")
      .option("--moving", "the shield wielder is moving (GC-5)")
      .option("--lobbed", "a lobbed attack (GC-5)")
      .option("--hunkered", "the wielder is hunkered down behind the shield: +2 DB, no defence (GC-5)")
      .option("--shield-wall", "shield-wall training in close formation (GC-5)")
      .option("--edition <n>", "4 (default) or 3: --db is then the shield's PD (GC-6)")
      .option("--defense <kind>", "none | dodge | parry | block")
      .option("--defense-value <n>", "the defence score without DB")
      .action((opts: AttackFlags, cmd: Command) => {
        const g = globals(cmd);
        const input = attackFromFlags(opts);
        const plan = planOrThrow(input, opts.input === undefined ? "command line" : sourceLabel(opts.input));
        const record = resolveAttack(plan, Random.fromSeed(g.seed));
        emit(cmd, attackJson(input, plan, record, g.seed), () => attackText(input, plan, record, g.seed, g.seedGiven));
      });

    gurps
      .command("compare")
      .description("the same attack under DB, abstract, random and specific cover, side by side (exact odds)")
      .requiredOption("-i, --input <file>", 'attack input JSON (docs/gurps.md; "mode" is ignored), or "-" for standard input')
      .action((opts: { input: string }, cmd: Command) => {
        const input = readJsonInput(opts.input, compareSchema);
        const c = compareTreatments(input);
        emit(cmd, compareJson(input, c), () => compareText(input, c));
      });
  },
};
