import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, type Colour, newPack, parseCard } from "../../../src/core/cards.js";
import { Random } from "../../../src/core/random.js";
import {
  acceptChallenge,
  acceptRefusalReason,
  advantageDist,
  answerChallenge,
  appointFighter,
  challengeRefusalReason,
  type DuelOutcome,
  type DuelSide,
  duelConsequences,
  duelOutcome,
  duelValue,
  type Fighter,
  fighterProblem,
  handSize,
  issueChallenge,
  playableAs,
  playProblem,
  refusalDist,
  refusalOutcome,
  resolveExchange,
  resolveRefusal,
  rollAdvantage,
} from "../../../src/rulesets/shieldwall/duel/rules.js";
import { fightPersonalCombat, heuristicDuelPlayer } from "../../../src/rulesets/shieldwall/duel/ai.js";
import { emptyDp, type LeaderState, probeLeader, totalDp, type UnitState } from "../../../src/rulesets/shieldwall/units.js";

function leader(over: Partial<LeaderState> = {}): LeaderState {
  return probeLeader({ id: "byrhtnoth", name: "Byrhtnoth", contingent: "centre", unit: "centre-retinue", lpValue: 4, ...over });
}

function unit(id: string, contingent: string, over: Partial<UnitState> = {}): UnitState {
  return {
    id,
    name: id,
    kind: "band",
    grade: "B",
    contingent,
    stands: 2,
    aggression: "present",
    dp: emptyDp(),
    formed: true,
    inCombat: false,
    status: "active",
    attachments: [],
    ...over,
  };
}

const LEADER: Fighter = { kind: "leader", specialWeapon: false };
const HERO: Fighter = { kind: "heroic-champion", specialWeapon: false };
const CHAMPION: Fighter = { kind: "champion", specialWeapon: false };
const c = (code: string) => parseCard(code);
const play = (code: string, as?: Colour) => {
  const card = c(code);
  return { card, as: as ?? playableAs(card)[0] };
};

describe("Personal Combat: challenge and acceptance (seed \"Personal Combat\", \"Leaders\")", () => {
  const enemy = leader({ id: "olaf", name: "Olaf", contingent: "viking-centre", unit: "olaf-retinue" });

  it("Personal Combat: a leader not in combat challenges the closest enemy leader for 3 LPs", () => {
    const r = issueChallenge({ challenger: leader(), retinueInCombat: false, target: enemy });
    expect(r.value.lpSpent).toBe(3);
    expect(r.value.lpValue).toBe(4);
    expect(r.notes.join(" ")).toMatch(/challenges Olaf/);
  });

  it("SW-8 a leader whose retinue is in combat may not issue a challenge", () => {
    expect(challengeRefusalReason({ challenger: leader(), retinueInCombat: true, target: enemy })).toMatch(/in combat/);
    expect(() => issueChallenge({ challenger: leader(), retinueInCombat: true, target: enemy })).toThrow(/in combat/);
  });

  it("SW-7 a challenge needs 3 LPs left from this turn's allowance", () => {
    expect(challengeRefusalReason({ challenger: leader({ lpValue: 4, lpSpent: 2 }), retinueInCombat: false, target: enemy })).toMatch(/2 LPs left.*needs 3/);
    expect(challengeRefusalReason({ challenger: leader({ lpValue: 3 }), retinueInCombat: false, target: enemy })).toBeNull();
  });

  it("Personal Combat: only a living enemy leader can be challenged", () => {
    expect(challengeRefusalReason({ challenger: leader(), retinueInCombat: false, target: null })).toMatch(/no living enemy leader/);
    expect(challengeRefusalReason({ challenger: leader(), retinueInCombat: false, target: { ...enemy, status: "captured" } })).toMatch(/no living enemy leader/);
    expect(challengeRefusalReason({ challenger: leader({ status: "killed" }), retinueInCombat: false, target: enemy })).toMatch(/killed/);
  });

  it("SW-11 King: a King's challenge costs no LPs, whatever was spent", () => {
    const r = issueChallenge({ challenger: leader({ lpValue: 2, lpSpent: 2 }), retinueInCombat: false, target: enemy, fromKing: true });
    expect(r.value.lpSpent).toBe(2);
    expect(r.notes.join(" ")).toMatch(/no LPs spent, ruling SW-11/);
  });

  it("Personal Combat: accepting a challenge costs 3 LPs (also a King's challenge, SW-11)", () => {
    expect(acceptChallenge(enemy, false).value.lpSpent).toBe(3);
    expect(acceptRefusalReason({ ...enemy, lpSpent: 2 }, false)).toMatch(/needs 3/);
    expect(acceptRefusalReason(enemy, true)).toMatch(/in combat/);
    expect(() => acceptChallenge(enemy, true)).toThrow(/in combat/);
  });
});

