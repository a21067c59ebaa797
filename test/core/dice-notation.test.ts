import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DiceExpression, type DiceTerm, DiceExpressionError, DEFAULT_EXPLODE_DEPTH, describeExpression, describeTermRoll, expressionDist, MAX_SIDES, parseDice, rollExpression } from "../../src/core/dice-expression.js";
import { Fraction } from "../../src/core/fraction.js";
import { Random } from "../../src/core/random.js";

/**
 * Brute force, written independently of src/core/dice-exact.ts: every sequence of throws of
 * every die, with its probability, exactly as a player would throw them one at a time.
 */
function dieOutcomes(t: DiceTerm, depth: number): [number, Fraction][] {
  const s = t.die.faces.length;
  const top = Math.max(...t.die.faces);
  const p = Fraction.of(1, s);
  const out: [number, Fraction][] = [];
  const explode = (face: number, sofar: number, prob: Fraction, extra: number) => {
    if (!t.explode || face !== top || extra === depth) return void out.push([sofar, prob]);
    for (const f of t.die.faces) explode(f, sofar + f, prob.mul(p), extra + 1);
  };
  for (const first of t.die.faces) {
    if (t.reroll.includes(first)) for (const second of t.die.faces) explode(second, second, p.mul(p), 0);
    else explode(first, first, p, 0);
  }
  return out;
}

function bruteForce(e: DiceExpression): Map<number, Fraction> {
  let acc = new Map<number, Fraction>([[e.modifier, Fraction.ONE]]);
  for (const t of e.terms) {
    const one = dieOutcomes(t, e.explodeDepth);
    let pools: [number[], Fraction][] = [[[], Fraction.ONE]];
    for (let i = 0; i < t.count; i++) pools = pools.flatMap(([vs, p]) => one.map(([v, q]) => [[...vs, v], p.mul(q)] as [number[], Fraction]));
    const termDist = new Map<number, Fraction>();
    for (const [vs, p] of pools) {
      const sorted = [...vs].sort((a, b) => a - b);
      const kept = !t.keep ? sorted : t.keep.which === "highest" ? sorted.slice(sorted.length - t.keep.count) : sorted.slice(0, t.keep.count);
      const v = t.sign * kept.reduce((a, b) => a + b, 0);
      termDist.set(v, (termDist.get(v) ?? Fraction.ZERO).add(p));
    }
    const next = new Map<number, Fraction>();
    for (const [a, pa] of acc) for (const [b, pb] of termDist) next.set(a + b, (next.get(a + b) ?? Fraction.ZERO).add(pa.mul(pb)));
    acc = next;
  }
  return acc;
}

function expectSame(text: string, depth?: number): void {
  const e = parseDice(text, { explodeDepth: depth });
  const exact = expressionDist(e);
  const brute = bruteForce(e);
  const nonzero = [...brute].filter(([, p]) => !p.isZero());
  expect(exact.size, text).toBe(nonzero.length);
  for (const [v, p] of nonzero) expect(exact.probOf(v).toString(), `${text}: P(${v})`).toBe(p.toString());
}

