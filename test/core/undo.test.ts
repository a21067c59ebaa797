/** Undo (issue 16): own decisions back to the last one that consumed randomness or the other player's last decision. */
import { describe, expect, it } from "vitest";
import { randomConsumed, undoableSteps } from "../../src/core/undo.js";

describe("undoableSteps", () => {
  const step = (player: string, randomUsed = false) => ({ player, randomUsed });

  it("counts the trailing run of the player's own decisions that threw no dice", () => {
    expect(undoableSteps([step("a"), step("b"), step("a"), step("a")], "a")).toBe(2);
    expect(undoableSteps([step("a"), step("a")], "a")).toBe(2);
    expect(undoableSteps([], "a")).toBe(0);
  });

  it("stops at the other player's decision: nothing is undoable once he has acted", () => {
    expect(undoableSteps([step("a"), step("b")], "a")).toBe(0);
    expect(undoableSteps([step("a"), step("b")], "b")).toBe(1);
  });

  it("a decision that consumed randomness is not undoable and blocks the ones before it", () => {
    expect(undoableSteps([step("a"), step("a", true)], "a")).toBe(0);
    expect(undoableSteps([step("a"), step("a", true), step("a")], "a")).toBe(1);
  });
});

describe("randomConsumed", () => {
  it("is true exactly when the generator's state words differ", () => {
    expect(randomConsumed({ rng: [1, 2, 3, 4] }, { rng: [1, 2, 3, 4] })).toBe(false);
    expect(randomConsumed({ rng: [1, 2, 3, 4] }, { rng: [1, 2, 3, 5] })).toBe(true);
  });
});
