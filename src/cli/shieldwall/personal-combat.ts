/**
 * Shieldwall personal combat on the command line:
 * - `muster sw duel`: one narrated duel between computer players;
 * - `muster sw duel-sim`: many duels, with win rates, standard errors and 95% intervals;
 * - `muster sw refusal --lp-value N`: the refusal roll for a leader who declines a challenge;
 * - `muster odds sw-personal-combat --input FILE`: duel odds by simulation (docs/shieldwall/personal-combat.md).
 */
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { type PersonalCombatInput, personalCombatJson, personalCombatSchema, personalCombatSetup, swPersonalCombatCalculator } from "../../rulesets/shieldwall/calculators.js";
import { cardName } from "../../core/cards.js";
import { makeRecord, playOut } from "../../core/game.js";
import { Random } from "../../core/random.js";
import { advantageDist, FIGHTER_KINDS, FIGHTER_NAME, type FighterKind, type PersonalCombatOptions, refusalDist, resolveRefusal, type Side } from "../../rulesets/shieldwall/duel/rules.js";
import { DUEL_PLAYER_KINDS, type DuelPlayerKind, type DuelTally, duelPlayer, type Estimate, proportion, scoreEstimate, simulateDuels } from "../../rulesets/shieldwall/duel/ai.js";
import { type DuelFighterSetup, type ShieldwallDuelSetup, dealDuel, describeOutcome, shieldwallDuelGame, duelSetupProblem } from "../../rulesets/shieldwall/duel/game.js";
import { type LeaderState, probeLeader } from "../../rulesets/shieldwall/units.js";
import { UsageError } from "../errors.js";
import { DEFAULT_MAX_SECONDS, deadline, registerCalculator, type RunContext } from "../odds.js";
import { emit, globals, parseInteger } from "../output.js";
import { progressBar } from "../battle/progress.js";
import { type DuelRecord, runHumanDuel } from "./personal-combat-play.js";
import { checkOutput, writeOutput } from "../files.js";
import type { CliModule } from "../module.js";

const MUTUAL_KILL_HELP = 'both fighters killed in one exchange: "both-lose" (default: each side suffers the loser\'s DP) or "no-winner"';

