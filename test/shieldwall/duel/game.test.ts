import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, cardCode, colourOf, parseCard } from "../../../src/core/cards.js";
import { IllegalMoveError, makeRecord, play, playOut, replay } from "../../../src/core/game.js";
import { Random } from "../../../src/core/random.js";
import { mctsPlayer } from "../../../src/core/search/mcts.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { bestAnswer, chooseDiscards, exchangeScore, heuristicDuelPlayer, proportion, scoreEstimate, simulateDuels } from "../../../src/rulesets/shieldwall/duel/ai.js";
import { type ShieldwallDuelSetup, type ShieldwallDuelState, dealDuel, shieldwallDuelGame, playDuelQuietly, unseenCards } from "../../../src/rulesets/shieldwall/duel/game.js";
import { duelValue, exchangeOutcome, handSize, otherSide, type PlayedCard, playableAs, type Side } from "../../../src/rulesets/shieldwall/duel/rules.js";

const LEADERS: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } };
const codes = (cards: Card[]) => cards.map(cardCode).sort();

/** Both players discard their first cards: the state just after the opening dice-off. */
function afterDiscards(setup: ShieldwallDuelSetup, seed: number): ShieldwallDuelState {
  let s = dealDuel(setup, seed);
  for (const p of ["a", "b"] as const) s = play(shieldwallDuelGame, s, p, shieldwallDuelGame.legalMoves(s, p)[0]).state;
  return s;
}

