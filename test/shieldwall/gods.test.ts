import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, cardCode, parseCard } from "../../src/core/cards.js";
import { Random } from "../../src/core/random.js";
import { probeUnit, resolveShooting } from "../../src/rulesets/shieldwall/checks.js";
import {
  affectsSide,
  applyGodEffect,
  type GodSide,
  badOmen,
  beautifulWoman,
  callHolyPerson,
  drawGodCard,
  favouredLeader,
  fortuneReroll,
  type GodDraw,
  type GodPack,
  godEffect,
  hardDrinking,
  holyCallRefusal,
  holyCaller,
  keepToken,
  newGodPack,
  newHero,
  noTokens,
  resolveInvocation,
  terror,
  useToken,
} from "../../src/rulesets/shieldwall/gods.js";
import { emptyDp, type LeaderState, probeLeader, totalDp, type UnitState } from "../../src/rulesets/shieldwall/units.js";

function unit(over: Partial<UnitState> = {}): UnitState {
  return { ...probeUnit({ grade: "B", stands: 2, aggression: "present" }), dp: emptyDp(), ...over };
}
function leader(over: Partial<LeaderState> = {}): LeaderState {
  return probeLeader({ id: "l", name: "Olaf", lpValue: 3, ...over });
}

/** A pack whose next draws are the given cards (top first), for deterministic tests. */
function stacked(codes: string[], jokersDrawn = 0): GodPack {
  return { deck: { drawPile: codes.map(parseCard).reverse(), discards: [] }, jokersDrawn };
}

