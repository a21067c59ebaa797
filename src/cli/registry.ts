/** Every command-line module. Each ruleset adds its own here. */
import type { Command } from "commander";
import { battleCli } from "./battle/index.js";
import { contestCli } from "./contest/index.js";
import { coreCli } from "./core-commands.js";
import { gurpsCli } from "./gurps/index.js";
import { shieldwallCombatCli } from "./shieldwall/combat.js";
import { shieldwallPersonalCombatCli } from "./shieldwall/personal-combat.js";
import { shieldwallCli } from "./shieldwall/index.js";
import { shoveCli } from "./shove/index.js";
import { serveCli } from "./serve.js";

export interface CliModule {
  name: string;
  /** Adds the module's commands (and odds calculators) to the program. */
  register(program: Command): void;
}

export const cliModules: CliModule[] = [coreCli, shieldwallCombatCli, shieldwallPersonalCombatCli, shieldwallCli, gurpsCli, contestCli, shoveCli, battleCli, serveCli];
