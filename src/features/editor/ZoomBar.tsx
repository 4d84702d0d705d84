import { useEffect } from 'react';
import { actualSizeView, fitView, zoomAt, type Size } from './geometry';
import { useEditorStore } from './store';

/** Zoom controls over the canvas: out, in, fit, 100%, and the current zoom. None of them moves the mask. */
export function ZoomBar({ viewport, content }: { viewport: Size; content: Size }) {
  const view = useEditorStore((s) => s.view);
  const setView = useEditorStore((s) => s.setView);
  const centre = { x: viewport.width / 2, y: viewport.height / 2 };

  // Ctrl/⌘ + 0 fits, Ctrl/⌘ + 1 shows 100%, Ctrl/⌘ + =/− zoom: the browser's own page zoom keys, taken
  // over while the editor is open because page zoom would only blur the canvas.
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const { view: current, setView: set } = useEditorStore.getState();
      const middle = { x: viewport.width / 2, y: viewport.height / 2 };
      const next =
        e.key === '0'
          ? fitView(viewport, content)
          : e.key === '1'
            ? actualSizeView(current, viewport)
            : e.key === '=' || e.key === '+'
              ? zoomAt(current, middle, 1.25)
              : e.key === '-'
                ? zoomAt(current, middle, 1 / 1.25)
                : null;
      if (!next) return;
      e.preventDefault();
      set(next);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [viewport, content]);
  const button =
    'rounded px-2 py-1 text-xs hover:bg-zinc-700 focus-visible:outline focus-visible:outline-violet-400';
  return (
    <div
      className="absolute right-3 bottom-3 flex items-center gap-1 rounded-md bg-zinc-800/90 p-1 shadow"
      role="group"
      aria-label="Zoom"
    >
      <button
        type="button"
        className={button}
        onClick={() => setView(zoomAt(view, centre, 1 / 1.25))}
        aria-label="Zoom out"
        title="Zoom out (Ctrl+−)"
      >
        −
      </button>
      <output className="w-12 text-center text-xs tabular-nums" aria-label="Zoom level">
        {Math.round(view.scale * 100)}%
      </output>
      <button
        type="button"
        className={button}
        onClick={() => setView(zoomAt(view, centre, 1.25))}
        aria-label="Zoom in"
        title="Zoom in (Ctrl+=)"
      >
        +
      </button>
      <button
        type="button"
        className={button}
        onClick={() => setView(fitView(viewport, content))}
        title="Fit the whole image in view (Ctrl+0)"
      >
        Fit
      </button>
      <button
        type="button"
        className={button}
        onClick={() => setView(actualSizeView(view, viewport))}
        title="One image pixel per screen pixel (Ctrl+1)"
      >
        100%
      </button>
    </div>
  );
}
