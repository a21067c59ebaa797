/** The Shieldwall command-line module for army lists and the exact odds of the tests outside combat. */
import type { Command } from "commander";
import type { CliModule } from "../registry.js";
import { registerArmyCommands } from "./army.js";
import { registerShieldwallCalculators } from "./odds.js";

export const shieldwallCli: CliModule = {
  name: "shieldwall",
  register(program: Command) {
    registerArmyCommands(program);
    registerShieldwallCalculators();
  },
};
