/** The new-battle screen: scenario, who plays each side, seed, speed. */
import { useState } from "preact/hooks";
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { send } from "./engine.js";
import { CONTROLLERS, type Controller, type ScenarioSource } from "./protocol.js";
import { shippedScenarios } from "./scenario-list.js";
import { ui } from "./store.js";

const CONTROLLER_LABEL: Record<Controller, string> = {
  human: "You (play by hand)",
  commander: "Computer: commander (plays well)",
  advance: "Computer: advance (charges everything)",
  random: "Computer: random",
  mcts: "Computer: tree search (slow)",
};

const SPEEDS = [
  { label: "Slow", ms: 900 },
  { label: "Normal", ms: 350 },
  { label: "Fast", ms: 60 },
];

export function SetupScreen() {
  const [scenario, setScenario] = useState(shippedScenarios[0]?.id ?? "");
  const [upload, setUpload] = useState<{ file: unknown; fileName: string } | null>(null);
  const [players, setPlayers] = useState<Record<Side, Controller>>({ red: "human", black: "commander" });
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 1_000_000));
  const [delay, setDelay] = useState(350);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ record: unknown; fileName: string } | null>(null);
  const startError = ui.value.startError;
  const chosen = shippedScenarios.find((s) => s.id === scenario);

  const onFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const f = input.files?.[0];
    setFileError(null);
    setUpload(null);
    if (!f) return;
    try {
      setUpload({ file: JSON.parse(await f.text()), fileName: f.name });
    } catch (err) {
      setFileError(`${f.name}: not JSON: ${(err as Error).message}`);
    }
  };

  const onRecord = async (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    setFileError(null);
    setSaved(null);
    if (!f) return;
    try {
      setSaved({ record: JSON.parse(await f.text()), fileName: f.name });
    } catch (err) {
      setFileError(`${f.name}: not JSON: ${(err as Error).message}`);
    }
  };

  const start = (e: Event) => {
    e.preventDefault();
    const source: ScenarioSource = scenario === "upload" ? (upload ?? { file: null, fileName: "(no file)" }) : { shipped: scenario };
    send({ type: "start", scenario: source, players, seed, delayMs: delay });
  };

  return (
    <main class="setup">
      <header class="setup-head">
        <h1>Muster · Shieldwall</h1>
        <p>A Dark Ages mass battle on a table measured in inches. Choose a battle and who commands each side.</p>
      </header>
      <form class="setup-form" onSubmit={start}>
        <label>
          Battle
          <select data-testid="scenario" value={scenario} onChange={(e) => setScenario(e.currentTarget.value)}>
            {shippedScenarios.map((s) => (
              <option value={s.id} key={s.id}>
                {s.name}
              </option>
            ))}
            <option value="upload">Upload a scenario file…</option>
          </select>
        </label>
        {chosen && <p class="hint">{chosen.description}</p>}
        {scenario === "upload" && (
          <label>
            Scenario file (JSON, docs/shieldwall/battle.md; armies inline or shipped file names)
            <input type="file" accept=".json,application/json" data-testid="scenario-file" onChange={onFile} />
          </label>
        )}
        {fileError && <p class="error">{fileError}</p>}
        <div class="sides">
          {(["red", "black"] as const).map((side) => (
            <label key={side} class={`side-pick ${side}`}>
              <span>
                <span class={`swatch ${side}`} /> {side === "red" ? "Red (south, bottom of the table)" : "Black (north, top of the table)"}
              </span>
              <select data-testid={`player-${side}`} value={players[side]} onChange={(e) => setPlayers({ ...players, [side]: e.currentTarget.value as Controller })}>
                {CONTROLLERS.map((c) => (
                  <option value={c} key={c}>
                    {CONTROLLER_LABEL[c]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <div class="row">
          <label>
            Seed (same seed, same dice)
            <input type="number" data-testid="seed" value={seed} min={0} onInput={(e) => setSeed(Number(e.currentTarget.value) || 0)} />
          </label>
          <label>
            Computer speed
            <select value={delay} onChange={(e) => setDelay(Number(e.currentTarget.value))}>
              {SPEEDS.map((s) => (
                <option value={s.ms} key={s.ms}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {startError && (
          <p class="error" data-testid="start-error">
            {startError}
          </p>
        )}
        <button type="submit" class="primary" data-testid="start">
          Start the battle
        </button>
        <fieldset class="saved-game">
          <legend>Or a saved game</legend>
          <label>
            Record file (from "Save record" or <code>muster battle --out</code>)
            <input type="file" accept=".json,application/json" data-testid="record-file" onChange={onRecord} />
          </label>
          <div class="row">
            <button type="button" data-testid="continue" disabled={!saved} title="Replay and verify the record, then play on with the players chosen above" onClick={() => saved && send({ type: "load", ...saved, players, delayMs: delay })}>
              Continue playing it
            </button>
            <button type="button" data-testid="open-replay" disabled={!saved} title="Step forward and back through the record, verified first" onClick={() => saved && send({ type: "replay", ...saved })}>
              Open in the replay viewer
            </button>
          </div>
        </fieldset>
      </form>
      <ul class="howto">
        <li>The table is drawn to scale in inches: red sets up in the south (bottom), black in the north (top). Each rectangle is a stand; the light edge is its front.</li>
        <li>When it is your turn, the rules engine lists every legal choice on the right; point at one to see it on the table, click it to decide. Tap a unit for its state.</li>
        <li>The computer plays its side step by step; everything that happens is written in the battle log.</li>
      </ul>
    </main>
  );
}
