/**
 * The property behind the seeded random battle tests (issue 4), shared by the shard files
 * `property-*.test.ts` so that vitest plays them on every core: a battle between seeded
 * random players ends with a result (SW-25), never breaks an invariant after any decision (no
 * overlapping stands, aggression and DPs in range, LPs never spent beyond the value (SW-7), dead
 * leaders never asked to act, stand counts never negative and matching the table, every loss
 * announced once, where it happens), and its record,
 * read back from JSON, replays to the same state hash.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { type GameRecord, makeRecord, play, replay, stateHash } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { type BattleDecision, type BattleSetup, type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { invariantProblem, loadSetup } from "./setup.js";

/** Battles per shard: `MUSTER_BATTLES=N` raises every shard to N (a long run before a release). */
export function shardRuns(normal: number): number {
  return Number(process.env.MUSTER_BATTLES ?? 0) || normal;
}

/** The leader a decision is made for, if it is a leader's decision. */
function actingLeader(s: BattleState): string | null {
  const p = s.pending;
  if (!p) return null;
  if (p.kind === "lead" || p.kind === "holy-call") return p.leader;
  return null;
}

interface Played {
  state: BattleState;
  record: GameRecord<BattleDecision, BattleSetup>;
  problem: string | null;
}

function playChecked(setup: BattleSetup, seed: number): Played {
  let s = battleGame.setup(setup, seed);
  const players = { red: randomPlayer(battleGame, seed * 2 + 1), black: randomPlayer(battleGame, seed * 2 + 2) };
  const decisions: { player: string; move: BattleDecision }[] = [];
  let problem = invariantProblem(s);
  for (let mover = battleGame.toMove(s); mover !== null && problem === null; mover = battleGame.toMove(s)) {
    const leader = actingLeader(s);
    if (leader && s.leaders.find((l) => l.id === leader)?.status !== "alive") problem = `dead leader ${leader} is asked to act`;
    if (battleGame.legalMoves(s, mover).length === 0) problem = `no legal decision for ${mover} (${JSON.stringify(s.pending)})`;
    if (problem) break;
    const move = players[mover as "red" | "black"].choose(s, mover);
    const before = s;
    const applied = play(battleGame, s, mover, move);
    s = applied.state;
    problem = lossesAnnouncedOnce(before, s, applied.events);
    if (problem) break;
    // LPs never overspent: whatever a leader spends comes out of the value he had (ruling SW-7).
    for (const l of s.leaders) {
      const b = before.leaders.find((x) => x.id === l.id);
      if (b && s.turn === before.turn && l.lpSpent > b.lpSpent && l.lpSpent > b.lpValue) problem = `${l.id} spent ${l.lpSpent} LPs with a value of ${b.lpValue}`;
    }
    if (problem) break;
    decisions.push({ player: mover, move });
    problem = invariantProblem(s);
    if (decisions.length > 5000) problem = "more than 5000 decisions";
  }
  return { state: s, record: makeRecord(battleGame, setup, seed, decisions, s), problem };
}

/**
 * Issue 23, N4: a loss is announced once, in the decision where it happens. Every unit lost in
 * this decision (broken, destroyed or surrendered, however: combat, morale, a leader's death, the
 * battle standard) has exactly one `unit-lost` event, and no other unit has one. A unit that
 * pursues off the table is out of the battle but not lost (ruling SW-21): no `unit-lost`.
 */
const LOST = new Set(["broken", "destroyed", "surrendered"]);

function lossesAnnouncedOnce(before: BattleState, after: BattleState, events: readonly { type: string; unit?: unknown }[]): string | null {
  const wasActive = new Set(before.units.filter((u) => u.u.status === "active" && u.deployed).map((u) => u.id));
  const leftPlay = after.units.filter((u) => wasActive.has(u.id) && LOST.has(u.u.status)).map((u) => u.id);
  const announced = events.filter((e) => e.type === "unit-lost").map((e) => String(e.unit));
  for (const id of leftPlay) {
    const n = announced.filter((a) => a === id).length;
    if (n !== 1) return `${id} left play with ${n} unit-lost events`;
  }
  const stray = announced.find((a) => !leftPlay.includes(a));
  return stray === undefined ? null : `unit-lost for ${stray}, which did not leave play in this decision`;
}

/** Plays `runs` seeded random battles (fast-check seed `fcSeed`), checking each as described above and replaying every record from its JSON text. */
export function battleProperty(file: string, runs: number, fcSeed: number): void {
  const setup = loadSetup(file);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
      const p = playChecked(setup, seed);
      expect(p.problem).toBeNull();
      expect(p.state.result).not.toBeNull();
      expect(["red", "black", null]).toContain(p.state.result?.winner);
      // Records are written as JSON files: replay the record as read back from its JSON text.
      const r = replay(battleGame, JSON.parse(JSON.stringify(p.record)));
      expect(r.failure).toBeUndefined();
      expect(r.matches).toBe(true);
      expect(r.hash).toBe(stateHash(p.state));
    }),
    { seed: fcSeed, numRuns: runs },
  );
}