describe("Personal Combat deal and discard (seed \"Personal Combat\")", () => {
  it("Personal Combat deal: each fighter is dealt his count from one shuffled 54-card pack", () => {
    const s = dealDuel({ a: { kind: "leader", specialWeapon: true }, b: { kind: "champion", specialWeapon: false } }, 5);
    expect(s.hands.a).toHaveLength(8);
    expect(s.hands.b).toHaveLength(6);
    const all = [...s.hands.a, ...s.hands.b, ...s.stock].map(cardCode);
    expect(new Set(all).size).toBe(54);
  });

  it("Personal Combat option duelJokers: the duel pack may leave out the jokers", () => {
    const s = dealDuel({ ...LEADERS, options: { duelJokers: 0 } }, 5);
    const all = [...s.hands.a, ...s.hands.b, ...s.stock];
    expect(all).toHaveLength(52);
    expect(all.some((card) => colourOf(card) === null)).toBe(false);
    expect(dealDuel({ ...LEADERS, options: { duelJokers: undefined } }, 5).options.duelJokers).toBe(2);
  });

  it("Personal Combat discard: each player discards exactly his number, face down, then holds 5", () => {
    let s = dealDuel({ a: { kind: "leader", specialWeapon: true }, b: { kind: "heroic-champion", specialWeapon: false } }, 9);
    expect(shieldwallDuelGame.toMove(s)).toBe("a");
    expect(shieldwallDuelGame.legalMoves(s, "a")).toHaveLength(56); // 8 choose 3
    expect(shieldwallDuelGame.validate(s, "a", { type: "discard", cards: [cardCode(s.hands.a[0])] })).toMatch(/discards exactly 3 cards/);
    const thrown = s.hands.a.slice(0, 3).map(cardCode);
    s = play(shieldwallDuelGame, s, "a", { type: "discard", cards: thrown }).state;
    expect(s.hands.a).toHaveLength(5);
    expect(codes(s.discarded.a!)).toEqual(thrown.slice().sort());
    expect(s.advantage).toBeNull();
    expect(shieldwallDuelGame.legalMoves(s, "b")).toHaveLength(21); // 7 choose 2
    s = play(shieldwallDuelGame, s, "b", shieldwallDuelGame.legalMoves(s, "b")[0]).state;
    expect(s.hands.b).toHaveLength(5);
    expect(handSize(s.fighters.b).keep).toBe(5);
  });

  it("SW-22 once both have discarded, the dice-off gives one player the advantage", () => {
    const s = afterDiscards(LEADERS, 3);
    expect(s.advantage).not.toBeNull();
    expect(s.openingDiceOff?.winner).toBe(s.advantage);
  });

  it("SW-22 the player without the advantage plays face up first; the player with it answers", () => {
    let s = afterDiscards(LEADERS, 4);
    const adv = s.advantage!;
    const other = adv === "a" ? "b" : "a";
    expect(shieldwallDuelGame.toMove(s)).toBe(other);
    expect(shieldwallDuelGame.legalMoves(s, adv)).toEqual([]);
    expect(() => play(shieldwallDuelGame, s, adv, shieldwallDuelGame.legalMoves(s, other)[0])).toThrow(IllegalMoveError);
    s = play(shieldwallDuelGame, s, other, shieldwallDuelGame.legalMoves(s, other)[0]).state;
    expect(s.pending?.side).toBe(other);
    expect(shieldwallDuelGame.toMove(s)).toBe(adv);
    s = play(shieldwallDuelGame, s, adv, shieldwallDuelGame.legalMoves(s, adv)[0]).state;
    expect(s.exchanges).toHaveLength(1);
    expect(s.exchanges[0].first).toBe(other);
  });

  it("SW-22 a card not in the hand, or played as the wrong colour, is refused", () => {
    const s = afterDiscards(LEADERS, 6);
    const p = shieldwallDuelGame.toMove(s) as Side;
    const own = s.hands[p].find((card) => colourOf(card) !== null)!;
    const wrong = colourOf(own) === "red" ? "black" : "red";
    expect(shieldwallDuelGame.validate(s, p, { type: "play", card: cardCode(own), as: wrong })).toMatch(/only a joker/);
    const notMine = s.stock[0];
    expect(shieldwallDuelGame.validate(s, p, { type: "play", card: cardCode(notMine), as: "red" })).toMatch(/not in/);
  });

  it("Personal Combat: a fighter may start with wounds already taken; 3 would be dead", () => {
    const s = dealDuel({ a: { kind: "leader", specialWeapon: false, wounds: 2 }, b: { kind: "champion", specialWeapon: false } }, 1);
    expect(s.wounds).toEqual({ a: 2, b: 0 });
    expect(() => dealDuel({ a: { kind: "leader", specialWeapon: false, wounds: 3 }, b: LEADERS.b }, 1)).toThrow(/0, 1 or 2/);
    expect(() => dealDuel({ a: { kind: "champion", specialWeapon: true }, b: LEADERS.b }, 1)).toThrow(/only a leader/);
  });
});

describe("SW-23 advantage and wounds in the duel", () => {
  /** A duel after the discards with chosen hands: b leads (a has the advantage). */
  function rigged(a: string[], b: string[], wounds = { a: 0, b: 0 }): ShieldwallDuelState {
    const s = afterDiscards(LEADERS, 1);
    return { ...s, hands: { a: a.map(parseCard), b: b.map(parseCard) }, advantage: "a", wounds };
  }
  const exchange = (s: ShieldwallDuelState, bCard: string, aCard: string) => {
    const led = play(shieldwallDuelGame, s, "b", { type: "play", card: bCard, as: colourOf(parseCard(bCard))! }).state;
    return play(shieldwallDuelGame, led, "a", { type: "play", card: aCard, as: colourOf(parseCard(aCard))! }).state;
  };

  it("SW-23 in the duel, the red player who parries takes the advantage and leads no more", () => {
    const s = exchange(rigged(["10H", "2C"], ["9S", "3D"]), "9S", "10H");
    expect(s.exchanges[0].result.kind).toBe("parried");
    expect(s.advantage).toBe("a");
    expect(shieldwallDuelGame.toMove(s)).toBe("b");
  });

  it("SW-23 in the duel, a black card that beats the parry wounds and takes the advantage", () => {
    const s = exchange(rigged(["5H", "2C"], ["9S", "3D"]), "9S", "5H");
    expect(s.wounds).toEqual({ a: 1, b: 0 });
    expect(s.advantage).toBe("b");
    expect(shieldwallDuelGame.toMove(s)).toBe("a"); // a, without the advantage now, leads
  });

  it("SW-23 in the duel, equal cards send the advantage to a fresh dice-off", () => {
    const s = exchange(rigged(["10H", "2C"], ["JD", "3D"]), "JD", "10H");
    const e = s.exchanges[0];
    expect(e.result.advantage).toBe("dice-off");
    expect(e.diceOff).not.toBeNull();
    expect(s.advantage).toBe(e.diceOff!.winner);
  });

  it("Personal Combat: the duel ends as soon as a fighter has 3 wounds, cards left unplayed", () => {
    const s = exchange(rigged(["5H", "2C", "4C"], ["9S", "3D", "KH"], { a: 2, b: 0 }), "9S", "5H");
    expect(s.outcome).toMatchObject({ end: "kill", winner: "b", wounds: { a: 3, b: 0 } });
    expect(s.hands.a).toHaveLength(2);
    expect(shieldwallDuelGame.toMove(s)).toBeNull();
    expect(shieldwallDuelGame.result(s)!.rewards).toEqual({ b: 1, a: 0 });
  });
});

