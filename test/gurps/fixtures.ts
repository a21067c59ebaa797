/** Building attack inputs for the GURPS tests. */
import fc from "fast-check";
import { type AttackInput, DEFAULT_OPTIONS, MODES } from "../../src/rulesets/gurps/attack.js";
import { HEXES } from "../../src/rulesets/gurps/cover.js";
import { LOCATIONS } from "../../src/rulesets/gurps/locations.js";

export function attack(over: Partial<AttackInput> = {}): AttackInput {
  return {
    skill: 14,
    db: 3,
    mode: "abstract",
    location: "random",
    hex: "front",
    flailPenalty: 0,
    wielderMoving: false,
    lobbed: false,
    hunkered: false,
    shieldWall: false,
    edition: 4,
    defense: { kind: "none", value: 0 },
    ...over,
    options: { ...DEFAULT_OPTIONS, ...over.options },
  };
}

/** Any valid attack input with the default options. */
export const anyAttack: fc.Arbitrary<AttackInput> = fc
  .record({
    skill: fc.integer({ min: -2, max: 22 }),
    db: fc.integer({ min: 0, max: 8 }),
    mode: fc.constantFrom(...MODES),
    location: fc.constantFrom("random" as const, "random" as const, ...LOCATIONS),
    hex: fc.constantFrom(...HEXES),
    flailPenalty: fc.integer({ min: -4, max: 0 }),
    wielderMoving: fc.boolean(),
    lobbed: fc.boolean(),
    hunkered: fc.boolean(),
    shieldWall: fc.boolean(),
    edition: fc.constantFrom(3 as const, 4 as const),
    kind: fc.constantFrom("none" as const, "dodge" as const, "parry" as const, "block" as const),
    value: fc.integer({ min: 0, max: 18 }),
  })
  .map(({ kind, value, ...rest }) => attack({ ...rest, defense: rest.hunkered ? { kind: "none", value: 0 } : { kind, value } }));
