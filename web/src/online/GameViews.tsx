/**
 * The online views of each game, drawn only from what the server sent this seat (its view and its
 * legal decisions). They reuse the games' own pieces: Shove's board, the Contest's Might bars, the
 * battle's table; a decision is handed to `onDecide`, which sends it to the server.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { cardName, parseCard } from "../../../src/core/cards.js";
import { cardById } from "../../../src/rulesets/contest/deck.js";
import { deckAt } from "../../../src/rulesets/contest/exchange.js";
import type { ContestState } from "../../../src/rulesets/contest/game.js";
import { type BattleDecision, type BattleState, type Side as BattleSide, signalStandardChoices } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { DuelOnlookerView, DuelView, ShieldwallDuelMove } from "../../../src/rulesets/shieldwall/duel/game.js";
import { openPathSquares } from "../../../src/rulesets/shove/path.js";
import type { ShoveState } from "../../../src/rulesets/shove/game.js";
import type { Controller } from "../battle/protocol.js";
import { type BattleView, byCategory, groupOptions, hoveredOption, namesOf, pendingPrompt, pickedOption, withNames } from "../battle/store.js";
import { PickedBar } from "../battle/PickedBar.js";
import { TableView } from "../battle/TableView.js";
import { MightBar } from "../contest/ContestPage.js";
import { Board } from "../shove/Board.js";
import { boardActions } from "../shove/session.js";
import type { LegalDecision, OnlineState } from "./connection.js";

export interface GameViewProps {
  s: OnlineState;
  /** Whether this seat decides now. */
  mine: boolean;
  onDecide: (decision: unknown) => void;
}

/** The plain list of legal decisions (every game has one; the battle's and the duel's main control). */
export function LegalList({ legal, onDecide, disabled, label = (o) => o.text }: { legal: LegalDecision[]; onDecide: (d: unknown) => void; disabled: boolean; label?: (o: LegalDecision) => string }) {
  return (
    <div class="options" data-testid="online-options">
      {legal.map((o, i) => (
        <button type="button" key={i} class="option" data-testid="online-option" disabled={disabled} onClick={() => onDecide(o.decision)}>
          {label(o)}
        </button>
      ))}
    </div>
  );
}

function RecentEvents({ s, limit = 12 }: { s: OnlineState; limit?: number }) {
  if (s.events.length === 0) return null;
  return (
    <section class="online-events" aria-label="What happened" data-testid="online-events">
      <h3>What happened</h3>
      <ol>
        {s.events.slice(-limit).map((e, i) => (
          <li key={`${e.version}-${i}`}>{e.event.text}</li>
        ))}
      </ol>
    </section>
  );
}

export function ShoveOnline({ s, mine, onDecide }: GameViewProps) {
  const state = s.view as ShoveState;
  const moves = useMemo(() => (mine ? s.legal.map((l) => l.decision).filter((d): d is string => typeof d === "string") : []), [s.legal, mine]);
  const actions = useMemo(() => boardActions(state, moves), [state, moves]);
  const path = useMemo(() => openPathSquares(state), [state]);
  return (
    <div class="shove" data-testid="shove" data-version={s.version}>
      <div class="shove-status">
        <span>
          Turn <strong data-testid="shove-turn">{state.turn}</strong> of {state.config.rules.turnLimit}
        </span>
        <span>D4: {state.roll}</span>
        {state.winner === null && (
          <span class={`shove-mover ${state.side}`} data-testid="shove-side">
            {state.side} to act: <strong>{state.actionsLeft}</strong> action{state.actionsLeft === 1 ? "" : "s"} left
          </span>
        )}
      </div>
      <div class="shove-main">
        <Board state={state} actions={actions} path={path} onAct={(move) => onDecide(move)} lastSquares={[]} />
        <aside class="shove-side">
          {moves.includes("end") && (
            <div class="calc-actions">
              <button type="button" class="primary" onClick={() => onDecide("end")} data-testid="end-turn">
                End turn
              </button>
            </div>
          )}
          {mine && <p>Click or drag one of your tokens (outlined) to move or push it.</p>}
          <RecentEvents s={s} />
        </aside>
      </div>
    </div>
  );
}

