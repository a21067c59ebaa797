import { describe, expect, it } from "vitest";
import { diceJson } from "../../src/rulesets/calculators.js";
import { exactFormat, percentText } from "../../web/src/shared/exact-format.js";
import { figureText, viewOf } from "../../web/src/odds/views.js";

describe("issue 25: each exact number is written by what it is", () => {
  it("a probability: its fraction and a percentage", () => {
    expect(exactFormat({ fraction: "7/432", decimal: 7 / 432 })).toEqual({ full: "7/432 (1.62%)", shown: "7/432 (1.62%)", shortened: false });
    expect(exactFormat({ fraction: "1/6", decimal: 1 / 6 }, "probability", 1).full).toBe("1/6 (16.7%)");
    expect(percentText(1 / 100_000)).toBe("0.0010%");
    expect(percentText(0)).toBe("0.00%");
  });

  it("a mean or variance: the number itself, never a percentage", () => {
    expect(exactFormat({ fraction: "7", decimal: 7 }, "number").shown).toBe("7");
    expect(exactFormat({ fraction: "15869/1296", decimal: 15869 / 1296 }, "number").shown).toBe("15869/1296 ≈ 12.2446");
    const long = exactFormat({ fraction: "13612487/1679616", decimal: 13612487 / 1679616 }, "number");
    expect(long).toEqual({ full: "13612487/1679616 ≈ 8.1045", shown: "≈ 8.1045", shortened: true });
  });

  it("a 21-digit fraction is shortened to its decimal reading, the exact value kept in full", () => {
    const p = { fraction: "123456789012345678901/987654321098765432109", decimal: 0.125 };
    const t = exactFormat(p);
    expect(t.shortened).toBe(true);
    expect(t.shown).toBe("≈ 12.50%");
    expect(t.full).toBe(`${p.fraction} (12.50%)`);
  });

  it("the dice page shows 4d6kh3's mean and variance as numbers, with the standard deviation and each term's meaning", () => {
    const view = viewOf("dice", JSON.parse(JSON.stringify(diceJson({ dice: "4d6kh3" }))));
    const shown = Object.fromEntries(view.figures.map((f) => [f.label, figureText(f)]));
    expect(shown).toEqual({ dice: "4d6kh3", mean: "15869/1296 ≈ 12.2446", variance: "≈ 8.1045", "standard deviation": "≈ 2.8468" });
    expect(view.notes).toEqual(["4d6kh3: 4 D6, keep the highest 3"]);
    const twoD6 = viewOf("dice", JSON.parse(JSON.stringify(diceJson({ dice: "2d6" }))));
    expect(twoD6.figures.map(figureText).join(" ")).not.toMatch(/%/);
    const exploding = viewOf("dice", JSON.parse(JSON.stringify(diceJson({ dice: "3d6!", explodeDepth: 3 }))));
    expect(exploding.figures.find((f) => f.label === "explode depth")?.value).toBe("3 (at most 3 extra throws per die)");
  });
});
