/**
 * The `muster` command line. Every failure the user can cause ends with one clear line on
 * standard error and exit code 2; a stack trace would be our bug, not the user's.
 */
import { Command, CommanderError, Option } from "commander";
import { IllegalMoveError } from "../core/game.js";
import { CheckFailedError, InputError, UsageError } from "./errors.js";
import type { CliModule } from "./module.js";
import { clearCalculators } from "./odds.js";

/** The command-line modules, in the order they add their commands; each is imported only when needed. */
const MODULES = {
  core: async () => (await import("./core-commands.js")).coreCli,
  odds: async () => (await import("./odds-command.js")).oddsCli,
  "sw-combat": async () => (await import("./shieldwall/combat.js")).shieldwallCombatCli,
  "sw-personal-combat": async () => (await import("./shieldwall/personal-combat.js")).shieldwallPersonalCombatCli,
  "sw-odds": async () => (await import("./shieldwall/odds.js")).shieldwallOddsCli,
  shieldwall: async () => (await import("./shieldwall/index.js")).shieldwallCli,
  gurps: async () => (await import("./gurps/index.js")).gurpsCli,
  contest: async () => (await import("./contest/index.js")).contestCli,
  shove: async () => (await import("./shove/index.js")).shoveCli,
  battle: async () => (await import("./battle/index.js")).battleCli,
  worker: async () => (await import("./battle/queue-cli.js")).workerCli,
  serve: async () => (await import("./serve.js")).serveCli,
} satisfies Record<string, () => Promise<CliModule>>;

export type ModuleKey = keyof typeof MODULES;

export interface CommandEntry {
  name: string;
  /** Arguments as shown in the command list, e.g. "<dice>" or "[calculator]". */
  args?: string;
  /** Whether the command has options of its own (shown as "[options]"). */
  options?: boolean;
  description: string;
  /** The modules that add this command (or its subcommands). */
  modules: ModuleKey[];
}

/** Every top-level command with its one-line description: `muster --help` needs nothing else. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: "demo", description: "a short narrated tour of the core: dice, cards, exact odds, and a computer game", modules: ["core"] },
  { name: "roll", args: "<dice>", options: true, description: 'roll dice, e.g. "3d6", "4d6kh3", "3d6!", "2d20r1", "1d7", "AvD+D6", "2d6-1" (every throw is shown, dropped, rerolled and exploded ones too)', modules: ["core"] },
  { name: "odds", args: "[calculator] [dice]", options: true, description: "exact odds calculators: muster odds <calculator> --input FILE|-, or muster odds dice 4d6kh3 (see docs/odds.md)", modules: ["odds"] },
  { name: "sw", description: "Shieldwall (Maldon v2.1) tools", modules: ["sw-personal-combat", "shieldwall"] },
  { name: "army", description: "Shieldwall army lists (format: docs/shieldwall/army-format.md)", modules: ["shieldwall"] },
  { name: "gurps", description: "GURPS 4e shields as cover (GC-1..GC-6): one attack step by step, or the four treatments compared", modules: ["gurps"] },
  { name: "duel", description: "Contest of Champions: commander duels (deck check, advisor, play)", modules: ["contest"] },
  { name: "shove", description: "Shove: a pushing game for two on a small board (rulings SH-1..SH-7)", modules: ["shove"] },
  {
    name: "battle",
    options: true,
    description: "a battle between computer players, told turn by turn (events grouped by turn and phase) with the outcome; Shieldwall victory is ruling SW-25, a house rule",
    modules: ["battle"],
  },
  {
    name: "replay",
    args: "<record>",
    options: true,
    description: "re-play a game record of any game (by its game field) and verify every decision and the final state; exit 1 if it diverges",
    modules: ["battle"],
  },
  {
    name: "sim",
    options: true,
    description:
      "many battles between computer players on worker threads: win and draw rates with 95% confidence intervals, mean turns and losses (Shieldwall victory: ruling SW-25, a house rule)",
    modules: ["battle"],
  },
  {
    name: "ladder",
    options: true,
    description: "a round robin between computer players on one or more scenarios: Elo-style ratings with 95% intervals (Bradley–Terry), win rates per pairing, time per decision",
    modules: ["battle"],
  },
  { name: "worker", options: true, description: "play queued muster sim runs (muster sim --queue URL) on this machine's processors until stopped (Ctrl-C)", modules: ["worker"] },
  { name: "serve", options: true, description: "serve the web app (play Shieldwall in the browser) on http://localhost:4173/; build it first with npm run build:web (npm start does both)", modules: ["serve"] },
];

/** Which module registers each exact-odds calculator (`muster odds NAME` loads only that one). */
export const CALCULATORS: Readonly<Record<string, ModuleKey | null>> = {
  dice: null,
  "sw-charge": "sw-odds",
  "sw-control": "sw-odds",
  "sw-shooting": "sw-odds",
  "sw-leader-risk": "sw-odds",
  "sw-combat": "sw-combat",
  "sw-personal-combat": "sw-personal-combat",
  "cc-test": "contest",
  "cc-exchange": "contest",
  "gurps-cover": "gurps",
};

