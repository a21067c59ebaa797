// The app's hash router (web/src/shell/location.ts, pages.ts): a page's address, its rest and query.
import { describe, expect, it } from "vitest";
import { hashFor, parseHash } from "../../web/src/shell/location.js";
import { PAGES, pageFor } from "../../web/src/shell/pages.js";

describe("hash router", () => {
  it("reads the page id, the rest of the path and the query", () => {
    const l = parseHash("#/odds/sw-charge?dp=2&grade=A");
    expect(l.id).toBe("odds");
    expect(l.rest).toBe("sw-charge");
    expect(l.query.get("dp")).toBe("2");
    expect(l.query.get("grade")).toBe("A");
  });
  it("an empty or unknown hash is the home page", () => {
    expect(parseHash("").id).toBe("");
    expect(pageFor("").id).toBe(PAGES[0].id);
    expect(pageFor("no-such-page").id).toBe(PAGES[0].id);
  });
  it("hashFor and parseHash are inverse", () => {
    const h = hashFor("odds", "dice", { expr: "2d6+1", at: "7" });
    expect(h).toBe("#/odds/dice?expr=2d6%2B1&at=7");
    const l = parseHash(h);
    expect([l.id, l.rest, l.query.get("expr"), l.query.get("at")]).toEqual(["odds", "dice", "2d6+1", "7"]);
  });
  it("every page has a unique id", () => {
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
  });
});
