/**
 * GURPS shields as cover (`#/gurps/attack`, `#/gurps/compare`): one attack resolved a die at a
 * time with its exact odds beside it, and the same attack under the four treatments side by side
 * (table and charts). The inputs are checked by the command line's schemas and kept in the address.
 */
import "../odds/pages.css";
import { useEffect, useMemo, useState } from "preact/hooks";
import { checkCalculatorInput } from "../../../src/core/calculator.js";
import { type AttackInput, MODE_NAMES, MODES, type Mode, OUTCOME_NAMES, OUTCOMES, planAttack } from "../../../src/rulesets/gurps/attack.js";
import { compareResult, compareSchema, gurpsCoverCalculator } from "../../../src/rulesets/gurps/calculators.js";
import { type ExactP, exactText } from "../odds/exact.js";
import { CompareChart } from "./CompareChart.js";
import { CalcForm } from "../odds/CalcForm.js";
import { dataFrom, fieldsOf, problemsByField, queryFor } from "../odds/form.js";
import { ResultPanel } from "../odds/ResultPanel.js";
import { viewOf } from "../odds/views.js";
import { hashFor, type PageProps, replaceQuery } from "../shell/location.js";
import { type AttackSession, PURPOSE_NAME, resultText, startAttack, throwAll, throwNext } from "./attack-state.js";

type Tab = "attack" | "compare";

const COLOURS: Record<Mode, string> = { db: "#6b6b6b", abstract: "#00798c", random: "#e07000", specific: "#7a4e9c" };

function useForm(query: URLSearchParams, compare: boolean) {
  const fields = useMemo(() => fieldsOf(compare ? compareSchema : gurpsCoverCalculator.schema), [compare]);
  const checked = useMemo(() => (compare ? checkCalculatorInput({ ...gurpsCoverCalculator, schema: compareSchema }, dataFrom(fields, query)) : checkCalculatorInput(gurpsCoverCalculator, dataFrom(fields, query))), [fields, query, compare]);
  return { fields, checked };
}

