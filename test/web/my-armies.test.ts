/** "My armies" (web/src/shared/my-armies.ts) and army links (web/src/shared/army-link.ts): bounded storage and share encoding. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ARMY_LINK_MAX_CHARS, ARMY_LINK_MAX_INFLATED, armyFromLinkCode, armyLinkCode, armyLinkHash } from "../../web/src/shared/army-link.js";
import { deleteMyArmy, getMyArmy, type KeyValueStore, listMyArmies, MY_ARMIES_KEY, MY_ARMIES_LIMIT, MY_ARMY_MAX_CHARS, myArmyLabel, newArmyId, saveMyArmy } from "../../web/src/shared/my-armies.js";

const army = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "data", "shieldwall", "armies", `${name}.json`), "utf8")) as Record<string, unknown>;

function memory(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const base64url = (b: Buffer) => b.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("my armies: the browser's saved armies", () => {
  it("saves, lists newest first, reads back checked by the ruleset, replaces by id and deletes", () => {
    const store = memory();
    expect(listMyArmies(store)).toEqual([]);
    const fyrd = army("raid-lindisfarne-fyrd");
    const s1 = saveMyArmy("fyrd", fyrd, store, 1000);
    expect(s1.ok).toBe(true);
    const draft: Record<string, unknown> = { ...army("raid-lindisfarne-raiders"), contingents: [] };
    expect(saveMyArmy("draft", draft, store, 2000).ok).toBe(true);
    const list = listMyArmies(store);
    expect(list.map((a) => a.id)).toEqual(["draft", "fyrd"]);
    expect(list[1]).toMatchObject({ id: "fyrd", savedAt: 1000, file: fyrd, army: fyrd, name: fyrd.name, side: "red", problems: [], playable: true });
    // An invalid army is kept as a draft, with the ruleset's problem and rule, but not playable.
    expect(list[0]).toMatchObject({ playable: false, problems: [{ path: "contingents", rule: "SW-5" }] });
    expect(myArmyLabel(list[0])).toBe(`${String(draft.name)} (black): draft, 1 problem`);
    expect(myArmyLabel(list[1])).toBe(`${String(fyrd.name)} (red)`);
    // A draft whose format is wrong still lists, by its name if it has one.
    expect(saveMyArmy("draft", { name: "", side: "purple" }, store, 3000).ok).toBe(true);
    expect(getMyArmy("draft", store)).toMatchObject({ name: "(unnamed)", side: null, army: null, playable: false });
    expect(getMyArmy("draft", store)?.problems.every((p) => p.rule === "army format")).toBe(true);
    expect(deleteMyArmy("draft", store)).toBeNull();
    expect(listMyArmies(store).map((a) => a.id)).toEqual(["fyrd"]);
    expect(getMyArmy("nope", store)).toBeNull();
  });

  it("is bounded: too large an army, too many armies and a full browser storage are refused with the reason, nothing lost", () => {
    const store = memory();
    const huge = { ...army("raid-lindisfarne-fyrd"), description: "x".repeat(MY_ARMY_MAX_CHARS) };
    const big = saveMyArmy("big", huge, store);
    expect(big).toEqual({ ok: false, error: expect.stringMatching(/^Not saved: this army is [\d,]+ characters long; a saved army may be at most 20,000/) as unknown });
    for (let i = 0; i < MY_ARMIES_LIMIT; i++) expect(saveMyArmy(`a${i}`, army("raid-lindisfarne-fyrd"), store, i).ok).toBe(true);
    expect(saveMyArmy("one-more", army("raid-lindisfarne-fyrd"), store)).toEqual({ ok: false, error: `Not saved: this browser already keeps ${MY_ARMIES_LIMIT} armies, the most it keeps; delete one first` });
    // Replacing one that is kept is still allowed at the limit.
    expect(saveMyArmy("a3", army("raid-lindisfarne-raiders"), store, 99).ok).toBe(true);
    const before = store.data.get(MY_ARMIES_KEY);
    const full: KeyValueStore = {
      getItem: (k) => store.getItem(k),
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    const refused = saveMyArmy("a4", army("raid-lindisfarne-raiders"), full);
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/^Not saved: the browser's storage is full or refused the save \(QuotaExceededError\): nothing was changed\./) as unknown });
    expect(store.data.get(MY_ARMIES_KEY)).toBe(before);
    expect(saveMyArmy("bad id!", {}, store)).toMatchObject({ ok: false });
  });

  it("a damaged storage entry is skipped, never thrown", () => {
    const store = memory();
    store.setItem(MY_ARMIES_KEY, "{not json");
    expect(listMyArmies(store)).toEqual([]);
    store.setItem(MY_ARMIES_KEY, JSON.stringify([{ id: "ok", savedAt: 1, file: army("raid-lindisfarne-fyrd") }, { id: 5 }, null, { id: "x y", savedAt: 1, file: {} }]));
    expect(listMyArmies(store).map((a) => a.id)).toEqual(["ok"]);
    expect(newArmyId()).toMatch(/^[a-z0-9]{2,40}$/);
  });
});

describe("army links: an army in the address, compressed", () => {
  it("round-trips every shipped army, compressed below its JSON size", async () => {
    for (const name of ["maldon-991-english", "maldon-991-vikings", "brunanburh-937-alliance", "raid-lindisfarne-fyrd"]) {
      const file = army(name);
      const code = await armyLinkCode(file);
      if (!code.ok) throw new Error(code.error);
      expect(code.code).toMatch(/^z1[A-Za-z0-9_-]+$/);
      expect(code.code.length).toBeLessThan(JSON.stringify(file).length);
      expect(await armyFromLinkCode(code.code)).toEqual({ ok: true, value: file });
      expect(armyLinkHash(code.code)).toBe(`#/armies/shared?army=${code.code}`);
    }
  });

  it("refuses what would not fit in a link, and damaged, hostile or foreign codes, naming why", async () => {
    const noise = Array.from({ length: 6000 }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join("");
    expect(await armyLinkCode({ ...army("raid-lindisfarne-fyrd"), description: noise })).toEqual({ ok: false, error: expect.stringMatching(/^too large for a link: [\d,]+ characters, at most 6,000; export the army file instead$/) as unknown });
    expect(await armyFromLinkCode("z1" + "A".repeat(ARMY_LINK_MAX_CHARS))).toEqual({ ok: false, error: "army link: too long: 6,002 characters, at most 6,000" });
    expect(await armyFromLinkCode("x9abc")).toEqual({ ok: false, error: 'army link: not an army link code (it should start with "z1"); was the link cut short?' });
    expect(await armyFromLinkCode("z1ab$c")).toEqual({ ok: false, error: "army link: damaged: not base64url; was the link cut short or changed?" });
    expect(await armyFromLinkCode("z1AAAAAAAAAA")).toEqual({ ok: false, error: "army link: damaged: it does not inflate; was the link cut short or changed?" });
    // A deflate bomb: a few kilobytes that inflate to a megabyte stop at the limit.
    const bomb = "z1" + base64url(deflateRawSync(Buffer.from(`{"a":"${"a".repeat(1_000_000)}"}`)));
    expect(bomb.length).toBeLessThan(ARMY_LINK_MAX_CHARS);
    expect(await armyFromLinkCode(bomb)).toEqual({ ok: false, error: `army link: it inflates past ${ARMY_LINK_MAX_INFLATED.toLocaleString("en")} bytes, the most an army link may carry` });
    const deep = "z1" + base64url(deflateRawSync(Buffer.from("[".repeat(200) + "]".repeat(200))));
    expect(await armyFromLinkCode(deep)).toMatchObject({ ok: false, error: expect.stringMatching(/^army link: nested too deeply/) as unknown });
    const notJson = "z1" + base64url(deflateRawSync(Buffer.from("{name:")));
    expect(await armyFromLinkCode(notJson)).toMatchObject({ ok: false, error: expect.stringMatching(/^army link: not JSON: /) as unknown });
  });
});
