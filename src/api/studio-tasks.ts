import {
  infiniteQueryOptions,
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { StudioTask, TaskList, TaskListQuery, TaskPatch } from '../contract/studio';
import type { Task } from '../contract/task';
import { requestJson } from './client';
import { loadContract } from './contract';
import { taskKeys } from './keys';

// The studio's task history (GET/PATCH /api/studio/tasks): the gallery, favourites and lineage.

const PAGE_SIZE = 100;

export function taskListSearch(query: TaskListQuery, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, cursor })) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function fetchTaskList(query: TaskListQuery, cursor?: string, signal?: AbortSignal) {
  // The request and the schemas load side by side; the answer is checked when both are in.
  const contract = loadContract();
  return requestJson<TaskList>(`/api/studio/tasks${taskListSearch(query, cursor)}`, {
    signal,
    parse: async (j) => (await contract).taskListSchema.parse(j),
  });
}

export function fetchStudioTask(jobId: string, signal?: AbortSignal) {
  const contract = loadContract();
  return requestJson<StudioTask>(`/api/studio/tasks/${encodeURIComponent(jobId)}`, {
    signal,
    parse: async (j) => (await contract).studioTaskSchema.parse(j),
  });
}

export async function patchTask(jobId: string, patch: TaskPatch) {
  const { studioTaskSchema } = await loadContract();
  return requestJson<StudioTask>(`/api/studio/tasks/${encodeURIComponent(jobId)}`, {
    method: 'PATCH',
    body: patch,
    parse: (j) => studioTaskSchema.parse(j),
  });
}

/** The gallery: pages of 100 newest first, fetched as the designer scrolls. */
export function taskListOptions(query: TaskListQuery) {
  const full = { limit: PAGE_SIZE, ...query };
  return infiniteQueryOptions({
    queryKey: taskKeys.list(full),
    queryFn: ({ pageParam, signal }) => fetchTaskList(full, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TaskList) => last.nextCursor ?? undefined,
  });
}

export function useTaskList(query: TaskListQuery) {
  return useInfiniteQuery(taskListOptions(query));
}

/** One job's studio record (for lineage and retry), seeded from any list that holds it. */
export function useStudioTask(jobId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: taskKeys.studio(jobId ?? ''),
    queryFn: ({ signal }) => fetchStudioTask(jobId!, signal),
    enabled: Boolean(jobId),
    initialData: () => (jobId ? findListed(queryClient, jobId) : undefined),
    initialDataUpdatedAt: 0,
  });
}

type ListData = InfiniteData<TaskList, string | undefined>;

export function findListed(queryClient: QueryClient, jobId: string): StudioTask | undefined {
  for (const [, data] of queryClient.getQueriesData<ListData>({ queryKey: taskKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const hit = page.items.find((t) => t.jobId === jobId);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Writes a newer copy of a job into every list that shows it (no refetch of long lists needed). */
export function patchListed(queryClient: QueryClient, task: StudioTask): boolean {
  let found = false;
  queryClient.setQueriesData<ListData>({ queryKey: taskKeys.lists() }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some((t) => t.jobId === task.jobId)) return page;
      changed = true;
      return { ...page, items: page.items.map((t) => (t.jobId === task.jobId ? task : t)) };
    });
    if (!changed) return data;
    found = true;
    return { ...data, pages };
  });
  queryClient.setQueryData(taskKeys.studio(task.jobId), task);
  return found;
}

/** Favourite or unfavourite at once; the server's answer then replaces the guess. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, favourite }: { jobId: string; favourite: boolean }) =>
      patchTask(jobId, { favourite }),
    onMutate: ({ jobId, favourite }) => {
      const before =
        findListed(queryClient, jobId) ?? queryClient.getQueryData<StudioTask>(taskKeys.studio(jobId));
      if (before) patchListed(queryClient, { ...before, favourite });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) patchListed(queryClient, context.before);
    },
    onSuccess: (task) => {
      patchListed(queryClient, task);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists(), refetchType: 'none' });
    },
  });
}

/**
 * A job just created, shown at once at the top of every unfiltered list (the refetch that follows
 * replaces it with the proxy's own record). Filtered lists wait for the refetch: we cannot know here
 * whether the new job matches.
 */
export function insertCreated(queryClient: QueryClient, task: Task, request: Record<string, unknown>): void {
  const prompt = ['text', 'prompt', 'remixPrompt'].map((k) => request[k]).find((v) => typeof v === 'string');
  const now = new Date().toISOString();
  const created: StudioTask = {
    jobId: task.job_id,
    taskType: task.task_type,
    status: task.status,
    prompt: (prompt as string | undefined) ?? '',
    request,
    parentJobId: typeof request.jobId === 'string' ? request.jobId : null,
    parentImageNo: typeof request.imageNo === 'number' ? request.imageNo : null,
    favourite: false,
    hidden: false,
    createdAt: now,
    updatedAt: now,
    task,
    upstreamOutput: null,
    childJobIds: [],
  };
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: taskKeys.lists() })) {
    const query = (key[2] ?? {}) as TaskListQuery;
    const filtered = Object.entries(query).some(([name, value]) => name !== 'limit' && value !== undefined);
    const first = data?.pages[0];
    if (filtered || !data || !first || data.pages.some((p) => p.items.some((t) => t.jobId === task.job_id)))
      continue;
    queryClient.setQueryData<ListData>(key, {
      ...data,
      pages: [{ ...first, items: [created, ...first.items] }, ...data.pages.slice(1)],
    });
  }
}

/** Hide a job from the gallery (kept in the store; lists that include hidden jobs still show it). */
export function useHideTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => patchTask(jobId, { hidden: true }),
    onSuccess: (task) => {
      queryClient.setQueryData(taskKeys.studio(task.jobId), task);
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
    },
  });
}
