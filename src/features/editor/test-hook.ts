import { useEffect, type RefObject } from 'react';
import { imageToStage, type Placement, type Point, type Size } from './geometry';
import { useEditorStore } from './store';

// A read-only window onto the editor for Playwright (tests drive it with the real mouse; this only lets
// them read the committed shapes and find where an image pixel is on the page). Present in development
// builds, or in production when the page sets window.__studioTestHooks = true before the app loads.

export interface EditorTestHook {
  doc: () => ReturnType<typeof useEditorStore.getState>['doc'];
  view: () => ReturnType<typeof useEditorStore.getState>['view'];
  imageSize: () => Size;
  placement: () => Placement;
  /** Page (client) coordinates of an image pixel, at the current zoom and pan. */
  toPage: (p: Point) => Point;
}

declare global {
  interface Window {
    __studioTestHooks?: boolean;
    __studioEditor?: EditorTestHook;
  }
}

export function useTestHook(container: RefObject<HTMLElement | null>, imageSize: Size, placement: Placement) {
  useEffect(() => {
    if (import.meta.env.MODE === 'production' && window.__studioTestHooks !== true) return;
    window.__studioEditor = {
      doc: () => useEditorStore.getState().doc,
      view: () => useEditorStore.getState().view,
      imageSize: () => imageSize,
      placement: () => placement,
      toPage: (p) => {
        const rect = container.current!.getBoundingClientRect();
        const q = imageToStage(p, useEditorStore.getState().view, placement, imageSize);
        return { x: rect.left + q.x, y: rect.top + q.y };
      },
    };
    return () => {
      delete window.__studioEditor;
    };
  }, [container, imageSize, placement]);
}
