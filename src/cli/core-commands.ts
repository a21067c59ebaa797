/** Commands that belong to no ruleset: demo, roll, dice distributions and the odds frame. */
import type { Command } from "commander";
import { describeRoll } from "../core/dice.js";
import { expressionDist, parseDice, rollExpression } from "../core/dice-expression.js";
import { Random } from "../core/random.js";
import { runDemo } from "./demo.js";
import { UsageError } from "./errors.js";
import { readJsonInput } from "./input.js";
import { getCalculator, listCalculators, registerCalculator } from "./odds.js";
import { emit, globals } from "./output.js";
import type { CliModule } from "./registry.js";
import { z } from "zod";

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

    registerCalculator({
      name: "dice",
      summary: "exact distribution of a dice total, with at-least and at-most tables",
      docs: "docs/odds.md#dice",
      schema: z.strictObject({ dice: z.string().min(1) }),
      example: { dice: "2d6" },
      run(input) {
        let expr: ReturnType<typeof parseDice>;
        try {
          expr = parseDice(input.dice);
        } catch (err) {
          throw new UsageError(`field dice: ${(err as Error).message}`);
        }
        const dist = expressionDist(expr);
        const json = {
          dice: expr.text,
          mean: dist.mean().toJSON(),
          variance: dist.variance().toJSON(),
          outcomes: dist.outcomes().map((o) => ({ total: o.value, p: o.p.toJSON(), atLeast: dist.atLeast(o.value).toJSON(), atMost: dist.atMost(o.value).toJSON() })),
        };
        const text = [
          `${expr.text}: mean ${dist.mean()} (${dist.mean().toDecimal(4)}), variance ${dist.variance()}`,
          "   total                      P(=)    decimal       P(>=)",
          dist.format(6),
        ].join("\n");
        return { json, text };
      },
    });

    program
      .command("odds")
      .description("exact odds calculators: muster odds <calculator> --input FILE|- (see docs/odds.md)")
      .argument("[calculator]", "which calculator (omit to list them)")
      .option("-i, --input <file>", 'input JSON file, or "-" for standard input')
      .option("--example", "print an example input for the calculator")
      .action((name: string | undefined, opts: { input?: string; example?: boolean }, cmd: Command) => {
        if (!name) {
          const list = listCalculators();
          const width = Math.max(...list.map((c) => c.name.length)) + 2;
          emit(
            cmd,
            list.map((c) => ({ name: c.name, summary: c.summary, docs: c.docs })),
            list.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join("\n"),
          );
          return;
        }
        const calc = getCalculator(name);
        if (!calc) throw new UsageError(`unknown calculator "${name}"; known: ${listCalculators().map((c) => c.name).join(", ")}`);
        if (opts.example) {
          process.stdout.write(`${JSON.stringify(calc.example, null, 2)}\n`);
          return;
        }
        if (!opts.input) throw new UsageError(`odds ${name} needs --input FILE (or - for standard input); try --example`);
        const input = readJsonInput(opts.input, calc.schema, calc.rule);
        const out = calc.run(input);
        emit(cmd, out.json, out.text);
      });
  },
};
