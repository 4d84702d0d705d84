import { actualSizeView, fitView, zoomAt, type Size } from './geometry';
import { useEditorStore } from './store';

/** Zoom controls over the canvas: out, in, fit, 100%, and the current zoom. None of them moves the mask. */
export function ZoomBar({ viewport, content }: { viewport: Size; content: Size }) {
  const view = useEditorStore((s) => s.view);
  const setView = useEditorStore((s) => s.setView);
  const centre = { x: viewport.width / 2, y: viewport.height / 2 };
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
      >
        +
      </button>
      <button type="button" className={button} onClick={() => setView(fitView(viewport, content))}>
        Fit
      </button>
      <button type="button" className={button} onClick={() => setView(actualSizeView(view, viewport))}>
        100%
      </button>
    </div>
  );
}