describe("SW-24 hidden hands", () => {
  it("SW-24 a player's view shows his own hand and the cards played, never the opponent's hand or discards", () => {
    let s = afterDiscards(LEADERS, 12);
    const first = shieldwallDuelGame.toMove(s)!;
    s = play(shieldwallDuelGame, s, first, shieldwallDuelGame.legalMoves(s, first)[0]).state;
    for (const p of ["a", "b"] as const) {
      const o = p === "a" ? "b" : "a";
      const v = shieldwallDuelGame.view(s, p) as Record<string, unknown>;
      const text = JSON.stringify(v);
      for (const card of [...s.hands[o], ...s.discarded[o]!, ...s.stock]) expect(text).not.toContain(JSON.stringify(card));
      expect(v.hand).toEqual(s.hands[p]);
      expect(v.opponentHandSize).toBe(s.hands[o].length);
      expect(v.pending).toEqual(s.pending); // the face-up card is seen by both
    }
  });

  it("SW-24 determinize keeps what the player knows and deals the unseen cards afresh", () => {
    let s = afterDiscards(LEADERS, 21);
    const first = shieldwallDuelGame.toMove(s)!;
    s = play(shieldwallDuelGame, s, first, shieldwallDuelGame.legalMoves(s, first)[0]).state;
    const rng = Random.fromSeed(3);
    let changed = false;
    for (let i = 0; i < 20; i++) {
      const d = shieldwallDuelGame.determinize!(s, "a", rng);
      expect(d.hands.a).toEqual(s.hands.a);
      expect(d.discarded.a).toEqual(s.discarded.a);
      expect(d.pending).toEqual(s.pending);
      expect(d.wounds).toEqual(s.wounds);
      expect(d.hands.b).toHaveLength(s.hands.b.length);
      expect(d.discarded.b).toHaveLength(s.discarded.b!.length);
      expect(codes(unseenCards(d, "a"))).toEqual(codes(unseenCards(s, "a")));
      if (codes(d.hands.b).join() !== codes(s.hands.b).join()) changed = true;
    }
    expect(changed).toBe(true);
  });
});

