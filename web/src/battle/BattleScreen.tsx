/** The battle: status bar, the table, the decision panel, the unit card and the log. */
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { ConfirmNewBattle, LossNotice, newBattle, PhaseSummaryBox } from "./BattleNotices.js";
import { Decisions } from "./Decisions.js";
import { LogPane } from "./LogPane.js";
import { send } from "./engine.js";
import { type BattleView, hoveredUnit, initialUi, litUnits, namesOf, paused, phaseName, selectedUnit, ui, withNames } from "./store.js";
import { TableView } from "./TableView.js";
import { UnitCard } from "./UnitCard.js";

function ResultBanner({ view }: { view: BattleView }) {
  const r = view.snapshot.result;
  if (!r) return null;
  const humans = (["red", "black"] as Side[]).filter((s) => view.players[s] === "human");
  const sideName = (s: string) => view.snapshot.state.sides[s as Side]?.name ?? s;
  let headline = r.winner ? `${r.winner === "red" ? "Red" : "Black"} wins: ${sideName(r.winner)}` : "A draw";
  if (humans.length === 1 && r.winner) headline = `${r.winner === humans[0] ? "Victory!" : "Defeat."} ${headline}`;
  return (
    <div class="result" data-testid="result" role="status">
      <strong>{headline}</strong>
      <span>{r.reason}</span>
      <button type="button" onClick={() => send({ type: "record" })}>
        Save record
      </button>
      <button type="button" onClick={() => (ui.value = { ...initialUi })}>
        New battle
      </button>
    </div>
  );
}

/** The replay viewer's controls: step back and forth through a verified record. */
function ReplayBar({ view, names }: { view: BattleView; names: Map<string, string> }) {
  const r = view.replay!;
  const go = (step: number) => send({ type: "replay-step", step });
  return (
    <div class="replay-bar" data-testid="replay-bar" role="group" aria-label="Replay">
      <span class="verified" data-testid="replay-verified" title="Every decision replayed legally and the final state hash matched the record's">
        ✔ {r.fileName}: verified, hash {r.hash}
      </span>
      <button type="button" onClick={() => go(0)} disabled={r.step === 0}>
        |◀ Start
      </button>
      <button type="button" data-testid="replay-back" onClick={() => go(r.step - 1)} disabled={r.step === 0}>
        ◀ Back
      </button>
      <span data-testid="replay-step">
        Step {r.step} of {r.total}
      </span>
      <button type="button" data-testid="replay-forward" onClick={() => go(r.step + 1)} disabled={r.step >= r.total}>
        Forward ▶
      </button>
      <button type="button" onClick={() => go(r.total)} disabled={r.step >= r.total}>
        End ▶|
      </button>
      <input type="range" min={0} max={r.total} value={r.step} aria-label="Step" onChange={(e) => go(Number(e.currentTarget.value))} />
      {r.decision && (
        <span class="replay-decision" data-testid="replay-decision">
          {r.decision.side}: {withNames(r.decision.text, names)}
        </span>
      )}
    </div>
  );
}

export function BattleScreen({ view }: { view: BattleView }) {
  const s = view.snapshot.state;
  const names = namesOf(s);
  const toMove = view.snapshot.toMove;
  const card = hoveredUnit.value ?? selectedUnit.value;
  let whose = "";
  if (view.replay) whose = `Replay: ${toMove ? `${toMove} to decide` : "no decision pending"}`;
  else if (view.snapshot.result) whose = "Battle over";
  else if (toMove) whose = view.players[toMove] === "human" ? `Your decision (${toMove})` : `${toMove === "red" ? "Red" : "Black"} (computer: ${view.players[toMove]}) ${view.thinking ? "is thinking…" : "decides"}`;
  return (
    <div class="battle" data-testid="battle" data-seq={view.snapshot.seq}>
      <header class="status">
        <strong class="title">{view.scenario}</strong>
        <span data-testid="turn">
          {s.turn === 0 ? "Set-up" : `Turn ${s.turn} of ${s.options.turnLimit}`} · {phaseName(s.phase)}
        </span>
        <span class={`whose ${toMove ?? ""}`} data-testid="whose">
          {whose}
        </span>
        <span class="players" title={`${s.sides.red.name} v ${s.sides.black.name}`}>
          <span class="swatch red" /> red: {view.players.red === "human" ? "you" : view.players.red} · <span class="swatch black" /> black:{" "}
          {view.players.black === "human" ? "you" : view.players.black} · seed {view.seed}
        </span>
        <span class="actions">
          {undoSide(view) && (
            <button type="button" class="new" data-testid="undo" title="Take back your last decision (back to the last dice thrown or the other side's last decision)" onClick={() => send({ type: "undo", side: undoSide(view)! })}>
              Undo ({view.snapshot.undoable[undoSide(view)!]})
            </button>
          )}
          {!view.replay && (view.players.red !== "human" || view.players.black !== "human") && !view.snapshot.result && (
            <button
              type="button"
              class="new"
              data-testid="pause"
              onClick={() => {
                paused.value = !paused.value;
                send({ type: "pause", paused: paused.value });
              }}
            >
              {paused.value ? "Resume computer" : "Pause computer"}
            </button>
          )}
          {!view.replay && (
            <button type="button" class="new" data-testid="save" title="Download the game record (muster replay checks it)" onClick={() => send({ type: "record" })}>
              Save record
            </button>
          )}
          <button type="button" class="new" data-testid="new-battle" onClick={() => newBattle(view)}>
            New battle
          </button>
        </span>
      </header>
      <ConfirmNewBattle />
      {!view.replay && <LossNotice view={view} names={names} />}
      {view.replay ? <ReplayBar view={view} names={names} /> : <ResultBanner view={view} />}
      <div class="main">
        <section class="table-wrap" aria-label="The table" data-lit={litUnits.value.join(" ")}>
          <TableView view={view} highlighted={litUnits.value} />
        </section>
        {card && <UnitCard view={view} id={card} names={names} />}
        <aside class="side">
          {!view.replay && <Decisions view={view} names={names} />}
          {!view.replay && !view.snapshot.result && <PhaseSummaryBox view={view} names={names} whose={whose} />}
          <LogPane view={view} names={names} />
        </aside>
      </div>
    </div>
  );
}

/** The side whose last decision may be taken back now: the person who made it (in hot-seat, either). */
function undoSide(view: BattleView): Side | null {
  if (view.replay || view.snapshot.result) return null;
  for (const side of ["red", "black"] as const) if (view.players[side] === "human" && view.snapshot.undoable[side] > 0) return side;
  return null;
}
