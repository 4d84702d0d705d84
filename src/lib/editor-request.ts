import { create } from 'zustand';

// How the studio asks for the canvas editor without importing it: features do not import each other,
// so the image actions set a request here and the app shell mounts the lazily loaded editor.

export interface EditorSource {
  /** The job and image the editor works on (inpaint needs them; upload-paint may use them). */
  jobId?: string;
  imageNo?: number;
  /** Same-origin or absolute URL of the image to show. */
  url: string;
  width: number;
  height: number;
  prompt?: string;
}

export type EditorMode = 'inpaint' | 'edit';

export interface EditorRequest {
  mode: EditorMode;
  /** null: upload-paint starting from a file the designer will upload in the editor. */
  source: EditorSource | null;
}

interface EditorRequestState {
  request: EditorRequest | null;
  open: (request: EditorRequest) => void;
  close: () => void;
}

export const useEditorRequest = create<EditorRequestState>((set) => ({
  request: null,
  open: (request) => set({ request }),
  close: () => set({ request: null }),
}));
