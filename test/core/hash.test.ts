import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, hashString, hashValue } from "../../src/core/hash.js";

describe("state hash", () => {
  it("ignores key order and undefined fields", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe('{"a":{"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(hashValue({ a: 1, b: 2 })).toBe(hashValue({ b: 2, a: 1 }));
  });

  it("is 16 hex digits and tells different values apart", () => {
    expect(hashString("")).toMatch(/^[0-9a-f]{16}$/);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        if (a !== b) expect(hashString(a)).not.toBe(hashString(b));
      }),
      { seed: 10, numRuns: 2000 },
    );
  });
});
