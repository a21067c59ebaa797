/**
 * Issue 25: labels on a crowded phone table never overlap. `placeLabels` gives each label a free
 * place against its own stands, else its tiny form (the name's initials), else hides it until
 * the unit is tapped; the selected unit's label is placed first and always shown.
 */
import { describe, expect, it } from "vitest";
import { initials, type LabelUnit, placeLabels } from "../../web/src/battle/label-layout.js";

const box = (u: LabelUnit, p: { at: { x: number; y: number }; dx: number; dy: number; form: string }) => {
  const size = p.form === "tiny" ? u.tiny! : u;
  return { x0: p.at.x + p.dx, y0: p.at.y + p.dy, x1: p.at.x + p.dx + size.w, y1: p.at.y + p.dy + size.h };
};

/** `n` one-stand units side by side, 4" apart, each with a label wider than its stand. */
function line(n: number, priority?: number): LabelUnit[] {
  return Array.from({ length: n }, (_, i) => ({ id: `u${i}`, side: "red" as const, stands: [{ x: 10 + i * 4, y: 24, facing: 90, width: 4, depth: 1 }], w: 60, h: 15, tiny: { w: 16, h: 12 }, priority: i === priority }));
}

describe("unit labels on a crowded table (issue 25)", () => {
  it("initials for the tiny form", () => {
    expect(initials("Byrhtnoth's hearth troop")).toBe("BHT");
    expect(initials("Fyrd of Maldon")).toBe("FM");
    expect(initials("Fyrd")).toBe("Fyrd");
  });

  it("no two shown labels overlap; crowded ones shrink or hide; the selected one is always shown", () => {
    const units = line(12, 7);
    const places = placeLabels(units, 48, 5);
    const shown = units.filter((u) => places.get(u.id)!.form !== "hidden").map((u) => ({ id: u.id, b: box(u, places.get(u.id)!) }));
    for (let i = 0; i < shown.length; i++)
      for (let j = i + 1; j < shown.length; j++) {
        const [a, b] = [shown[i].b, shown[j].b];
        const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        expect(ox > 0.5 && oy > 0.5, `${shown[i].id} and ${shown[j].id} overlap`).toBe(false);
      }
    const forms = units.map((u) => places.get(u.id)!.form);
    expect(forms).toContain("tiny");
    expect(forms[7]).toBe("full");
    expect(forms.filter((f) => f !== "hidden").length).toBeGreaterThan(units.length / 2);
  });

  it("a roomy table keeps every label in full", () => {
    const units = line(3).map((u, i) => ({ ...u, stands: [{ ...u.stands[0], x: 10 + i * 20 }] }));
    const places = placeLabels(units, 48, 5);
    expect(units.map((u) => places.get(u.id)!.form)).toEqual(["full", "full", "full"]);
  });
});
