/**
 * Issue 23 (ruling SW-28): a person's Maldon game as played in the browser, red deployed on the
 * offered positions, signalling and advancing straight at the enemy, turns 1–8, black the
 * commander. The game is saved as a record (built with the engine) and replayed; red must be
 * offered charges (the old straight-only charge move offered none in such games).
 */
import { describe, expect, it } from "vitest";
import { type DecisionRecord, makeRecord, play, replay } from "../../../src/core/game.js";
import { commanderPlayer } from "../../../src/rulesets/shieldwall/ai/index.js";
import { type BattleDecision, type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "./setup.js";

/** The person: the first offered position for each contingent, the advance signalled, every move "toward" the enemy, charges taken when offered. */
function personChoice(s: BattleState, offered: BattleDecision[]): BattleDecision {
  const p = s.pending;
  if (p?.kind === "lead") return offered.find((d) => d.type === "lead" && d.action === "signal") ?? offered.find((d) => d.type === "lead" && d.action === "done") ?? offered[0];
  if (p?.kind === "move") return offered.find((d) => d.type === "move" && d.move.kind === "toward" && d.move.extraD6) ?? offered.find((d) => d.type === "move" && d.move.kind === "toward") ?? offered[0];
  if (p?.kind === "charge") return offered.find((d) => d.type === "charge" && d.target !== null) ?? offered[0];
  return offered[0];
}

describe("SW-28: a person's Maldon game, red on the offered positions (issue 23)", () => {
  it('SW-28, seed "Charges and Combat": red deployed on the offered positions and advancing is offered charges in turns 1–8, and the saved game replays', () => {
    const setup = loadSetup("maldon-991.json");
    const seed = 23;
    let s = battleGame.setup(setup, seed);
    const black = commanderPlayer(seed);
    const decisions: DecisionRecord<BattleDecision>[] = [];
    const offers: { turn: number; unit: string; targets: string[] }[] = [];
    for (let side = battleGame.toMove(s); side !== null && s.turn <= 8; side = battleGame.toMove(s)) {
      let d: BattleDecision;
      if (side === "red") {
        const offered = battleGame.legalMoves(s, "red");
        if (s.pending?.kind === "charge") offers.push({ turn: s.turn, unit: s.pending.unit, targets: offered.flatMap((o) => (o.type === "charge" && o.target ? [o.target] : [])) });
        d = personChoice(s, offered);
      } else d = black.choose(s, side);
      decisions.push({ player: side, move: d });
      s = play(battleGame, s, side, d).state;
    }
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.targets.length > 0)).toBe(true);
    // Saved as a game record and replayed (JSON round trip, as the page saves it): the same game, charges offered again.
    const record = JSON.parse(JSON.stringify(makeRecord(battleGame, setup, seed, decisions, s))) as typeof decisions extends unknown ? ReturnType<typeof makeRecord<BattleState, BattleDecision, typeof setup>> : never;
    const again = replay(battleGame, record);
    expect(again.failure).toBeUndefined();
    expect(again.hash).toBe(record.finalHash);
    console.info(`red offered ${offers.length} charges: ${offers.map((o) => `turn ${o.turn} ${o.unit} → ${o.targets.join(", ")}`).join("; ")}`);
  });
});
