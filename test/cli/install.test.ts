/**
 * Issue 15: a newcomer puts `muster` on the PATH as the README says (`npm install -g .` from the
 * clone, which links it like `npm link`) and runs it from any folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..");
const prefix = mkdtempSync(join(tmpdir(), "muster-prefix-"));
afterAll(() => rmSync(prefix, { recursive: true, force: true }));

describe("issue 15: muster on the PATH", () => {
  it.skipIf(!existsSync(join(root, "dist", "src", "cli", "main.js")))("npm install -g . into a prefix gives a muster command that runs from any folder", () => {
    execFileSync("npm", ["install", "-g", ".", "--prefix", prefix, "--ignore-scripts", "--no-audit", "--no-fund", "--offline"], { cwd: root, stdio: "pipe" });
    const bin = join(prefix, "bin", "muster");
    expect(existsSync(bin)).toBe(true);
    const elsewhere = mkdtempSync(join(tmpdir(), "muster-cwd-"));
    const out = execFileSync(bin, ["--seed", "3", "roll", "2d6"], { cwd: elsewhere, encoding: "utf8" });
    expect(out).toMatch(/^2d6: .*\[\d, \d\] = \d+ → \d+ {2}\(seed 3\)/);
    // Shipped data is found from the package, not the current folder.
    const army = execFileSync(bin, ["army", "check", join(root, "data", "shieldwall", "armies", "raid-lindisfarne-fyrd.json")], { cwd: elsewhere, encoding: "utf8" });
    expect(army).toMatch(/valid/i);
    rmSync(elsewhere, { recursive: true, force: true });
  }, 60_000);
});
