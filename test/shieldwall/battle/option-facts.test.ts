/**
 * What an option costs and whom it touches, said before it is chosen (issue 25): every legal
 * option met in Maldon battles played by the first option and by two commanders is checked against
 * the LP it really spends (the leader's LPs before and after), the challenge against the leader the
 * engine's challenge event names, and the holy-person call against the card drawn.
 */
import { describe, expect, it } from "vitest";
import { godEffect } from "../../../src/rulesets/shieldwall/gods.js";
import { shieldwallPlayers } from "../../../src/rulesets/shieldwall/ai/index.js";
import { type BattleDecision, type BattleState, battleGame, createBattle } from "../../../src/rulesets/shieldwall/battle/index.js";
import { drawnCardEffect, optionFacts } from "../../../src/rulesets/shieldwall/battle/option-facts.js";
import { loadSetup } from "./setup.js";

/** Every (state, option) pair of a few battles, with the state after that option. */
function* optionsMet(seeds: number[]): Generator<{ s: BattleState; d: BattleDecision; after: BattleState; events: { type: string; [k: string]: unknown }[] }> {
  const setup = loadSetup("maldon-991.json");
  for (const seed of seeds) {
    let s = createBattle(setup.scenario, setup.armies, seed);
    const players = { red: shieldwallPlayers.commander.make(seed), black: shieldwallPlayers.commander.make(seed + 1) };
    for (let n = 0; n < 1500 && !battleGame.result(s); n++) {
      const side = battleGame.toMove(s) as "red" | "black";
      for (const d of battleGame.legalMoves(s, side)) {
        if (d.type !== "lead" && d.type !== "answer" && d.type !== "holy-call") continue;
        const r = battleGame.apply(s, side, d);
        yield { s, d, after: r.state, events: r.events as { type: string; [k: string]: unknown }[] };
      }
      s = battleGame.apply(s, side, seed % 2 === 0 ? battleGame.legalMoves(s, side)[0] : players[side].choose(s, side)).state;
    }
  }
}

describe("option facts (issue 25: explain before asking)", () => {
  it('seed "Leaders": the LP cost shown is what the leader spends; seed "Personal Combat": a challenge names the leader the engine challenges', () => {
    const checked = { cost: 0, challenge: 0, holy: 0 };
    for (const { s, d, after, events } of optionsMet([2, 3, 5])) {
      const facts = optionFacts(s, d);
      const p = s.pending!;
      const leaderId = p.kind === "lead" || p.kind === "answer" || p.kind === "holy-call" ? p.leader : null;
      if (!leaderId) continue;
      const before = s.leaders.find((l) => l.id === leaderId)!;
      const now = after.leaders.find((l) => l.id === leaderId)!;
      // An action that the engine refused mid-way spends nothing; otherwise the spend is the cost shown.
      const spent = now.lpSpent - before.lpSpent;
      if (facts.lpCost !== undefined && spent !== 0) {
        expect(spent, `${d.type} ${JSON.stringify(d)}`).toBe(facts.lpCost);
        checked.cost++;
      }
      if (facts.lpCost === undefined) expect(spent <= 0 || d.type === "answer", `${JSON.stringify(d)} spends nothing`).toBe(true);
      if (d.type === "lead" && d.action === "challenge") {
        const issued = events.find((e) => e.type === "challenge" && typeof e.target === "string");
        if (issued) {
          expect(facts.challenges).toBe(issued.target);
          checked.challenge++;
        }
      }
      if (d.type === "holy-call") {
        expect(drawnCardEffect(s)).toBe(godEffect(s.god.draw!.card, s.god.draw!.jokerNumber).text);
        checked.holy++;
      }
    }
    expect(checked.cost).toBeGreaterThan(10);
    expect(checked.challenge).toBeGreaterThan(0);
    expect(checked.holy).toBeGreaterThan(0);
  });
});
