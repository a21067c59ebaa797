/**
 * The battle page's notices (issue 25): the phase summary (what happened this phase, whose
 * decision, what is left), the losses announced once as they happen, and the question asked
 * before "New battle" throws a running game away.
 */
import { send } from "./engine.js";
import { phaseSummary } from "./phase-summary.js";
import { type BattleView, confirmingNew, initialUi, phaseName, ui, withNames } from "./store.js";

export function PhaseSummaryBox({ view, names, whose }: { view: BattleView; names: Map<string, string>; whose: string }) {
  const s = view.snapshot.state;
  const sum = phaseSummary(s, view.log, phaseName, whose);
  return (
    <details class="phase-summary" data-testid="phase-summary" open>
      <summary>
        <strong>This phase</strong>: {sum.title}
      </summary>
      {sum.first && <p>{sum.first}</p>}
      <p data-testid="phase-happened">
        {sum.happened.decisions === 0 && sum.happened.recent.length === 0 ? "Nothing has happened yet this phase." : `So far: ${sum.happened.decisions} decision${sum.happened.decisions === 1 ? "" : "s"}.`}
      </p>
      {sum.happened.recent.length > 0 && (
        <ul class="phase-recent">
          {sum.happened.recent.map((t, i) => (
            <li key={i}>{withNames(t, names)}</li>
          ))}
        </ul>
      )}
      {sum.happened.losses.length > 0 && <p class="phase-losses">Lost this phase: {sum.happened.losses.map((t) => withNames(t, names)).join("; ")}</p>}
      {sum.left.length > 0 && (
        <p data-testid="phase-left">
          <strong>Now and still to do:</strong> {sum.left.join(" · ")}
        </p>
      )}
    </details>
  );
}

/** Losses, announced once as the decision that caused them arrives; dismissed by a tap or the person's next decision. */
export function LossNotice({ view, names }: { view: BattleView; names: Map<string, string> }) {
  if (view.losses.length === 0) return null;
  const dismiss = () => {
    const b = ui.value.battle;
    if (b) ui.value = { ...ui.value, battle: { ...b, losses: [] } };
  };
  return (
    <div class="loss-notice" role="alert" data-testid="loss-notice">
      <ul>
        {view.losses.map((e) => (
          <li key={e.n} data-testid="loss">
            ☠ {withNames(e.text, names)}
          </li>
        ))}
      </ul>
      <button type="button" class="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** Whether "New battle" would throw away a game still being played. */
export function running(view: BattleView): boolean {
  return !view.replay && !view.snapshot.result && view.snapshot.step > 0;
}

/** "New battle": straight to the set-up when nothing would be lost, else asks first. */
export function newBattle(view: BattleView): void {
  if (running(view)) confirmingNew.value = true;
  else ui.value = { ...initialUi };
}

export function ConfirmNewBattle() {
  if (!confirmingNew.value) return null;
  const leave = () => {
    confirmingNew.value = false;
    ui.value = { ...initialUi };
  };
  return (
    <div class="confirm-new" role="alertdialog" aria-label="Leave this battle?" data-testid="confirm-new">
      <strong>Leave this battle?</strong> It is still being played: a new battle throws it away unless you save its record first.
      <button type="button" onClick={() => send({ type: "record" })}>
        Save record
      </button>
      <button type="button" class="danger" data-testid="confirm-new-yes" onClick={leave}>
        Throw it away, new battle
      </button>
      <button type="button" class="primary" data-testid="confirm-new-no" onClick={() => (confirmingNew.value = false)}>
        Keep playing
      </button>
    </div>
  );
}
