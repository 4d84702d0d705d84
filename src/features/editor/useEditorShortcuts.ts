import { useEffect, useRef, type RefObject } from 'react';
import { useEditorStore } from './store';
import { toolForShortcut } from './tools/registry';
import type { Draft } from './tools/types';

// Keyboard shortcuts of the editor: one key per tool (see TOOLS), Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or
// Ctrl+Y redo, Delete/Backspace delete the selection, arrows nudge it, Enter/Escape/Backspace go to a gesture in progress,
// Space held pans. Typing in a field is left alone.

interface ShortcutHandlers {
  draftRef: RefObject<Draft>;
  /** Gives a key to the tool whose gesture is in progress; true when the tool took it. */
  onToolKey: (key: string) => boolean;
  onSpace: (held: boolean) => void;
}

/** Arrow keys nudge the selected shape by one image pixel (ten with Shift). */
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function useEditorShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    function isTyping(target: EventTarget | null) {
      return (
        target instanceof HTMLElement &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      );
    }
    function onKeyDown(e: KeyboardEvent) {
      const { onToolKey, onSpace, draftRef } = latest.current;
      if (isTyping(e.target)) return;
      const store = useEditorStore.getState();
      const command = e.ctrlKey || e.metaKey;
      if (command && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) store.redo();
        else store.undo();
        return;
      }
      if (command && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        store.redo();
        return;
      }
      if (command || e.altKey) return;
      if (e.key === ' ') {
        e.preventDefault();
        onSpace(true);
        return;
      }
      if (['Enter', 'Escape', 'Backspace'].includes(e.key) && onToolKey(e.key)) {
        e.preventDefault();
        return;
      }
      if ((e.key === 'Delete' || e.key === 'Backspace') && store.selectedId) {
        e.preventDefault();
        store.deleteSelected();
        return;
      }
      if (e.key === 'Escape' && draftRef.current?.phase !== 'drawing' && store.selectedId) {
        store.select(null);
        return;
      }
      const nudge = ARROWS[e.key];
      if (nudge && store.selectedId && store.selectedId !== 'image') {
        e.preventDefault();
        const step = e.shiftKey ? 10 : 1;
        store.moveShape(store.selectedId, nudge[0] * step, nudge[1] * step);
        return;
      }
      if (e.key === '[') store.setBrushSize(store.brushSize / 1.25);
      if (e.key === ']') store.setBrushSize(store.brushSize * 1.25);
      if (e.key.toLowerCase() === 'i' && !e.shiftKey) store.invert();
      const tool = toolForShortcut(e.key);
      if (tool && !e.shiftKey) store.setTool(tool);
    }
    function onKeyUp(e: KeyboardEvent) {
      if (e.key === ' ') {
        latest.current.onSpace(false);
        // A focused tool button would otherwise take the Space release as a click.
        if (!isTyping(e.target)) e.preventDefault();
      }
    }
    function onBlur() {
      latest.current.onSpace(false);
    }
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, []);
}