function choice<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${option} must be one of ${allowed.join(", ")}, got "${value}"`);
  return value as T;
}

interface FighterOpts {
  aFighter: string;
  bFighter: string;
  aWeapon?: boolean;
  bWeapon?: boolean;
  aWounds: string;
  bWounds: string;
  mutualKill: string;
}

function fighterFromOpts(side: Side, o: FighterOpts): DuelFighterSetup {
  const kind = choice<FighterKind>(side === "a" ? o.aFighter : o.bFighter, FIGHTER_KINDS, `--${side}-fighter`);
  const specialWeapon = (side === "a" ? o.aWeapon : o.bWeapon) === true;
  const wounds = parseInteger(side === "a" ? o.aWounds : o.bWounds, `--${side}-wounds`, 0, 2);
  return { kind, specialWeapon, wounds };
}

function setupFromOpts(o: FighterOpts): ShieldwallDuelSetup {
  const mutualKill = choice<PersonalCombatOptions["mutualKill"]>(o.mutualKill, ["both-lose", "no-winner"], "--mutual-kill");
  const setup: ShieldwallDuelSetup = { a: fighterFromOpts("a", o), b: fighterFromOpts("b", o), options: { mutualKill } };
  const problem = duelSetupProblem(setup);
  if (problem) throw new UsageError(problem.replace(/^([ab]): /, "--$1-weapon: ").replace(/^([ab])\.wounds: /, "--$1-wounds: "));
  return setup;
}

function fighterOptions(cmd: Command): Command {
  return cmd
    .option("--a-fighter <kind>", "side a's fighter: leader, heroic-champion or champion", "leader")
    .option("--b-fighter <kind>", "side b's fighter: leader, heroic-champion or champion", "leader")
    .option("--a-weapon", "side a's leader carries the special weapon (dealt 8, discards 3)")
    .option("--b-weapon", "side b's leader carries the special weapon (dealt 8, discards 3)")
    .option("--a-wounds <n>", "wounds side a has already taken (0-2)", "0")
    .option("--b-wounds <n>", "wounds side b has already taken (0-2)", "0")
    .option("--mutual-kill <rule>", MUTUAL_KILL_HELP, "both-lose");
}

function describeFighter(f: DuelFighterSetup): string {
  return `${FIGHTER_NAME[f.kind]}${f.specialWeapon ? " with the special weapon" : ""}${f.wounds ? ` (${f.wounds} wound${f.wounds === 1 ? "" : "s"})` : ""}`;
}

function pct(e: Estimate): string {
  return `${(e.p * 100).toFixed(2).padStart(6)}%  se ${(e.se * 100).toFixed(2)}%  95% CI ${(e.ci95[0] * 100).toFixed(2)}–${(e.ci95[1] * 100).toFixed(2)}%`;
}

function tallyReport(setup: ShieldwallDuelSetup, players: Record<Side, DuelPlayerKind>, tally: DuelTally, seed: number, gamesAsked: number, budget: string) {
  const n = tally.games;
  const est = {
    aKills: proportion(tally.aWins, n),
    bKills: proportion(tally.bWins, n),
    honourSatisfied: proportion(tally.honour, n),
    bothKilled: proportion(tally.mutualKills, n),
    aScore: scoreEstimate(tally),
  };
  const json = { ...personalCombatJson(setup, players, tally, seed, gamesAsked), ...(n < gamesAsked ? { stoppedBy: budget } : {}) };
  const adv = advantageDist(setup.a, setup.b).probOf("a");
  const text = [
    `Personal combat: a ${describeFighter(setup.a)} (${players.a}) v b ${describeFighter(setup.b)} (${players.b})`,
    ...(n < gamesAsked ? [`Stopped early at the ${budget}: ${n} of the ${gamesAsked} duels asked were played, and the figures below come from those ${n} alone.`] : []),
    `Monte Carlo: ${n} duels, seed ${seed}; each share with its standard error and 95% confidence interval`,
    `  a kills b          ${pct(est.aKills)}`,
    `  b kills a          ${pct(est.bKills)}`,
    `  honour satisfied   ${pct(est.honourSatisfied)}`,
    `  both killed        ${pct(est.bothKilled)}`,
    `  a's score (win 1, draw ½): ${pct(est.aScore)}`,
    `Exact: a wins the opening dice-off with probability ${adv} (${adv.toDecimal(4)}) (ruling SW-22)`,
  ].join("\n");
  return { json, text };
}

interface SimulationRun {
  setup: ShieldwallDuelSetup;
  players: Record<Side, DuelPlayerKind>;
  games: number;
  seed: number;
  mctsIterations: number;
  /** Where the request came from, for messages ("--games", a file). */
  source: string;
  /** Show a progress bar (standard error is a terminal and the output is text). */
  live: boolean;
  maxSeconds: number;
  shouldStop: () => boolean;
}

/**
 * Simulates duels within the time budget, with a progress bar on a terminal: `muster sw duel-sim`
 * and `muster odds sw-personal-combat`. When the budget runs out the report says so plainly and
 * its estimates (with their standard errors) come from the duels played.
 */
function simulate(run: SimulationRun) {
  const bar = run.live ? progressBar("duels", run.games, process.stderr) : undefined;
  let tally: DuelTally;
  try {
    tally = simulateDuels({ setup: run.setup, players: run.players, games: run.games, seed: run.seed, mctsIterations: run.mctsIterations, onProgress: bar ? (n) => bar.update(n) : undefined, shouldStop: run.shouldStop });
  } finally {
    bar?.finish();
  }
  const budget = `time budget of ${run.maxSeconds} s (--max-seconds)`;
  if (tally.games === 0) throw new UsageError(`${run.source}: no duel finished within the ${budget}: allow more time, or fewer MCTS iterations per decision`);
  return tallyReport(run.setup, run.players, tally, run.seed, run.games, budget);
}

// ---- odds calculator input (docs/shieldwall/personal-combat.md) ----

