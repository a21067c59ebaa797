/**
 * The army builder page (#/armies): the armies saved in this browser, the shipped armies to start
 * from, starting from nothing, importing an army file (refused with named errors when its format
 * is wrong) and opening a shared link; `#/armies/edit/ID` edits one (ArmyEditor.tsx).
 */
import { useEffect, useState } from "preact/hooks";
import { armyFileProblems } from "../../../src/rulesets/shieldwall/army.js";
import { armyFromLinkCode } from "../shared/army-link.js";
import { downloadJson } from "../shared/download.js";
import { deleteMyArmy, listMyArmies, type MyArmy, myArmyLabel } from "../shared/my-armies.js";
import { readJsonUpload } from "../shared/upload.js";
import type { PageProps } from "../shell/location.js";
import { ArmyEditor } from "./ArmyEditor.js";
import { asDraft, blankArmy, type Draft, edited, exportName } from "./draft.js";
import { editing, loadSaved, openDraft } from "./session.js";
import "./armies.css";

const armyFiles = import.meta.glob<unknown>("../../../data/shieldwall/armies/*.json", { eager: true, import: "default" });
const shippedArmies = Object.entries(armyFiles)
  .map(([path, file]) => ({ id: path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, ""), draft: file as Draft }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** An army file's problems, refusing it when its format is wrong (each problem with its field). */
function importProblem(value: unknown, fileName: string): { draft: Draft } | { error: string } {
  const { army, problems } = armyFileProblems(value);
  const draft = army ? asDraft(value) : null;
  if (!draft) return { error: `${fileName}: not an army file: ${problems.map((p) => `field ${p.path}: ${p.message}`).join("; ")} (army format, docs/shieldwall/army-format.md)` };
  return { draft };
}

function ArmyList() {
  const [mine, setMine] = useState<MyArmy[]>(() => listMyArmies());
  const [importError, setImportError] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onImport = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const f = input.files?.[0];
    input.value = "";
    setImportError(null);
    if (!f) return;
    const read = await readJsonUpload(f);
    if (!read.ok) return setImportError(read.error);
    const r = importProblem(read.value, f.name);
    if ("error" in r) setImportError(r.error);
    else openDraft(r.draft);
  };
  const remove = (id: string) => {
    const err = deleteMyArmy(id);
    setDeleteError(err);
    setAsking(null);
    setMine(listMyArmies());
  };

  return (
    <main class="army-builder army-list" data-testid="army-list">
      <header class="army-head">
        <h1>My armies</h1>
        <p class="hint">
          Build a Shieldwall army as the rules describe it (docs/shieldwall/army-format.md): the rules are checked as you go, each problem beside its field with its ruling. Armies are kept in this
          browser; a draft with problems is kept too, but only a valid army can be played — in the battle page, the companion and an online match, under "my armies".
        </p>
        <div class="army-actions">
          <button type="button" class="primary" data-testid="new-army" onClick={() => openDraft(blankArmy())}>
            Start from nothing
          </button>
          <label class="file-button">
            Import an army file…
            <input type="file" accept=".json,application/json" data-testid="import-army" onChange={(e) => void onImport(e)} />
          </label>
        </div>
        {importError && (
          <p class="error" role="alert" data-testid="import-error">
            {importError}
          </p>
        )}
      </header>
      <section class="army-card">
        <h2>Saved in this browser</h2>
        {deleteError && (
          <p class="error" role="alert">
            {deleteError}
          </p>
        )}
        {mine.length === 0 ? (
          <p class="hint">None yet. Start from nothing, from a shipped army below, or import a file.</p>
        ) : (
          <ul class="saved-armies" data-testid="saved-armies">
            {mine.map((a) => (
              <li key={a.id} data-testid={`saved-${a.id}`}>
                <a href={`#/armies/edit/${a.id}`} class="army-name">
                  {myArmyLabel(a)}
                </a>
                <span class={a.playable ? "ok" : "draft"}>{a.playable ? "ready" : "draft"}</span>
                <small>saved {new Date(a.savedAt).toLocaleString()}</small>
                <span class="row-actions">
                  <button type="button" class="link" onClick={() => openDraft(edited(a.file as Draft, (d) => (d.name = `${d.name} (copy)`)))} disabled={!asDraft(a.file)}>
                    duplicate
                  </button>
                  <button type="button" class="link" onClick={() => downloadJson(exportName(a.file as Draft), `${JSON.stringify(a.file, null, 2)}\n`)}>
                    export
                  </button>
                  {asking === a.id ? (
                    <button type="button" class="link danger" data-testid={`delete-sure-${a.id}`} onClick={() => remove(a.id)}>
                      really delete?
                    </button>
                  ) : (
                    <button type="button" class="link danger" data-testid={`delete-${a.id}`} onClick={() => setAsking(a.id)}>
                      delete
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="army-card">
        <h2>Start from a shipped army</h2>
        <ul class="shipped-armies">
          {shippedArmies.map((s) => (
            <li key={s.id}>
              <button type="button" class="link" data-testid={`start-${s.id}`} onClick={() => openDraft(edited(s.draft, (d) => (d.name = `${d.name} (my copy)`)))}>
                {s.draft.name}
              </button>{" "}
              <small>
                ({s.draft.side}, {s.draft.contingents.length} contingents; <code>{s.id}.json</code>)
              </small>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** `#/armies/shared?army=CODE`: the army a link carries, opened as a new draft to save. */
function SharedArmy({ code }: { code: string }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void armyFromLinkCode(code).then((r) => {
      if (!live) return;
      if (!r.ok) return setError(r.error);
      const checked = importProblem(r.value, "army link");
      if ("error" in checked) setError(checked.error);
      else openDraft(checked.draft);
    });
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <main class="army-builder">
      <p class="crumbs">
        <a href="#/armies">My armies</a> › shared army
      </p>
      {error ? (
        <p class="error" role="alert" data-testid="shared-error">
          {error}
        </p>
      ) : (
        <p class="loading">Opening the shared army…</p>
      )}
    </main>
  );
}

function EditSaved({ id }: { id: string }) {
  const session = editing.value;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (session?.id === id) return;
    const loaded = loadSaved(id);
    if (typeof loaded === "string") setProblem(loaded);
    else editing.value = loaded;
  }, [id, session?.id]);
  if (session?.id === id) return <ArmyEditor session={session} />;
  return (
    <main class="army-builder">
      <p class="crumbs">
        <a href="#/armies">My armies</a>
      </p>
      {problem ? (
        <p class="error" role="alert" data-testid="edit-error">
          {problem}
        </p>
      ) : (
        <p class="loading">Loading…</p>
      )}
    </main>
  );
}

export default function ArmiesPage({ rest, query }: PageProps) {
  if (rest.startsWith("edit/")) return <EditSaved id={rest.slice("edit/".length)} />;
  if (rest === "shared") return <SharedArmy code={query.get("army") ?? ""} />;
  return <ArmyList />;
}
