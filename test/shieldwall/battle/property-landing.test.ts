/**
 * Issue 4 property on the raid with boats (data/shieldwall/scenarios/raid-landing.json): seeded
 * random battles with units starting aboard ship, landing, embarking and passing through friends
 * (seed "Manoeuvre": Embark/Disembark, Interpenetration; ruling SW-1) all end with a result, keep
 * every invariant (no overlapping stands after interpenetration) and replay (see property.ts).
 */
import { describe, it } from "vitest";
import { battleProperty, shardRuns } from "./property.js";

describe("issue 4: seeded random battles with boats (SW-25 result, invariants, replay)", () => {
  it("SW-25: 100 random battles of the raid with boats (fast-check seed 4008: embark, disembark, interpenetration) all end with a result, keep every invariant and replay to the same hash", () => {
    battleProperty("raid-landing.json", shardRuns(100), 4008);
  }, 3_600_000);
});
