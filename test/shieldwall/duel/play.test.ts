import { describe, expect, it } from "vitest";
import { cardName, parseCard } from "../../../src/core/cards.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { readHumanMove, runHumanDuel } from "../../../src/cli/shieldwall/personal-combat-play.js";
import { UsageError } from "../../../src/cli/errors.js";
import { type ShieldwallDuelSetup, type ShieldwallDuelState, dealDuel, shieldwallDuelGame } from "../../../src/rulesets/shieldwall/duel/game.js";

const LEADERS: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } };

async function* lines(list: string[], thenForever: string[] = []): AsyncGenerator<string> {
  for (const l of list) yield l;
  for (let i = 0; thenForever.length > 0; i++) yield thenForever[i % thenForever.length];
}

describe("Playing a duel at the keyboard (SW-24: the human sees only his own hand)", () => {
  it("Personal Combat human play: a whole duel against the computer, with bad lines asked again", async () => {
    let out = "";
    const end = await runHumanDuel(LEADERS, 5, "a", randomPlayer(shieldwallDuelGame, 1), lines(["9 9", "1", "1 2"], ["1 r", "1 b"]), (t) => {
      out += t;
    });
    expect(end.outcome).not.toBeNull();
    expect(out).toMatch(/Discard 2 cards/);
    expect(out).toMatch(/give card numbers from 1 to 7\. Again:/);
    expect(out).toMatch(/discard exactly 2 cards/);
    expect(out).toMatch(/dice-off for advantage/);
    expect(out).toMatch(/Result: /);
    // The opponent's hand is never printed before the end.
    const beforeEnd = out.slice(0, out.indexOf("Result: "));
    expect(beforeEnd).not.toMatch(/opponent discarded/);
    const start = dealDuel(LEADERS, 5);
    const firstPrompt = out.slice(0, out.indexOf("Discard"));
    for (const card of start.hands.b) expect(firstPrompt).not.toContain(cardName(card));
    expect(firstPrompt).toContain(cardName(start.hands.a[0]));
  });

  it("Personal Combat human play: input that ends early is one clear error", async () => {
    await expect(runHumanDuel(LEADERS, 5, "b", randomPlayer(shieldwallDuelGame, 1), lines(["1 2"]), () => {})).rejects.toThrow(UsageError);
  });

  it("SW-22 human play: a joker must be declared red or black, other cards keep their colour", () => {
    const s0 = dealDuel(LEADERS, 1);
    const s: ShieldwallDuelState = { ...s0, hands: { a: [parseCard("X1"), parseCard("5H")], b: s0.hands.b }, discarded: { a: [], b: [] }, advantage: "b" };
    expect(readHumanMove(s, "a", "1")).toMatch(/declared red \(parry\) or black \(strike\)/);
    expect(readHumanMove(s, "a", "1 b")).toEqual({ type: "play", card: "X1", as: "black" });
    expect(readHumanMove(s, "a", "2 b")).toMatch(/5♥ is red/);
    expect(readHumanMove(s, "a", "2")).toEqual({ type: "play", card: "5H", as: "red" });
    expect(readHumanMove(s, "a", "3")).toMatch(/from 1 to 2/);
  });
});
