/**
 * Everything the engine would refuse in a scenario, found at once, each problem naming its field
 * and the rule it breaks (issue 27: the scenario editor shows them before the player plays): the
 * scenario format (parseScenario's checks: pieces off the table, overlapping terrain under the
 * terrain layout house rule, deployment distances, boats), each army's composition (SW-5, SW-6,
 * SW-7), and the battle's own set-up checks (no room to deploy a contingent, ruling SW-26; fixed
 * deployments; embarked units) run by creating the battle exactly as the CLI and the web do.
 */
import { type ArmyFile, armyProblems, armySchema, type Side } from "../army.js";
import { describeIssues } from "../../../core/issues.js";
import { createBattle } from "./game.js";
import { scenarioFormatProblems, scenarioSchema } from "./scenario.js";

export interface ScenarioProblem {
  /** The field, as in the scenario file: `table.terrain[2].points`, `armies.red.contingents`, `table`. */
  field: string;
  /** The rule broken: a ruling id (`SW-26`), "terrain layout (house rule)", or the format. */
  rule: string;
  message: string;
}

const FORMAT_RULE = "battle scenario format";

/** The rule a message names: its ruling id, the terrain layout house rule, or the format. */
function ruleIn(message: string): string {
  const id = /\b(SW-\d+)\b/.exec(message);
  if (id) return id[1];
  if (message.includes("terrain layout")) return "terrain layout (house rule)";
  return FORMAT_RULE;
}

/**
 * The problems of a scenario, none when the battle starts from it. `armies` gives the army of a
 * side whose scenario names it by path (the CLI reads the file; the editor picks it); a side
 * with neither is checked for its format only, and the set-up checks wait until both are known.
 */
export function scenarioProblems(value: unknown, armies: Partial<Record<Side, ArmyFile>> = {}): ScenarioProblem[] {
  const r = scenarioSchema.safeParse(value);
  if (!r.success) return scenarioFormatProblems(r.error.issues, value).map((p) => ({ ...p, rule: ruleIn(p.message) }));
  const scenario = r.data;
  const out: ScenarioProblem[] = [];
  const resolved: Partial<Record<Side, ArmyFile>> = {};
  for (const side of ["red", "black"] as const) {
    const inline = scenario.armies[side];
    let army: ArmyFile | undefined;
    if (typeof inline !== "string") army = inline;
    else if (armies[side] !== undefined) {
      const parsed = armySchema.safeParse(armies[side]);
      if (!parsed.success) {
        for (const p of describeIssues(parsed.error.issues, armies[side], armySchema)) out.push({ field: `armies.${side}.${p.field}`, rule: "army format", message: p.message });
        continue;
      }
      army = parsed.data;
    }
    if (army === undefined) continue;
    const found = armyProblems(army);
    for (const p of found) out.push({ field: `armies.${side}.${p.path}`, rule: p.rule, message: p.message });
    if (found.length === 0) resolved[side] = army;
  }
  if (out.length > 0 || resolved.red === undefined || resolved.black === undefined) return out;
  try {
    // The set-up's own checks (room to deploy, fixed deployment, embarked units); the seed only orders dice.
    createBattle(scenario, { red: resolved.red, black: resolved.black }, 1);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const colon = err.message.indexOf(": ");
    const field = colon > 0 && !err.message.slice(0, colon).includes(" ") ? err.message.slice(0, colon) : "(scenario)";
    const message = field === "(scenario)" ? err.message : err.message.slice(colon + 2);
    out.push({ field, rule: ruleIn(message), message });
  }
  return out;
}

/** The problems as one line each: "field: message (rule)". */
export function formatScenarioProblem(p: ScenarioProblem): string {
  return `${p.field}: ${p.message}${p.message.includes(p.rule) ? "" : ` (${p.rule})`}`;
}
