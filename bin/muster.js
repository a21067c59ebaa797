#!/usr/bin/env node
// Entry point of the `muster` command: runs the compiled CLI from dist/ (built by `npm ci`).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/src/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("muster: the program is not built yet; run `npm ci` (or `npm run build`) first\n");
  process.exit(2);
}
// Output piped into a reader that stops early (muster battle | head): stop quietly, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
