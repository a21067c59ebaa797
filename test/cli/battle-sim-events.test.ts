/**
 * `muster sim --events` and the battle tallies (issue 14): every event kind the game lists is
 * counted, zeros included, as text and as JSON; the counts are the events the games emitted; a
 * kind the game does not list is flagged.
 */
import { describe, expect, it } from "vitest";
import { battleGame as entryFor } from "../../src/cli/battle/catalog.js";
import { eventsText } from "../../src/cli/battle/index.js";
import { playGame } from "../../src/cli/battle/run.js";
import { loadScenario } from "../../src/cli/battle/scenarios.js";
import { eventTallies, type GameOutcome } from "../../src/cli/battle/sim.js";
import { deriveSeed } from "../../src/core/records.js";
import { BATTLE_EVENT_KINDS } from "../../src/rulesets/shieldwall/battle/event-kinds.js";
import { BATTLE_TALLIES } from "../../src/rulesets/shieldwall/battle/options.js";
import { SHIELDWALL_BATTLE_ID } from "../../src/rulesets/shieldwall/battle/index.js";
import { runCli } from "../helpers/cli.js";

const RAID = "data/shieldwall/scenarios/raid.json";

describe("muster sim --events (issue 14)", () => {
  it("--json: one row per listed kind (zeros included) with count, games and per-game mean, equal to the events the games emitted; tallies per side", async () => {
    const r = await runCli(["--json", "--seed", "3", "sim", "--scenario", RAID, "--games", "2", "--workers", "0", "--no-progress", "--events"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { games: number; events: { type: string; count: number; games: number; perGame: number; listed: boolean }[]; tallies: { name: string; perPlayer: Record<string, { total: number; mean: number }> }[] };
    expect(j.events.map((e) => e.type)).toEqual([...BATTLE_EVENT_KINDS]);
    for (const e of j.events) {
      expect(e).toEqual({ type: e.type, count: expect.any(Number), games: expect.any(Number), perGame: e.count / 2, listed: true });
      expect(e.games).toBeLessThanOrEqual(2);
    }
    expect(j.events.some((e) => e.count === 0)).toBe(true);
    // The same two battles counted here, set-up events included.
    const entry = entryFor(SHIELDWALL_BATTLE_ID)!;
    const options = loadScenario(SHIELDWALL_BATTLE_ID, RAID).options;
    const counts = new Map<string, number>();
    for (const i of [0, 1]) {
      const g = playGame(entry, options, {}, deriveSeed(3, i), { log: true });
      for (const l of g.log) counts.set(l.event.type, (counts.get(l.event.type) ?? 0) + 1);
    }
    for (const e of j.events) expect(e.count, e.type).toBe(counts.get(e.type) ?? 0);
    expect(j.tallies.map((t) => t.name)).toEqual([...BATTLE_TALLIES]);
    for (const t of j.tallies) for (const side of ["red", "black"]) expect(t.perPlayer[side].mean).toBe(t.perPlayer[side].total / 2);
  });

  it("text: a line per kind, zeros included, and the number that never fired; without --events no event table", async () => {
    const r = await runCli(["--seed", "3", "sim", "--scenario", RAID, "--games", "1", "--workers", "0", "--no-progress", "--events"]);
    expect(r.code).toBe(0);
    for (const k of BATTLE_EVENT_KINDS) expect(r.stdout).toMatch(new RegExp(`^    ${k} +\\d+ +[01] +[\\d.]+$`, "m"));
    expect(r.stdout).toMatch(/^ {4}\d+ types listed, \d+ never fired in these games$/m);
    expect(r.stdout).toContain("challenges issued");
    const plain = await runCli(["--seed", "3", "sim", "--scenario", RAID, "--games", "1", "--workers", "0", "--no-progress"]);
    expect(plain.stdout).not.toContain("events over the games");
  });

  it("a kind the game does not list is counted and flagged", () => {
    const outcome = (events: Record<string, number>): GameOutcome => ({ index: 0, seed: 0, winner: null, ending: "x", turns: 1, losses: {}, decisions: 1, events });
    const rows = eventTallies(["a", "b"], [outcome({ a: 2, z: 1 }), outcome({ a: 1 })]);
    expect(rows).toEqual([
      { type: "a", count: 3, games: 2, perGame: 1.5, listed: true },
      { type: "b", count: 0, games: 0, perGame: 0, listed: true },
      { type: "z", count: 1, games: 1, perGame: 0.5, listed: false },
    ]);
    expect(eventsText(rows).join("\n")).toMatch(/z +1 +1 +0\.50 {2}NOT LISTED by the game/);
  });
});
