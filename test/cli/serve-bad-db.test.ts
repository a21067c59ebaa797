/**
 * Issue 24: `muster serve --db FILE` on a file that cannot be a Muster database — a directory, a
 * damaged file, a path that cannot be written — exits 2 with one line naming the file, no stack
 * trace (bin/muster.js in a child process; the built web app is stood in for by MUSTER_WEB_ROOT).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "..", "..", "bin", "muster.js");
const dir = mkdtempSync(join(tmpdir(), "muster-serve-bad-db-"));
const web = join(dir, "web");
mkdirSync(web);
writeFileSync(join(web, "index.html"), "<!doctype html><title>t</title>");

function serve(db: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--host", "127.0.0.1", "--db", db], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: "", MUSTER_WEB_ROOT: web } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // A server that started would never exit: stop it after a while (the test then fails on the code).
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe("issue 24: muster serve --db on a bad file", () => {
  const directory = join(dir, "a-directory");
  mkdirSync(directory);
  const corrupt = join(dir, "corrupt.db");
  writeFileSync(corrupt, "this is not a database\n".repeat(400));
  // Unwritable even for root: its folder would have to be a file that exists (a missing folder is made).
  const unwritable = join(dir, "a-file", "matches.db");
  writeFileSync(join(dir, "a-file"), "x");
  it.each([
    ["a directory", directory],
    ["a damaged file (not a database)", corrupt],
    ["an unwritable path (its folder is a file)", unwritable],
  ])("%s: exit 2, one line naming the file, no stack trace", async (_what, db) => {
    const r = await serve(db);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(db);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
    expect(r.stdout).toBe("");
  }, 30_000);
});
