/**
 * The list of every battle event kind (battle/event-kinds.ts, issue 14): random battles on every
 * shipped scenario emit only listed kinds; the per-battle tallies count challenges, answers, duels
 * and leaders lost by cause; and every kind that never fired in the recorded table of
 * docs/shieldwall/battle.md carries its written reason (scripts/event-zero-reasons.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { type GameEvent, play } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { BATTLE_EVENT_KINDS, BATTLE_EVENTS, isBattleEventKind } from "../../../src/rulesets/shieldwall/battle/event-kinds.js";
import { type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { BATTLE_TALLIES, battleTallies } from "../../../src/rulesets/shieldwall/battle/options.js";
import { END, START, zerosWithoutReason } from "../../../scripts/events-table.js";
import { ZERO_REASONS } from "../../../scripts/event-zero-reasons.js";
import { loadSetup } from "./setup.js";

function randomBattle(scenario: string, seed: number): { state: BattleState; events: GameEvent[] } {
  let s = battleGame.setup(loadSetup(scenario), seed);
  const events: GameEvent[] = [...s.setupEvents];
  const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1) };
  for (let n = 0; n < 50_000; n++) {
    const side = battleGame.toMove(s);
    if (side === null) return { state: s, events };
    const r = play(battleGame, s, side, players[side as "red" | "black"].choose(s, side));
    events.push(...r.events);
    s = r.state;
  }
  throw new Error("battle did not end");
}

describe("battle event kinds (issue 14)", () => {
  const battles = ["maldon-991.json", "raid.json", "raid-landing.json", "brunanburh-937.json"].flatMap((sc) => [1, 2].map((seed) => ({ sc, seed, ...randomBattle(sc, seed) })));

  it("every event of random battles on each shipped scenario is of a listed kind", () => {
    for (const b of battles) for (const e of b.events) expect(isBattleEventKind(e.type), `${b.sc} seed ${b.seed}: ${e.type}`).toBe(true);
    expect(BATTLE_EVENT_KINDS.length).toBe(Object.keys(BATTLE_EVENTS).length);
    expect(isBattleEventKind("no-such-kind")).toBe(false);
  });

  it("SW-7, SW-25: every leader lost has one leader-lost event with its cause, and every duel counts one fighter per side", () => {
    for (const b of battles) {
      const t = battleTallies(b.state, b.events);
      for (const side of ["red", "black"] as const) {
        expect(t["leaders lost: other"][side], `${b.sc} ${b.seed}`).toBe(0);
        const lost = b.state.leaders.filter((l) => l.status !== "alive" && l.id.startsWith(`${side}.`)).length;
        const byCause = BATTLE_TALLIES.filter((k) => k.startsWith("leaders lost: ")).reduce((a, k) => a + t[k][side], 0);
        expect(byCause).toBe(lost);
      }
      const duels = b.events.filter((e) => e.type === "duel").length;
      const fought = (["red", "black"] as const).reduce((a, s) => a + t["duels fought by the leader"][s] + t["duels fought by a champion"][s], 0);
      expect(fought).toBe(2 * duels);
      const issued = t["challenges issued"].red + t["challenges issued"].black;
      const answered = (["red", "black"] as const).reduce((a, s) => a + t["challenges received: accepted"][s] + t["challenges received: refused"][s] + t["challenges received: lapsed"][s], 0);
      expect(answered).toBeLessThanOrEqual(issued);
    }
  });

  it("tallies count hand-made events by side: challenges by the challenger, answers by the challenged, duels by fighter, losses by cause", () => {
    const ev = (type: string, detail: Record<string, unknown>): GameEvent => ({ type, text: type, ...detail });
    const state = { leaders: [] } as unknown as BattleState;
    const t = battleTallies(state, [
      ev("challenge", { leader: "red.a", target: "black.b" }),
      ev("challenge", { leader: "red.a" }), // a challenge that could not be issued (no target)
      ev("challenge-answer", { leader: "black.b", accept: true, answer: "accepted" }),
      ev("duel", { a: "red.a", b: "black.b", fighters: { a: "leader", b: "champion" }, wounds: { a: 1, b: 3 } }),
      ev("challenge", { leader: "black.b", target: "red.a" }),
      ev("challenge-answer", { leader: "red.a", accept: false, answer: "refused" }),
      ev("challenge-answer", { leader: "red.a", accept: true, answer: "lapsed" }),
      ev("leader-lost", { leader: "black.b", cause: "missile-risk", commanderInChief: true }),
      ev("leader-lost", { leader: "red.c", cause: "retinue-eliminated", commanderInChief: false }),
    ]);
    expect(t["challenges issued"]).toEqual({ red: 1, black: 1 });
    expect(t["challenges received: accepted"]).toEqual({ red: 0, black: 1 });
    expect(t["challenges received: refused"]).toEqual({ red: 1, black: 0 });
    expect(t["challenges received: lapsed"]).toEqual({ red: 1, black: 0 });
    expect(t["duels fought by the leader"]).toEqual({ red: 1, black: 0 });
    expect(t["duels fought by a champion"]).toEqual({ red: 0, black: 1 });
    expect(t["duels won (enemy fighter killed)"]).toEqual({ red: 1, black: 0 });
    expect(t["leaders lost: missile-risk"]).toEqual({ red: 0, black: 1 });
    expect(t["leaders lost: retinue-eliminated"]).toEqual({ red: 1, black: 0 });
    expect(t["commander-in-chief lost"]).toEqual({ red: 0, black: 1 });
  });

  it("the event table in docs/shieldwall/battle.md lists every kind, and every kind that never fired has its written reason", () => {
    const doc = readFileSync(resolve(process.cwd(), "docs/shieldwall/battle.md"), "utf8");
    const a = doc.indexOf(START);
    const b = doc.indexOf(END);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a);
    const rows = doc
      .slice(a, b)
      .split("\n")
      .filter((l) => l.startsWith("| `"))
      .map((l) => l.split("|").map((c) => c.trim()));
    const byKind = new Map(rows.map((r) => [r[1].replaceAll("`", ""), r]));
    for (const k of BATTLE_EVENT_KINDS) expect(byKind.has(k), `${k} is missing from the table: run npm run events:table`).toBe(true);
    for (const [kind, r] of byKind) {
      const total = Number(r[r.length - 3]);
      const reason = r[r.length - 2];
      if (total === 0) {
        expect(ZERO_REASONS[kind as keyof typeof ZERO_REASONS], `${kind} never fired: give a reason in scripts/event-zero-reasons.ts`).toBeTruthy();
        expect(reason).toBe(ZERO_REASONS[kind as keyof typeof ZERO_REASONS]);
      }
    }
    for (const k of Object.keys(ZERO_REASONS)) expect(isBattleEventKind(k), `${k} in scripts/event-zero-reasons.ts is not an event kind`).toBe(true);
  });

  it("the table script names every kind that never fired without a reason", () => {
    const totals = new Map([["embark", 0], ["move", 12], ["loot", 0]]);
    expect(zerosWithoutReason(totals, { loot: "no camps in these scenarios" })).toEqual(["embark"]);
    expect(zerosWithoutReason(totals, { loot: "x", embark: "y" })).toEqual([]);
  });
});