function Compare({ input }: { input: AttackInput }) {
  const c = compareResult(input) as { treatments: Record<Mode, Record<string, unknown>>; attackerBest: Mode; attackerChoice: Partial<Record<Mode, string>> };
  const t = (m: Mode) => c.treatments[m] as { available: boolean; reason?: string; rule?: string; effectiveSkill?: number; bodyStruck?: ExactP } & Record<string, ExactP>;
  const pct = (p: ExactP | undefined) => (p ? `${(p.decimal * 100).toFixed(2)}%` : "n/a");
  return (
    <section aria-label="The four treatments compared">
      <div class="table-scroll">
        <table class="compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th />
              {MODES.map((m) => (
                <th key={m} class={m === c.attackerBest ? "best" : undefined} scope="col">
                  {MODE_NAMES[m]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>effective skill</td>
              {MODES.map((m) => (
                <td key={m}>{t(m).available ? t(m).effectiveSkill : "n/a"}</td>
              ))}
            </tr>
            {OUTCOMES.map((o) => (
              <tr key={o}>
                <td>{OUTCOME_NAMES[o]}</td>
                {MODES.map((m) => (
                  <td key={m} title={t(m).available ? exactText(t(m)[o]) : t(m).reason}>
                    {t(m).available ? pct(t(m)[o]) : "n/a"}
                  </td>
                ))}
              </tr>
            ))}
            <tr class="best">
              <td>body struck</td>
              {MODES.map((m) => (
                <td key={m} title={t(m).available ? exactText(t(m).bodyStruck!) : undefined}>
                  {t(m).available ? pct(t(m).bodyStruck) : "n/a"}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <ul class="notes">
        {MODES.filter((m) => !t(m).available).map((m) => (
          <li key={m}>
            n/a under {MODE_NAMES[m]}: {t(m).reason} (rule {t(m).rule})
          </li>
        ))}
        {Object.entries(c.attackerChoice).map(([m, pick]) => (
          <li key={m}>
            Attacker's choice under {MODE_NAMES[m as Mode]}: {pick === "cover" ? "treat the shield as cover" : "leave the shield its DB"}
          </li>
        ))}
        <li>
          Best for the attacker of all four: <strong data-testid="attacker-best">{MODE_NAMES[c.attackerBest]}</strong> (body struck = hit + critical hit; hover a cell for its exact fraction).
        </li>
      </ul>
      <div class="chart-box">
        <h3>The four treatments side by side</h3>
        <CompareChart
          title="Outcome of the attack under each treatment"
          labels={[...OUTCOMES.map((o) => OUTCOME_NAMES[o]), "body struck"]}
          series={MODES.filter((m) => t(m).available).map((m) => ({ label: MODE_NAMES[m], colour: COLOURS[m], values: [...OUTCOMES.map((o) => t(m)[o]), t(m).bodyStruck!] }))}
        />
      </div>
    </section>
  );
}

function Attack({ input, seed, onSeed }: { input: AttackInput; seed: number; onSeed: (n: number) => void }) {
  const planned = planAttack(input);
  const key = JSON.stringify([input, seed]);
  const [session, setSession] = useState<{ key: string; s: AttackSession } | null>(null);
  if (!planned.ok) return <p class="error">field {planned.field}: {planned.reason} (rule {planned.rule})</p>;
  const s = session?.key === key ? session.s : startAttack(planned.plan, seed);
  const set = (n: AttackSession) => setSession({ key, s: n });
  const result = resultText(s);
  // The plan's notes are shown with the steps already.
  const odds = { ...viewOf("gurps-cover", gurpsCoverCalculator.result(input)), notes: [] };
  return (
    <div class="attack-view">
      <section aria-label="The attack, step by step">
        <h3>The attack, a die at a time (seed {seed})</h3>
        {planned.plan.notes.length > 0 && (
          <ul class="notes">
            {planned.plan.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        )}
        <ol class="steps" data-testid="attack-steps">
          {s.steps.map((st, i) => (
            <li key={i}>
              <strong>{PURPOSE_NAME[st.purpose]}</strong>: {st.faces.length > 1 ? `${st.faces.join(" + ")} = ` : ""}
              {st.total} → {st.note}
            </li>
          ))}
        </ol>
        {result ? (
          <p class="attack-result" data-testid="attack-result">
            Result: <strong>{result}</strong>
          </p>
        ) : (
          <p>Next: {PURPOSE_NAME[(s.step as { purpose: keyof typeof PURPOSE_NAME }).purpose]}</p>
        )}
        <div class="calc-actions">
          <button type="button" class="primary" disabled={!!result} onClick={() => set(throwNext(s))}>
            Roll next
          </button>
          <button type="button" disabled={!!result} onClick={() => set(throwAll(s))}>
            Roll all
          </button>
          <button type="button" onClick={() => onSeed(seed + 1)}>
            New attack
          </button>
        </div>
      </section>
      <section>
        <h3>Exact odds of this attack</h3>
        <ResultPanel view={odds} />
      </section>
    </div>
  );
}

export default function GurpsPage({ rest, query }: PageProps) {
  const tab: Tab = rest === "compare" ? "compare" : "attack";
  const { fields, checked } = useForm(query, tab === "compare");
  const empty = fields.every((f) => !query.has(f.key));
  // Opened without inputs: start from the calculator's example.
  useEffect(() => {
    if (empty) replaceQuery({ ...queryFor(fields, gurpsCoverCalculator.example), ...(query.get("seed") ? { seed: query.get("seed")! } : {}) });
  }, [empty, fields, query]);
  const change = (k: string, text: string) => {
    const q = new URLSearchParams(query);
    q.set(k, text);
    replaceQuery(q);
  };
  const seed = Number(query.get("seed") ?? 1) || 1;
  const problems = checked.ok ? new Map<string, string[]>() : problemsByField(fields, checked.problems);
  return (
    <div class="game-page gurps-page">
      <nav class="calc-list" aria-label="GURPS views">
        <h3>GURPS shields as cover</h3>
        <ul>
          <li>
            <a href={hashFor("gurps", "attack", query)} class={tab === "attack" ? "here" : undefined}>
              one attack
            </a>
          </li>
          <li>
            <a href={hashFor("gurps", "compare", query)} class={tab === "compare" ? "here" : undefined}>
              compare
            </a>
          </li>
        </ul>
      </nav>
      <div class="calculator">
        <header>
          <h2>{tab === "attack" ? "One attack, step by step" : "The four treatments compared"}</h2>
          <p class="meta">Rulings GC-1..GC-6; input as docs/gurps.md (the same checks as muster gurps {tab}).</p>
        </header>
        <div class="calc-body">
          <div class="calc-inputs">
            <CalcForm fields={fields} query={query} problems={problems} onChange={change} hide={tab === "compare" ? ["mode"] : []} />
            {!checked.ok && <p class="error">Not computed: {checked.message}</p>}
          </div>
          <div class="calc-output">{checked.ok && (tab === "compare" ? <Compare input={checked.input as AttackInput} /> : <Attack input={checked.input as AttackInput} seed={seed} onSeed={(n) => change("seed", String(n))} />)}</div>
        </div>
      </div>
    </div>
  );
}
