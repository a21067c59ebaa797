/** `muster serve`: static files with their content types, nothing outside the folder. */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileFor, staticServer } from "../../src/cli/serve.js";

describe("muster serve", () => {
  const root = mkdtempSync(join(tmpdir(), "muster-serve-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>t</title>");
  writeFileSync(join(root, "assets", "app-1.js"), "export {}");
  writeFileSync(join(tmpdir(), "muster-serve-secret.txt"), "secret");
  const server = staticServer(root);
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it("maps paths inside the folder only", () => {
    expect(fileFor(root, "/")).toBe(join(root, "index.html"));
    expect(fileFor(root, "/assets/app-1.js?x=1")).toBe(join(root, "assets", "app-1.js"));
    expect(fileFor(root, "/../muster-serve-secret.txt")).toBe(join(root, "muster-serve-secret.txt"));
    expect(fileFor(root, "/%2e%2e/%2e%2e/etc/passwd")).toBe(join(root, "etc", "passwd"));
    expect(fileFor(root, "/%E0%A4%A")).toBeNull();
  });

  it("serves files with content types and 404s the rest", async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const js = await fetch(`${base}/assets/app-1.js`);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${base}/nothing.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2fmuster-serve-secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/`, { method: "POST" })).status).toBe(405);
  });
});
