/** A calculator's result: headline figures, the charts (bars, "at least" line, exact fractions on hover) and notes. */
import { DistChart } from "../shared/DistChart.js";
import { ExactValue } from "../shared/ExactValue.js";
import type { ResultView } from "./views.js";

export function ResultPanel({ view }: { view: ResultView }) {
  return (
    <section class="calc-result" aria-label="Result">
      {view.sample && (
        <p class="sample">
          Monte Carlo estimate: <strong data-testid="sample-size">{view.sample.size}</strong> samples (seed {view.sample.seed}); each share with its standard error.
        </p>
      )}
      <dl class="figures">
        {view.figures.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd data-figure={f.label}>{typeof f.value === "string" ? f.value : <ExactValue value={f.value} as={f.as} />}</dd>
          </div>
        ))}
      </dl>
      <div class="charts">
        {view.charts.map((c) => (
          <div class="chart-box" key={c.title}>
            <h3>{c.title}</h3>
            <DistChart bars={c.bars} title={c.title} showAtLeast={c.showAtLeast} height={c.bars.length > 8 ? 240 : 210} />
          </div>
        ))}
      </div>
      {view.notes.length > 0 && (
        <ul class="notes">
          {view.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
