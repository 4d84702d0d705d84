import { TASK_LABELS, TASK_TYPE_LIST } from '../../lib/task-labels';
import { STATUS_LABELS, TASK_STATUS_LIST } from '../../lib/task-status';
import { type GalleryFilters, hasFilters, useGalleryFilters } from './gallery-filters';

const control =
  'h-8 rounded-md border border-zinc-800 bg-zinc-900 px-2 text-xs text-zinc-200 focus:border-violet-500/70 focus:outline-none';

export function GalleryFilterBar({ total }: { total: string }) {
  const filters = useGalleryFilters();
  return (
    <div
      role="search"
      aria-label="Filter the gallery"
      className="flex flex-wrap items-center gap-2 px-4 py-2 md:px-6"
    >
      <input
        type="search"
        aria-label="Search prompts"
        placeholder="Search prompts"
        value={filters.q}
        onChange={(e) => filters.set({ q: e.target.value })}
        className={`${control} w-56 max-w-full`}
      />
      <select
        aria-label="Operation"
        value={filters.type}
        onChange={(e) => filters.set({ type: e.target.value as GalleryFilters['type'] })}
        className={control}
      >
        <option value="">All operations</option>
        {TASK_TYPE_LIST.map((t) => (
          <option key={t} value={t}>
            {TASK_LABELS[t]}
          </option>
        ))}
      </select>
      <select
        aria-label="Status"
        value={filters.status}
        onChange={(e) => filters.set({ status: e.target.value as GalleryFilters['status'] })}
        className={control}
      >
        <option value="">Any status</option>
        {TASK_STATUS_LIST.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-pressed={filters.favourite}
        onClick={() => filters.set({ favourite: !filters.favourite })}
        className={`${control} aria-pressed:border-amber-400/60 aria-pressed:text-amber-200`}
      >
        ★ Favourites
      </button>
      {filters.parent && (
        <span className="inline-flex h-8 items-center gap-1 rounded-md bg-violet-500/15 pl-2 text-xs text-violet-100">
          Made from {filters.parent.slice(0, 8)}
          <button
            type="button"
            aria-label="Stop showing only jobs made from this one"
            onClick={() => filters.set({ parent: '' })}
            className="px-2 text-violet-200 hover:text-white"
          >
            ×
          </button>
        </span>
      )}
      {hasFilters(filters) && (
        <button
          type="button"
          onClick={filters.clear}
          className="h-8 px-2 text-xs text-zinc-400 hover:text-zinc-100"
        >
          Clear filters
        </button>
      )}
      <span className="ml-auto text-xs tabular-nums text-zinc-500" aria-live="polite">
        {total}
      </span>
    </div>
  );
}
