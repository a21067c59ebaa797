/** `muster odds`: the frame that lists and runs the exact-odds calculators, and the core's own `dice` calculator. */
import type { Command } from "commander";
import { CalculatorInputError } from "../core/calculator.js";
import { expressionDist, parseDice } from "../core/dice-expression.js";
import { diceCalculator, diceJson } from "../rulesets/calculators.js";
import { InputError, UsageError } from "./errors.js";
import { readJsonInput } from "./input.js";
import type { CliModule } from "./module.js";
import { DEFAULT_MAX_SECONDS, deadline, getCalculator, listCalculators, registerCalculator } from "./odds.js";
import { emit, globals, parseInteger } from "./output.js";

export const oddsCli: CliModule = {
  name: "odds",
  register(program: Command) {
    registerCalculator({
      ...diceCalculator,
      run(input) {
        let json: ReturnType<typeof diceJson>;
        try {
          json = diceJson(input);
        } catch (err) {
          if (err instanceof CalculatorInputError) throw new UsageError(err.message);
          throw err;
        }
        const dist = expressionDist(parseDice(input.dice));
        const text = [
          `${json.dice}: mean ${dist.mean()} (${dist.mean().toDecimal(4)}), variance ${dist.variance()}`,
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
      .option("--max-seconds <s>", `time budget of a simulating calculator (sw-personal-combat): it stops there and reports the duels played so far (default ${DEFAULT_MAX_SECONDS})`)
      .action((name: string | undefined, opts: { input?: string; example?: boolean; maxSeconds?: string }, cmd: Command) => {
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
        const maxSeconds = opts.maxSeconds === undefined ? DEFAULT_MAX_SECONDS : parseInteger(opts.maxSeconds, "--max-seconds", 1, 86_400);
        const input = readJsonInput(opts.input, calc.schema, calc.rule);
        let out: ReturnType<typeof calc.run>;
        try {
          out = calc.run(input, { source: opts.input === "-" ? "standard input" : opts.input, live: process.stderr.isTTY === true && !globals(cmd).json, maxSeconds, shouldStop: deadline(maxSeconds) });
        } catch (err) {
          // A refusal by the rules beyond the schema (the shared calculators name the field).
          if (err instanceof CalculatorInputError) throw new InputError(err.message, err.field, err.rule);
          throw err;
        }
        emit(cmd, out.json, out.text);
      });
  },
};
