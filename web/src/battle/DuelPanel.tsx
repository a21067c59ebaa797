/**
 * A personal combat in progress (issue 14 item 17; rulings SW-22, SW-23, SW-24): both fighters'
 * wounds, cards left and advantage, the card led face up, every exchange so far, and the hand of
 * a side a person plays here, as cards to click. Only what the worker sent is shown: the screen's
 * view of the battle and the hands of the human sides (`Snapshot.duelHands`). In a game between
 * two people at one screen each hand stays covered until its player says it is his turn.
 * The options are the engine's: a click sends one of them; no rule is worked out here.
 */
import { signal } from "@preact/signals";
import { type Card, cardCode, cardName, colourOf, isJoker } from "../../../src/core/cards.js";
import type { BattleDecision, BattleDuel, Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { Side as DuelSide } from "../../../src/rulesets/shieldwall/duel/rules.js";
import { DuelOddsBox } from "./DuelOddsBox.js";
import { send } from "./engine.js";
import type { BattleView } from "./store.js";
import "./duel.css";

type DuelDecision = Extract<BattleDecision, { type: "duel" }>;

/** Hot seat: the side whose player asked to see his hand, in which duel (cleared by the other side's turn). */
const revealed = signal<{ side: Side; duel: string } | null>(null);
/** Cards picked to discard, for the snapshot they were picked in. */
const picked = signal<{ seq: number; cards: string[] }>({ seq: -1, cards: [] });

const SIDE_NAME: Record<Side, string> = { red: "Red", black: "Black" };
const AS_WORDS = { red: "parry", black: "strike" } as const;
const KIND_NAME = { leader: "leader", champion: "champion", "heroic-champion": "heroic champion" } as const;

function CardFace({ card, small }: { card: Card; small?: boolean }) {
  const colour = isJoker(card) ? "joker" : colourOf(card);
  return (
    <span class={`duel-card ${colour}${small ? " small" : ""}`} data-card={cardCode(card)}>
      {cardName(card)}
    </span>
  );
}

function duelKey(turn: number, d: BattleDuel): string {
  return `${turn}:${d.a.leader}:${d.b.leader}`;
}

function exchangeResult(d: BattleDuel, kind: string, advantage: DuelSide | "dice-off"): string {
  const name = (s: DuelSide) => d[s].name;
  const other = (s: DuelSide): DuelSide => (s === "a" ? "b" : "a");
  if (kind === "no-result") return "both parry: no result";
  if (kind === "both-wounded") return "both wounded";
  if (kind === "parried" && advantage !== "dice-off") return `${name(advantage)} parries`;
  if (advantage !== "dice-off") return `${name(other(advantage))} wounded`;
  return kind;
}

/** The hand of `side` with the engine's options for it: click cards to discard, or a card to play. */
function Hand({ view, side, hand, mine }: { view: BattleView; side: Side; hand: Card[]; mine: boolean }) {
  const snap = view.snapshot;
  const options = mine ? snap.options.filter((o): o is { decision: DuelDecision; text: string } => o.decision.type === "duel") : [];
  const discarding = options.length > 0 && options[0].decision.move.type === "discard";
  const need = discarding && options[0].decision.move.type === "discard" ? options[0].decision.move.cards.length : 0;
  const chosen = picked.value.seq === snap.seq ? picked.value.cards : [];
  const matching = discarding
    ? options.find((o) => o.decision.move.type === "discard" && o.decision.move.cards.length === chosen.length && o.decision.move.cards.every((c) => chosen.includes(c)))
    : undefined;
  const decide = (d: BattleDecision) => {
    picked.value = { seq: -1, cards: [] };
    send({ type: "decide", side, decision: d });
  };
  return (
    <div class="duel-hand" data-testid="duel-hand" data-side={side}>
      <h3>
        <span class={`swatch ${side}`} /> {SIDE_NAME[side]}'s hand
      </h3>
      <div class="duel-cards">
        {hand.map((card) => {
          const code = cardCode(card);
          if (discarding) {
            const on = chosen.includes(code);
            return (
              <button
                type="button"
                key={code}
                class={`duel-pick${on ? " on" : ""}`}
                data-testid="duel-discard-card"
                aria-pressed={on}
                title={on ? "Keep it" : "Discard it"}
                onClick={() => (picked.value = { seq: snap.seq, cards: on ? chosen.filter((c) => c !== code) : [...chosen, code] })}
              >
                <CardFace card={card} />
              </button>
            );
          }
          const plays = options.filter((o) => o.decision.move.type === "play" && o.decision.move.card === code);
          if (plays.length === 0) return <CardFace key={code} card={card} />;
          return (
            <span class="duel-play-group" key={code}>
              {plays.map((o) => (
                <button type="button" class="duel-play" data-testid="duel-play" title={o.text} key={o.text} onClick={() => decide(o.decision)}>
                  <CardFace card={card} />
                  <span class="as">{o.decision.move.type === "play" ? AS_WORDS[o.decision.move.as] : ""}</span>
                </button>
              ))}
            </span>
          );
        })}
      </div>
      {discarding && (
        <p class="duel-hint">
          Pick {need} card{need === 1 ? "" : "s"} to discard face down ({chosen.length} picked).{" "}
          <button type="button" class="primary small" data-testid="duel-discard" disabled={!matching} onClick={() => matching && decide(matching.decision)}>
            Discard {need === 1 ? "it" : "them"}
          </button>
        </p>
      )}
      {mine && !discarding && options.length > 0 && <p class="duel-hint">Click a card to play it: black strikes, red parries (a joker is either).</p>}
    </div>
  );
}

export function DuelPanel({ view }: { view: BattleView }) {
  const snap = view.snapshot;
  const s = snap.state;
  const p = s.pending;
  if (p?.kind !== "duel") return null;
  const d = p.duel;
  const g = d.game;
  const key = duelKey(s.turn, d);
  const humans = (["red", "black"] as const).filter((side) => view.players[side] === "human");
  const hotSeat = humans.length === 2;
  const counts = d.hidden?.hands ?? { a: g.hands.a.length, b: g.hands.b.length };
  const moverHuman = view.players[p.side] === "human";
  // Which hand this screen shows now: the single person's always; in the hot seat only the mover's, once he asked.
  let handSide: Side | null = null;
  if (humans.length === 1) handSide = humans[0];
  else if (hotSeat && revealed.value?.side === p.side && revealed.value.duel === key) handSide = p.side;
  const hand = handSide ? snap.duelHands?.[handSide] : undefined;
  const fighter = (ds: DuelSide) => {
    const f = d[ds];
    const fg = g.fighters[ds];
    return (
      <div class={`duel-fighter ${f.side}`} data-testid="duel-fighter" key={ds}>
        <strong>
          <span class={`swatch ${f.side}`} /> {f.name}
        </strong>
        <span>
          {KIND_NAME[fg.kind]}
          {fg.specialWeapon ? " with the special weapon" : ""}
        </span>
        <span>
          wounds {g.wounds[ds]} of 3 · {counts[ds]} card{counts[ds] === 1 ? "" : "s"} in hand
          {g.discarded[ds] === null ? " · yet to discard" : ""}
        </span>
        {g.advantage === ds && <span class="duel-adv">has the advantage</span>}
      </div>
    );
  };
  return (
    <section class={`decisions duel ${p.side}`} aria-live="polite" data-testid="duel-panel">
      <h2>
        Personal combat: {d.a.name} against {d.b.name}
      </h2>
      <div class="duel-fighters">{(["a", "b"] as const).map(fighter)}</div>
      {g.openingDiceOff && (
        <p class="duel-line">
          Dice-off: {g.openingDiceOff.rolls.map((r) => `${r.a}–${r.b}`).join(", then ")}: {d[g.openingDiceOff.winner].name} has the advantage
        </p>
      )}
      {g.exchanges.length > 0 && (
        <ol class="duel-exchanges" data-testid="duel-exchanges">
          {g.exchanges.map((x, i) => (
            <li key={i}>
              {d[x.first].name} <CardFace card={x[x.first].card} small /> {AS_WORDS[x[x.first].as]} · {d[x.first === "a" ? "b" : "a"].name}{" "}
              <CardFace card={x[x.first === "a" ? "b" : "a"].card} small /> {AS_WORDS[x[x.first === "a" ? "b" : "a"].as]}: {exchangeResult(d, x.result.kind, x.result.advantage)}
              {x.diceOff ? ` (dice-off ${x.diceOff.rolls.map((r) => `${r.a}–${r.b}`).join(", ")}: ${d[x.diceOff.winner].name})` : ""}
            </li>
          ))}
        </ol>
      )}
      {g.pending && (
        <p class="duel-line" data-testid="duel-lead">
          {d[g.pending.side].name} leads <CardFace card={g.pending.card} /> as a {AS_WORDS[g.pending.as]}, face up
        </p>
      )}
      <p class="duel-turn" data-testid="duel-turn">
        <span class={`swatch ${p.side}`} /> {SIDE_NAME[p.side]} ({d[d.a.side === p.side ? "a" : "b"].name}) {g.discarded[d.a.side === p.side ? "a" : "b"] === null ? "discards" : g.pending ? "answers" : "leads"}
        {moverHuman ? "" : ` — the computer (${view.players[p.side]}) ${view.thinking ? "is thinking…" : "decides"}`}
      </p>
      {hotSeat && moverHuman && handSide === null && (
        <div class="duel-cover" data-testid="duel-cover">
          <p>
            {SIDE_NAME[p.side]}'s hand is covered. Pass the screen to the {SIDE_NAME[p.side]} player.
          </p>
          <button type="button" class="primary" data-testid="duel-reveal" onClick={() => (revealed.value = { side: p.side, duel: key })}>
            I am {SIDE_NAME[p.side]}, show my hand
          </button>
        </div>
      )}
      {handSide && hand && <Hand view={view} side={handSide} hand={hand} mine={handSide === p.side && moverHuman} />}
      {handSide && hand && snap.duelOdds?.side === handSide && <DuelOddsBox odds={snap.duelOdds} duel={d} options={snap.options} />}
      {view.error && <p class="error">{view.error}</p>}
    </section>
  );
}
