/** The text report of `muster sim` (local or queued). */
import type { EventTally, SimReport } from "./sim.js";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "–");

export function simText(r: SimReport, extra: { scenario: string; workers: number; seconds: number; where?: string }): string {
  const sides = Object.keys(r.wins);
  const who = sides.map((s) => `${s}: ${r.players[s]}`).join(", ");
  const lines = [`${r.title}: ${r.games} games${r.failures.count > 0 ? ` (of ${r.games + r.failures.count})` : ""}, ${who}; scenario ${extra.scenario}; seed ${r.seed}; ${extra.where !== undefined ? extra.where : extra.workers === 0 ? "this thread" : `${extra.workers} worker thread${extra.workers === 1 ? "" : "s"}`}${Number.isNaN(extra.seconds) ? "" : `; ${extra.seconds.toFixed(1)} s`}`];
  const row = (label: string, x: { count: number; rate: number; ci95: { low: number; high: number } }) =>
    `  ${label.padEnd(14)} ${String(x.count).padStart(7)}  ${pct(x.rate).padStart(6)}  (95% CI ${pct(x.ci95.low)}–${pct(x.ci95.high)}, Wilson)`;
  if (r.games === 0) {
    const f = r.failures.first[0];
    lines.push(`  no game finished: all ${r.failures.count} failed with an engine error; first: game ${f?.index} (seed ${f?.seed}): ${f?.error}`);
    return lines.join("\n");
  }
  for (const s of sides) lines.push(row(`${s} wins`, r.wins[s]));
  lines.push(row("draws", r.draws));
  lines.push(`  turns          mean ${num(r.turns.mean)} (standard error ${num(r.turns.se, 3)}; sd ${num(r.turns.sd)}; range ${r.turns.min}–${r.turns.max})`);
  for (const s of sides) lines.push(`  ${`${s} losses`.padEnd(14)} mean ${num(r.losses[s].mean)} ${r.lossUnit} (standard error ${num(r.losses[s].se, 3)}; sd ${num(r.losses[s].sd)})`);
  lines.push(`  decisions      mean ${num(r.decisions.mean, 1)} per game`);
  if (r.failures.count > 0) {
    const f = r.failures.first[0];
    lines.push(`  WARNING: ${r.failures.count} game${r.failures.count === 1 ? "" : "s"} failed with an engine error and ${r.failures.count === 1 ? "is" : "are"} left out of every figure; first: game ${f.index} (seed ${f.seed}): ${f.error}`);
  }
  lines.push("  how games ended:");
  for (const e of r.endings.slice(0, 10)) lines.push(`    ${String(e.count).padStart(7)}  ${e.ending}`);
  if (r.endings.length > 10) lines.push(`    and ${r.endings.length - 10} more kinds of ending (see --json)`);
  if (r.tallies && r.tallies.length > 0) {
    lines.push(`  per game (mean; total in brackets): ${sides.join(" / ")}`);
    const width = Math.max(...r.tallies.map((t) => t.name.length));
    for (const t of r.tallies) lines.push(`    ${t.name.padEnd(width)}  ${sides.map((s) => `${num(t.perPlayer[s].mean).padStart(6)} (${t.perPlayer[s].total})`).join("  ")}`);
  }
  if (r.events) lines.push(...eventsText(r.events));
  return lines.join("\n");
}

/** The `--events` table: every event type the game lists (zeros included), then any it does not list. */
export function eventsText(events: readonly EventTally[]): string[] {
  const width = Math.max(10, ...events.map((e) => e.type.length));
  const lines = ["  events over the games (every type the game can emit, zeros included):", `    ${"type".padEnd(width)}  ${"count".padStart(9)}  ${"games".padStart(6)}  per game`];
  for (const e of events) lines.push(`    ${e.type.padEnd(width)}  ${String(e.count).padStart(9)}  ${String(e.games).padStart(6)}  ${num(e.perGame).padStart(8)}${e.listed ? "" : "  NOT LISTED by the game"}`);
  const zeros = events.filter((e) => e.count === 0).length;
  lines.push(`    ${events.filter((e) => e.listed).length} types listed, ${zeros} never fired in these games`);
  return lines;
}