const loaded = new Set<ModuleKey>();

/** The command modules imported so far in this process (for tests: `--help` imports none). */
export function loadedModules(): ModuleKey[] {
  return [...loaded];
}

/** One or two examples for every command's `--help` (issue 15: a newcomer starts from an example). */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  muster: ["muster roll 1d20", "muster battle --scenario data/shieldwall/scenarios/raid.json --seed 7"],
  demo: ["muster demo --seed 1"],
  roll: ["muster roll 4d6kh3", "muster roll 3d6! --explode-depth 3", "muster roll 2d20r1+AvD   (dice: dN for N up to 10000, d%, AvD; kh/kl/dh/dl, !, r)"],
  odds: ["muster odds dice 4d6kh3", "muster odds sw-charge --example > charge.json", "muster odds sw-charge --input charge.json", "muster odds sw-personal-combat --input duels.json --max-seconds 30"],
  sw: ["muster sw roll charge --example", "muster sw duel --seed 3"],
  "sw duel": ["muster sw duel --seed 3", "muster sw duel --a human --b ai --out duel.json"],
  "sw duel-sim": ["muster sw duel-sim --games 1000 --seed 1", "muster sw duel-sim --games 1000000 --max-seconds 10"],
  "sw refusal": ["muster sw refusal --seed 2"],
  "sw roll": ["muster sw roll charge --example > charge.json && muster sw roll charge --input charge.json", "muster sw roll leader-risk --example"],
  army: ["muster army check data/shieldwall/armies/maldon-991-english.json"],
  "army check": ["muster army check data/shieldwall/armies/maldon-991-english.json", "muster --json army check my-army.json"],
  gurps: ["muster gurps attack --skill 14 --db 2 --seed 5", "muster gurps compare --input attack.json"],
  "gurps attack": ["muster gurps attack --skill 14 --db 2 --seed 5", "muster gurps attack --skill 12 --db 3 --mode random --location torso"],
  "gurps compare": ["muster odds gurps-cover --example > attack.json && muster gurps compare --input attack.json"],
  duel: ["muster duel play --seed 4", "muster duel deck check data/contest/ranged-deck.json"],
  "duel deck": ["muster duel deck check data/contest/melee-deck-house.json"],
  "duel deck check": ["muster duel deck check data/contest/ranged-deck.json"],
  "duel advise": ['echo \'{"a":{"profile":"hector"},"b":{"profile":"achilles"},"distance":0}\' | muster duel advise --state -'],
  "duel play": ["muster duel play --seed 4", "muster duel play --vs computer --out duel.json"],
  shove: ["muster shove play", "muster shove board data/shove/narrow.board"],
  "shove play": ["muster shove play --seed 3   (you are blue: e.g. a6 down, end)", "muster shove play --blue ai --red ai --out game.json"],
  "shove replay": ["muster shove replay game.json", "muster shove replay game.json --moves"],
  "shove solve": ["muster shove solve --board data/shove/narrow.board --turns-left 2", "muster shove solve --position game.json --max-nodes 1000000"],
  "shove balance": ["muster shove balance --games 200 --level random"],
  "shove tournament": ["muster shove tournament --games 20"],
  "shove board": ["muster shove board", "muster shove board data/shove/walled.board"],
  battle: ["muster battle --seed 7", "muster battle --scenario data/shieldwall/scenarios/raid.json --red commander --black mcts:200 --out raid.json"],
  replay: ["muster replay raid.json", "muster replay raid.json --events"],
  sim: ["muster sim --scenario data/shieldwall/scenarios/raid.json --games 200 --seed 1", "muster sim --games 100000 --seed 1 --queue redis://127.0.0.1:6379   (played by muster worker processes)"],
  worker: ["muster worker --queue redis://127.0.0.1:6379 --threads 4"],
  ladder: ["muster ladder --players random,easy,normal --shipped --games 4 --seed 1", "muster ladder --players advance,commander --scenario data/shieldwall/scenarios/raid.json --games 20 --json"],
  serve: ["muster serve --port 8080"],
};

/** The examples block for a command's help, or "" when it has none. */
export function examplesText(fullName: string): string {
  const list = EXAMPLES[fullName];
  return list ? `\nExamples:\n${list.map((e) => `  $ ${e}`).join("\n")}\n` : "";
}

/** The global options that take a value, and the `odds` command's. */
const TAKES_VALUE = new Set(["--seed", "-i", "--input"]);

