/**
 * Issue 24: every string an army, scenario, deck, profile or board file gives is capped
 * (src/core/input-limits.ts: names and ids at MAX_NAME_CHARS, free text at MAX_TEXT_CHARS), and a
 * longer one is refused with the field and the limit named, the same way by the CLI, the web
 * page's uploads (test/web/setup-form.test.ts) and the server's match options.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NAME_CHARS, MAX_TEXT_CHARS } from "../../src/core/input-limits.js";
import { dataPath } from "../../src/cli/battle/scenarios.js";
import { cardSchema, deckSchema } from "../../src/rulesets/contest/deck.js";
import { shippedDuelSetup } from "../../src/rulesets/contest/defaults.js";
import { profileSchema } from "../../src/rulesets/contest/profile.js";
import { armySchema } from "../../src/rulesets/shieldwall/army.js";
import { scenarioSchema } from "../../src/rulesets/shieldwall/battle/scenario.js";
import { boardSchema } from "../../src/rulesets/shove/game.js";
import type { RunningServer } from "../../src/server/index.js";
import { runCli, scratchFiles } from "../helpers/cli.js";
import { testServer } from "../server/helpers.js";

const files = scratchFiles("muster-string-caps-");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const army = () => readJson(dataPath("shieldwall", "armies", "raid-lindisfarne-fyrd.json")) as { name: string; description?: string; contingents: { name?: string; leader: { name: string }; bands: { name?: string }[] }[] };
const long = (n: number) => "x".repeat(n);

/** The first issue of a failed parse as front ends print it: "path: message". */
function refusal(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): string {
  const r = schema.safeParse(value);
  if (r.success) return "accepted";
  const issue = r.error!.issues[0];
  return `${issue.path.map(String).join(".")}: ${issue.message}`;
}

describe("issue 24: string length caps in input files", () => {
  it("the limits: a name at most 200 characters, a text at most 2000 (the longest shipped string is under 400)", () => {
    expect(MAX_NAME_CHARS).toBe(200);
    expect(MAX_TEXT_CHARS).toBe(2000);
  });

  it("army files: the army's, a contingent's, a leader's and a unit's name and the description, each refused one past its cap, naming the field", () => {
    const cases: [string, (a: ReturnType<typeof army>, s: string) => void, number, string][] = [
      ["name", (a, s) => (a.name = s), MAX_NAME_CHARS, "name"],
      ["description", (a, s) => (a.description = s), MAX_TEXT_CHARS, "description"],
      ["contingent name", (a, s) => (a.contingents[0].name = s), MAX_NAME_CHARS, "contingents.0.name"],
      ["leader name", (a, s) => (a.contingents[0].leader.name = s), MAX_NAME_CHARS, "contingents.0.leader.name"],
      ["band name", (a, s) => (a.contingents[0].bands[0].name = s), MAX_NAME_CHARS, "contingents.0.bands.0.name"],
    ];
    for (const [what, set, cap, field] of cases) {
      const ok = army();
      set(ok, long(cap));
      expect(refusal(armySchema, ok), `${what} at the cap`).toBe("accepted");
      const bad = army();
      set(bad, long(cap + 1));
      expect(refusal(armySchema, bad), what).toBe(`${field}: too long: a ${cap === MAX_NAME_CHARS ? "name or id" : "text"} has at most ${cap} characters`);
    }
  });

  it("scenario files, decks, profiles and boards: names and free texts capped, the field named", () => {
    const scenario = { name: "t", armies: { red: "a.json", black: "b.json" } };
    expect(refusal(scenarioSchema, { ...scenario, description: long(MAX_TEXT_CHARS + 1) })).toMatch(/^description: too long: a text has at most 2000 characters$/);
    expect(refusal(scenarioSchema, { ...scenario, name: long(MAX_NAME_CHARS + 1) })).toMatch(/^name: too long: .* at most 200 characters$/);
    expect(refusal(scenarioSchema, { ...scenario, armies: { red: long(MAX_TEXT_CHARS + 1), black: "b.json" } })).toMatch(/^armies\.red: /);
    const melee = shippedDuelSetup().melee;
    expect(refusal(cardSchema, { ...melee.cards[0], name: long(MAX_NAME_CHARS + 1) })).toBe("name: too long: a name or id has at most 200 characters");
    expect(refusal(cardSchema, { ...melee.cards[0], summary: long(MAX_TEXT_CHARS + 1) })).toBe("summary: too long: a text has at most 2000 characters");
    expect(refusal(deckSchema, { ...melee, note: long(MAX_TEXT_CHARS + 1) })).toBe("note: too long: a text has at most 2000 characters");
    const profile = shippedDuelSetup().a.profile;
    expect(refusal(profileSchema, { ...profile, notes: long(MAX_TEXT_CHARS + 1) })).toBe("notes: too long: a text has at most 2000 characters");
    const board = { name: "b", width: 5, height: 5, walls: { bottom: true, top: true, left: false, right: false }, red: [0], blue: [24] };
    expect(refusal(boardSchema, board)).not.toMatch(/^name/);
    expect(refusal(boardSchema, { ...board, name: long(MAX_NAME_CHARS + 1) })).toBe("name: too long: a name or id has at most 200 characters");
  });

  it("CLI: `army check` on a file with a 201-character name exits 2 naming the field and the limit", async () => {
    const bad = army();
    bad.name = long(MAX_NAME_CHARS + 1);
    const r = await runCli(["army", "check", files.next(bad)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/name: too long: a name or id has at most 200 characters/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  describe("server match options", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await testServer();
    });
    afterAll(() => server.close());

    it("a Contest commander's name past the cap is refused 400 bad-options with the field", async () => {
      const setup = shippedDuelSetup();
      setup.a.profile = { ...setup.a.profile, name: long(MAX_NAME_CHARS + 1) };
      const r = await fetch(`http://127.0.0.1:${server.port}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "contest-of-champions", options: { setup, distance: 0 } }) });
      expect(r.status).toBe(400);
      const body = (await r.json()) as { error: string; field: string; message: string };
      expect(body.error).toBe("bad-options");
      expect(body.field).toBe("options.setup.a.profile.name");
      expect(body.message).toMatch(/at most 200 characters/);
    });
  });
});
