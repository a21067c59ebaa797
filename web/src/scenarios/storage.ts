/**
 * The scenario editor's scenarios saved in this browser (localStorage): the draft being edited,
 * kept at every change, and scenarios saved by name. Each is read back through the editor's own
 * checked format, so a damaged entry is skipped, never a broken page.
 */
import { type EditorScenario, parseEditorScenario } from "./model.js";

const DRAFT = "muster:scenario-editor:draft";
const SAVED = "muster:scenario-editor:saved";

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the scenario stays on the page, export still works.
  }
}

function parsedOrNull(value: unknown): EditorScenario | null {
  try {
    return value === null ? null : parseEditorScenario(value);
  } catch {
    return null;
  }
}

export const loadDraft = (): EditorScenario | null => parsedOrNull(read(DRAFT));
export const saveDraft = (sc: EditorScenario): void => write(DRAFT, sc);

function all(): Record<string, unknown> {
  const v = read(SAVED);
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The names of the saved scenarios, in order. */
export const savedNames = (): string[] => Object.keys(all()).sort((a, b) => a.localeCompare(b));
export const loadSaved = (name: string): EditorScenario | null => parsedOrNull(all()[name] ?? null);
export const saveScenario = (sc: EditorScenario): void => write(SAVED, { ...all(), [sc.name]: sc });
export function deleteSaved(name: string): void {
  const { [name]: _gone, ...rest } = all();
  write(SAVED, rest);
}
