/**
 * `muster serve [--port N] [--host H]`: serves the web app (web/dist, built by `npm run build:web`)
 * as static files with node:http. The first line of standard output is the address to open;
 * after it, one line per failed request at most, never request contents. See docs/web.md.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Command } from "commander";
import { InputError } from "./errors.js";
import { parseInteger } from "./output.js";
import { packageRoot } from "./package-root.js";
import type { CliModule } from "./module.js";

export const DEFAULT_PORT = 4173;

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};


export function webRoot(): string {
  return join(packageRoot(), "web", "dist");
}

/** The file a request path maps to inside `root`, or null when it would leave it or is malformed. */
export function fileFor(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split("?")[0].split("#")[0]);
  } catch {
    return null;
  }
  if (path.includes("\0")) return null;
  if (path.endsWith("/")) path += "index.html";
  const full = resolve(root, `.${normalize(`/${path}`)}`);
  const base = resolve(root);
  if (full !== base && !full.startsWith(base + sep)) return null;
  return full;
}

/** A static file server for `root`. */
export function staticServer(root: string): Server {
  return createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("method not allowed\n");
      return;
    }
    const file = fileFor(root, req.url ?? "/");
    let body: Buffer | null = null;
    if (file) {
      try {
        if (statSync(file).isFile()) body = readFileSync(file);
      } catch {
        body = null;
      }
    }
    if (!file || !body) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("not found\n");
      return;
    }
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
    // Vite names built assets by content hash: they never change, so browsers may keep them.
    const cache = file.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
    res.writeHead(200, { "Content-Type": type, "Content-Length": body.length, "Cache-Control": cache, "X-Content-Type-Options": "nosniff" });
    res.end(req.method === "HEAD" ? undefined : body);
  });
}

export const serveCli: CliModule = {
  name: "serve",
  register(program: Command) {
    program
      .command("serve")
      .description(`serve the web app (play Shieldwall in the browser) on http://localhost:${DEFAULT_PORT}/; build it first with npm run build:web (npm start does both)`)
      .option("-p, --port <n>", `port to listen on (0: any free port)`, String(DEFAULT_PORT))
      .option("--host <host>", "interface to listen on (0.0.0.0 to let other machines connect)", "localhost")
      .action(async (opts: { port: string; host: string }) => {
        const port = parseInteger(opts.port, "--port", 0, 65535);
        const root = webRoot();
        if (!existsSync(join(root, "index.html"))) throw new InputError(`the web app is not built (no ${join("web", "dist", "index.html")}); run npm run build:web, or npm start`);
        const server = staticServer(root);
        await new Promise<void>((ok, fail) => {
          server.once("error", (err: NodeJS.ErrnoException) =>
            fail(err.code === "EADDRINUSE" ? new InputError(`--port ${port}: the port is already in use; pick another with --port N`) : err),
          );
          server.listen(port, opts.host, () => ok());
        });
        const address = server.address();
        const actual = typeof address === "object" && address ? address.port : port;
        const shown = opts.host === "0.0.0.0" || opts.host === "localhost" || opts.host === "::" ? "localhost" : opts.host;
        process.stdout.write(`http://${shown}:${actual}/\n`);
        process.stdout.write("serving the Muster web app; press Ctrl+C to stop\n");
      });
  },
};
