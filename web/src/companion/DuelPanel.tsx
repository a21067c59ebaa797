/**
 * Personal combat on one device (rulings SW-22, SW-23, SW-24): the hands are dealt by the
 * ruleset; between decisions the screen is covered and the device passes to the next fighter,
 * who sees only his own view (duelSeatView). Only shows and sends the decisions.
 */
import { useState } from "preact/hooks";
import { cardCode, cardName, parseCard } from "../../../src/core/cards.js";
import {
  abandonDuel,
  type CompanionState,
  duelChoice,
  duelDecide,
  duelSeat,
  duelSeatView,
  type DuelOrigin,
  finishDuel,
  leaderOf,
  startDuel,
} from "../../../src/rulesets/shieldwall/companion/index.js";
import type { FighterKind } from "../../../src/rulesets/shieldwall/duel/rules.js";

type Act = (f: (s: CompanionState) => CompanionState) => boolean;

const KINDS: { value: FighterKind; label: string }[] = [
  { value: "leader", label: "the leader himself" },
  { value: "heroic-champion", label: "his heroic champion" },
  { value: "champion", label: "a champion" },
];

export function DuelPanel({ state: s, act }: { state: CompanionState; act: Act }) {
  const alive = (side: "red" | "black") => s.sides[side].leaders.filter((l) => l.status === "alive");
  const [a, setA] = useState({ leader: alive("red")[0]?.id ?? "", fighter: "leader" as FighterKind });
  const [b, setB] = useState({ leader: alive("black")[0]?.id ?? "", fighter: "leader" as FighterKind });
  const [challenger, setChallenger] = useState<"red" | "black">("red");
  const [origin, setOrigin] = useState<DuelOrigin>({ challenge: "issued", answer: "accepted" });
  const [revealed, setRevealed] = useState<"a" | "b" | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  if (!s.duel) {
    const pick = (side: "red" | "black", v: typeof a, set: (x: typeof a) => void, who: string) => (
      <div class="cmp-duel-side">
        <label>
          <span>
            <span class={`swatch ${side}`} /> {who}
          </span>
          <select value={v.leader} onChange={(e) => set({ ...v, leader: (e.currentTarget as HTMLSelectElement).value })} data-testid={`duel-${side}`}>
            {alive(side).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          fought by
          <select value={v.fighter} onChange={(e) => set({ ...v, fighter: (e.currentTarget as HTMLSelectElement).value as FighterKind })}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    );
    const red = challenger === "red" ? "challenger (a)" : "answers (b)";
    const black = challenger === "black" ? "challenger (a)" : "answers (b)";
    const [fa, fb] = challenger === "red" ? [a, b] : [b, a];
    return (
      <section class="cmp-card">
        <h3>Personal combat</h3>
        <p class="hint">A challenge costs 3 LPs to issue (a King's hero challenges for free) and 3 to accept; a leader without them may only refuse, rolling on the Roll tab, where a 4-5 sends a champion out for free. Then deal the hands here.</p>
        <label>
          challenged by
          <select value={challenger} onChange={(e) => setChallenger((e.currentTarget as HTMLSelectElement).value as "red" | "black")} data-testid="duel-challenger">
            <option value="red">red</option>
            <option value="black">black</option>
          </select>
        </label>
        <label>
          the challenge
          <select value={origin.challenge} onChange={(e) => setOrigin({ ...origin, challenge: (e.currentTarget as HTMLSelectElement).value as DuelOrigin["challenge"] })} data-testid="duel-challenge">
            <option value="issued">issued by the leader (3 LPs)</option>
            <option value="king">the King card's new hero (free)</option>
          </select>
        </label>
        <label>
          the answer
          <select value={origin.answer} onChange={(e) => setOrigin({ ...origin, answer: (e.currentTarget as HTMLSelectElement).value as DuelOrigin["answer"] })} data-testid="duel-answer">
            <option value="accepted">accepted (3 LPs)</option>
            <option value="champion-after-refusal">refused, a champion steps out (refusal roll 4-5, free)</option>
          </select>
        </label>
        {pick("red", a, setA, `red ${red}`)}
        {pick("black", b, setB, `black ${black}`)}
        <button class="cmp-btn primary" onClick={() => act((x) => startDuel(x, fa, fb, origin))} data-testid="duel-start">
          Deal the hands
        </button>
      </section>
    );
  }
  const seat = duelSeat(s);
  const d = s.duel;
  const nameOf = (side: "a" | "b") => {
    const f = d[side];
    const l = leaderOf(s, f.leader);
    return f.fighter === "leader" ? l.name : `${l.name}'s ${f.fighter.replace("-", " ")}`;
  };
  if (seat === null) {
    const v = duelSeatView(s, "a");
    return (
      <section class="cmp-card" data-testid="duel-over">
        <h3>Personal combat: over</h3>
        <p>
          Wounds: {nameOf("a")} {v.wounds.a}, {nameOf("b")} {v.wounds.b}.
        </p>
        <button class="cmp-btn primary big" onClick={() => act(finishDuel)} data-testid="duel-finish">
          Apply the outcome to the table
        </button>
      </section>
    );
  }
  if (revealed !== seat) {
    return (
      <section class="cmp-card cmp-cover" data-testid="duel-cover">
        <h3>Personal combat</h3>
        <p class="pass">
          Pass the device to <strong>{nameOf(seat)}</strong> ({seat}). Everyone else looks away.
        </p>
        <button
          class="cmp-btn primary big"
          onClick={() => {
            setPicked([]);
            setRevealed(seat);
          }}
          data-testid="duel-reveal"
        >
          I am {nameOf(seat)}: show my hand
        </button>
        <button class="link" onClick={() => act(abandonDuel)}>
          set the personal combat aside
        </button>
      </section>
    );
  }
  const v = duelSeatView(s, seat);
  const choice = duelChoice(s, seat);
  const hide = () => setRevealed(null);
  return (
    <section class="cmp-card cmp-hand" data-testid="duel-hand">
      <h3>
        {nameOf(seat)}'s hand ({seat})
      </h3>
      <p class="hint">
        Wounds: you {v.wounds[seat]}, opponent {v.wounds[seat === "a" ? "b" : "a"]} (3 kill). {v.advantage ? `Advantage: ${v.advantage === seat ? "you" : "opponent"}.` : ""}
        {v.pending ? ` The opponent played ${cardName(v.pending.card)} as ${v.pending.as === "red" ? "a parry" : "a strike"}.` : ""}
      </p>
      {"discard" in choice ? (
        <>
          <p>
            Choose {choice.discard} card{choice.discard === 1 ? "" : "s"} to discard face down ({picked.length} chosen):
          </p>
          <div class="cmp-cards">
            {v.hand.map((c) => {
              const code = cardName(c);
              const id = cardCode(c);
              const on = picked.includes(id);
              return (
                <button key={id} class={`card ${on ? "on" : ""}`} onClick={() => setPicked(on ? picked.filter((x) => x !== id) : [...picked, id])} data-card={id}>
                  {code}
                </button>
              );
            })}
          </div>
          <button
            class="cmp-btn primary big"
            disabled={picked.length !== choice.discard}
            onClick={() => {
              if (act((x) => duelDecide(x, seat, { type: "discard", cards: picked }))) hide();
            }}
            data-testid="duel-discard"
          >
            Discard and cover the screen
          </button>
        </>
      ) : (
        <>
          <p>Play a card: red cards parry, black cards strike (a joker either).</p>
          <div class="cmp-cards">
            {choice.play.map((m) => (
              <button
                key={`${m.card}-${m.as}`}
                class={`card ${m.as}`}
                onClick={() => {
                  if (act((x) => duelDecide(x, seat, { type: "play", card: m.card, as: m.as }))) hide();
                }}
                data-play={`${m.card}-${m.as}`}
              >
                {cardName(parseCard(m.card))} {m.as === "red" ? "parry" : "strike"}
              </button>
            ))}
          </div>
        </>
      )}
      <button class="cmp-btn" onClick={hide}>
        Cover the screen
      </button>
    </section>
  );
}
