import { z } from 'zod';
import { editorDocSchema, type EditorDoc } from './model';

// A drawn mask and typed prompt survive a reload or a failed submit: the editor saves a draft per
// source image in localStorage. Versioned and checked with zod on the way back in, so a draft written
// by an older studio (or damaged by hand) is dropped rather than crashing the editor.

export const DRAFT_VERSION = 1;

const draftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  savedAt: z.string(),
  prompt: z.string(),
  doc: editorDocSchema,
});

export type EditorDraft = z.infer<typeof draftSchema>;

const PREFIX = 'studio.editor.draft.';

/** One draft per mode and source: a gallery image by job and number, an uploaded file by its URL. */
export function draftKey(mode: string, source: { jobId?: string; imageNo?: number; url: string }): string {
  const id = source.jobId !== undefined ? `${source.jobId}/${source.imageNo ?? 0}` : source.url;
  return `${PREFIX}${mode}:${id}`;
}

export function loadDraft(key: string, storage: Storage = localStorage): EditorDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through and drop it
  }
  storage.removeItem(key);
  return null;
}

export function saveDraft(
  key: string,
  prompt: string,
  doc: EditorDoc,
  storage: Storage = localStorage,
): void {
  const draft: EditorDraft = { version: DRAFT_VERSION, savedAt: new Date().toISOString(), prompt, doc };
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft is a convenience, the editor keeps working without it.
  }
}

export function removeDraft(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // see saveDraft
  }
}
