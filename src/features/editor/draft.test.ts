import { describe, expect, it } from 'vitest';
import { DRAFT_VERSION, draftKey, loadDraft, removeDraft, saveDraft } from './draft';
import { EMPTY_DOC } from './model';

/** The Storage interface over a Map: Node has no localStorage. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('editor drafts', () => {
  const key = draftKey('inpaint', {
    jobId: '6f1c2a9e-0000-4000-8000-000000000001',
    imageNo: 2,
    url: '/files/x.png',
  });

  it('keys a gallery image by job and number, an upload by URL', () => {
    expect(key).toBe('studio.editor.draft.inpaint:6f1c2a9e-0000-4000-8000-000000000001/2');
    expect(draftKey('edit', { url: 'http://h/files/u.png' })).toBe(
      'studio.editor.draft.edit:http://h/files/u.png',
    );
  });

  it('restores the mask and prompt it saved', () => {
    const storage = new MemoryStorage();
    const doc = {
      ...EMPTY_DOC,
      shapes: [
        {
          id: 'a',
          kind: 'area' as const,
          tool: 'polygon' as const,
          points: [
            { x: 1, y: 2 },
            { x: 3, y: 4 },
            { x: 5, y: 0 },
          ],
        },
      ],
    };
    saveDraft(key, 'a red door', doc, storage);
    const draft = loadDraft(key, storage);
    expect(draft?.version).toBe(DRAFT_VERSION);
    expect(draft?.prompt).toBe('a red door');
    expect(draft?.doc).toEqual(doc);
    removeDraft(key, storage);
    expect(loadDraft(key, storage)).toBeNull();
  });

  it('drops a draft of another version or a damaged one instead of failing', () => {
    const storage = new MemoryStorage();
    storage.setItem(key, JSON.stringify({ version: 0, prompt: '', doc: {} }));
    expect(loadDraft(key, storage)).toBeNull();
    expect(storage.getItem(key)).toBeNull();
    storage.setItem(key, '{not json');
    expect(loadDraft(key, storage)).toBeNull();
  });
});
