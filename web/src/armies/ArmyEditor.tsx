/**
 * The army builder's editor: every field of the army format (docs/shieldwall/army-format.md), the
 * ruleset's problems shown live beside the field each concerns (in the rules' words, with the
 * ruling), and save / export / share / duplicate / play. A draft with problems may be saved but
 * not played.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type ArmyProblem, type AttachedKind, bandId, contingentId, LP_MAX, LP_MIN, retinueId, type UnitFile } from "../../../src/rulesets/shieldwall/army.js";
import { armyLinkCode, armyLinkHash } from "../shared/army-link.js";
import { downloadJson } from "../shared/download.js";
import { draftProblems, saveMyArmy } from "../shared/my-armies.js";
import { guardLeaving, navigate } from "../shell/location.js";
import { ATTACHED_KINDS, armyTotals, blankContingent, type Draft, edited, exportName, KIND_LABEL, placeText, problemsAt, setOptional, shownPaths, unitStrength } from "./draft.js";
import { type Editing, editing, openDraft } from "./session.js";

const GRADES = ["A", "B", "C", "D"] as const;

/** The problems at one field, right beside it. */
function Problems({ all, at }: { all: readonly ArmyProblem[]; at: string }) {
  const here = problemsAt(all, at);
  if (here.length === 0) return null;
  return (
    <ul class="army-problems" data-path={at}>
      {here.map((p, k) => (
        <li key={k} class="army-problem" data-testid="problem" data-path={p.path} role="alert">
          {p.message} <span class="rule">({p.rule === "army format" ? "army format" : `rule ${p.rule}`})</span>
        </li>
      ))}
    </ul>
  );
}

function Field({ label, children, all, at, wide }: { label: string; children: ComponentChildren; all: readonly ArmyProblem[]; at: string; wide?: boolean }) {
  const bad = problemsAt(all, at).length > 0;
  return (
    <div class={`army-field${wide ? " wide" : ""}${bad ? " bad" : ""}`}>
      <label>
        <span>{label}</span>
        {children}
      </label>
      <Problems all={all} at={at} />
    </div>
  );
}

