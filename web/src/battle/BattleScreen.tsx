/** The battle: status bar, the table, the decision panel, the unit card and the log. */
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { Decisions } from "./Decisions.js";
import { LogPane } from "./LogPane.js";
import { send } from "./engine.js";
import { type BattleView, hoveredUnit, initialUi, namesOf, paused, phaseName, selectedUnit, ui } from "./store.js";
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

export function BattleScreen({ view }: { view: BattleView }) {
  const s = view.snapshot.state;
  const names = namesOf(s);
  const toMove = view.snapshot.toMove;
  const card = hoveredUnit.value ?? selectedUnit.value;
  let whose = "";
  if (view.snapshot.result) whose = "Battle over";
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
          {(view.players.red !== "human" || view.players.black !== "human") && !view.snapshot.result && (
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
          <button type="button" class="new" title="Download the game record (muster replay checks it)" onClick={() => send({ type: "record" })}>
            Save record
          </button>
          <button type="button" class="new" onClick={() => (ui.value = { ...initialUi })}>
            New battle
          </button>
        </span>
      </header>
      <ResultBanner view={view} />
      <div class="main">
        <section class="table-wrap" aria-label="The table">
          <TableView view={view} />
        </section>
        {card && <UnitCard view={view} id={card} names={names} />}
        <aside class="side">
          <Decisions view={view} names={names} />
          <LogPane view={view} names={names} />
        </aside>
      </div>
    </div>
  );
}
