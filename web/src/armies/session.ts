/** The army being edited (kept while the player moves between the list and the editor) and how an editor is opened. */
import { signal } from "@preact/signals";
import { getMyArmy, newArmyId } from "../shared/my-armies.js";
import { navigate } from "../shell/location.js";
import { asDraft, type Draft } from "./draft.js";

export interface Editing {
  /** The saved army's id (a new army has its id before its first save). */
  id: string;
  draft: Draft;
  /** The draft's JSON when last saved, null if never saved. */
  savedText: string | null;
}

export const editing = signal<Editing | null>(null);

/** Opens the editor on a draft: a new army (a fresh id) unless `id` names a saved one. */
export function openDraft(draft: Draft, id: string = newArmyId(), savedText: string | null = null): void {
  editing.value = { id, draft, savedText };
  navigate(`#/armies/edit/${id}`);
}

/** The saved army `id` as an editing session, or why it cannot be edited. */
export function loadSaved(id: string): Editing | string {
  const saved = getMyArmy(id);
  if (!saved) return `No saved army "${id}" in this browser (it may have been deleted).`;
  const draft = asDraft(saved.file);
  if (!draft) return `The saved army "${saved.name}" is damaged and cannot be edited: ${saved.problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`;
  return { id, draft, savedText: JSON.stringify(saved.file) };
}
