/**
 * `muster serve [--port N] [--host H] [--db FILE]`: serves the web app (web/dist, built by
 * `npm run build:web`) and online play (src/server, docs/server.md). The first line of standard
 * output is the address to open; requests are never logged (invitation links carry seat tokens).
 * Matches are kept in the SQLite file --db, or in PostgreSQL when DATABASE_URL is set.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { startServer } from "../server/index.js";
import { LIMIT_NAMES, LimitError, resolveLimits } from "../server/limits.js";
import { StoreError } from "../server/store-errors.js";
import { InputError } from "./errors.js";
import { parseInteger } from "./output.js";
import { packageRoot } from "./package-root.js";
import type { CliModule } from "./module.js";

export const DEFAULT_PORT = 4173;

/** Where the embedded store lives unless --db names another file (relative to the current folder). */
export const DEFAULT_DB = join(".muster", "matches.db");

/** The built web app: web/dist, or the folder MUSTER_WEB_ROOT names (a deployment's own copy; tests). */
export function webRoot(): string {
  return process.env.MUSTER_WEB_ROOT || join(packageRoot(), "web", "dist");
}

export const serveCli: CliModule = {
  name: "serve",
  register(program: Command) {
    program
      .command("serve")
      .description(`serve the web app (play Shieldwall in the browser) on http://localhost:${DEFAULT_PORT}/; build it first with npm run build:web (npm start does both)`)
      .option("-p, --port <n>", `port to listen on (0: any free port)`, String(DEFAULT_PORT))
      .option("--host <host>", "interface to listen on (0.0.0.0 to let other machines connect)", "localhost")
      .option("--db <file>", `the SQLite file keeping the matches (ignored when DATABASE_URL is set)`, DEFAULT_DB)
      .option("--limit <name=value>", `a server bound, repeatable (${LIMIT_NAMES.join(", ")}; docs/server.md)`, (v: string, all: string[]) => [...all, v], [] as string[])
      .option("--trust-proxy", "take each client's address from X-Forwarded-For (only behind your own proxy): the per-address limits need it")
      .action(async (opts: { port: string; host: string; db: string; limit: string[]; trustProxy?: boolean }) => {
        const port = parseInteger(opts.port, "--port", 0, 65535);
        let limits;
        try {
          limits = resolveLimits(process.env, opts.limit);
        } catch (err) {
          if (err instanceof LimitError) throw new InputError(err.message);
          throw err;
        }
        const root = webRoot();
        if (!existsSync(join(root, "index.html"))) throw new InputError(`the web app is not built (no ${join("web", "dist", "index.html")}); run npm run build:web, or npm start`);
        const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string };
        const databaseUrl = process.env.DATABASE_URL || undefined;
        let server;
        try {
          server = await startServer({
            port,
            host: opts.host,
            dbFile: resolve(opts.db),
            databaseUrl,
            webRoot: root,
            dataRoot: join(packageRoot(), "data"),
            version: pkg.version,
            limits,
            trustProxy: opts.trustProxy === true,
            // One line, no request contents: a computer player failing, a store error in the background.
            onError: (err) => process.stderr.write(`muster serve: ${(err as Error).message}\n`),
          });
        } catch (err) {
          const e = err as NodeJS.ErrnoException;
          if (e.code === "EADDRINUSE") throw new InputError(`--port ${port}: the port is already in use; pick another with --port N`);
          if (err instanceof StoreError) throw new InputError(databaseUrl ? `DATABASE_URL: ${err.message}` : `--db ${opts.db}: ${err.message.slice(err.where.length + 2)}`);
          if (e.code === "SQLITE_CANTOPEN") throw new InputError(`--db ${opts.db}: cannot open the database file`);
          if (databaseUrl && (e.code === "ECONNREFUSED" || e.code === "28P01" || e.code === "3D000")) throw new InputError(`DATABASE_URL: cannot connect to PostgreSQL (${e.message})`);
          throw err;
        }
        const shown = opts.host === "0.0.0.0" || opts.host === "localhost" || opts.host === "::" ? "localhost" : opts.host;
        process.stdout.write(`http://${shown}:${server.port}/\n`);
        process.stdout.write(`serving the Muster web app and online play (${databaseUrl ? "PostgreSQL" : `SQLite ${opts.db}`}); press Ctrl+C to stop\n`);
      });
  },
};