describe("dice notation: exact distributions equal brute-force enumeration", () => {
  it.each(["4d6kh3", "2d20kl1", "3d6!", "2d20r1", "1d7", "d6r<3", "4d6dl1", "4d6dh1", "3d4k2", "AvD!+D6", "2d6!kh1-1d4", "3d3r1!kl2", "1d1!", "d6r>=5!"])("%s", (text) => expectSame(text));

  it("the explode depth is honoured: 1d6! at depth 0, 1 and 4", () => {
    expectSame("1d6!", 0);
    expectSame("2d4!", 1);
    expectSame("1d6!", 4);
    expect(expressionDist(parseDice("1d6!", { explodeDepth: 0 })).mean().toString()).toBe("7/2");
    // Depth 1: 1..5, 7..12; mean 7/2 + (1/6)(7/2).
    expect(expressionDist(parseDice("1d6!", { explodeDepth: 1 })).mean().toString()).toBe("49/12");
  });

  it("property: random small pools with keep, drop, reroll and explode match the enumeration", () => {
    const term = fc.record({
      count: fc.integer({ min: 1, max: 3 }),
      sides: fc.integer({ min: 1, max: 5 }),
      keep: fc.constantFrom("", "kh1", "kl1", "dl1", "dh1", "kh2"),
      explode: fc.boolean(),
      reroll: fc.constantFrom("", "r1", "r<3", "r>=4"),
    });
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 2 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: 0, max: 2 }), (terms, mod, depth) => {
        const parts = terms.map((t) => {
          const keep = /^(kh2|dl1|dh1)$/.test(t.keep) && t.count < 3 ? "" : t.keep;
          const reroll = t.reroll === "r>=4" && t.sides < 4 ? "" : t.reroll === "r<3" && t.sides < 2 ? "r1" : t.reroll;
          return `${t.count}d${t.sides}${keep}${t.explode ? "!" : ""}${reroll}`;
        });
        const text = `${parts.join("+")}${mod < 0 ? mod : `+${mod}`}`;
        expectSame(text, depth);
      }),
      { seed: 25, numRuns: 60 },
    );
  });

  it("4d6kh3 has the well-known mean 15869/1296 (about 12.24)", () => {
    const d = expressionDist(parseDice("4d6kh3"));
    expect(d.mean().toString()).toBe("15869/1296");
    expect(d.probOf(18).toString()).toBe("7/432");
  });

  it("large pools stay exact: 20 exploding d6 sum to probability 1 with mean 20 × 3.5 × (1 + 1/6 + 1/36)", () => {
    const d = expressionDist(parseDice("20d6!"));
    expect(d.outcomes().reduce((s, o) => s.add(o.p), Fraction.ZERO).toString()).toBe("1");
    expect(d.mean().toString()).toBe(Fraction.of(70).mul(Fraction.of(43, 36)).toString());
  });
});

describe("dice notation: parsing and its errors name the part", () => {
  it("reads keep, drop, explode and reroll, and says what each term means", () => {
    const e = parseDice("4d6kh3 + 3d6! - 2d20r<3 + d%");
    expect(e.terms.map((t) => [t.count, t.die.name, t.keep?.which, t.keep?.count, t.explode, t.reroll, t.sign])).toEqual([
      [4, "D6", "highest", 3, false, [], 1],
      [3, "D6", undefined, undefined, true, [], 1],
      [2, "D20", undefined, undefined, false, [1, 2], -1],
      [1, "D100", undefined, undefined, false, [], 1],
    ]);
    expect(e.explodeDepth).toBe(DEFAULT_EXPLODE_DEPTH);
    const lines = describeExpression(e);
    expect(lines[0]).toBe("4d6kh3: 4 D6, keep the highest 3");
    expect(lines[1]).toBe("3d6!: 3 D6, exploding on 6: at most 2 extra throws per die (explode depth 2)");
    expect(lines[2]).toBe("2d20r<3: minus 2 D20, reroll 1, 2 once (the new face stands)");
    expect(parseDice("4d6dl1").terms[0].keep).toEqual({ which: "highest", count: 3 });
    expect(parseDice("2d20dh1").terms[0].keep).toEqual({ which: "lowest", count: 1 });
  });

  it.each([
    ["4d6kh5", /"4d6kh5": "kh5" keeps 5 of 4 dice; between 1 and 4/],
    ["2d20kh0", /"2d20kh0": "kh0" keeps 0 of 2 dice/],
    ["4d6dl4", /"4d6dl4": "dl4" drops 4 of 4 dice; at most 3/],
    ["3x6", /"3x6" is not a dice term/],
    ["4d6x", /"4d6x": "x" is not a dice modifier; the modifiers are kh, kl, dh, dl/],
    ["3d6!!", /"3d6!!": compounding dice \("!!"\) are not supported/],
    ["d6r7", /"d6r7": "r7" rerolls no face of the D6/],
    ["3d6+", /"3d6\+": a "\+" with nothing after it/],
    ["d0", /"d0": a die has between 1 and 10000 sides \(MAX_SIDES\)/],
    [`d${MAX_SIDES + 1}`, /a die has between 1 and 10000 sides/],
    ["4d6kh3kl1", /"4d6kh3kl1": one keep or drop per term/],
    ["2d6+1d8k2x", /"1d8k2x": "k2" keeps 2 of 1 dice/],
    ["", /empty/],
  ])("%s is refused naming the part", (text, message) => {
    expect(() => parseDice(text)).toThrow(DiceExpressionError);
    expect(() => parseDice(text)).toThrow(message);
  });

  it("the explode depth is bounded (MAX_EXPLODE_DEPTH)", () => {
    expect(() => parseDice("3d6!", { explodeDepth: 21 })).toThrow(/explode depth: a whole number from 0 to 20 \(MAX_EXPLODE_DEPTH\), got 21/);
  });

  it("exact odds refuse too many totals and too much keep work, naming the limit", () => {
    expect(() => expressionDist(parseDice("1d5000"))).toThrow(/can show 5000 different totals; exact odds are worked out for at most 2000/);
    expect(() => expressionDist(parseDice("400d6kh200"))).toThrow(/"400d6kh200": keeping 200 of 400 such dice is too much work for exact odds \(MAX_KEEP_WORK\)/);
  });
});

