/**
 * The scenario editor page `#/scenarios` (issue 27): lay out a table to scale, pick the armies,
 * the turn limit and every option; the engine's own checks shown as the player goes; save in the
 * browser, export and import the scenario file the CLI reads, share as a link, and play it
 * against the commander on the battle page.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { OPTION_CATALOGUE } from "../../../src/rulesets/shieldwall/battle/option-catalogue.js";
import { TABLE_SIDE_MAX, TABLE_SIDE_MIN } from "../../../src/rulesets/shieldwall/geometry/table.js";
import { OptionControl } from "../battle/OptionControl.js";
import { downloadJson } from "../shared/download.js";
import { readJsonUpload } from "../shared/upload.js";
import { hashFor, navigate, type PageProps } from "../shell/location.js";
import { armyLabel, myArmies, refForFileArmy, SHIPPED_ARMIES } from "./army-choices.js";
import { EditorTable } from "./EditorTable.js";
import { type ArmyRef, addPiece, baseSize, decodeLink, encodeLink, type EditorScenario, fromScenarioFile, newScenario, PIECE_KINDS, type PieceKind, removePiece, resizePiece, rotatePiece, type Side, updatePiece } from "./model.js";
import { checkScenario } from "./problems.js";
import { deleteSaved, loadDraft, loadSaved, saveDraft, saveScenario, savedNames } from "./storage.js";
import "./scenarios.css";

const refKey = (r: ArmyRef) => ("shipped" in r ? `shipped:${r.shipped}` : "mine" in r ? `mine:${r.mine}` : "file");
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "scenario";

export default function ScenariosPage({ query }: PageProps) {
  const [sc, setSc] = useState<EditorScenario>(() => loadDraft() ?? newScenario());
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean; testid: string } | null>(null);
  const [share, setShare] = useState<string | null>(null);
  const [names, setNames] = useState(savedNames);
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 1_000_000));
  const check = useMemo(() => checkScenario(sc), [sc]);
  const bad = useMemo(() => new Set(check.problems.flatMap((p) => (p.piece ? [p.piece] : []))), [check]);
  const change = (next: EditorScenario) => {
    setSc(next);
    saveDraft(next);
  };

  // A shared link's scenario replaces the draft (once, then the address is cleaned).
  const linked = query.get("s");
  useEffect(() => {
    if (!linked) return;
    try {
      change(decodeLink(linked));
      setNotice({ text: "Opened the scenario from the link.", error: false, testid: "notice" });
    } catch (err) {
      setNotice({ text: `The link was refused: ${(err as Error).message}`, error: true, testid: "link-error" });
    }
    history.replaceState(null, "", hashFor("scenarios"));
  }, [linked]);

  const piece = sc.pieces.find((p) => p.id === selected) ?? null;
  const blocked = check.file === null || check.problems.length > 0;

  const onImport = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const f = input.files?.[0];
    if (!f) return;
    const read = await readJsonUpload(f);
    input.value = "";
    if (!read.ok) return setNotice({ text: `Not imported: ${read.error}`, error: true, testid: "import-error" });
    try {
      change(fromScenarioFile(read.value, refForFileArmy));
      setSelected(null);
      setNotice({ text: `Imported ${f.name}.`, error: false, testid: "notice" });
    } catch (err) {
      setNotice({ text: `Not imported: ${f.name}: ${(err as Error).message}`, error: true, testid: "import-error" });
    }
  };

  const onExport = () => {
    if (!check.file || blocked) return;
    downloadJson(`${slug(sc.name)}.json`, `${JSON.stringify(check.file, null, 2)}\n`);
  };

  const onPlay = async () => {
    if (!check.file || blocked) return;
    const { send } = await import("../battle/engine.js");
    send({ type: "start", scenario: { file: check.file, fileName: `${slug(sc.name)}.json` }, players: { red: "human", black: "commander" }, seed, delayMs: 350 });
    navigate("#/battle");
  };

  const onShare = async () => {
    const link = `${location.origin}${location.pathname}${hashFor("scenarios", "", { s: encodeLink(sc) })}`;
    setShare(link);
    try {
      await navigator.clipboard.writeText(link);
      setNotice({ text: "Link copied.", error: false, testid: "notice" });
    } catch {
      setNotice({ text: "Copy the link below.", error: false, testid: "notice" });
    }
  };

  const armyChoice = (side: Side) => {
    const current = sc.armies[side];
    return (
      <label>
        {side === "red" ? "Red army (south)" : "Black army (north)"}
        <select
          data-testid={`army-${side}`}
          value={refKey(current)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (v === "file") return;
            const ref: ArmyRef = v.startsWith("mine:") ? { mine: v.slice(5) } : { shipped: v.slice(8) };
            change({ ...sc, armies: { ...sc.armies, [side]: ref } });
          }}
        >
          {SHIPPED_ARMIES.map((a) => (
            <option key={a.id} value={`shipped:${a.id}`}>
              {a.name}
            </option>
          ))}
          {myArmies().map((a) => (
            <option key={a.id} value={`mine:${a.id}`}>
              {a.name} (yours)
            </option>
          ))}
          {"file" in current && <option value="file">{armyLabel(current)}</option>}
        </select>
      </label>
    );
  };

  const num = (label: string, testid: string, value: number, set: (v: number) => void, opts: { min?: number; max?: number; step?: number } = {}) => (
    <label class="num">
      {label}
      <input type="number" data-testid={testid} value={String(value)} min={opts.min} max={opts.max} step={opts.step ?? "any"} onChange={(e) => {
        const v = Number(e.currentTarget.value);
        if (e.currentTarget.value !== "" && Number.isFinite(v)) set(v);
      }} />
    </label>
  );

  const size = piece ? baseSize(piece) : null;
  return (
    <main class="scenario-editor" data-testid="scenario-editor">
      <header class="editor-head">
        <h1>Scenario editor</h1>
        <p>Lay out your own table to scale: add terrain, then drag it into place; drag the handles to turn or stretch it. The rules engine checks the table as you go.</p>
      </header>
      <div class="editor-body">
        <section class="editor-board">
          <div class="palette" role="toolbar" aria-label="Add a piece">
            {(Object.keys(PIECE_KINDS) as PieceKind[]).map((k) => (
              <button key={k} type="button" data-testid={`add-${k}`} onClick={() => {
                const r = addPiece(sc, k);
                change(r.scenario);
                setSelected(r.id);
              }}>
                + {PIECE_KINDS[k].label}
              </button>
            ))}
          </div>
          <EditorTable scenario={sc} selected={selected} bad={bad} onSelect={setSelected} onChange={change} />
          <ul class="problems" data-testid="problems" aria-live="polite">
            {check.problems.length === 0 ? (
              <li class="ok" data-testid="no-problems">The engine accepts this scenario.</li>
            ) : (
              check.problems.map((p, i) => (
                <li key={i} class="error" data-testid="problem" data-field={p.field} data-rule={p.rule} onClick={() => p.piece && setSelected(p.piece)}>
                  <code>{p.field}</code>: {p.message} <span class="rule">({p.rule})</span>
                </li>
              ))
            )}
          </ul>
        </section>
        <aside class="editor-panel">
          {piece && size && (
            <fieldset class="piece" data-testid="piece-panel">
              <legend>Selected: {piece.name}</legend>
              <label>
                Name
                <input type="text" data-testid="piece-name" value={piece.name} onChange={(e) => change(updatePiece(sc, piece.id, { name: e.currentTarget.value }))} />
              </label>
              {piece.what === "terrain" && (
                <div class="flags">
                  {(["difficult", "cover", "highGround", "blocksSight"] as const).map((f) => (
                    <label key={f}>
                      <input type="checkbox" data-testid={`piece-${f}`} checked={piece[f]} onChange={(e) => change(updatePiece(sc, piece.id, { [f]: e.currentTarget.checked }))} />
                      {f === "highGround" ? "rising ground" : f === "blocksSight" ? "blocks sight" : f}
                    </label>
                  ))}
                </div>
              )}
              {piece.what === "camp" && (
                <label>
                  Side
                  <select value={piece.side} onChange={(e) => change(updatePiece(sc, piece.id, { side: e.currentTarget.value as Side }))}>
                    <option value="red">red</option>
                    <option value="black">black</option>
                  </select>
                </label>
              )}
              <div class="nums">
                {num("x (in)", "piece-x", piece.x, (v) => change(updatePiece(sc, piece.id, { x: v })))}
                {num("y (in)", "piece-y", piece.y, (v) => change(updatePiece(sc, piece.id, { y: v })))}
                {num("Turn (°)", "piece-rotation", piece.rotation, (v) => change(rotatePiece(sc, piece.id, v)))}
                {num("Width (in)", "piece-width", Math.round(size.w * piece.sx * 100) / 100, (v) => change(resizePiece(sc, piece.id, v, size.h * piece.sy)), { min: 0.5 })}
                {size.h > 0 && num("Depth (in)", "piece-depth", Math.round(size.h * piece.sy * 100) / 100, (v) => change(resizePiece(sc, piece.id, size.w * piece.sx, v)), { min: 0.5 })}
              </div>
              <button type="button" data-testid="piece-delete" onClick={() => {
                change(removePiece(sc, piece.id));
                setSelected(null);
              }}>
                Remove this piece
              </button>
            </fieldset>
          )}
          <fieldset>
            <legend>Scenario</legend>
            <label>
              Name
              <input type="text" data-testid="scenario-name" value={sc.name} onChange={(e) => change({ ...sc, name: e.currentTarget.value })} />
            </label>
            <label>
              Description
              <textarea rows={2} value={sc.description} onChange={(e) => change({ ...sc, description: e.currentTarget.value })} />
            </label>
            <div class="nums">
              {num("Table width (in)", "table-width", sc.width, (v) => change({ ...sc, width: v }), { min: TABLE_SIDE_MIN, max: TABLE_SIDE_MAX })}
              {num("Table depth (in)", "table-height", sc.height, (v) => change({ ...sc, height: v }), { min: TABLE_SIDE_MIN, max: TABLE_SIDE_MAX })}
              <label class="num">
                Scale
                <select value={sc.scale} onChange={(e) => change({ ...sc, scale: e.currentTarget.value as EditorScenario["scale"] })}>
                  <option value="15mm">15mm</option>
                  <option value="28mm">28mm</option>
                </select>
              </label>
            </div>
            <p class="hint">72" × 48" is the house-rule table (SW-3).</p>
            {armyChoice("red")}
            {armyChoice("black")}
            {num("Turn limit", "turn-limit", sc.turnLimit, (v) => change({ ...sc, turnLimit: v }), { min: 1, max: 100, step: 1 })}
            <p class="hint"><span class="house-rule">house rule SW-25</span> At the limit the side that lost fewer stands wins.</p>
            <div class="nums">
              {num("Deploy from (in)", "deploy-min", Number(sc.tableOptions?.deployMin ?? 3), (v) => change({ ...sc, tableOptions: { ...sc.tableOptions, deployMin: v } }), { min: 0 })}
              {num("Deploy to (in)", "deploy-max", Number(sc.tableOptions?.deployMax ?? 9), (v) => change({ ...sc, tableOptions: { ...sc.tableOptions, deployMax: v } }), { min: 0 })}
            </div>
            <p class="hint"><span class="house-rule">house rule SW-26</span> Deployment zones: each stand between these distances from the centre line (the printed rules: up to 9"; no nearer than 3" is ours).</p>
            <label>
              Overlapping terrain
              <select data-testid="terrain-overlap" value={sc.terrainOverlap} onChange={(e) => change({ ...sc, terrainOverlap: e.currentTarget.value as EditorScenario["terrainOverlap"] })}>
                <option value="on-rising-ground">only on rising ground</option>
                <option value="any">allowed anywhere</option>
              </select>
            </label>
            <p class="hint"><span class="house-rule">house rule</span> Terrain layout: pieces may not lie over one another, except on rising ground.</p>
          </fieldset>
          <details class="rules-options">
            <summary>Rules options{Object.keys(sc.options).length > 0 ? ` (${Object.keys(sc.options).length} set)` : ""}</summary>
            {OPTION_CATALOGUE.filter((e) => e.key !== "turnLimit").map((entry) => (
              <OptionControl key={entry.key} entry={entry} value={sc.options[entry.key] ?? entry.default} changed={entry.key in sc.options} onChange={(v) => change({ ...sc, options: { ...sc.options, [entry.key]: v } })} />
            ))}
            {Object.keys(sc.options).length > 0 && (
              <button type="button" onClick={() => change({ ...sc, options: {} })}>
                Back to the defaults
              </button>
            )}
          </details>
          <fieldset class="actions">
            <legend>Play, save, share</legend>
            {num("Seed", "seed", seed, (v) => setSeed(Math.trunc(v)), { step: 1 })}
            <div class="row">
              <button type="button" class="primary" data-testid="play" disabled={blocked} title={blocked ? "Fix the problems listed under the table first" : "Play it against the commander on the battle page"} onClick={() => void onPlay()}>
                Play against the commander
              </button>
            </div>
            <div class="row">
              <button type="button" data-testid="save" onClick={() => {
                saveScenario(sc);
                setNames(savedNames());
                setNotice({ text: `Saved "${sc.name}" in this browser.`, error: false, testid: "notice" });
              }}>
                Save
              </button>
              <button type="button" data-testid="export" disabled={blocked} onClick={onExport}>
                Export file
              </button>
              <label class="file-button">
                Import file
                <input type="file" accept=".json,application/json" data-testid="import" onChange={(e) => void onImport(e)} />
              </label>
              <button type="button" data-testid="share" onClick={() => void onShare()}>
                Share link
              </button>
              <button type="button" data-testid="new" onClick={() => {
                change(newScenario());
                setSelected(null);
              }}>
                New
              </button>
            </div>
            {share && <input class="share-link" readOnly data-testid="share-link" value={share} onFocus={(e) => e.currentTarget.select()} />}
            {notice && (
              <p class={notice.error ? "error" : "notice"} role={notice.error ? "alert" : "status"} data-testid={notice.testid}>
                {notice.text}
              </p>
            )}
            {names.length > 0 && (
              <ul class="saved" data-testid="saved">
                {names.map((n) => (
                  <li key={n}>
                    <button type="button" class="link" onClick={() => {
                      const s = loadSaved(n);
                      if (s) change(s);
                      setSelected(null);
                    }}>
                      {n}
                    </button>{" "}
                    <button type="button" class="small" aria-label={`Delete ${n}`} onClick={() => {
                      deleteSaved(n);
                      setNames(savedNames());
                    }}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        </aside>
      </div>
    </main>
  );
}