describe("Personal Combat: the refusal roll", () => {
  it("Personal Combat: a leader who accepts pays 3 LPs; one who refuses rolls the refusal die", () => {
    const yes = answerChallenge({ leader: leader(), retinueInCombat: false, accept: true }, Random.fromSeed(1));
    expect(yes.kind).toBe("accepted");
    if (yes.kind === "accepted") expect(yes.leader.lpSpent).toBe(3);
    const no = answerChallenge({ leader: leader(), retinueInCombat: false, accept: false }, Random.fromSeed(1));
    expect(no.kind).toBe("refused");
    if (no.kind === "refused") expect(no.refusal.outcome).toBe(refusalOutcome(no.refusal.face));
  });

  it("Personal Combat option unpaidAcceptance: a leader who cannot pay 3 LPs rolls as refusing (default) or the challenge lapses", () => {
    const broke = leader({ lpValue: 3, lpSpent: 1 });
    const rolled = answerChallenge({ leader: broke, retinueInCombat: false, accept: true }, Random.fromSeed(2));
    expect(rolled.kind).toBe("refused");
    expect(rolled.notes[0]).toMatch(/cannot accept, so it counts as a refusal/);
    const inCombat = answerChallenge({ leader: leader(), retinueInCombat: true, accept: true }, Random.fromSeed(2));
    expect(inCombat.kind).toBe("refused");
    const lapsed = answerChallenge({ leader: broke, retinueInCombat: false, accept: true }, Random.fromSeed(2), { unpaidAcceptance: "challenge-lapses" });
    expect(lapsed.kind).toBe("lapsed");
    if (lapsed.kind === "lapsed") expect(lapsed.leader).toEqual(broke);
  });

  it("Personal Combat refusal: 1-3 he permanently loses 1 LP (SW-7)", () => {
    for (const face of [1, 2, 3]) {
      const r = resolveRefusal(leader({ lpValue: 4, lpSpent: 1 }), face);
      expect(r.outcome).toBe("loses-lp");
      expect(r.leader.lpValue).toBe(3);
      expect(r.leader.status).toBe("alive");
      expect(r.fighter).toBeNull();
    }
  });

  it("SW-7 refusing with an LP value of 1 takes it to 0 and kills the leader", () => {
    const r = resolveRefusal(leader({ lpValue: 1 }), 2);
    expect(r.leader.lpValue).toBe(0);
    expect(r.leader.status).toBe("killed");
    expect(r.leaderKilled).toBe(true);
  });

  it("Personal Combat refusal: 4-5 a non-heroic champion accepts anyway, at no LP cost", () => {
    for (const face of [4, 5]) {
      const r = resolveRefusal(leader(), face);
      expect(r.outcome).toBe("champion-accepts");
      expect(r.fighter).toEqual({ kind: "champion", specialWeapon: false });
      expect(r.leader).toEqual(leader());
    }
  });

  it("Personal Combat refusal: 6 the contingent ignores the challenge", () => {
    const r = resolveRefusal(leader(), 6);
    expect(r.outcome).toBe("ignored");
    expect(r.leader).toEqual(leader());
    expect(r.fighter).toBeNull();
    expect(() => refusalOutcome(7)).toThrow(/1 to 6/);
  });

  it("Personal Combat refusal: exact odds are 1/2 lose an LP, 1/3 champion, 1/6 ignored", () => {
    const d = refusalDist();
    expect(d.probOf("loses-lp").toString()).toBe("1/2");
    expect(d.probOf("champion-accepts").toString()).toBe("1/3");
    expect(d.probOf("ignored").toString()).toBe("1/6");
  });
});