describe("dice notation: rolling shows every throw", () => {
  it("keeps the highest, marks the dropped die, and totals the kept ones", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const r = rollExpression(Random.fromSeed(seed), parseDice("4d6kh3"));
      const t = r.rolls[0];
      expect(t.detail.filter((d) => !d.kept)).toHaveLength(1);
      const dropped = t.detail.find((d) => !d.kept)!;
      expect(Math.min(...t.faces)).toBe(dropped.total);
      expect(r.total).toBe(t.faces.reduce((a, b) => a + b, 0) - dropped.total);
      expect(describeTermRoll(t)).toMatch(/^4d6kh3 \[(\d( dropped)?, ){3}\d( dropped)?\] = \d+$/);
    }
  });

  it("explodes on the top face at most the depth, and rerolls a 1 once", () => {
    let sawExplosion = false;
    let sawReroll = false;
    for (let seed = 1; seed <= 200; seed++) {
      const r = rollExpression(Random.fromSeed(seed), parseDice("2d4!r1", { explodeDepth: 2 }));
      for (const d of r.rolls[0].detail) {
        const counted = d.rerolled ? d.throws.slice(1) : d.throws;
        expect(d.total).toBe(counted.reduce((a, b) => a + b, 0));
        expect(counted.length).toBeLessThanOrEqual(3);
        counted.slice(0, -1).forEach((f) => expect(f).toBe(4));
        if (counted.length < 3) expect(counted[counted.length - 1]).not.toBe(4);
        sawExplosion ||= counted.length > 1;
        if (d.rerolled) {
          sawReroll = true;
          expect(d.throws[0]).toBe(1);
          expect(describeTermRoll(r.rolls[0])).toContain(`1→${counted.join("+")}`);
        }
      }
    }
    expect(sawExplosion && sawReroll).toBe(true);
  });

  it("plain dice draw from the generator as before (same seed, same faces)", () => {
    const r = rollExpression(Random.fromSeed(17), parseDice("3d6"));
    const rng = Random.fromSeed(17);
    expect(r.rolls[0].faces).toEqual([1, 2, 3].map(() => rng.int(1, 6)));
  });
});

describe("dice notation: any text is read or refused by name, never thrown past", () => {
  it("property: strings of notation characters parse or raise DiceExpressionError; what parses rolls inside its exact support", () => {
    const chars = fc.constantFrom(..."0123456789dDkhlr!<>=+-% avAV".split(""));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }).map((a) => a.join("")), fc.integer({ min: 1, max: 1000 }), (text, seed) => {
        let e: DiceExpression;
        try {
          e = parseDice(text);
        } catch (err) {
          expect(err).toBeInstanceOf(DiceExpressionError);
          expect((err as Error).message.length).toBeGreaterThan(0);
          return;
        }
        const r = rollExpression(Random.fromSeed(seed), e);
        let dist;
        try {
          dist = expressionDist(e);
        } catch (err) {
          expect(err).toBeInstanceOf(RangeError);
          return;
        }
        expect(dist.probOf(r.total).isZero()).toBe(false);
      }),
      { seed: 2525, numRuns: 400 },
    );
  });
});
