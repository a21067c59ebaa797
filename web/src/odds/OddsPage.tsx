/**
 * The calculators page (`#/odds`, `#/odds/<name>?<inputs>`): every odds calculator of
 * src/rulesets/calculators.ts as a form checked by its own schema (the command line's named
 * errors, beside each field), its result as charts, and the inputs in the address so a result can
 * be shared as a link. Calculators run in a worker (web/src/odds/worker.ts).
 */
import "./pages.css";
import { useEffect, useMemo, useState } from "preact/hooks";
import { type CalculatorSpec, checkCalculatorInput } from "../../../src/core/calculator.js";
import { CALCULATORS, calculatorNamed } from "../../../src/rulesets/calculators.js";
import { hashFor, type PageProps, replaceQuery } from "../shell/location.js";
import { CalcForm } from "./CalcForm.js";
import { runInWorker } from "./client.js";
import { dataFrom, fieldsOf, problemsByField, queryFor } from "./form.js";
import { ResultPanel } from "./ResultPanel.js";
import type { RunOutcome } from "./run.js";
import { viewOf } from "./views.js";

const GROUPS: [string, string][] = [
  ["dice", "Dice"],
  ["sw-", "Shieldwall"],
  ["cc-", "Contest of Champions"],
  ["gurps-", "GURPS"],
];

function groupOf(name: string): string {
  return GROUPS.find(([p]) => name.startsWith(p))?.[1] ?? "Other";
}

function CalculatorList({ current }: { current?: string }) {
  return (
    <nav class="calc-list" aria-label="Calculators">
      {GROUPS.map(([, title]) => (
        <div key={title}>
          <h3>{title}</h3>
          <ul>
            {CALCULATORS.filter((c) => groupOf(c.name) === title).map((c) => (
              <li key={c.name}>
                <a href={hashFor("odds", c.name)} class={c.name === current ? "here" : undefined} aria-current={c.name === current ? "page" : undefined} title={c.summary}>
                  {c.name}
                </a>
                {!current && <span class="summary"> — {c.summary}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

type RunState = { status: "idle" } | { status: "running"; done: number } | { status: "finished"; outcome: RunOutcome; key: string };

function Calculator({ spec, query }: { spec: CalculatorSpec; query: URLSearchParams }) {
  const fields = useMemo(() => fieldsOf(spec.schema), [spec]);
  const empty = fields.every((f) => !query.has(f.key));
  // A calculator opened without inputs starts from its example.
  useEffect(() => {
    if (empty) replaceQuery(queryFor(fields, spec.example));
  }, [empty, fields, spec]);
  const checked = useMemo(() => checkCalculatorInput(spec, dataFrom(fields, query)), [spec, fields, query]);
  const key = checked.ok ? JSON.stringify(checked.input) : "";
  const [run, setRun] = useState<RunState>({ status: "idle" });
  useEffect(() => {
    if (!checked.ok || empty) return;
    let live = true;
    setRun({ status: "running", done: 0 });
    const job = runInWorker(spec.name, checked.input, (done) => live && setRun({ status: "running", done }));
    void job.done.then((outcome) => live && setRun({ status: "finished", outcome, key }));
    return () => {
      live = false;
      job.cancel();
    };
  }, [spec.name, key, empty]);
  const problems = checked.ok ? new Map<string, string[]>() : problemsByField(fields, checked.problems);
  if (run.status === "finished" && run.outcome.type === "refused" && checked.ok) {
    const refusal = run.outcome;
    problems.set(fields.some((f) => f.key === refusal.field) ? refusal.field : "", [refusal.message]);
  }
  const change = (k: string, text: string) => {
    const q = new URLSearchParams(query);
    q.set(k, text);
    replaceQuery(q);
  };
  const games = Number(query.get("games") ?? 0);
  return (
    <div class="calculator">
      <header>
        <h2>{spec.name}</h2>
        <p class="summary">{spec.summary}</p>
        <p class="meta">
          {spec.method === "exact" ? "Exact fractions" : "Monte Carlo estimate (sample size and standard error shown)"} · input documented in <code>{spec.docs}</code>
          {spec.rule ? <> · rule {spec.rule}</> : null}
        </p>
        {spec.name === "gurps-cover" && (
          <p class="meta">
            <a href={hashFor("gurps", "compare", query)}>The same attack under all four treatments, compared</a> · <a href={hashFor("gurps", "attack", query)}>resolved a die at a time</a>
          </p>
        )}
      </header>
      <div class="calc-body">
        <div class="calc-inputs">
          <CalcForm fields={fields} query={query} problems={problems} onChange={change} />
          <div class="calc-actions">
            <button type="button" onClick={() => replaceQuery(queryFor(fields, spec.example))}>
              Example
            </button>
            <button type="button" onClick={() => void navigator.clipboard?.writeText(location.href)} title="The address holds the inputs: open it anywhere to see the same result">
              Copy link
            </button>
          </div>
          {!checked.ok && <p class="error" data-testid="input-error">Not computed: {checked.message}</p>}
        </div>
        <div class="calc-output" aria-live="polite">
          {run.status === "running" && (
            <p class="running">
              Computing…{spec.method === "monte-carlo" && games > 0 ? ` ${run.done} of ${games} samples` : ""}
              {spec.method === "monte-carlo" && games > 0 && <progress max={games} value={run.done} />}
            </p>
          )}
          {run.status === "finished" && run.outcome.type === "result" && run.key === key && <ResultPanel view={viewOf(spec.name, run.outcome.json)} />}
          {run.status === "finished" && run.outcome.type === "refused" && <p class="error">Refused: field {run.outcome.field}: {run.outcome.message}</p>}
          {run.status === "finished" && run.outcome.type === "error" && <p class="error">Failed: {run.outcome.message}</p>}
        </div>
      </div>
    </div>
  );
}

export default function OddsPage({ rest, query }: PageProps) {
  const spec = rest ? calculatorNamed(rest) : undefined;
  return (
    <div class="odds-page">
      <CalculatorList current={spec?.name} />
      {spec ? (
        <Calculator key={spec.name} spec={spec} query={query} />
      ) : (
        <div class="calculator">
          {rest && <p class="error">No calculator "{rest}".</p>}
          <h2>Odds calculators</h2>
          <p>The same calculators as <code>muster odds</code>: exact fractions (or a labelled simulation), with the same input checks. Choose one; its inputs stay in the address so a result can be shared as a link.</p>
        </div>
      )}
    </div>
  );
}
