import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";
import { pairOf } from "../../src/rulesets/contest/deck.js";
import {
  applyExchange,
  cardRefusal,
  deckAt,
  diceFor,
  duelStart,
  exchangeDist,
  legalCards,
  outcomeOf,
  resolveExchange,
  rollsDist,
} from "../../src/rulesets/contest/exchange.js";
import { MOUNT_MOVE, type Profile, WEAPON_RANGE, moveRate, weaponRange } from "../../src/rulesets/contest/profile.js";
import { makeSetup, profile } from "./helpers.js";

const noWeapon: Profile = { ...profile("marcellus") };

describe("seed The Duel: when a duel starts", () => {
  it("The Duel: base contact starts a melee contest", () => {
    expect(duelStart(noWeapon, noWeapon, 0)).toBe("melee");
  });
  it("The Duel: moving into weapon range starts a ranged contest, with a ranged weapon on at least one side", () => {
    const hector = profile("hector"); // javelin 6"
    expect(duelStart(hector, noWeapon, 6)).toBe("ranged");
    expect(duelStart(noWeapon, hector, 6)).toBe("ranged");
    expect(duelStart(hector, noWeapon, 7)).toBeNull();
    expect(duelStart(noWeapon, noWeapon, 3)).toBeNull();
  });
});

describe("CC-3 profiles: mounts, weapons, assisting commanders", () => {
  it("CC-3 movement rates: foot 6, horse 12, chariot 9 (seed New Movement Rates)", () => {
    expect(MOUNT_MOVE).toEqual({ foot: 6, horse: 12, chariot: 9 });
    expect(moveRate(profile("hector"))).toBe(9);
    expect(moveRate(profile("marcellus"))).toBe(12);
  });
  it("CC-3 house default ranges: javelin 6, sling 12, bow 18, crossbow 18; a profile may set its own", () => {
    expect(WEAPON_RANGE).toEqual({ javelin: 6, sling: 12, bow: 18, crossbow: 18 });
    expect(weaponRange(profile("archer-captain"))).toBe(18);
    expect(weaponRange({ ...profile("hector"), weapon: { type: "javelin", range: 8 } })).toBe(8);
    expect(weaponRange(noWeapon)).toBeNull();
  });
  it("CC-3 an assisting commander adds +1 to every tested stat", () => {
    const setup = makeSetup("hector", "achilles", { assistA: 1, assistB: 2 });
    const pair = pairOf(setup.ranged, "shoot", "evade");
    expect(diceFor(setup, "A", pair.testA)).toBe(profile("hector").shooting + 1);
    expect(diceFor(setup, "B", pair.testB)).toBe(profile("achilles").agility + 2);
    // and it changes the odds: B evades with 2 more dice
    const plain = exchangeDist(makeSetup("hector", "achilles"), { mightA: 4, mightB: 5, distance: 6 }, "shoot", "evade");
    const helped = exchangeDist(setup, { mightA: 4, mightB: 5, distance: 6 }, "shoot", "evade");
    expect(helped.prob((p) => p.mightB === 5).cmp(plain.prob((p) => p.mightB === 5))).toBe(1);
  });
});

