/**
 * Issue 4 property, one shard of four (1,000 seeded random battles in all: 600 raid, 400 Maldon;
 * see property.ts): Maldon battles, first 200 seeds (fast-check seed 4006).
 */
import { describe, it } from "vitest";
import { battleProperty, shardRuns } from "./property.js";

describe("issue 4: seeded random battles (SW-25 result, invariants, replay)", () => {
  it("SW-25: 200 random Maldon battles (fast-check seed 4006) all end with a result, keep every invariant and replay to the same hash", () => {
    battleProperty("maldon-991.json", shardRuns(200), 4006);
  }, 3_600_000);
});
