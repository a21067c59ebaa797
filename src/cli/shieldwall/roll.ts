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
import { UsageError } from "../errors.js";
import { readJsonInput } from "../input.js";
import { emit, globals } from "../output.js";
import { swChargeSchema, swControlSchema, swLeaderRiskSchema, swShootingSchema } from "./odds.js";

const TESTS = ["charge", "control", "shooting", "leader-risk"] as const;
type TestName = (typeof TESTS)[number];

function rollTest(test: TestName, input: string, rng: Random): { json: unknown; text: string } {
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
  sw.command("roll")
    .description(`roll a Shieldwall test with every face shown: ${TESTS.join(", ")} (inputs as the sw-* calculators, docs/shieldwall/odds.md)`)
    .argument("<test>", TESTS.join(" | "))
    .requiredOption("-i, --input <file>", 'input JSON file, or "-" for standard input')
    .action((test: string, opts: { input: string }, cmd: Command) => {
      if (!(TESTS as readonly string[]).includes(test)) throw new UsageError(`unknown test "${test}"; known: ${TESTS.join(", ")}`);
      const g = globals(cmd);
      const out = rollTest(test as TestName, opts.input, Random.fromSeed(g.seed));
      emit(cmd, { test, seed: g.seed, ...(out.json as object) }, `${out.text}\n(seed ${g.seed}${g.seedGiven ? "" : ", from the clock"})`);
    });
}
