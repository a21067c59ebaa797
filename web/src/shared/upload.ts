/**
 * Reading a file the user picked (an army, scenario, record or saved table), the one way every
 * upload of the web app does it: the command line's limits (src/core/input-limits.ts) checked
 * before anything parses, validates or posts it to a worker, so a huge or deeply nested file gets
 * a named error instead of a frozen tab or an uncaught stack overflow in postMessage.
 */
import { MAX_INPUT_BYTES, nestingProblem, tooLargeText } from "../../../src/core/input-limits.js";

export type Upload<T> = { ok: true; value: T } | { ok: false; error: string };

/** The file's text, or why it is refused ("NAME: too large …", "NAME: nested too deeply …"). */
export async function readUploadText(file: File): Promise<Upload<string>> {
  if (file.size > MAX_INPUT_BYTES) return { ok: false, error: `${file.name}: ${tooLargeText(file.size)}` };
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    return { ok: false, error: `${file.name}: cannot read the file: ${(err as Error).message}` };
  }
  const deep = nestingProblem(text);
  if (deep) return { ok: false, error: `${file.name}: ${deep}` };
  return { ok: true, value: text };
}

/** The file parsed as JSON, or why it is refused ("NAME: not JSON: …" or a limit). */
export async function readJsonUpload(file: File): Promise<Upload<unknown>> {
  const text = await readUploadText(file);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.value) as unknown };
  } catch (err) {
    return { ok: false, error: `${file.name}: not JSON: ${(err as Error).message}` };
  }
}
