/**
 * The commander's marching (issue 14, "Leaders who behave like leaders"; the raid landing): a
 * formed move that a friend in the way, or the table edge, would stop short is swapped for the
 * plain move that brings its units nearest the enemy (option `unjam`), weighed with the engine's
 * own move at the mean roll (`previewMove`, seed "Movement": a group moves on one roll, the front
 * unit first; units halt 2" from visible enemy and short of other stands).
 */
import { describe, expect, it } from "vitest";
import { play } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { commanderChoice, DEFAULT_COMMANDER_OPTIONS } from "../../../src/rulesets/shieldwall/ai/index.js";
import { gainBound } from "../../../src/rulesets/shieldwall/ai/unjam.js";
import { contextOf, enemiesOf } from "../../../src/rulesets/shieldwall/ai/view.js";
import { type BattleState, type BattleUnit, battleGame, type MoveChoice } from "../../../src/rulesets/shieldwall/battle/index.js";
import { friendOrEdgeWithin, type PreviewedMove, previewMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { unitDist } from "../../../src/rulesets/shieldwall/geometry/proximity.js";
import { loadSetup } from "../battle/setup.js";

const landing = loadSetup("raid-landing.json");
type StraightMove = Extract<MoveChoice, { kind: "advance" | "toward" }>;
const straight = (m: MoveChoice): m is StraightMove => m.kind === "advance" || m.kind === "toward";

/** The commander with option unjam (off by default since issue 26). */
const UNJAM_ON = { ...DEFAULT_COMMANDER_OPTIONS, unjam: true };

/** Plays commander (red, with unjam) against random (black), handing every red move decision to `visit`. */
function eachRedMove(seed: number, visit: (s: BattleState, unit: string, after: BattleState, d: MoveChoice, events: readonly { type: string; unit?: unknown; asked?: unknown }[]) => void): void {
  const black = randomPlayer(battleGame, seed + 1);
  let s = battleGame.setup(landing, seed);
  for (let n = 0; n < 20_000; n++) {
    const side = battleGame.toMove(s);
    if (side === null) return;
    const d = side === "red" ? commanderChoice(s, side, UNJAM_ON, seed) : black.choose(s, side);
    const applied = play(battleGame, s, side, d);
    if (side === "red" && s.pending?.kind === "move" && d.type === "move") visit(s, s.pending.unit, applied.state, d.move, applied.events);
    s = applied.state;
  }
}

/** Inches nearer the enemy the previewed moves bring their units (as the commander weighs them). */
function gain(s: BattleState, moved: PreviewedMove[]): number {
  const ctx = contextOf(s);
  let g = 0;
  for (const mv of moved) {
    const before = ctx.unit(mv.unit);
    const after: BattleUnit = { ...before, stands: mv.stands };
    const near = (u: BattleUnit) => Math.max(2, Math.min(...enemiesOf(ctx, before.side).map((e) => unitDist(u, e))));
    g += near(before) - near(after);
  }
  return g;
}

describe("previewMove: the engine's own move at a given roll, on a copy", () => {
  it("seed 'Movement': at the inches the dice then gave, the preview ends every unit where the engine's move did, and leaves the state alone", () => {
    let checked = 0;
    for (const seed of [3, 4]) {
      eachRedMove(seed, (s, unit, after, m, events) => {
        if (!straight(m)) return;
        // The inches the dice gave: the unit's move event (none yet while a kept Seven may re-roll them).
        const own = events.find((e) => e.type === "move" && e.unit === unit);
        if (own === undefined || typeof own.asked !== "number") return;
        const before = JSON.stringify(s);
        const preview = previewMove(s, unit, m, own.asked);
        expect(JSON.stringify(s)).toBe(before);
        const movedIds = new Set(events.filter((e) => e.type === "move").map((e) => e.unit));
        expect(new Set(preview.map((p) => p.unit))).toEqual(movedIds);
        for (const p of preview) expect(p.stands).toEqual(after.units.find((u) => u.id === p.unit)?.stands);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe("commander: unjamming a march (option unjam)", () => {
  it("a move a friend or the table edge would stop short gives way to the one that gets its units nearest the enemy", () => {
    const off = { ...DEFAULT_COMMANDER_OPTIONS, unjam: false };
    let swapped = 0;
    for (const seed of [1148461594, 1340573469, 5, 6, 7]) {
      eachRedMove(seed, (s, unit, _after, m) => {
        const plain = commanderChoice(s, "red", off, seed);
        if (plain.type !== "move" || JSON.stringify(plain.move) === JSON.stringify(m)) return;
        // Only a straight formed move is ever swapped, and only for another straight move.
        expect(straight(plain.move)).toBe(true);
        expect(straight(m)).toBe(true);
        if (!straight(plain.move) || !straight(m)) return;
        const mean = (x: StraightMove) => (x.extraD6 ? 7 : 3.5);
        const was = previewMove(s, unit, plain.move, mean(plain.move));
        expect(was.some((p) => (p.blockedByFriend || p.blockedByEdge) && p.distance < p.asked / 2)).toBe(true);
        expect(gain(s, previewMove(s, unit, m, mean(m)))).toBeGreaterThan(gain(s, was) + 0.5);
        swapped++;
      });
    }
    expect(swapped).toBeGreaterThan(0);
  });
});

describe("unjam's shortcuts never change its choice (issue 26, the commander's speed)", () => {
  it("seed 'Movement': no preview is stopped by a friend or the edge in less than the reach friendOrEdgeWithin cleared, and no move gains more than gainBound", () => {
    let cleared = 0;
    let bounded = 0;
    for (const seed of [5, 6]) {
      eachRedMove(seed, (s, unit) => {
        const ctx = contextOf(s);
        const bu = ctx.unit(unit);
        const options = battleGame.legalMoves(s, "red").flatMap((d) => (d.type === "move" && straight(d.move) && d.move.stopAt === undefined && d.move.interpenetrate !== true ? [d.move] : []));
        for (const c of options.slice(0, 4)) {
          const inches = c.extraD6 ? 7 : 3.5;
          const preview = previewMove(s, unit, c, inches);
          const reach = inches / 2 + 0.01;
          if (!friendOrEdgeWithin(s, unit, c, reach)) {
            cleared++;
            for (const mv of preview) expect((mv.blockedByFriend || mv.blockedByEdge) && mv.distance < reach - 0.01).toBe(false);
          }
          expect(gain(s, preview)).toBeLessThanOrEqual(gainBound(ctx, bu, c) + 1e-9);
          bounded++;
        }
      });
    }
    expect(cleared).toBeGreaterThan(10);
    expect(bounded).toBeGreaterThan(50);
  });
});
