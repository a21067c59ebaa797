/**
 * `muster army check FILE`: validates a Shieldwall army list (format in
 * docs/shieldwall/army-format.md; composition rules SW-5, SW-6, SW-7) and summarises it.
 */
import type { Command } from "commander";
import { Random } from "../../core/random.js";
import { type ArmyFile, armyProblems, armySchema, buildForce, formatProblem } from "../../rulesets/shieldwall/army.js";
import { STRENGTH, totalDp } from "../../rulesets/shieldwall/units.js";
import { InputError } from "../errors.js";
import { readJsonInput } from "../input.js";
import { emit, globals } from "../output.js";

/** Reads and validates an army file; throws InputError naming the place in the file and the rule. */
export function readArmy(source: string): ArmyFile {
  const army = readJsonInput(source, armySchema, "army format, docs/shieldwall/army-format.md");
  const problems = armyProblems(army);
  if (problems.length > 0) {
    const label = source === "-" ? "standard input" : source;
    throw new InputError(`${label}: ${problems.map(formatProblem).join("; ")}`, problems[0].path, problems[0].rule);
  }
  return army;
}

export function armySummary(army: ArmyFile, seed: number) {
  const force = buildForce(army, Random.fromSeed(seed));
  const supernumeraries: { kind: string; unit: string }[] = [];
  for (const u of force.units) for (const a of u.attachments) supernumeraries.push({ kind: a, unit: u.id });
  for (const l of force.leaders) if (l.specialWeapon) supernumeraries.push({ kind: "special-weapon", unit: l.unit });
  return {
    valid: true,
    name: army.name,
    side: army.side,
    contingents: army.contingents.length,
    units: force.units.length,
    stands: force.units.reduce((s, u) => s + u.stands, 0),
    supernumeraries,
    leaders: army.contingents.map((c, i) => ({
      name: c.leader.name,
      lp: c.leader.lp,
      lpAtStart: force.leaders[i].lpValue,
      commanderInChief: c.leader.commanderInChief === true,
      exceptional: c.leader.exceptional === true,
      specialWeapon: c.leader.specialWeapon === true,
    })),
    forces: force.units.map((u) => ({ id: u.id, kind: u.kind, grade: u.grade, strength: STRENGTH[u.grade], stands: u.stands, aggression: u.aggression, dp: totalDp(u), attachments: u.attachments })),
    notes: force.notes,
  };
}

function summaryText(s: ReturnType<typeof armySummary>, seed: number, seedGiven: boolean): string {
  const lines = [`${s.name}: valid (${s.side} side; ${s.contingents} contingents, ${s.units} units, ${s.stands} stands, ${s.supernumeraries.length} supernumerar${s.supernumeraries.length === 1 ? "y" : "ies"})`];
  for (const l of s.leaders) {
    const tags = [l.commanderInChief ? "commander-in-chief" : "", l.exceptional ? "exceptional" : "", l.specialWeapon ? "special weapon" : ""].filter(Boolean).join(", ");
    lines.push(`  ${l.name}: LP ${l.lp === "roll" ? `roll (AvD; with seed ${seed}${seedGiven ? "" : " from the clock"}: ${l.lpAtStart})` : l.lp}${tags ? ` — ${tags}` : ""}`);
  }
  for (const u of s.forces) {
    lines.push(`    ${u.id}: ${u.kind}, grade ${u.grade} (strength ${u.strength}), ${u.stands} stand${u.stands > 1 ? "s" : ""}${u.attachments.length ? `, with ${u.attachments.join(", ")}` : ""}`);
  }
  lines.push("  every unit starts with 3 DPs (fatigue) and Present aggression (seed \"Deployment\")");
  return lines.join("\n");
}

export function registerArmyCommands(program: Command): void {
  const army = program.command("army").description("Shieldwall army lists (format: docs/shieldwall/army-format.md)");
  army
    .command("check")
    .description("validate a Shieldwall army list against the composition rules (SW-5, SW-6, SW-7) and summarise it")
    .argument("<file>", 'army JSON file, or "-" for standard input')
    .action((file: string, _opts, cmd: Command) => {
      const g = globals(cmd);
      const parsed = readArmy(file);
      const summary = armySummary(parsed, g.seed);
      emit(cmd, summary, () => summaryText(summary, g.seed, g.seedGiven));
    });
}
