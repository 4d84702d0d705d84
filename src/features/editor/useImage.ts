import { useEffect, useRef, useState } from 'react';

export type ImageState =
  { status: 'loading' } | { status: 'ready'; image: HTMLImageElement } | { status: 'error'; message: string };

/**
 * Loads an image element for Konva; its natural size is the truth the mask is measured in. `onReady`
 * runs when it has loaded, before anything renders with it (the editor sets up its session there).
 */
export function useImage(url: string | null, onReady?: (image: HTMLImageElement) => void): ImageState {
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });
  const [state, setState] = useState<{ url: string | null; value: ImageState }>({
    url,
    value: { status: 'loading' },
  });
  useEffect(() => {
    if (!url) return;
    let alive = true;
    const image = new Image();
    // Same-origin gallery files and uploads: crossOrigin keeps the canvas exportable if that ever changes.
    image.crossOrigin = 'anonymous';
    image.onload = () => {
      if (!alive) return;
      ready.current?.(image);
      setState({ url, value: { status: 'ready', image } });
    };
    image.onerror = () =>
      alive && setState({ url, value: { status: 'error', message: 'The image could not be loaded.' } });
    image.src = url;
    return () => {
      alive = false;
    };
  }, [url]);
  return state.url === url ? state.value : { status: 'loading' };
}
