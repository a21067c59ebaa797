/**
 * Issue 24: the one nesting check every reader of a stranger's JSON uses (CLI inputs, web
 * uploads) finds JSON deeper than the limit without recursion (a million levels is checked in
 * one pass), counts only brackets outside strings, and agrees with JSON.parse's own depth on
 * any JSON value.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { excessNesting, MAX_JSON_DEPTH, nestingProblem, tooLargeText } from "../../src/core/input-limits.js";

/** The depth of a parsed JSON value, iteratively (the reference the scan is compared with). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    max = Math.max(max, d + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

describe("issue 24: the JSON nesting check", () => {
  it("refuses 1,000,000 levels in one pass, naming the limit and where it is passed", () => {
    const text = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    expect(excessNesting(text)).toEqual({ line: 1, column: MAX_JSON_DEPTH + 1 });
    expect(nestingProblem(text)).toBe(`nested too deeply: more than 100 levels of [ ] and { } (at line 1, column 101); input files are nested at most 100 deep`);
  });

  it("allows exactly the limit, refuses one more", () => {
    const nest = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(nestingProblem(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(nestingProblem(nest(MAX_JSON_DEPTH + 1))).not.toBeNull();
  });

  it("counts objects and arrays alike and reports the line and column", () => {
    const text = `{\n  "a": ${'{"b":['.repeat(60)}1${"]}".repeat(60)}\n}`;
    expect(excessNesting(text)).toEqual({ line: 2, column: 8 + 6 * 49 + 5 });
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ a: `"${"[{".repeat(500)}\\"` });
    expect(nestingProblem(text)).toBeNull();
    expect(excessNesting(JSON.stringify(["\\", "[".repeat(300)]), 1)).toBeNull();
  });

  it("agrees with the parsed value's depth for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, limit) => {
        const text = JSON.stringify(value, null, 1);
        expect(excessNesting(text, limit) === null).toBe(depthOf(value) <= limit);
      }),
    );
  });

  it("names the size limit in bytes and MiB", () => {
    expect(tooLargeText(5_000_000)).toBe("too large: 5000000 bytes; input files are text of at most 4194304 bytes (4 MiB)");
  });
});
