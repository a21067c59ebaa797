/** The new-battle screen: scenario, uploaded armies, who plays each side, seed, speed, every rules option. */
import { Fragment } from "preact";
import { useState } from "preact/hooks";
import type { Side } from "../../../src/rulesets/shieldwall/battle/index.js";
import { getMyArmy, listMyArmies, myArmyLabel } from "../shared/my-armies.js";
import { readJsonUpload } from "../shared/upload.js";
import { here } from "../shell/location.js";
import { send } from "./engine.js";
import { CONTROLLERS, type Controller, type ScenarioSource } from "./protocol.js";
import { shippedScenarios } from "./scenario-list.js";
import { OptionControl } from "./OptionControl.js";
import { changedOptions, formDefaults, OPTION_CATALOGUE, type OptionKey, type OptionValue, type UploadedFile } from "./setup-form.js";
import { ui } from "./store.js";
import "./setup.css";

const CONTROLLER_LABEL: Record<Controller, string> = {
  human: "You (play by hand)",
  easy: "Computer: easy (advance)",
  normal: "Computer: normal (commander)",
  hard: "Computer: hard (searches ahead)",
  commander: "Computer: commander (plays well)",
  advance: "Computer: advance (charges everything)",
  random: "Computer: random",
  mcts: "Computer: tree search (slow)",
};

/** The form's file fields; each shows its own file's error beside it. */
type UploadField = "scenario" | Side | "record";

const FIELD_LABEL: Record<UploadField, string> = { scenario: "the scenario file", red: "the red army file", black: "the black army file", record: "the record file" };

/** Each field's input test id; its error's is the same with "-error". */
const FIELD_TESTID: Record<UploadField, string> = { scenario: "scenario-file", red: "army-file-red", black: "army-file-black", record: "record-file" };

const SPEEDS = [
  { label: "Slow", ms: 900 },
  { label: "Normal", ms: 350 },
  { label: "Fast", ms: 60 },
];

