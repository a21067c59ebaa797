import { describe, expect, it } from "vitest";
import { hashValue } from "../../src/core/hash.js";
import { ObjectCache } from "../../src/core/object-cache.js";

describe("ObjectCache", () => {
  it("keeps one value per object, replaced on a second set", () => {
    const cache = new ObjectCache<object, number>("test");
    const a = { x: 1 };
    const b = { x: 1 };
    expect(cache.get(a)).toBeUndefined();
    cache.set(a, 1);
    cache.set(b, 2);
    expect(cache.get(a)).toBe(1);
    expect(cache.get(b)).toBe(2);
    cache.set(a, 3);
    expect(cache.get(a)).toBe(3);
  });

  it("two caches never see each other's values on the same object", () => {
    const one = new ObjectCache<object, string>("same name");
    const two = new ObjectCache<object, string>("same name");
    const o = {};
    one.set(o, "one");
    expect(two.get(o)).toBeUndefined();
  });

  it("is invisible to JSON, state hashes, structured clones, key listings and deep equality", () => {
    const cache = new ObjectCache<object, { big: number[] }>("test");
    const state = { units: [{ id: "u1", stands: [{ x: 1, y: 2 }] }], turn: 3 };
    const before = { json: JSON.stringify(state), hash: hashValue(state) };
    cache.set(state, { big: [1, 2, 3] });
    cache.set(state.units[0].stands, { big: [4] });
    expect(JSON.stringify(state)).toBe(before.json);
    expect(hashValue(state)).toBe(before.hash);
    expect(Object.keys(state)).toEqual(["units", "turn"]);
    expect(state).toEqual({ units: [{ id: "u1", stands: [{ x: 1, y: 2 }] }], turn: 3 });
    expect(cache.get(structuredClone(state))).toBeUndefined();
    expect(state.units[0].stands.length).toBe(1);
  });

  it("leaves a frozen object as it is: nothing is cached and nothing throws", () => {
    const cache = new ObjectCache<object, number>("test");
    const frozen = Object.freeze({ x: 1 });
    expect(() => cache.set(frozen, 5)).not.toThrow();
    expect(cache.get(frozen)).toBeUndefined();
  });
});
