/**
 * Issue 24: the web app's files are sent compressed (brotli when accepted, else gzip) and
 * decompress to the file itself; small files, images and clients that accept neither get it as it is.
 */
import { request } from "node:http";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/server/index.js";
import { pickEncoding } from "../../src/server/static.js";
import { testServer } from "./helpers.js";

function get(port: number, path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

describe("issue 24: static files are compressed", () => {
  const root = mkdtempSync(join(tmpdir(), "muster-static-"));
  mkdirSync(join(root, "assets"));
  // Script-like text of some 600 KB, as the battle page's bundle.
  const js = Array.from({ length: 12_000 }, (_, i) => `export function f${i}(a, b) { return a * ${i} + b; }\n`).join("");
  writeFileSync(join(root, "assets", "app-1.js"), js);
  writeFileSync(join(root, "index.html"), "<!doctype html><title>t</title>");
  writeFileSync(join(root, "logo.png"), Buffer.alloc(4096, 7));
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer({ webRoot: root });
  });
  afterAll(() => server.close());

  it("brotli when accepted, else gzip; the body decompresses to the file and is far smaller", async () => {
    const br = await get(server.port, "/assets/app-1.js", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    expect(br.body.length).toBeLessThan(js.length / 5);

    const gz = await get(server.port, "/assets/app-1.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(js);
    expect(gz.body.length).toBeLessThan(js.length / 4);
    process.stdout.write(`static: ${js.length} bytes of script sent as ${br.body.length} (brotli), ${gz.body.length} (gzip)\n`);
  });

  it("as it is for clients accepting neither, for small files and for images", async () => {
    const plain = await get(server.port, "/assets/app-1.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    expect((await get(server.port, "/assets/app-1.js", "br;q=0, gzip;q=0")).headers["content-encoding"]).toBeUndefined();
    expect((await get(server.port, "/", "br")).headers["content-encoding"]).toBeUndefined();
    expect((await get(server.port, "/logo.png", "br")).headers["content-encoding"]).toBeUndefined();
  });

  it("reads Accept-Encoding with its weights", () => {
    expect(pickEncoding("gzip, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
