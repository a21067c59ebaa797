/**
 * The shipped Shieldwall scenarios, bundled at build time with Vite JSON imports: each scenario's
 * army paths ("../armies/x.json") are resolved here against the bundled army files, so the engine
 * never reads a file. Also turns an uploaded scenario file into a battle setup, with the engine's
 * named errors (parseScenario, armySchema).
 */
import { armySchema, type ArmyFile } from "../../../src/rulesets/shieldwall/army.js";
// The scenario module alone (not the battle index), so pages that only read scenarios do not bundle the battle engine.
import { type BattleSetup, parseScenario } from "../../../src/rulesets/shieldwall/battle/scenario.js";
import { baseName, shippedScenarios } from "./scenario-list.js";

export { shippedScenarios };

const scenarioFiles = import.meta.glob<unknown>("../../../data/shieldwall/scenarios/*.json", { eager: true, import: "default" });
const armyFiles = import.meta.glob<unknown>("../../../data/shieldwall/armies/*.json", { eager: true, import: "default" });

/** "../../../data/shieldwall/scenarios/x.json" + "../armies/y.json" → "../../../data/shieldwall/armies/y.json". */
export function resolvePath(from: string, relative: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const p of relative.split("/")) {
    if (p === "." || p === "") continue;
    if (p === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else parts.push("..");
    } else parts.push(p);
  }
  return parts.join("/");
}


/** Parses an army, naming the field of the first problem. */
export function parseArmy(value: unknown, label: string): ArmyFile {
  const r = armySchema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue.path.length > 0 ? issue.path.join(".") : "(army)";
  throw new RangeError(`${label}: field ${path}: ${issue.message} (army format)`);
}

/**
 * A battle setup from a scenario object: a string army is looked up among the shipped armies,
 * by its path relative to `from` or else by its file name. Throws a RangeError naming the field.
 */
export function setupFromScenario(value: unknown, from = "../../../data/shieldwall/scenarios/uploaded.json"): BattleSetup {
  let scenario: BattleSetup["scenario"];
  try {
    scenario = parseScenario(value);
  } catch (err) {
    throw new RangeError(`field ${(err as Error).message}`);
  }
  const army = (side: "red" | "black"): ArmyFile => {
    const a = scenario.armies[side];
    if (typeof a !== "string") return a;
    const path = resolvePath(from, a);
    const file = armyFiles[path] ?? Object.entries(armyFiles).find(([p]) => baseName(p) === baseName(a))?.[1];
    if (file === undefined)
      throw new RangeError(
        `field armies.${side}: no shipped army "${a}" (shipped: ${Object.keys(armyFiles).map(baseName).join(", ")}); put the army inline in the scenario instead`,
      );
    return parseArmy(file, `armies.${side} (${baseName(a)})`);
  };
  return { scenario, armies: { red: army("red"), black: army("black") } };
}

/** The setup of a shipped scenario by id. */
export function shippedSetup(id: string): BattleSetup {
  const entry = Object.entries(scenarioFiles).find(([path]) => baseName(path) === `${id}.json`);
  if (!entry) throw new RangeError(`no shipped scenario "${id}" (shipped: ${shippedScenarios.map((s) => s.id).join(", ")})`);
  return setupFromScenario(entry[1], entry[0]);
}
