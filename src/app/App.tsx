import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { loadContract } from '../api/contract';
import { useTaskEvents } from '../api/events';
import { taskListOptions } from '../api/studio-tasks';
import { ComposeBox } from '../features/compose/ComposeBox';
import { useEditorRequest } from '../lib/editor-request';
import { useStudioUi } from '../lib/studio-ui';
import { Header } from './Header';
import { createQueryClient } from './query-client';

// Everything not needed to paint the studio loads on demand: the operation forms (and the schemas
// they validate with), the lightbox, and the Konva editor.
const loadOperationDialog = () => import('../features/compose/OperationDialog');
const loadLightbox = () => import('../features/gallery/Lightbox');
const OperationDialog = lazy(loadOperationDialog);
const Lightbox = lazy(loadLightbox);
const EditorDialog = lazy(() => import('../features/editor/EditorDialog'));
const JobGallery = lazy(() => import('./JobGallery'));

// The gallery's code and the schemas its answers are checked with start loading with the page.
void loadContract();

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The history starts loading with the page, not once the gallery's code has arrived.
    void client.prefetchInfiniteQuery(taskListOptions({}));
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <Studio />
    </QueryClientProvider>
  );
}

function Studio() {
  useTaskEvents();
  usePrefetchWhenIdle();
  const lightbox = useStudioUi((s) => s.lightbox);
  const operation = useStudioUi((s) => s.operation);
  const editorRequest = useEditorRequest((s) => s.request);
  return (
    <div className="flex h-dvh flex-col">
      <Header />
      <main className="flex min-h-0 flex-1 flex-col">
        <ComposeBox />
        <Suspense fallback={<GallerySkeleton />}>
          <JobGallery />
        </Suspense>
      </main>
      <Suspense fallback={<LoadingOverlay />}>
        {lightbox && <Lightbox />}
        {operation && <OperationDialog />}
        {editorRequest && <EditorDialog />}
      </Suspense>
    </div>
  );
}

function LoadingOverlay() {
  return (
    <div role="status" className="fixed inset-0 grid place-items-center bg-black/40 text-sm text-zinc-300">
      Loading…
    </div>
  );
}

function GallerySkeleton() {
  return (
    <section
      aria-label="Gallery"
      aria-busy="true"
      className="flex-1 px-4 py-12 text-center text-sm text-zinc-600 md:px-6"
    >
      Loading the gallery…
    </section>
  );
}

/** Once the studio has painted and gone quiet, fetch the lightbox and forms so the first click is instant. */
function usePrefetchWhenIdle() {
  useEffect(() => {
    const prefetch = () => void Promise.all([loadLightbox(), loadOperationDialog()]).catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(prefetch, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1500);
    return () => clearTimeout(timer);
  }, []);
}
