/**
 * Starting a companion table: a shipped scenario, two shipped army lists, or uploaded army or
 * scenario files (checked by the engine's schema: a bad file gets its named error), or a saved
 * table file. The ruleset builds the table (startFromArmies / startFromScenario).
 */
import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { CompanionError, type CompanionTable, startFromArmies, startFromScenario } from "../../../src/rulesets/shieldwall/companion/index.js";
import { setupFromScenario, shippedScenarios, shippedSetup } from "../battle/scenarios.js";
import { getMyArmy, listMyArmies, type MyArmy, myArmyLabel } from "../shared/my-armies.js";
import { readJsonUpload } from "../shared/upload.js";

const armyFiles = import.meta.glob<{ name?: string; side?: string }>("../../../data/shieldwall/armies/*.json", { eager: true, import: "default" });
const shippedArmies = Object.entries(armyFiles)
  .map(([path, a]) => ({ id: path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, ""), name: a.name ?? path, side: a.side, file: a as unknown }))
  .sort((a, b) => a.id.localeCompare(b.id));

type From = "scenario" | "armies" | "files";
type FileField = "red" | "black" | "scenario";
/** A picked file, read and parsed when picked (its error shown beside its field at once). */
type Picked = { name: string; value: unknown } | { name: string; error: string };

