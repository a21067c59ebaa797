/**
 * A small progress display for long runs, on standard error: a redrawn bar when stderr is a
 * terminal, otherwise a plain line at every tenth of the work (so logs stay readable).
 */
export interface ProgressSink {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface Progress {
  update(done: number): void;
  finish(): void;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m}m${String(Math.round(seconds % 60)).padStart(2, "0")}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/** The bar line for `done` of `total` after `seconds`, of which `from` were done before they started (exported for tests). */
export function barLine(label: string, done: number, total: number, seconds: number, width = 30, from = 0): string {
  const frac = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(frac * width);
  const rate = seconds > 0 ? (done - from) / seconds : 0;
  const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
  return `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${(100 * frac).toFixed(0).padStart(3)}%  ${rate.toFixed(1)}/s  eta ${done >= total ? "0s" : duration(eta)}`;
}

/**
 * @param now clock in milliseconds (injected so tests can drive it)
 * @param from work already done when the bar starts (a resumed run): the rate and ETA count only what follows
 */
export function progressBar(label: string, total: number, sink: ProgressSink, now: () => number = () => performance.now(), from = 0): Progress {
  const start = now();
  let lastDraw = start;
  let lastTenth = 0;
  let shown = false;
  const tty = sink.isTTY === true;
  return {
    update(done) {
      const t = now();
      if (tty) {
        if (t - lastDraw < 100 && done < total && shown) return;
        lastDraw = t;
        const width = Math.max(10, Math.min(30, (sink.columns ?? 80) - 60));
        sink.write(`\r${barLine(label, done, total, (t - start) / 1000, width, from)}\x1b[K`);
        shown = true;
      } else {
        // A plain line at a new tenth of the work, at most one every 5 seconds.
        const tenth = total === 0 ? 10 : Math.floor((10 * done) / total);
        if (tenth <= lastTenth || t - lastDraw < 5000) return;
        lastTenth = tenth;
        lastDraw = t;
        const rate = (done - from) / Math.max(1e-3, (t - start) / 1000);
        sink.write(`${label}: ${done}/${total} (${tenth * 10}%) after ${duration((t - start) / 1000)}${done < total ? `, eta ${rate > 0 ? duration((total - done) / rate) : "?"}` : ""}\n`);
      }
    },
    finish() {
      if (tty && shown) sink.write("\n");
    },
  };
}
