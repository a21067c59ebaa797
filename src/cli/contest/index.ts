/**
 * Contest of Champions on the command line: `muster duel deck check`, `muster duel advise`,
 * `muster duel play`, and the odds calculators `cc-test` and `cc-exchange`.
 */
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { Fraction } from "../../core/fraction.js";
import { advise, solveDuel } from "../../rulesets/contest/advisor.js";
import { cardById } from "../../rulesets/contest/deck.js";
import { type CcExchangeInput, ccExchangeCalculator, ccExchangeJson, ccTestCalculator, ccTestJson } from "../../rulesets/contest/calculators.js";
import { type CcTestInput, ccTestSchema, exchangeOdds, testOdds } from "../../rulesets/contest/odds.js";
import { type DuelSetup, type Position, deckAt, outcomeOf } from "../../rulesets/contest/exchange.js";
import { InputError, UsageError } from "../errors.js";
import { checkOutput, writeOutput } from "../files.js";
import { registerCalculator } from "../odds.js";
import { emit, globals, parseInteger } from "../output.js";
import type { CliModule } from "../module.js";
import { deckFileProblems, duelFromFile, loadPosition } from "./load.js";
import { type PlayConfig, runPlay } from "./play.js";

const HOUSE = "house rule";

function frac(f: Fraction): string {
  return `${f.toString()} (${f.toDecimal(6)})`;
}

export { type CcTestInput, ccTestSchema };

/** The cc-test calculator's answer (exported for tests). */
export function runCcTest(input: CcTestInput): { json: unknown; text: string } {
  const odds = testOdds(input);
  const json = ccTestJson(input);
  if (odds.test === "versus") {
    const rows = odds.dist.outcomes();
    const pass = odds.pass;
    return {
      json,
      text: [
        `Versus test (CC-1): attacker ${input.dice} dice against defender ${input.defenderDice} dice; successes are 4+, the attacker passes on equal or more.`,
        `  P(pass) = ${frac(pass)}`,
        ...rows.map((o) => `  ${(o.value < 0 ? "fail" : `pass, ${o.value} degree${o.value === 1 ? "" : "s"}`).padEnd(22)} ${frac(o.p)}`),
      ].join("\n"),
    };
  }
  if (odds.test === "standard") {
    const d = odds.dist;
    return {
      json,
      text: [`Standard test (CC-1) of ${input.dice} dice: successes (4+), mean ${d.mean()}`, "  successes  P(=)                       P(>=)", ...d.outcomes().map((o) => `  ${String(o.value).padStart(9)}  ${frac(o.p).padEnd(26)} ${d.atLeast(o.value).toDecimal(6)}`)].join("\n"),
    };
  }
  const { cutoff, rows, tail, total, mean } = odds;
  return {
    json,
    text: [
      `Open-ended test (CC-1) of ${input.dice} dice: successes (4+), every 6 rolled again without limit. Exact up to ${cutoff}; the rest is one exact tail.`,
      `  mean ${mean} (3/5 per die)`,
      "  successes  P(=)",
      ...rows.map((o) => `  ${String(o.value).padStart(9)}  ${frac(o.p)}`),
      `  ${`>${cutoff}`.padStart(9)}  ${frac(tail)}   (tail: every count above the cut-off)`,
      `  total      ${total.toString()}`,
    ].join("\n"),
  };
}

function describeSetup(setup: DuelSetup, pos: Position): string {
  const deck = deckAt(setup, pos);
  const who = (s: "A" | "B") => {
    const c = s === "A" ? setup.a : setup.b;
    const m = s === "A" ? pos.mightA : pos.mightB;
    return `${c.profile.name} (${s}, Might ${m}/${c.profile.might}${c.assistants ? `, ${c.assistants} assisting: +${c.assistants}` : ""})`;
  };
  const contest = pos.distance === 0 ? "base contact: melee contest" : `${pos.distance}" apart: ranged contest`;
  return `${who("A")} against ${who("B")}, ${contest} — ${deck.name}${deck.house && !deck.name.includes(HOUSE) ? ` [${HOUSE}]` : ""}. Profiles: ${HOUSE} (CC-3).`;
}