export { personalCombatSchema, type PersonalCombatInput };

export function runPersonalCombatOdds(input: PersonalCombatInput, context: RunContext = { source: "input", live: false, maxSeconds: DEFAULT_MAX_SECONDS, shouldStop: () => false }) {
  return simulate({ setup: personalCombatSetup(input), players: input.players, games: input.games, seed: input.seed, mctsIterations: input.mctsIterations, ...context });
}

/**
 * One duel between computer players. With `write` (text output) the narrative is written as the
 * duel goes, so a slow MCTS duel shows its exchanges one by one.
 */
function narrate(setup: ShieldwallDuelSetup, players: Record<Side, DuelPlayerKind>, seed: number, iterations: number, write?: (line: string) => void) {
  const start = dealDuel(setup, seed);
  const head = [
    `Personal combat (seed ${seed}): a ${describeFighter(setup.a)} (${players.a}) v b ${describeFighter(setup.b)} (${players.b})`,
    `  a is dealt ${start.hands.a.map(cardName).join(" ")}`,
    `  b is dealt ${start.hands.b.map(cardName).join(" ")}`,
  ];
  for (const line of head) write?.(line);
  const played = playOut(shieldwallDuelGame, start, { a: duelPlayer(players.a, seed * 2 + 1, iterations), b: duelPlayer(players.b, seed * 2 + 2, iterations) }, { onEvents: write ? (events) => events.forEach((e) => write(`  ${e.text}`)) : undefined });
  const s = played.state;
  const tail = [
    `  (a discarded ${(s.discarded.a ?? []).map(cardName).join(" ") || "nothing"}; b discarded ${(s.discarded.b ?? []).map(cardName).join(" ") || "nothing"})`,
    `Result: ${describeOutcome(s.outcome!)}`,
  ];
  for (const line of tail) write?.(line);
  const json = {
    seed,
    players,
    fighters: { a: setup.a, b: setup.b },
    dealt: { a: start.hands.a, b: start.hands.b },
    discarded: s.discarded,
    events: played.events,
    outcome: s.outcome,
    decisions: played.decisions,
  };
  return { json, record: makeRecord(shieldwallDuelGame, setup, seed, played.decisions, s) };
}

/** The `--out` record writer of `sw duel`, the place checked before play (never a duel played only to be lost). */
function recordSaver(out: string | undefined, force: boolean, say: (line: string) => void): ((record: DuelRecord, finished: boolean) => void) | undefined {
  if (out === undefined) return undefined;
  checkOutput(out, "--out", force);
  return (record, finished) => {
    writeOutput(out, `${JSON.stringify(record, null, 1)}\n`, "--out", force);
    say(`${finished ? "Duel" : "Unfinished duel"} saved to ${out} (muster replay ${out}).`);
  };
}

function refusalLeader(lpValue: number): LeaderState {
  return probeLeader({ id: "refuser", name: "The challenged leader", lpValue });
}

