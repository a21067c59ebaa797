/** Loads shipped battle scenarios and their armies for the battle tests (the CLI does this for users). */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type ArmyFile, armySchema } from "../../src/rulesets/shieldwall/army.js";
import { type BattleSetup, parseScenario } from "../../src/rulesets/shieldwall/battle/index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export function loadSetup(name: string): BattleSetup {
  const path = resolve(root, "data/shieldwall/scenarios", name);
  const scenario = parseScenario(JSON.parse(readFileSync(path, "utf8")));
  const army = (a: string | ArmyFile): ArmyFile => (typeof a === "string" ? armySchema.parse(JSON.parse(readFileSync(resolve(dirname(path), a), "utf8"))) : a);
  return { scenario, armies: { red: army(scenario.armies.red), black: army(scenario.armies.black) } };
}
