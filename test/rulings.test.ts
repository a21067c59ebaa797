/**
 * Every ruling id the product prints (`SW-12`, `SH-3`, `GC-3a`, …) must resolve to a section of
 * our own rules document, docs/rules/rulings.md, and nothing users see may send them to a file
 * outside the repository (the rulings' working notes).
 *
 * Scanned: everything under src/, docs/, bin/ and data/ (shipped boards, decks and profiles are
 * printed too), README.md, and web/ if present (without its build output).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");
const RULINGS_DOC = "docs/rules/rulings.md";

/** A ruling id as printed anywhere in the product. */
const RULING_ID = /\b(?:SW|SH|CC|GC|C)-\d+[a-z]?\b/g;

/** Every ruling the project has settled; each must keep its section. */
const ALL_RULINGS = [
  ...range("C", 3),
  ...range("SW", 28),
  ...range("SH", 7),
  ...["GC-1", "GC-2", "GC-3", "GC-3a", "GC-4", "GC-5", "GC-6"],
  ...range("CC", 5),
];

/** The house rulings: our own rules, options, labelled as house rules wherever users see them. */
const HOUSE_RULINGS = ["SW-3", "SW-25", "SW-26", "SH-1", "CC-3", "CC-4"];

/** Telling users to read the rulings' working notes outside the repository. */
const OUTSIDE_RULINGS = /shared\/RULINGS|RULINGS\.md/;

function range(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
}

const SKIP_DIRS = new Set(["node_modules", "dist", ".git"]);

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(path, out);
    } else {
      out.push(path);
    }
  }
  return out;
}

/** The scanned files as repository-relative paths with their text (binary files left out). */
function productFiles(roots: string[]): { path: string; text: string }[] {
  const files: string[] = [];
  for (const root of roots) {
    const abs = join(ROOT, root);
    if (!existsSync(abs)) continue;
    if (statSync(abs).isDirectory()) walk(abs, files);
    else files.push(abs);
  }
  return files
    .map((abs) => ({ path: relative(ROOT, abs).split("\\").join("/"), text: readFileSync(abs, "utf8") }))
    .filter((f) => !f.text.includes("\u0000"));
}

interface Section {
  id: string;
  heading: string;
  body: string;
}

/** The `### ID — title` sections of rulings.md, each with its text up to the next heading. */
function sections(markdown: string): Section[] {
  const out: Section[] = [];
  let current: Section | null = null;
  for (const line of markdown.split("\n")) {
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      current = null;
      const id = /^((?:SW|SH|CC|GC|C)-\d+[a-z]?)\b/.exec(h[2]);
      if (h[1] === "###" && id) {
        current = { id: id[1], heading: h[2], body: "" };
        out.push(current);
      }
      continue;
    }
    if (current) current.body += `${line}\n`;
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const line of markdown.split("\n")) {
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) out.add(slug(h[1]));
  }
  return out;
}

function words(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const doc = readFileSync(join(ROOT, RULINGS_DOC), "utf8");
const docSections = sections(doc);
const scanned = productFiles(["src", "docs", "bin", "data", "README.md", "web"]);

describe("rulings: every printed ruling id resolves to docs/rules/rulings.md", () => {
  it("the scan sees the product and finds ruling ids in it", () => {
    expect(scanned.some((f) => f.path.startsWith("src/"))).toBe(true);
    expect(scanned.some((f) => f.path === "README.md")).toBe(true);
    const ids = new Set(scanned.flatMap((f) => f.text.match(RULING_ID) ?? []));
    expect(ids.size).toBeGreaterThan(40);
  });

  it("every ruling id printed in src/, docs/, bin/, data/ or README.md has a section", () => {
    const headed = new Set(docSections.map((s) => s.id));
    const unresolved = new Map<string, string>(); // id -> first file that prints it
    for (const f of scanned) {
      for (const id of f.text.match(RULING_ID) ?? []) {
        if (!headed.has(id) && !unresolved.has(id)) unresolved.set(id, f.path);
      }
    }
    const problems = [...unresolved].map(([id, path]) => `${id} (printed in ${path}) has no "### ${id} — …" section in ${RULINGS_DOC}`);
    expect(problems).toEqual([]);
  });

  it("every ruling the project has settled has exactly one section, in id order within its group", () => {
    const ids = docSections.map((s) => s.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ALL_RULINGS.filter((id) => !ids.includes(id))).toEqual([]);
    expect(ids.filter((id) => !ALL_RULINGS.includes(id))).toEqual([]);
    expect(ids).toEqual(ALL_RULINGS);
  });

  it("every section explains its ruling in some words of its own", () => {
    const thin = docSections.filter((s) => words(s.body) < 20).map((s) => `${s.id}: ${words(s.body)} words`);
    expect(thin).toEqual([]);
  });

  it("every house ruling says so in its heading and its text, and no other section claims to be one", () => {
    for (const s of docSections) {
      const house = HOUSE_RULINGS.includes(s.id);
      expect({ id: s.id, heading: /house rule/i.test(s.heading) }).toEqual({ id: s.id, heading: house });
      expect({ id: s.id, text: s.body.includes("House rule") }).toEqual({ id: s.id, text: house });
    }
  });

  it("the links in rulings.md lead to files and headings that exist", () => {
    const broken: string[] = [];
    for (const m of doc.matchAll(/\]\(([^)\s]+)\)/g)) {
      const [file, anchor] = m[1].split("#");
      if (/^[a-z]+:/.test(file)) continue; // an outside address
      const target = file === "" ? RULINGS_DOC : relative(ROOT, resolve(ROOT, "docs/rules", file)).split("\\").join("/");
      if (!existsSync(join(ROOT, target))) {
        broken.push(`${m[1]}: no file ${target}`);
        continue;
      }
      if (anchor !== undefined && target.endsWith(".md") && !anchors(readFileSync(join(ROOT, target), "utf8")).has(anchor)) {
        broken.push(`${m[1]}: no heading #${anchor} in ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every link to rulings.md from the docs and README.md leads to a heading that exists", () => {
    const headings = anchors(doc);
    const broken: string[] = [];
    for (const f of scanned.filter((x) => x.path.endsWith(".md"))) {
      for (const m of f.text.matchAll(/\]\(([^)\s]*rulings\.md)(?:#([^)\s]*))?\)/g)) {
        const dir = f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : ".";
        const target = relative(ROOT, resolve(ROOT, dir, m[1])).split("\\").join("/");
        if (target !== RULINGS_DOC) broken.push(`${f.path}: ${m[0]} leads to ${target}`);
        else if (m[2] !== undefined && !headings.has(m[2])) broken.push(`${f.path}: ${m[0]}: no heading #${m[2]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("rulings: nothing users see points outside the repository for a ruling", () => {
  const hits = (prefix: string) =>
    scanned
      .filter((f) => f.path === prefix || f.path.startsWith(`${prefix}/`))
      .flatMap((f) =>
        f.text
          .split("\n")
          .map((line, i) => ({ line, at: `${f.path}:${i + 1}` }))
          .filter((l) => OUTSIDE_RULINGS.test(l.line))
          .map((l) => `${l.at}: ${l.line.trim()}`),
      );

  it("no file under src/ (CLI help and output, messages, comments) sends users to shared/RULINGS.md", () => {
    expect(hits("src")).toEqual([]);
  });

  it("no document, script or shipped data file sends users to shared/RULINGS.md", () => {
    expect([...hits("docs"), ...hits("bin"), ...hits("data"), ...hits("README.md"), ...hits("web")]).toEqual([]);
  });
});
