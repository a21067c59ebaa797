/** What a command-line module provides: its commands (and odds calculators), added to the program on demand. */
import type { Command } from "commander";

export interface CliModule {
  name: string;
  /** Adds the module's commands (and odds calculators) to the program. */
  register(program: Command): void;
}