export function ArmyEditor({ session }: { session: Editing }) {
  const { draft, id } = session;
  const { problems } = useMemo(() => draftProblems(draft), [draft]);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const [share, setShare] = useState<string | null>(null);
  const totals = armyTotals(draft);
  const text = JSON.stringify(draft);
  const dirty = session.savedText !== text;
  const shown = shownPaths(draft);
  // Leaving with unsaved changes asks first (another page, a reload, closing the tab); an army
  // opened and not yet changed (a new one, a copy, an import) has nothing to lose.
  const opened = useRef({ id, text });
  if (opened.current.id !== id) opened.current = { id, text };
  const changed = session.savedText === null ? text !== opened.current.text : dirty;
  const unsaved = useRef("");
  unsaved.current = changed ? `Leave "${draft.name || "this army"}" with unsaved changes? They are lost unless you save first.` : "";
  useEffect(() => {
    guardLeaving(() => unsaved.current || null);
    return () => guardLeaving(null);
  }, []);
  const elsewhere = problems.filter((p) => !shown.has(p.path));

  const change = (edit: (d: Draft) => void) => {
    editing.value = { ...session, draft: edited(draft, edit) };
    setShare(null);
    setNote(null);
  };

  const save = (): boolean => {
    const r = saveMyArmy(id, draft);
    if (!r.ok) {
      setNote({ text: r.error, error: true });
      return false;
    }
    editing.value = { ...session, savedText: text };
    setNote({ text: r.army.playable ? "Saved in this browser: ready to play." : `Saved in this browser as a draft: ${problems.length} problem${problems.length === 1 ? "" : "s"} to fix before it can be played.` });
    return true;
  };
  const shareLink = async () => {
    const r = await armyLinkCode(draft);
    if (r.ok) setShare(`${location.origin}${location.pathname}${armyLinkHash(r.code)}`);
    else setNote({ text: `No link: ${r.error}`, error: true });
  };
  const play = () => {
    if (problems.length > 0) return;
    if ((dirty || session.savedText === null) && !save()) return;
    unsaved.current = "";
    navigate(`#/battle?my-${draft.side}=${id}`);
  };

  const unitFields = (u: UnitFile, at: string, derivedId: string, kind: "retinue" | "band", set: (edit: (u: UnitFile) => void) => void) => (
    <>
      <div class="army-row">
        <Field label="Name" all={problems} at={`${at}.name`}>
          <input type="text" value={u.name ?? ""} placeholder="(optional)" data-testid={`${at}.name`} onInput={(e) => set((x) => setOptional(x, "name", e.currentTarget.value))} />
        </Field>
        <Field label="Grade" all={problems} at={`${at}.grade`}>
          <select value={u.grade} data-testid={`${at}.grade`} onChange={(e) => set((x) => (x.grade = e.currentTarget.value as UnitFile["grade"]))}>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g} (strength {({ A: 6, B: 4, C: 2, D: 1 } as const)[g]}){kind === "retinue" ? (g === "C" || g === "D" ? " — followers only" : "") : g === "A" ? " — retinues only" : ""}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Stands" all={problems} at={`${at}.stands`}>
          <input type="number" min={1} max={9} step={1} value={u.stands} data-testid={`${at}.stands`} onInput={(e) => {
            const n = Math.trunc(Number(e.currentTarget.value));
            if (Number.isFinite(n) && n >= 1 && n <= 9) set((x) => (x.stands = n));
          }} />
        </Field>
        <div class="army-field strength" title="Dice in combat: strength per engaged stand times stands (SW-5)">
          <span>Strength</span>
          <strong data-testid={`${at}.strength`}>{unitStrength(u)}</strong>
        </div>
        <Field label="Id" all={problems} at={`${at}.id`}>
          <input type="text" value={u.id ?? ""} placeholder={derivedId} data-testid={`${at}.id`} onInput={(e) => set((x) => setOptional(x, "id", e.currentTarget.value))} />
        </Field>
      </div>
      <Problems all={problems} at={at} />
      <div class="army-supers">
        <span class="label">Attached:</span>
        {(u.supernumeraries ?? []).map((k, n) => (
          <span key={n} class="chip-wrap">
            <span class={`chip${problemsAt(problems, `${at}.supernumeraries[${n}]`).length > 0 ? " bad" : ""}`} data-testid={`${at}.supernumeraries[${n}]`}>
              {KIND_LABEL[k]}
              <button type="button" aria-label={`Remove ${KIND_LABEL[k]}`} onClick={() => set((x) => {
                x.supernumeraries = (x.supernumeraries ?? []).filter((_, m) => m !== n);
                if (x.supernumeraries.length === 0) delete x.supernumeraries;
              })}>
                ×
              </button>
            </span>
            <Problems all={problems} at={`${at}.supernumeraries[${n}]`} />
          </span>
        ))}
        <select value="" aria-label="Attach a supernumerary" data-testid={`${at}.attach`} onChange={(e) => {
          const k = e.currentTarget.value as AttachedKind;
          e.currentTarget.value = "";
          if (k) set((x) => (x.supernumeraries = [...(x.supernumeraries ?? []), k]));
        }}>
          <option value="">+ attach…</option>
          {ATTACHED_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}{kind === "band" && k !== "camp-followers" ? " (retinues only, SW-6)" : ""}
            </option>
          ))}
        </select>
      </div>
    </>
  );

  return (
    <main class="army-builder" data-testid="army-editor">
      <header class="army-head">
        <p class="crumbs">
          <a href="#/armies">My armies</a> › {draft.name || "New army"}
        </p>
        <div class="army-status" data-testid="army-status" data-valid={problems.length === 0 ? "yes" : "no"}>
          {problems.length === 0 ? <strong class="ok">Ready to play</strong> : <strong class="draft">Draft: {problems.length} problem{problems.length === 1 ? "" : "s"}</strong>}
          <span>
            {totals.contingents} contingent{totals.contingents === 1 ? "" : "s"} · {totals.units} units · {totals.stands} stands · strength {totals.strength} · supernumeraries {totals.supernumeraries} of {totals.contingents}
          </span>
          <span>{session.savedText === null ? "not saved yet" : dirty ? "unsaved changes" : "saved"}</span>
        </div>
        <div class="army-actions">
          <button type="button" class="primary" data-testid="save" onClick={() => void save()}>
            Save
          </button>
          <button type="button" data-testid="export" onClick={() => downloadJson(exportName(draft), `${JSON.stringify(draft, null, 2)}\n`)}>
            Export file
          </button>
          <button type="button" data-testid="share" onClick={() => void shareLink()}>
            Share link
          </button>
          <button type="button" data-testid="duplicate" onClick={() => openDraft(edited(draft, (d) => (d.name = `${d.name} (copy)`)))}>
            Duplicate
          </button>
          <button type="button" data-testid="play" disabled={problems.length > 0} title={problems.length > 0 ? "Fix the problems first: a draft cannot be played" : "Save, then choose it in the battle page"} onClick={play}>
            Play a battle with it
          </button>
        </div>
        {note && (
          <p class={note.error ? "error" : "note"} role={note.error ? "alert" : "status"} data-testid={note.error ? "save-error" : "save-note"}>
            {note.text}
          </p>
        )}
        {share && (
          <p class="share">
            <label>
              Link to this army (anyone who opens it gets a copy to edit and save)
              <input type="text" readOnly value={share} data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
            </label>
          </p>
        )}
        {problems.length > 0 && (
          <details class="army-all-problems" data-testid="all-problems" open={elsewhere.length > 0}>
            <summary>Every problem ({problems.length})</summary>
            <ul>
              {problems.map((p, k) => (
                <li key={k}>
                  {placeText(p.path)}: {p.message} <span class="rule">({p.rule === "army format" ? "army format" : `rule ${p.rule}`}; <code>{p.path}</code>)</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </header>

      <section class="army-card army-top">
        <div class="army-row">
          <Field label="Army name" all={problems} at="name" wide>
            <input type="text" value={draft.name} data-testid="name" placeholder="e.g. The fyrd of Essex" onInput={(e) => change((d) => (d.name = e.currentTarget.value))} />
          </Field>
          <Field label="Side (the gods' cards' colour)" all={problems} at="side">
            <select value={draft.side} data-testid="side" onChange={(e) => change((d) => (d.side = e.currentTarget.value as Draft["side"]))}>
              <option value="red">Red</option>
              <option value="black">Black</option>
            </select>
          </Field>
        </div>
        <Field label="Description" all={problems} at="description" wide>
          <textarea rows={2} value={draft.description ?? ""} placeholder="(optional)" data-testid="description" onInput={(e) => change((d) => setOptional(d, "description", e.currentTarget.value))} />
        </Field>
        <Problems all={problems} at="(army)" />
      </section>

      <section class="army-contingents" aria-label="Contingents">
        <h2>
          Contingents <small>(2 to 5, SW-5)</small>
        </h2>
        <Problems all={problems} at="contingents" />
        {draft.contingents.map((c, i) => {
          const at = `contingents[${i}]`;
          const setC = (edit: (c: Draft["contingents"][number]) => void) => change((d) => edit(d.contingents[i]));
          return (
            <article key={i} class="army-card contingent" data-testid={at}>
              <header class="contingent-head">
                <h3>
                  Contingent {i + 1}
                  {c.leader.commanderInChief ? <span class="badge">commander-in-chief</span> : null}
                </h3>
                <button type="button" class="link danger" data-testid={`${at}.remove`} onClick={() => change((d) => d.contingents.splice(i, 1))}>
                  Remove contingent
                </button>
              </header>
              <Problems all={problems} at={at} />
              <div class="army-row">
                <Field label="Contingent name" all={problems} at={`${at}.name`}>
                  <input type="text" value={c.name ?? ""} placeholder="(optional)" data-testid={`${at}.name`} onInput={(e) => setC((x) => setOptional(x, "name", e.currentTarget.value))} />
                </Field>
                <Field label="Id" all={problems} at={`${at}.id`}>
                  <input type="text" value={c.id ?? ""} placeholder={contingentId({ ...c, id: undefined }, i)} data-testid={`${at}.id`} onInput={(e) => setC((x) => setOptional(x, "id", e.currentTarget.value))} />
                </Field>
              </div>
              <h4>Leader</h4>
              <Problems all={problems} at={`${at}.leader`} />
              <div class="army-row">
                <Field label="Leader's name" all={problems} at={`${at}.leader.name`}>
                  <input type="text" value={c.leader.name} data-testid={`${at}.leader.name`} placeholder="required" onInput={(e) => setC((x) => (x.leader.name = e.currentTarget.value))} />
                </Field>
                <Field label="LPs (SW-7)" all={problems} at={`${at}.leader.lp`}>
                  <select value={String(c.leader.lp)} data-testid={`${at}.leader.lp`} onChange={(e) => setC((x) => (x.leader.lp = e.currentTarget.value === "roll" ? "roll" : Number(e.currentTarget.value)))}>
                    {[...new Set([...Array.from({ length: LP_MAX - LP_MIN + 1 }, (_, k) => String(LP_MIN + k)), String(c.leader.lp)])].filter((v) => v !== "roll").map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                    <option value="roll">roll an AvD at the start</option>
                  </select>
                </Field>
              </div>
              <div class="army-row flags">
                {(
                  [
                    ["commanderInChief", "Commander-in-chief (at most one, SW-5)"],
                    ["exceptional", "Exceptional leader or king (a 2-stand retinue, SW-5)"],
                    ["specialWeapon", "Carries the special weapon (one per army, counts as a supernumerary, SW-6)"],
                  ] as const
                ).map(([key, label]) => (
                  <Field key={key} label="" all={problems} at={`${at}.leader.${key}`}>
                    <span class="flag">
                      <input type="checkbox" checked={c.leader[key] === true} data-testid={`${at}.leader.${key}`} onChange={(e) => setC((x) => {
                        if (e.currentTarget.checked) x.leader[key] = true;
                        else delete x.leader[key];
                      })} />
                      {label}
                    </span>
                  </Field>
                ))}
              </div>
              <h4>
                Retinue <small>(A or B; 1 stand, 2 for an exceptional leader or king)</small>
              </h4>
              {unitFields(c.retinue, `${at}.retinue`, retinueId({ ...c, retinue: { ...c.retinue, id: undefined } }, i), "retinue", (edit) => setC((x) => edit(x.retinue)))}
              <h4>
                Bands of followers <small>(1 or 2; B, C or D; 1 or 2 stands each)</small>
              </h4>
              <Problems all={problems} at={`${at}.bands`} />
              {c.bands.map((b, j) => (
                <div key={j} class="band" data-testid={`${at}.bands[${j}]`}>
                  <div class="band-head">
                    <strong>Band {j + 1}</strong>
                    <button type="button" class="link danger" data-testid={`${at}.bands[${j}].remove`} onClick={() => setC((x) => x.bands.splice(j, 1))}>
                      Remove band
                    </button>
                  </div>
                  {unitFields(b, `${at}.bands[${j}]`, bandId({ ...c, bands: c.bands.map((x, m) => (m === j ? { ...x, id: undefined } : x)) }, i, j), "band", (edit) => setC((x) => edit(x.bands[j])))}
                </div>
              ))}
              {c.bands.length < 2 && (
                <button type="button" data-testid={`${at}.add-band`} onClick={() => setC((x) => x.bands.push({ grade: "C", stands: 1 }))}>
                  + Add a band
                </button>
              )}
            </article>
          );
        })}
        {draft.contingents.length < 5 && (
          <button type="button" class="add-contingent" data-testid="add-contingent" onClick={() => change((d) => d.contingents.push(blankContingent()))}>
            + Add a contingent
          </button>
        )}
      </section>
    </main>
  );
}
