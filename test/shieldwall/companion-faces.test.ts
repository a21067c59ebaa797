/**
 * Physical dice (issue 25): every companion test resolved from the faces the players threw goes
 * through the same resolution as the generator's roll. For each test kind and many generator
 * states, the generator's dice are read off as faces and entered: the roll, its log line, the
 * tracked state after applying it agree with the seeded roll; bad faces are refused naming
 * "faces"; a Seven (ruling SW-11) thrown again from entered faces works the same way.
 */
import { describe, expect, it } from "vitest";
import { Random, seedState } from "../../src/core/random.js";
import { applyRolled, type CompanionState, nextDieFor, rerollWithFortune, rollTest, rollTestWithFaces, startFromArmies, type TestInput, type TestKind, TEST_KINDS, testDefaults, TESTS } from "../../src/rulesets/shieldwall/companion/index.js";
import { tinySetup } from "./battle/setup.js";

const TINY = tinySetup();
const BASE = startFromArmies(TINY.armies.red, TINY.armies.black, { seed: 1 }).state;
const LEADER_KINDS: readonly TestKind[] = ["leader-risk", "retinue-eliminated", "refusal"];
const SEEDS = 40;

/** A generator that remembers which face index each die came up on (rollDie asks int(0, faces - 1)). */
class Recording extends Random {
  readonly picks: number[] = [];
  override int(lo: number, hi: number): number {
    const v = super.int(lo, hi);
    this.picks.push(v - lo);
    return v;
  }
}

function subjectFor(s: CompanionState, kind: TestKind, seed: number): string {
  if (kind === "initiative") return "";
  const ids = LEADER_KINDS.includes(kind) ? [...s.sides.red.leaders, ...s.sides.black.leaders].map((l) => l.id) : [...s.sides.red.units, ...s.sides.black.units].map((u) => u.id);
  return ids[seed % ids.length];
}

function inputFor(s: CompanionState, kind: TestKind, seed: number): TestInput {
  const input = testDefaults(s, kind, subjectFor(s, kind, seed));
  if (kind === "move") return { ...input, moveKind: ["normal", "rout", "retire", "pursuit"][seed % 4], extraD6: seed % 2 === 0 };
  if (kind === "leader-risk") return { ...input, rolls: 1 + (seed % 3) };
  if (kind === "charge") return { ...input, aggression: ["present", "eager", "hesitant"][seed % 3] };
  return input;
}

/** The faces the generator threw, read off die by die in the order the test throws them. */
function facesThrown(s: CompanionState, kind: TestKind, input: TestInput): number[] {
  const rec = new Recording(s.rng);
  TESTS[kind].roll(s, input, rec);
  const faces: number[] = [];
  for (;;) {
    const next = nextDieFor(s, kind, input, faces);
    expect(next.error).toBeNull();
    if (next.die === null) return faces;
    faces.push(next.die.faces[rec.picks[faces.length]]);
  }
}

describe("a test from the faces thrown at the table (issue 25)", () => {
  for (const kind of TEST_KINDS) {
    it(`${kind}: the same roll, log and state after as the generator's for the same faces (${SEEDS} cases)`, () => {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const s: CompanionState = { ...BASE, rng: seedState(seed) };
        const input = inputFor(s, kind, seed);
        const faces = facesThrown(s, kind, input);
        const app = rollTest(s, kind, input);
        const table = rollTestWithFaces(s, kind, input, faces);
        expect(table.rolled).toEqual(app.rolled);
        expect(table.rng).toEqual(s.rng); // the generator is left alone
        expect(table.log.at(-1)!.lines[0]).toBe(app.log.at(-1)!.lines[0].replace(": ", " (dice thrown at the table): "));
        const after = (x: CompanionState) => ({ sides: x.sides, first: x.first, missileHits: x.missileHits, chargedThisTurn: x.chargedThisTurn, applied: x.log.at(-1)!.lines.at(-1) });
        expect(after(applyRolled(table))).toEqual(after(applyRolled(app)));
      }
    });
  }

  it("refuses a face its die does not show, naming the die's place (ruling C-1: the AvD shows 2-5)", () => {
    const s = BASE;
    const unit = s.sides.red.units[0].id;
    expect(() => rollTestWithFaces(s, "control", testDefaults(s, "control", unit), [6])).toThrow("faces.0: a AvD shows 2, 3, 4, 5, got 6");
    expect(() => rollTestWithFaces(s, "charge", testDefaults(s, "charge", unit), [0])).toThrow("faces.0: a D6 shows 1, 2, 3, 4, 5, 6, got 0");
    expect(() => rollTestWithFaces(s, "charge", testDefaults(s, "charge", unit), [2.5])).toThrow(/^faces\.0: /);
  });

  it("refuses too few or too many faces, naming the count", () => {
    const s = BASE;
    const unit = s.sides.red.units[0].id;
    const input = { ...testDefaults(s, "move", unit), extraD6: true };
    expect(() => rollTestWithFaces(s, "move", input, [3])).toThrow("faces: the roll throws more dice than the 1 given (next: a D6)");
    expect(() => rollTestWithFaces(s, "move", input, [3, 4, 5])).toThrow("faces: 3 dice given, the test throws 2");
    expect(nextDieFor(s, "move", input, [])).toEqual({ die: expect.objectContaining({ name: "AvD" }), error: null });
    expect(nextDieFor(s, "move", input, [3]).die?.name).toBe("D6");
    expect(nextDieFor(s, "move", input, [3, 6])).toEqual({ die: null, error: null });
  });

  it("a Seven thrown again from the faces entered replaces the roll and spends the token (ruling SW-11)", () => {
    const unit = BASE.sides.red.units[0].id;
    const s: CompanionState = { ...BASE, sides: { ...BASE.sides, red: { ...BASE.sides.red, tokens: { ...BASE.sides.red.tokens, fortune: 1 } } } };
    const input = testDefaults(s, "charge", unit);
    const first = rollTestWithFaces(s, "charge", input, [1]);
    const again = rerollWithFortune(first, "red", [6]);
    expect(again.rolled!.dice[0].faces).toEqual([6]);
    expect(again.sides.red.tokens.fortune).toBe(0);
    expect(again.rng).toEqual(s.rng);
    const lines = again.log.flatMap((e) => e.lines);
    expect(lines.some((l) => l.includes("plays a kept Seven"))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Charge test \(dice thrown at the table\): /);
    expect(() => rerollWithFortune(first, "red", [7])).toThrow("faces.0");
  });

  it("marks the dice that score by the rule that counts them: a combat side hitting on 5-6 carries hitOn 5", () => {
    const s = BASE;
    const unit = s.sides.red.units[0].id;
    const input = testDefaults(s, "combat", unit);
    const r = rollTest(s, "combat", input).rolled!;
    for (const d of r.dice) expect([5, 6]).toContain(d.hitOn);
    expect(r.dice.some((d) => d.hitOn === 5)).toBe(true);
  });

  it("the initiative names the +1 only when a side has it (ruling SW-8)", () => {
    const even = rollTest(BASE, "initiative", { redCincLp: 3, blackCincLp: 3 }).rolled!;
    for (const d of even.dice) expect(d.label).not.toContain("+1");
    const red = rollTest(BASE, "initiative", { redCincLp: 4, blackCincLp: 3 }).rolled!;
    for (const d of red.dice) expect(d.label).toContain("(with +1 for red)");
  });
});
