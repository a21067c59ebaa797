/**
 * Issue 4 property on Brunanburh (data/shieldwall/scenarios/brunanburh-937.json), the largest
 * shipped battle: seeded random battles end with a result, keep every invariant (including issue
 * 23's N4: every loss announced once, where it happens) and replay (see property.ts).
 */
import { describe, it } from "vitest";
import { battleProperty, shardRuns } from "./property.js";

describe("issue 4: seeded random battles of Brunanburh (SW-25 result, invariants, replay)", () => {
  it("SW-25: 100 random battles of Brunanburh (fast-check seed 4009) all end with a result, keep every invariant and replay to the same hash", () => {
    battleProperty("brunanburh-937.json", shardRuns(100), 4009);
  }, 3_600_000);
});
