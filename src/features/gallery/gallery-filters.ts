import { create } from 'zustand';
import type { TaskType } from '../../contract/operations';
import type { TaskListQuery } from '../../contract/studio';
import type { TaskStatus } from '../../contract/task';

// What the gallery is filtered to: UI state, so zustand; the tasks themselves stay in react-query.

export interface GalleryFilters {
  type: TaskType | '';
  status: TaskStatus | '';
  favourite: boolean;
  q: string;
  /** Only the jobs made from this job (lineage). */
  parent: string;
}

interface GalleryFilterState extends GalleryFilters {
  set: (patch: Partial<GalleryFilters>) => void;
  clear: () => void;
}

const NONE: GalleryFilters = { type: '', status: '', favourite: false, q: '', parent: '' };

export const useGalleryFilters = create<GalleryFilterState>((set) => ({
  ...NONE,
  set: (patch) => set(patch),
  clear: () => set(NONE),
}));

/** The list query for a set of filters; empty filters are left out so the default list is shared. */
export function listQuery(filters: GalleryFilters): TaskListQuery {
  const query: TaskListQuery = {};
  if (filters.type) query.type = filters.type;
  if (filters.status) query.status = filters.status;
  if (filters.favourite) query.favourite = 'true';
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.parent) query.parent = filters.parent;
  return query;
}

export function hasFilters(filters: GalleryFilters): boolean {
  return Object.keys(listQuery(filters)).length > 0;
}
