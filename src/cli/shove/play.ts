/**
 * `muster shove play`: a game in the terminal. Commands are read line by line (a person at the
 * keyboard, or a pipe), so the loop takes any line source and a writer; the CLI passes stdin
 * and stdout, the tests pass arrays.
 */
import { type DecisionRecord, type GameRecord, makeRecord, play } from "../../core/game.js";
import type { Player } from "../../core/game.js";
import { type AiLevel, shovePlayer } from "../../rulesets/shove/ai.js";
import { canonicalMove, type ShoveMove, type ShoveOptions, type ShoveState, type SideName, shove } from "../../rulesets/shove/game.js";
import { renderBoard, renderStatus } from "../../rulesets/shove/render.js";

export type Controller = { kind: "human" } | { kind: "ai"; level: AiLevel; iterations?: number };

export interface PlayConfig {
  options: ShoveOptions;
  seed: number;
  blue: Controller;
  red: Controller;
  /** Repeat each command after the prompt (when input is piped, so the transcript reads well). */
  echo?: boolean;
}

export interface PlaySummary {
  record: GameRecord<ShoveMove, ShoveOptions>;
  finished: boolean;
  state: ShoveState;
}

const HELP = [
  "Commands:",
  "  b3 up | b3 down | b3 left | b3 right   move the token on b3 one square (one action)",
  "  push d4 from d3                        red only: the red token on d3 pushes the blue token on d4 (SH-3)",
  "  end                                    end your turn now (pass the remaining actions)",
  "  undo                                   take back your last action this turn",
  "  moves                                  list your legal decisions",
  "  board                                  show the board again",
  "  help                                   this list",
  "  quit                                   stop; the unfinished game is saved",
].join("\n");

type Lines = AsyncIterator<string> | Iterator<string>;

function linesOf(src: AsyncIterable<string> | Iterable<string>): Lines {
  return Symbol.asyncIterator in src ? (src as AsyncIterable<string>)[Symbol.asyncIterator]() : (src as Iterable<string>)[Symbol.iterator]();
}

/** A legal decision to show in the prompt, preferring a push (red) or a move. */
function exampleMove(state: ShoveState): string {
  const legal = shove.legalMoves(state, state.side).filter((m) => m !== "end");
  if (state.side === "red") return legal.find((m) => m.startsWith("push")) ?? legal[0] ?? "end";
  // Blue: a move that brings a token nearest the victory square (SH-7), never one away from it.
  const b = state.config.board;
  const goal = { col: b.victory % b.width, row: Math.floor(b.victory / b.width) + 1 };
  const STEP: Record<string, [number, number]> = { up: [0, 1], down: [0, -1], left: [-1, 0], right: [1, 0] };
  const after = (m: string): number => {
    const mm = /^([a-z])(\d+) (up|down|left|right)$/.exec(m);
    if (!mm) return Number.POSITIVE_INFINITY;
    const [dc, dr] = STEP[mm[3]];
    const col = mm[1].charCodeAt(0) - 97 + dc;
    const row = Number(mm[2]) + dr;
    return Math.abs(col - goal.col) + Math.abs(row - goal.row);
  };
  let best = legal[0];
  for (const m of legal) if (after(m) < after(best)) best = m;
  return best ?? "end";
}

export function describeController(c: Controller): string {
  return c.kind === "human" ? "human" : `computer (${c.level}${c.iterations ? `, ${c.iterations} iterations` : ""})`;
}

export async function runPlay(cfg: PlayConfig, input: AsyncIterable<string> | Iterable<string>, write: (s: string) => void): Promise<PlaySummary> {
  const say = (s = "") => write(`${s}\n`);
  const lines = linesOf(input);
  let state = shove.setup(cfg.options, cfg.seed);
  const players: Partial<Record<SideName, Player<ShoveState, ShoveMove>>> = {};
  for (const side of ["blue", "red"] as const) {
    const c = cfg[side];
    if (c.kind === "ai") players[side] = shovePlayer(state.config, { level: c.level, seed: cfg.seed + (side === "red" ? 1 : 2), iterations: c.iterations });
  }
  const decisions: DecisionRecord<ShoveMove>[] = [];
  /** States before each of the current human's actions this turn (for undo). */
  let undoStack: { state: ShoveState; decisions: number }[] = [];
  let undoOwner: string | null = null;
  say(`Shove on the ${state.config.board.name} board — seed ${cfg.seed}. Blue: ${describeController(cfg.blue)}; red: ${describeController(cfg.red)}.`);
  say("Blue wins by reaching the victory square (*) or removing every red token; red by removing every blue token or lasting 10 turns. Type help for commands.");
  let showBoard = true;
  let finished = true;
  for (;;) {
    if (state.winner !== null) {
      say();
      say(renderBoard(state));
      say(renderStatus(state));
      break;
    }
    const side = state.side;
    const turnKey = `${state.turn}:${side}`;
    if (undoOwner !== turnKey) {
      undoStack = [];
      undoOwner = turnKey;
    }
    const ai = players[side];
    if (ai) {
      const move = ai.choose(state, side);
      const applied = play(shove, state, side, move);
      say(`${side} (${ai.name}): ${move}`);
      for (const e of applied.events.slice(1)) say(`  ${e.text}`);
      decisions.push({ player: side, move });
      state = applied.state;
      showBoard = true;
      continue;
    }
    if (showBoard) {
      say();
      say(renderBoard(state));
      say(renderStatus(state));
      showBoard = false;
    }
    write(`${side}, ${state.actionsLeft} action${state.actionsLeft === 1 ? "" : "s"} left (e.g. ${exampleMove(state)}, end, undo, help)> `);
    const next = await lines.next();
    if (next.done) {
      say();
      say("Input ended before the game did; the unfinished game is saved.");
      finished = false;
      break;
    }
    const text = String(next.value).trim();
    if (cfg.echo) write(`${text}\n`);
    if (text === "") continue;
    const word = text.toLowerCase();
    if (word === "help" || word === "?") {
      say(HELP);
      continue;
    }
    if (word === "board") {
      showBoard = true;
      continue;
    }
    if (word === "moves") {
      say(`Legal: ${shove.legalMoves(state, side).join(", ")}`);
      continue;
    }
    if (word === "quit") {
      say("Stopped; the unfinished game is saved.");
      finished = false;
      break;
    }
    if (word === "undo") {
      const last = undoStack.pop();
      if (!last) {
        say("Nothing to undo: you have taken no action this turn.");
        continue;
      }
      state = last.state;
      decisions.length = last.decisions;
      say("Undone.");
      showBoard = true;
      continue;
    }
    const reason = shove.validate(state, side, word);
    if (reason !== null) {
      say(`Refused: ${reason}. (Type moves to list the legal ones, help for commands.)`);
      continue;
    }
    const before = state;
    const move = canonicalMove(state.config, word);
    const applied = play(shove, state, side, move);
    undoStack.push({ state: before, decisions: decisions.length });
    decisions.push({ player: side, move });
    for (const e of applied.events.slice(1)) say(`  ${e.text}`);
    state = applied.state;
    showBoard = true;
  }
  const options: ShoveOptions = { board: state.config.board, rules: state.config.rules };
  const record = makeRecord(shove, options, cfg.seed, decisions, state);
  return { record, finished, state };
}
