/** `muster odds`: the frame that lists and runs the exact-odds calculators, and the core's own `dice` calculator. */
import type { Command } from "commander";
import { CalculatorInputError } from "../core/calculator.js";
import { MAX_EXPLODE_DEPTH } from "../core/dice-expression.js";
import { diceCalculator, diceJson, diceOdds } from "../rulesets/calculators.js";
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
        let odds: ReturnType<typeof diceOdds>;
        try {
          odds = diceOdds(input);
        } catch (err) {
          if (err instanceof CalculatorInputError) throw new UsageError(err.message);
          throw err;
        }
        const json = diceJson(input, odds);
        const { dist } = odds;
        const mean = dist.mean();
        const variance = dist.variance();
        const text = [
          ...json.terms,
          `${json.dice}: mean ${mean} (${mean.toDecimal(4)}), variance ${variance} (${variance.toDecimal(4)}), standard deviation ${json.standardDeviation.toFixed(4)}`,
          "   total                      P(=)    decimal       P(>=)",
          dist.format(6),
        ].join("\n");
        return { json, text };
      },
    });

    program
      .command("odds")
      .description("exact odds calculators: muster odds <calculator> --input FILE|-, or muster odds dice 4d6kh3 (see docs/odds.md)")
      .argument("[calculator]", "which calculator (omit to list them)")
      .argument("[dice]", 'for the dice calculator, the expression itself instead of --input: muster odds dice 4d6kh3')
      .option("-i, --input <file>", 'input JSON file, or "-" for standard input')
      .option("--example", "print an example input for the calculator")
      .option("--explode-depth <n>", `dice: extra throws per exploding die ("3d6!"), 0 to ${MAX_EXPLODE_DEPTH} (default 2, as AnyDice)`)
      .option("--max-seconds <s>", `time budget of a simulating calculator (sw-personal-combat): it stops there and reports the duels played so far (default ${DEFAULT_MAX_SECONDS})`)
      .action((name: string | undefined, diceText: string | undefined, opts: { input?: string; example?: boolean; maxSeconds?: string; explodeDepth?: string }, cmd: Command) => {
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
        if ((diceText !== undefined || opts.explodeDepth !== undefined) && name !== "dice") throw new UsageError(`a dice expression and --explode-depth are for "odds dice" only; odds ${name} takes --input FILE`);
        if (diceText !== undefined && opts.input) throw new UsageError("odds dice takes the expression or --input FILE, not both");
        if (!opts.input && diceText === undefined) throw new UsageError(`odds ${name} needs --input FILE (or - for standard input)${name === "dice" ? " or the expression itself (muster odds dice 4d6kh3)" : ""}; try --example`);
        const maxSeconds = opts.maxSeconds === undefined ? DEFAULT_MAX_SECONDS : parseInteger(opts.maxSeconds, "--max-seconds", 1, 86_400);
        const depth = opts.explodeDepth === undefined ? undefined : parseInteger(opts.explodeDepth, "--explode-depth", 0, MAX_EXPLODE_DEPTH);
        const input = opts.input ? readJsonInput(opts.input, calc.schema, calc.rule) : { dice: diceText };
        if (depth !== undefined) (input as { explodeDepth?: number }).explodeDepth = depth;
        let out: ReturnType<typeof calc.run>;
        try {
          out = calc.run(input, { source: opts.input === "-" ? "standard input" : (opts.input ?? "the command line"), live: process.stderr.isTTY === true && !globals(cmd).json, maxSeconds, shouldStop: deadline(maxSeconds) });
        } catch (err) {
          // A refusal by the rules beyond the schema (the shared calculators name the field).
          if (err instanceof CalculatorInputError) throw new InputError(err.message, err.field, err.rule);
          throw err;
        }
        emit(cmd, out.json, out.text);
      });
  },
};