describe("Champions, special weapon and the deal", () => {
  it("Champions: a leader may send a heroic champion only if one is attached to his contingent", () => {
    expect(appointFighter("heroic-champion", leader(), true)).toEqual(HERO);
    expect(() => appointFighter("heroic-champion", leader(), false)).toThrow(/no heroic champion/);
    expect(appointFighter("champion", leader(), false)).toEqual(CHAMPION);
  });

  it("Special Weapon: only the leader himself fights with it, not his champion (SW-6)", () => {
    expect(appointFighter("leader", leader({ specialWeapon: true }), false)).toEqual({ kind: "leader", specialWeapon: true });
    expect(appointFighter("champion", leader({ specialWeapon: true }), false)).toEqual(CHAMPION);
    expect(fighterProblem({ kind: "heroic-champion", specialWeapon: true })).toMatch(/only a leader/);
  });

  it("Personal Combat deal: special weapon 8 discard 3, leader or heroic champion 7 discard 2, champion 6 discard 1", () => {
    expect(handSize({ kind: "leader", specialWeapon: true })).toEqual({ dealt: 8, discard: 3, keep: 5 });
    expect(handSize(LEADER)).toEqual({ dealt: 7, discard: 2, keep: 5 });
    expect(handSize(HERO)).toEqual({ dealt: 7, discard: 2, keep: 5 });
    expect(handSize(CHAMPION)).toEqual({ dealt: 6, discard: 1, keep: 5 });
  });
});

