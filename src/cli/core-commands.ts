/** Commands that belong to no ruleset: demo and roll (the odds frame is odds-command.ts). */
import type { Command } from "commander";
import { describeRoll } from "../core/dice.js";
import { parseDice, rollExpression } from "../core/dice-expression.js";
import { Random } from "../core/random.js";
import { runDemo } from "./demo.js";
import { UsageError } from "./errors.js";
import { emit, globals } from "./output.js";
import type { CliModule } from "./module.js";

function parseExpression(text: string) {
  try {
    return parseDice(text);
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
      .description('roll dice, e.g. "3d6", "AvD+D6", "2d6-1" (every face is shown)')
      .argument("<dice>", "dice expression")
      .action((text: string, _opts, cmd: Command) => {
        const g = globals(cmd);
        const expr = parseExpression(text);
        const rng = Random.fromSeed(g.seed);
        const r = rollExpression(rng, expr);
        const parts = r.rolls.map(describeRoll).join("; ");
        const mod = expr.modifier ? ` ${expr.modifier > 0 ? "+" : "-"} ${Math.abs(expr.modifier)}` : "";
        emit(cmd, { expression: expr.text, seed: g.seed, rolls: r.rolls, total: r.total }, `${expr.text}: ${parts}${mod} → ${r.total}  (seed ${g.seed})`);
      });
  },
};
