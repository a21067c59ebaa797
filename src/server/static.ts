/**
 * The built web app (web/dist) as static files: content types, long caching for Vite's hashed
 * assets, and nothing outside the folder.
 */
import { readFile, stat } from "node:fs/promises";
import { extname, normalize, resolve, sep } from "node:path";

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

/** The file for a request path with its headers, or null (404). */
export async function staticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const file = fileFor(root, urlPath);
  if (!file) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    const body = await readFile(file);
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
    // Vite names built assets by content hash: they never change, so browsers may keep them.
    const cache = file.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
    return { body, headers: { "content-type": type, "cache-control": cache, "x-content-type-options": "nosniff" } };
  } catch {
    return null;
  }
}
