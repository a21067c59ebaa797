/** Canonical JSON and a fast 64-bit state hash, so two equal game states hash alike. */

/** JSON with object keys sorted at every level; undefined fields are dropped as JSON does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  if (typeof value === "bigint") return value.toString();
  return value;
}

/**
 * 64-bit hash of a string as 16 hex digits: two independent 32-bit lanes (Murmur3-style mixing
 * of each UTF-16 unit), finalised together. Not cryptographic; it proves replays match.
 */
export function hashString(text: string): string {
  // Both lanes stay 32-bit integers throughout (`| 0`), which keeps the optimised loop on integer
  // arithmetic; the values are the same as without it, since every step converts to 32 bits anyway.
  let h1 = 0x9e3779b9 | 0;
  let h2 = 0x85ebca6b | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0xcc9e2d51);
    h1 = (h1 << 15) | (h1 >>> 17);
    h2 = Math.imul(h2 ^ c, 0x1b873593);
    h2 = (h2 << 13) | (h2 >>> 19);
    h2 = (Math.imul(h2, 5) + 0xe6546b64) | 0;
  }
  h1 ^= text.length;
  h2 ^= text.length;
  h1 = fmix(h1 ^ h2);
  h2 = fmix((h2 + h1) | 0);
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** The hash of any plain-data value (game states, records). */
export function hashValue(value: unknown): string {
  return hashString(canonicalJson(value));
}
