/** `muster serve`'s static files: content types, nothing outside the folder (now through Fastify). */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import { fileFor } from "../../src/server/static.js";
import { testServer } from "../server/helpers.js";

describe("muster serve", () => {
  const root = mkdtempSync(join(tmpdir(), "muster-serve-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>t</title>");
  writeFileSync(join(root, "assets", "app-1.js"), "export {}");
  writeFileSync(join(tmpdir(), "muster-serve-secret.txt"), "secret");
  let server: RunningServer;
  let base = "";
  beforeAll(async () => {
    server = await testServer({ webRoot: root });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

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
    expect(await page.text()).toContain("<title>t</title>");
    const js = await fetch(`${base}/assets/app-1.js`);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${base}/assets/app-1.js`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${base}/nothing.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2fmuster-serve-secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/muster-serve-secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/`, { method: "POST" })).status).toBe(405);
  });

  it("answers /health with the version and the kind of store", async () => {
    const r = await fetch(`${base}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ version: "test", store: "sqlite" });
  });
});
