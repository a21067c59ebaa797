import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkCoverage } from "../scripts/rules-coverage.js";

describe("rules coverage documents (docs/rules)", () => {
  it("every listed clause names tests that exist", () => {
    const report = checkCoverage(resolve(__dirname, ".."));
    expect(report.problems).toEqual([]);
  });

  it("the checker catches a clause without a test and a missing test", () => {
    const root = mkdtempSync(join(tmpdir(), "coverage-"));
    mkdirSync(join(root, "docs", "rules"), { recursive: true });
    mkdirSync(join(root, "test"));
    writeFileSync(join(root, "test", "x.test.ts"), 'it("X-1: works", () => {});');
    writeFileSync(
      join(root, "docs", "rules", "x.md"),
      [
        "| Clause | Rulings | Tests |",
        "|---|---|---|",
        "| One | X-1 | `test/x.test.ts: X-1: works` |",
        "| Two | X-2 | |",
        "| Three | | `test/x.test.ts: X-3 missing` |",
        "| Four | | deferred: issue 4 |",
        "| Five | | n/a: the host game's turn order |",
      ].join("\n"),
    );
    const report = checkCoverage(root);
    expect(report.documents[0]).toMatchObject({ clauses: 5, tests: 1, deferred: 1, notApplicable: 1 });
    expect(report.problems).toHaveLength(2);
    expect(report.problems[0]).toMatch(/Two.*no test/);
    expect(report.problems[1]).toMatch(/X-3 missing" not found/);
  });
});
