/**
 * The online-play server without the web app, as its own program: `node dist/src/server/run.js
 * [--port N] [--host H] [--db FILE]` (DATABASE_URL for PostgreSQL). Used by the crash test and the
 * load bench, which start, kill and restart server processes; `muster serve` is the user's command.
 * The first line of standard output is the address.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./index.js";
import { LimitError, resolveLimits } from "./limits.js";
import { StoreError } from "./store-errors.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** The package folder: dist/src/server → three levels up; src/server → two. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      if ((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name === "muster") return dir;
    } catch {
      // keep looking
    }
    dir = dirname(dir);
  }
  throw new Error("cannot find the muster package folder");
}

const root = packageRoot();
const port = Number(arg("--port", "0"));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`--port: a whole number from 0 to 65535, got ${arg("--port", "0")}\n`);
  process.exit(2);
}
const limitArgs = process.argv.flatMap((a, i) => (a === "--limit" && i + 1 < process.argv.length ? [process.argv[i + 1]] : []));
let limits;
try {
  limits = resolveLimits(process.env, limitArgs);
} catch (err) {
  if (!(err instanceof LimitError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`server: ${line}\n`);
const server = await startServer({
  port,
  limits,
  log,
  host: arg("--host", "127.0.0.1"),
  dbFile: resolve(arg("--db", join(".muster", "matches.db"))),
  databaseUrl: process.env.DATABASE_URL || undefined,
  webRoot: null,
  dataRoot: join(root, "data"),
  version: (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version,
  onError: (err) => log((err as Error).message),
}).catch((err: unknown) => {
  // A bad database file is the operator's to fix: one line naming it, exit 2 (as `muster serve`).
  if (!(err instanceof StoreError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
});
process.stdout.write(`http://127.0.0.1:${server.port}/\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
