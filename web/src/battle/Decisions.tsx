/** The pending decision's legal options from the engine, grouped by unit, as buttons, with the odds of their dice. */
import { useState } from "preact/hooks";
import { DistChart } from "../shared/DistChart.js";
import { ExactValue } from "../shared/ExactValue.js";
import { send } from "./engine.js";
import { DeployForm } from "./DeployForm.js";
import { DuelPanel } from "./DuelPanel.js";
import { MoveForm } from "./MoveForm.js";
import { PickedBar } from "./PickedBar.js";
import type { OddsView } from "./odds-view.js";
import type { OptionView } from "./protocol.js";
import { initialTicks, signalDecision, toggleTick } from "./signal-form.js";
import { type BattleView, byCategory, filterOptions, groupOptions, hoveredOption, oddsShown, optionLabel, pendingPrompt, pickedOption, selectedUnit, withNames } from "./store.js";

/** One option's odds: the headline as an exact fraction, the modifiers, and a small chart each (exact fractions on hover). */
function OddsCard({ option, odds, others, names }: { option: OptionView; odds: OddsView; others: number; names: Map<string, string> }) {
  return (
    <div class="odds-card" data-testid="odds">
      <h4>
        {odds.title}: {withNames(option.text, names)}
        {others > 0 ? ` (and ${others} more with the same dice)` : ""}
      </h4>
      {odds.headline && (
        <p class="odds-headline" data-testid="odds-headline" title={odds.headline.p.fraction}>
          {odds.headline.label}: <strong>
            <ExactValue value={odds.headline.p} />
          </strong>
        </p>
      )}
      {odds.notes.map((n) => (
        <p class="odds-note" key={n}>
          {n}
        </p>
      ))}
      {odds.charts.map((c) => (
        <div key={c.title}>
          <p class="odds-chart-title">{c.title}</p>
          <DistChart bars={c.bars} title={`${odds.title}: ${c.title}`} showAtLeast={c.ordered} height={120} />
        </div>
      ))}
    </div>
  );
}

/**
 * The signal with the battle standard's extra inch for the units the player ticks (seed
 * "Deployment"): the engine's eligible units as checkboxes, all ticked at first.
 */
function SignalChooser({ side, choices, names }: { side: "red" | "black"; choices: string[]; names: Map<string, string> }) {
  const [ticked, setTicked] = useState<string[]>(() => initialTicks(choices));
  return (
    <fieldset class="signal-chooser" data-testid="signal-chooser">
      <legend>Signal the advance: the battle standard's extra inch for</legend>
      {choices.map((u) => (
        <label key={u}>
          <input type="checkbox" data-testid="standard-unit" data-unit={u} checked={ticked.includes(u)} onChange={() => setTicked(toggleTick(choices, ticked, u))} /> {names.get(u) ?? u}
        </label>
      ))}
      <button type="button" class="primary small" data-testid="signal-send" onClick={() => send({ type: "decide", side, decision: signalDecision(ticked) })}>
        Signal ({ticked.length === 0 ? "no unit takes the inch" : `${ticked.length} of ${choices.length} take the inch`})
      </button>
    </fieldset>
  );
}

/**
 * Ask the computer (issue 26): the strongest level's decision for this side, worked out in the
 * worker, with the engine's words for it and its odds; "Play it" sends it as the person's decision.
 */
function HintBox({ view, side, names }: { view: BattleView; side: "red" | "black"; names: Map<string, string> }) {
  const snap = view.snapshot;
  const h = view.hint?.seq === snap.seq ? view.hint : undefined;
  const [asked, setAsked] = useState<number | null>(null);
  const waiting = asked === snap.seq && h === undefined;
  const headline = h?.hint?.odds?.headline;
  return (
    <div class="hint" data-testid="hint-box">
      {!h && (
        <button
          type="button"
          class="small"
          data-testid="hint-ask"
          disabled={waiting}
          onClick={() => {
            setAsked(snap.seq);
            send({ type: "hint", side });
          }}
        >
          {waiting ? "Thinking…" : "Hint: what would the computer do?"}
        </button>
      )}
      {h?.problem && <p class="error">No hint: {h.problem}</p>}
      {h?.hint && (
        <p data-testid="hint">
          The {h.hint.level} level ({h.hint.player}) would: <strong data-testid="hint-text">{withNames(h.hint.text, names)}</strong>
          {headline ? (
            <>
              {" "}
              ({h.hint.odds!.title.toLowerCase()}, {headline.label}: <ExactValue value={headline.p} />)
            </>
          ) : null}
          .{" "}
          <button type="button" class="primary small" data-testid="hint-play" onClick={() => send({ type: "decide", side, decision: h.hint!.decision })}>
            Play it
          </button>
        </p>
      )}
    </div>
  );
}

/** Short odds on an option's button, e.g. "charges 1/2 (50%)"; a sure thing says so rather than a bare "1". */
function oddsBadge(o: OptionView): string | null {
  const h = o.odds?.headline;
  if (!h) return null;
  const figure = h.p.fraction === "1" ? "certain" : h.p.fraction === "0" ? "never" : `${h.p.fraction} (${Math.round(h.p.decimal * 100)}%)`;
  return `${h.label}: ${figure}`;
}