/** The positional words of the command line (options and their values left out). */
function words(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") break;
    if (TAKES_VALUE.has(a)) i++;
    else if (!a.startsWith("-") || a === "-") out.push(a);
  }
  return out;
}

/** The modules the command line needs, in registration order: none for `muster --help`. */
export function modulesFor(argv: string[]): ModuleKey[] {
  let w = words(argv.slice(2));
  if (w[0] === "help") w = w.slice(1);
  const entry = COMMANDS.find((c) => c.name === w[0]);
  if (!entry) return [];
  const wanted = new Set<ModuleKey>(entry.modules);
  if (entry.name === "odds") {
    const calc = w[1];
    if (calc !== undefined && calc in CALCULATORS) {
      const owner = CALCULATORS[calc];
      if (owner) wanted.add(owner);
    } else {
      // The list, or an unknown name answered with the list: every calculator.
      for (const owner of Object.values(CALCULATORS)) if (owner) wanted.add(owner);
    }
  }
  return (Object.keys(MODULES) as ModuleKey[]).filter((k) => wanted.has(k));
}

function fullName(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/**
 * The program with the commands of `modules` and, for every other command, a stand-in that only
 * carries its name and description for the command list.
 */
export async function buildProgram(modules: ModuleKey[] = []): Promise<Command> {
  const program = new Command();
  program
    .name("muster")
    .description("Muster: tabletop battle rules engine — Shieldwall, Shove, Contest of Champions, GURPS shields as cover")
    .version("0.1.0")
    .option("--seed <n>", "seed for every random draw (same seed, same game); default: from the clock")
    .option("--json", "machine-readable JSON output")
    .showHelpAfterError(false)
    .exitOverride();
  clearCalculators();
  const mods = await Promise.all(modules.map((k) => MODULES[k]()));
  for (const k of modules) loaded.add(k);
  for (const mod of mods) mod.register(program);
  const real = new Map(program.commands.map((c) => [c.name(), c]));
  const ordered: Command[] = [];
  for (const entry of COMMANDS) {
    let cmd = real.get(entry.name);
    if (!cmd) {
      cmd = new Command(entry.name).description(entry.description);
      if (entry.args) cmd.arguments(entry.args);
      if (entry.options) cmd.addOption(new Option("--stand-in").hideHelp());
      cmd.allowUnknownOption().allowExcessArguments();
      cmd.action(() => {
        throw new Error(`command ${entry.name} was not loaded`);
      });
    }
    ordered.push(cmd);
  }
  // Commands in the table's order (modules add theirs in another); stand-ins take their place.
  (program.commands as Command[]).length = 0;
  for (const cmd of ordered) program.addCommand(cmd);
  // Every command throws instead of exiting, and prints errors only through report() below.
  const configure = (cmd: Command) => {
    cmd.exitOverride();
    const examples = examplesText(cmd === program ? "muster" : fullName(cmd).replace(/^muster /, ""));
    if (examples) cmd.addHelpText("after", examples);
    cmd.configureOutput({ outputError: () => {} });
    // A command group called without a subcommand gets one line naming the choices.
    const hasAction = (cmd as unknown as { _actionHandler: unknown })._actionHandler !== null;
    if (cmd !== program && cmd.commands.length > 0 && !hasAction) {
      cmd.action(() => {
        const choices = cmd.commands.map((c) => c.name()).join(", ");
        throw new UsageError(`${fullName(cmd)} needs a subcommand: ${choices} (see ${fullName(cmd)} --help)`);
      });
    }
    cmd.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[]): Promise<number> {
  try {
    const program = await buildProgram(modulesFor(argv));
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    return report(err);
  }
}

/** A message as one safe line: control characters (from a file's bytes) shown as escapes, never sent to the terminal. */
function safe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

function report(err: unknown): number {
  const write = process.stderr.write.bind(process.stderr);
  const stderr = { write: (text: string) => write(safe(text.replace(/\n$/, "")) + "\n") };
  if (err instanceof CommanderError) {
    if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.exitCode === 0) return 0;
    if (err.code === "commander.help") return 0;
    const message = err.message.replace(/^error:\s*/i, "");
    stderr.write(`muster: ${message} (see muster --help)\n`);
    return 2;
  }
  if (err instanceof UsageError || err instanceof InputError) {
    stderr.write(`muster: ${err.message}\n`);
    return 2;
  }
  if (err instanceof CheckFailedError) {
    stderr.write(`muster: ${err.message}\n`);
    return 1;
  }
  if (err instanceof IllegalMoveError) {
    stderr.write(`muster: illegal decision: ${err.message}\n`);
    return 2;
  }
  const e = err as Error;
  stderr.write(`muster: internal error: ${e?.message ?? String(err)} (please report it; set MUSTER_DEBUG=1 for details)\n`);
  if (process.env.MUSTER_DEBUG) write(`${e?.stack}\n`);
  return 1;
}
