/** Commands that belong to no ruleset: demo and roll (the odds frame is odds-command.ts). */
import type { Command } from "commander";
import { describeTermRoll, MAX_EXPLODE_DEPTH, parseDice, rollExpression } from "../core/dice-expression.js";
import { Random } from "../core/random.js";
import { runDemo } from "./demo.js";
import { UsageError } from "./errors.js";
import { emit, globals, parseInteger } from "./output.js";
import type { CliModule } from "./module.js";

function parseExpression(text: string, explodeDepth?: number) {
  try {
    return parseDice(text, { explodeDepth });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export const coreCli: CliModule = {
  name: "core",
  register(program: Command) {
    program
      .command("demo")
      .description("a short narrated tour of the core: dice, cards, exact odds, and a computer game")
      .action((_opts, cmd: Command) => runDemo(globals(cmd)));

    program
      .command("roll")
      .description('roll dice, e.g. "3d6", "4d6kh3", "3d6!", "2d20r1", "1d7", "AvD+D6", "2d6-1" (every throw is shown, dropped, rerolled and exploded ones too)')
      .argument("<dice>", "dice expression (docs/odds.md#dice)")
      .option("--explode-depth <n>", `extra throws per exploding die ("3d6!"), 0 to ${MAX_EXPLODE_DEPTH} (default 2, as AnyDice)`)
      .action((text: string, opts: { explodeDepth?: string }, cmd: Command) => {
        const g = globals(cmd);
        const depth = opts.explodeDepth === undefined ? undefined : parseInteger(opts.explodeDepth, "--explode-depth", 0, MAX_EXPLODE_DEPTH);
        const expr = parseExpression(text, depth);
        const rng = Random.fromSeed(g.seed);
        const r = rollExpression(rng, expr);
        const parts = r.rolls.map(describeTermRoll).join("; ");
        const mod = expr.modifier ? ` ${expr.modifier > 0 ? "+" : "-"} ${Math.abs(expr.modifier)}` : "";
        const depthNote = expr.terms.some((t) => t.explode) ? `, explode depth ${expr.explodeDepth}` : "";
        emit(cmd, { expression: expr.text, seed: g.seed, explodeDepth: expr.explodeDepth, rolls: r.rolls, total: r.total }, `${expr.text}: ${parts}${mod} → ${r.total}  (seed ${g.seed}${depthNote})`);
      });
  },
};
