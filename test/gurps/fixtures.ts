/** Building attack inputs for the GURPS tests. */
import fc from "fast-check";
import { type AttackInput, exampleAttack, MODES } from "../../src/rulesets/gurps/attack.js";
import { HEXES } from "../../src/rulesets/gurps/cover.js";
import { LOCATIONS } from "../../src/rulesets/gurps/locations.js";

/** The example attack with no active defence unless one is given. */
export function attack(over: Partial<AttackInput> = {}): AttackInput {
  return exampleAttack({ defense: { kind: "none", value: 0 }, ...over });
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
