/** The Shieldwall command-line module for army lists and rolling the tests outside combat at the table (their odds: odds.ts). */
import type { Command } from "commander";
import type { CliModule } from "../module.js";
import { registerArmyCommands } from "./army.js";
import { registerRollCommand } from "./roll.js";

export const shieldwallCli: CliModule = {
  name: "shieldwall",
  register(program: Command) {
    registerArmyCommands(program);
    registerRollCommand(program);
  },
};