describe("SW-22 cards and advantage", () => {
  it("SW-22 card values: 2-10 as printed, Jack 10, Queen 11, King 12, Ace 13, Joker 14", () => {
    expect(["2H", "9S", "10D", "JC", "QH", "KS", "AD", "X1", "X2"].map((k) => duelValue(c(k)))).toEqual([2, 9, 10, 10, 11, 12, 13, 14, 14]);
  });

  it("SW-22 red cards parry, black cards strike; a joker is declared red or black as played", () => {
    expect(playableAs(c("5H"))).toEqual(["red"]);
    expect(playableAs(c("5S"))).toEqual(["black"]);
    expect(playableAs(c("X2"))).toEqual(["red", "black"]);
    expect(playProblem({ card: c("5H"), as: "black" })).toMatch(/only a joker/);
    expect(playProblem({ card: c("X1"), as: "black" })).toBeNull();
  });

  it("SW-22 dice-off: equal fighters have an even chance; a heroic champion's +1 gives 21/31, ties rolled again", () => {
    expect(advantageDist(LEADER, LEADER).probOf("a").toString()).toBe("1/2");
    expect(advantageDist(HERO, LEADER).probOf("a").toString()).toBe("21/31");
    expect(advantageDist(LEADER, HERO).probOf("b").toString()).toBe("21/31");
    expect(advantageDist(HERO, HERO).probOf("a").toString()).toBe("1/2");
  });

  it("SW-22 dice-off: every roll but the last is a tie, and the simulation matches the exact odds", () => {
    const rng = Random.fromSeed(11);
    let aWins = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const d = rollAdvantage(rng, HERO, LEADER);
      for (const r of d.rolls.slice(0, -1)) expect(r.a).toBe(r.b);
      const last = d.rolls[d.rolls.length - 1];
      expect(last.a).not.toBe(last.b);
      expect(d.winner).toBe(last.a > last.b ? "a" : "b");
      expect(last.a).toBeGreaterThanOrEqual(2); // +1 for the heroic champion
      if (d.winner === "a") aWins++;
    }
    const p = 21 / 31;
    expect(Math.abs(aWins / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });
});

describe("SW-23 every card pairing", () => {
  it("SW-23 both red: no wound, the higher card takes the advantage", () => {
    const r = resolveExchange(play("9H"), play("QD"));
    expect(r).toMatchObject({ kind: "no-result", wounds: { a: 0, b: 0 }, advantage: "b" });
  });

  it("SW-23 both red with equal cards: no wound, dice again for advantage", () => {
    expect(resolveExchange(play("10H"), play("JD")).advantage).toBe("dice-off"); // Jack = 10 too (SW-22)
  });

  it("SW-23 both black, one at least double the other: only its player wounds, and takes the advantage", () => {
    expect(resolveExchange(play("10S"), play("5C"))).toMatchObject({ kind: "double-strike", wounds: { a: 0, b: 1 }, advantage: "a" });
    expect(resolveExchange(play("3C"), play("KS"))).toMatchObject({ kind: "double-strike", wounds: { a: 1, b: 0 }, advantage: "b" });
  });

  it("SW-23 both black, neither double: both take a wound; the higher takes the advantage", () => {
    expect(resolveExchange(play("9S"), play("5C"))).toMatchObject({ kind: "both-wounded", wounds: { a: 1, b: 1 }, advantage: "a" });
  });

  it("SW-23 both black, equal cards: both wounded, dice again for advantage", () => {
    expect(resolveExchange(play("7S"), play("7C"))).toMatchObject({ kind: "both-wounded", wounds: { a: 1, b: 1 }, advantage: "dice-off" });
  });

  it("SW-23 red and black: a red card as high or higher parries, and the red player takes the advantage", () => {
    expect(resolveExchange(play("8H"), play("8S"))).toMatchObject({ kind: "parried", wounds: { a: 0, b: 0 }, advantage: "a" });
    expect(resolveExchange(play("2S"), play("AH"))).toMatchObject({ kind: "parried", wounds: { a: 0, b: 0 }, advantage: "b" });
  });

  it("SW-23 red and black: a higher black card wounds the red player and takes the advantage", () => {
    expect(resolveExchange(play("8H"), play("9S"))).toMatchObject({ kind: "wounded", wounds: { a: 1, b: 0 }, advantage: "b" });
  });

  it("SW-22 jokers: a joker (14) as black is double a 7 and wounds; as red it parries anything", () => {
    expect(resolveExchange(play("X1", "black"), play("7S"))).toMatchObject({ kind: "double-strike", wounds: { a: 0, b: 1 } });
    expect(resolveExchange(play("X1", "black"), play("8S"))).toMatchObject({ kind: "both-wounded" });
    expect(resolveExchange(play("X1", "red"), play("X2", "black"))).toMatchObject({ kind: "parried", advantage: "a" });
  });

  const anyCard = fc.constantFrom(...newPack(2));
  const played = anyCard.chain((card: Card) => fc.constantFrom(...playableAs(card)).map((as) => ({ card, as })));

  it("SW-23 property: the result does not depend on which side is which, and no one takes more than one wound", () => {
    fc.assert(
      fc.property(played, played, (x, y) => {
        const r = resolveExchange(x, y);
        const s = resolveExchange(y, x);
        expect(s.wounds).toEqual({ a: r.wounds.b, b: r.wounds.a });
        expect(s.advantage).toBe(r.advantage === "dice-off" ? "dice-off" : r.advantage === "a" ? "b" : "a");
        expect(r.wounds.a).toBeLessThanOrEqual(1);
        expect(r.wounds.b).toBeLessThanOrEqual(1);
        // A red card is never wounded by a card it matches or beats (SW-23).
        if (x.as === "red" && duelValue(x.card) >= duelValue(y.card)) expect(r.wounds.a).toBe(0);
        // Two red cards never wound.
        if (x.as === "red" && y.as === "red") expect(r.wounds).toEqual({ a: 0, b: 0 });
      }),
      { seed: 22, numRuns: 2000 },
    );
  });
});

describe("3 wounds kill; honour satisfied (seed \"Personal Combat\", SW-22)", () => {
  it("Personal Combat: 3 wounds kill", () => {
    expect(duelOutcome({ a: 3, b: 1 }, true)).toMatchObject({ end: "kill", winner: "b", killed: { a: true, b: false } });
    expect(duelOutcome({ a: 2, b: 2 }, true)).toBeNull();
  });

  it("Personal Combat: both reaching 3 wounds in one exchange kills both", () => {
    expect(duelOutcome({ a: 3, b: 3 }, false)).toMatchObject({ end: "mutual-kill", winner: null, killed: { a: true, b: true } });
  });

  it("SW-22 when both hands are empty and no one is dead, honour is satisfied", () => {
    expect(duelOutcome({ a: 2, b: 1 }, false)).toMatchObject({ end: "honour-satisfied", winner: null });
  });
});

describe("Personal Combat consequences", () => {
  const english = leader({ id: "byrhtnoth", name: "Byrhtnoth", contingent: "centre", unit: "centre-retinue", lpValue: 4 });
  const viking = leader({ id: "olaf", name: "Olaf", contingent: "vk-centre", unit: "vk-retinue", lpValue: 3 });
  const englishUnits = () => [
    unit("centre-retinue", "centre", { kind: "retinue", grade: "A" }),
    unit("centre-band", "centre"),
    unit("left-band", "left"),
  ];
  const vikingUnits = () => [
    unit("vk-retinue", "vk-centre", { kind: "retinue", grade: "A", attachments: ["heroic-champion"] }),
    unit("vk-band", "vk-centre", { dp: { ...emptyDp(), fatigue: 4 } }),
    unit("vk-right", "vk-right"),
  ];
  const kill = (winner: "a" | "b", wounds: { a: number; b: number }): DuelOutcome => duelOutcome(winner === "a" ? { a: wounds.a, b: 3 } : { a: 3, b: wounds.b }, true)!;
  const sides = (fa: Fighter, fb: Fighter, over: { a?: Partial<DuelSide>; b?: Partial<DuelSide> } = {}): { a: DuelSide; b: DuelSide } => ({
    a: { leader: english, fighter: fa, units: englishUnits(), ...over.a },
    b: { leader: viking, fighter: fb, units: vikingUnits(), ...over.b },
  });

  it("Personal Combat: a leader who kills with fewer than 2 wounds gains 1 LP; his contingent rises one level", () => {
    const r = duelConsequences(kill("a", { a: 1, b: 3 }), sides(LEADER, LEADER));
    expect(r.a.leader.lpValue).toBe(5);
    expect(r.a.units.map((u) => u.aggression)).toEqual(["ready", "ready", "present"]); // left contingent untouched
  });

  it("Personal Combat: the loser's contingent takes 1 morale DP on every unit (SW-12), with the 4-DP overflow", () => {
    const r = duelConsequences(kill("a", { a: 0, b: 3 }), sides(LEADER, CHAMPION));
    const [ret, band, other] = r.b.units;
    expect(ret.dp.morale).toBe(1);
    // vk-band already had 4 DPs: the morale DP becomes an aggression drop (SW-12).
    expect(totalDp(band)).toBe(4);
    expect(band.aggression).toBe("shaken");
    expect(other).toEqual(vikingUnits()[2]);
  });

  it("Personal Combat: a leader killed in personal combat is dead and his contingent drops one level", () => {
    const r = duelConsequences(kill("a", { a: 0, b: 3 }), sides(LEADER, LEADER));
    expect(r.b.leader.status).toBe("killed");
    expect(r.b.units[0]).toMatchObject({ aggression: "shaken", dp: { morale: 1 } });
    expect(r.b.units[2].aggression).toBe("present");
    expect(r.notes.join("\n")).toMatch(/Olaf is killed/);
  });

  it("Personal Combat: a commander-in-chief killed in personal combat shakes his whole army", () => {
    const r = duelConsequences(kill("a", { a: 0, b: 3 }), sides(LEADER, LEADER, { b: { leader: { ...viking, commanderInChief: true } } }));
    expect(r.b.units[2].aggression).toBe("shaken");
  });

  it("Personal Combat: no LP gain for a winner who took 2 wounds", () => {
    const r = duelConsequences(kill("a", { a: 2, b: 3 }), sides(LEADER, LEADER));
    expect(r.a.leader.lpValue).toBe(4);
    expect(r.a.units[0].aggression).toBe("ready");
  });

  it("Personal Combat: no LP gain when a champion fought in the leader's place, but the contingent still rises", () => {
    const r = duelConsequences(kill("a", { a: 0, b: 3 }), sides(CHAMPION, LEADER));
    expect(r.a.leader.lpValue).toBe(4);
    expect(r.a.units[1].aggression).toBe("ready");
  });

  it("SW-7 a winning leader's LP value rises to at most 6", () => {
    const r = duelConsequences(kill("a", { a: 0, b: 3 }), sides(LEADER, LEADER, { a: { leader: { ...english, lpValue: 6 } } }));
    expect(r.a.leader.lpValue).toBe(6);
  });

  it("Personal Combat: a heroic champion killed is gone from the retinue; his leader lives", () => {
    const r = duelConsequences(kill("a", { a: 0, b: 3 }), sides(LEADER, HERO));
    expect(r.b.heroicChampionLost).toBe(true);
    expect(r.b.units[0].attachments).not.toContain("heroic-champion");
    expect(r.b.leader.status).toBe("alive");
    expect(r.b.units[0].dp.morale).toBe(1);
  });

  it("Personal Combat honour satisfied: a fighter with 2 wounds costs his leader 1 LP, even a champion's", () => {
    const o = duelOutcome({ a: 2, b: 2 }, false)!;
    const r = duelConsequences(o, sides(LEADER, CHAMPION));
    expect(r.a.leader.lpValue).toBe(3);
    expect(r.b.leader.lpValue).toBe(2);
    expect(r.a.units).toEqual(englishUnits());
    expect(r.b.units).toEqual(vikingUnits());
  });

  it("Personal Combat honour satisfied: 1 wound has no effect", () => {
    const r = duelConsequences(duelOutcome({ a: 1, b: 0 }, false)!, sides(LEADER, LEADER));
    expect(r.a.leader).toEqual(english);
    expect(r.b.leader).toEqual(viking);
  });

  it("SW-7 honour satisfied with 2 wounds and an LP value of 1 kills the leader", () => {
    const r = duelConsequences(duelOutcome({ a: 2, b: 0 }, false)!, sides(CHAMPION, LEADER, { a: { leader: { ...english, lpValue: 1 } } }));
    expect(r.a.leader.status).toBe("killed");
    expect(r.a.units[0].aggression).toBe("shaken");
  });

  it("Personal Combat option mutualKill: both-lose (default) gives both contingents the loser's DP; no-winner does not", () => {
    const o = duelOutcome({ a: 3, b: 3 }, true)!;
    const both = duelConsequences(o, sides(LEADER, HERO));
    expect(both.a.leader.status).toBe("killed");
    expect(both.a.units[1]).toMatchObject({ aggression: "shaken", dp: { morale: 1 } });
    expect(both.b.units[0].dp.morale).toBe(1);
    expect(both.b.heroicChampionLost).toBe(true);
    const none = duelConsequences(o, sides(LEADER, HERO), { mutualKill: "no-winner" });
    expect(none.a.units[1]).toMatchObject({ aggression: "shaken", dp: { morale: 0 } });
    expect(none.b.units[0].dp.morale).toBe(0);
  });
});

describe("A whole personal combat", () => {
  it("Personal Combat: fightPersonalCombat deals, fights and applies the consequences to both sides", () => {
    const a: DuelSide = { leader: leader(), fighter: { kind: "leader", specialWeapon: false }, units: [unit("centre-retinue", "centre", { kind: "retinue", grade: "A" })] };
    const b: DuelSide = {
      leader: leader({ id: "olaf", name: "Olaf", contingent: "vk", unit: "vk-retinue", lpValue: 3 }),
      fighter: { kind: "champion", specialWeapon: false },
      units: [unit("vk-retinue", "vk", { kind: "retinue", grade: "A" })],
    };
    let aKills = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const run = fightPersonalCombat({ sides: { a, b }, players: { a: heuristicDuelPlayer(seed), b: heuristicDuelPlayer(seed + 100) }, seed });
      expect(run.consequences).toEqual(duelConsequences(run.outcome, { a, b }));
      expect(run.outcome).toEqual(run.state.outcome);
      if (run.outcome.winner === "a") {
        aKills++;
        expect(run.consequences.a.units[0].aggression).toBe("ready");
        expect(run.consequences.b.units[0].dp.morale).toBe(1);
      }
      expect(run.notes.join("\n")).toMatch(/dice-off for advantage/);
    }
    expect(aKills).toBeGreaterThan(0);
  });
});
