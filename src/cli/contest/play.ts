/**
 * `muster duel play`: a duel in the terminal, driven by one line of input per choice so that it
 * can be played by hand or by piping a script. Hot-seat: each player's choice is hidden (the
 * line is erased on a terminal, and the other player is told only that a card was chosen) and
 * both are revealed together (CC-5). Against the computer, the computer samples its card from
 * the advisor's optimal mixed strategy for the position.
 */
import { type DecisionRecord, type GameRecord, makeRecord, play } from "../../core/game.js";
import { type DuelSolution, advisedPlayer, solveDuel } from "../../rulesets/contest/advisor.js";
import { findCard } from "../../rulesets/contest/deck.js";
import { deckAt, legalCards } from "../../rulesets/contest/exchange.js";
import { type ContestMove, type ContestOptions, type ContestState, contestGame } from "../../rulesets/contest/game.js";
import { UsageError } from "../errors.js";
import { type PositionFile, duelFromFile, requireDuel } from "./load.js";

export interface PlayConfig {
  file: PositionFile;
  /** The side the computer plays, or null for hot-seat. */
  computer: "A" | "B" | null;
  seed: number;
  seedGiven: boolean;
  exchangeLimit: number;
  /** Erase each typed choice (on a terminal), so the other player cannot read it. */
  hide: boolean;
  /**
   * Given the game record when play stops: at the end, or when a player quits or the input ends
   * (then before the error is thrown), so `--out` saves every game, finished or not.
   */
  onRecord?: (record: GameRecord<ContestMove, ContestOptions>, finished: boolean) => void;
}

export interface PlaySummary {
  seed: number;
  result: { winner: string | null; reason: string };
  exchanges: number;
  choices: { A: string; B: string }[];
  final: ContestState["position"];
}

type Lines = AsyncIterator<string> | Iterator<string>;

function linesOf(src: AsyncIterable<string> | Iterable<string>): Lines {
  return Symbol.asyncIterator in src ? (src as AsyncIterable<string>)[Symbol.asyncIterator]() : (src as Iterable<string>)[Symbol.iterator]();
}

