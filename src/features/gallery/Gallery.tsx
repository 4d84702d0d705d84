import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { StudioTask } from '../../contract/studio';
import { useTaskList } from '../../api/studio-tasks';
import { describeRequestError } from '../../lib/request-error';
import { useDebounced } from './use-debounced';
import { GalleryFilterBar } from './GalleryFilterBar';
import { hasFilters, listQuery, useGalleryFilters } from './gallery-filters';
import { columnCount, rowHeight, toRows } from './grid-layout';

const GAP = 12;

/**
 * Every job, newest first, as a virtualised grid: only the rows on screen (plus a few) are in the DOM,
 * so thousands of jobs scroll as smoothly as ten. Pages load as the end comes into view.
 */
export function Gallery({ renderJob }: { renderJob: (job: StudioTask) => ReactNode }) {
  const filters = useGalleryFilters();
  const q = useDebounced(filters.q, 250);
  const query = useMemo(() => listQuery({ ...filters, q }), [filters, q]);
  const list = useTaskList(query);
  const jobs = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const innerWidth = Math.max(0, width - 2 * pagePadding(width));
  const columns = columnCount(innerWidth, 240, GAP);
  const rows = useMemo(() => toRows(jobs, columns), [jobs, columns]);

  // The React Compiler cannot memoise around the virtualizer's functions; it skips this component, which
  // is what we want (rows re-render on scroll, the memoised cards inside them do not).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight(innerWidth || 1000, columns, GAP),
    overscan: 2,
    // React 19 batches the scroll updates itself; a synchronous flush per scroll event only adds jank.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (lastIndex >= rows.length - 4 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const total = list.isPending
    ? ''
    : `${jobs.length}${hasNextPage ? '+' : ''} ${jobs.length === 1 ? 'job' : 'jobs'}`;

  return (
    <section aria-label="Gallery" className="flex min-h-0 flex-1 flex-col">
      <GalleryFilterBar total={total} />
      <div
        ref={scrollRef}
        className="min-h-0 flex-1 overflow-y-auto px-4 pb-6 md:px-6"
        data-testid="gallery-scroll"
      >
        {list.isError && (
          <p role="alert" className="py-8 text-center text-sm text-red-200">
            The gallery could not be loaded: {describeRequestError(list.error).message}
          </p>
        )}
        {!list.isPending && !list.isError && jobs.length === 0 && (
          <p className="py-16 text-center text-sm text-zinc-500">
            {hasFilters(filters)
              ? 'No jobs match these filters.'
              : 'Nothing yet. Describe an image above and press Generate.'}
          </p>
        )}
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((row) => (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 grid w-full"
              style={{
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP,
                paddingBottom: GAP,
              }}
            >
              {rows[row.index]?.map((job) => (
                <div key={job.jobId} className="min-w-0">
                  {renderJob(job)}
                </div>
              ))}
            </div>
          ))}
        </div>
        {isFetchingNextPage && <p className="py-4 text-center text-xs text-zinc-500">Loading more…</p>}
      </div>
    </section>
  );
}

function pagePadding(width: number): number {
  return width >= 768 ? 24 : 16;
}

function useElementWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