export function ContestOnline({ s, mine, onDecide }: GameViewProps) {
  const view = s.view as ContestState & { pending: string | null; pendingB?: string };
  const [picked, setPicked] = useState<string | null>(null);
  const deck = deckAt(view.setup, view.position);
  const names = { A: view.setup.a.profile.name, B: view.setup.b.profile.name };
  const cards = mine ? s.legal.map((l) => (l.decision as { card: string }).card).map((id) => ({ id, card: cardById(deck, id) })) : [];
  return (
    <div class="duel" data-testid="duel" data-version={s.version}>
      <div class="duel-status">
        <MightBar name={names.A} side="A" might={view.position.mightA} max={view.setup.a.profile.might} />
        <div class="distance" data-testid="distance">
          {view.position.distance === 0 ? "base contact: melee" : `${view.position.distance}" apart: ranged`}
          <br />
          <small>
            exchange {view.exchanges + (s.result ? 0 : 1)} · {deck.name}
          </small>
        </div>
        <MightBar name={names.B} side="B" might={view.position.mightB} max={view.setup.b.profile.might} />
      </div>
      {(["A", "B"] as const).map((side) => {
        // CC-5: either commander may choose first; the other's card shows only as face down.
        const down = side === "A" ? view.pending : (view.pendingB ?? null);
        if (down === null) return null;
        const other = side === "A" ? names.B : names.A;
        return (
          <p data-testid="committed" key={side}>
            {s.seat === side ? `You have chosen ${cardById(deck, down)?.name ?? down}; waiting for ${other}.` : `${names[side]} has chosen a card (face down).`}
          </p>
        );
      })}
      {mine && (
        <div class="choose" data-testid="choose">
          <p>Choose your card in secret; both are revealed together (CC-5):</p>
          <div class="cards">
            {cards.map(({ id, card }) => (
              <button type="button" key={id} class={`card${picked === id ? " picked" : ""}`} onClick={() => setPicked(id)} data-testid="card" data-card={id} aria-pressed={picked === id}>
                <strong>{card?.name ?? id}</strong>
                <small>{card?.summary ?? ""}</small>
              </button>
            ))}
          </div>
          <button type="button" class="primary" disabled={!picked || !cards.some((c) => c.id === picked)} data-testid="commit" onClick={() => picked && (onDecide({ card: picked }), setPicked(null))}>
            {picked ? `Play ${cardById(deck, picked)?.name ?? picked}` : "Choose a card"}
          </button>
        </div>
      )}
      <RecentEvents s={s} />
    </div>
  );
}

/**
 * A personal combat inside the battle as this connection may see it (ruling SW-24): both fighters,
 * wounds, cards left in each hand, the card led face up, and only a fighter's own hand to his side.
 * Spectators see it as onlookers do.
 */
function BattleDuelSummary({ state, seat }: { state: BattleState; seat: string | null }) {
  if (state.pending?.kind !== "duel") return null;
  const d = state.pending.duel;
  const g = d.game;
  const counts = d.hidden?.hands ?? { a: g.hands.a.length, b: g.hands.b.length };
  const mine = d.a.side === seat ? "a" : d.b.side === seat ? "b" : null;
  return (
    <section class="online-battle-duel" aria-label="Personal combat" data-testid="battle-duel">
      <h3>Personal combat</h3>
      <ul>
        {(["a", "b"] as const).map((x) => (
          <li key={x} data-testid="duel-fighter">
            <strong>{d[x].name}</strong> ({d[x].side}): {g.wounds[x]} wound{g.wounds[x] === 1 ? "" : "s"}, {counts[x]} card{counts[x] === 1 ? "" : "s"} in hand
            {g.advantage === x ? " · has the advantage" : ""}
          </li>
        ))}
        {g.pending && (
          <li>
            Face up: {d[g.pending.side].name} led {cardName(g.pending.card)} as {g.pending.as}
          </li>
        )}
        <li>Exchanges so far: {g.exchanges.length}</li>
        {mine && <li data-testid="own-hand">Your hand: {g.hands[mine].length ? g.hands[mine].map((c) => cardName(c)).join(", ") : "empty"}</li>}
        {!mine && <li class="note">Hands are hidden from onlookers (SW-24); only their sizes are shown.</li>}
      </ul>
    </section>
  );
}

