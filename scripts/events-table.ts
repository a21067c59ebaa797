/**
 * The event table of docs/shieldwall/battle.md ("How often each event fires"): for each shipped
 * scenario, 200 battles commander against commander and 200 random against random (seed 2026),
 * counted with `muster sim --events --json` (run as a user would, on worker threads), and every
 * kind that never fired with its reason from scripts/event-zero-reasons.ts. Writes the table
 * between the markers in the document; a kind that never fired and has no reason is listed on
 * standard error and the exit code is 1.
 *
 *   npm run events:table                    # 200 battles per cell, about 10–20 minutes on 2 cores
 *   npm run events:table -- --games 20      # a quick look (the document is not written)
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { projectRoot } from "../bench/shieldwall-battle.js";
import { BATTLE_EVENT_KINDS } from "../src/rulesets/shieldwall/battle/event-kinds.js";
import { ZERO_REASONS } from "./event-zero-reasons.js";

export const SCENARIOS = ["maldon-991", "raid", "raid-landing", "brunanburh-937"] as const;
export const MATCHES = [
  { label: "commander", red: "commander", black: "commander" },
  { label: "random", red: "random", black: "random" },
] as const;
export const START = "<!-- events-table:start (written by npm run events:table) -->";
export const END = "<!-- events-table:end -->";
const SEED = 2026;

/** The kinds whose total is zero and that have no written reason (each one fails the table). */
export function zerosWithoutReason(totals: ReadonlyMap<string, number>, reasons: Readonly<Record<string, string | undefined>>): string[] {
  return [...totals].filter(([k, n]) => n === 0 && !reasons[k]).map(([k]) => k);
}

interface SimEvents {
  games: number;
  seconds: number;
  events: { type: string; count: number; games: number; listed: boolean }[];
}

function runCell(scenario: string, red: string, black: string, games: number): SimEvents {
  const out = execFileSync(
    process.execPath,
    ["bin/muster.js", "--seed", String(SEED), "--json", "sim", "--scenario", `data/shieldwall/scenarios/${scenario}.json`, "--red", red, "--black", black, "--games", String(games), "--events", "--no-progress"],
    { cwd: projectRoot(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as SimEvents;
}

function main(): void {
  const args = process.argv.slice(2);
  const gi = args.indexOf("--games");
  const gamesAsked = gi >= 0 ? Number(args[gi + 1]) : 200;
  if (!Number.isSafeInteger(gamesAsked) || gamesAsked < 1) throw new Error(`--games must be a whole number ≥ 1, got ${args[gi + 1]}`);
  // --from FILE re-writes the table from the counts a previous run saved (e.g. after adding a reason).
  const fi = args.indexOf("--from");
  let cells: { scenario: string; label: string; r: SimEvents }[] = [];
  if (fi >= 0) cells = JSON.parse(readFileSync(args[fi + 1], "utf8")) as typeof cells;
  else {
    for (const scenario of SCENARIOS) {
      for (const m of MATCHES) {
        const r = runCell(scenario, m.red, m.black, gamesAsked);
        process.stderr.write(`${scenario} ${m.label}: ${r.games} battles in ${r.seconds.toFixed(1)} s\n`);
        cells.push({ scenario, label: m.label, r: { games: r.games, seconds: r.seconds, events: r.events } });
      }
    }
    const saved = resolve(projectRoot(), "dist/events-table.json");
    writeFileSync(saved, JSON.stringify(cells));
    process.stderr.write(`counts saved to ${saved} (re-write the table from them with --from)\n`);
  }
  const games = cells[0]?.r.games ?? gamesAsked;
  const kinds = [...BATTLE_EVENT_KINDS, ...new Set(cells.flatMap((c) => c.r.events.filter((e) => !e.listed).map((e) => e.type)))];
  const countOf = (c: (typeof cells)[number], k: string) => c.r.events.find((e) => e.type === k)?.count ?? 0;
  const header = `| Event | ${cells.map((c) => `${c.scenario} ${c.label}`).join(" | ")} | Total | Why it never fires |`;
  const rows = [header, `| --- | ${cells.map(() => "---:").join(" | ")} | ---: | --- |`];
  const totals = new Map<string, number>();
  for (const k of kinds) {
    const counts = cells.map((c) => countOf(c, k));
    const total = counts.reduce((a, b) => a + b, 0);
    totals.set(k, total);
    const reason = total === 0 ? (ZERO_REASONS[k as keyof typeof ZERO_REASONS] ?? "") : "";
    rows.push(`| \`${k}\` | ${counts.join(" | ")} | ${total} | ${reason} |`);
  }
  const missing = zerosWithoutReason(totals, ZERO_REASONS);
  const intro = [
    `Seed ${SEED}, ${games} battles per column: "commander" is the commander against the commander, "random" the random player against the random player; counts are events over all the battles (\`muster sim --events\`). Written by \`npm run events:table\`.`,
    "",
  ];
  if (missing.length > 0) process.stderr.write(`never fired and no reason in scripts/event-zero-reasons.ts: ${missing.join(", ")}\n`);
  if (games !== 200) {
    process.stdout.write(`${[...intro, ...rows].join("\n")}\n`);
  } else {
    const path = resolve(projectRoot(), "docs/shieldwall/battle.md");
    const doc = readFileSync(path, "utf8");
    const a = doc.indexOf(START);
    const b = doc.indexOf(END);
    if (a < 0 || b < a) throw new Error(`docs/shieldwall/battle.md: the markers ${START} and ${END} are missing`);
    writeFileSync(path, `${doc.slice(0, a + START.length)}\n${[...intro, ...rows].join("\n")}\n${doc.slice(b)}`);
    process.stderr.write(`docs/shieldwall/battle.md: event table written (${kinds.length} kinds)\n`);
  }
  if (missing.length > 0) process.exitCode = 1;
}

if (process.argv[1]?.endsWith("events-table.js")) main();