/** Plays a duel; reads choices from `input`, writes narration with `write`. */
export async function runPlay(cfg: PlayConfig, input: AsyncIterable<string> | Iterable<string>, write: (s: string) => void): Promise<PlaySummary> {
  const { setup } = duelFromFile(cfg.file, "command line");
  requireDuel(setup, cfg.file.distance, "--distance");
  const options: ContestOptions = { setup, distance: cfg.file.distance, exchangeLimit: cfg.exchangeLimit };
  let state = contestGame.setup(options, cfg.seed);
  const decisions: DecisionRecord<ContestMove>[] = [];
  /** Before each choice typed at the keyboard: what undo goes back to. */
  const history: { side: "A" | "B"; state: ContestState; decisions: number; choices: number; current: Partial<Record<"A" | "B", string>> }[] = [];
  const stop = (why: string): never => {
    cfg.onRecord?.(makeRecord(contestGame, options, cfg.seed, decisions, state), false);
    throw new UsageError(why);
  };
  const lines = linesOf(input);
  const say = (s = "") => write(`${s}\n`);
  const nameOf = (s: "A" | "B") => (s === "A" ? setup.a : setup.b).profile.name;
  let solution: DuelSolution | null = null;
  let computer: ReturnType<typeof advisedPlayer> | null = null;
  say(`Contest of Champions — ${nameOf("A")} (A) against ${nameOf("B")} (B), ${cfg.file.distance}" apart. Seed ${cfg.seed}${cfg.seedGiven ? "" : " (from the clock; pass --seed to repeat)"}.`);
  say(`Commander profiles: house rule (CC-3).${setup.melee.house ? ` Melee deck: ${setup.melee.name} (CC-4).` : ""} Maximum distance ${setup.options.maxDistance}" (house rule); a duel undecided after ${cfg.exchangeLimit} exchanges is a draw (house rule).`);
  if (cfg.computer) {
    say(`The computer plays ${cfg.computer} (${nameOf(cfg.computer)}) with the advisor's optimal mixed strategy; working out the duel…`);
    solution = solveDuel(setup, { horizon: cfg.exchangeLimit });
    computer = advisedPlayer(solution, cfg.seed);
  } else {
    say("Hot-seat: each player types a card in secret (number, id or name); both are revealed together.");
  }
  say("At your prompt, undo takes back your own last choice and everything after it (the dice fall as before); quit stops.");
  const choices: { A: string; B: string }[] = [];
  let current: Partial<Record<"A" | "B", string>> = {};
  for (let mover = contestGame.toMove(state); mover !== null; mover = contestGame.toMove(state)) {
    const side = mover as "A" | "B";
    const pos = state.position;
    const deck = deckAt(setup, pos);
    const legal = legalCards(setup, pos, side);
    let card: string | undefined;
    if (side === "A") {
      say();
      say(`Exchange ${state.exchanges + 1}: ${pos.distance === 0 ? "melee contest (base contact)" : `ranged contest at ${pos.distance}"`}; Might ${nameOf("A")} ${pos.mightA}, ${nameOf("B")} ${pos.mightB}.`);
    }
    if (cfg.computer === side && solution) {
      card = computer?.choose(state, side).card ?? legal[0];
      say(`${nameOf(side)} (${side}, computer) has chosen a card.`);
    } else {
      const menu = legal.map((id) => `${deck.cards.findIndex((c) => c.id === id) + 1} ${deck.cards.find((c) => c.id === id)?.name}`).join(", ");
      for (;;) {
        write(`${nameOf(side)} (${side}), choose your card in secret [${menu}]: `);
        const next = await lines.next();
        if (next.done) {
          say();
          stop(`standard input ended before the duel was decided (after ${state.exchanges} exchanges)`);
        }
        if (cfg.hide) write("\x1b[1A\x1b[2K");
        else write("(hidden)\n");
        const text = String(next.value).trim();
        if (text === "quit") stop(`duel abandoned by ${side} after ${state.exchanges} exchanges`);
        if (text === "undo") {
          let at = history.length - 1;
          while (at >= 0 && history[at].side !== side) at--;
          if (at < 0) {
            say("  Nothing to undo: you have made no choice yet.");
            continue;
          }
          const back = history[at];
          history.length = at;
          state = back.state;
          decisions.length = back.decisions;
          choices.length = back.choices;
          current = { ...back.current };
          say(`  Undone: back to your choice in exchange ${state.exchanges + 1}.`);
          break;
        }
        const found = findCard(deck, text);
        const reason = found ? contestGame.validate(state, side, { card: found.id }) : `"${text}" is not a card of the ${deck.name}`;
        if (found && reason === null) {
          card = found.id;
          break;
        }
        say(`  not allowed: ${reason}. Choose again.`);
      }
      if (card === undefined) continue; // undone: the loop asks whoever is to choose now
      history.push({ side, state, decisions: decisions.length, choices: choices.length, current: { ...current } });
      if (!cfg.computer) say(`${nameOf(side)} (${side}) has chosen a card.`);
    }
    current[side] = card;
    const applied = play(contestGame, state, side, { card });
    decisions.push({ player: side, move: { card } });
    state = applied.state;
    if (side === "B") {
      choices.push({ A: current.A ?? "", B: current.B ?? "" });
      current = {};
      for (const e of applied.events) say(`  ${e.text}`);
    }
  }
  const result = contestGame.result(state)!;
  say();
  say(`Result: ${result.reason}.`);
  cfg.onRecord?.(makeRecord(contestGame, options, cfg.seed, decisions, state), true);
  return { seed: cfg.seed, result: { winner: result.winner, reason: result.reason }, exchanges: state.exchanges, choices, final: state.position };
}
