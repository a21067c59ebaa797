/** Text and JSON shapes of the GURPS shields-as-cover commands. */
import { describeRoll } from "../../core/dice.js";
import type { Fraction } from "../../core/fraction.js";
import { type AttackInput, type AttackPlan, MODE_NAMES, MODES, type Mode, OUTCOME_NAMES, OUTCOMES } from "../../rulesets/gurps/attack.js";
import { bodyStruck, type Comparison, type Treatment } from "../../rulesets/gurps/compare.js";
import type { AttackRecord, ExactOutcome } from "../../rulesets/gurps/resolve.js";

export { compareJson, oddsJson } from "../../rulesets/gurps/calculators.js";

/** One line describing the attack, with house/decision options named when not at their defaults. */
export function describeInput(input: AttackInput, mode: Mode | null = input.mode): string {
  const parts = [`skill ${input.skill}`, input.edition === 3 ? `PD ${input.db} shield (3rd edition)` : `DB ${input.db} shield`];
  if (mode) parts.push(`as ${MODE_NAMES[mode]}`);
  parts.push(input.location === "random" ? "random location" : `aimed at the ${input.location}`);
  parts.push(`from the ${input.hex} hex`);
  if (input.flailPenalty) parts.push(`flail ${input.flailPenalty}`);
  if (input.wielderMoving) parts.push("wielder moving");
  if (input.lobbed) parts.push("lobbed");
  if (input.hunkered) parts.push("hunkered down");
  if (input.shieldWall) parts.push("shield-wall formation");
  parts.push(input.defense.kind === "none" ? "no active defence" : `defence ${input.defense.kind} ${input.defense.value}`);
  return parts.join(", ");
}

function row(label: string, p: Fraction): string {
  return `  ${label.padEnd(16)} ${p.toString().padStart(24)}  ${p.toDecimal(6)}`;
}

export function oddsText(input: AttackInput, odds: ExactOutcome, plan: AttackPlan): string {
  const lines = [`GURPS attack: ${describeInput(input, plan.mode)}`];
  for (const n of plan.notes) lines.push(`  · ${n}`);
  lines.push("", `  ${"outcome".padEnd(16)} ${"probability".padStart(24)}  decimal`);
  let total = odds.p.criticalHit;
  for (const o of OUTCOMES) {
    lines.push(row(OUTCOME_NAMES[o], odds.p[o]));
    if (o !== "criticalHit") total = total.add(odds.p[o]);
  }
  lines.push(row("total", total));
  lines.push("", "  where the attack lands (hits and critical hits):");
  for (const [loc, p] of Object.entries(odds.hitByLocation)) lines.push(row(loc, p));
  return lines.join("\n");
}

export function attackJson(input: AttackInput, plan: AttackPlan, record: AttackRecord, seed: number) {
  return {
    seed,
    mode: plan.mode,
    effectiveSkill: plan.effectiveSkill,
    notes: plan.notes,
    steps: record.steps.map((s) => ({ purpose: s.purpose, dice: s.roll.dice, faces: s.roll.faces, total: s.roll.total, note: s.note })),
    outcome: record.outcome,
    location: record.location,
    input,
  };
}

const PURPOSE: Record<string, string> = {
  attack: "attack roll",
  location: "hit location",
  hand: "which hand",
  cover: "random cover",
  defence: "defence roll",
};

export function attackText(input: AttackInput, plan: AttackPlan, record: AttackRecord, seed: number, seedGiven: boolean): string {
  const lines = [`GURPS attack: ${describeInput(input, plan.mode)}`];
  for (const n of plan.notes) lines.push(`  · ${n}`);
  record.steps.forEach((s, i) => {
    lines.push(`  ${i + 1}. ${PURPOSE[s.purpose]}: ${describeRoll(s.roll)} → ${s.note}`);
  });
  const where = record.location && (record.outcome === "hit" || record.outcome === "criticalHit") ? ` (${record.location})` : "";
  lines.push(`  Result: ${OUTCOME_NAMES[record.outcome].toUpperCase()}${where}`);
  lines.push(`  (seed ${seed}${seedGiven ? "" : ", chosen from the clock; pass --seed to repeat it"})`);
  return lines.join("\n");
}

function treatment(c: Comparison, mode: Mode): Treatment {
  for (const t of c.treatments) if (t.mode === mode) return t;
  throw new Error(`no treatment ${mode}`);
}

export function compareText(input: AttackInput, c: Comparison): string {
  const width = 14;
  const head = ["DB (written)", "abstract", "random", "specific"];
  const lines = [`GURPS shields as cover, compared: ${describeInput(input, null)}`, ""];
  lines.push(`  ${"".padEnd(18)}${head.map((h) => h.padStart(width)).join("")}`);
  const cell = (mode: Mode, f: (o: ExactOutcome) => Fraction) => {
    const t = treatment(c, mode);
    return (t.available ? f(t.odds).toPercent(2) : "n/a").padStart(width);
  };
  lines.push(`  ${"effective skill".padEnd(18)}${MODES.map((m) => {
    const t = treatment(c, m);
    return (t.available ? String(t.effectiveSkill) : "n/a").padStart(width);
  }).join("")}`);
  for (const o of OUTCOMES) lines.push(`  ${OUTCOME_NAMES[o].padEnd(18)}${MODES.map((m) => cell(m, (x) => x.p[o])).join("")}`);
  lines.push(`  ${"body struck".padEnd(18)}${MODES.map((m) => cell(m, bodyStruck)).join("")}`);
  lines.push("");
  for (const t of c.treatments) if (!t.available) lines.push(`  n/a under ${MODE_NAMES[t.mode]}: ${t.reason} (rule ${t.rule})`);
  const db = c.bodyStruck.db;
  for (const [mode, pick] of Object.entries(c.attackerChoice)) {
    const m = mode as Mode;
    const p = c.bodyStruck[m];
    if (!p || !db) continue;
    lines.push(`  Attacker's choice under ${MODE_NAMES[m]}: ${pick === "cover" ? "treat the shield as cover" : "leave the shield its DB"} (body struck ${p.toPercent(2)} as cover, ${db.toPercent(2)} against DB).`);
  }
  lines.push(`  Best for the attacker of all four: ${MODE_NAMES[c.attackerBest]}.`);
  lines.push("  Body struck = hit + critical hit. Exact fractions: add --json.");
  return lines.join("\n");
}