describe("The duel played out", () => {
  it("SW-22 property: every duel ends with a death or with both hands played out, wounds matching the exchanges", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<ShieldwallDuelSetup>(
          LEADERS,
          { a: { kind: "leader", specialWeapon: true }, b: { kind: "heroic-champion", specialWeapon: false } },
          { a: { kind: "champion", specialWeapon: false, wounds: 1 }, b: { kind: "leader", specialWeapon: false, wounds: 2 } },
        ),
        (seed, setup) => {
          const start = dealDuel(setup, seed);
          const g = playOut(shieldwallDuelGame, start, { a: randomPlayer(shieldwallDuelGame, seed), b: randomPlayer(shieldwallDuelGame, seed + 1) });
          const s = g.state;
          expect(s.exchanges.length).toBeLessThanOrEqual(5);
          const w = { a: start.wounds.a, b: start.wounds.b };
          for (const e of s.exchanges) {
            w.a += e.result.wounds.a;
            w.b += e.result.wounds.b;
          }
          expect(s.wounds).toEqual(w);
          const o = s.outcome!;
          if (o.end === "honour-satisfied") {
            expect(s.hands.a).toHaveLength(0);
            expect(s.hands.b).toHaveLength(0);
            expect(Math.max(w.a, w.b)).toBeLessThan(3);
          } else expect(Math.max(w.a, w.b)).toBe(3);
          const r = shieldwallDuelGame.result(s)!;
          expect(r.rewards.a + r.rewards.b).toBe(1);
        },
      ),
      { seed: 24, numRuns: 300 },
    );
  });

  it("SW-22 the battle's quiet duel loop reaches the same final state as the validated playOut", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<ShieldwallDuelSetup>(
          LEADERS,
          { a: { kind: "leader", specialWeapon: true }, b: { kind: "champion", specialWeapon: false, wounds: 2 } },
          { a: { kind: "heroic-champion", specialWeapon: false, wounds: 1 }, b: { kind: "leader", specialWeapon: true }, options: { duelJokers: 1 } },
        ),
        fc.constantFrom(1, 8, 24),
        (seed, setup, samples) => {
          const start = dealDuel(setup, seed);
          const players = () => ({ a: heuristicDuelPlayer(seed + 1, { samples }), b: heuristicDuelPlayer(seed + 2, { samples }) });
          const checked = playOut(shieldwallDuelGame, start, players()).state;
          expect(playDuelQuietly(start, players())).toEqual(checked);
        },
      ),
      { seed: 31, numRuns: 300 },
    );
  });

  it("C-2 a recorded duel replays to the same state", () => {
    const setup = { a: { kind: "heroic-champion" as const, specialWeapon: false }, b: { kind: "leader" as const, specialWeapon: true } };
    const g = playOut(shieldwallDuelGame, dealDuel(setup, 77), { a: heuristicDuelPlayer(1), b: heuristicDuelPlayer(2) });
    const record = makeRecord(shieldwallDuelGame, setup, 77, g.decisions, g.state);
    const again = replay(shieldwallDuelGame, record);
    expect(again.matches).toBe(true);
    expect(again.state.outcome).toEqual(g.state.outcome);
  });
});

/**
 * The lead of the "ai" player worked out plainly: for each sampled opponent hand, his best answer
 * by bestAnswer and what it scores for the leader by exchangeScore, averaged per lead.
 */
