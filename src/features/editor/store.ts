import { create } from 'zustand';
import { translate, type Placement, type Point, type Size, type View } from './geometry';
import { EMPTY_DOC, type EditorDoc, type Shape } from './model';

// Editor state (never server data). The document (mask + upload-paint placement) changes only through
// `commit`, once per finished gesture, so one gesture is exactly one undo step. The tool, selection and
// view are not part of the history: undo restores what will be sent, not where the designer looked.

export type ToolName = 'select' | 'hand' | 'polygon' | 'rectangle' | 'lasso' | 'brush' | 'eraser';

/** Undo keeps this many steps; older ones drop off. */
export const HISTORY_LIMIT = 200;

export interface EditorState {
  doc: EditorDoc;
  past: EditorDoc[];
  future: EditorDoc[];
  tool: ToolName;
  selectedId: string | null;
  /** Brush and eraser width, in image pixels. */
  brushSize: number;
  /** Zoom and pan: where the designer looks, never part of what is sent. */
  view: View;

  /** Starts a session from a document (a restored draft or an empty mask); clears the history. */
  load: (doc: EditorDoc) => void;
  /** Replaces the document as one undo step; a change that changes nothing is not recorded. */
  commit: (next: EditorDoc) => void;
  undo: () => void;
  redo: () => void;

  addShape: (shape: Shape) => void;
  moveShape: (id: string, dx: number, dy: number) => void;
  moveVertex: (id: string, index: number, to: Point) => void;
  deleteSelected: () => void;
  invert: () => void;
  clear: () => void;
  setPlacement: (placement: Placement) => void;
  setCanvas: (canvas: Size, placement: Placement) => void;

  setTool: (tool: ToolName) => void;
  select: (id: string | null) => void;
  setBrushSize: (size: number) => void;
  setView: (view: View) => void;
}

export const useEditorStore = create<EditorState>((set, get) => ({
  doc: EMPTY_DOC,
  past: [],
  future: [],
  tool: 'polygon',
  selectedId: null,
  brushSize: 40,
  view: { scale: 1, x: 0, y: 0 },

  load: (doc) => set({ doc, past: [], future: [], selectedId: null }),

  commit: (next) => {
    const { doc, past } = get();
    if (next === doc || JSON.stringify(next) === JSON.stringify(doc)) return;
    set({ doc: next, past: [...past, doc].slice(-HISTORY_LIMIT), future: [] });
  },

  undo: () => {
    const { doc, past, future, selectedId } = get();
    const previous = past[past.length - 1];
    if (!previous) return;
    set({
      doc: previous,
      past: past.slice(0, -1),
      future: [doc, ...future],
      selectedId: keepSelection(previous, selectedId),
    });
  },

  redo: () => {
    const { doc, past, future, selectedId } = get();
    const next = future[0];
    if (!next) return;
    set({
      doc: next,
      past: [...past, doc],
      future: future.slice(1),
      selectedId: keepSelection(next, selectedId),
    });
  },

  addShape: (shape) => {
    const { doc, commit } = get();
    commit({ ...doc, shapes: [...doc.shapes, shape] });
  },

  moveShape: (id, dx, dy) => {
    const { doc, commit } = get();
    if (dx === 0 && dy === 0) return;
    commit({
      ...doc,
      shapes: doc.shapes.map((s) => (s.id === id ? { ...s, points: translate(s.points, dx, dy) } : s)),
    });
  },

  moveVertex: (id, index, to) => {
    const { doc, commit } = get();
    commit({
      ...doc,
      shapes: doc.shapes.map((s) =>
        s.id === id && s.kind === 'area'
          ? { ...s, points: s.points.map((p, i) => (i === index ? to : p)) }
          : s,
      ),
    });
  },

  deleteSelected: () => {
    const { doc, commit, selectedId } = get();
    if (!selectedId) return;
    commit({ ...doc, shapes: doc.shapes.filter((s) => s.id !== selectedId) });
    set({ selectedId: null });
  },

  invert: () => {
    const { doc, commit } = get();
    commit({ ...doc, inverted: !doc.inverted });
  },

  clear: () => {
    const { doc, commit } = get();
    commit({ ...doc, shapes: [], inverted: false });
    set({ selectedId: null });
  },

  setPlacement: (placement) => {
    const { doc, commit } = get();
    commit({ ...doc, placement });
  },

  setCanvas: (canvas, placement) => {
    const { doc, commit } = get();
    commit({ ...doc, canvas, placement });
  },

  setTool: (tool) => set({ tool, selectedId: tool === 'select' ? get().selectedId : null }),
  select: (selectedId) => set({ selectedId }),
  setBrushSize: (brushSize) => set({ brushSize: Math.min(1000, Math.max(1, Math.round(brushSize))) }),
  setView: (view) => set({ view }),
}));

function keepSelection(doc: EditorDoc, selectedId: string | null): string | null {
  return selectedId && doc.shapes.some((s) => s.id === selectedId) ? selectedId : null;
}
