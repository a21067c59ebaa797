/**
 * Sharing an army as a link: the army file's JSON, deflated (the browser's CompressionStream,
 * "deflate-raw") and written in base64url, in the address fragment `#/armies/shared?army=CODE`
 * (a fragment never reaches a server). Bounded both ways: a code is at most
 * {@link ARMY_LINK_MAX_CHARS} characters, and a code that inflates past {@link ARMY_LINK_MAX_INFLATED} bytes or is
 * nested too deeply is refused with its reason before anything parses it.
 */
import { nestingProblem } from "../../../src/core/input-limits.js";

/** The longest code a link carries (links much longer than ~8,000 characters break in some mail and chat programs). */
export const ARMY_LINK_MAX_CHARS = 6000;
/** A code starts with its format: "z1" is deflate-raw JSON in base64url. */
const PREFIX = "z1";
/** A code may inflate to at most this many bytes (a saved army is at most 20,000 characters). */
export const ARMY_LINK_MAX_INFLATED = 64 * 1024;

export type Decoded = { ok: true; value: unknown } | { ok: false; error: string };

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function streamBytes(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): ReadableStream<Uint8Array> {
  return new Blob([bytes as BlobPart]).stream().pipeThrough(transform as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
}

/** The link code of an army file, or an error naming the limit when it is too large for a link. */
export async function armyLinkCode(file: unknown): Promise<{ ok: true; code: string } | { ok: false; error: string }> {
  const json = new TextEncoder().encode(JSON.stringify(file));
  const packed = await streamBytes(through(json, new CompressionStream("deflate-raw")), Number.MAX_SAFE_INTEGER);
  const code = PREFIX + toBase64Url(packed ?? new Uint8Array());
  if (code.length > ARMY_LINK_MAX_CHARS)
    return { ok: false, error: `too large for a link: ${code.length.toLocaleString("en")} characters, at most ${ARMY_LINK_MAX_CHARS.toLocaleString("en")}; export the army file instead` };
  return { ok: true, code };
}

/** The army file a link code carries, or why it is refused ("army link: …"). */
export async function armyFromLinkCode(code: string): Promise<Decoded> {
  const refuse = (why: string): Decoded => ({ ok: false, error: `army link: ${why}` });
  if (code.length > ARMY_LINK_MAX_CHARS) return refuse(`too long: ${code.length.toLocaleString("en")} characters, at most ${ARMY_LINK_MAX_CHARS.toLocaleString("en")}`);
  if (!code.startsWith(PREFIX)) return refuse(`not an army link code (it should start with "${PREFIX}"); was the link cut short?`);
  const packed = fromBase64Url(code.slice(PREFIX.length));
  if (!packed) return refuse("damaged: not base64url; was the link cut short or changed?");
  let bytes: Uint8Array | null;
  try {
    bytes = await streamBytes(through(packed, new DecompressionStream("deflate-raw")), ARMY_LINK_MAX_INFLATED);
  } catch {
    return refuse("damaged: it does not inflate; was the link cut short or changed?");
  }
  if (!bytes) return refuse(`it inflates past ${ARMY_LINK_MAX_INFLATED.toLocaleString("en")} bytes, the most an army link may carry`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse("damaged: not UTF-8 text");
  }
  const deep = nestingProblem(text);
  if (deep) return refuse(deep);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return refuse(`not JSON: ${(err as Error).message}`);
  }
}

/** The address fragment of a shared army. */
export function armyLinkHash(code: string): string {
  return `#/armies/shared?army=${code}`;
}