function plainLead(state: ShieldwallDuelState, me: Side, seed: number, samples: number, infer: boolean): PlayedCard {
  const hand = state.hands[me];
  const leads = hand.flatMap((card) => playableAs(card).map((as) => ({ card, as })));
  if (leads.length === 1) return leads[0];
  const rng = Random.fromSeed(seed, 3);
  const op = otherSide(me);
  const pool = unseenCards(state, me);
  const n = state.hands[op].length;
  const extra = infer ? Math.min(state.discarded[op]?.length ?? 0, pool.length - n) : 0;
  const totals = leads.map(() => 0);
  for (let k = 0; k < samples; k++) {
    for (let i = 0; i < n + extra; i++) {
      const j = rng.int(i, pool.length - 1);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const theirs = pool
      .slice(0, n + extra)
      .sort((x, y) => duelValue(y) - duelValue(x))
      .slice(0, n);
    leads.forEach((lead, li) => {
      const answer = bestAnswer(theirs, lead, me, state.wounds).play;
      const r = me === "a" ? exchangeOutcome(duelValue(lead.card), lead.as, duelValue(answer.card), answer.as) : exchangeOutcome(duelValue(answer.card), answer.as, duelValue(lead.card), lead.as);
      totals[li] += exchangeScore(state.wounds, me, r, lead.card, hand.length - 1);
    });
  }
  return leads[totals.indexOf(Math.max(...totals))];
}

describe("The computer player", () => {
  const h = (...c: string[]) => c.map(parseCard);

  it("SW-24 AI lead: the look-ahead's tables by card kind choose the lead the plain evaluation of every sampled hand chooses", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 8 }), fc.boolean(), fc.constantFrom(1, 8, 24), (seed, randomPlays, infer, samples) => {
        // Some random plays from a fresh deal (fighters with wounds too), then the ai leads.
        const setup: ShieldwallDuelSetup = { a: { kind: "leader", specialWeapon: true, wounds: seed % 3 }, b: { kind: "champion", specialWeapon: false, wounds: (seed >> 2) % 3 } };
        let s = dealDuel(setup, seed);
        const random = randomPlayer(shieldwallDuelGame, seed);
        for (let i = 0; i < 2 + randomPlays && shieldwallDuelGame.toMove(s) !== null; i++) {
          const p = shieldwallDuelGame.toMove(s)!;
          s = play(shieldwallDuelGame, s, p, random.choose(s, p)).state;
        }
        const me = shieldwallDuelGame.toMove(s) as Side | null;
        if (me === null || s.pending !== null || s.discarded[me] === null) return;
        const lead = heuristicDuelPlayer(seed + 1, { samples, inferDiscards: infer }).choosePlay(s, me);
        expect(lead).toEqual(plainLead(s, me, seed + 1, samples, infer));
      }),
      { seed: 32, numRuns: 400 },
    );
  });

  it("AI answers a black 9 with its cheapest parry", () => {
    const r = bestAnswer(h("QH", "10D", "3S"), { card: parseCard("9S"), as: "black" }, "a", { a: 0, b: 0 });
    expect(cardCode(r.play.card)).toBe("10D");
  });

  it("AI takes a killing blow when the opponent has 2 wounds", () => {
    const r = bestAnswer(h("KH", "8S"), { card: parseCard("7H"), as: "red" }, "a", { a: 2, b: 0 }); // a led and has 2 wounds
    expect(cardCode(r.play.card)).toBe("8S");
    expect(r.score).toBeGreaterThan(500);
  });

  it("AI discards its lowest cards, counting black a little higher", () => {
    expect(codes(chooseDiscards(h("2H", "KS", "9D", "3C", "X1"), 2))).toEqual(["2H", "3C"]);
    expect(codes(chooseDiscards(h("5H", "4S", "9D"), 1))).toEqual(["5H"]);
    expect(codes(chooseDiscards(h("5H", "4S", "9D"), 1, 0))).toEqual(["4S"]);
  });

  it("AI beats random play clearly over 300 duels of equal fighters", () => {
    const t = simulateDuels({ setup: LEADERS, players: { a: "ai", b: "random" }, games: 300, seed: 5 });
    expect(t.games).toBe(300);
    expect(t.aWins + t.bWins + t.honour + t.mutualKills).toBe(300);
    expect(t.aWins).toBeGreaterThan(4 * t.bWins);
    expect(scoreEstimate(t).p).toBeGreaterThan(0.6);
  });

  it("SW-24 the information-set MCTS plays a legal duel through determinize", () => {
    const g = playOut(shieldwallDuelGame, dealDuel(LEADERS, 8), { a: mctsPlayer(shieldwallDuelGame, { seed: 1, iterations: 60 }), b: randomPlayer(shieldwallDuelGame, 2) });
    expect(g.state.outcome).not.toBeNull();
  });

  it("proportion: standard error and 95% interval", () => {
    const e = proportion(30, 100);
    expect(e.p).toBe(0.3);
    expect(e.se).toBeCloseTo(Math.sqrt(0.21 / 100), 12);
    expect(e.ci95[0]).toBeCloseTo(0.3 - 1.96 * e.se, 12);
  });
});