describe("seed Ranged Contests: the Shoot action", () => {
  const setup = makeSetup("hector", "marcellus");
  it("Ranged Contests: a commander without a ranged weapon may not Shoot", () => {
    expect(cardRefusal(setup, { mightA: 4, mightB: 4, distance: 5 }, "B", "shoot")).toMatch(/needs a ranged weapon/);
    expect(legalCards(setup, { mightA: 4, mightB: 4, distance: 5 }, "B")).toEqual(["close", "evade", "cover"]);
  });
  it("Ranged Contests: a target beyond the weapon's range may not be shot until in range", () => {
    expect(cardRefusal(setup, { mightA: 4, mightB: 4, distance: 7 }, "A", "shoot")).toMatch(/beyond the 6" range/);
    expect(cardRefusal(setup, { mightA: 4, mightB: 4, distance: 6 }, "A", "shoot")).toBeNull();
  });
  it("CC-5 every other card is always available", () => {
    expect(legalCards(setup, { mightA: 1, mightB: 1, distance: 24 }, "A")).toEqual(["close", "evade", "cover"]);
    expect(legalCards(setup, { mightA: 1, mightB: 1, distance: 0 }, "A")).toEqual(["strike", "parry", "feint", "withdraw"]);
  });
});

describe("seed flow: moves, melee on contact, Might reduced and regained, removal", () => {
  const setup = makeSetup("hector", "achilles");
  it("Ranged Contests: Close Distance into base contact begins a melee contest (the melee deck is used)", () => {
    const d = exchangeDist(setup, { mightA: 4, mightB: 5, distance: 9 }, "close", "evade");
    expect(d.support()).toEqual([{ mightA: 4, mightB: 5, distance: 0 }]);
    expect(deckAt(setup, { mightA: 4, mightB: 5, distance: 0 }).kind).toBe("melee");
    expect(deckAt(setup, { mightA: 4, mightB: 5, distance: 1 }).kind).toBe("ranged");
  });
  it("Ranged Contests: a move stops at base contact", () => {
    const r = applyExchange(setup, { mightA: 4, mightB: 5, distance: 4 }, pairOf(setup.ranged, "close", "close"), { A: 0, B: 0 });
    expect(r.position.distance).toBe(0);
  });
  it("house maximum distance: moves apart stop at 24 inches", () => {
    const r = applyExchange(setup, { mightA: 4, mightB: 5, distance: 20 }, pairOf(setup.ranged, "evade", "evade"), { A: 5, B: 5 });
    expect(r.position.distance).toBe(24);
  });
  it("Ranged Contests: a commander reduced to 0 Might is removed (the duel is decided)", () => {
    const r = applyExchange(setup, { mightA: 1, mightB: 5, distance: 6 }, pairOf(setup.ranged, "close", "shoot"), { A: 0, B: 3 });
    expect(r.position.mightA).toBe(0);
    expect(outcomeOf(r.position)).toBe("B");
    expect(outcomeOf({ mightA: 0, mightB: 0, distance: 3 })).toBe("draw");
    expect(outcomeOf({ mightA: 1, mightB: 1, distance: 3 })).toBeNull();
  });
  it("house regain cap: regained Might never exceeds the starting Might (option capRegainAtStart)", () => {
    const r = applyExchange(setup, { mightA: 3, mightB: 2, distance: 6 }, pairOf(setup.ranged, "cover", "cover"), { A: 9, B: 9 });
    expect(r.position).toEqual({ mightA: 4, mightB: 5, distance: 6 });
    const loose = makeSetup("hector", "achilles", { options: { capRegainAtStart: false } });
    const r2 = applyExchange(loose, { mightA: 3, mightB: 2, distance: 6 }, pairOf(loose.ranged, "cover", "cover"), { A: 9, B: 9 });
    expect(r2.position).toEqual({ mightA: 8, mightB: 10, distance: 6 });
  });
  it("CC-4 melee (house rule): Withdraw breaks contact with one move away and the ranged contest resumes", () => {
    const r = applyExchange(setup, { mightA: 4, mightB: 5, distance: 0 }, pairOf(setup.melee, "withdraw", "parry"), { A: 0, B: 0 });
    expect(r.position.distance).toBe(9);
  });
  it("CC-1 open-ended Shoot against Shoot: exact distribution of the exchange", () => {
    // Both at Might 1: each falls on any success. P(a die pool of 3 scores none) = 1/8.
    const d = exchangeDist(setup, { mightA: 1, mightB: 1, distance: 6 }, "shoot", "shoot");
    expect(d.probOf({ mightA: 1, mightB: 1, distance: 6 }).toString()).toBe("1/64");
    expect(d.probOf({ mightA: 0, mightB: 0, distance: 6 }).toString()).toBe("49/64");
  });
});

describe("exchange: exact distribution against the rolled resolution", () => {
  const setup = makeSetup("hector", "achilles");
  it("property: every exchange distribution sums to exactly 1 and stays within the bounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 24 }), fc.nat(), fc.nat(), (ma, mb, dist, i, j) => {
        const pos = { mightA: ma, mightB: mb, distance: dist };
        const la = legalCards(setup, pos, "A");
        const lb = legalCards(setup, pos, "B");
        const d = exchangeDist(setup, pos, la[i % la.length], lb[j % lb.length]);
        expect(d.outcomes().reduce((s, o) => s.add(o.p), Fraction.ZERO).toString()).toBe("1");
        for (const p of d.support()) {
          expect(p.mightA).toBeGreaterThanOrEqual(0);
          expect(p.mightA).toBeLessThanOrEqual(4);
          expect(p.mightB).toBeLessThanOrEqual(5);
          expect(p.distance).toBeGreaterThanOrEqual(0);
          expect(p.distance).toBeLessThanOrEqual(24);
        }
      }),
      { seed: 5, numRuns: 150 },
    );
  });

  it("rolled exchanges land on outcomes with the exact frequencies (seeded sample, Shoot against Evade)", () => {
    const pos = { mightA: 4, mightB: 5, distance: 6 };
    const exact = exchangeDist(setup, pos, "shoot", "evade");
    const rng = Random.fromSeed(77);
    const N = 10_000;
    const counts = new Map<number, number>();
    for (let k = 0; k < N; k++) {
      const r = resolveExchange(rng, setup, pos, "shoot", "evade");
      counts.set(r.position.mightB, (counts.get(r.position.mightB) ?? 0) + 1);
    }
    for (const o of exact.outcomes()) {
      const p = o.p.toNumber();
      expect(Math.abs((counts.get(o.value.mightB) ?? 0) / N - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N) + 1e-9);
    }
  });

  it("property: the open-ended cut-off never changes the result (position cut-offs, global cut-offs and a cut-off of 40 agree)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 24 }), (ma, mb, distance) => {
        const pos = { mightA: ma, mightB: mb, distance };
        const deck = deckAt(setup, pos);
        for (const a of legalCards(setup, pos, "A")) {
          for (const b of legalCards(setup, pos, "B")) {
            const pair = pairOf(deck, a, b);
            const small = rollsDist(setup, pair, pos).map((r) => applyExchange(setup, pos, pair, r).position);
            const global = rollsDist(setup, pair).map((r) => applyExchange(setup, pos, pair, r).position);
            const big = rollsDist(setup, pair, pos, 40).map((r) => applyExchange(setup, pos, pair, r).position);
            expect(JSON.stringify(small.toJSON())).toBe(JSON.stringify(big.toJSON()));
            expect(JSON.stringify(global.toJSON())).toBe(JSON.stringify(big.toJSON()));
          }
        }
      }),
      { seed: 13, numRuns: 12 },
    );
  });

  it("property: for random profiles, every rolled exchange lands in the exact distribution's support", () => {
    const prof = fc.record({
      might: fc.integer({ min: 1, max: 6 }),
      shooting: fc.integer({ min: 0, max: 5 }),
      agility: fc.integer({ min: 0, max: 5 }),
      fighting: fc.integer({ min: 0, max: 5 }),
      mount: fc.constantFrom("foot" as const, "horse" as const, "chariot" as const),
      range: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
    });
    const toProfile = (id: string, p: { might: number; shooting: number; agility: number; fighting: number; mount: "foot" | "horse" | "chariot"; range: number | null }): Profile => ({
      id,
      name: id,
      might: p.might,
      shooting: p.shooting,
      agility: p.agility,
      fighting: p.fighting,
      mount: p.mount,
      weapon: p.range === null ? null : { type: "other", range: p.range },
    });
    fc.assert(
      fc.property(prof, prof, fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 3 }), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 2 ** 30 }), (pa, pb, distance, assist, i, j, seed) => {
        const s = makeSetup(toProfile("a", pa), toProfile("b", pb), { assistA: assist });
        const pos = { mightA: pa.might, mightB: Math.max(1, pb.might - 1), distance };
        const la = legalCards(s, pos, "A");
        const lb = legalCards(s, pos, "B");
        const [ca, cb] = [la[i % la.length], lb[j % lb.length]];
        const support = new Set(exchangeDist(s, pos, ca, cb).support().map((p) => JSON.stringify(p)));
        const rng = Random.fromSeed(seed);
        for (let k = 0; k < 20; k++) expect(support.has(JSON.stringify(resolveExchange(rng, s, pos, ca, cb).position))).toBe(true);
      }),
      { seed: 21, numRuns: 150 },
    );
  });
});
