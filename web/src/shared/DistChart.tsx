/**
 * A small bar chart of an exact outcome distribution (Chart.js): one bar per outcome, optionally
 * an "at least" line for ordered outcomes, and the exact fraction beside the decimal on hover.
 * Used by every page that shows odds (the battle's decisions, the calculators, the companion).
 * The numbers come from the engine's calculators; this file only draws them.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from "chart.js";
import { useEffect, useRef } from "preact/hooks";
import type { DistBar, ExactP } from "./dist-bars.js";
import { exactFormat } from "./exact-format.js";

export type { DistBar, ExactP };

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface DistChartProps {
  bars: DistBar[];
  /** Accessible summary, also the chart's title attribute. */
  title: string;
  /** Show the "at least" line (needs `atLeast` on the bars). */
  showAtLeast?: boolean;
  height?: number;
  /** Bar colour; defaults to the app's accent. */
  colour?: string;
}

/** "1/6 (16.67%)": the exact fraction in full (a tooltip or caption has room for it). */
export function exactText(p: ExactP): string {
  return exactFormat(p).full;
}

export function DistChart({ bars, title, showAtLeast = false, height = 160, colour = "#00798c" }: DistChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const withLine = showAtLeast && bars.every((b) => b.atLeast);
  useEffect(() => {
    if (!canvas.current) return;
    const datasets = [
      { type: "bar" as const, label: "P(exactly)", data: bars.map((b) => b.p.decimal * 100), backgroundColor: colour, order: 2 },
      ...(withLine
        ? [{ type: "line" as const, label: "P(at least)", data: bars.map((b) => (b.atLeast?.decimal ?? 0) * 100), borderColor: "#b3261e", backgroundColor: "#b3261e", pointRadius: 2, borderWidth: 2, order: 1 }]
        : []),
    ];
    chart.current?.destroy();
    chart.current = new Chart(canvas.current, {
      data: { labels: bars.map((b) => b.label), datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, max: withLine ? 100 : undefined, ticks: { callback: (v) => `${v}%` } } },
        plugins: {
          legend: { display: withLine, labels: { boxWidth: 10 } },
          tooltip: {
            callbacks: {
              label: (ctx) => {
                const bar = bars[ctx.dataIndex];
                const p = ctx.datasetIndex === 0 ? bar.p : bar.atLeast;
                return p ? `${ctx.dataset.label}: ${exactText(p)}` : "";
              },
            },
          },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [bars, withLine, colour]);
  return (
    <figure class="dist-chart" style={{ height: `${height}px` }}>
      <canvas ref={canvas} role="img" aria-label={title} title={title} />
      {/* The same numbers as text: for screen readers, tests and copying. */}
      <figcaption class="sr-only">
        {title}: {bars.map((b) => `${b.label} ${exactText(b.p)}`).join("; ")}
      </figcaption>
    </figure>
  );
}
