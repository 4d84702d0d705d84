import type { TaskListQuery } from '../contract/studio';

/** react-query keys in one place: lists are invalidated together, a task is patched by id. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => ['tasks', 'list'] as const,
  list: (query: TaskListQuery) => ['tasks', 'list', query] as const,
  detail: (jobId: string) => ['tasks', 'detail', jobId] as const,
  /** The studio's record of a job (prompt, request, lineage), as opposed to the bare task object. */
  studio: (jobId: string) => ['tasks', 'studio', jobId] as const,
};

export const balanceKeys = {
  all: ['balance'] as const,
};
