/** The Shieldwall command-line module for army lists, the exact odds of the tests outside combat, and rolling those tests at the table. */
import type { Command } from "commander";
import type { CliModule } from "../registry.js";
import { registerArmyCommands } from "./army.js";
import { registerShieldwallCalculators } from "./odds.js";
import { registerRollCommand } from "./roll.js";

export const shieldwallCli: CliModule = {
  name: "shieldwall",
  register(program: Command) {
    registerArmyCommands(program);
    registerShieldwallCalculators();
    registerRollCommand(program);
  },
};
