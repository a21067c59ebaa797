/** Runs the `muster` CLI in-process and captures what it prints. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { main } from "../../src/cli/main.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** What the CLI printed: stdout and stderr text. */
export interface Stdio {
  out: string;
  err: string;
}

/** Sends stdout and stderr into `io` until the returned function restores them. */
function spyStdio(io: Stdio): () => void {
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    io.out += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    io.err += String(chunk);
    return true;
  });
  return () => {
    out.mockRestore();
    err.mockRestore();
  };
}

export async function runCli(args: string[]): Promise<CliRun> {
  const io: Stdio = { out: "", err: "" };
  const restore = spyStdio(io);
  try {
    const code = await main(["node", "muster", ...args]);
    return { code, stdout: io.out, stderr: io.err };
  } finally {
    restore();
  }
}

/** For test files that call `main` themselves: captures stdout and stderr in every test, emptied before each. */
export function captureStdio(): Stdio {
  const io: Stdio = { out: "", err: "" };
  let restore = () => {};
  beforeEach(() => {
    io.out = "";
    io.err = "";
    restore = spyStdio(io);
  });
  afterEach(() => restore());
  return io;
}

/**
 * A fresh temporary folder with writers of input files in it (JSON for values, text as it is),
 * each returning the path: `file` under a given name, `next` under a numbered one.
 */
export function scratchFiles(prefix: string): { dir: string; file: (name: string, content: unknown) => string; next: (content: unknown) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = (name: string, content: unknown): string => {
    const p = join(dir, name);
    writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
    return p;
  };
  let n = 0;
  return { dir, file, next: (content) => file(`input-${n++}.json`, content) };
}
