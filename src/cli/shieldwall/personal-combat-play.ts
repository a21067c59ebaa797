/**
 * Playing a duel against the computer at the keyboard (or from a pipe): `muster sw duel --a human`.
 * The loop takes any source of lines and a writer, so tests drive it with a list of lines. The
 * human sees only his own view (ruling SW-24): his hand, the face-up card and the cards played.
 */
import { type Card, cardCode, cardName, colourOf, isJoker } from "../../core/cards.js";
import { type DecisionRecord, type GameRecord, makeRecord, type Player, play } from "../../core/game.js";
import { describeOutcome, type ShieldwallDuelMove, type ShieldwallDuelSetup, type ShieldwallDuelState, dealDuel, shieldwallDuelGame } from "../../rulesets/shieldwall/duel/game.js";
import { duelValue, handSize, otherSide, type Side } from "../../rulesets/shieldwall/duel/rules.js";
import { UsageError } from "../errors.js";

function show(cards: Card[]): string {
  return cards.map((c, i) => `${i + 1}:${cardName(c)}`).join("  ");
}

function parseNumbers(line: string, max: number): number[] | string {
  const parts = line.trim().split(/[\s,]+/).filter(Boolean);
  const nums = parts.map((p) => Number(p));
  if (nums.some((n) => !Number.isInteger(n) || n < 1 || n > max)) return `give card numbers from 1 to ${max}`;
  if (new Set(nums).size !== nums.length) return "each card once";
  return nums;
}

/** Turns a typed line into a decision, or a reason to ask again. */
export function readHumanMove(state: ShieldwallDuelState, side: Side, line: string): ShieldwallDuelMove | string {
  const hand = state.hands[side];
  if (state.discarded[side] === null) {
    const k = handSize(state.fighters[side]).discard;
    const nums = parseNumbers(line, hand.length);
    if (typeof nums === "string") return nums;
    if (nums.length !== k) return `discard exactly ${k} card${k === 1 ? "" : "s"} (seed "Personal Combat")`;
    return { type: "discard", cards: nums.map((n) => cardCode(hand[n - 1])) };
  }
  const m = /^\s*(\d+)\s*([rb]|red|black)?\s*$/i.exec(line);
  if (!m) return "type a card number (and r or b after a joker's number, e.g. 3 b)";
  const n = Number(m[1]);
  if (n < 1 || n > hand.length) return `give a card number from 1 to ${hand.length}`;
  const card = hand[n - 1];
  const said = m[2]?.toLowerCase();
  if (isJoker(card)) {
    if (!said) return "a joker is declared red (parry) or black (strike) as it is played: add r or b (ruling SW-22)";
    return { type: "play", card: cardCode(card), as: said.startsWith("r") ? "red" : "black" };
  }
  const colour = colourOf(card)!;
  if (said && (said.startsWith("r") ? "red" : "black") !== colour) return `${cardName(card)} is ${colour}: only a joker may be declared either colour (ruling SW-22)`;
  return { type: "play", card: cardCode(card), as: colour };
}

function prompt(state: ShieldwallDuelState, side: Side): string {
  const o = otherSide(side);
  const lines = [`Your wounds ${state.wounds[side]}, opponent's ${state.wounds[o]}. Your hand: ${show(state.hands[side])}`];
  if (state.discarded[side] === null) {
    const k = handSize(state.fighters[side]).discard;
    lines.push(`Discard ${k} card${k === 1 ? "" : "s"} (numbers, e.g. ${Array.from({ length: k }, (_, i) => i + 1).join(" ")}):`);
  } else if (state.pending) {
    lines.push(`You have the advantage. The opponent shows ${cardName(state.pending.card)} as ${state.pending.as === "red" ? "a parry" : "a strike"} [${duelValue(state.pending.card)}]. Answer with a card number:`);
  } else lines.push("You lead without the advantage: play a card face up (number; a joker also r or b):");
  return lines.join("\n");
}

export type DuelRecord = GameRecord<ShieldwallDuelMove, ShieldwallDuelSetup>;

/**
 * Plays one duel: `human` is the side typed at the keyboard, the other side is `computer`.
 * Typing `undo` takes back the human's last choice and the computer's answers after it (the
 * cards and dice fall as before: the state keeps its random generator); `quit` stops. Returns the
 * finished state; throws UsageError when the input ends (or the player quits) before the duel
 * does. `onRecord` is given the game record whenever play stops, finished or not.
 */
export async function runHumanDuel(
  setup: ShieldwallDuelSetup,
  seed: number,
  human: Side,
  computer: Player<ShieldwallDuelState, ShieldwallDuelMove>,
  lines: AsyncIterable<string>,
  write: (text: string) => void,
  onRecord?: (record: DuelRecord, finished: boolean) => void,
): Promise<ShieldwallDuelState> {
  let state = dealDuel(setup, seed);
  const decisions: DecisionRecord<ShieldwallDuelMove>[] = [];
  /** Before each of the human's choices: what undo goes back to. */
  const history: { state: ShieldwallDuelState; decisions: number }[] = [];
  const stop = (why: string): never => {
    onRecord?.(makeRecord(shieldwallDuelGame, setup, seed, decisions, state), false);
    throw new UsageError(why);
  };
  const it = lines[Symbol.asyncIterator]();
  write(`Personal combat (seed ${seed}): you are ${human}. Red cards parry, black cards strike; J 10, Q 11, K 12, A 13, joker 14.\n`);
  write("At your prompt, undo takes back your last choice (and the opponent's answers after it); quit stops.\n");
  for (let mover = shieldwallDuelGame.toMove(state); mover !== null; mover = shieldwallDuelGame.toMove(state)) {
    let move: ShieldwallDuelMove | undefined;
    if (mover === human) {
      write(`${prompt(state, human)}\n`);
      for (;;) {
        const next = await it.next();
        if (next.done) stop("standard input ended before the personal combat was over");
        const text = String(next.value).trim().toLowerCase();
        if (text === "quit") stop("personal combat abandoned");
        if (text === "undo") {
          const back = history.pop();
          if (!back) {
            write("  Nothing to undo: you have made no choice yet. Again:\n");
            continue;
          }
          state = back.state;
          decisions.length = back.decisions;
          write("  Undone: choose again.\n");
          break;
        }
        const read = readHumanMove(state, human, next.value);
        const why = typeof read === "string" ? read : shieldwallDuelGame.validate(state, human, read);
        if (why === null && typeof read !== "string") {
          move = read;
          break;
        }
        write(`  ${why}. Again:\n`);
      }
      if (move === undefined) continue; // undone: ask again from the earlier state
      history.push({ state, decisions: decisions.length });
    } else move = computer.choose(state, mover);
    const applied = play(shieldwallDuelGame, state, mover, move);
    decisions.push({ player: mover, move });
    state = applied.state;
    for (const e of applied.events) write(`  ${e.text}\n`);
  }
  write(`Result: ${describeOutcome(state.outcome!)}\n`);
  write(`(the opponent discarded ${(state.discarded[otherSide(human)] ?? []).map(cardName).join(" ")})\n`);
  onRecord?.(makeRecord(shieldwallDuelGame, setup, seed, decisions, state), true);
  return state;
}
