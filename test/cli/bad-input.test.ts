/**
 * Issue 15: bad input never hangs, crashes or loses a file. Each case comes from the audit's
 * failures; the message must name the field and the limit, quickly.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataPath } from "../../src/cli/battle/scenarios.js";
import { runCli, scratchFiles } from "../helpers/cli.js";

const files = scratchFiles("muster-bad-input-");
const armies = { red: dataPath("shieldwall", "armies", "raid-lindisfarne-fyrd.json"), black: dataPath("shieldwall", "armies", "raid-lindisfarne-raiders.json") };
const scenario = (extra: Record<string, unknown>) => files.next({ name: "t", armies, ...extra });

async function timed(args: string[]) {
  const t0 = Date.now();
  const r = await runCli(args);
  return { ...r, ms: Date.now() - t0 };
}

describe("issue 15: a scenario no table can be is refused at once, with the limit", () => {
  it.each([
    [{ width: 1e8, height: 48 }, /table\.width.*at most 240"/],
    [{ width: 48, height: 1e9 }, /table\.height.*at most 240"/],
    [{ width: 1_000_000, height: 36 }, /table\.width.*at most 240"/],
    [{ width: 1, height: 1 }, /table\.width.*at least 12"/],
  ])("table %j is refused in under a second", async (table, message) => {
    const r = await timed(["--seed", "1", "battle", "--scenario", scenario({ table })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.ms).toBeLessThan(1000);
  });

  it("options.deployStep: 1e-6 is refused: at least 0.5\"", async () => {
    const r = await timed(["--seed", "1", "battle", "--scenario", scenario({ options: { deployStep: 1e-6 } })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/options\.deployStep.*at least 0\.5"/);
    expect(r.ms).toBeLessThan(1000);
  });

  it("a 20\" × 12\" table where the armies cannot all deploy is refused up front (SW-26), by battle and sim", async () => {
    const file = scenario({ table: { width: 20, height: 12 } });
    for (const args of [["battle", "--scenario", file], ["sim", "--games", "2", "--workers", "0", "--no-progress", "--scenario", file]]) {
      const r = await runCli(["--seed", "1", ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/table: the 20" × 12" table has no room to deploy red's contingent .* ruling SW-26/);
      expect(r.stderr).not.toMatch(/internal error/);
    }
  });

  it("a small table where the armies do fit still plays (24\" × 24\")", async () => {
    const r = await runCli(["--seed", "1", "battle", "--scenario", scenario({ table: { width: 24, height: 24 } })]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Outcome:/);
  });
});

describe("issue 15: --out never loses a file", () => {
  it("battle --out refuses to replace an existing file without --force; with --force it replaces it", async () => {
    const file = files.file("kept.json", "precious");
    const r = await runCli(["--seed", "1", "battle", "--game", "pig", "--out", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: cannot save the game record to .*kept\.json: the file exists \(add --force to replace it\)/);
    expect(readFileSync(file, "utf8")).toBe("precious");
    expect(r.stdout).toBe("");
    const f = await runCli(["--seed", "1", "battle", "--game", "pig", "--out", file, "--force"]);
    expect(f.code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).game).toBe("pig");
    expect(readdirSync(files.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("battle --out /proc/… is refused at once, before the battle (no recursive mkdir hang)", async () => {
    const r = await timed(["--seed", "1", "battle", "--game", "pig", "--out", "/proc/muster-nowhere/r.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: cannot save the game record to \/proc\/muster-nowhere\/r\.json: cannot create the folder/);
    expect(r.ms).toBeLessThan(2000);
  });

  it("battle --out creates missing folders", async () => {
    const file = join(files.dir, "a", "b", "r.json");
    expect((await runCli(["--seed", "1", "battle", "--game", "pig", "--out", file])).code).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it("shove play --out to an unwritable path is refused before play starts", async () => {
    const blocker = files.file("blocker", "x");
    const r = await runCli(["--seed", "1", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", join(blocker, "r.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: cannot save the game record to .*blocker\/r\.json/);
    expect(r.stdout).not.toMatch(/Turn|Game over/);
  });

  it("shove play --out refuses an existing file without --force", async () => {
    const file = files.file("shove-kept.json", "precious");
    const r = await runCli(["--seed", "1", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the file exists \(add --force to replace it\)/);
    expect(readFileSync(file, "utf8")).toBe("precious");
  });
});