function runCcExchange(input: CcExchangeInput): { json: unknown; text: string } {
  const { setup, position } = duelFromFile(input, "input");
  const json = ccExchangeJson(setup, position, input.cards);
  const odds = exchangeOdds(setup, position, input.cards.a, input.cards.b);
  const deck = deckAt(setup, position);
  const rows = odds.dist.outcomes();
  const { aRemoved: pA, bRemoved: pB, bothRemoved: pBoth, meleeBegins: pMelee, mightChangeA: dA, mightChangeB: dB, distanceAfter: dD } = odds;
  const cardName = (id: string) => cardById(deck, id)?.name ?? id;
  const text = [
    describeSetup(setup, position),
    `Exchange: A plays ${cardName(input.cards.a)}, B plays ${cardName(input.cards.b)}. Exact distribution of the result:`,
    "  Might A  Might B  distance  P",
    ...rows.map((o) => `  ${String(o.value.mightA).padStart(7)}  ${String(o.value.mightB).padStart(7)}  ${`${o.value.distance}"`.padStart(8)}  ${frac(o.p)}`),
    `Might change of A: ${dA.outcomes().map((o) => `${o.value >= 0 ? "+" : ""}${o.value}: ${o.p}`).join(", ")}`,
    `Might change of B: ${dB.outcomes().map((o) => `${o.value >= 0 ? "+" : ""}${o.value}: ${o.p}`).join(", ")}`,
    `Distance after: ${dD.outcomes().map((o) => `${o.value}": ${o.p}`).join(", ")}`,
    `A removed ${frac(pA)}; B removed ${frac(pB)}; both ${frac(pBoth)}; melee begins ${frac(pMelee)}`,
  ].join("\n");
  return { json, text };
}

function matrixText(names: string[], cols: string[], m: Fraction[][]): string {
  const w = Math.max(12, ...cols.map((c) => c.length + 2));
  const rw = Math.max(...names.map((n) => n.length)) + 2;
  const head = `${"".padEnd(rw)}${cols.map((c) => c.padStart(w)).join("")}`;
  return [head, ...m.map((r, i) => `${names[i].padEnd(rw)}${r.map((v) => v.toDecimal(6).padStart(w)).join("")}`)].join("\n");
}

function runAdvise(source: string): { json: unknown; text: string } {
  const { setup, position, exchangesLeft } = loadPosition(source);
  if (outcomeOf(position) !== null) throw new InputError("field a.might/b.might: the duel is already decided (a commander at 0 Might)");
  const sol = solveDuel(setup, { horizon: exchangesLeft });
  const adv = advise(sol, position);
  const deck = deckAt(setup, position);
  const nm = (id: string) => cardById(deck, id)?.name ?? id;
  const strat = (cards: string[], ps: Fraction[]) =>
    cards
      .map((c, i) => [c, ps[i]] as const)
      .filter(([, p]) => !p.isZero())
      .map(([c, p]) => `${nm(c)} ${p.toString()}${p.d === 1n ? "" : ` (${p.toDecimal(4)})`}`)
      .join(", ");
  const stop = sol.converged ? `values stopped changing after ${sol.layers} layers (last change ${sol.residual.toExponential(2)})` : `all ${sol.layers} layers computed`;
  const method = `Method: value iteration over ${sol.positions} positions, one layer per exchange left (${exchangesLeft}; then a draw, ${HOUSE}), in floating point because positions repeat and exact fractions would grow too large; ${stop}. Values rounded to 10 decimals; transition probabilities exact; this matrix game solved exactly (simplex over fractions). A double fall counts 1/2; maximum distance ${setup.options.maxDistance}" (${HOUSE}).`;
  const json = {
    position,
    exchangesLeft,
    deck: adv.deck,
    cardsA: adv.cardsA,
    cardsB: adv.cardsB,
    matrix: adv.matrix.map((r) => r.map((v) => v.toJSON())),
    strategyA: Object.fromEntries(adv.cardsA.map((c, i) => [c, adv.game.row[i].toJSON()])),
    strategyB: Object.fromEntries(adv.cardsB.map((c, i) => [c, adv.game.col[i].toJSON()])),
    value: adv.game.value.toJSON(),
    method: { valueIteration: "float", layers: sol.layers, residual: sol.residual, converged: sol.converged, positions: sol.positions, valuePlaces: 10, matrixGame: "exact" },
    houseRules: { profiles: "house rule (CC-3)", maxDistance: setup.options.maxDistance, capRegainAtStart: setup.options.capRegainAtStart, exchangeLimit: exchangesLeft, meleeDeckHouse: setup.melee.house },
  };
  const text = [
    describeSetup(setup, position),
    `A's chance of winning the duel for each pair of cards (rows: A's card, columns: B's card; ${exchangesLeft} exchanges left):`,
    matrixText(adv.cardsA.map(nm), adv.cardsB.map(nm), adv.matrix),
    `Optimal for A (${setup.a.profile.name}): ${strat(adv.cardsA, adv.game.row)}`,
    `Optimal for B (${setup.b.profile.name}): ${strat(adv.cardsB, adv.game.col)}`,
    `Value of the exchange: A wins the duel with probability ${adv.game.value.toDecimal(6)} (${adv.game.value.toString()}) under optimal play by both.`,
    method,
  ].join("\n");
  return { json, text };
}

/**
 * Standard input as lines, and a way to let it go: play ends at the end of the duel, not at the
 * end of the input (the duel used to wait for end of file).
 */
function stdinLines(): { lines: AsyncIterable<string>; close: () => void } {
  const rl = createInterface({ input: process.stdin, terminal: false });
  return { lines: rl, close: () => rl.close() };
}

export const contestCli: CliModule = {
  name: "contest",
  register(program: Command) {
    registerCalculator({ ...ccTestCalculator, run: runCcTest });
    registerCalculator({ ...ccExchangeCalculator, run: runCcExchange });

    const duel = program.command("duel").description("Contest of Champions: commander duels (deck check, advisor, play)");
    const deck = duel.command("deck").description("action deck files (rulings CC-2, CC-4)");
    deck
      .command("check")
      .description("validate a deck file: every pair defined, both readings of every pair agreeing")
      .argument("<file>", 'deck JSON file, or "-" for standard input')
      .action((file: string, _opts, cmd: Command) => {
        const { deck: d, problems } = deckFileProblems(file);
        if (!d) {
          if (problems.length === 1) throw new InputError(`${file}: ${problems[0]}`);
          for (const p of problems) process.stderr.write(`muster: ${file}: ${p}\n`);
          throw new InputError(`${file}: deck refused: ${problems.length} problems, listed above`);
        }
        const n = d.cards.length;
        emit(
          cmd,
          { ok: true, name: d.name, kind: d.kind, house: d.house, cards: d.cards.map((c) => c.id), pairs: n * n },
          `${file}: ok — ${d.name}${d.house ? ` [${HOUSE}]` : ""}: ${d.kind} deck of ${n} cards (${d.cards.map((c) => c.name).join(", ")}); all ${n * n} pairs defined and both readings of every pair agree.`,
        );
      });

    duel
      .command("advise")
      .description(`optimal mixed strategies for one exchange from a duel position (value iteration + exact matrix game; see docs/contest.md). Melee deck: ${HOUSE} (CC-4)`)
      .requiredOption("--state <file>", 'duel position JSON file, or "-" for standard input')
      .action((opts: { state: string }, cmd: Command) => {
        const out = runAdvise(opts.state);
        emit(cmd, out.json, out.text);
      });

    duel
      .command("play")
      .description(`play a duel in the terminal, one line per choice from standard input: hot-seat with hidden choices, or against the computer (advised mixed strategy). House rules: provisional melee deck (CC-4), maximum distance 24", draw after 200 exchanges`)
      .option("--a <id>", "profile id of commander A", "hector")
      .option("--b <id>", "profile id of commander B", "achilles")
      .option("--profiles <file>", "profiles file (default: data/contest/profiles.json)")
      .option("--distance <inches>", "starting distance in whole inches (0 = base contact)", "6")
      .option("--assist-a <n>", "assisting commanders on A's side (+1 each)", "0")
      .option("--assist-b <n>", "assisting commanders on B's side (+1 each)", "0")
      .option("--vs <who>", "human (hot-seat) or computer", "human")
      .option("--computer <side>", "the side the computer plays with --vs computer", "B")
      .option("--ranged-deck <file>", "ranged deck file")
      .option("--melee-deck <file>", `melee deck file (default: the provisional ${HOUSE} deck)`)
      .option("--max-exchanges <n>", `a duel undecided after this many exchanges is a draw (${HOUSE})`, "200")
      .option("--out <record>", "save the game record, finished or not (replay it with muster replay RECORD); an existing file is kept unless --force")
      .option("--force", "with --out, replace an existing file")
      .action(async (opts: Record<"a" | "b" | "distance" | "assistA" | "assistB" | "vs" | "computer" | "maxExchanges", string> & { profiles?: string; rangedDeck?: string; meleeDeck?: string; out?: string; force?: boolean }, cmd: Command) => {
        const g = globals(cmd);
        if (opts.vs !== "human" && opts.vs !== "computer") throw new UsageError(`--vs must be "human" or "computer", got "${opts.vs}"`);
        const side = opts.computer.toUpperCase();
        if (side !== "A" && side !== "B") throw new UsageError(`--computer must be A or B, got "${opts.computer}"`);
        const distance = parseInteger(opts.distance, "--distance", 0, 48);
        const cfg: PlayConfig = {
          file: {
            a: { profile: opts.a, assistants: parseInteger(opts.assistA, "--assist-a", 0, 6) },
            b: { profile: opts.b, assistants: parseInteger(opts.assistB, "--assist-b", 0, 6) },
            distance,
            profilesFile: opts.profiles,
            rangedDeck: opts.rangedDeck,
            meleeDeck: opts.meleeDeck,
          },
          computer: opts.vs === "computer" ? side : null,
          seed: g.seed,
          seedGiven: g.seedGiven,
          exchangeLimit: parseInteger(opts.maxExchanges, "--max-exchanges", 1, 100_000),
          hide: process.stdin.isTTY === true,
        };
        // With --json the narration goes to standard error and the summary alone to standard output.
        const write = (s: string) => (g.json ? process.stderr : process.stdout).write(s);
        const out = opts.out;
        const force = opts.force === true;
        // The place is checked before play, so a game is never played only to be lost.
        if (out !== undefined) {
          checkOutput(out, "--out", force);
          cfg.onRecord = (record, finished) => {
            writeOutput(out, `${JSON.stringify(record, null, 1)}\n`, "--out", force);
            write(`${finished ? "Game" : "Unfinished game"} saved to ${out} (muster replay ${out}).\n`);
          };
        }
        const input = stdinLines();
        try {
          const summary = await runPlay(cfg, input.lines, write);
          if (g.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        } finally {
          input.close();
        }
      });
  },
};