describe("Shieldwall gods and fortune", () => {
  it("SW-9 the god pack has 54 cards and jokers stay out once drawn", () => {
    const rng = Random.fromSeed(3);
    let pack = newGodPack(rng);
    expect(pack.deck.drawPile).toHaveLength(54);
    const seen: Card[] = [];
    for (let i = 0; i < 54; i++) {
      const d = drawGodCard(pack, rng);
      pack = d.pack;
      seen.push(d.card);
    }
    expect(new Set(seen.map(cardCode)).size).toBe(54);
    expect(pack.jokersDrawn).toBe(2);
    // The next 52 draws (after the reshuffle) never show a joker again.
    for (let i = 0; i < 104; i++) {
      const d = drawGodCard(pack, rng);
      pack = d.pack;
      expect("joker" in d.card).toBe(false);
    }
  });

  it("SW-9 discarded cards are reshuffled when the pack runs out", () => {
    const rng = Random.fromSeed(9);
    let pack = stacked(["3H", "X1"]);
    const a = drawGodCard(pack, rng);
    expect(a.card).toEqual({ rank: "3", suit: "hearts" });
    expect(a.pack.deck.discards).toHaveLength(1);
    const b = drawGodCard(a.pack, rng);
    expect(b.jokerNumber).toBe(1);
    expect(b.pack.deck.discards).toHaveLength(1); // the joker is not discarded
    pack = b.pack;
    const c = drawGodCard(pack, rng); // empty pile: the discards come back
    expect(c.card).toEqual({ rank: "3", suit: "hearts" });
  });

  it("SW-9 a red card affects only red, a joker both sides", () => {
    const red = godEffect(parseCard("QD"));
    expect(affectsSide(red, "red")).toBe(true);
    expect(affectsSide(red, "black")).toBe(false);
    const black = godEffect(parseCard("JS"));
    expect(affectsSide(black, "black")).toBe(true);
    expect(affectsSide(black, "red")).toBe(false);
    const joker = godEffect({ joker: 2 }, 1);
    expect(affectsSide(joker, "red") && affectsSide(joker, "black")).toBe(true);
  });

  it("SW-11 number cards other than 3, 5 and 7 have no effect", () => {
    for (const r of ["2", "4", "6", "8", "9", "10"]) for (const s of ["H", "S"]) expect(godEffect(parseCard(`${r}${s}`)).kind).toBe("none");
    expect(godEffect(parseCard("3C")).kind).toBe("bad-omen");
    expect(godEffect(parseCard("5C")).kind).toBe("skilled-archer");
    expect(godEffect(parseCard("7C")).kind).toBe("fortune");
    expect(godEffect(parseCard("KC")).kind).toBe("new-hero");
    expect(godEffect(parseCard("AC")).kind).toBe("favoured-leader");
  });

  it("SW-11 Three: the unit chosen by the opponent drops one level", () => {
    const e = godEffect(parseCard("3H"));
    expect(e).toMatchObject({ kind: "bad-omen", affects: "red", chooser: "opponent", keep: false });
    expect(badOmen(unit({ aggression: "ready" })).value.aggression).toBe("present");
  });

  it("SW-11 Five and Seven are kept as tokens until used", () => {
    const five = godEffect(parseCard("5S"));
    const seven = godEffect(parseCard("7D"));
    expect(five.keep && seven.keep).toBe(true);
    let t = keepToken(keepToken(noTokens(), five), seven);
    t = keepToken(t, seven);
    expect(t).toEqual({ skilledArcher: 1, fortune: 2 });
    t = useToken(t, "skilledArcher");
    expect(t.skilledArcher).toBe(0);
    expect(() => useToken(t, "skilledArcher")).toThrow(/no Five/);
    expect(() => keepToken(t, godEffect(parseCard("JD")))).toThrow(/played at once/);
  });

  it("SW-11 Seven: spending the token re-rolls one set of dice", () => {
    const rng = Random.fromSeed(2);
    const input = { shooterStands: 3, skilledArcher: false, targetIsRetinue: false, targetInCover: false };
    const first = resolveShooting(rng, input);
    const again = fortuneReroll({ skilledArcher: 0, fortune: 1 }, () => resolveShooting(rng, input));
    expect(again.tokens.fortune).toBe(0);
    expect(again.result.roll.faces).toHaveLength(first.roll.faces.length);
    expect(() => fortuneReroll(noTokens(), () => 0)).toThrow(/no Seven/);
  });

  it("SW-11 Jack: every retinue of the affected side gains 1 fatigue DP", () => {
    const units = [unit({ id: "r1", kind: "retinue" }), unit({ id: "b1" }), unit({ id: "r2", kind: "retinue", dp: { ...emptyDp(), combat: 4 } })];
    const r = hardDrinking(units);
    expect(r.value.map((u) => u.dp.fatigue)).toEqual([1, 0, 1]);
    expect(r.value[2].aggression).toBe("present"); // fatigue DPs never overflow (SW-12)
    expect(totalDp(r.value[2])).toBe(5);
  });

  it("SW-11 Queen: the chosen retinue rises one level", () => {
    expect(beautifulWoman(unit({ kind: "retinue" })).value.aggression).toBe("ready");
    expect(() => beautifulWoman(unit({ kind: "band" }))).toThrow(/raises a retinue/);
  });

  it("SW-11 King: a heroic champion joins the chosen leader's retinue and challenges at no LP cost", () => {
    const r = newHero(leader(), unit({ id: "r", kind: "retinue" }));
    expect(r.retinue.attachments).toContain("heroic-champion");
    expect(r.challenge).toEqual({ challenger: "l", lpCost: 0 });
    expect(() => newHero(leader(), unit({ id: "other" }))).toThrow(/not Olaf's unit/);
  });

  it("SW-7 Ace raises one leader's LP value by 1, to at most 6", () => {
    expect(favouredLeader(leader({ lpValue: 3 })).value.lpValue).toBe(4);
    expect(favouredLeader(leader({ lpValue: 6 })).value.lpValue).toBe(6);
  });

  it("SW-9 first joker makes the ground soggy", () => {
    const rng = Random.fromSeed(1);
    const first = drawGodCard(stacked(["X2", "X1"]), rng);
    expect(first.jokerNumber).toBe(1);
    expect(godEffect(first.card, first.jokerNumber).kind).toBe("soggy-ground");
    const second = drawGodCard(first.pack, rng);
    expect(second.jokerNumber).toBe(2);
    expect(godEffect(second.card, second.jokerNumber).kind).toBe("terror");
  });

  it("SW-9 second joker: every unit of both armies drops one level", () => {
    const both = [unit({ id: "a", aggression: "bloodlust" }), unit({ id: "b", aggression: "shaken", stands: 2 })];
    const r = terror(both);
    expect(r.value[0].aggression).toBe("ready");
    expect(r.value[1].stands).toBe(1);
  });

  it("SW-10 one side calling may cancel and redraw", () => {
    const rng = Random.fromSeed(4);
    const first: GodDraw = drawGodCard(stacked(["JH", "AH"]), rng);
    const kept = resolveInvocation(first, rng, { calls: { red: true, black: false }, cancel: false, redraw: false });
    expect(kept.standing?.effect.kind).toBe("hard-drinking");
    const cancelled = resolveInvocation(first, rng, { calls: { red: true, black: false }, cancel: true, redraw: false });
    expect(cancelled.standing).toBeNull();
    const redrawn = resolveInvocation(first, rng, { calls: { red: false, black: true }, cancel: true, redraw: true });
    expect(redrawn.standing?.card).toEqual({ rank: "A", suit: "hearts" });
    expect(redrawn.pack.deck.discards).toHaveLength(2);
    // Either side may call, whatever the card's colour: black cancelled a red card here.
    expect(redrawn.notes.join(" ")).toMatch(/black's holy person cancels/);
  });

  it("SW-10 both sides calling cancel each other", () => {
    const rng = Random.fromSeed(4);
    const first = drawGodCard(stacked(["QS", "AH"]), rng);
    expect(holyCaller({ red: true, black: true })).toBeNull();
    const r = resolveInvocation(first, rng, { calls: { red: true, black: true }, cancel: true, redraw: true });
    expect(r.standing?.effect.kind).toBe("beautiful-woman");
    expect(r.pack).toEqual(first.pack);
  });

  it("SW-10 only a leader with a holy person who can spend 1 LP may call", () => {
    const retinue = unit({ id: "r", kind: "retinue", attachments: ["holy-person"] });
    expect(holyCallRefusal(leader(), retinue)).toBeNull();
    expect(callHolyPerson(leader(), retinue).value.lpSpent).toBe(1);
    expect(holyCallRefusal(leader(), unit({ id: "r", kind: "retinue" }))).toMatch(/no holy person/);
    expect(holyCallRefusal(leader({ lpSpent: 3 }), retinue)).toMatch(/0 LPs left/);
    expect(holyCallRefusal(leader(), { ...retinue, inCombat: true })).toMatch(/SW-8/);
  });

  it("SW-9 property: over a long game every draw is a card, and exactly two jokers ever appear", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const rng = Random.fromSeed(seed);
        let pack = newGodPack(rng);
        let jokers = 0;
        for (let i = 0; i < 120; i++) {
          const d = drawGodCard(pack, rng);
          pack = d.pack;
          if ("joker" in d.card) jokers++;
          expect(pack.deck.drawPile.length + pack.deck.discards.length).toBe(54 - pack.jokersDrawn);
        }
        expect(jokers).toBe(2);
      }),
      { seed: 9, numRuns: 50 },
    );
  });

  it("SW-11 applying a card: black cards touch only black, a joker both, choices are checked", () => {
    const side = (prefix: string): GodSide => ({
      units: [unit({ id: `${prefix}-r`, kind: "retinue", aggression: "ready" }), unit({ id: `${prefix}-b`, aggression: "present" })],
      leaders: [leader({ id: `${prefix}-l`, unit: `${prefix}-r`, lpValue: 3 })],
      tokens: noTokens(),
    });
    const sides = { red: side("red"), black: side("black") };
    const jack = applyGodEffect(godEffect(parseCard("JS")), sides, false);
    expect(jack.sides.black.units.map((u) => u.dp.fatigue)).toEqual([1, 0]);
    expect(jack.sides.red).toBe(sides.red);
    const three = applyGodEffect(godEffect(parseCard("3D")), sides, false, { red: { badOmenUnit: "red-b" } });
    expect(three.sides.red.units[1].aggression).toBe("shaken");
    expect(() => applyGodEffect(godEffect(parseCard("3D")), sides, false)).toThrow(/needs a choice: Three/);
    expect(() => applyGodEffect(godEffect(parseCard("3D")), sides, false, { red: { badOmenUnit: "black-b" } })).toThrow(/no such id/);
    const queen = applyGodEffect(godEffect(parseCard("QC")), sides, false, { black: { queenRetinue: "black-r" } });
    expect(queen.sides.black.units[0].aggression).toBe("bloodlust");
    expect(() => applyGodEffect(godEffect(parseCard("QC")), sides, false, { black: { queenRetinue: "black-b" } })).toThrow(/cannot be chosen/);
    const ace = applyGodEffect(godEffect(parseCard("AH")), sides, false, { red: { aceLeader: "red-l" } });
    expect(ace.sides.red.leaders[0].lpValue).toBe(4);
    const king = applyGodEffect(godEffect(parseCard("KH")), sides, false, { red: { kingLeader: "red-l" } });
    expect(king.challenge).toEqual({ side: "red", challenger: "red-l", lpCost: 0 });
    expect(king.sides.red.units[0].attachments).toContain("heroic-champion");
    const seven = applyGodEffect(godEffect(parseCard("7S")), sides, false);
    expect(seven.sides.black.tokens.fortune).toBe(1);
    const rain = applyGodEffect(godEffect({ joker: 1 }, 1), sides, false);
    expect(rain.soggyGround).toBe(true);
    const quake = applyGodEffect(godEffect({ joker: 2 }, 2), sides, true);
    expect([...quake.sides.red.units, ...quake.sides.black.units].map((u) => u.aggression)).toEqual(["present", "shaken", "present", "shaken"]);
    expect(quake.soggyGround).toBe(true);
    const plain = applyGodEffect(godEffect(parseCard("8H")), sides, false);
    expect(plain.sides).toEqual(sides);
  });
});