export const shieldwallPersonalCombatCli: CliModule = {
  name: "shieldwall-personal-combat",
  register(program: Command) {
    const sw = program.commands.find((c) => c.name() === "sw") ?? program.command("sw").description("Shieldwall (Maldon v2.1) tools");

    fighterOptions(
      sw
        .command("duel")
        .description("one narrated personal combat between computer players (seed section \"Personal Combat\")")
        .option("--a <player>", "side a's player: ai, random, mcts or human (you type your cards)", "ai")
        .option("--b <player>", "side b's player: ai, random, mcts or human", "ai")
        .option("--iterations <n>", "MCTS iterations per decision", "300")
        .option("--out <record>", "save the duel's record, finished or not (replay it with muster replay RECORD); an existing file is kept unless --force")
        .option("--force", "with --out, replace an existing file"),
    ).action(async (opts: FighterOpts & { a: string; b: string; iterations: string; out?: string; force?: boolean }, cmd: Command) => {
      const g = globals(cmd);
      const setup = setupFromOpts(opts);
      const kinds = [...DUEL_PLAYER_KINDS, "human"] as const;
      const a = choice(opts.a, kinds, "--a");
      const b = choice(opts.b, kinds, "--b");
      const iterations = parseInteger(opts.iterations, "--iterations", 10, 100_000);
      // Text goes to standard output; with --json the summary does, and messages go to standard error.
      const say = (line: string) => (g.json ? process.stderr : process.stdout).write(`${line}\n`);
      const save = recordSaver(opts.out, opts.force === true, say);
      if (a === "human" || b === "human") {
        if (a === "human" && b === "human") throw new UsageError("--a and --b: only one side can be human (hands are hidden, ruling SW-24)");
        const human: Side = a === "human" ? "a" : "b";
        const computerKind = (human === "a" ? b : a) as DuelPlayerKind;
        const rl = createInterface({ input: process.stdin, terminal: false });
        try {
          // Human play is a conversation: text only (--json does not apply).
          await runHumanDuel(setup, g.seed, human, duelPlayer(computerKind, g.seed * 2 + 1, iterations), rl, (t) => process.stdout.write(t), save);
        } finally {
          rl.close();
        }
        return;
      }
      const out = narrate(setup, { a, b }, g.seed, iterations, g.json ? undefined : say);
      if (g.json) emit(cmd, out.json, "");
      save?.(out.record, true);
    });

    fighterOptions(
      sw
        .command("duel-sim")
        .description("simulate many personal combats between computer players: win rates with standard error and 95% CI")
        .option("--games <n>", "number of duels", "10000")
        .option("--a <player>", "side a's player: ai, random or mcts", "ai")
        .option("--b <player>", "side b's player: ai, random or mcts", "random")
        .option("--iterations <n>", "MCTS iterations per decision", "300")
        .option("--max-seconds <s>", `time budget: stop there and report the duels played so far (default ${DEFAULT_MAX_SECONDS})`),
    ).action((opts: FighterOpts & { a: string; b: string; iterations: string; games: string; maxSeconds?: string }, cmd: Command) => {
      const g = globals(cmd);
      const setup = setupFromOpts(opts);
      const players = { a: choice(opts.a, DUEL_PLAYER_KINDS, "--a"), b: choice(opts.b, DUEL_PLAYER_KINDS, "--b") };
      const games = parseInteger(opts.games, "--games", 1, 10_000_000);
      const iterations = parseInteger(opts.iterations, "--iterations", 10, 100_000);
      const maxSeconds = opts.maxSeconds === undefined ? DEFAULT_MAX_SECONDS : parseInteger(opts.maxSeconds, "--max-seconds", 1, 86_400);
      const live = process.stderr.isTTY === true && !g.json;
      const out = simulate({ setup, players, games, seed: g.seed, mctsIterations: iterations, source: "sw duel-sim", live, maxSeconds, shouldStop: deadline(maxSeconds) });
      emit(cmd, out.json, out.text);
    });

    sw.command("refusal")
      .description("roll for a leader who refuses a challenge: 1-3 loses 1 LP for good, 4-5 a champion accepts, 6 ignored")
      .requiredOption("--lp-value <n>", "the refusing leader's LP value (1-6)")
      .action((opts: { lpValue: string }, cmd: Command) => {
        const g = globals(cmd);
        const lpValue = parseInteger(opts.lpValue, "--lp-value", 1, 6);
        const rng = Random.fromSeed(g.seed);
        const r = resolveRefusal(refusalLeader(lpValue), rng.int(1, 6));
        const dist = refusalDist();
        const odds = Object.fromEntries(dist.outcomes().map((o) => [o.value, o.p.toJSON()]));
        emit(
          cmd,
          { seed: g.seed, face: r.face, outcome: r.outcome, lpValue: r.leader.lpValue, leaderKilled: r.leaderKilled, odds },
          [...r.notes, `(odds: ${dist.outcomes().map((o) => `${o.value} ${o.p}`).join(", ")}; seed ${g.seed})`].join("\n"),
        );
      });

    registerCalculator<PersonalCombatInput>({ ...swPersonalCombatCalculator, run: runPersonalCombatOdds });
  },
};
