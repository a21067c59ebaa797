/**
 * Rules coverage: every clause listed in docs/rules/*.md must name at least one test that exists
 * (or be explicitly deferred to a named issue/part), and every named test must exist.
 *
 * Table rows look like `| Clause | Rulings | Tests |`; a Tests cell holds items
 * `` `test/path.test.ts: title text` `` separated by `<br>` or `;`, or `deferred: issue N` (a later
 * issue will test it), or `n/a: reason` (a clause outside what Muster models, with the reason).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface CoverageReport {
  documents: { file: string; clauses: number; tests: number; deferred: number; notApplicable: number }[];
  problems: string[];
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

export function checkCoverage(root: string): CoverageReport {
  const dir = join(root, "docs", "rules");
  const report: CoverageReport = { documents: [], problems: [] };
  if (!existsSync(dir)) {
    report.problems.push("docs/rules/ does not exist");
    return report;
  }
  const fileCache = new Map<string, string | null>();
  const readTest = (path: string) => {
    if (!fileCache.has(path)) fileCache.set(path, existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : null);
    return fileCache.get(path)!;
  };
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".md")).sort()) {
    const doc = `docs/rules/${name}`;
    const lines = readFileSync(join(dir, name), "utf8").split("\n");
    const summary = { file: doc, clauses: 0, tests: 0, deferred: 0, notApplicable: 0 };
    let testsColumn = -1;
    let clauseColumn = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!line.trim().startsWith("|")) {
        testsColumn = -1;
        continue;
      }
      const row = cells(line);
      if (testsColumn < 0) {
        const t = row.findIndex((c) => /^tests?$/i.test(c));
        if (t >= 0 && row.some((c) => /^clause$/i.test(c))) {
          testsColumn = t;
          clauseColumn = row.findIndex((c) => /^clause$/i.test(c));
          i++; // the |---| separator
        }
        continue;
      }
      summary.clauses++;
      const where = `${doc}:${i + 1} (${row[clauseColumn] || "?"})`;
      const cell = row[testsColumn] ?? "";
      // Backticked test items may contain ';' themselves, so take them out first.
      const quoted = cell.match(/`[^`]+`/g) ?? [];
      const rest = cell.replace(/`[^`]+`/g, " ");
      const items = [
        ...quoted,
        ...rest
          .split(/<br\s*\/?>|;/i)
          .map((s) => s.trim())
          .filter(Boolean),
      ];
      if (items.length === 0) {
        report.problems.push(`${where}: no test listed for this clause`);
        continue;
      }
      for (const item of items) {
        if (/^deferred:\s*\S/i.test(item.replace(/`/g, ""))) {
          summary.deferred++;
          continue;
        }
        if (/^n\/a:\s*\S{3,}/i.test(item.replace(/`/g, ""))) {
          summary.notApplicable++;
          continue;
        }
        const m = /^`([^`:]+):\s*([^`]+)`$/.exec(item);
        if (!m) {
          report.problems.push(`${where}: cannot read test item "${item}" (expected \`test/file.test.ts: title\`, deferred: issue N, or n/a: reason)`);
          continue;
        }
        const [, path, title] = m;
        const text = readTest(path.trim());
        if (text === null) report.problems.push(`${where}: test file ${path} does not exist`);
        else if (!text.includes(title.trim())) report.problems.push(`${where}: "${title.trim()}" not found in ${path}`);
        else summary.tests++;
      }
    }
    report.documents.push(summary);
  }
  return report;
}

// Run as a script: print the summary and fail on any problem.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), "..", "..", "..");
  const report = checkCoverage(root);
  for (const d of report.documents) {
    process.stdout.write(`${d.file}: ${d.clauses} clauses, ${d.tests} test references, ${d.deferred} deferred, ${d.notApplicable} not applicable\n`);
  }
  for (const p of report.problems) process.stderr.write(`rules coverage: ${p}\n`);
  process.stdout.write(report.problems.length === 0 ? "rules coverage: every clause has a test\n" : `rules coverage: ${report.problems.length} problem(s)\n`);
  process.exitCode = report.problems.length === 0 ? 0 : 1;
}
