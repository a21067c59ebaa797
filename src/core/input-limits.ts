/**
 * Limits on a file a stranger hands us (a CLI input file, a web upload), shared by every program
 * that reads one, checked on the text before anything parses, clones or validates it: a size cap
 * and a nesting-depth cap. Deep nesting is refused because every later step (zod, JSON.stringify,
 * the browser's postMessage) recurses and would overflow its stack. Also the length caps of the
 * strings inside such files ({@link nameText}, {@link freeText}).
 */
import { z } from "zod";

/** Input files are text of at most this many bytes (the largest shipped file is some 10 kB). */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** JSON nested deeper than this is refused (the deepest shipped file or record is under 10). */
export const MAX_JSON_DEPTH = 100;

/** "4 MiB" for {@link MAX_INPUT_BYTES}: the limit as people read it. */
export function bytesText(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} bytes`;
}

/** The message for input larger than the cap; `size` when known (a file's length), else "more than". */
export function tooLargeText(size?: number): string {
  const got = size === undefined ? `more than ${MAX_INPUT_BYTES} bytes` : `${size} bytes`;
  return `too large: ${got}; input files are text of at most ${MAX_INPUT_BYTES} bytes (${bytesText(MAX_INPUT_BYTES)})`;
}

/**
 * Where JSON text first nests deeper than `limit` ([ and { outside strings), or null when it
 * does not. A single pass with a counter (no recursion), so any depth is safe to check; text that
 * is not JSON is left to the parser.
 */
export function excessNesting(text: string, limit = MAX_JSON_DEPTH): { line: number; column: number } | null {
  let depth = 0;
  let inString = false;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      else if (c === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return { line, column: i - lineStart + 1 };
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return null;
}

/** The named error for JSON text nested deeper than {@link MAX_JSON_DEPTH}, or null. */
export function nestingProblem(text: string): string | null {
  const at = excessNesting(text);
  return at === null ? null : `nested too deeply: more than ${MAX_JSON_DEPTH} levels of [ ] and { } (at line ${at.line}, column ${at.column}); input files are nested at most ${MAX_JSON_DEPTH} deep`;
}

/** Longest name or id an input file may give (an army, a unit, a leader, a card, a scenario, a board): a line on a screen. */
export const MAX_NAME_CHARS = 200;

/** Longest free text an input file may give (a description, a note, a card's printed text). */
export const MAX_TEXT_CHARS = 2000;

/**
 * A name or id of at most {@link MAX_NAME_CHARS} characters; longer is refused naming the limit
 * (the field's path names the field). Shared by every schema of a file from a stranger: army and
 * scenario files, decks and profiles, boards, the server's match options.
 */
export function nameText(): z.ZodString {
  return z.string().max(MAX_NAME_CHARS, `too long: a name or id has at most ${MAX_NAME_CHARS} characters`);
}

/** Free text of at most {@link MAX_TEXT_CHARS} characters; longer is refused naming the limit. */
export function freeText(): z.ZodString {
  return z.string().max(MAX_TEXT_CHARS, `too long: a text has at most ${MAX_TEXT_CHARS} characters`);
}
