/**
 * The table-side companion (`#/companion`): Shieldwall played with real miniatures, on a phone.
 * Every rule is the ruleset's (src/rulesets/shieldwall/companion/); this page shows the tracked
 * state, sends the players' taps to those functions, and keeps the table in the browser.
 */
import { signal } from "@preact/signals";
import { useEffect, useState } from "preact/hooks";
import {
  change,
  CompanionError,
  type CompanionState,
  type CompanionTable,
  canUndo,
  readTableFile,
  tableText,
  undo,
} from "../../../src/rulesets/shieldwall/companion/index.js";
import "./companion.css";
import { SetupView } from "./SetupView.js";
import { LogView, RollView, type RollRequest, TurnView, UnitsView } from "./views.js";
import { exportName, loadTable, saveTable } from "./store.js";
import { downloadJson } from "../shared/download.js";
import { readUploadText } from "../shared/upload.js";

const storage = typeof localStorage === "undefined" ? null : localStorage;
const initial = storage ? loadTable(storage) : { table: null, error: null };

export const table = signal<CompanionTable | null>(initial.table);
export const problem = signal<string | null>(initial.error);
/** Why the last imported table file was refused, shown beside the import field. */
export const importProblem = signal<string | null>(null);

function persist(t: CompanionTable | null): void {
  table.value = t;
  if (storage) {
    const err = saveTable(storage, t);
    if (err) problem.value = err;
  }
}

/** Runs a change through the ruleset; a refusal is shown in its own words and the table is unchanged. */
export function act(f: (s: CompanionState) => CompanionState): boolean {
  const t = table.value;
  if (!t) return false;
  try {
    persist(change(t, f));
    problem.value = null;
    return true;
  } catch (err) {
    problem.value = err instanceof CompanionError ? err.message : `Unexpected: ${(err as Error).message}`;
    return false;
  }
}

export function startTable(t: CompanionTable): void {
  problem.value = null;
  importProblem.value = null;
  persist(t);
}

type Tab = "turn" | "units" | "roll" | "log" | "file";

export default function CompanionPage() {
  const t = table.value;
  const [tab, setTab] = useState<Tab>("turn");
  const [roll, setRoll] = useState<RollRequest | null>(null);
  useEffect(() => {
    document.title = "Muster · Companion";
  }, []);
  if (!t) {
    return (
      <div class="companion">
        {problem.value && <p class="error" role="alert" data-testid="companion-error">{problem.value}</p>}
        <SetupView onStart={startTable} onImport={importFile} importError={importProblem.value} />
      </div>
    );
  }
  const s = t.state;
  const openRoll = (r: RollRequest) => {
    setRoll(r);
    setTab("roll");
  };
  return (
    <div class="companion">
      <header class="cmp-head">
        <div class="cmp-where">
          <strong>Turn {s.turn}</strong> · <span data-testid="phase">{phaseName(s)}</span>
          {s.first && <span class={`whose ${s.first}`}>{s.first} first</span>}
          {s.god.soggyGround && <span class="soggy" title="first joker: fatigue DPs on move dice of 4-6">soggy ground</span>}
        </div>
        <button class="cmp-btn" disabled={!canUndo(t)} onClick={() => persist(undo(t))} data-testid="undo">
          ↶ Undo
        </button>
      </header>
      {problem.value && (
        <p class="error" role="alert" data-testid="companion-error">
          {problem.value}{" "}
          <button class="link" onClick={() => (problem.value = null)}>
            dismiss
          </button>
        </p>
      )}
      <nav class="cmp-tabs" role="tablist">
        {(["turn", "units", "roll", "log", "file"] as const).map((id) => (
          <button key={id} role="tab" aria-selected={tab === id} class={tab === id ? "here" : ""} onClick={() => setTab(id)} data-tab={id}>
            {TAB_NAME[id]}
            {id === "roll" && s.rolled ? " •" : ""}
          </button>
        ))}
      </nav>
      <main class="cmp-body">
        {tab === "turn" && <TurnView state={s} act={act} openRoll={openRoll} />}
        {tab === "units" && <UnitsView state={s} act={act} openRoll={openRoll} />}
        {tab === "roll" && <RollView state={s} act={act} request={roll} />}
        {tab === "log" && <LogView state={s} />}
        {tab === "file" && <FileView table={t} />}
      </main>
    </div>
  );
}

const TAB_NAME: Record<Tab, string> = { turn: "Turn", units: "Units", roll: "Roll", log: "Log", file: "File" };

function phaseName(s: CompanionState): string {
  const n = ["initiative", "gods", "leadership", "movement", "missiles", "combat"].indexOf(s.phase) + 1;
  return `${n}. ${{ initiative: "Initiative", gods: "Gods", leadership: "Leadership", movement: "Movement", missiles: "Missiles", combat: "Combat" }[s.phase]}`;
}

async function importFile(file: File): Promise<void> {
  const text = await readUploadText(file);
  if (!text.ok) {
    importProblem.value = text.error;
    return;
  }
  try {
    const t = readTableFile(text.value);
    startTable(t);
  } catch (err) {
    importProblem.value = `${file.name}: ${err instanceof CompanionError ? err.message : (err as Error).message}`;
  }
}

function FileView({ table: t }: { table: CompanionTable }) {
  return (
    <section class="cmp-card">
      <h2>The table</h2>
      <p>{t.state.title}</p>
      <p class="hint">Saved in this browser after every change: it survives a reload and a closed tab. Export it to keep it or move it to another device.</p>
      <div class="cmp-row">
        <button class="cmp-btn primary" onClick={() => downloadJson(exportName(t), tableText(t))} data-testid="export">
          Export file
        </button>
        <label class="cmp-btn file-btn">
          Import file
          <input type="file" accept=".json,application/json" data-testid="import" onChange={(e) => {
            const f = (e.currentTarget as HTMLInputElement).files?.[0];
            if (f) void importFile(f);
            (e.currentTarget as HTMLInputElement).value = "";
          }} />
        </label>
      </div>
      {importProblem.value && (
        <p class="error" role="alert" data-testid="import-error">
          {importProblem.value}
        </p>
      )}
      <hr />
      <button
        class="cmp-btn danger"
        onClick={() => {
          if (confirm("Start a new table? This one is replaced (export it first to keep it).")) persist(null);
        }}
        data-testid="new-table"
      >
        New table…
      </button>
    </section>
  );
}
