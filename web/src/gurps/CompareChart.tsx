/**
 * The four treatments side by side in one Chart.js bar chart: one group per outcome, one bar per
 * treatment, the exact fraction on hover. (DistChart draws one distribution; this draws four.)
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "preact/hooks";
import { type ExactP, exactText } from "../odds/exact.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface CompareSeries {
  label: string;
  colour: string;
  values: ExactP[];
}

export function CompareChart({ labels, series, title }: { labels: string[]; series: CompareSeries[]; title: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.values.map((v) => v.decimal * 100), backgroundColor: s.colour })) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { callback: (v) => `${v}%` } } },
        plugins: {
          legend: { labels: { boxWidth: 10 } },
          tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${exactText(series[ctx.datasetIndex].values[ctx.dataIndex])}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series]);
  return (
    <figure class="dist-chart" style={{ height: "260px" }}>
      <canvas ref={canvas} role="img" aria-label={title} title={title} />
      <figcaption class="sr-only">
        {title}: {series.map((s) => `${s.label}: ${labels.map((l, i) => `${l} ${exactText(s.values[i])}`).join(", ")}`).join("; ")}
      </figcaption>
    </figure>
  );
}