export function SetupView({ onStart, onImport, importError }: { onStart: (t: CompanionTable) => void; onImport: (f: File) => Promise<void>; importError: string | null }) {
  const [from, setFrom] = useState<From>("scenario");
  const [scenario, setScenario] = useState(shippedScenarios[0]?.id ?? "");
  const [red, setRed] = useState(shippedArmies.find((a) => a.side === "red")?.id ?? shippedArmies[0]?.id ?? "");
  const [black, setBlack] = useState(shippedArmies.find((a) => a.side === "black")?.id ?? shippedArmies[1]?.id ?? "");
  const [files, setFiles] = useState<Partial<Record<FileField, Picked>>>({});
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 1_000_000));
  const [error, setError] = useState<string | null>(null);
  const [mine] = useState(() => listMyArmies());

  const pick = async (k: FileField, f: File | undefined) => {
    setFiles(({ [k]: _old, ...rest }) => rest);
    if (!f) return;
    const read = await readJsonUpload(f);
    setFiles((all) => ({ ...all, [k]: read.ok ? { name: f.name, value: read.value } : { name: f.name, error: read.error } }));
  };

  const start = async () => {
    try {
      let t: CompanionTable;
      if (from === "scenario") t = startFromScenario(shippedSetup(scenario), seed);
      else if (from === "armies") t = startFromArmies(armyFile(red), armyFile(black), { seed });
      else if (files.scenario) {
        const picked = files.scenario;
        if ("error" in picked) throw new CompanionError(`the scenario file was refused (the reason is beside it)`);
        let setup;
        try {
          setup = setupFromScenario(picked.value);
        } catch (err) {
          throw new CompanionError(`scenario (${picked.name}): ${(err as Error).message}`);
        }
        t = startFromScenario(setup, seed);
      } else {
        const { red: r, black: b } = files;
        if (!r || !b) throw new CompanionError("choose both army files (or a scenario file)");
        if ("error" in r || "error" in b) throw new CompanionError(`the ${"error" in r ? "red" : "black"} army file was refused (the reason is beside it)`);
        t = startFromArmies(r.value, b.value, { seed });
      }
      setError(null);
      onStart(t);
    } catch (err) {
      setError(err instanceof CompanionError || err instanceof RangeError ? err.message : `Unexpected: ${(err as Error).message}`);
    }
  };

  return (
    <section class="cmp-setup">
      <h1>Table companion</h1>
      <p class="hint">
        Play Shieldwall with your own miniatures: the companion tracks every unit's stands, DPs and aggression and every leader's LPs, walks you through each turn, draws the god cards and rolls the
        tests with their modifiers and exact odds.
      </p>
      <div class="cmp-card">
        <div class="cmp-seg" role="radiogroup" aria-label="Start from">
          {(
            [
              ["scenario", "Scenario"],
              ["armies", "Two armies"],
              ["files", "My files"],
            ] as const
          ).map(([id, label]) => (
            <button key={id} role="radio" aria-checked={from === id} class={from === id ? "here" : ""} onClick={() => setFrom(id)}>
              {label}
            </button>
          ))}
        </div>
        {from === "scenario" && (
          <label>
            Scenario
            <select value={scenario} onChange={(e) => setScenario((e.currentTarget as HTMLSelectElement).value)} data-testid="scenario">
              {shippedScenarios.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {from === "armies" && (
          <>
            <ArmySelect side="red" value={red} onChange={setRed} mine={mine} />
            <ArmySelect side="black" value={black} onChange={setBlack} mine={mine} />
          </>
        )}
        {from === "files" && (
          <>
            <p class="hint">Army files in the army format (docs/shieldwall/army-format.md), or one scenario file whose armies are inline or shipped.</p>
            {(["red", "black", "scenario"] as const).map((k) => {
              const picked = files[k];
              return (
                <Fragment key={k}>
                  <label>
                    {k === "scenario" ? "or a scenario file" : `${k} army file`}
                    <input type="file" accept=".json,application/json" data-testid={`file-${k}`} onChange={(e) => void pick(k, (e.currentTarget as HTMLInputElement).files?.[0])} />
                  </label>
                  {picked && "error" in picked && (
                    <p class="error" role="alert" data-testid={`file-${k}-error`}>
                      {picked.error}
                    </p>
                  )}
                </Fragment>
              );
            })}
          </>
        )}
        <label>
          Seed (same seed, same dice)
          <input type="number" value={seed} onInput={(e) => setSeed(Number((e.currentTarget as HTMLInputElement).value) || 0)} data-testid="seed" />
        </label>
        {error && (
          <p class="error" role="alert" data-testid="setup-error">
            {error}
          </p>
        )}
        <button class="cmp-btn primary big" onClick={() => void start()} data-testid="start">
          Start the table
        </button>
      </div>
      <div class="cmp-card">
        <label class="cmp-btn file-btn">
          Open a saved table file
          <input type="file" accept=".json,application/json" data-testid="import" onChange={(e) => {
            const f = (e.currentTarget as HTMLInputElement).files?.[0];
            if (f) void onImport(f);
            (e.currentTarget as HTMLInputElement).value = "";
          }} />
        </label>
        {importError && (
          <p class="error" role="alert" data-testid="import-error">
            {importError}
          </p>
        )}
      </div>
    </section>
  );
}

/** A choice's army file: a shipped list by id, or "my:ID" for one of my armies (#/armies). */
function armyFile(choice: string): unknown {
  if (choice.startsWith("my:")) {
    const a = getMyArmy(choice.slice(3));
    if (!a) throw new CompanionError(`my army "${choice.slice(3)}" is no longer saved in this browser`);
    return a.file;
  }
  return shippedArmies.find((a) => a.id === choice)?.file;
}

/** A side's choice among the shipped army lists and my armies (a draft is listed but cannot be chosen). */
function ArmySelect({ side, value, onChange, mine }: { side: "red" | "black"; value: string; onChange: (id: string) => void; mine: MyArmy[] }) {
  return (
    <label>
      <span>
        <span class={`swatch ${side}`} /> {side === "red" ? "Red" : "Black"} army
      </span>
      <select value={value} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)} data-testid={`${side}-army`}>
        <optgroup label="Shipped armies">
          {shippedArmies.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </optgroup>
        {mine.length > 0 && (
          <optgroup label="My armies">
            {mine.map((a) => (
              <option key={a.id} value={`my:${a.id}`} disabled={!a.playable}>
                {myArmyLabel(a)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}
