/**
 * Issue 24: the one reader of every web upload (web/src/shared/upload.ts) applies the command
 * line's limits before anything parses or posts the file: too large, nested too deep and not
 * JSON each get a named error starting with the file's name; a good file is parsed.
 */
import { describe, expect, it } from "vitest";
import { MAX_INPUT_BYTES } from "../../src/core/input-limits.js";
import { readJsonUpload, readUploadText } from "../../web/src/shared/upload.js";

const file = (name: string, text: string) => new File([text], name, { type: "application/json" });

describe("issue 24: web uploads are read with the shared limits", () => {
  it("parses a good file", async () => {
    expect(await readJsonUpload(file("a.json", '{"a":[1,2]}'))).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it("names a file that is not JSON", async () => {
    const r = await readJsonUpload(file("army.json", "not json"));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^army\.json: not JSON: /);
  });

  it("refuses 100,000 levels of nesting with the limit, before JSON.parse", async () => {
    const r = await readJsonUpload(file("deep.json", `${"[".repeat(100_000)}${"]".repeat(100_000)}`));
    expect(r).toEqual({ ok: false, error: "deep.json: nested too deeply: more than 100 levels of [ ] and { } (at line 1, column 101); input files are nested at most 100 deep" });
  });

  it("refuses a file over 4 MiB by its size, without reading it", async () => {
    const r = await readUploadText(file("big.json", " ".repeat(MAX_INPUT_BYTES + 1)));
    expect(r).toEqual({ ok: false, error: `big.json: too large: ${MAX_INPUT_BYTES + 1} bytes; input files are text of at most 4194304 bytes (4 MiB)` });
  });
});
