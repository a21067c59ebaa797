/**
 * Issue 4 property, one shard of four (1,000 seeded random battles in all: 600 raid, 400 Maldon;
 * see property.ts): raid battles, first 300 seeds (fast-check seed 4004).
 */
import { describe, it } from "vitest";
import { battleProperty, shardRuns } from "./property.js";

describe("issue 4: seeded random battles (SW-25 result, invariants, replay)", () => {
  it("SW-25: 300 random raid battles (fast-check seed 4004) all end with a result, keep every invariant and replay to the same hash", () => {
    battleProperty("raid.json", shardRuns(300), 4004);
  }, 3_600_000);
});