export function SetupScreen() {
  const [scenario, setScenario] = useState(shippedScenarios[0]?.id ?? "");
  const [upload, setUpload] = useState<{ file: unknown; fileName: string } | null>(null);
  const [players, setPlayers] = useState<Record<Side, Controller>>({ red: "human", black: "normal" });
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 1_000_000));
  const [delay, setDelay] = useState(350);
  const [fileErrors, setFileErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [startTried, setStartTried] = useState(false);
  const [saved, setSaved] = useState<{ record: unknown; fileName: string } | null>(null);
  const [armies, setArmies] = useState<Partial<Record<Side, UploadedFile & { myArmyId?: string }>>>(() => preselectedArmies(here.value.query));
  const [mine] = useState(() => listMyArmies());
  const [overrides, setOverrides] = useState<Partial<Record<OptionKey, OptionValue>>>({});
  const startError = ui.value.startError;
  const chosen = shippedScenarios.find((s) => s.id === scenario);
  const defaults = formDefaults(scenario === "upload" ? (upload?.file as { turnLimit?: unknown; options?: unknown } | undefined) : chosen);
  const changed = changedOptions(defaults, overrides);
  const setOption = (key: OptionKey, v: OptionValue) => setOverrides({ ...overrides, [key]: v });

  // Functional updates: the handlers resume after reading the file, when other fields may have changed.
  const setFieldError = (field: UploadField, error: string | null) =>
    setFileErrors((all) => {
      const { [field]: _old, ...rest } = all;
      return error === null ? rest : { ...rest, [field]: error };
    });

  const onArmy = (side: Side) => async (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    setFieldError(side, null);
    setArmies(({ [side]: _dropped, ...rest }) => rest);
    if (!f) return;
    const read = await readJsonUpload(f);
    if (read.ok) setArmies((all) => ({ ...all, [side]: { file: read.value, fileName: f.name } }));
    else setFieldError(side, read.error);
  };

  /** A saved army ("my armies", #/armies) for a side: only a playable one is offered; "" is the scenario's own. */
  const onMine = (side: Side) => (e: Event) => {
    const id = (e.currentTarget as HTMLSelectElement).value;
    setFieldError(side, null);
    const a = id ? mine.find((m) => m.id === id && m.playable) : undefined;
    setArmies(({ [side]: _dropped, ...rest }) => (a ? { ...rest, [side]: myArmyFile(a) } : rest));
  };

  const onFile = async (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    setFieldError("scenario", null);
    setUpload(null);
    setOverrides({});
    if (!f) return;
    const read = await readJsonUpload(f);
    if (read.ok) setUpload({ file: read.value, fileName: f.name });
    else setFieldError("scenario", read.error);
  };

  const onRecord = async (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    setFieldError("record", null);
    setSaved(null);
    if (!f) return;
    const read = await readJsonUpload(f);
    if (read.ok) setSaved({ record: read.value, fileName: f.name });
    else setFieldError("record", read.error);
  };

  // A file the battle would use that was refused blocks Start: playing on without it (the shipped army) would hide the error.
  const blocking = (["scenario", "red", "black"] as const).filter((k) => fileErrors[k] !== undefined && (k !== "scenario" || scenario === "upload"));
  const blockedText = startTried && blocking.length > 0 ? `Not started: ${blocking.map((k) => FIELD_LABEL[k]).join(" and ")} ${blocking.length > 1 ? "were" : "was"} refused (the reason is beside it); choose another file or clear it.` : null;
  const fieldError = (field: UploadField) =>
    fileErrors[field] !== undefined && (
      <p class="error" role="alert" data-testid={`${FIELD_TESTID[field]}-error`}>
        {fileErrors[field]}
      </p>
    );

  // The form has noValidate: the engine checks every value and names the field, as for a file.
  const start = (e: Event) => {
    e.preventDefault();
    setStartTried(true);
    if (blocking.length > 0) return;
    const source: ScenarioSource = scenario === "upload" ? (upload ?? { file: null, fileName: "(no file)" }) : { shipped: scenario };
    const files = Object.fromEntries(Object.entries(armies).map(([side, a]) => [side, { file: a.file, fileName: a.fileName }]));
    send({ type: "start", scenario: source, players, seed, delayMs: delay, options: changed, armies: files });
  };

  return (
    <main class="setup">
      <header class="setup-head">
        <h1>Muster · Shieldwall</h1>
        <p>A Dark Ages mass battle on a table measured in inches. Choose a battle and who commands each side.</p>
      </header>
      <form class="setup-form" onSubmit={start} noValidate>
        <label>
          Battle
          <select
            data-testid="scenario"
            value={scenario}
            onChange={(e) => {
              setScenario(e.currentTarget.value);
              setOverrides({});
            }}
          >
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
        {scenario === "upload" && fieldError("scenario")}
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
        <details class="army-files" data-testid="army-files" open={armies.red !== undefined || armies.black !== undefined || fileErrors.red !== undefined || fileErrors.black !== undefined}>
          <summary>Armies from files or my armies (optional){armies.red || armies.black ? `: ${[armies.red?.fileName, armies.black?.fileName].filter(Boolean).join(", ")}` : ""}</summary>
          <p class="hint">
            An army file (docs/shieldwall/army-format.md) or one of my armies (built in <a href="#/armies">Armies</a>) replaces that side's army in the chosen battle; it is checked as <code>muster army check</code> does.
          </p>
          {(["red", "black"] as const).map((side) => (
            <Fragment key={side}>
              <label>
                {side === "red" ? "Red: my army" : "Black: my army"}
                <select data-testid={`my-army-${side}`} value={armies[side]?.myArmyId ?? ""} onChange={onMine(side)}>
                  <option value="">{mine.length === 0 ? "(none saved yet: build one in Armies)" : "(not one of mine)"}</option>
                  {mine.map((a) => (
                    <option key={a.id} value={a.id} disabled={!a.playable}>
                      {myArmyLabel(a)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {side === "red" ? "Red army file" : "Black army file"}
                <input type="file" accept=".json,application/json" data-testid={`army-file-${side}`} onChange={onArmy(side)} />
              </label>
              {fieldError(side)}
            </Fragment>
          ))}
        </details>
        <div class="row">
          <label>
            Seed (same seed, same dice)
            <input type="number" data-testid="seed" value={seed} min={0} onInput={(e) => setSeed(Number(e.currentTarget.value) || 0)} />
          </label>
          <label>
            Computer speed
            <select data-testid="speed" value={delay} onChange={(e) => setDelay(Number(e.currentTarget.value))}>
              {SPEEDS.map((s) => (
                <option value={s.ms} key={s.ms}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <details class="rules-options" data-testid="rules-options">
          <summary>
            Rules options{Object.keys(changed).length > 0 ? ` (${Object.keys(changed).length} changed)` : " (the scenario's)"}
          </summary>
          <p class="hint">Each starts at the chosen scenario's value. House rules are ours, not in the printed rules; the ruling named explains each.</p>
          {OPTION_CATALOGUE.map((entry) => (
            <OptionControl key={entry.key} entry={entry} value={overrides[entry.key] ?? defaults[entry.key]} changed={entry.key in changed} onChange={(v) => setOption(entry.key, v)} />
          ))}
          {Object.keys(changed).length > 0 && (
            <button type="button" data-testid="reset-options" onClick={() => setOverrides({})}>
              Back to the scenario's options
            </button>
          )}
        </details>
        {(blockedText ?? startError) && (
          <p class="error" data-testid="start-error">
            {blockedText ?? startError}
          </p>
        )}
        <button type="submit" class="primary" data-testid="start">
          Start the battle
        </button>
        <fieldset class="saved-game">
          <legend>Or a saved game</legend>
          <label>
            <span>
              Record file (from "Save record" or <code>muster battle --out</code>)
            </span>
            <input type="file" accept=".json,application/json" data-testid="record-file" onChange={onRecord} />
          </label>
          {fieldError("record")}
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

/** The battle form's file for a saved army. */
function myArmyFile(a: { id: string; name: string; file: unknown }): UploadedFile & { myArmyId: string } {
  return { file: a.file, fileName: `my army "${a.name}"`, myArmyId: a.id };
}

/** `#/battle?my-red=ID&my-black=ID` (the army builder's "Play a battle with it"): those saved armies, if playable. */
function preselectedArmies(query: URLSearchParams): Partial<Record<Side, UploadedFile & { myArmyId?: string }>> {
  const out: Partial<Record<Side, UploadedFile & { myArmyId?: string }>> = {};
  for (const side of ["red", "black"] as const) {
    const id = query.get(`my-${side}`);
    const a = id ? getMyArmy(id) : null;
    if (a?.playable) out[side] = myArmyFile(a);
  }
  return out;
}