export function Decisions({ view, names }: { view: BattleView; names: Map<string, string> }) {
  const snap = view.snapshot;
  const s = snap.state;
  const side = snap.toMove;
  if (snap.result) return null;
  if (!side) return null;
  // A personal combat has its own panel: the hands as cards, covered in the hot seat (SW-24).
  if (s.pending?.kind === "duel") return <DuelPanel view={view} />;
  if (view.players[side] !== "human") {
    return (
      <section class="decisions waiting" aria-live="polite">
        <h2>{side === "red" ? "Red" : "Black"} is deciding</h2>
        <p>
          The computer ({view.players[side]}) plays {s.sides[side].name}. {view.thinking ? "Thinking…" : ""}
        </p>
        {view.error && <p class="error">{view.error}</p>}
      </section>
    );
  }
  const { shown, filtered } = filterOptions(s, snap.options, selectedUnit.value);
  const groups = groupOptions(s, snap.options)
    .map((g) => ({ ...g, options: g.options.filter((o) => shown.includes(o.index)) }))
    .filter((g) => g.options.length > 0);
  const choose = (i: number) => {
    hoveredOption.value = null;
    send({ type: "decide", side, decision: snap.options[i].decision });
  };
  const focus = hoveredOption.value ?? pickedOption.value;
  const mover = s.pending?.kind === "move" ? s.units.find((u) => u.id === (s.pending as { unit: string }).unit) : undefined;
  // Nothing pointed at: one card per different set of dice (a move's AvD, AvD + D6), in the same fixed place.
  const odds = oddsShown(snap.options, focus);
  // The odds have a place of their own, the same size whatever is pointed at, outside the list:
  // pointing at an option never moves an option (a list that moved under the pointer flickered and lost clicks).
  const anyOdds = snap.options.some((o) => o.odds);
  return (
    <>
    <section class={`decisions ${side}`} aria-live="polite" data-testid="decisions">
      <h2>
        Your decision · <span class={`swatch ${side}`} /> {s.sides[side].name}
      </h2>
      <p class="prompt">{pendingPrompt(s, names)}</p>
      <HintBox view={view} side={side} names={names} />
      {snap.godCard && (
        <p class="god-card" data-testid="god-card">
          The gods' card: <strong>{snap.godCard}</strong>
        </p>
      )}
      {view.error && (
        <p class="error" data-testid="decision-error">
          Not allowed: {withNames(view.error, names)}
        </p>
      )}
      {snap.chargeNotes && snap.chargeNotes.length > 0 && (
        <p class="filter" data-testid="charge-no-room">
          This unit cannot charge (ruling SW-28: no stand of it can reach contact): {snap.chargeNotes.join("; ")}.
        </p>
      )}
      {s.pending?.kind === "deploy" && pickedOption.value === null && <p class="filter">Tip: tap the table where a contingent's front line should stand (pick the contingent by its heading first), then confirm.</p>}
      {s.pending?.kind === "move" && pickedOption.value === null && <p class="filter">Tip: tap the table where the unit should head for the move pointing nearest there, then confirm.</p>}
      {pickedOption.value !== null && snap.options[pickedOption.value] && <PickedBar text={withNames(snap.options[pickedOption.value].text, names)} onConfirm={() => choose(pickedOption.value!)} />}
      {filtered && (
        <p class="filter">
          Showing the options for {names.get(selectedUnit.value!) ?? selectedUnit.value}.{" "}
          <button type="button" class="link" onClick={() => (selectedUnit.value = null)}>
            Show all
          </button>
        </p>
      )}
      <div class="option-list" data-testid="option-list">
      {s.pending?.kind === "deploy" && (
        <DeployForm key={`${snap.seq}`} side={side} offered={snap.options.flatMap((o) => (o.decision.type === "deploy" ? [o.decision] : []))} names={names} />
      )}
      <div class="groups">
        {groups.map((g) => (
          <div class="group" key={g.subject}>
            {groups.length > 1 || g.subject !== side ? (
              <h3>
                {s.units.some((u) => u.id === g.subject || u.u.contingent === g.subject) ? (
                  <button
                    type="button"
                    class="link subject"
                    data-testid="subject"
                    title="Select it: its card, and only its options"
                    onClick={() => (selectedUnit.value = s.units.find((u) => u.id === g.subject || u.u.contingent === g.subject)!.id)}
                  >
                    {names.get(g.subject) ?? g.subject}
                  </button>
                ) : (
                  (names.get(g.subject) ?? g.subject)
                )}
              </h3>
            ) : null}
            {byCategory(g.options).map((c) => (
              <div class="category" key={c.category}>
                {c.category && <h4>{c.category}</h4>}
                <div class="options">
                  {c.options.map(({ index, option }) =>
                    option.standardChoices && option.standardChoices.length > 0 ? (
                      <SignalChooser key={`${snap.seq}-${index}`} side={side} choices={option.standardChoices} names={names} />
                    ) : (
                    <button
                      type="button"
                      key={index}
                      class="option"
                      data-testid="option"
                      title={option.text}
                      onClick={() => choose(index)}
                      onMouseEnter={() => (hoveredOption.value = index)}
                      onMouseLeave={() => (hoveredOption.value = null)}
                      onFocus={() => (hoveredOption.value = index)}
                      onBlur={() => (hoveredOption.value = null)}
                    >
                      {optionLabel(option, names)}
                      {oddsBadge(option) && <small class="odds-badge"> · {oddsBadge(option)}</small>}
                    </button>
                    ),
                  )}
                </div>
              </div>
            ))}
          </div>
        ))}
      </div>
      {mover && mover.embarked === undefined && <MoveForm key={`${snap.seq}`} side={side} stands={mover.stands.length} />}
      </div>
    </section>
    {anyOdds && (
      <section class="odds-panel" aria-label="Odds" data-testid="odds-panel">
        <h3>Odds{focus === null ? (odds.length > 0 ? " (point at an option for its own)" : "") : ""}</h3>
        {odds.length === 0 && <p class="odds-note">Point at an option for its dice.</p>}
        {odds.map(({ index, others }) => (
          <OddsCard key={index} option={snap.options[index]} odds={snap.options[index].odds!} others={others} names={names} />
        ))}
      </section>
    )}
    </>
  );
}
