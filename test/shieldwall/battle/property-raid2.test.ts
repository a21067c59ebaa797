/**
 * Issue 4 property, one shard of four (1,000 seeded random battles in all: 600 raid, 400 Maldon;
 * see property.ts): raid battles, second 300 seeds (fast-check seed 4005).
 */
import { describe, it } from "vitest";
import { battleProperty, shardRuns } from "./property.js";

describe("issue 4: seeded random battles (SW-25 result, invariants, replay)", () => {
  it("SW-25: 300 random raid battles (fast-check seed 4005) all end with a result, keep every invariant and replay to the same hash", () => {
    battleProperty("raid.json", shardRuns(300), 4005);
  }, 3_600_000);
});
