/**
 * The built web app (web/dist) as static files: content types, long caching for Vite's hashed
 * assets, nothing outside the folder, and text compressed (brotli, else gzip) when the browser
 * accepts it. Each file is compressed once, off the event loop (zlib's thread pool), and kept.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, normalize, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const CONTENT_TYPES: Record<string, string> = {
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

export interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
}

/** Worth compressing: text formats (images and fonts are compressed already), from 1 KiB. */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".map", ".txt", ".webmanifest", ".wasm"]);
const MIN_COMPRESS_BYTES = 1024;

type Encoding = "br" | "gzip";

/** Compressed bodies by file, encoding, size and modification time (the web app's files: a bounded set). */
const compressed = new Map<string, Promise<Buffer>>();

/** The encoding to send for an Accept-Encoding header: brotli if accepted, else gzip, else none. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const accepted = new Map(
    accept.split(",").map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return [name.trim(), q ? Number(q[1]) : 1] as const;
    }),
  );
  const ok = (e: string) => (accepted.get(e) ?? accepted.get("*") ?? 0) > 0;
  return ok("br") ? "br" : ok("gzip") ? "gzip" : null;
}

function compress(file: string, key: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
  const id = `${encoding} ${key} ${file}`;
  let p = compressed.get(id);
  if (!p) {
    p = encoding === "br" ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipped(body, { level: 9 });
    compressed.set(id, p);
    p.catch(() => compressed.delete(id));
  }
  return p;
}

/** The file for a request path with its headers, or null (404); compressed when `acceptEncoding` allows and it pays. */
export async function staticFile(root: string, urlPath: string, acceptEncoding?: string): Promise<StaticFile | null> {
  const file = fileFor(root, urlPath);
  if (!file) return null;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const body = await readFile(file);
    const ext = extname(file).toLowerCase();
    const type = CONTENT_TYPES[ext] ?? "application/octet-stream";
    // Vite names built assets by content hash: they never change, so browsers may keep them.
    const cache = file.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
    const headers: Record<string, string> = { "content-type": type, "cache-control": cache, "x-content-type-options": "nosniff" };
    if (!COMPRESSIBLE.has(ext) || body.length < MIN_COMPRESS_BYTES) return { body, headers };
    headers.vary = "accept-encoding";
    const encoding = pickEncoding(acceptEncoding);
    if (!encoding) return { body, headers };
    const packed = await compress(file, `${info.size} ${info.mtimeMs}`, body, encoding);
    if (packed.length >= body.length) return { body, headers };
    return { body: packed, headers: { ...headers, "content-encoding": encoding } };
  } catch {
    return null;
  }
}

/**
 * Compresses the web app's built assets in the background (zlib's threads), so the first visitor
 * does not wait for brotli's best (slow) level on the page's large script.
 */
export function warmCompressed(root: string): void {
  const dir = resolve(root, "assets");
  void readdir(dir)
    .then(async (names) => {
      for (const name of names) {
        const ext = extname(name).toLowerCase();
        if (!COMPRESSIBLE.has(ext)) continue;
        for (const encoding of ["br", "gzip"]) await staticFile(root, `/assets/${name}`, encoding);
      }
    })
    .catch(() => undefined);
}
