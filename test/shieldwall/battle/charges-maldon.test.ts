/**
 * Issue 23 (ruling SW-28): a person's Maldon game as played in the browser, red deployed on an
 * offered deployment position (the second of the grid, not the first), signalling and advancing
 * straight at the enemy, turns 1–8, black the commander. Red's line ends up offset from black's
 * stands with friends beside it, so the old rule (commit f708a07: a straight charge move onto the
 * nearest clear stand edge, `facingEdge` by the target's front and rear lines) finds no clear plan
 * for any enemy within 2" and in sight, a friend being in the way; the SW-28 charge move offers the
 * charge. The game is saved as a record (built with the engine) and replayed.
 */
import { describe, expect, it } from "vitest";
import { type DecisionRecord, makeRecord, play, replay } from "../../../src/core/game.js";
import { commanderPlayer } from "../../../src/rulesets/shieldwall/ai/index.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { type BattleDecision, type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { chargeTargets, enemiesOnTable } from "../../../src/rulesets/shieldwall/battle/queries.js";
import { geomOf } from "../../../src/rulesets/shieldwall/battle/unit-facts.js";
import { planChargeMove } from "../../../src/rulesets/shieldwall/geometry/charge.js";
import { unitSees } from "../../../src/rulesets/shieldwall/geometry/los.js";
import { within } from "../../../src/rulesets/shieldwall/geometry/proximity.js";
import { type Edge, type Stand, rectOf, toLocal } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { unitCentre } from "../../../src/rulesets/shieldwall/geometry/unit.js";
import { loadSetup } from "./setup.js";

/** The edge the old rule charged: front if ahead of the stand's front line, rear if behind its rear line, else the side (f708a07 `facingEdge`). */
function oldFacingEdge(target: Stand, px: number, py: number): Edge {
  const r = rectOf(target);
  const { u, v } = toLocal(r, px, py);
  if (v >= r.hd) return "front";
  if (v <= -r.hd) return "rear";
  return u >= 0 ? "right" : "left";
}

/** The old (f708a07) chargeTargets, rebuilt: enemies within 2" and in sight, and those a straight charge move reaches clear; with the units whose stands blocked the straight moves. */
function oldChargeRule(s: BattleState, id: string): { inReach: string[]; offered: string[]; blockers: string[] } {
  const ctx = new Ctx(s, true);
  const bu = ctx.unit(id);
  const scene = ctx.scene();
  const c = unitCentre(geomOf(bu));
  const inReach: string[] = [];
  const offered: string[] = [];
  const blockers = new Set<string>();
  for (const e of enemiesOnTable(ctx, bu.side)) {
    if (!within(bu, e, 2) || !unitSees(scene, bu.id, e.id)) continue;
    inReach.push(e.id);
    const plans = e.stands.map((st, i) => planChargeMove(scene, bu.id, { unit: e.id, stand: i }, oldFacingEdge(st, c.x, c.y)));
    if (plans.some((p) => p.clear)) offered.push(e.id);
    for (const p of plans) for (const b of p.blockedBy) if (b.kind === "stand") blockers.add(b.unit);
  }
  return { inReach, offered, blockers: [...blockers].sort() };
}

/** The deployment position the person picks: the second offered (the first is what the old test used, and there the old rule also offered charges). */
const DEPLOY_CHOICE = 1;

/** The person: the second offered position for each contingent, the advance signalled, every move "toward" the enemy, charges taken when offered. */
function personChoice(s: BattleState, offered: BattleDecision[]): BattleDecision {
  const p = s.pending;
  const deploys = offered.filter((d) => d.type === "deploy");
  if (deploys.length > 0) return deploys[Math.min(DEPLOY_CHOICE, deploys.length - 1)];
  if (p?.kind === "lead") return offered.find((d) => d.type === "lead" && d.action === "signal") ?? offered.find((d) => d.type === "lead" && d.action === "done") ?? offered[0];
  if (p?.kind === "move") return offered.find((d) => d.type === "move" && d.move.kind === "toward" && d.move.extraD6) ?? offered.find((d) => d.type === "move" && d.move.kind === "toward") ?? offered[0];
  if (p?.kind === "charge") return offered.find((d) => d.type === "charge" && d.target !== null) ?? offered[0];
  return offered[0];
}

describe("SW-28: a person's Maldon game, red on the offered positions (issue 23)", () => {
  it('SW-28, seed "Charges and Combat": red on the second offered position is offered charges the old straight move refused (a friend in the way), and the saved game replays', () => {
    const setup = loadSetup("maldon-991.json");
    const seed = 23;
    let s = battleGame.setup(setup, seed);
    const black = commanderPlayer(seed);
    const decisions: DecisionRecord<BattleDecision>[] = [];
    const offers: { turn: number; unit: string; targets: string[]; now: string[]; old: ReturnType<typeof oldChargeRule> }[] = [];
    for (let side = battleGame.toMove(s); side !== null && s.turn <= 8; side = battleGame.toMove(s)) {
      let d: BattleDecision;
      if (side === "red") {
        const offered = battleGame.legalMoves(s, "red");
        const p = s.pending;
        if (p?.kind === "charge") offers.push({ turn: s.turn, unit: p.unit, targets: offered.flatMap((o) => (o.type === "charge" && o.target ? [o.target] : [])), now: chargeTargets(new Ctx(s, true), new Ctx(s, true).unit(p.unit)), old: oldChargeRule(s, p.unit) });
        d = personChoice(s, offered);
      } else d = black.choose(s, side);
      decisions.push({ player: side, move: d });
      s = play(battleGame, s, side, d).state;
    }
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.targets.length > 0)).toBe(true);
    // The reported bug: enemies within 2" and in sight, the old straight move reaching none of them past a friend, the SW-28 move offering a charge.
    const refusedBefore = offers.filter((o) => o.old.inReach.length > 0 && o.old.offered.length === 0);
    expect(refusedBefore.length).toBeGreaterThan(0);
    const first = refusedBefore[0];
    expect(first.targets.length).toBeGreaterThan(0);
    expect([...first.now].sort()).toEqual([...first.targets].sort());
    expect(first.targets.every((t) => first.old.inReach.includes(t))).toBe(true);
    expect(first.old.blockers.some((u) => u.startsWith("red."))).toBe(true);
    // Pinned so a change of play shows here: seed 23, second position, turn 1, red's centre retinue onto black's centre.
    expect({ turn: first.turn, unit: first.unit, targets: first.targets }).toEqual({ turn: 1, unit: "red.centre-retinue", targets: ["black.centre-band1", "black.centre-retinue"] });
    // The rebuilt old rule is the old rule, not a straw man: in the same game it does offer a charge where a straight move is clear.
    expect(offers.some((o) => o.old.offered.length > 0)).toBe(true);
    // Saved as a game record and replayed (JSON round trip, as the page saves it): the same game, charges offered again.
    const record = JSON.parse(JSON.stringify(makeRecord(battleGame, setup, seed, decisions, s))) as ReturnType<typeof makeRecord<BattleState, BattleDecision, typeof setup>>;
    const again = replay(battleGame, record);
    expect(again.failure).toBeUndefined();
    expect(again.hash).toBe(record.finalHash);
    console.info(`red offered ${offers.length} charges; old rule refused ${refusedBefore.length}: ${refusedBefore.map((o) => `turn ${o.turn} ${o.unit} → ${o.targets.join(", ")} (old blocked by ${o.old.blockers.join(", ")})`).join("; ")}`);
  });
});