/** The battle: the shared table drawn from the seat's view, and the legal options grouped by unit. */
export function BattleOnline({ s, mine, onDecide }: GameViewProps) {
  const state = s.view as BattleState;
  const players = Object.fromEntries(s.players.map((p) => [p.seat, p.kind === "human" ? "human" : "commander"])) as Record<BattleSide, Controller>;
  // The signal's units that may take the battle standard's inch, as at the local battle (Decisions.tsx ticks them).
  const options = s.legal.map((l) => {
    const decision = l.decision as BattleDecision;
    return decision.type === "lead" && decision.action === "signal" && decision.standard !== undefined ? { decision, text: l.text, standardChoices: signalStandardChoices(state) } : { decision, text: l.text };
  });
  const view: BattleView = {
    battle: 0,
    scenario: state.scenario,
    players,
    seed: 0,
    snapshot: { seq: s.version, state, toMove: s.toMove as BattleSide | null, options: mine ? options : [], thinking: false, result: s.result, undoable: { red: 0, black: 0 }, step: s.version },
    log: [],
    thinking: null,
    error: s.error?.message ?? null,
    lastActed: [],
    replay: null,
    losses: [],
  };
  const names = namesOf(state);
  const groups = mine ? groupOptions(state, options) : [];
  // A pick on the table (TableView: a tap in the deployment zone or towards a move) or a hovered
  // option belongs to one version's options: forget it when the version changes.
  useEffect(() => {
    pickedOption.value = null;
    hoveredOption.value = null;
  }, [s.version]);
  const choose = (d: BattleDecision) => {
    pickedOption.value = null;
    hoveredOption.value = null;
    onDecide(d);
  };
  const picked = mine && pickedOption.value !== null ? options[pickedOption.value] : undefined;
  return (
    <div class="online-battle" data-testid="battle" data-version={s.version} data-turn={state.turn} data-phase={state.phase}>
      <p class="battle-turn" data-testid="turn">
        Turn {state.turn} · {state.phase}
      </p>
      <div class="online-battle-main">
        <div class="table-wrap">
          <TableView view={view} />
        </div>
        <aside>
          <BattleDuelSummary state={state} seat={s.seat} />
          {mine && (
            <section class="decisions" aria-live="polite" data-testid="decisions">
              <h2>Your decision</h2>
              <p class="prompt">{pendingPrompt(state, names)}</p>
              {(state.pending?.kind === "deploy" || state.pending?.kind === "move") && !picked && <p class="filter">Tip: tap the table where a front line should stand, or where a unit should head, then confirm.</p>}
              {picked && <PickedBar text={withNames(picked.text, names)} onConfirm={() => choose(picked.decision)} />}
              {groups.map((g) => (
                <div class="group" key={g.subject}>
                  <h3>{names.get(g.subject) ?? g.subject}</h3>
                  {byCategory(g.options).map((c) => (
                    <div class="category" key={c.category}>
                      {c.category && <h4>{c.category}</h4>}
                      <div class="options">
                        {c.options.map(({ index, option }) => (
                          <button
                            type="button"
                            key={index}
                            class="option"
                            data-testid="online-option"
                            title={option.text}
                            onClick={() => choose(option.decision)}
                            onMouseEnter={() => (hoveredOption.value = index)}
                            onMouseLeave={() => (hoveredOption.value = null)}
                            onFocus={() => (hoveredOption.value = index)}
                            onBlur={() => (hoveredOption.value = null)}
                          >
                            {withNames(option.text, names)}
                          </button>
                        ))}
                      </div>
                    </div>
                  ))}
                </div>
              ))}
            </section>
          )}
          <RecentEvents s={s} />
        </aside>
      </div>
    </div>
  );
}

/** A duel decision with its cards named (the engine's text says only how many are discarded). */
function duelLabel(o: LegalDecision): string {
  const name = (code: string) => {
    try {
      return cardName(parseCard(code));
    } catch {
      return code;
    }
  };
  const d = o.decision as ShieldwallDuelMove;
  if (d && d.type === "discard" && Array.isArray(d.cards)) return `discard ${d.cards.map(name).join(", ")}`;
  if (d && d.type === "play" && typeof d.card === "string") return `play ${name(d.card)} as ${d.as}`;
  return o.text;
}

/** The Shieldwall duel: wounds, this seat's own hand (ruling SW-24: the opponent's only as a count), the face-up card, the legal plays. */
export function DuelOnline({ s, mine, onDecide }: GameViewProps) {
  const raw = s.view as DuelView | DuelOnlookerView | null;
  const you = s.seat === "a" || s.seat === "b" ? s.seat : null;
  // A spectator's view is the onlooker's (hand sizes only); a seat's has its own hand.
  const v = raw === null ? null : raw.you === null ? { ...raw, you: null, hand: [], opponentHandSize: 0 } : raw;
  const handSize = (side: "a" | "b") => (raw === null ? 0 : raw.you === null ? raw.handSizes[side] : side === raw.you ? raw.hand.length : raw.opponentHandSize);
  return (
    <div class="online-duel" data-testid="sw-duel" data-version={s.version}>
      {v && (
        <ul class="duel-facts">
          {(["a", "b"] as const).map((side) => (
            <li key={side}>
              <strong>Fighter {side}</strong>
              {s.players.find((p) => p.seat === side)?.player ? ` — ${s.players.find((p) => p.seat === side)!.player}` : ""} ({v.fighters[side].kind}
              {v.fighters[side].specialWeapon ? ", special weapon" : ""}): {v.wounds[side]} wound{v.wounds[side] === 1 ? "" : "s"}
              {v.advantage === side ? " · has the advantage" : ""}
              {side !== you ? ` · ${handSize(side)} cards in hand` : ""}
            </li>
          ))}
          {you && (
            <li data-testid="own-hand">
              Your hand: {v.hand.length ? v.hand.map((c) => cardName(c)).join(", ") : "empty"}
            </li>
          )}
          {v.pending && (
            <li>
              Face up: fighter {v.pending.side} played {cardName(v.pending.card)} as {v.pending.as}
            </li>
          )}
        </ul>
      )}
      {mine && <LegalList legal={s.legal} onDecide={onDecide} disabled={false} label={duelLabel} />}
      <RecentEvents s={s} limit={30} />
    </div>
  );
}

/** Any other game: the seat's legal decisions as buttons and what happened. */
export function GenericOnline({ s, mine, onDecide }: GameViewProps) {
  return (
    <div class="online-generic" data-testid="generic" data-version={s.version}>
      {mine && <LegalList legal={s.legal} onDecide={onDecide} disabled={false} />}
      <RecentEvents s={s} limit={30} />
    </div>
  );
}
